"""The basis of an answer: which sentences rulekb did not read that an answer about some events depends on.

docs/logic.md S11 is the rule this module implements. An answer about events G (can G fire, is this log legal,
how many orders, what can fire now) is computed over what was read. It is *inconclusive* when an unread sentence
lies in its dependency cone:

1. an unread sentence (a clause or heading whose logic is ``role: unread``) of an event in the cone of G (the
   events whose requirements, durations or effects can change what G's conditions test: ``facts.cone``);
2. an unread sentence of any other event that names an event of that cone (by id in any of the game's forms, or
   by its title): it may cancel it, forbid it, or require it;
3. an unread sentence of any other event that names a subject (a minor, a province, a country) that a condition
   in the cone tests: it may change that fluent.

Anything else unread cannot change the answer: it names nothing the answer reads. The answer is then definite.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.model import Event, KnowledgeBase
from .facts import DependencyIndex, flat_conditions


@dataclass(frozen=True)
class Unread:
    """A sentence the reader did not read: the event it stands in, its source line, the words not read, why."""

    event: str
    line: int | None
    what: str  # "clause" or "heading"
    words: str
    reason: str
    why: str = ""  # why the answer depends on it (S11 rule 1, 2 or 3, in words)

    def to_dict(self, file: str | None = None, line: int | None = None) -> dict:
        return {"event": self.event, "file": file, "line": line if line is not None else self.line,
                "words": self.words, "reason": self.reason, "why": self.why}


# What the logic engine (checker/logic/facts.py) uses of each role the reader emits, and where: a reading the engine
# does not use is a limit of rulekb exactly as a sentence not read is (docs/logic.md S8, S11).
USED_ROLES = {"requirement": "among the event's opening conditions, and inside the body for the draws that would "
                              "play its part, case or numbered body; the effects it states (effects) as an effect "
                              "clause's where it stands", "effect": "anywhere",
              "case_condition": "on a case or part heading, or on a clause that scopes its sub-clauses",
              "repeats": "among the opening clauses (its cases scope the modified clauses)", "unread": "never"}
APPLY_LATER = ("'mark as played and apply immediately if … later returns to the game': read as marked off (played), "
               "but the engine does not model the effects applied when it returns")


def unread_items(event: Event):
    """(line, what, logic) for every clause and heading of ``event`` whose reading the engine does not use: logic
    ``role: unread`` (not understood), a reading the engine models only in part (APPLY_LATER), and a role the
    engine does not know."""
    for section in event.all_sections():
        if section.logic and section.logic.get("role") == "unread":
            yield section.line, "heading", section.logic
    for clause in event.all_clauses():
        logic = clause.logic
        if not logic:
            continue
        role = logic.get("role")
        if role == "unread":
            yield clause.line, "clause", logic
        elif (role == "requirement" and logic.get("derived_from") == "even-if-no-longer-exists"
              and logic.get("on_fail") == "mark_off" and not logic.get("curated")):
            yield clause.line, "clause", {"role": "unread", "reason": APPLY_LATER, "words": clause.text[:200]}
        elif _not_modelled(logic):  # an effect clause's items, or a requirement's (facts.effect_reading)
            yield clause.line, "clause", {"role": "unread", "reason": _not_modelled(logic), "words": clause.text[:200]}
        elif role not in USED_ROLES:
            yield clause.line, "clause", {"role": "unread", "reason": f"a reading of role {role!r} the engine does "
                                          "not use", "words": clause.text[:200]}


def _not_modelled(logic: dict) -> str:
    """Why the effects a clause states hold an item the engine records but does not model
    (facts.EFFECTS_NOT_MODELLED), or ""."""
    from .facts import EFFECTS_NOT_MODELLED, effect_items, stated_effects

    for item in effect_items(stated_effects(logic)):
        why = EFFECTS_NOT_MODELLED.get(item.get("kind"))
        if why:
            return why
    return ""


def _words(logic: dict) -> str:
    return " ".join(str(logic.get("words", "") or "").split())


def _sentence_text(event: Event, line: int | None, logic: dict) -> str:
    """The whole text of the unread clause or heading (what it may name), not only the words not read."""
    for clause in event.all_clauses():
        if clause.line == line and (clause.logic is logic or (clause.logic or {}).get("role") == "requirement"):
            return clause.text
    for section in event.all_sections():
        if section.line == line and section.logic is logic:
            return section.heading
    return _words(logic)


def _tested_subjects(kb: KnowledgeBase, events: set[str]) -> set[str]:
    """The subjects (minors, provinces, countries) whose fluents a condition of these events tests."""
    out: set[str] = set()
    for eid in events:
        event = kb.events.get(eid)
        if event is None:
            continue
        logics = [c.logic for c in event.all_clauses() if c.logic] + [s.logic for s in event.all_sections() if s.logic]
        for logic in logics:
            for key in ("when", "when_any", "unless"):
                for cond in flat_conditions(logic.get(key, []) or []):
                    if cond.get("kind") in ("exists", "not_exists", "religion", "status"):
                        out.add(str(cond.get("subject") or ""))
                    elif cond.get("kind") == "owns":
                        out.add(str(cond.get("value") or ""))
    return {s for s in out if s}


def _names_any(text: str, names: set[str]) -> str | None:
    """The first of ``names`` that ``text`` holds as a whole word (case-sensitive for codes and provinces in capitals,
    case-insensitive for titles and names written in mixed case), or None."""
    lowered = text.lower()
    for name in sorted(names, key=lambda n: (-len(n), n)):
        probe = name if name.isupper() and len(name) <= 4 else name.lower()
        hay = text if probe is name else lowered
        if probe and probe in hay and re.search(rf"(?<!\w){re.escape(probe)}(?!\w)", hay):
            return name
    return None


def unread_basis(kb: KnowledgeBase, events: set[str] | list[str], index: DependencyIndex | None = None,
                 whole: bool = False) -> list[Unread]:
    """The unread sentences an answer about ``events`` depends on (S11), in event and line order. ``whole``: the
    answer is about the whole game (a log, or what can fire now): every unread sentence of the game counts."""
    from ..core.ids import find_references

    unread: list[tuple[Event, int | None, str, dict]] = []
    for event in kb.events.values():
        for line, what, logic in unread_items(event):
            unread.append((event, line, what, logic))
    if not unread:
        return []
    index = index or DependencyIndex(kb)
    cone = set(kb.events) if whole else index.cone(set(events))
    labels = tuple(index.profile.periods)
    titles = {kb.events[e].title.strip(): e for e in cone if e in kb.events and (kb.events[e].title or "").strip()}
    subjects = _tested_subjects(kb, cone)
    out: list[Unread] = []
    for event, line, what, logic in unread:
        why = ""
        if event.id in cone:
            why = "it stands in an event the answer depends on" if not whole else "it stands in the game's events"
        else:
            text = _sentence_text(event, line, logic)
            named = [r.target for r in find_references(text, labels=labels) if r.kind == "event"]
            hit = next((n for n in named if n in cone), None)
            if hit is None:
                title = _names_any(text, set(titles))
                hit = titles[title] if title else None
            if hit is not None:
                why = f"it names {hit}, which the answer depends on"
            else:
                subject = _names_any(text, subjects)
                if subject is not None:
                    why = f"it names {subject}, whose state a condition of the answer tests"
        if why:
            out.append(Unread(event.id, line, what, _words(logic) or _sentence_text(event, line, logic),
                              str(logic.get("reason", "not read")), why))
    return out
