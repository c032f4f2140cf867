"""Text formats: parse rule and event texts into the model, and render them back.

``parse_document`` recognises which of the known formats a text is in and calls its parser:

* ``eu-events``: Europa Universalis events rewrite (``N: TITLE (historical date: …)``), ``eu_events``;
* ``eurw-rules``: the rewrite's rule changes, variants and glossary (opens with ``Rule Changes``), ``eurw_rules``;
* ``pop-chapter``: The Price of Power rulebook chapter (headings ending in `` #``), ``pop_chapter``;
* ``awaw-random-events``: A World at War random events (``RANDOM EVENTS``), ``awaw``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model import Event, Glossary, RuleEntry
from .awaw import parse_awaw
from .common import ParseError, check_line_lengths, decode_text, read_text, split_lines, tokens
from .eu_events import GAME_HEADER_RE, PERIOD_HEADER_RE, TITLE_START_RE, parse_event_text
from .eurw_rules import parse_eurw_rules
from .pop_chapter import parse_pop_chapter

__all__ = ["ParseError", "ParsedDocument", "decode_text", "detect_format", "parse_document", "read_text", "tokens"]


@dataclass
class ParsedDocument:
    format: str
    events: list[Event] = field(default_factory=list)
    rules: list[RuleEntry] = field(default_factory=list)
    glossaries: list[Glossary] = field(default_factory=list)
    period: str | None = None
    period_years: tuple[int, int] | None = None
    layout: str | None = None
    game: str | None = None


def detect_format(text: str) -> str | None:
    lines = [ln.text for ln in split_lines(text) if not ln.blank]
    if not lines:
        return None
    if PERIOD_HEADER_RE.match(lines[0]) or TITLE_START_RE.match(lines[0]) or GAME_HEADER_RE.match(lines[0]):
        return "eu-events"
    if lines[0].lower() == "rule changes":
        return "eurw-rules"
    if lines[0] == "RANDOM EVENTS":
        return "awaw-random-events"
    if any(ln.endswith("#") and ln[-2:-1].isspace() for ln in lines[:10]):
        return "pop-chapter"
    return None


def parse_document(text: str, file: str, period: str | None = None,
                   phase_aliases: dict[str, str] | None = None, game: str | None = None,
                   labels: tuple[str, ...] = ()) -> ParsedDocument:
    """Parse a text in any known format. ``game`` stands in for an event list's missing ``GAME`` line (an event
    list names its game one way or the other); ``labels`` are that game's period labels."""
    check_line_lengths(text, file)
    fmt = detect_format(text)
    if fmt == "eu-events":
        parsed = parse_event_text(text, file, period, game, phase_aliases=phase_aliases, labels=labels)
        doc = ParsedDocument(fmt, events=parsed.events, period=parsed.period, period_years=parsed.period_years,
                             layout=parsed.layout, game=parsed.game)
        if parsed.document:
            doc.rules.append(parsed.document)
        return doc
    if fmt == "eurw-rules":
        rules, glossaries = parse_eurw_rules(text, file)
        return ParsedDocument(fmt, rules=rules, glossaries=glossaries)
    if fmt == "pop-chapter":
        return ParsedDocument(fmt, rules=parse_pop_chapter(text, file))
    if fmt == "awaw-random-events":
        return ParsedDocument(fmt, rules=parse_awaw(text, file))
    first = next((ln for ln in split_lines(text) if not ln.blank), None)
    raise ParseError(file, first.number if first else None,
                     "unknown text format: expected an event list ('1: TITLE (historical date: …)', a "
                     "'GAME <id>' or a 'PERIOD IV (1615-1659)' header), 'Rule Changes', 'RANDOM EVENTS', or '… #' headings")
