"""Trick ``gc_pause``: the cyclic garbage collector paused while a KB loads and while the checks run.

Loading builds many small objects and no reference cycles; Python's cyclic collector would still scan the
growing heap again and again (a fifth of the load time at 10,000 events), so it is paused while loading (and
while the checks run over the loaded KB: their indexes and findings grow the heap the same way). The loaded KB
lives as long as the process: a large one is then moved out of the collector's sight (``gc.freeze``), or the
first collection after loading would scan all of it once more (a second at 10,000 events). Objects without
cycles are still freed when their last reference goes; a small KB is left to the collector. With
``freeze=False`` (the checks) nothing is frozen: what they leave behind, cycles included, stays collectable.
Plain: the collector is left alone.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager

from . import enabled

# Objects made while loading above which the loaded KB is frozen: about 1,000 events read from YAML, or 3,000
# from the KB cache (whose events keep their clause trees packed until used: 10,000 events make 66,000 objects)
FREEZE_AFTER = 20_000


@contextmanager
def gc_paused(freeze: bool = True):
    if not enabled("gc_pause"):
        yield
        return
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            if freeze and gc.get_count()[0] > FREEZE_AFTER:
                gc.freeze()
            gc.enable()
