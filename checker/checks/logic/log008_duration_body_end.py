"""An event's duration line and its body give different ends for the event.

Why: "(duration: until Poland is defeated in one of the events involved)" and, in the body, "The effects of this
event last only until Poland is defeated in a war caused by this event" name two different moments; a player
cannot tell when the event is over. The body statements compared are the unconditional ones about the whole
event: "this event lasts until …", "the effects of this event last (only) until …", "this event ends when …".
Two ends differ when each names something the other does not (words of four letters or more, stop words and
word endings aside); "until the end of the war" and "lasts until the war ends" are the same end. A
``permanent`` duration with a body that says the event lasts until something is reported too.

Fails::

    (duration: until the end of the Swedish-Danish war)
    1. The effects of this event last only until Denmark loses a province.

Passes::

    (duration: until the end of the Swedish-Danish war)
    1. The effects of this event last until the Swedish-Danish war ends.

Make the duration line and the body say the same end.
"""

from __future__ import annotations

import re

from .. import may_match_ignorecase
from ..quote import head

CODE = "LOG008"
NAME = "duration-body-end"
CATEGORY = "logic"
SEVERITY = "warning"
SCOPE = "entry"  # the event's duration line against its own body

_BODY_END = re.compile(r"\b(?:(?:the )?effects of )?this event (?:lasts?|ends?|remains? in effect) (?:only )?"
                       r"(?:until|when|as long as) ([^.;]{3,200})", re.I)
_STOP = {"this", "that", "event", "events", "effects", "effect", "until", "when", "with", "from", "have", "been",
         "only", "also", "there", "their", "they", "which", "whichever", "first", "comes", "over"}
_WORD = re.compile(r"[A-Za-z]{4,}")


def stems(text: str) -> set[str]:
    return {w.lower()[:5] for w in _WORD.findall(text) if w.lower() not in _STOP}


def _ends(duration: str) -> list[str]:
    """The ends a duration line names ('immediate or until X / until Y')."""
    parts = re.split(r"\s*/\s*|,? or (?=until\b)|,? or by\b", duration)
    return [p for p in (re.sub(r"^(?:immediate,?\s*(?:or\s*)?)?(?:until|as long as)\s*", "", x.strip(), flags=re.I)
                        for x in parts) if p]


def differ(a: str, b: str) -> bool:
    sa, sb = stems(a), stems(b)
    return bool(sa - sb) and bool(sb - sa)


def mismatches(event):
    """(clause, what the body says, the duration) for each body end that differs from the duration line."""
    if not event.duration:
        return
    duration = event.duration.strip()
    ends = None
    for clause in event.all_clauses():
        text = clause.text
        if not may_match_ignorecase(text, "this event"):
            continue  # the pattern needs these words
        for m in _BODY_END.finditer(text):
            said = m.group(1).strip()
            if ends is None:
                ends = _ends(duration)
            if duration.lower() == "permanent" or (ends and all(differ(said, end) for end in ends)):
                yield clause, said, duration


def check(ctx):
    from .log009_war_caused_without_war import CAUSED, starts_war

    for event in ctx.events():
        for clause, said, duration in mismatches(event):
            # One defect, one finding: a body end that names a war this event never starts says so too (LOG009
            # then leaves the clause alone).
            no_war = CAUSED.search(said) and not starts_war(ctx, event)
            extra = "; and nothing in the event starts the war it names" if no_war else ""
            yield ctx.finding(event.id, clause.line,
                              f"the duration line says '{head(duration)}', but the body says this event "
                              f"lasts until '{head(said)}'{extra}")
