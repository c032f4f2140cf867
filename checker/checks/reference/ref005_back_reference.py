"""An event says other events are modified "as noted in their event description", but one of them does not
note it.

Why: "Events 7:VII, 8:VII and 9:VII are modified as noted in their event description" (11:VII) promises that
each of those events says how. If one of them never mentions 11:VII, the modification is lost: nobody
reading that event will apply it. An event that repeats another (``extends``) inherits its text, so 8:VII is
covered by what 7:VII says.

Fails (9:VII never mentions 11:VII)::

    11: … 1. Events 7:VII, 8:VII and 9:VII are modified as noted in their event description.
    9:  … (no mention of 11:VII)

Passes: 9:VII says "… unless … event 11:VII is in effect".

The ids are read with the game's period labels (``Events 21:Early and 22:Early are modified as noted …``).

Add the note to the modified event, or remove it from the list.
"""

from __future__ import annotations

import re

from ...core.eventid import EventIdSyntax

CODE = "REF005"
NAME = "back-reference"
CATEGORY = "reference"
SEVERITY = "error"
SCOPE = "entry"  # the event's references; the named event's text is read by look-up

# Linear-time reading (issue 20): the old single pattern nested an optional separator inside a repeated group and
# backtracked exponentially on a clause of many 'a:b' tokens. Now the fixed phrase is found with str.find, the list
# before it is looked for in a bounded window only, and the list pattern has one way to match (separators required).
_PHRASE = re.compile(r" (?:are|is) modified as noted in (?:their|its) event description", re.I)
WINDOW = 300  # characters before the phrase in which its list of events must lie


def _list_re(ids: EventIdSyntax) -> re.Pattern:
    one = ids.token
    return ids.compiled(rf"\bevents? ({one}(?:(?:, and |, | and ){one})*)\Z", re.I)


def promised(text: str, labels: tuple[str, ...] = ()) -> list[str]:
    """The event ids a clause says are 'modified as noted in their event description', as written (linear in the
    text); ``labels``: the game's period labels (Roman I–X are always read)."""
    ids = EventIdSyntax.of(labels)
    out = []
    for m in _PHRASE.finditer(text):
        before = text[max(0, m.start() - WINDOW):m.start()]
        start = before.lower().rfind("event")
        if start < 0:
            continue
        lm = _list_re(ids).search(before, start)
        if lm:
            out.extend(x.group(0) for x in ids.finder.finditer(lm.group(1)))
    return out


def _mentions(ctx, ids: EventIdSyntax, event, target: str, seen: set[str]) -> bool:
    if event.id in seen:
        return False
    seen.add(event.id)
    for clause in event.all_clauses():
        if any(r.kind == "event" and r.target == target for r in clause.refs):
            return True
    for section in event.all_sections():
        if target in ids.find(section.heading):
            return True
    parent = ctx.kb.events.get(event.extends) if event.extends else None
    return parent is not None and _mentions(ctx, ids, parent, target, seen)


def check(ctx):
    labels = (*ctx.profile().periods, *sorted(ctx.periods()))
    ids = EventIdSyntax.of(labels)
    for event in ctx.events():
        for clause in event.all_clauses():
            for raw in promised(clause.text, labels):
                target = ids.canonical(raw)
                other = ctx.kb.events.get(target)
                if other is None:
                    continue  # REF001/REF002 report references that do not resolve
                if not _mentions(ctx, ids, other, event.id, set()):
                    yield ctx.finding(event.id, clause.line,
                                      f"says {target} is modified as noted in its description, but {target} "
                                      f"(with what it inherits) never mentions {event.id}")
