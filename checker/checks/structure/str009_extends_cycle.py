"""Events that repeat each other in a circle: ``repeats exactly … (2:VII)`` in 1:VII and ``… (1:VII)`` in 2:VII.

Why: an event that "repeats exactly" another takes that event's cases and effects. When the chain of repeated
events comes back to where it started, no event of the circle says what any of them does: each one's meaning is
the other's. The logic then reads none of them, and nothing else says so.

Fails (1:VII repeats 2:VII, which repeats 1:VII)::

    1: FIRST (historical date: 1780)
    1. This event repeats exactly the event SECOND (2:VII).
    2: SECOND (historical date: 1781)
    1. This event repeats exactly the event FIRST (1:VII).

Passes (the chain ends at an event that says what it does)::

    2: SECOND (historical date: 1781)
    1. This event repeats exactly the event FIRST (1:VII).

Make one event of the circle say what it does in its own words.
"""

from __future__ import annotations

CODE = "STR009"
NAME = "extends-cycle"
CATEGORY = "structure"
SEVERITY = "error"
SCOPE = "kb"  # a circle of repeated events runs through several events


def check(ctx):
    events = ctx.kb.events
    done: set[str] = set()
    for event in ctx.events():
        if event.id in done:
            continue
        path: list[str] = []
        at: dict[str, int] = {}
        cur = event
        while cur is not None and cur.id not in done and cur.id not in at:  # each event walked once: linear
            at[cur.id] = len(path)
            path.append(cur.id)
            cur = events.get(cur.extends) if cur.extends else None
        if cur is not None and cur.id in at:
            circle = path[at[cur.id]:]
            for eid in circle:
                member = events[eid]
                yield ctx.finding(eid, member.source.line if member.source else None,
                                  f"repeats {member.extends}, and the events it repeats come back to it "
                                  f"({' → '.join([*circle[circle.index(eid):], *circle[:circle.index(eid)], eid])}):"
                                  " no event of the circle says what it does")
        done.update(path)
