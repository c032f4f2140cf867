"""Parse and render event lists: every game's events, in the format first written for the Europa Universalis
events rewrite (the example games' texts are in it too).

Two layouts occur and both are handled:

* hard-wrapped lines, no period header (the period is given with ``--period``): a clause continues on the
  next line until a new marker, heading or paragraph starts;
* long lines with a ``PERIOD IV (1615-1659)`` header: every line is a clause or paragraph, sub-clauses are
  indented.

An event starts with a title line ``N: TITLE [(*)|(2)] (historical date: …)``, possibly split over lines,
then ``(duration: …)``. Clauses before the first heading are the event's conditions. Headings split the
body into numbered events (``FIRST EVENT:``), cases (``CASE I: If …``), named parts (``CIVIL WAR:``,
``AN EXTENSION TO THE EVENT:``), turns (``FIRST TURN:``, ``TURN 2``) and phases (``EVENTS PHASE:``).

``render_event`` gives back the text; parsing then rendering keeps every non-whitespace token.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..core.eventid import NUMBER, EventIdSyntax
from ..core.ids import find_references
from ..core.model import Block, Clause, Event, RuleEntry, Section, Source
from .common import MAX_CLAUSE_CHARS, ParseError, TextLine, split_lines

ORDINALS = {
    "FIRST": 1, "SECOND": 2, "THIRD": 3, "FOURTH": 4, "FIFTH": 5,
    "SIXTH": 6, "SEVENTH": 7, "EIGHTH": 8, "NINTH": 9, "TENTH": 10,
}
_ORD = "|".join(ORDINALS)

PERIOD_HEADER_RE = re.compile(r"^PERIOD\s+(?P<period>[A-Za-z0-9][A-Za-z0-9_-]{0,19})\s*"
                              r"(?:\((?P<start>\d{3,4})\s*-\s*(?P<end>\d{3,4})\))?\s*$")
GAME_HEADER_RE = re.compile(r"^GAME\s+(?P<game>[A-Za-z0-9][A-Za-z0-9_-]{0,31})\s*$")


def header_game(text: str) -> str | None:
    """The game a text's ``GAME <id>`` first line names, or None."""
    first = next((ln for ln in split_lines(text) if not ln.blank), None)
    m = GAME_HEADER_RE.match(first.text) if first else None
    return m["game"] if m else None
TITLE_START_RE = re.compile(rf"^(?P<num>{NUMBER}):\s+(?P<rest>[A-Z(].*)$")
TITLE_NUM_RE = re.compile(rf"^(?P<num>{NUMBER}):\s*")
TITLE_DATE_RE = re.compile(r"^(?P<datekw>histor[a-z]{0,20}\s+date\s*:?|non-historical)\s*(?P<date>.*)$", re.DOTALL)
TITLE_MULT_RE = re.compile(r"^(?:\*|\d{1,2})$")
MAX_TITLE_LINES = 6  # a title, its multiplicity and its date; the seeds' longest spans 2 lines
DURATION_RE = re.compile(r"^\(duration:\s*(?P<text>.*)\)\s*$", re.DOTALL)

# ``\s*(?::\s*)?``, not ``\s*:?\s*``: two runs of spaces with nothing between them split a run of spaces in every
# way before failing (quadratic: "PHASE" + 20,000 spaces + "x" took seconds per line).
PHASE_RE = re.compile(r"^(?P<name>(?:[A-Z]+ )*[A-Z]*PHASE|INTERPHASE)\s*(?::\s*)?(?P<note>\(.*\))?$")
TURN_RE = re.compile(rf"^(?:(?P<ord>{_ORD}) TURN|TURN (?P<n>\d+))\s*:?$")
EVENT_PART_RE = re.compile(rf"^(?P<ord>{_ORD}) EVENT\s*:$")
CASE_RE = re.compile(r"^CASE (?P<num>[IVX]+)\s*[:.]\s*(?P<cond>.*)$")
PART_RE = re.compile(r"^(?P<name>[A-Z][A-Z ,'/&-]*[A-Z])\s*(?P<paren>\([^)]*\))?\s*:\s*(?P<rest>\(.*\))?\s*$")

MARKER_RES = [
    ("clause", re.compile(r"^(?P<m>\d{1,2}\.)\s+(?P<t>\S.*)$")),
    ("subclause", re.compile(r"^(?P<m>[a-z]\.)\s+(?P<t>\S.*)$")),
    ("modification", re.compile(r"^(?P<m>(?:I|II|III|IV|V|VI|VII|VIII)\.)\s+(?P<t>\S.*)$")),
    ("case", re.compile(r"^(?P<m>Case [IVX]+:)\s*(?P<t>.*)$")),
]
_REPEATS_RE = re.compile(r"repeats\b", re.IGNORECASE)
_SENTENCE_END = tuple(".!?:)\"”")

# Duration kinds from the duration line's wording.
_DURATION_TURNS_RE = re.compile(r"^(?P<n>\d+) turns?$")


@dataclass
class ParsedEventFile:
    events: list[Event] = field(default_factory=list)
    document: RuleEntry | None = None
    period: str | None = None
    period_years: tuple[int, int] | None = None
    layout: str = "long"
    game: str | None = None
    game_line: int | None = None


def date_ranges(text: str | None) -> list[tuple[int, int]]:
    """The year ranges written in a date, in order: ``1773-74`` → [(1773, 1774)]."""
    out: list[tuple[int, int]] = []
    for m in re.finditer(r"(\d{3,4})(?:\s*-\s*(\d{2,4}))?", text or ""):
        start = int(m.group(1))
        end = start
        if m.group(2):
            end_txt = m.group(2)
            end = int(end_txt) if len(end_txt) >= len(m.group(1)) else int(m.group(1)[: -len(end_txt)] + end_txt)
        out.append((start, end))
    return out


def parse_date(text: str | None) -> tuple[int | None, int | None]:
    """``1773-74`` → (1773, 1774); ``1605-1613 / 1654-1667`` → (1605, 1667); ``1789/1792`` → (1789, 1792)."""
    years = [y for rng in date_ranges(text) for y in rng]
    if not years:
        return None, None
    return min(years), max(years)


def classify_duration(text: str | None) -> tuple[str | None, int | None]:
    if text is None:
        return None, None
    t = text.strip().lower()
    m = _DURATION_TURNS_RE.match(t)
    if m:
        return "turns", int(m["n"])
    if t == "permanent":
        return "permanent", None
    if re.fullmatch(r"immediate\.?", t):
        return "immediate", None
    # "immediate or until a war resulting from this event is over": over at once, or when the war ends. Both are
    # the environment's end of an "until" run (docs/logic.md S3: it may end it at any turn from the next on), so
    # it is "until", never shortened to "immediate"; so is any other duration that says more than "immediate".
    return "until", None


def _detect_layout(lines: list[TextLine]) -> str:
    body = [ln.text for ln in lines if not ln.blank and not PHASE_RE.match(ln.text) and not TITLE_START_RE.match(ln.text)]
    if not body:
        return "long"
    mid = sum(1 for t in body if re.search(r"[A-Za-z,]$", t))
    return "wrapped" if mid / len(body) > 0.25 else "long"


@dataclass
class TitleParts:
    num: str
    title: str
    mult: str | None
    datekw: str | None
    date: str | None


def split_title(header: str) -> TitleParts | None:
    """``N: TITLE [(*)|(2)] [(historical date: …)]`` read from the end, in linear time (a backtracking pattern
    with a lazy title and optional groups was cubic in a run of spaces)."""
    m = TITLE_NUM_RE.match(header)
    if not m:
        return None
    rest = header[m.end():].rstrip()
    datekw = date = mult = None
    if rest.endswith(")"):
        k = rest.rfind("(")
        inner = rest[k + 1:-1] if k >= 0 else None
        if inner is not None and ")" not in inner:
            dm = TITLE_DATE_RE.match(inner)
            if dm:
                datekw, date = dm["datekw"], dm["date"]
                rest = rest[:k].rstrip()
    if rest.endswith(")"):
        k = rest.rfind("(")
        if k >= 0 and TITLE_MULT_RE.match(rest[k + 1:-1]):
            mult = rest[k + 1:-1]
            rest = rest[:k].rstrip()
    return TitleParts(m["num"], rest, mult, datekw, date)


def extends_id(text: str, labels: tuple[str, ...] = ()) -> str | None:
    """The event a text says this one repeats: ``repeats … (N:P) … except`` (linear: first 'repeats', the first
    event id in parentheses after it, and an 'except' after that id); P is one of the game's period ``labels`` or
    Roman I–X, in any case."""
    rm = _REPEATS_RE.search(text)
    if not rm:
        return None
    ids = EventIdSyntax.of(labels)
    im = ids.compiled(rf"\((?P<id>{ids.number_first})\)", re.IGNORECASE).search(text, rm.end())
    if not im:
        return None
    return im["id"] if text.lower().find("except", im.end()) >= 0 else None


def _phase_name(text: str) -> str:
    return text.strip().rstrip(":").strip()


def _heading(text: str, phase_aliases: dict[str, str] | None = None) -> tuple[str, str | None, int] | None:
    """(kind, canonical, level) for a heading line, or None. A phase heading ends in PHASE, or is a phase name or
    alias of the game profile (``EVENTS PHASE``, ``Action Round``), with or without a colon."""
    if (m := PHASE_RE.match(text)) or (phase_aliases and _phase_name(text) in phase_aliases):
        return "phase", None, 4
    if (m := TURN_RE.match(text)):
        return "turn", str(ORDINALS[m["ord"]] if m["ord"] else int(m["n"])), 3
    if (m := EVENT_PART_RE.match(text)):
        return "event", str(ORDINALS[m["ord"]]), 1
    if (m := CASE_RE.match(text)):
        return "case", m["num"], 1
    if (m := PART_RE.match(text)) and not re.search(r"[a-z]", m["name"]):
        kind = "extension" if "EXTENSION" in m["name"] else "part"
        return kind, None, 1
    return None


def _marker(text: str) -> tuple[str, str, str] | None:
    for kind, rx in MARKER_RES:
        m = rx.match(text)
        if m:
            return kind, m["m"], m["t"]
    return None


class _EventBuilder:
    def __init__(self, event: Event, layout: str, phase_aliases: dict[str, str]):
        self.event = event
        self.layout = layout
        self.phase_aliases = phase_aliases
        self.stack: list[tuple[int, Section]] = []
        self.path: list[Clause] = []
        self.last: Clause | None = None
        self.last_raw: str = ""
        self.open_paragraph = False
        self.expect_duration_for: Section | None = None
        self._glued: list[str] | None = None  # lines of the last clause joined at flush (no quadratic +=)
        self._glued_len = 0

    def glue(self, ln: TextLine) -> None:
        """A wrapped line continues the last clause."""
        if self._glued is None:
            self._glued = [self.last.text]
            self._glued_len = len(self.last.text)
        self._glued.append(ln.text)
        self._glued_len += 1 + len(ln.text)
        self.last_raw = ln.raw
        if self._glued_len > MAX_CLAUSE_CHARS:
            raise ParseError(self.event.source.file, self.last.line,
                             f"this clause runs on for more than {MAX_CLAUSE_CHARS} characters (to line "
                             f"{ln.number}): a missing blank line or sentence end?")

    def flush(self) -> None:
        if self._glued is not None:
            self.last.text = " ".join(self._glued)
            self._glued = None

    def container(self) -> list[Clause]:
        return self.stack[-1][1].clauses if self.stack else self.event.conditions

    def add_heading(self, ln: TextLine, kind: str, canonical: str | None, level: int) -> None:
        self.flush()
        text = ln.text
        section = Section(kind=kind, heading=text, line=ln.number, canonical=canonical)
        if kind == "phase":
            m = PHASE_RE.match(text)
            section.canonical = self.phase_aliases.get(m["name"] if m else _phase_name(text))
        if kind in ("part", "extension"):
            m = PART_RE.match(text)
            rest = (m["rest"] or "") + (m["paren"] or "")
            dm = re.search(r"histor[a-z]{0,20}\s+date\s*:?\s*([^)]*)", rest)
            if dm:
                section.date = dm.group(1).strip()
            # A part heading directly under an empty part heading nests inside it.
            if self.stack and self.stack[-1][1].kind in ("part", "extension") and not self.stack[-1][1].clauses \
                    and not self.stack[-1][1].sections:
                level = self.stack[-1][0] + 1
        while self.stack and self.stack[-1][0] >= level:
            self.stack.pop()
        if self.stack:
            self.stack[-1][1].sections.append(section)
        else:
            self.event.body.append(section)
        self.stack.append((level, section))
        self.path = []
        self.last = None
        self.expect_duration_for = section

    def add_clause(self, ln: TextLine, kind: str, marker: str, text: str) -> None:
        self.flush()
        indent = ln.indent
        clause = Clause(marker=marker, text=text, line=ln.number, indent=indent, kind=kind)
        container = self.container()
        parent: Clause | None = None
        if indent > 0:
            while self.path and self.path[-1].indent >= indent:
                self.path.pop()
            parent = self.path[-1] if self.path else None
        elif kind == "subclause":
            parent = self.path[0] if self.path and self.path[0].kind in ("clause", "modification") else None
        elif kind == "paragraph" and len(self.path) >= 2:
            parent = self.path[-2]
            self.path = self.path[:-1]
        elif kind in ("clause", "modification"):
            self.path = []
        if parent is not None:
            parent.children.append(clause)
            if indent == 0 and kind == "subclause":
                self.path = [parent]
        else:
            container.append(clause)
            if kind != "paragraph":
                self.path = []
        self.path.append(clause)
        self.last = clause
        self.last_raw = ln.raw

    def continues(self, ln: TextLine) -> bool:
        if self.layout != "wrapped" or self.last is None or not self.open_paragraph:
            return False
        prev = self.last_raw.rstrip()
        return not (prev.endswith(_SENTENCE_END) and len(prev) < 60)


def document_id(file: str, game: str) -> str:
    """The id of the document entry of an event text with a ``PERIOD`` header: ``doc-<file stem>.<game>``
    (``doc-001_7c112c9c7645b661.eu``). Rule ids are unique in the whole KB, not per game, so two games whose texts
    share a file name must not share it; a game id holds no '.', so the last '.' tells the game and no two
    (file, game) pairs give one id."""
    return f"{legacy_document_id(file)}.{game}"


def legacy_document_id(file: str) -> str:
    """The id the document entry had before it named its game (``doc-<file stem>``): ``ingest`` replaces it."""
    return f"doc-{file.rsplit('.', 1)[0]}"


def parse_event_text(text: str, file: str, period: str | None = None, game: str | None = None,
                     phase_aliases: dict[str, str] | None = None, labels: tuple[str, ...] = ()) -> ParsedEventFile:
    """Parse a whole event text file. Raises ParseError with file and line for what cannot be parsed.

    The text may open with a ``GAME <id>`` line and a ``PERIOD <label> (<years>)`` line; ``game`` and ``period``
    (from ``--game`` / ``--period``) stand in for missing ones and must agree with the ones written. ``labels``
    are the game's period labels, for the references in the text (``21:Early``)."""
    lines = split_lines(text)
    result = ParsedEventFile(layout=_detect_layout(lines))
    phase_aliases = phase_aliases or {}
    i = 0
    n = len(lines)
    # Optional GAME header, then optional PERIOD header, before the first event.
    while i < n and lines[i].blank:
        i += 1
    if i < n and (gm := GAME_HEADER_RE.match(lines[i].text)):
        if game and game != gm["game"]:
            raise ParseError(file, lines[i].number, f"the header says GAME {gm['game']} but --game {game} was given")
        game = gm["game"]
        result.game_line = lines[i].number
        i += 1
        while i < n and lines[i].blank:
            i += 1
    if game is None:
        first = next((ln for ln in lines if not ln.blank), None)
        raise ParseError(file, first.number if first else None,
                         "no 'GAME <id>' line and no game given: say which game's events these are with a 'GAME <id>' "
                         "first line or --game (the ids of kb/games/)")
    result.game = game
    if i < n and (m := PERIOD_HEADER_RE.match(lines[i].text)):
        result.period = m["period"]
        if m["start"]:
            result.period_years = (int(m["start"]), int(m["end"]))
        game_block = [Block("heading", f"GAME {game}", result.game_line)] if result.game_line else []
        result.document = RuleEntry(
            id=document_id(file, game), game=game, kind="document",
            title=lines[i].text, source=Source(file, result.game_line or lines[i].number, lines[i].number),
            blocks=[*game_block, Block("heading", lines[i].text, lines[i].number)],
            data={"period": m["period"], **({"years": list(result.period_years)} if result.period_years else {})},
        )
        if period and period != result.period:
            raise ParseError(file, lines[i].number,
                             f"the header says PERIOD {result.period} but --period {period} was given")
        i += 1
    period = period or result.period
    if period is None:
        first = next((ln for ln in lines if not ln.blank), None)
        raise ParseError(file, first.number if first else None,
                         "no 'PERIOD <label> (<years>)' header: give the period with --period (e.g. --period VII)")
    result.period = period

    builder: _EventBuilder | None = None
    builders: list[_EventBuilder] = []
    while i < n:
        ln = lines[i]
        if ln.blank:
            if builder:
                builder.open_paragraph = False
            i += 1
            continue
        if TITLE_START_RE.match(ln.text) and not _heading(ln.text, phase_aliases):
            builder, i = _start_event(lines, i, file, period, game, result, phase_aliases, labels)
            builders.append(builder)
            continue
        if builder is None:
            raise ParseError(file, ln.number,
                             f"expected an event title such as '1: TITLE (historical date: 1650)', found {ln.text[:60]!r}")
        _body_line(builder, ln)
        i += 1
    for b in builders:
        b.flush()
    for event in result.events:
        _finish_event(event, labels)
    return result


def _start_event(lines, i, file, period, game, result, phase_aliases, labels=()):
    start = lines[i]
    header = start.text
    i += 1
    # Title continues while parentheses are open, or when the date stands on the next line; parentheses are
    # counted per line (recounting the glued title was quadratic) and a title spans at most MAX_TITLE_LINES.
    parts = [header]
    depth = header.count("(") - header.count(")")
    while i < len(lines) and not lines[i].blank and len(parts) < MAX_TITLE_LINES and (
        depth > 0 or re.match(r"^\((?:histor|non-histor)", lines[i].text)
    ):
        parts.append(lines[i].text)
        depth += lines[i].text.count("(") - lines[i].text.count(")")
        i += 1
    header = " ".join(parts)
    if depth > 0:
        raise ParseError(file, start.number, f"the event title {header[:80]!r} is not closed: a ')' is missing "
                         f"(is the text truncated?); a title spans at most {MAX_TITLE_LINES} lines")
    m = split_title(header)
    if not m:
        raise ParseError(file, start.number, f"cannot read the event title {header[:80]!r}: expected "
                         "'N: TITLE [(*)|(2)] (historical date: YEAR)'")
    number = int(m.num)
    date = m.date.strip() if m.date is not None else None
    if m.datekw and m.datekw.startswith("non-"):
        date = "non-historical"
    event = Event(
        id=f"{number}:{period}", game=game, period=period, number=number, title=m.title.strip(),
        header=header, source=Source(file, start.number), multiplicity=m.mult, date=date,
    )
    event.date_start, event.date_end = parse_date(date if date != "non-historical" else None)
    while i < len(lines) and lines[i].blank:
        i += 1
    if i < len(lines) and lines[i].text.startswith("(duration"):
        dline = lines[i]
        dparts = [dline.text]
        depth = dline.text.count("(") - dline.text.count(")")
        i += 1
        while depth > 0 and i < len(lines) and not lines[i].blank and len(dparts) < MAX_TITLE_LINES:
            dparts.append(lines[i].text)
            depth += lines[i].text.count("(") - lines[i].text.count(")")
            i += 1
        dur = " ".join(dparts)
        dm = DURATION_RE.match(dur)
        if not dm:
            raise ParseError(file, dline.number, f"cannot read the duration line {dur[:80]!r}: expected '(duration: …)'")
        event.duration = dm["text"].strip()
        event.duration_line = dline.number
        event.duration_kind, event.duration_turns = classify_duration(event.duration)
    result.events.append(event)
    builder = _EventBuilder(event, result.layout, phase_aliases)
    builder.labels = labels
    return builder, i


def _body_line(b: _EventBuilder, ln: TextLine) -> None:
    text = ln.text
    if b.expect_duration_for is not None and text.startswith("(duration") and b.last is None:
        m = DURATION_RE.match(text)
        if m:
            b.expect_duration_for.duration = m["text"].strip()
            b.expect_duration_for.duration_line = ln.number
            return
    head = _heading(text, b.phase_aliases) if ln.indent == 0 or b.layout == "wrapped" else None
    if head:
        b.add_heading(ln, *head)
        b.open_paragraph = False
        return
    b.expect_duration_for = None
    mk = _marker(text)
    if mk:
        kind, marker, rest = mk
        b.add_clause(ln, kind, marker, rest)
        b.open_paragraph = True
        return
    if b.continues(ln):
        b.glue(ln)
        return
    b.add_clause(ln, "modifier" if ln.indent > 0 else "paragraph", "", text)
    b.open_paragraph = True


def _finish_event(event: Event, labels: tuple[str, ...] = ()) -> None:
    for clause in event.all_clauses():
        clause.refs = find_references(clause.text, clause.line, labels=labels)
    for clause in event.conditions:
        found = extends_id(clause.text, labels)
        if found and event.extends is None:
            event.extends = found
    # Last line of the event, for the source span.
    last = event.source.line
    for clause in event.all_clauses():
        last = max(last, clause.line)
    for section in event.all_sections():
        last = max(last, section.line, section.duration_line or 0)
    event.source.end_line = last


# ---------------------------------------------------------------- rendering

def _clause_pieces(clause: Clause):
    prefix = " " * clause.indent
    text = f"{clause.marker} {clause.text}".strip() if clause.marker else clause.text
    yield clause.line, prefix + text
    for child in clause.children:
        yield from _clause_pieces(child)


def _section_pieces(section: Section):
    yield section.line, section.heading
    if section.duration is not None:
        yield section.duration_line or section.line, f"(duration: {section.duration})"
    for clause in section.clauses:
        yield from _clause_pieces(clause)
    for sub in section.sections:
        yield from _section_pieces(sub)


def event_pieces(event: Event):
    """(line, text) pieces of an event, in source order."""
    yield event.source.line, event.header
    if event.duration is not None:
        yield event.duration_line or event.source.line, f"(duration: {event.duration})"
    for clause in event.conditions:
        yield from _clause_pieces(clause)
    for section in event.body:
        yield from _section_pieces(section)


def render_event(event: Event) -> str:
    return "\n".join(text for _, text in event_pieces(event)) + "\n"
