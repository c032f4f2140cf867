"""Incremental checks: when texts or files are contributed, a check whose findings on an entry depend only on that
entry runs on the contributed entries alone, not on every entry of the KB.

A check is *entry-scoped* when every finding it reports on an entry X is computed from X itself plus look-ups in
the KB (does event Y exist, which periods does the KB hold, what does Y's text say, the game profile) — never
from an aggregate over all entries (how often a name is spelled each way, which words the KB uses, the logic
analysis). For such a check, running it over the contributed entries gives exactly the findings that running it
over the whole KB and keeping the contributed entries' findings gives (``tests/test_incremental.py`` compares
the two on the bundled and a synthetic KB). Every other check runs over the whole KB as before and its findings
are filtered (slower, never wrong); those that read an aggregate adjust the one cached for the KB as loaded
(``CheckContext.base_aggregate``) unless the run turns that off (``USE_AGGREGATES``: ``CheckContext.use_aggregates``).

Each check module says which it is: ``SCOPE = "entry"`` or ``SCOPE = "kb"``, with the reason beside it. A check
not reviewed for the property says ``"kb"``; ``tests/test_check_registry.py`` fails on a module that says neither.
"""

from __future__ import annotations

import dataclasses

USE_AGGREGATES = True  # whole-KB checks adjust a cached index of the loaded KB (off: read every text; for tests)


def entry_scoped(info) -> bool:
    """Does the check (a ``CheckInfo``) run on the contributed entries alone? Its module's ``SCOPE``."""
    return info.module.SCOPE == "entry"


def scoped_context(ctx):
    """A copy of ``ctx`` whose ``events()`` are the contributed events only (look-ups still see the whole KB)."""
    wanted = [e for e in ctx.events() if e.id in ctx.only]
    return dataclasses.replace(ctx, cache={"events": wanted, "profile": ctx.profile(), "scoped": True})


def contexts(ctx):
    """For ``run_checks``: the context each check runs in on a (per-game) context with contributed entries:
    ``scoped_context`` for an entry-scoped check, ``ctx`` itself for the others."""
    scoped = scoped_context(ctx)
    return lambda info: scoped if entry_scoped(info) else ctx
