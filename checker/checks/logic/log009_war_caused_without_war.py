"""An event speaks of "a war caused by this event" (in its duration or body) but nothing in it starts a war.

Why: "(duration: until Poland is defeated in a war caused by this event)" needs the event to cause a war: a
declaration of war, a war or civil war that erupts, a free CB or casus belli that lets a country declare one.
A minor that fights in a war does not start it. If none is there, the end condition can never be met and the
effects last for ever, or the clause refers to a war another event causes.

Read from the text of the event and of the event it repeats (``extends``), because the structured logic does
not model wars yet; the phrases that start a war are listed in ``WAR_STARTS``.

Fails::

    (duration: until the end of a war caused by this event)
    1. Poland becomes a neutral minor.

Passes::

    (duration: until the end of a war caused by this event)
    1. Prussia declares war on Poland.

A body clause whose end differs from the duration line and names such a war is reported once, by LOG008,
with both aspects.

Say which war is meant, or add what starts it.
"""

from __future__ import annotations

import re

from .. import may_match_ignorecase

CODE = "LOG009"
NAME = "war-caused-without-war"
CATEGORY = "logic"
SEVERITY = "warning"
SCOPE = "entry"  # the event's duration line against its own body

CAUSED = re.compile(r"\bwars? (?:caused by|resulting from) (?:this|the) event\b", re.I)
WAR_STARTS = re.compile(
    r"\bdeclares? (?:a |any )?wars?\b|\bdeclarations? of war\b|\bwar (?:erupts|breaks out|is declared)\b"
    r"|\bcivil war\b|\bfree CB\b|\bcasus belli\b|\battacks?\b|\binvades?\b|\bwar against\b"
    r"|\bgoes to war\b|\bat war with\b", re.I)


def _texts(ctx, event, seen=None):
    seen = seen or set()
    if event.id in seen:
        return
    seen.add(event.id)
    yield event.duration or ""
    for section in event.all_sections():
        yield section.heading
    for clause in event.all_clauses():
        yield clause.text
    parent = ctx.kb.events.get(event.extends) if event.extends else None
    if parent is not None:
        yield from _texts(ctx, parent, seen)


def starts_war(ctx, event) -> bool:
    return any(WAR_STARTS.search(t) for t in _texts(ctx, event))


def check(ctx):
    from .log008_duration_body_end import mismatches

    for event in ctx.events():
        saying = [c for c in event.all_clauses() if may_match_ignorecase(c.text, "war") and CAUSED.search(c.text)]
        in_duration = bool(event.duration and CAUSED.search(event.duration))
        if not saying and not in_duration:
            continue  # nothing speaks of a war caused by the event (most events): LOG008's reading is not needed
        reported = {clause.line for clause, said, _ in mismatches(event) if CAUSED.search(said)}  # by LOG008
        places = []
        if in_duration:
            places.append((event.duration_line, "the duration line"))
        places += [(clause.line, "a clause") for clause in saying if clause.line not in reported]
        if not places or starts_war(ctx, event):
            continue
        line, where = places[0]
        more = f" (and {len(places) - 1} more place{'s' if len(places) > 2 else ''})" if len(places) > 1 else ""
        yield ctx.finding(event.id, line,
                          f"{where} speaks of a war caused by this event{more}, but nothing in {event.id} starts a "
                          f"war (no declaration of war, free CB or war that erupts)")
