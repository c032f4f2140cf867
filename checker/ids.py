"""Event ids and the references written in rule text.

An event id is ``NUMBER:PERIOD`` (``6:VII``); the texts also write ``PERIOD:NUMBER`` (``IV:7``). Both name the
same event and resolve to one canonical id. Rules (``rule 53.40``), expansion sets (``ES1``) and pages
(``p. 41``) are recorded as references too, so that nothing a writer pointed at is silently dropped.
"""

from __future__ import annotations

import re

from .model import Reference

ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10}
ROMAN_BY_VALUE = {v: k for k, v in ROMAN.items()}

_ROMAN_RE = r"(?:X|IX|IV|V?I{1,3}|V|VI{1,3})"
EVENT_ID_RE = re.compile(rf"^(?P<num>\d{{1,4}}):(?P<per>{_ROMAN_RE})$")

_EVENT_REF_RE = re.compile(
    rf"(?<![\w:/])(?:(?P<num>\d{{1,4}}):(?P<per>{_ROMAN_RE})|(?P<per2>{_ROMAN_RE}):(?P<num2>\d{{1,4}}))(?![\w:])"
)
_RULE_REF_RE = re.compile(
    r"(?:(?P<word>\b(?:political\s+)?rules?)\s+|\()(?P<num>\d{1,2}\.\d{1,2}(?:\.?[A-Z](?![a-z]))?(?:\.\d+)*(?:\.[A-Z])?)"
)
_ES_RE = re.compile(r"\bES(?P<num>\d)\b")
_PAGE_RE = re.compile(r"\b(?:p\.|page)\s*(?P<num>\d{1,3})\b")


def canonical_event_id(text: str) -> str | None:
    """``"IV:7"`` and ``"7:IV"`` both give ``"7:IV"``; anything else gives None."""
    text = text.strip()
    m = EVENT_ID_RE.match(text)
    if m:
        return f"{int(m['num'])}:{m['per']}"
    m = re.match(rf"^(?P<per>{_ROMAN_RE}):(?P<num>\d{{1,4}})$", text)
    if m:
        return f"{int(m['num'])}:{m['per']}"
    return None


def period_value(period: str) -> int:
    return ROMAN.get(period, 0)


def split_event_id(event_id: str) -> tuple[int, str]:
    num, per = event_id.split(":")
    return int(num), per


def event_sort_key(event_id: str) -> tuple[int, int]:
    num, per = split_event_id(event_id)
    return (period_value(per), num)


def find_references(text: str, line: int | None = None, kb_periods: set[str] | None = None) -> list[Reference]:
    """All references in ``text``, in order of appearance.

    ``kb_periods`` marks event references to other periods as external.
    """
    refs: list[tuple[int, Reference]] = []
    for m in _EVENT_REF_RE.finditer(text):
        if m["num"]:
            num, per, form = int(m["num"]), m["per"], "number:period"
        else:
            num, per, form = int(m["num2"]), m["per2"], "period:number"
        target = f"{num}:{per}"
        external = kb_periods is not None and per not in kb_periods
        refs.append((m.start(), Reference("event", m.group(0), target, form, external, line)))
    for m in _RULE_REF_RE.finditer(text):
        num = m["num"].rstrip(".")
        refs.append((m.start("num"), Reference("rule", m.group(0).lstrip("("), num, None, True, line)))
    for m in _ES_RE.finditer(text):
        refs.append((m.start(), Reference("expansion", m.group(0), f"ES{m['num']}", None, True, line)))
    for m in _PAGE_RE.finditer(text):
        refs.append((m.start(), Reference("page", m.group(0), f"p. {m['num']}", None, True, line)))
    refs.sort(key=lambda pair: pair[0])
    return [r for _, r in refs]


def slugify(text: str, max_words: int = 8) -> str:
    words = re.findall(r"[A-Za-z0-9]+", text.lower())
    return "-".join(words[:max_words]) or "entry"


def event_references(event) -> list[Reference]:
    """Every reference in an event, each with its source line, in text order: the duration line ("until event 8:VI
    occurs"), the clauses, and the headings and durations of its sections ("CASE I: … (unless event 20:IV is in
    effect)"). Checks and the site read references through this one place."""
    out: list[Reference] = []
    if event.duration:
        out.extend(find_references(event.duration, event.duration_line))
    for clause in event.all_clauses():
        out.extend(clause.refs)
    for section in event.all_sections():
        out.extend(find_references(section.heading, section.line))
        if section.duration:
            out.extend(find_references(section.duration, section.duration_line or section.line))
    out.sort(key=lambda r: r.line or 0)
    return out
