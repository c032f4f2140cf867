"""One step or phase of the turn named in different ways across the events' running text ("declarations of
war phase", "declarations of war step", "war declarations phase").

Why: a player looking up "the declarations of war step" in the rules will not find "the war declarations
phase"; and a text that calls the same moment a phase in one event and a step in another leaves the reader
unsure whether they are one moment or two. Headings are checked by STR001; this check reads the clauses.

A mention is the words before "phase" or "step" (up to three, stopping at a word such as "the", "during",
"after"); mentions are grouped by their word stems, order aside, so "declarations of war" and "war declarations"
fall together. A group with more than one written form (words, or phase / step) is one finding listing each form
with the events that use it, most used first.

Fails::

    1:IV  … at the beginning of declarations of war phase …
    7:IV  … during the war declarations step …

Passes: both write "declarations of war phase".

Use one name for each step (the rules' own), or accept the finding if both names are the rules' own.
"""

from __future__ import annotations

import re
from collections import defaultdict

from .. import may_match_ignorecase

CODE = "STR008"
NAME = "step-names"
CATEGORY = "structure"
SEVERITY = "info"
SCOPE = "kb"  # one step named several ways across events

_MENTION = re.compile(r"\b((?:[A-Za-z]+ ){1,3})(phase|step)s?\b", re.I)  # \b: no start inside a word
STOP = {"the", "a", "an", "any", "each", "every", "this", "that", "these", "following", "current", "normal", "next",
        "during", "in", "at", "after", "before", "if", "of", "to", "for", "on", "by", "from", "until", "same",
        "and", "or", "its", "their", "his", "her", "same", "later", "previous", "last", "first", "second",
        "third", "whole", "one", "all", "other", "such", "which", "when", "until"}


def step_name(words: list[str]) -> str | None:
    """The step's name from the words before 'phase' / 'step' (right to left until a stop word)."""
    name: list[str] = []
    for w in reversed(words[-3:]):
        low = w.lower()
        if low == "of" and name:
            name.insert(0, low)
            continue
        if low in STOP or not low.isalpha():
            break
        name.insert(0, low)
    while name and name[0] == "of":
        name.pop(0)
    return " ".join(name) or None


def _key(name: str) -> frozenset[str]:
    return frozenset(w[:4] for w in name.split() if w != "of")


def _mentions(ctx, events) -> list[tuple]:
    """(order, group key, written form, event id, line) of every step mention in ``events``, in KB order."""
    out = []
    for event in events:
        order = ctx.event_order(event)
        for clause in event.all_clauses():
            text = clause.text
            if not may_match_ignorecase(text, "phase", "step"):
                continue  # a mention names a phase or a step
            for m in _MENTION.finditer(text):
                name = step_name(m.group(1).split())
                if name:
                    out.append((order, tuple(sorted(_key(name))), f"{name} {m.group(2).lower()}", event.id,
                                clause.line))
    return out


def _all_mentions(ctx) -> list[tuple]:
    """Every mention of the game. With contributed entries, the mentions of the KB as loaded come from the cache
    (``CheckContext.base_aggregate``), less those of the entries contributed, plus the contributed entries' own."""
    if ctx.only is None or not ctx.use_aggregates:
        return _mentions(ctx, ctx.events())
    base = ctx.base_aggregate("STR008-mentions", lambda: _mentions(ctx, ctx.base_events()))
    out = [m for m in base if m[3] not in ctx.only]
    out += _mentions(ctx, [e for e in ctx.events() if e.id in ctx.only])
    out.sort(key=lambda m: m[0])  # stable: an event's own mentions keep their order
    return out


def check(ctx):
    groups: dict[tuple, dict[str, list[tuple[str, int]]]] = defaultdict(lambda: defaultdict(list))
    for _, key, form, entry, line in _all_mentions(ctx):
        groups[key][form].append((entry, line))
    for forms in groups.values():
        if len(forms) < 2:
            continue
        ranked = sorted(forms.items(), key=lambda kv: (-len(kv[1]), kv[0]))
        rare_form, rare_uses = ranked[-1]
        subject, line = rare_uses[0]
        detail = "; ".join(f"'{form}' in " + ", ".join(dict.fromkeys(e for e, _ in uses)) for form, uses in ranked)
        yield ctx.finding(subject, line, f"one step named {len(ranked)} ways: {detail}")
