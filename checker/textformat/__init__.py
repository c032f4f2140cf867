"""Text formats: parse rule and event texts into the model, and render them back.

``parse_document`` recognises which of the known formats a text is in and calls its parser:

* ``eu-events``: an event list (``N: TITLE (historical date: …)``, every game's events), ``event_list``;
* the rulebook formats of the game packs (``checker/games/<game>/``, asked through ``checker.games.registry``),
  tried in the registry's order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.model import Event, Glossary, RuleEntry
from .common import ParseError, check_line_lengths, decode_text, read_text, split_lines, tokens
from .event_list import GAME_HEADER_RE, PERIOD_HEADER_RE, TITLE_START_RE, parse_event_text

EVENT_LIST = "eu-events"  # the format id of an event list (the language server compares with it)

__all__ = ["EVENT_LIST", "ParseError", "ParsedDocument", "decode_text", "detect_format", "parse_document", "read_text",
           "tokens"]


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
        return EVENT_LIST
    from ..games import text_formats

    return next((f.name for f in text_formats() if f.detect(lines)), None)


def parse_document(text: str, file: str, period: str | None = None,
                   phase_aliases: dict[str, str] | None = None, game: str | None = None,
                   labels: tuple[str, ...] = ()) -> ParsedDocument:
    """Parse a text in any known format. ``game`` stands in for an event list's missing ``GAME`` line (an event
    list names its game one way or the other); ``labels`` are that game's period labels."""
    check_line_lengths(text, file)
    fmt = detect_format(text)
    if fmt == EVENT_LIST:
        parsed = parse_event_text(text, file, period, game, phase_aliases=phase_aliases, labels=labels)
        doc = ParsedDocument(fmt, events=parsed.events, period=parsed.period, period_years=parsed.period_years,
                             layout=parsed.layout, game=parsed.game)
        if parsed.document:
            doc.rules.append(parsed.document)
        return doc
    from ..games import text_formats

    for form in text_formats():
        if form.name == fmt:
            rules, glossaries = form.parse(text, file)
            return ParsedDocument(fmt, rules=rules, glossaries=glossaries)
    first = next((ln for ln in split_lines(text) if not ln.blank), None)
    others = [f.opening for f in text_formats()]
    raise ParseError(file, first.number if first else None,
                     "unknown text format: expected an event list ('1: TITLE (historical date: …)', a "
                     "'GAME <id>' or a 'PERIOD IV (1615-1659)' header), "
                     + (", ".join(others[:-1]) + ", or " + others[-1] if len(others) > 1 else "".join(others)))
