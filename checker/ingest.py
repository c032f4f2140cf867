"""Turn a text (an event list or a rules document) into KB YAML entries, without losing curated work.

For each parsed entry:

* no KB file yet: write it;
* a KB file already there: parse and derive afresh, carry over what a person curated (event notes, clause and
  section logic marked ``curated: true``, a rule entry's title) unless ``force`` is given, and write only if the
  result differs from the file (so an unchanged text changes no file).

Every write goes through a temporary file and a rename, so an interrupted ingest leaves each file either
old or new, never partly written.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from .kbio import serialize as ser
from .kbio.store import dump_entry, entry_path
from .kbio.yamlio import YamlError, atomic_write, load_file
from .logic.derive import derive_event_logic
from .model import Event, Glossary, RuleEntry
from .textformat import parse_document, read_text


@dataclass
class IngestReport:
    written: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    kept_curated: list[str] = field(default_factory=list)


def _existing(root: str, rel: str):
    path = os.path.join(root, rel)
    if not os.path.exists(path):
        return None
    data, _ = load_file(path, rel)
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
        old_logic = {(c.text, c.marker): c.logic for c in old.all_clauses() if c.logic and c.logic.get("curated")}
        for c in new.all_clauses():
            key = (c.text, c.marker)
            if key in old_logic:
                c.logic, carried = old_logic[key], True
        old_sections = {s.heading: s.logic for s in old.all_sections() if s.logic and s.logic.get("curated")}
        for s in new.all_sections():
            if s.heading in old_sections:
                s.logic, carried = old_sections[s.heading], True
    elif isinstance(new, RuleEntry) and isinstance(old, RuleEntry):
        if old.title != new.title:
            new.title, carried = old.title, True
    return carried


def ingest_file(path: str, root: str, period: str | None = None, force: bool = False,
                name: str | None = None, phase_aliases: dict[str, str] | None = None) -> IngestReport:
    name = name or os.path.basename(path)
    if phase_aliases is None:
        phase_aliases = profile_phase_aliases(root)
    text = read_text(path, name)
    doc = parse_document(text, name, period, phase_aliases=phase_aliases)
    report = IngestReport()
    for event in doc.events:
        derive_event_logic(event, {e.id: e for e in doc.events})
    entries: list[Event | RuleEntry | Glossary] = [*doc.events, *doc.rules, *doc.glossaries]
    for entry in entries:
        rel = entry_path(entry)
        try:
            old = _existing(root, rel)
        except YamlError:
            old = None
        # Derived structure is re-derived every time; what a person curated is carried over (unless --force).
        # An unchanged text therefore rewrites nothing: the file's bytes come out the same.
        if old is not None and not force and _carry_curated(entry, old):
            report.kept_curated.append(rel)
        rel, out = dump_entry(entry)
        if atomic_write(os.path.join(root, rel), out):
            report.written.append(rel)
        else:
            report.unchanged.append(rel)
    return report


def profile_phase_aliases(root: str) -> dict[str, str]:
    """Phase heading -> canonical phase id, from the game profiles in ``root/games``."""
    out: dict[str, str] = {}
    games = os.path.join(root, "games")
    for name in sorted(os.listdir(games)) if os.path.isdir(games) else []:
        if name.endswith(".yaml"):
            data, _ = load_file(os.path.join(games, name), name)
            for phase in (data or {}).get("phases", []):
                out[phase["name"]] = phase["id"]
                out.update({alias: phase["id"] for alias in phase.get("aliases", [])})
    return out


def _same_source(old, new) -> bool:
    return old.source.file == new.source.file and old.source.line == new.source.line
