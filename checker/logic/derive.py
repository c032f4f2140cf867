"""Derive structured logic from the sentence patterns the event texts use.

A clause's ``logic`` says what it requires and what happens when that fails, or what it does to the state:

* ``role: requirement`` with ``when`` (all must hold), ``when_any`` (one must hold), ``unless`` (the event
  fails when all of these hold) and ``on_fail`` (``reroll``: re-roll and do not mark off; ``mark_off``: mark
  off as played; ``consider_played``; ``treat_as_R``; ``nothing``);
* ``role: case_condition``: the condition of a case or extension;
* ``role: effect`` with ``effects`` (owner changes, minors created/removed/made neutral or vassal, religion
  changes, events cancelled, the game ends).

Conditions: ``occurred``/``not_occurred``/``in_effect``/``not_in_effect``/``over`` (of an event),
``exists``/``not_exists``/``active``/``inactive``/``at_war``/``at_peace``/``religion``/``owns`` (of a country,
minor or province), ``period_at_least`` and ``free`` (a choice of the environment no event decides).

Only what a pattern recognises is derived (``derived_from`` names the pattern); everything else stays verbatim
only and is counted. Logic a person wrote or corrected carries ``curated: true`` and is never overwritten.
"""

from __future__ import annotations

import re
from typing import Any

from ..ids import canonical_event_id
from ..model import Clause, Event

_ID = r"(?:\d{1,4}:[IVX]+|[IVX]+:\d{1,4})"
_NAME = r"[A-Z][A-Za-z]+(?:/[A-Z][A-Za-z]+)*"

ON_FAIL = [
    (re.compile(r"re-?roll and do not mark|otherwise re-?roll|do not mark as played", re.I), "reroll"),
    (re.compile(r"consider (?:it )?as played|mark off and consider as played", re.I), "consider_played"),
    (re.compile(r"mark[- ]off (?:as|a) played|marked off|mark it off|mark off", re.I), "mark_off"),
    (re.compile(r"\bR\b result|ordinary Revolt \(R\)", re.I), "treat_as_R"),
]


def _ev(text: str) -> str:
    return canonical_event_id(text) or text


def parse_condition(phrase: str) -> list[dict[str, Any]] | None:
    """A conjunction of conditions for one condition phrase, or None when no pattern fits."""
    p = phrase.strip().rstrip(".")
    m = re.search(rf"events? ({_ID})(?: \([^)]*\))? has not already been played and over", p)
    if m:
        return [{"kind": "over", "event": _ev(m[1]), "negated": True}]
    m = re.search(rf"events? ({_ID})(?: \([^)]*\))? (?:is|are) (?:currently )?in effect", p)
    if m:
        return [{"kind": "in_effect", "event": _ev(m[1])}]
    m = re.search(rf"events? ({_ID})(?: \([^)]*\))? ha(?:s|ve) (?:already )?(?:occurred|taken place|been played)", p)
    if m:
        return [{"kind": "occurred", "event": _ev(m[1])}]
    m = re.search(r"before period ([IVX]+)", p)
    if m:
        return [{"kind": "period_at_least", "value": m[1]}]
    m = re.search(r"there is no (\w+)$", p)
    if m:
        return [{"kind": "not_exists", "subject": m[1]}]
    m = re.search(rf"^({_NAME}(?: and {_NAME})*) (?:is|are) (?:currently )?(inactive|inactivate|active)$", p)
    if m:
        kind = "inactive" if m[2].startswith("inactiv") else "active"
        return [{"kind": kind, "subject": s} for s in m[1].split(" and ")]
    m = re.search(rf"^({_NAME}) is (?:currently )?at peace with ({_NAME})$", p)
    if m:
        return [{"kind": "at_peace", "subject": m[1], "value": m[2]}]
    m = re.search(rf"^({_NAME}) is (?:already )?removed from play$", p)
    if m:
        return [{"kind": "not_exists", "subject": m[1]}]
    m = re.search(rf"^({_NAME}) is (?:currently |already )?(?:engaged in a war against|at war with) ({_NAME})$", p)
    if m:
        return [{"kind": "at_war", "subject": m[1], "value": m[2]}]
    m = re.search(rf"^(?:the owner of ([A-Z]+)|({_NAME})) is (?:currently )?(protestant|catholic\S*)$", p)
    if m:
        subject = f"owner of {m[1]}" if m[1] else m[2]
        return [{"kind": "religion", "subject": subject, "value": m[3]}]
    m = re.search(rf"^there is a (protestant|catholic) ({_NAME})$", p)
    if m:
        return [{"kind": "religion", "subject": m[2], "value": m[1]}]
    return None


def _negate(cond: dict[str, Any]) -> dict[str, Any]:
    flips = {"occurred": "not_occurred", "not_occurred": "occurred", "in_effect": "not_in_effect",
             "not_in_effect": "in_effect", "exists": "not_exists", "not_exists": "exists",
             "active": "inactive", "inactive": "active", "at_war": "at_peace", "at_peace": "at_war"}
    out = dict(cond)
    if cond.get("negated"):
        del out["negated"]
    elif cond["kind"] in flips:
        out["kind"] = flips[cond["kind"]]
    else:
        out["negated"] = True
    return out


def _on_fail(text: str) -> str | None:
    for rx, value in ON_FAIL:
        if rx.search(text):
            return value
    return None


def derive_requirement(text: str) -> dict[str, Any] | None:
    first, _, rest = text.partition(". ")
    on_fail = _on_fail(rest or text)
    m = re.match(r"^Cannot (?:occur|take place) (before|if|unless) (.+)$", first.rstrip("."))
    if m:
        word, phrase = m[1], m[2]
        if word == "before":
            phrase = re.sub(r"\s*\([^)]*\)", "", phrase)
            m_over = re.match(rf"^event ({_ID}) has occurred and .* (?:has been played through|is over)", phrase)
            if m_over:
                return _req([{"kind": "over", "event": _ev(m_over[1])}], [], [], on_fail, "cannot-occur-before-over")
            main = re.split(r" and the | and its ", phrase)[0]
            conds = parse_condition("event " + main.removeprefix("event ")) if "event" in main else \
                parse_condition("before " + main)
            if conds:
                return _req(conds, [], [], on_fail, "cannot-occur-before")
            return None
        if word == "unless":
            conds = parse_condition(phrase)
            return _req(conds, [], [], on_fail, "cannot-occur-unless") if conds else None
        # "if": all-of ("have all already taken place") or any-of (A or B).
        m_all = re.match(rf"^events ((?:{_ID}, )*{_ID}) and ({_ID}) have all already taken place$", phrase)
        if m_all:
            ids = [_ev(x) for x in re.findall(_ID, phrase)]
            return _req([], [], [{"kind": "occurred", "event": i} for i in ids], on_fail, "cannot-occur-if-all")
        parts = re.split(r" or (?:if )?", phrase)
        conds = [parse_condition(part) for part in parts]
        if all(conds):
            return _req([_negate(c) for cs in conds for c in cs], [], [], on_fail, "cannot-occur-if")
        return None
    m = re.match(r"^(?:Can occur|Occurs|Takes place) only if (.+)$", first.rstrip("."))
    if m:
        phrase = re.sub(r"\s*\([^)]*\)", "", m[1])
        if ", " in phrase or " or " in phrase:
            alts = [a for a in re.split(r", | or ", phrase) if a]
            subject = re.match(rf"^({_NAME}) is ", alts[0])
            conds_any = []
            for a in alts:
                a = a.strip()
                if subject and not a.startswith(subject[1]):
                    a = f"{subject[1]} is {a.removeprefix('already ')}"
                c = parse_condition(a) or ([{"kind": "not_exists", "subject": subject[1]}]
                                           if subject and "removed from play" in a else None)
                if not c:
                    return None
                conds_any.extend(c)
            return _req([], conds_any, [], on_fail, "only-if-any")
        conds = parse_condition(phrase)
        return _req(conds, [], [], on_fail, "only-if") if conds else None
    m = re.match(rf"^If ({_NAME}) is (catholic/conciliatory|catholic/counter-reform|protestant) (.*)$", text)
    if m:
        rest = m[3]
        if "marked off" in rest or "nothing happens" in rest:
            return _req([{"kind": "religion", "subject": m[1], "value": m[2], "negated": True}], [], [], "mark_off",
                        "if-religion-marked-off")
        if "taken into effect" in rest or "following rules" in rest:
            return _req([{"kind": "religion", "subject": m[1], "value": m[2]}], [], [], "mark_off", "if-religion-applies")
    m = re.match(r"^(\w+) can refuse this event", first)
    if m:
        return _req([{"kind": "free", "subject": m[1], "value": "accepts the event"}], [], [], on_fail, "may-refuse")
    m = re.match(rf"^If event ({_ID})(?: \([^)]*\))? is in effect at the moment this event is rolled, nothing happens", text)
    if m:
        return _req([{"kind": "not_in_effect", "event": _ev(m[1])}], [], [], "mark_off", "nothing-happens-if")
    m = re.match(r"^Treat this event as no event and mark it off, if (.+)$", text.rstrip("."))
    if m:
        return _req([{"kind": "free", "value": "not (" + m[1] + ")"}], [], [], "mark_off", "no-event-if")
    return None


def _req(when, when_any, unless, on_fail, pattern) -> dict[str, Any]:
    out: dict[str, Any] = {"role": "requirement"}
    if when:
        out["when"] = when
    if when_any:
        out["when_any"] = when_any
    if unless:
        out["unless"] = unless
    if on_fail:
        out["on_fail"] = on_fail
    out["derived_from"] = pattern
    return out


EFFECT_PATTERNS: list[tuple[re.Pattern[str], Any]] = [
    (re.compile(r"\bThe game ends immediately"), lambda m: [{"kind": "game_ends"}]),
    (re.compile(rf"^({_NAME})(?: \([^)]*\))? (?:may |immediately )?annex(?:es)? (?:[A-Z][a-z]+ )?((?:[A-Z]{{2,}} ?)+(?:(?:, | and )(?:[A-Z]{{2,}} ?)+)*)"),
     lambda m: [{"kind": "owner", "subject": p.strip(), "value": m[1]} for p in re.split(r", | and ", m[2]) if p.strip()]),
    (re.compile(rf"^({_NAME}) becomes (?:a |an )?(?:normal )?neutral minor"),
     lambda m: [{"kind": "minor_neutral", "subject": m[1]}]),
    # "Scotland declares war against ENG and becomes neutral."
    (re.compile(rf"^({_NAME}) declares war (?:against|to|on) {_NAME} and becomes neutral\b"),
     lambda m: [{"kind": "minor_neutral", "subject": m[1]}]),
    # "The special VA status of Poland is cancelled and it becomes a normal neutral minor", "the special rules for
    # Bavaria created by this event are cancelled and it becomes a neutral minor".
    (re.compile(rf"special (?:VA status|rules) (?:of|for) ({_NAME})[^.]*? (?:is|are) cancelled and it becomes "
                r"(?:a )?(?:normal )?neutral minor"),
     lambda m: [{"kind": "minor_neutral", "subject": m[1]}]),
    (re.compile(rf"^({_NAME}) becomes a permanent VA of ({_NAME})"),
     lambda m: [{"kind": "minor_vassal", "subject": m[1], "value": m[2]}]),
    (re.compile(rf"({_NAME}) (?:looses 2 Stab and )?becomes (?:a )?(catholic/counter-reform|protestant)"),
     lambda m: [{"kind": "religion", "subject": m[1], "value": m[2]}]),
    (re.compile(rf"event ({_ID}) can never occur"),
     lambda m: [{"kind": "never_occurs", "event": _ev(m[1])}]),
    (re.compile(rf"All effects of event ({_ID}) are cancelled"),
     lambda m: [{"kind": "cancel_event", "event": _ev(m[1])}]),
    (re.compile(rf"^(?:Minor )?({_NAME}) is (?:recreated|created)|new minor state ({_NAME})"),
     lambda m: [{"kind": "minor_created", "subject": m[1] or m[2]}]),
    (re.compile(rf"^({_NAME}) is annexed to ({_NAME}) and removed from (?:game|play)"),
     lambda m: [{"kind": "minor_removed", "subject": m[1]}]),
    # "The territories of Berg are annexed to Prussian and it is removed from the game."
    (re.compile(rf"^The territories of ({_NAME}) are annexed to [^.]*? and it is removed from (?:the )?(?:game|play)"),
     lambda m: [{"kind": "minor_removed", "subject": m[1]}]),
]


def derive_effects(text: str) -> dict[str, Any] | None:
    effects: list[dict[str, Any]] = []
    names = []
    for rx, build in EFFECT_PATTERNS:
        m = rx.search(text)
        if m:
            effects.extend(build(m))
            names.append(rx.pattern[:24])
    if not effects:
        return None
    out = {"role": "effect", "effects": effects, "derived_from": "effect-patterns"}
    # "If Royalists win …", "AUS (if it took part in the war) may annex …": the effect applies in some outcomes only.
    # "Prussia immediately annexes Polish DANZIG unless it is in VA of FRA …": an exception makes it conditional.
    if re.match(r"^(?:If|In case|Unless)\b", text) or re.search(r"\bmay (?:annex|become)|\bif it took part\b", text) \
            or re.search(r"\bIn all other cases\b|\bunless\b", text):
        out["optional"] = True
        m = re.match(r"^If ([^,]+?)(?:,| ENG\b| the following\b)", text)
        if m:
            out["outcome"] = m.group(1).strip()
    exception = re.search(r"\bunless (.+?)(?:\.(?:\s|$)|$)", text)
    if exception:
        out["unless"] = _exception_conditions(exception.group(1))
    return out


def _exception_conditions(phrase: str) -> list[dict[str, Any]]:
    """"it is in VA of FRA (see event 4:VI) or event 11:VII is in effect" -> one condition per alternative; what
    no pattern reads stays a ``free`` condition (an environment choice) that keeps the events it names."""
    out: list[dict[str, Any]] = []
    for part in re.split(r" or (?=event\b|[A-Z]|it\b)", phrase):
        part = part.strip().rstrip(",")
        parsed = parse_condition(part)
        if parsed:
            out.extend(parsed)
        else:
            free: dict[str, Any] = {"kind": "free", "value": part}
            named = [_ev(m.group(0)) for m in re.finditer(_ID, part)]
            if named:
                free["events"] = named  # "(see event 4:VI)": named as context, not as a condition on that event
            out.append(free)
    return out


def derive_section(heading: str, kind: str) -> dict[str, Any] | None:
    """The condition under which a case or a conditional part of an event applies.

    What no pattern reads becomes a ``free`` condition: a choice of the environment (is Poland an ally of another
    player?), so the case stays possible without being decided by rulekb.
    """
    if kind == "case":
        m = re.match(r"^CASE [IVX]+\s*[:.]\s*(?:If )?(.*)$", heading)
    elif kind == "part":
        m = re.match(r"^THE EVENT IF (.*?):?$", heading)
    else:
        m = None
    if not m:
        return None
    phrase = m[1].rstrip(".:")
    conds: list[dict[str, Any]] = []
    unless = re.search(rf"\(unless event ({_ID}) is in effect[^)]*\)", phrase)
    if unless:
        conds.append({"kind": "not_in_effect", "event": _ev(unless[1])})
        phrase = phrase.replace(unless.group(0), "").strip()
    if kind == "part" and phrase.isupper():
        # "PERSIA IS ALREADY AT WAR WITH TURKEY" -> "Persia is already at war with TUR"
        words = phrase.lower().split()
        words[0] = words[0].capitalize()
        phrase = " ".join("TUR" if w == "turkey" else w for w in words)
    for part in re.split(r" and (?=[A-Z]|event)", phrase):
        parsed = parse_condition(part.strip()) or parse_condition(re.sub(r"\bAlready ", "", part.strip()))
        conds.extend(parsed or [{"kind": "free", "value": part.strip()}])
    return {"role": "case_condition", "when": conds, "derived_from": f"{kind}-heading"}


def derive_clause(clause: Clause, in_conditions: bool) -> None:
    if clause.logic and clause.logic.get("curated"):
        return
    logic = derive_requirement(clause.text) if clause.kind in ("clause", "paragraph") else None
    if logic is None:
        m = re.match(rf"^If event ({_ID}) is currently in effect and", clause.text)
        if m:
            logic = {"role": "case_condition", "when": [{"kind": "in_effect", "event": _ev(m[1])}],
                     "derived_from": "extension-if"}
    if logic is None and not in_conditions:
        logic = derive_effects(clause.text)
    clause.logic = logic
    for child in clause.children:
        derive_clause(child, in_conditions=False)


def derive_event_logic(event: Event) -> None:
    """Fill ``logic`` on every clause a pattern recognises (curated logic is kept), and on case and part headings."""
    for clause in event.conditions:
        derive_clause(clause, in_conditions=True)
    for section in event.all_sections():
        if not (section.logic and section.logic.get("curated")):
            section.logic = derive_section(section.heading, section.kind)
        for clause in section.clauses:
            # Clauses directly under a part heading ("CIVIL WAR:") before its phases are that part's conditions.
            derive_clause(clause, in_conditions=section.kind in ("part", "extension", "case") and bool(section.sections))


def derive_case(heading: str) -> dict[str, Any] | None:
    return derive_section(heading, "case")


def logic_coverage(events) -> tuple[int, int]:
    """(clauses with structured logic, all clauses)."""
    total = with_logic = 0
    for event in events:
        for clause in event.all_clauses():
            total += 1
            with_logic += clause.logic is not None
    return with_logic, total
