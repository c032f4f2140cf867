"""The multiplicity marker of an event disagrees with its bodies or its wording.

Why: ``(2)`` says the event occurs twice, with a ``FIRST EVENT:`` and a ``SECOND EVENT:``; ``(1)`` says it occurs
once; ``(*)`` that it may occur several times. An event with two bodies and no marker, a ``(2)`` with one body,
or a ``(1)`` event whose text says it "can renew later" cannot all be played as written.

Fails (marked ``(1)`` but says it can renew)::

    3: WAR BETWEEN PERSIA AND TURKEY (1) (historical date: 1606-1639)
    …
    In this case the event is marked off, but can renew later.

Passes::

    6: FRENCH REVOLUTION (2) (historical date: 1789/1792)
    FIRST EVENT: …  SECOND EVENT: …

Make the marker, the bodies and the wording agree (for example ``(*)`` for an event that can renew).
"""

from __future__ import annotations

import re

from .. import may_match_ignorecase

CODE = "STR004"
NAME = "multiplicity"
CATEGORY = "structure"
SEVERITY = "warning"
SCOPE = "entry"  # the event's (or rule's) own structure against the game profile

_RENEW = re.compile(r"\b(?:can|may) (?:renew|occur again|be (?:re)?played again)|\brenews? later", re.I)


def check(ctx):
    for event in ctx.events():
        bodies = [s for s in event.body if s.kind == "event"]
        marker = event.multiplicity
        line = event.source.line
        if bodies and marker is None:
            yield ctx.finding(event.id, line, f"{len(bodies)} event bodies (FIRST EVENT: …) but no multiplicity "
                                                   f"marker such as ({len(bodies)})")
        elif marker and marker.isdigit() and bodies and int(marker) != len(bodies):
            yield ctx.finding(event.id, line, f"marked ({marker}) but has {len(bodies)} event bodies")
        elif marker and marker.isdigit() and int(marker) > 1 and not bodies:
            yield ctx.finding(event.id, line, f"marked ({marker}) but the text has no FIRST EVENT/SECOND EVENT bodies",
                              "info")
        if marker != "*":
            for clause in event.all_clauses():
                if may_match_ignorecase(clause.text, "renew", "again") and _RENEW.search(clause.text):
                    yield ctx.finding(event.id, clause.line,
                                      f"says the event can renew, but it is marked "
                                      f"{'(' + marker + ')' if marker else 'without (*)'}: it can occur "
                                      f"{'once' if marker in (None, '1') else marker + ' times'}")
