"""What rulekb's cache may hold: entries signed with a key that is not in the cache.

The cache folder (``checker/cache.py``: ``$RULEKB_CACHE_DIR`` …) is not trusted: a CI cache restored from a fork's
run, or a folder shared between users, can be written by someone else. Whatever rulekb reads back from it and
would act on (compiled code, above all) is therefore signed with HMAC-SHA256 under a per-user key kept outside
the cache (``$XDG_CONFIG_HOME/rulekb/cache.key``, else ``~/.config/rulekb/cache.key``, created with mode 0600).
An entry whose signature does not verify is ignored and rebuilt; nothing in it is decoded before it verifies.
No key (a read-only home, a key file someone else could write, a key inside the cache folder) means no cache:
slower, never less safe.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import stat

from .cache import cache_dir, read_cached, write_cached
from .paths import inside

_MAGIC = b"RKBSIG1\0"
_KEY_BYTES = 32


def key_path() -> str:
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return os.path.join(base, "rulekb", "cache.key")


def _read_key(path: str) -> bytes | None:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_mode & 0o022 or \
                (hasattr(os, "getuid") and st.st_uid != os.getuid()):
            return None  # a key others could have written is no key
        data = os.read(fd, _KEY_BYTES + 1)
    finally:
        os.close(fd)
    return data if len(data) == _KEY_BYTES else None


def signing_key() -> bytes | None:
    """The per-user cache key, created on first use; None when there is no safe place for one."""
    path = key_path()
    if inside(path, cache_dir()):
        return None
    key = _read_key(path)
    if key is not None:
        return key
    try:
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    except OSError:
        return _read_key(path)  # another process made it first, or there is no writable home
    try:
        os.write(fd, os.urandom(_KEY_BYTES))
    finally:
        os.close(fd)
    return _read_key(path)


def _mac(key: bytes, name: str, payload: bytes) -> bytes:
    return hmac.new(key, name.encode("utf-8") + b"\0" + payload, hashlib.sha256).digest()


def read_signed(name: str) -> bytes | None:
    """The payload cached under ``name`` if its signature verifies under this user's key, else None."""
    key = signing_key()
    if key is None:
        return None
    data = read_cached(name)
    if data is None or not data.startswith(_MAGIC) or len(data) < len(_MAGIC) + 32:
        return None
    mac = data[len(_MAGIC): len(_MAGIC) + 32]
    payload = data[len(_MAGIC) + 32:]
    if not hmac.compare_digest(mac, _mac(key, name, payload)):
        return None
    return payload


def write_signed(name: str, payload: bytes) -> None:
    key = signing_key()
    if key is None:
        return
    write_cached(name, _MAGIC + _mac(key, name, payload) + payload)
