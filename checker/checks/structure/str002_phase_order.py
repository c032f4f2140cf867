"""Phases under one heading stand out of the game's turn order.

Why: an event's phases are read in the order the turn plays them (the profile lists the canonical phases in
turn order). A PEACE PHASE before a MILITARY PHASE under the same turn or case is a sign of text moved
around, and a reader (or the logic) would apply the clauses in the wrong order.

Fails::

    PEACE PHASE:
    1. …
    MILITARY PHASE:
    1. …

Passes: the same phases with MILITARY PHASE first.

Reorder the phases. Headings the profile does not know (see STR001) are skipped here.
"""

from __future__ import annotations

CODE = "STR002"
NAME = "phase-order"
CATEGORY = "structure"
SEVERITY = "warning"
SCOPE = "entry"  # the event's (or rule's) own structure against the game profile


def _check_siblings(ctx, event, sections, order):
    last_name, last_rank = None, -1
    for section in sections:
        if section.kind == "phase" and section.canonical in order:
            rank = order[section.canonical]
            if rank < last_rank:
                yield ctx.finding(event.id, section.line,
                                  f"'{section.heading.rstrip(':')}' comes after '{last_name}', but the turn plays it before")
            else:
                last_name, last_rank = section.heading.rstrip(":"), rank
        yield from _check_siblings(ctx, event, section.sections, order)


def check(ctx):
    for event in ctx.events():
        phases = ctx.kb.games.get(event.game, {}).get("phases", [])
        order = {p["id"]: k for k, p in enumerate(phases)}
        yield from _check_siblings(ctx, event, event.body, order)
