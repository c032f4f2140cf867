"""A requirement on an event of a later period: it can never be met when the event is drawn.

Why: periods are played in the order of the game profile (``kb/games/<game>.yaml``, ``periods``; labels are free:
IV, Early, 1914, never ordered by Roman value; a period the profile does not list is placed as docs/logic.md S1
says). In a per-period deck (``deck: per_period``, the default) an event
is drawn only in its own period, so an event of period IV that "cannot occur before event 3:V has occurred" waits
for something that only happens after its own period is over: it can never fire.

In a cumulative deck (``deck: cumulative``: a later era's cards are added to the deck and earlier cards stay in
it) the event can still be drawn in the later period, after the required event has occurred: an Early card
requiring a Mid card can fire in the Mid period. This check then reports nothing; whether the event can really
fire is the logic engine's verdict (LOG002).

Fails (per-period deck)::

    PERIOD IV …  5: … 1. Cannot occur before event 3:V has occurred.

Passes: a requirement on an event of the same or an earlier period; in a cumulative deck, also one on an event of
a later period.

Correct the reference (often the period is a typo), or move the event.
"""

from __future__ import annotations

from ...games import profile
from ...logic.facts import period_number

CODE = "LOG005"
NAME = "later-period-requirement"
CATEGORY = "logic"
SEVERITY = "error"
SCOPE = "entry"  # the event's own requirement clauses


def check(ctx):
    for event in ctx.events():
        prof = profile(ctx.kb.games, event.game)
        if prof.deck == "cumulative":
            continue  # the card stays in the deck: it can be drawn in the later period
        own = period_number(prof, event.period)
        for clause in event.conditions:
            logic = clause.logic or {}
            if logic.get("role") != "requirement":
                continue
            for c in logic.get("when", []) or []:
                target = c.get("event")
                if not target or c["kind"] not in ("occurred", "over", "in_effect") or c.get("negated"):
                    continue
                period = str(target).rpartition(":")[2]
                if period_number(prof, period) > own:
                    yield ctx.finding(event.id, clause.line,
                                      f"requires {c['kind'].replace('_', ' ')} {target}, an event of period {period}, "
                                      f"but is itself an event of the earlier period {event.period}")
