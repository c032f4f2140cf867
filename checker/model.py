"""The one model in the middle of rulekb: plain dataclasses.

The text parsers (``checker.textformat``) produce these objects, the KB layer (``checker.kbio``)
saves and loads them as YAML, the checks read them, and the renderers turn them back into the
text they came from. Every piece of verbatim text carries the source line it came from, so a
rendered entry can be laid back into its seed file in order (see ``checker.textformat.render``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SEVERITIES = ("error", "warning", "info")
CATEGORIES = ("schema", "reference", "naming", "structure", "chronology", "logic", "style")


@dataclass
class Source:
    """Where an entry came from: the seed (or contributed) text file and its line span."""

    file: str
    line: int
    end_line: int | None = None


@dataclass
class Reference:
    """A reference found in verbatim text.

    ``kind`` is ``event``, ``rule``, ``expansion`` or ``page``. ``target`` is the canonical form
    (``7:VII`` for events, whatever was written for rules, pages and expansions). ``form`` says how an
    event id was written: ``number:period`` or ``period:number``. ``external`` is true when the target lies
    outside the knowledge base (a period the KB does not hold, a rule of the base game, a page).
    """

    kind: str
    text: str
    target: str
    form: str | None = None
    external: bool = False
    line: int | None = None


@dataclass
class Clause:
    """One numbered, lettered or unlabelled clause, with its verbatim text and its children.

    ``marker`` is the label as written (``1.``, ``a.``, ``II.``, ``Case I:``, or empty for a plain
    paragraph). Hard-wrapped source lines are joined with single spaces in ``text``.
    ``logic`` holds the structured logic (conditions, effects, failure handling) where it is known.
    """

    marker: str
    text: str
    line: int
    indent: int = 0
    kind: str = "clause"  # clause | subclause | paragraph | modifier | modification
    children: list[Clause] = field(default_factory=list)
    logic: dict[str, Any] | None = None
    refs: list[Reference] = field(default_factory=list)

    @property
    def label(self) -> str:
        return self.marker.rstrip(".:;/\\ ").strip()

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass
class Section:
    """A heading and what stands under it: a phase, a turn, a numbered event body, a case, a named part.

    ``heading`` is verbatim; ``canonical`` is what it maps to (a canonical phase id, a turn number,
    a case number) or None where the heading is outside the vocabulary.
    """

    kind: str  # phase | turn | event | case | part | extension
    heading: str
    line: int
    canonical: str | None = None
    date: str | None = None
    duration: str | None = None
    duration_line: int | None = None
    clauses: list[Clause] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    logic: dict[str, Any] | None = None  # the condition under which a case or conditional part applies

    def walk_sections(self):
        yield self
        for sub in self.sections:
            yield from sub.walk_sections()


@dataclass
class Event:
    """One event of an event list (Europa Universalis rewrite format)."""

    id: str  # canonical NUMBER:PERIOD
    game: str
    period: str
    number: int
    title: str
    header: str  # verbatim title line(s), joined with single spaces
    source: Source
    multiplicity: str | None = None  # "*", "1", "2" as written inside the parentheses
    date: str | None = None  # verbatim historical date ("1773-74", "no definite date", "non-historical")
    date_start: int | None = None
    date_end: int | None = None
    duration: str | None = None  # verbatim text inside "(duration: ...)"
    duration_line: int | None = None
    duration_kind: str | None = None  # immediate | turns | permanent | until
    duration_turns: int | None = None
    extends: str | None = None
    conditions: list[Clause] = field(default_factory=list)
    body: list[Section] = field(default_factory=list)
    notes: str | None = None

    def all_clauses(self):
        for clause in self.conditions:
            yield from clause.walk()
        for section in self.body:
            for sub in section.walk_sections():
                for clause in sub.clauses:
                    yield from clause.walk()

    def all_sections(self):
        for section in self.body:
            yield from section.walk_sections()


@dataclass
class Block:
    """A verbatim block of a rules document: heading, paragraph, list item, or recognised artefact."""

    kind: str  # heading | paragraph | item | artefact | effect | term
    text: str
    line: int
    marker: str = ""
    indent: int = 0


@dataclass
class Effect:
    """A structured effect line of an A World at War random event ("Italian support level: -1")."""

    text: str
    line: int
    target: str | None = None
    quantity: str | None = None
    amount: int | None = None
    cap: int | None = None
    condition: str | None = None
    parsed: bool = True
    problem: str | None = None


@dataclass
class RuleEntry:
    """One rule, section, guideline, rule change, variant, random-event type or worked example.

    ``kind`` says which (``section``, ``optional_rule``, ``guideline``, ``standard_effect``,
    ``secondary_effect``, ``rule_change``, ``variant``, ``note``, ``event_type``, ``example``, ``document``).
    """

    id: str
    game: str
    kind: str
    title: str
    source: Source
    blocks: list[Block] = field(default_factory=list)
    number: str | None = None
    parent: str | None = None
    auto_resolution: str | None = None
    effects: list[Effect] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
    refs: list[Reference] = field(default_factory=list)


@dataclass
class GlossaryTerm:
    term: str
    meaning: str
    line: int
    separator: str = ":"
    convention: str | None = None  # e.g. "province (upper case)", "minor (capitalised)", "ownership"


@dataclass
class Glossary:
    id: str
    game: str
    source: Source
    heading: str | None
    terms: list[GlossaryTerm] = field(default_factory=list)


@dataclass
class ExplanationItem:
    id: str | None
    file: str | None
    line: int | None
    text: str | None = None


@dataclass
class Finding:
    """A finding in the contract of DESIGN.md."""

    rule: str
    category: str
    severity: str
    subject: str | None
    file: str | None
    line: int | None
    message: str
    explanation: list[ExplanationItem] | None = None
    accepted: str | None = None  # reason, when an acceptance in the KB covers it
    source_line: int | None = None  # the entry's source line (for the site's clause anchors; not in reports)

    def sort_key(self):
        return (self.file or "", self.line or 0, self.rule, self.subject or "", self.message)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "rule": self.rule,
            "category": self.category,
            "severity": self.severity,
            "subject": self.subject,
            "file": self.file,
            "line": self.line,
            "message": self.message,
        }
        if self.explanation is not None:
            out["explanation"] = [
                {"id": e.id, "file": e.file, "line": e.line, **({"text": e.text} if e.text else {})}
                for e in self.explanation
            ]
        if self.accepted is not None:
            out["accepted"] = self.accepted
        return out


@dataclass
class Acceptance:
    """A reviewed finding recorded as intended or as a known erratum."""

    rule: str
    subject: str | None
    reason: str
    match: str | None = None  # optional substring of the message, to pin one finding
    who: str | None = None
    when: str | None = None
    erratum: bool = False
    line: int | None = None


@dataclass
class KnowledgeBase:
    """Everything loaded from ``kb/``: entries by id plus game profiles and gazetteers (plain dicts)."""

    root: str
    events: dict[str, Event] = field(default_factory=dict)
    rules: dict[str, RuleEntry] = field(default_factory=dict)
    glossaries: dict[str, Glossary] = field(default_factory=dict)
    games: dict[str, dict[str, Any]] = field(default_factory=dict)
    gazetteers: dict[str, dict[str, Any]] = field(default_factory=dict)
    acceptances: list[Acceptance] = field(default_factory=list)
    files: dict[str, str] = field(default_factory=dict)  # entry id -> KB file path (relative to root)
    documents: dict[str, RuleEntry] = field(default_factory=dict)
    decks: dict[str, Any] = field(default_factory=dict)  # deck file -> checker.pop_deck.Deck

    def periods(self, game: str = "eu") -> set[str]:
        return {e.period for e in self.events.values() if e.game == game}
