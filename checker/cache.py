"""rulekb's cache folder: derived data that is slow to build and safe to delete.

``$RULEKB_CACHE_DIR``, else ``$XDG_CACHE_HOME/rulekb``, else ``~/.cache/rulekb``. Entries are written to a
temporary file and renamed, so a reader never sees half an entry. The cache is an optimisation only: a folder
that cannot be read or written makes things slower, never wrong.
"""

from __future__ import annotations

import os
import tempfile


def cache_dir() -> str:
    explicit = os.environ.get("RULEKB_CACHE_DIR")
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "rulekb")


def cache_path(name: str) -> str:
    return os.path.join(cache_dir(), name)


def read_cached(name: str) -> bytes | None:
    try:
        with open(cache_path(name), "rb") as fh:
            return fh.read()
    except OSError:
        return None


def write_cached(name: str, data: bytes) -> None:
    path = cache_path(name)
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".tmp-")
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except OSError:
        pass  # a cache we cannot write is no error: the caller still has its data
