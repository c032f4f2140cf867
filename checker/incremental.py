"""Incremental checks: when texts or files are contributed, a check whose findings on an entry depend only on that
entry runs on the contributed entries alone, not on every entry of the KB.

A check is *entry-scoped* when every finding it reports on an entry X is computed from X itself plus look-ups in
the KB (does event Y exist, which periods does the KB hold, what does Y's text say, the game profile) — never
from an aggregate over all entries (how often a name is spelled each way, which words the KB uses, the logic
analysis). For such a check, running it over the contributed entries gives exactly the findings that running it
over the whole KB and keeping the contributed entries' findings gives (``tests/test_incremental.py`` compares
the two on the bundled and a synthetic KB). Every other check runs over the whole KB as before and its findings
are filtered; an unknown check is treated as whole-KB (slower, never wrong).

A check module may declare ``SCOPE = "entry"`` itself; the table below holds the checks that were reviewed for
this property, each against its code:

- CHR001, CHR002: the event's date against its game profile's periods.
- LOG004, LOG005: the event's own requirement clauses.
- REF001…REF006: the event's references, resolved by look-up (the KB's periods and event counts are look-ups
  of the whole KB, not of the checked events); REF005 reads the named event's text by look-up.
- STR001…STR007: the event's (or rule's) own structure against the game profile.
- STY001: the entry's own texts.
- AWW001…AWW003, DCK001…DCK005: rule entries and decks, which these checks iterate themselves.
- LOG007 (the event's unread clauses), LOG008 and LOG009 (its duration line against its own body), LOG010 (its
  own cases), LOG011 (its own caps against its duration), NAM003 (names within one event), REF007 (references to
  its own numbering), REF008 (a name after an id against that event's title: a look-up), STY003 (each clause or
  block alone), STY004 (each text alone), STY005 (its own header).
- NAM001: each code-like word alone, against the profile's country codes (the names it reads come from the
  checked entries' own texts: ``checker/checks/naming/__init__.py``, ``uses``).
Whole-KB: NAM002 (names are learned from every text first), NAM004 (the profiles' citations), STR008 (one step
named several ways across events), STY002 (the KB's vocabulary and where else a word is used), AWW004, LOG001,
LOG002, LOG003, LOG006 (the logic analysis).
"""

from __future__ import annotations

import dataclasses

ENTRY_SCOPED = frozenset({
    "CHR001", "CHR002", "LOG004", "LOG005",
    "REF001", "REF002", "REF003", "REF004", "REF005", "REF006",
    "STR001", "STR002", "STR003", "STR004", "STR005", "STR006", "STR007",
    "STY001", "AWW001", "AWW002", "AWW003", "DCK001", "DCK002", "DCK003", "DCK004", "DCK005",
    "PAR001", "SCH001",
    "LOG007", "LOG008", "LOG009", "LOG010", "LOG011", "NAM001", "NAM003", "REF007", "REF008",
    "STY003", "STY004", "STY005",
})


USE_AGGREGATES = True  # whole-KB checks adjust a cached index of the loaded KB (off: read every text; for tests)


def entry_scoped(info) -> bool:
    declared = getattr(info.module, "SCOPE", None)
    return declared == "entry" if declared is not None else info.code in ENTRY_SCOPED


def scoped_context(ctx):
    """A copy of ``ctx`` whose ``events()`` are the contributed events only (look-ups still see the whole KB)."""
    wanted = [e for e in ctx.events() if e.id in ctx.only]
    return dataclasses.replace(ctx, cache={"events": wanted, "profile": ctx.profile(), "scoped": True})
