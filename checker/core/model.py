"""The one model in the middle of rulekb: plain dataclasses.

The text parsers (``checker.textformat``) produce these objects, the KB layer (``checker.kb``)
saves and loads them as YAML, the checks read them, and the renderers turn them back into the
text they came from. Every piece of verbatim text carries the source line it came from, so a
rendered entry can be laid back into its seed file in order (see ``checker.textformat.render``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .._fast import clause_lists

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


def _add_walked(out: list[Clause], clauses: list[Clause]) -> None:
    """``out`` extended by each clause's ``walk()`` (the clause, then its children's), without a generator each."""
    for clause in clauses:
        out.append(clause)
        if clause.children:
            _add_walked(out, clause.children)


def _add_sections(out: list[Section], section: Section) -> None:
    """``out`` extended by ``section.walk_sections()``, without a generator each."""
    out.append(section)
    for sub in section.sections:
        _add_sections(out, sub)


@dataclass
class Event:
    """One event of an event list (``checker/textformat/event_list.py``)."""

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

    @property
    def plays(self) -> int | None:
        """How often the event may fire: its multiplicity as written ("2"), 1 when none is written (or it is no
        number), None for "*" (no limit). The one reading of the marker: the logic's facts, the horizon bound and
        the site all start from it (docs/logic.md S9)."""
        mult = self.multiplicity
        if mult == "*":
            return None
        return int(mult) if mult and mult.isdigit() else 1

    def all_clauses(self) -> list[Clause]:
        """Every clause of the event, each before its children: its conditions, then its body's sections in order.
        A list, built in one pass (a generator per clause cost more than the checks that read them); while checks
        run, built once per event and shared (``checker/_fast/clause_lists.py``): do not change it."""
        return clause_lists.clauses(self, self._walk_clauses)

    def _walk_clauses(self) -> list[Clause]:
        out: list[Clause] = []
        _add_walked(out, self.conditions)
        for sub in self.all_sections():
            _add_walked(out, sub.clauses)
        return out

    def all_sections(self) -> list[Section]:
        """Every section of the body, each before its subsections. A list; while checks run, built once per event
        and shared (``checker/_fast/clause_lists.py``): do not change it."""
        return clause_lists.sections(self, self._walk_sections)

    def _walk_sections(self) -> list[Section]:
        out: list[Section] = []
        for section in self.body:
            _add_sections(out, section)
        return out

    @property
    def key(self) -> str:
        """The event's key in a whole KB, unique across games: ``eu/8:VII``. Within one game (``kb.view``) the
        plain id is the key."""
        return qualified(self.game, self.id)


def qualified(game: str, event_id: str) -> str:
    """``("eu", "8:VII")`` -> ``"eu/8:VII"``: an event's key in a KB that may hold several games."""
    return f"{game}/{event_id}"


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
    game: str | None = None  # the game of the entry ``subject`` names (for acceptances and the site; not in reports)
    quote: str | None = None  # the clause at ``line``, set by the run (shown by the text report, not in JSON)

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
    game: str | None = None  # the game whose entry ``subject`` names; None: any game's


@dataclass
class KnowledgeBase:
    """Everything loaded from ``kb/``: entries by id plus game profiles and gazetteers (plain dicts).

    A KB may hold several games. The whole KB keys its events by ``Event.key`` (``eu/8:VII``), since two games
    may both have an event ``1:I``; ``view(game)`` gives one game's part, with events (and their ``files``)
    keyed by their plain ids. Checks, the logic engine and the site work on views, so references resolve within
    the citing entry's game and nothing crosses from one game to another.
    """

    root: str
    events: dict[str, Event] = field(default_factory=dict)
    rules: dict[str, RuleEntry] = field(default_factory=dict)
    glossaries: dict[str, Glossary] = field(default_factory=dict)
    games: dict[str, dict[str, Any]] = field(default_factory=dict)
    gazetteers: dict[str, dict[str, Any]] = field(default_factory=dict)
    acceptances: list[Acceptance] = field(default_factory=list)
    files: dict[str, str] = field(default_factory=dict)  # entry id -> KB file path (relative to root)
    documents: dict[str, RuleEntry] = field(default_factory=dict)
    decks: dict[str, Any] = field(default_factory=dict)  # deck file -> a deck (checker.games.registry.decks_module)

    game: str | None = None  # set on a one-game view (``view``): events are then keyed by their plain ids

    def periods(self, game: str | None = None) -> set[str]:
        game = game or self.game
        return {e.period for e in self.events.values() if game is None or e.game == game}

    def game_ids(self) -> list[str]:
        """Every game the KB knows (a profile, events or rules), profiles first in file order."""
        out = list(self.games)
        for entry in (*self.events.values(), *self.rules.values(), *self.documents.values(),
                      *self.glossaries.values()):
            if entry.game not in out:
                out.append(entry.game)
        return out

    def event(self, game: str, event_id: str) -> Event | None:
        """The event ``event_id`` of ``game``, in a whole KB or a view."""
        if self.game is not None:
            return self.events.get(event_id) if game == self.game else None
        return self.events.get(qualified(game, event_id))

    def one_game(self) -> KnowledgeBase:
        """This KB as one game's view: itself when it is a view (or holds events keyed by plain id of one game
        only), the view of its one game with events otherwise. A KB with events of several games raises ValueError:
        the logic of two games is never mixed."""
        if self.game is not None:
            return self
        games = {e.game for e in self.events.values()}
        if len(games) > 1:
            raise ValueError(f"the knowledge base holds events of several games ({', '.join(sorted(games))}): "
                             "take one game's view (kb.view(game))")
        if not games or all(k == e.id for k, e in self.events.items()):
            return self
        return self.view(games.pop())

    def view(self, game: str) -> KnowledgeBase:
        """One game's part of the KB: its events keyed by plain id, its rules, glossaries and documents, its
        acceptances, its own profile, gazetteer and decks. Cheap: no entry is copied."""
        if self.game == game:
            return self
        events = {e.id: e for e in self.events.values() if e.game == game}
        files: dict[str, str] = {}
        all_events = self.events
        for key, path in self.files.items():
            if key in all_events:  # an event's file: kept under its plain id for its own game only
                ev = all_events[key]
                if ev.game == game:
                    files[ev.id] = path
            else:
                files[key] = path
        acceptances = [a for a in self.acceptances if a.game in (None, game)]
        return KnowledgeBase(
            root=self.root, events=events,
            rules={k: r for k, r in self.rules.items() if r.game == game},
            glossaries={k: g for k, g in self.glossaries.items() if g.game == game},
            games={game: self.games[game]} if game in self.games else {},
            gazetteers={game: self.gazetteers[game]} if game in self.gazetteers else {},
            acceptances=acceptances, files=files,
            documents={k: d for k, d in self.documents.items() if d.game == game},
            decks={k: d for k, d in self.decks.items() if d.game == game}, game=game)
