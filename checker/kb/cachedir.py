"""rulekb's cache folder: derived data that is slow to build and safe to delete.

``$RULEKB_CACHE_DIR``, else ``$XDG_CACHE_HOME/rulekb``, else ``~/.cache/rulekb``. Entries are written to a
temporary file and renamed, so a reader never sees half an entry. The cache is an optimisation only: a folder
that cannot be read or written makes things slower, never wrong.

What the cache may hold, and why a stranger cannot use it: the folder may be written by someone else (a CI
cache restored from a fork's run, a shared machine), so nothing read from it is trusted. Every entry is
authenticated: ``write_cached`` stores a keyed BLAKE2b tag over the entry's name and bytes, ``read_cached``
returns the bytes only when the tag verifies and ``None`` otherwise (a missing, damaged, stale or forged entry
all look the same: rebuild it). The key is 32 random bytes in a file *outside* the cache folder
(``$RULEKB_STATE_DIR``, else ``$XDG_STATE_HOME/rulekb``, else ``~/.local/state/rulekb``; file ``cache.key``, mode
0600, owned by the user); a key file that others could write, or that lies inside the cache folder, is not
used, and a per-process key is used instead (the cache then only lives as long as the process). Entries hold
plain data only (marshal of dicts, lists, tuples, strings, numbers): never pickles, never code to run.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import stat
import tempfile

_MAGIC = b"RKBCACHE1\n"
_TAG = 32
_KEY: bytes | None = None


def cache_dir() -> str:
    explicit = os.environ.get("RULEKB_CACHE_DIR")
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "rulekb")


def state_dir() -> str:
    explicit = os.environ.get("RULEKB_STATE_DIR")
    if explicit:
        return explicit
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "rulekb")


def cache_path(name: str) -> str:
    return os.path.join(cache_dir(), name)


def _inside(path: str, folder: str) -> bool:
    path, folder = os.path.realpath(path), os.path.realpath(folder)
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def _read_key(path: str) -> bytes | None:
    """The key in ``path`` if only this user can write it (and it is a regular file of the right size)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_mode & 0o077 or \
                (hasattr(os, "getuid") and st.st_uid != os.getuid()):
            return None
        key = os.read(fd, 64)
    finally:
        os.close(fd)
    return key if len(key) == _TAG else None


def cache_key() -> bytes:
    """The key that authenticates cache entries (created on first use; see the module docstring)."""
    global _KEY
    if _KEY is not None:
        return _KEY
    folder = state_dir()
    path = os.path.join(folder, "cache.key")
    key = None
    if not _inside(path, cache_dir()):
        key = _read_key(path)
        if key is None and not os.path.lexists(path):
            try:
                os.makedirs(folder, mode=0o700, exist_ok=True)
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
                with os.fdopen(fd, "wb") as fh:
                    fh.write(os.urandom(_TAG))
            except OSError:
                pass
            key = _read_key(path)
    _KEY = key if key is not None else os.urandom(_TAG)  # no usable key file: this process only
    return _KEY


def _tag(name: str, data: bytes) -> bytes:
    h = hashlib.blake2b(name.encode("utf-8") + b"\0", key=cache_key(), digest_size=_TAG)
    h.update(data)  # the same tag as over name, NUL and data joined, without copying the data (tens of MB)
    return h.digest()


def read_cached(name: str) -> bytes | None:
    """The bytes last written under ``name`` by this user's rulekb, or None (missing, damaged or not ours)."""
    try:
        with open(cache_path(name), "rb") as fh:
            blob = fh.read()
    except OSError:
        return None
    head = len(_MAGIC) + _TAG
    if len(blob) < head or not blob.startswith(_MAGIC):
        return None
    data = blob[head:]
    return data if hmac.compare_digest(blob[len(_MAGIC):head], _tag(name, data)) else None


def write_cached(name: str, data: bytes) -> None:
    path = cache_path(name)
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(_MAGIC + _tag(name, data))
                fh.write(data)
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    except OSError:
        pass  # a cache we cannot write is no error: the caller still has its data
