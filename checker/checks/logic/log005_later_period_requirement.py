"""A requirement on an event of a later period: it can never be met when the event is drawn.

Why: periods are played in order. An event of period IV that "cannot occur before event 3:V has occurred"
waits for something that only happens after its own period is over.

Fails::

    PERIOD IV …  5: … 1. Cannot occur before event 3:V has occurred.

Passes: a requirement on an event of the same or an earlier period.

Correct the reference (often the period is a typo), or move the event.
"""

from __future__ import annotations

import sys

from ...ids import ROMAN

CODE = "LOG005"
NAME = "later-period-requirement"
CATEGORY = "logic"
SEVERITY = "error"


def check(ctx):
    mod = sys.modules[__name__]
    for event in ctx.events():
        own = ROMAN.get(event.period, 0)
        for clause in event.conditions:
            logic = clause.logic or {}
            if logic.get("role") != "requirement":
                continue
            for c in logic.get("when", []) or []:
                target = c.get("event")
                if not target or c["kind"] not in ("occurred", "over", "in_effect") or c.get("negated"):
                    continue
                period = target.split(":")[1]
                if ROMAN.get(period, 0) > own:
                    yield ctx.finding(mod, event.id, clause.line,
                                      f"requires {c['kind'].replace('_', ' ')} {target}, an event of period {period}, "
                                      f"but is itself an event of the earlier period {event.period}")
