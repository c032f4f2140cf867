"""The body caps how many turns the event lasts, but the event's duration has no such limit.

Why: "The minister lasts a number of turns equal to the roll or 6 turns, whichever is less" bounds the event's
run; when the entry's duration says only "as long as Olivares remains the excellent minister" with no turn limit
(``duration_turns``), the logic lets the event stay in effect for ever, and an order in which it still blocks
another event ten turns later is called legal. The body statements read are "N turns, whichever is less (comes
first, is sooner)" and "at most / no more than / a maximum of N turns"; the cap must equal ``duration_turns``
(for an "N turns" duration, its N).

Fails::

    21: OLIVARES (historical date: 1621-1643)
    (duration: as long as Olivares remains the excellent minister)
    1. The minister lasts a number of turns equal to the roll or 6 turns, whichever is less.

Passes: the entry carries ``duration_turns: 6`` (as 20:IV does), or the duration line says "6 turns".

Add the cap to the entry (``duration_turns``; the ingest keeps it), or correct the body.
"""

from __future__ import annotations

import re

from .. import may_match_ignorecase
from ..quote import head

CODE = "LOG011"
NAME = "duration-cap-not-modelled"
CATEGORY = "logic"
SEVERITY = "warning"
SCOPE = "entry"  # the event's own caps against its own duration

_NUMBER = r"(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|twelve)"
_CAP = re.compile(rf"\b{_NUMBER} (?:game )?turns?,? whichever (?:is less|is shorter|comes first|is sooner)"
                  rf"|\b(?:at most|no more than|a maximum of|up to) {_NUMBER} (?:game )?turns?\b", re.IGNORECASE)
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
          "ten": 10, "twelve": 12}


def caps(text: str):
    """(turns, the words saying it) for every cap of the event's length the text states."""
    if not may_match_ignorecase(text, "turn"):
        return  # every cap names turns
    for m in _CAP.finditer(text):
        word = (m.group(1) or m.group(2)).lower()
        yield (_WORDS[word] if word in _WORDS else int(word)), m.group(0)


def modelled_cap(event) -> int | None:
    if event.duration_kind in ("turns", "until") and event.duration_turns:
        return event.duration_turns
    return None


def check(ctx):
    for event in ctx.events():
        have = modelled_cap(event)
        for clause in event.all_clauses():
            for turns, said in caps(clause.text):
                if have == turns:
                    continue
                limit = f"a limit of {have} turns" if have else "no turn limit"
                yield ctx.finding(event.id, clause.line,
                                  f"the body caps {event.id} at {turns} turns ('{head(said)}'), but its duration "
                                  f"('{head(event.duration or event.duration_kind or '')}') has {limit}: the logic "
                                  f"lets it last {'longer' if not have or have > turns else 'a different time'}")
