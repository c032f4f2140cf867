"""The server's warm KB: the loaded knowledge base kept in memory from one check of a buffer to the next.

``rulekb check FILE`` loads the KB (``load_kb``, through the KB cache: ``kb/cache.py``), places the file's
entries over it (``engine/overlay.py``) and runs the checks: the entry-scoped ones on the placed entries only, the
whole-KB ones through aggregates cached under the KB's state (``checker/engine/incremental.py``). The server checks
a buffer the same way, but loading the KB for every check costs more than the checks: at 10,000 events, reading and
digesting every file, decoding every record and unpacking every event's clauses took a second per keystroke. Here
the loaded KB is kept (:class:`WarmKB`), its events' clauses unpacked once, and handed to each check as it is: a
check places the buffer's entries in an overlay and never changes the KB it is given (``engine/overlay.py``).

What a change on disk invalidates: before each check every file of the KB folder (and every schema the load reads)
is stat'ed, and if any was added, removed or has another stamp (device, inode, size, modification and change time),
the KB is loaded again with ``load_kb``: the engine's cache then reads again exactly the files whose bytes changed
and keys the whole-KB aggregates by the new state, as for ``check``. A stamp taken within ``RACY_SECONDS`` of a
file's last change may miss a change made in the same clock tick: such a KB is loaded again at the next check,
until its files are older.

Checks run one at a time (the server's one worker thread); nothing here is made for two at once.
"""

from __future__ import annotations

import dataclasses
import os
import time
from collections import OrderedDict

from .._fast import clause_lists
from .._fast.gc_pause import gc_paused
from ..kb.cache import RACY_SECONDS
from ..kb.store import LoadResult, load_kb, shipped_schema_dir

KEEP = 2  # KB folders kept warm (a server checks the files of one KB, or of a few)


@dataclasses.dataclass
class WarmKB:
    """One KB folder as last loaded, with the stamps of its files taken just before."""

    root: str
    load: LoadResult
    stamps: dict[str, tuple | None]
    stale: bool  # load again at the next check (a file changed within RACY_SECONDS of the stamps)
    lists: clause_lists.Lists | None = None  # the loaded events' clause and section lists (``_fast/clause_lists``)


_WARM: OrderedDict[tuple[str, str], WarmKB] = OrderedDict()


def stamps(root: str) -> tuple[dict[str, tuple | None], bool]:
    """(path -> stamp of every file the load can read: each file under ``root`` but in hidden folders, as
    ``kb.store.iter_kb_files`` walks it, and the shipped schemas; whether one changed too recently to trust its
    stamp). More files than the load reads (a note beside the KB) only make a change load the KB again."""
    out: dict[str, tuple | None] = {}
    newest = 0
    folders = [root, shipped_schema_dir()]
    while folders:
        folder = folders.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            out[folder] = None
            continue
        for entry in entries:
            if entry.name.startswith("."):
                continue
            try:
                if entry.is_dir(follow_symlinks=False):
                    folders.append(entry.path)
                    continue
                st = entry.stat()
            except OSError:
                out[entry.path] = None
                continue
            out[entry.path] = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
            newest = max(newest, st.st_mtime_ns, st.st_ctime_ns)
    return out, newest > time.time_ns() - int(RACY_SECONDS * 1e9)


def _load(root: str) -> WarmKB:
    now, racy = stamps(root)  # before reading: a change made meanwhile shows at the next look
    load = load_kb(root)
    # Every event's clauses, unpacked once (the checks read them all; this unpacks the clause trees packed in the KB
    # cache) and frozen with the KB; the lists built seed each check's run (None: the trick is off).
    with gc_paused(), clause_lists.kept() as lists:
        for event in load.kb.events.values():
            event.all_clauses()
            event.all_sections()
    return WarmKB(root, load, now, racy, lists)


def warm_kb(root: str) -> WarmKB:
    """The KB folder ``root`` as it is on disk now: kept from the last check, or loaded again."""
    key = (root, os.path.abspath(root))
    warm = _WARM.get(key)
    if warm is not None:
        now, racy = stamps(root)
        if warm.stale or racy or now != warm.stamps:
            warm = None
    if warm is None:
        _WARM.pop(key, None)
        warm = _load(root)
        _WARM[key] = warm
        while len(_WARM) > KEEP:
            _WARM.popitem(last=False)
    _WARM.move_to_end(key)
    return warm


def seeded(warm: WarmKB):
    """The context a check of ``warm``'s KB runs its checks in: the loaded events' clause lists, built once."""
    return clause_lists.seeded(warm.lists)
