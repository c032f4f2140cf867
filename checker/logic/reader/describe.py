"""A reading in words a writer checks at a glance, and in a compact logic notation (the held-out corpus' notation);
for a sentence not read, the nearest form the reader reads (``rulekb read``, the language server's hover).
"""

from __future__ import annotations

import re
from typing import Any

ON_FAIL = {None: "it is re-rolled (nothing is played)", "reroll": "it is re-rolled (nothing is played)",
           "nothing": "nothing is played", "delay": "it is delayed (re-rolled)", "treat_as_R": "it counts as an R result",
           "mark_off": "it is marked off (counts as played)", "consider_played": "it is considered as played",
           "refused_renewable": "it is marked off but can be drawn again later"}

_STATE = {"occurred": "{e} has occurred", "not_occurred": "{e} has not occurred", "in_effect": "{e} is in effect",
          "not_in_effect": "{e} is not in effect", "over": "{e} is over (played through)",
          "exists": "{s} exists", "not_exists": "{s} does not exist", "period_at_least": "the period is {v} or later"}
_NOTATION = {"occurred": "occurred({e})", "not_occurred": "not occurred({e})", "in_effect": "in_effect({e})",
             "not_in_effect": "not in_effect({e})", "over": "over({e})", "exists": "exists({s})",
             "not_exists": "not exists({s})", "period_at_least": "period_at_least({v})"}


def _cond(c: dict[str, Any], words: bool) -> str:
    kind = c.get("kind")
    if kind in ("all", "any"):
        joiner = (" and " if kind == "all" else " or ") if words else (" and " if kind == "all" else " or ")
        return "(" + joiner.join(_cond(x, words) for x in c.get("of", [])) + ")"
    if kind == "not":
        return ("not " if not words else "it is not so that ") + _cond(c["of"][0], words)
    if kind == "owns":
        text = (f"{c.get('subject')} owns {c.get('value')}" if words
                else f"owns({c.get('subject')}, {c.get('value')})")
    else:
        table = _STATE if words else _NOTATION
        form = table.get(kind)
        if form is None:
            value = c.get("value")
            text = f"{kind}({c.get('subject') or c.get('event') or ''}{', ' + str(value) if value else ''})"
        else:
            text = form.format(e=c.get("event"), s=c.get("subject"), v=c.get("value"))
    if c.get("negated"):
        text = ("not: " if words else "not ") + text
    return text


def conditions(logic: dict[str, Any], words: bool = True) -> str:
    parts = [_cond(c, words) for c in logic.get("when", []) or []]
    if logic.get("when_any"):
        parts.append("(" + " or ".join(_cond(c, words) for c in logic["when_any"]) + ")")
    if logic.get("unless"):
        inner = " and ".join(_cond(c, words) for c in logic["unless"])
        parts.append(("it is not so that " if words else "not ") + f"({inner})")
    return " and ".join(parts) if parts else ("always" if words else "true")


def _effect(e: dict[str, Any], words: bool) -> str:
    kind = e.get("kind")
    if words:
        text = {"cancel_event": "cancels {event}", "never_occurs": "{event} can never occur again",
                "game_ends": "the game ends", "owner": "{subject} passes to {value}",
                "minor_created": "{subject} is created", "minor_removed": "{subject} is removed"}.get(kind)
    else:
        text = {"cancel_event": "cancel({event})", "never_occurs": "never({event})", "game_ends": "game_ends",
                "owner": "owner({subject}, {value})", "minor_created": "minor_created({subject})",
                "minor_removed": "minor_removed({subject})"}.get(kind)
    if text is None:
        text = f"{kind}(" + ", ".join(f"{k}={v}" for k, v in e.items() if k not in ("kind", "when")) + ")"
    else:
        text = text.format(**{k: e.get(k, "") for k in ("event", "subject", "value")})
    if e.get("only_for"):
        text += f" for {e['only_for']} only" if words else f" only_for={e['only_for']}"
    if e.get("when"):
        text += (" if " + conditions({"when": e["when"]}, words))
    return text


def _fired(logic: dict[str, Any], words: bool) -> str:
    """The effects a requirement states (``facts.effect_reading``): what its event does when it fires."""
    from ..facts import effect_reading

    reading = effect_reading(logic)
    if reading is None or reading is logic:
        return ""
    if words:
        return "; when it fires, it has an effect: " + "; ".join(_effect(e, True) for e in reading["effects"])
    return "; effects: " + ", ".join(_effect(e, False) for e in reading["effects"])


def describe(logic: dict[str, Any] | None) -> str:
    """The reading in plain words."""
    if not logic:
        return "no rule: the sentence holds nothing the logic models (narrative)"
    role = logic.get("role")
    if role == "unread":
        return f"not understood ({logic.get('reason', 'not read')}): \"{logic.get('words', '')}\""
    if role == "requirement":
        return (f"a requirement: the event can fire only when {conditions(logic)}; otherwise "
                f"{ON_FAIL.get(logic.get('on_fail'), logic.get('on_fail'))}" + _fired(logic, True))
    if role == "effect":
        scope = f" when {conditions(logic)}" if (logic.get("when") or logic.get("unless")) else ""
        optional = " (at the players' choice)" if logic.get("optional") else ""
        return f"an effect{scope}{optional}: " + "; ".join(_effect(e, True) for e in logic.get("effects", []))
    if role == "case_condition":
        return f"a case or part that applies when {conditions(logic)}"
    if role == "repeats":
        return f"repeats event {logic.get('event')} with the modifications that follow"
    return f"a reading of role {role}"


def notation(logic: dict[str, Any] | None) -> str:
    """The reading in the compact notation: ``require: … ; on_fail: …`` or ``effects: …``."""
    if not logic:
        return "none"
    role = logic.get("role")
    if role == "requirement":
        return (f"require: {conditions(logic, False)}; on_fail: {logic.get('on_fail') or 'reroll'}"
                + _fired(logic, False))
    if role == "effect":
        scope = f" if {conditions(logic, False)}" if (logic.get("when") or logic.get("unless")) else ""
        return "effects: " + ", ".join(_effect(e, False) + scope for e in logic.get("effects", []))
    if role == "case_condition":
        return f"case: {conditions(logic, False)}"
    if role == "repeats":
        return f"repeats: {logic.get('event')}"
    return f"unread: {logic.get('reason', '')}"


# Forms the reader reads, one per idea; ``nearest`` fills in the sentence's own event and picks the closest.
TEMPLATES = (
    "Cannot occur before event {e} has occurred. Otherwise re-roll.",
    "Can occur only after event {e} has occurred. Otherwise re-roll.",
    "Cannot occur if event {e} has occurred. Otherwise re-roll.",
    "Cannot occur while event {e} is in effect. Otherwise re-roll.",
    "Cannot occur if event {e} is in effect. Otherwise mark off.",
    "Can occur only if event {e} is in effect. Otherwise re-roll.",
    "Can occur only after event {e} has been played through. Otherwise re-roll.",
    "Cannot occur before event {e} has been played through. Otherwise re-roll.",
    "Cannot occur after event {e} has occurred. Otherwise mark off.",
    "May only be played after {e} and before {e2}.",
    "Requires {e}.",
    "Playable only if {e} is in effect.",
    "Unplayable if {e} is in effect.",
    "Cancels the effects of {e}.",
    "Event {e} can never occur again.",
    "Prevents {e}.",
    "The game ends immediately.",
    "If event {e} is in effect, event {e2} is cancelled.",
)


PLACEHOLDER = "<event>"  # what a form shows where the sentence named no event

# a word that turns a sentence round: a form is offered with the sentence's own polarity where one reads ("Event
# 2:VII must have occurred" is offered "Can occur only after event 2:VII has occurred", never "Cannot occur if event
# 2:VII has occurred", which says the opposite in words that look alike)
_NEGATIVE = re.compile(r"\b(?:not|cannot|never|no|unless|neither|nor|none|unplayable|impossible|prevents?)\b|n['’]t\b",
                       re.IGNORECASE)


def nearest(sentence: str, events: list[str], read, probe: str | None = None) -> str | None:
    """The readable form closest to ``sentence`` (rapidfuzz's token-set ratio), filled with its own event ids, that
    ``read`` (sentence -> logic) actually reads; None when no template reads. A sentence that names no event is
    offered a form with ``<event>`` where the event goes (tried with ``probe``, an id of the game that is not the
    sentence's own event), never one about "this event" (it read "Can occur only after event this event has been
    played through", an event waiting for itself); with no ``probe``, only a form that names none."""
    from rapidfuzz import fuzz

    e = events[0] if events else probe
    e2 = events[1] if len(events) > 1 else None
    best = None
    for template in TEMPLATES:
        if (e is None and "{e" in template) or (e2 is None and "{e2}" in template):
            continue  # ("after 3:IV and before 3:IV": a form about two events needs two)
        candidate = template.format(e=e, e2=e2)
        logic = read(candidate)
        if not logic or logic.get("role") == "unread":
            continue
        shown = candidate.replace(probe, PLACEHOLDER) if probe and not events else candidate
        score = fuzz.token_set_ratio(sentence.lower(), shown.lower())
        if bool(_NEGATIVE.search(sentence)) != bool(_NEGATIVE.search(shown)):
            score -= 50  # the other polarity only where no form of the sentence's own reads
        if best is None or score > best[0]:
            best = (score, shown)
    return best[1] if best else None


AMBIGUOUS_ADVICE = ("the sentence reads more than one way: write it so that only the reading you mean reads (split "
                    "it into sentences, repeat the condition before each effect, name the event instead of 'it', or say 'both' / "
                    "'either')")


def ambiguous(logic: dict[str, Any] | None) -> bool:
    """Is ``logic`` a sentence reported because it reads more than one way? No form fits it better than another (the
    nearest form of one reading would hide the other): what it needs is to say which reading is meant."""
    return bool(logic) and logic.get("role") == "unread" and str(logic.get("reason", "")).startswith("ambiguous")


def probe_id(vocab) -> str:
    """An id of the game's id syntax to try the forms with where a sentence names no event (shown as ``<event>``):
    a number no game's list reaches, in the game's first period."""
    from ...core.eventid import canonical_event_id

    label = (tuple(vocab.periods) or tuple(vocab.labels) or ("I",))[0]
    return canonical_event_id(f"999:{label}", vocab.labels) or "999:I"


def events_named(text: str, vocab, event: str | None) -> list[str]:
    """The other events ``text`` names, by id or by title, in order (what ``nearest`` fills its forms with)."""
    from .phrases import references
    from .read import context

    out: list[str] = []
    for t in references(text, context(vocab, event))[0]:
        if t.kind == "REF" and t.value not in out:
            out.append(t.value)
    return out
