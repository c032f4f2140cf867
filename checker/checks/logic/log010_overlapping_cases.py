"""Two cases of one event whose conditions can both hold, with no precedence between them.

Why: "CASE I: If … Poland is in VA of FRA" and "CASE II: If Poland is an ally of another player save RUS or AUS"
both hold when Poland is a vassal of FRA (a vassal is allied to its overlord); the text does not say which case
is played. Cases are meant to be alternatives: each pair must exclude each other, or the text must say which
one wins ("otherwise", "in which case play as Case II").

How it decides, from the case headings' structured logic (``case_condition``): two cases exclude each other when
a condition of one contradicts a condition of the other — complementary kinds on the same event or subject
(in_effect / not_in_effect, occurred / not_occurred, active / inactive, at_war / at_peace, exists / not_exists,
inactive / at_war, not_exists / any state of that subject, two religions), composites (``any``: every member
contradicts; ``not``) — or when free-text conditions on one subject give incompatible statuses (neutral; in VA
of, vassal of, ally of or controlled by a country; an ally of any player save some). When the conditions are
read and compatible, the finding is a warning; when a condition is free text rulekb cannot place, the finding
says it cannot tell (info). Richer logic from the reader only makes more pairs decidable.

Fails::

    CASE I: If Poland is in VA of FRA.
    CASE II: If Poland is an ally of another player save RUS or AUS.

Passes::

    CASE I: If Poland is in VA of FRA.
    CASE II: If Poland is neutral or controlled by RUS or AUS.

Make the conditions exclusive, or say which case takes precedence.
"""

from __future__ import annotations

import re
from itertools import combinations

CODE = "LOG010"
NAME = "overlapping-cases"
CATEGORY = "logic"
SEVERITY = "warning"
SCOPE = "entry"  # the event's own cases

_PRECEDENCE = re.compile(r"\b(?:otherwise|in which case|if not|else|instead of|takes? precedence|only if no other)\b",
                         re.I)
_COMPLEMENT = {("in_effect", "not_in_effect"), ("occurred", "not_occurred"), ("active", "inactive"),
               ("at_war", "at_peace"), ("exists", "not_exists"), ("inactive", "at_war")}
_STATEFUL = {"active", "inactive", "at_war", "at_peace", "owns", "religion", "exists"}
# Kinds whose meaning this check knows; a kind the reader adds later is "cannot tell" until it is listed here.
KNOWN = {"occurred", "not_occurred", "in_effect", "not_in_effect", "over", "exists", "not_exists", "active",
         "inactive", "at_war", "at_peace", "religion", "owns", "period_at_least", "free", "any", "all", "not"}


def _key(c: dict):
    return c.get("event") or c.get("subject")


# A minor's diplomatic status, as the grammar reads it, in the words the status comparison below reads.
_STATUS_WORDS = {"va_of": "{s} is in VA of {v}", "ally_of": "{s} is an ally of {v}", "neutral": "{s} is neutral",
                 "controlled_by": "{s} is controlled by {v}"}


def _as_status_text(c: dict) -> dict:
    words = _STATUS_WORDS.get(c.get("kind"))
    if words is None or not c.get("subject") or c.get("negated"):
        return c
    return {"kind": "free", "value": words.format(s=c["subject"], v=c.get("value", ""))}


def _excl(a: dict, b: dict) -> bool | None:
    """True when conditions a and b cannot both hold, False when they can, None when rulekb cannot tell."""
    a, b = _as_status_text(a), _as_status_text(b)
    ka, kb_ = a.get("kind"), b.get("kind")
    if ka not in KNOWN or kb_ not in KNOWN:
        return None
    if ka == "any":
        parts = [_excl(x, b) for x in a.get("of", [])]
        return True if parts and all(parts) else (None if None in parts else False)
    if kb_ in ("any", "not") and ka not in ("any", "not"):
        return _excl(b, a)
    if ka == "not":
        inner = (a.get("of") or [None])[0]
        return True if inner == b else None
    if ka == "all":
        parts = [_excl(x, b) for x in a.get("of", [])]
        return True if any(parts) else (None if None in parts else False)
    if ka == "free" and kb_ == "free":
        return _free_excl(a.get("value", ""), b.get("value", ""))
    if ka == "free" or kb_ == "free":
        free, other = (a, b) if ka == "free" else (b, a)
        key = _key(other)
        # A free-text condition and a structured one about something else are independent facts.
        return None if key and str(key) in free.get("value", "") else False
    if _key(a) is None or _key(a) != _key(b):
        return False
    if (ka, kb_) in _COMPLEMENT or (kb_, ka) in _COMPLEMENT:
        return True
    if "not_exists" in (ka, kb_) and ({ka, kb_} - {"not_exists"}) & _STATEFUL:
        return True
    if ka == kb_ == "religion" and a.get("value") != b.get("value"):
        return True
    return False


_SUBJECT = re.compile(r"^\s*(?:if\s+)?([A-Z][A-Za-z/]+)")
_CODES = re.compile(r"\b[A-Z]{3}\b")


def statuses(text: str) -> tuple[str | None, set[str]]:
    """The subject of a free-text condition and the statuses it allows: 'neutral', 'by:FRA', 'save:RUS,AUS'."""
    m = _SUBJECT.match(text)
    subject = m.group(1) if m else None
    out: set[str] = set()
    for part in re.split(r"\bor (?=neutral|controlled|in VA|a VA|an ally|ally|vassal)", text):
        low = part.lower()
        if "neutral" in low:
            out.add("neutral")
        save = re.search(r"\b(?:save|except|other than)\b(.*)", part)
        if save and re.search(r"\bally of (?:another|any) player", part):
            out.add("save:" + ",".join(sorted(_CODES.findall(save.group(1)))))
        elif re.search(r"\b(?:VA|vassal|ally) of\b|\bcontrolled by\b", part):
            tail = re.split(r"\b(?:VA|vassal|ally) of\b|\bcontrolled by\b", part, maxsplit=1)[1]
            out.update("by:" + c for c in _CODES.findall(tail))
    return subject, out


def _compatible(s: str, t: str) -> bool:
    if s == t:
        return True
    kinds = {s.split(":")[0], t.split(":")[0]}
    if "neutral" in kinds:
        return False
    if kinds == {"by"}:
        return False
    if kinds == {"save"}:
        return True
    by, save = (s, t) if s.startswith("by:") else (t, s)
    return by[3:] not in save[5:].split(",")


def _free_excl(a: str, b: str) -> bool | None:
    sa, ta = statuses(a)
    sb, tb = statuses(b)
    if not ta or not tb or sa is None or sa != sb:
        return None
    return not any(_compatible(x, y) for x in ta for y in tb)


def exclusive(when_a: list, when_b: list) -> bool | None:
    verdicts = [_excl(a, b) for a in when_a for b in when_b]
    if any(v is True for v in verdicts):
        return True
    return None if None in verdicts else False


def _label(section) -> str:
    return " ".join(section.heading.split()[:2]).rstrip(":")


def _groups(event):
    """Sibling case sections (cases under one parent), each with its condition list."""
    def walk(sections):
        cases = [s for s in sections if s.kind in ("case", "part")
                 and (getattr(s, "logic", None) or {}).get("role") == "case_condition"]
        if len(cases) > 1:
            yield cases
        for s in sections:
            yield from walk(s.sections)
    yield from walk(event.body)


def check(ctx):
    for event in ctx.events():
        for cases in _groups(event):
            for a, b in combinations(cases, 2):
                if _PRECEDENCE.search(a.heading) or _PRECEDENCE.search(b.heading):
                    continue
                if a.logic.get("when_any") or b.logic.get("when_any"):
                    verdict = None  # alternatives inside one heading: not decided here
                else:
                    verdict = exclusive(a.logic.get("when", []), b.logic.get("when", []))
                if verdict is True:
                    continue
                if verdict is False:
                    yield ctx.finding(event.id, b.line,
                                      f"{_label(a)} and {_label(b)} of {event.id} can both hold (as their conditions "
                                      f"read) and the text does not say which is played")
                else:
                    yield ctx.finding(event.id, b.line,
                                      f"cannot tell whether {_label(a)} and {_label(b)} of {event.id} exclude each "
                                      f"other: a condition is free text rulekb cannot place, and no precedence is "
                                      f"stated", severity="info")
