"""Turn a text (an event list or a rules document) into KB YAML entries, without losing curated work.

For each parsed entry:

* no KB file yet: write it;
* a KB file already there: parse and derive afresh, carry over what a person curated (event notes, clause and
  section logic marked ``curated: true``, an edited event or rule title) unless ``force`` is given, and write
  only if the result differs from the file (so an unchanged text changes no file).

Nothing is lost silently. Before anything is written, every entry is checked, and the whole ingest is refused
(``IngestError``, exit 2) when:

* the text numbers two events alike (the second would replace the first);
* an event's file already holds an event taken from another source text (ingesting would replace it);
* an existing file cannot be read (a hand edit with a YAML error would be overwritten);
* an entry would not validate against its schema (an id made from a file name with a space), or a name in
  it would not make a safe path (``checker/paths.py``).

Every write goes through a temporary file and a rename, so an interrupted ingest leaves each file either
old or new, never partly written. The document entry of an event text is ``doc-<file stem>.<game>`` (two games'
texts may share a file name); a file that holds it under its old id ``doc-<file stem>`` (same game, same text) is
read for curated work and removed once its successor is written.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from ..core.model import Event, Glossary, KnowledgeBase, RuleEntry
from ..core.paths import UnsafePath, check_period, safe_join
from ..kb import codec as ser
from ..kb.store import dump_entry, entry_data, entry_kind, entry_path, load_kb, validate
from ..kb.yamlio import YamlError, atomic_write, load_file
from ..logic.derive import derive_text_logic
from ..textformat import ParseError, parse_document, read_text
from ..textformat.event_list import legacy_document_id, split_title


class IngestError(ParseError):
    """The text cannot be ingested without losing or corrupting KB data: nothing is written."""


@dataclass
class IngestReport:
    written: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    kept_curated: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # an entry's file under the id it had before (replaced)


def _existing(root: str, rel: str):
    path = safe_join(root, rel)
    if not os.path.lexists(path):
        return None
    data, _ = load_file(path, rel, root=root)
    if rel.startswith("events"):
        return ser.event_from(data)
    if rel.startswith("glossary"):
        return ser.glossary_from(data)
    return ser.rule_from(data)


def _carry_curated(new: Event | RuleEntry | Glossary, old: Event | RuleEntry | Glossary) -> bool:
    carried = False
    if isinstance(new, Event) and isinstance(old, Event):
        if old.notes and not new.notes:
            new.notes, carried = old.notes, True
        parts = split_title(old.header or "")
        derived = parts.title.strip() if parts else None
        if old.title and old.title != derived and old.title != new.title:  # the title was edited by hand
            new.title, carried = old.title, True
        if (new.duration_turns is None and old.duration_turns is not None and new.duration_kind == old.duration_kind
                and new.duration == old.duration):  # a bound a person added to an open duration (20:IV's 6 turns)
            new.duration_turns, carried = old.duration_turns, True
        old_logic = {(c.text, c.marker): c.logic for c in old.all_clauses() if c.logic and c.logic.get("curated")}
        for c in new.all_clauses():
            key = (c.text, c.marker)
            if key in old_logic:
                c.logic, carried = old_logic[key], True
        old_sections = {s.heading: s.logic for s in old.all_sections() if s.logic and s.logic.get("curated")}
        for s in new.all_sections():
            if s.heading in old_sections:
                s.logic, carried = old_sections[s.heading], True
    elif isinstance(new, RuleEntry) and isinstance(old, RuleEntry) and old.title != new.title:
        new.title, carried = old.title, True
    return carried


def ingest_file(path: str, root: str, period: str | None = None, force: bool = False,
                name: str | None = None, phase_aliases: dict[str, str] | None = None,
                game: str | None = None, kb: KnowledgeBase | None = None) -> IngestReport:
    """Parse one text and write its entries into the KB at ``root``. An event list's game is its GAME line, else
    ``game`` (``--game``), else the KB's one game (``checker.games.default_game``).

    The events' logic is derived in the context of the KB as ``check`` derives it (``derive_text_logic``): an
    event that "repeats exactly … (7:VII)" inherits the cases of the KB's 7:VII. ``kb``: the KB at ``root`` as
    loaded (``load_kb(root).kb``), to ingest several texts with one load; the text's events are placed in it, so
    a later text reads them as ``check`` reads texts checked together. Without it, the KB is loaded here."""
    from ..games import default_game, phase_aliases_of, profile, profiles_on_disk
    from ..textformat.event_list import header_game

    name = name or os.path.basename(path)
    if period is not None:
        check_period(period, "--period")
    text = read_text(path, name)
    profiles = profiles_on_disk(root)
    game = header_game(text) or game or default_game(root)
    if phase_aliases is None:
        phase_aliases = phase_aliases_of(profiles.get(game or "", {}))
    doc = parse_document(text, name, period, phase_aliases=phase_aliases, game=game,
                         labels=profile(profiles, game).periods)
    _refuse_repeated_numbers(doc.events, name)
    report = IngestReport()
    if kb is None:
        kb = load_kb(root).kb
    derive_text_logic(doc.events, kb)
    entries: list[Event | RuleEntry | Glossary] = [*doc.events, *doc.rules, *doc.glossaries]
    planned: list[tuple[str, str]] = []
    replaced: list[str] = []
    for entry in entries:
        rel = entry_path(entry)  # checks game, period, id and number before they become a path
        try:
            old = _existing(root, rel)
            legacy = _legacy_document(root, entry, name)
        except YamlError as exc:
            raise IngestError(exc.file, exc.line, f"the existing KB file cannot be read ({exc.message}); ingest "
                              "would overwrite it: fix or delete it first") from None
        if legacy is not None:  # this text's document under its id without the game: replaced, curated work kept
            replaced.append(legacy[0])
            old = old if old is not None else legacy[1]
        if isinstance(old, Event) and isinstance(entry, Event) and old.source.file != entry.source.file:
            raise IngestError(name, entry.source.line,
                              f"event {entry.id} is already in the KB from another text ({old.source.file}, "
                              f"{os.path.join(root, rel)}); ingesting would replace it. Renumber the new event, "
                              "or delete that file first if this text really replaces it")
        # Derived structure is re-derived every time; what a person curated is carried over (unless --force).
        # An unchanged text therefore rewrites nothing: the file's bytes come out the same.
        if old is not None and not force and _carry_curated(entry, old):
            report.kept_curated.append(rel)
        errors = validate(entry_data(entry), entry_kind(entry), root, rel, "")
        if errors:
            first = errors[0]
            raise IngestError(name, entry.source.line if entry.source else None,
                              f"the entry {entry.id!r} would not be valid KB data ({first.message}); nothing "
                              "was written")
        rel, out = dump_entry(entry)
        planned.append((rel, out))
    for rel, out in planned:
        if atomic_write(safe_join(root, rel), out):
            report.written.append(rel)
        else:
            report.unchanged.append(rel)
    for rel in replaced:  # only once its successor is written
        try:
            os.unlink(safe_join(root, rel))
        except OSError as exc:
            raise IngestError(os.path.join(root, rel), None, f"cannot remove the document's file under its old id "
                              f"({exc.strerror}); delete it by hand") from None
        report.removed.append(rel)
    for event in doc.events:  # as written: a later text of this ingest reads the KB as a later ingest would
        kb.events[event.key] = event
    return report


def _legacy_document(root: str, entry, name: str) -> tuple[str, RuleEntry] | None:
    """``(rel, entry)`` of the file that holds this text's document entry under the id it had before document ids
    named their game (``doc-<stem>``, ``textformat.event_list.document_id``): same game folder, kind document, taken
    from a text of this name. Anything else under that name is left alone."""
    if not (isinstance(entry, RuleEntry) and entry.kind == "document"):
        return None
    legacy_id = legacy_document_id(name)
    if entry.id == legacy_id or entry.id != f"{legacy_id}.{entry.game}":
        return None
    legacy = RuleEntry(id=legacy_id, game=entry.game, kind="document", title="", source=entry.source)
    try:
        rel = entry_path(legacy)
    except UnsafePath:  # an old id that is not a safe name was never written by ingest
        return None
    old = _existing(root, rel)
    if isinstance(old, RuleEntry) and old.kind == "document" and old.source.file == name:
        return rel, old
    return None


def _refuse_repeated_numbers(events: list[Event], name: str) -> None:
    seen: dict[str, Event] = {}
    for event in events:
        if event.id in seen:
            raise IngestError(name, event.source.line,
                              f"a second event numbered {event.number} in period {event.period} (the first is on "
                              f"line {seen[event.id].source.line}); one would replace the other: renumber one")
        seen[event.id] = event


def profile_phase_aliases(root: str) -> dict[str, str]:
    """Phase heading -> canonical phase id, from every game profile in ``root/games``."""
    from ..games import phase_aliases_of, profiles_on_disk

    out: dict[str, str] = {}
    for data in profiles_on_disk(root).values():
        out.update(phase_aliases_of(data))
    return out

