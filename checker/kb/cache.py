"""The persistent KB cache: a loaded knowledge base kept as plain data in rulekb's cache folder.

Loading a KB means reading and validating every YAML file and building the model; at 10,000 events that is
most of a check's time. The cache keeps, for every KB file, what loading it produced — the entry as plain data
(tuples, lists, dicts, strings, numbers: marshal, never pickle, never code), the references found in its
texts, its line index (source line -> YAML line, for reporting) or its schema findings — keyed by a digest
of the file's bytes. A later load reads every file (reading is cheap; parsing and validating is not) and takes
an entry from the cache only when the file's bytes still have the recorded digest: an edit that keeps a file's
size and modification time (a checkout or a copy that preserves times) is seen. Changed, added and renamed
files are parsed again, deleted ones dropped, and the cache is rewritten. The whole cache is discarded when the
code that produced it changes (``code_version``: rulekb's version, the Python version, the format number, the
contents of rulekb's source, grammar and data files and of the ASP programs in use, ``RULEKB_ASP`` included) or
the schemas do. A file modified within two seconds of the cache write is not cached (it may still be being
written).

Trust: the cache folder may be written by a stranger. ``checker.kb.cachedir`` authenticates every entry with a key
kept outside the folder and returns nothing for an entry it did not write; and what is read is plain data
turned back into model objects by the codec (``checker/kb/codec.py``, the dataclasses' constructors), so even a
forged entry could not run code. A damaged, stale or forged cache is rebuilt, never trusted. ``RULEKB_NO_CACHE=1``
turns the cache off.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import re
import sys
import time

from .. import __version__
from .._fast import lazy_clauses
from ..core.model import Event, Finding
from . import codec
from .cachedir import read_cached, write_cached

FORMAT = 5  # 4: rows of every field in declaration order (checker/kb/codec.py); 5: findings with their quote
RACY_SECONDS = 2.0
PRUNE_DAYS = 30
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_PROJECT = os.path.dirname(_PACKAGE)
_LINE_RE = re.compile(r"^\s*(?:- )?(?:duration_)?line: (\d+)\s*$")


def enabled() -> bool:
    return not os.environ.get("RULEKB_NO_CACHE")


def _stamps(folder: str, suffixes: tuple[str, ...]) -> list[tuple[str, int, str]]:
    """(path, size, content digest) of every file of ``folder`` ending in ``suffixes``: by content, never by
    modification time (a checkout or a copy that keeps times and sizes must still change the stamp)."""
    out = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith((".", "__")))
        for name in sorted(filenames):
            if name.endswith(suffixes):
                full = os.path.join(dirpath, name)
                try:
                    with open(full, "rb") as fh:
                        data = fh.read()
                except OSError:
                    continue
                out.append((os.path.relpath(full, folder), len(data), content_digest(data)))
    return out


def content_digest(data: bytes) -> str:
    """What a file's cached record is keyed by: a digest of its bytes."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


_CODE_VERSION: str | None = None


# Libraries whose version can change what loading or checking produces (YAML parsing, schema validation, the
# spelling word list, name distances, the solver, cycles).
LIBRARIES = ("yaml", "fastjsonschema", "jsonschema", "spellchecker", "rapidfuzz", "clingo", "networkx")


def _library_stamps() -> list:
    """Where each library is installed and its ``__init__`` file's stamp, found without importing it."""
    import importlib.util

    out = []
    for name in LIBRARIES:
        try:
            spec = importlib.util.find_spec(name)
            origin = spec.origin if spec else None
            st = os.stat(origin) if origin else None
            out.append((name, origin, st.st_size if st else None, st.st_mtime_ns if st else None))
        except (ImportError, ValueError, OSError):
            out.append((name, None, None, None))
    return out


def _asp_dir() -> str:
    """The ASP programs the solver uses (``checker.logic.solver.asp_dir``, found the same way without importing
    clingo): ``$RULEKB_ASP``, else the repository's ``asp/``, else the copy installed with the package."""
    env = os.environ.get("RULEKB_ASP")
    if env:
        return env
    repo = os.path.join(_PROJECT, "asp")
    return repo if os.path.exists(os.path.join(repo, "draw.lp")) else os.path.join(_PACKAGE, "asp_programs")


def code_version() -> str:
    """Changes whenever anything that could change what loading or checking produces changes: rulekb's version,
    Python's, this format, the contents of rulekb's source files, grammars (``*.lark``), phrase tables and other
    data files (``*.yaml``, ``*.json``) and of the ASP programs actually used (``RULEKB_ASP`` when it is set), and
    the installed libraries that take part (``LIBRARIES``)."""
    global _CODE_VERSION
    if _CODE_VERSION is None:
        parts = [__version__, sys.version, str(FORMAT), repr(_stamps(_PACKAGE, (".py", ".lark", ".yaml", ".json"))),
                 repr(_stamps(_asp_dir(), (".lp",))), repr(_library_stamps())]
        _CODE_VERSION = hashlib.sha256("\0".join(parts).encode()).hexdigest()[:32]
    return _CODE_VERSION


def line_index(text: str) -> dict[int, int]:
    """Source line -> YAML line of the first ``line: N`` (or ``duration_line: N``) that names it."""
    index: dict[int, int] = {}
    for yaml_line, raw in enumerate(text.splitlines(), start=1):
        if "line: " not in raw:
            continue
        m = _LINE_RE.match(raw)
        if m:
            index.setdefault(int(m.group(1)), yaml_line)
    return index


# ------------------------------------------------------------------ model <-> plain data (rows of ``codec``)

_CLAUSE_TREES = ("conditions", "body")  # an event's fields packed apart, to be decoded only when used


def encode_event(e: Event) -> tuple:
    """The event's row (``codec.to_row``), its clause trees packed on their own (marshal bytes), to be decoded
    only when used (``decode_event``)."""
    return tuple(marshal.dumps(codec.value_to_row(f, getattr(e, f.name))) if f.name in _CLAUSE_TREES
                 else codec.value_to_row(f, getattr(e, f.name)) for f in codec.spec(Event))


def decode_event(row, lazy: bool | None = None) -> Event:
    """The event of a row made by ``encode_event``; its clause trees are unpacked at once, or when first used
    (``checker/_fast/lazy_clauses.py``: checking one text against 30,000 cached events reads the clauses of a few
    of them only; ``lazy``: that trick's switch, None to read it here)."""
    if len(row) != _EVENT_FIELDS:
        raise TypeError("not an event row of this model")
    values = list(row)
    for k, decode in _EVENT_NESTED:
        if values[k] is not None:
            values[k] = decode(values[k])
    packed: dict[str, bytes] = {}
    for k, name in _TREE_INDEX:
        if not isinstance(values[k], bytes):
            raise TypeError("clauses not packed")
        packed[name] = values[k]
        values[k] = []  # a placeholder: the tree is ``_unpack_tree``'s
    return lazy_clauses.decode(Event, values, packed, _unpack_tree, lazy)


def _unpack_tree(name: str, blob: bytes) -> list:
    """A cached event's clause tree ``name`` (``conditions`` or ``body``), from its bytes."""
    return codec.value_from_row(_TREE_FIELDS[name], marshal.loads(blob))


_TREE_FIELDS = {f.name: f for f in codec.spec(Event) if f.name in _CLAUSE_TREES}
_TREE_INDEX = tuple((k, f.name) for k, f in enumerate(codec.spec(Event)) if f.name in _CLAUSE_TREES)
_EVENT_FIELDS = len(codec.spec(Event))
# The event's nested fields but the packed trees (taken as they are: bytes): its source
_EVENT_NESTED = tuple((k, d) for k, d in codec.nested_at(Event) if codec.spec(Event)[k].name not in _CLAUSE_TREES)


# ------------------------------------------------------------------ the cache file

def cache_name(root: str, display_root: str) -> str:
    """One cache file per KB folder (and the name it is reported under)."""
    where = hashlib.sha256(f"{os.path.realpath(root)}\0{display_root}".encode()).hexdigest()[:24]
    return f"kb-{where}.marshal"


def schema_stamps(root: str) -> list:
    """The KB's own schema files and the schemas rulekb ships (files are validated against the shipped ones; a KB
    schema that differs is reported), by content."""
    from .store import shipped_schema_dir

    return [_stamps(os.path.join(root, "schema"), (".json",)), _stamps(shipped_schema_dir(), (".json",))]


class KBCache:
    """The cached records of one KB folder: ``get(rel, size, mtime, digest)`` gives a file's record if the file
    still holds the bytes it was recorded from (``digest``: :func:`content_digest` of them)."""

    def __init__(self, root: str, display_root: str):
        self.name = cache_name(root, display_root)
        self.header = (FORMAT, code_version(), os.path.realpath(root), display_root, schema_stamps(root))
        self.old: dict[str, tuple] = {}
        self.new: dict[str, tuple] = {}
        self.changed = False
        self.hits = 0
        data = read_cached(self.name) if enabled() else None
        if data is not None:
            try:
                payload = marshal.loads(data)
                if isinstance(payload, tuple) and len(payload) == 2 and payload[0] == self.header \
                        and isinstance(payload[1], dict):
                    self.old = payload[1]
            except (EOFError, ValueError, TypeError):
                self.old = {}  # damaged: rebuilt from the files
        self.started = time.time()

    def get(self, rel: str, size: int, mtime_ns: int, digest: str | None = None):
        """The record of ``rel`` if it was made from the same bytes (its digest matches; size and time are kept
        only to tell a file too fresh to cache, never to decide a hit)."""
        rec = self.old.get(rel)
        if rec is not None and len(rec) == 4 and rec[3] == digest:
            self.new[rel] = rec
            self.hits += 1
            return rec[2]
        self.changed = True
        return None

    def put(self, rel: str, size: int, mtime_ns: int, record: tuple, digest: str | None = None) -> None:
        if mtime_ns / 1e9 > self.started - RACY_SECONDS:
            self.changed = True  # still being written, maybe: read it again next time
            return
        self.new[rel] = (size, mtime_ns, record, digest)  # plain data or not: save() finds out, in one marshal

    def save(self) -> None:
        if not enabled() or (not self.changed and self.new.keys() == self.old.keys()):
            return
        if not self.new and not self.old:
            return  # nothing worth keeping (every file too fresh: a KB just extracted, as --diff-from does)
        prune()
        try:
            blob = marshal.dumps((self.header, self.new))
        except ValueError:  # a record that is not plain data (a YAML date in a game profile): left out, not cached
            self.new = {rel: rec for rel, rec in self.new.items() if _plain(rec)}
            try:
                blob = marshal.dumps((self.header, self.new))
            except ValueError:
                return
        write_cached(self.name, blob)

    def state(self, files: int) -> str | None:
        """A digest of the whole KB as loaded (every file's stamp and the code): the key of whole-KB results.
        None unless all ``files`` KB files are recorded (a file too fresh to cache, a deck: no whole-KB results)."""
        if len(self.new) != files:
            return None
        h = hashlib.sha256(repr(self.header).encode())
        for rel in sorted(self.new):
            h.update(f"{rel}\0{self.new[rel][3]}\n".encode())
        return h.hexdigest()[:32]


def _plain(record) -> bool:
    """Can marshal write it (dicts, lists, tuples, strings, numbers only)?"""
    try:
        marshal.dumps(record)
    except ValueError:
        return False
    return True


def prune(days: float = PRUNE_DAYS) -> None:
    """Remove KB caches, their findings and parser tables not used for ``days`` (a KB folder that is gone, or a
    vocabulary no longer used, leaves its entry)."""
    from .cachedir import cache_dir

    folder = cache_dir()
    limit = time.time() - days * 86400
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if name.startswith(("kb-", "findings-kb-", "parser-")) and name.endswith(".marshal"):
            path = os.path.join(folder, name)
            try:
                if os.stat(path).st_atime < limit and os.stat(path).st_mtime < limit:
                    os.unlink(path)
            except OSError:
                pass


# ------------------------------------------------------------------ whole-KB findings

def findings_name(kb_cache_name: str) -> str:
    return "findings-" + kb_cache_name


def read_findings(kb_cache_name: str, state: str) -> list[Finding] | None:
    """The findings (each with its quote) a full check of the KB in exactly this ``state`` produced, or None."""
    data = read_cached(findings_name(kb_cache_name)) if enabled() else None
    if data is None:
        return None
    try:
        stored_state, findings = marshal.loads(data)
        if stored_state != state:
            return None
        return [codec.from_row(Finding, t) for t in findings]
    except (EOFError, ValueError, TypeError):
        return None


def _aggregate_name(kb_cache_name: str, key: str) -> str:
    import hashlib

    return f"{kb_cache_name.rsplit('.', 1)[0]}-agg-{hashlib.blake2b(key.encode(), digest_size=8).hexdigest()}.marshal"


def read_aggregate(kb_cache_name: str, state: str, key: str):
    """A whole-KB aggregate (plain data) a check stored for the KB in exactly this ``state``, or None."""
    data = read_cached(_aggregate_name(kb_cache_name, key)) if enabled() else None
    if data is None:
        return None
    try:
        stored_state, stored_key, value = marshal.loads(data)
        return value if (stored_state, stored_key) == (state, key) else None
    except (EOFError, ValueError, TypeError):
        return None


def write_aggregate(kb_cache_name: str, state: str, key: str, value) -> None:
    if not enabled():
        return
    try:
        blob = marshal.dumps((state, key, value))
    except ValueError:
        return
    write_cached(_aggregate_name(kb_cache_name, key), blob)


def write_findings(kb_cache_name: str, state: str, findings: list[Finding]) -> None:
    """Keep the findings of a full check of the KB in ``state`` (their rows: ``codec.to_row``). A folder that cannot
    be written is no error (``cachedir.write_cached``). A row marshal refuses is: a finding holds a value that is not
    plain data, a bug of rulekb's, which would make every check of the KB run every check again, unseen. The check
    itself has its findings and goes on; the cache is left unwritten and a message on stderr says so."""
    if not enabled():
        return
    try:
        blob = marshal.dumps((state, [codec.to_row(f) for f in findings]))
    except ValueError as exc:  # marshal's own message ("unmarshallable object"): no text of the KB's in it
        sys.stderr.write(f"rulekb: the findings cache was not written ({exc}: a finding holds a value that is not "
                         "plain data), so every check of this KB runs every check again: a bug in rulekb, please "
                         "report it\n")
        return
    write_cached(findings_name(kb_cache_name), blob)
