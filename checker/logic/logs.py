"""Recorded game logs for ``rulekb order --check``: read, validate, refuse what is malformed.

A log is a YAML list (or a mapping with a ``log:`` key) of entries ``{turn: N, event: ID, outcome: O}``; turns
are whole numbers from 1 to ``MAX_TURN``, each at most once; ``event`` names an event of the KB (``8:VII`` or
``VII:8``); ``outcome`` is one of ``OUTCOMES`` (default ``fired``); turns the log does not list drew nothing.
Every mistake is a ``LogError`` with the file and line of the entry, never a traceback, and nothing of the log
reaches clingo except through validated values.
"""

from __future__ import annotations

from dataclasses import dataclass

import yaml

from ..core.ids import canonical_event_id

OUTCOMES = ("fired", "marked", "refused", "rerolled")
MAX_TURN = 1000
LOG_FORMAT = ("a YAML list of {turn: N, event: ID, outcome: fired|marked|refused|rerolled} (outcome defaults to "
              f"fired; turns 1…{MAX_TURN}, each at most once; turns not listed draw nothing), e.g.\n"
              "  - {turn: 1, event: 4:VII, outcome: marked}\n  - {turn: 2, event: 6:VII}")


@dataclass
class LogEntry:
    turn: int
    event: str
    outcome: str
    line: int | None = None


@dataclass
class LogError(Exception):
    file: str
    line: int | None
    message: str

    def __str__(self) -> str:
        return f"{self.file}{f':{self.line}' if self.line else ''}: {self.message}"


def _entry_lines(text: str) -> list[int | None]:
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return []
    if isinstance(node, yaml.MappingNode):
        node = next((v for k, v in node.value if k.value == "log"), None)
    if not isinstance(node, yaml.SequenceNode):
        return []
    return [n.start_mark.line + 1 for n in node.value]


def read_log(path: str, known_events) -> list[LogEntry]:
    """The validated entries of the log file at ``path`` (sorted by turn); ``LogError`` when malformed."""
    from ..kb.yamlio import YamlError, load_file

    try:
        data, text = load_file(path)
    except YamlError as exc:
        raise LogError(exc.file, exc.line, exc.message) from None
    return parse_log(data, text, path, known_events)


def parse_log(data, text: str, name: str, known_events) -> list[LogEntry]:
    entries = data.get("log") if isinstance(data, dict) else data
    if not isinstance(entries, list):
        raise LogError(name, None, f"expected {LOG_FORMAT}")
    lines = _entry_lines(text)
    out: list[LogEntry] = []
    seen: dict[int, int | None] = {}
    for i, raw in enumerate(entries):
        line = lines[i] if i < len(lines) else None
        if not isinstance(raw, dict):
            raise LogError(name, line, f"entry {i + 1} is not a mapping {{turn, event, outcome}}")
        unknown = sorted(str(k) for k in raw if k not in ("turn", "event", "outcome"))
        if unknown:
            raise LogError(name, line, f"unknown key {', '.join(repr(k) for k in unknown)} (keys: turn, event, outcome)")
        turn = raw.get("turn")
        if turn is None:
            raise LogError(name, line, "entry has no 'turn'")
        if isinstance(turn, bool) or not isinstance(turn, int):
            raise LogError(name, line, f"turn {str(turn)[:40]!r} is not a whole number")
        if turn < 1 or turn > MAX_TURN:
            raise LogError(name, line, f"turn {turn} is outside 1…{MAX_TURN}")
        if turn in seen:
            raise LogError(name, line, f"turn {turn} is listed twice (also at line {seen[turn]}); one draw per turn")
        seen[turn] = line
        event = raw.get("event")
        if not isinstance(event, str) or not event:
            raise LogError(name, line, "entry has no 'event' (an event id such as 8:VII)")
        eid = resolve_event_id(event, known_events)
        if eid is None:
            raise LogError(name, line, f"unknown event {event[:40]!r}")
        outcome = raw.get("outcome", "fired")
        if not isinstance(outcome, str) or outcome.strip().lower() not in OUTCOMES:
            raise LogError(name, line, f"unknown outcome {str(outcome)[:40]!r} (one of {', '.join(OUTCOMES)})")
        out.append(LogEntry(turn, eid, outcome.strip().lower(), line))
    return sorted(out, key=lambda e: e.turn)


def resolve_event_id(text: str, known_events) -> str | None:
    """The id of a known event written as ``N:P`` or ``P:N``, for any period label (``8:VII``, ``VII:8``,
    ``21:Early``, ``Early:21``); None when it names no known event."""
    text = text.strip()
    eid = canonical_event_id(text)
    if eid is not None and eid in known_events:
        return eid
    left, sep, right = text.partition(":")
    if not sep:
        return None
    for num, per in ((left, right), (right, left)):
        if num.isdigit() and per and f"{int(num)}:{per}" in known_events:
            return f"{int(num)}:{per}"
    return None


def entries_from_dicts(entries: list[dict], known_events, name: str = "<log>") -> list[LogEntry]:
    """Validate a log given as Python dicts (the API of ``check_log``)."""
    return parse_log(list(entries), "", name, known_events)
