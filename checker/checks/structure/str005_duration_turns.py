"""An event's duration disagrees with the turn sections its text has.

Why: ``(duration: 6 turns)`` and sections ``FIRST TURN:`` … ``SIXTH TURN:`` must fit together. A turn section
beyond the stated number of turns can never be played; a duration of one turn with a ``SECOND TURN:`` section
is a contradiction a player must resolve at the table.

Fails::

    (duration: 1 turn)
    FIRST TURN: …
    SECOND TURN: …

Passes::

    (duration: 6 turns)
    FIRST TURN: … SIXTH TURN: …

Fix the duration or the turn sections.
"""

from __future__ import annotations

CODE = "STR005"
NAME = "duration-turns"
CATEGORY = "structure"
SEVERITY = "warning"
SCOPE = "entry"  # the event's (or rule's) own structure against the game profile


def check(ctx):
    for event in ctx.events():
        turns = [s for s in event.all_sections() if s.kind == "turn" and s.canonical and s.canonical.isdigit()]
        if not turns:
            continue
        if event.duration_kind == "immediate":
            yield ctx.finding(event.id, turns[0].line,
                              f"duration is '{event.duration}' but the text has turn sections")
        if event.duration_kind == "turns" and event.duration_turns:
            for s in turns:
                if int(s.canonical) > event.duration_turns:
                    yield ctx.finding(event.id, s.line,
                                      f"'{s.heading.rstrip(':')}' lies beyond the duration of {event.duration}")
