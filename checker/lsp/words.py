"""A clause's structured logic in plain words (what the reader made of the sentence), for hovers.

Conditions are said as the rules site says them (``checker.site.build.condition_words``); effects, roles and the
ways a failed requirement ends are said here. Every key of the logic is said or shown: nothing the reader
emitted is hidden from the writer.
"""

from __future__ import annotations

from typing import Any

from ..core.model import KnowledgeBase
from ..logic.facts import effect_reading

ON_FAIL = {
    "reroll": "otherwise it is re-rolled and not marked off",
    "mark_off": "otherwise it is marked off as played",
    "consider_played": "otherwise it is considered as played",
    "treat_as_R": "otherwise it is treated as an R result",
    "refused_renewable": "otherwise it is refused and marked off, but can occur again later",
    # docs/logic.md S1: a delayed draw is re-rolled (nothing is played; the event may be drawn again later)
    "delay": "otherwise it is delayed: re-rolled, and it may be drawn again later",
    "nothing": "otherwise nothing happens (it is re-rolled)",
}

_EFFECTS = {
    "owner": "{subject} passes to {value}",
    "minor_created": "{subject} is created",
    "minor_removed": "{subject} is removed from the game",
    "minor_neutral": "{subject} becomes neutral",
    "minor_vassal": "{subject} becomes a vassal of {value}",
    "religion": "{subject} becomes {value}",
    "cancel_event": "the effects of event {event} are cancelled",
    "never_occurs": "event {event} can never occur from now on",
    "game_ends": "the game ends",
}


def condition(cond: Any, kb: KnowledgeBase) -> str:
    from ..site.build import condition_words

    if not isinstance(cond, dict):
        return str(cond)
    return condition_words(cond, kb)


def conditions(conds: Any, kb: KnowledgeBase, joiner: str = " and ") -> str:
    return joiner.join(condition(c, kb) for c in conds or [])


def effect(item: Any, kb: KnowledgeBase) -> str:
    if not isinstance(item, dict):
        return str(item)
    kind = str(item.get("kind"))
    if kind == "first_of":
        alts = ["; ".join(effect(i, kb) for i in alt) if isinstance(alt, list) else effect(alt, kb)
                for alt in item.get("of") or []]
        words = "the first of these that can take place: " + " | ".join(f"({a})" for a in alts)
    else:
        fields = {k: item.get(k) if item.get(k) is not None else "?" for k in ("subject", "value", "event")}
        words = _EFFECTS.get(kind, kind.replace("_", " ") + " {subject} {value}").format(**fields).strip()
    if item.get("only_for"):
        words += f" (for {item['only_for']} only)"
    if item.get("when"):
        words += f", if {conditions(item['when'], kb)}"
    if item.get("timing") == "on_end":
        words += ", when the event ends"
    return words


def logic_words(logic: dict[str, Any] | None, kb: KnowledgeBase) -> str:
    """One paragraph: what the reader made of a sentence."""
    if not logic:
        return "The reader has no logic for this sentence (it states no rule the engine models)."
    role = logic.get("role")
    if role == "unread":
        words = logic.get("words")
        return ("Not understood: " + str(logic.get("reason") or "not read")
                + (f". Words not read: \"{words}\"" if words else "") + ".")
    parts: list[str] = []
    if role == "requirement":
        parts.append("Requirement: the event can occur only if")
        said = []
        if logic.get("when"):
            said.append(conditions(logic["when"], kb))
        if logic.get("when_any"):
            said.append("one of: " + conditions(logic["when_any"], kb, "; "))
        if logic.get("unless"):
            said.append("not all of: " + conditions(logic["unless"], kb, "; "))
        parts[-1] += " " + (", and ".join(said) if said else "(no condition read)")
        if logic.get("on_fail"):
            parts.append(ON_FAIL.get(logic["on_fail"], f"on failure: {logic['on_fail']}"))
        reading = effect_reading(logic)  # the effects it states: what the event does when it fires
        if reading:
            parts.append("When it fires: " + "; ".join(effect(e, kb) for e in reading["effects"]))
    elif role == "effect":
        parts.append("Effect: " + ("; ".join(effect(e, kb) for e in logic.get("effects") or []) or "none read"))
    elif role == "case_condition":
        parts.append("Applies when " + (conditions(logic.get("when"), kb) or "(no condition read)"))
    elif role == "repeats":
        parts.append(f"Repeats event {logic.get('event')}" + (f" ({logic['cases']} cases)" if logic.get("cases") else ""))
    else:
        parts.append(f"Role: {role}")
    if role != "requirement" and role != "case_condition":
        if logic.get("when"):
            parts.append("only if " + conditions(logic["when"], kb))
        if logic.get("unless"):
            parts.append("unless all of: " + conditions(logic["unless"], kb, "; "))
    if logic.get("outcome"):
        parts.append(f"in the outcome \"{logic['outcome']}\"")
    if logic.get("optional"):
        parts.append("optional (at the player's or the game's choice)")
    return "; ".join(parts) + "."
