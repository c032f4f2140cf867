"""The check job: load the KB, place contributed texts or YAML files in it, run the checks, apply acceptances."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from .checks import CheckContext, run_checks
from .kbio import serialize as ser
from .kbio.store import LoadResult, load_kb, schema_kind_for, validate
from .kbio.yamlio import YamlError, load_file
from .logic.derive import derive_event_logic
from .model import Finding, KnowledgeBase
from .textformat import ParseError, parse_document, read_text

_LINE_RE = re.compile(r"^\s*(?:- )?(?:duration_)?line: (\d+)\s*$")


@dataclass
class CheckRun:
    findings: list[Finding] = field(default_factory=list)
    kb: KnowledgeBase | None = None
    quotes: dict = field(default_factory=dict)


def _line_index(text: str) -> dict[int, int]:
    """Source line -> YAML line of the first ``line: N`` (or ``duration_line: N``) that names it."""
    index: dict[int, int] = {}
    for yaml_line, raw in enumerate(text.splitlines(), start=1):
        m = _LINE_RE.match(raw)
        if m:
            index.setdefault(int(m.group(1)), yaml_line)
    return index


class Locator:
    """Maps (entry id, source line) to the file and line a reader should open."""

    def __init__(self, load: LoadResult):
        self.kb = load.kb
        self.texts = load.texts
        self.indexes: dict[str, dict[int, int]] = {}
        self.overrides: dict[str, str] = {}  # entry id -> contributed text file (lines are that file's own)

    def __call__(self, subject: str | None, source_line: int | None):
        if subject is None:
            return None, source_line
        if subject in self.overrides:
            return self.overrides[subject], source_line
        file = self.kb.files.get(subject)
        if file is None:
            return None, source_line
        if source_line is None:
            return file, None
        if file not in self.indexes:
            self.indexes[file] = _line_index(self.texts.get(file, ""))
        return file, self.indexes[file].get(source_line)


def check_paths(paths: list[str], kb_root: str | None, period: str | None = None,
                selected: set[str] | None = None) -> CheckRun:
    load = load_kb(kb_root)
    kb = load.kb
    locator = Locator(load)
    ctx = CheckContext(kb, locator, load_findings=list(load.findings))
    if paths:
        ctx.only = set()
        aliases = phase_aliases(kb)
        for path in paths:
            name = os.path.relpath(path) if not os.path.isabs(path) else path
            if path.endswith((".yaml", ".yml")):
                _place_yaml(path, name, kb, ctx, locator)
                continue
            try:
                doc = parse_document(read_text(path, name), os.path.basename(path), period, phase_aliases=aliases)
            except ParseError as exc:
                ctx.parse_findings.append(Finding("PAR001", "schema", "error", None, exc.file if exc.file else name,
                                                  exc.line, exc.message))
                continue
            for event in doc.events:
                derive_event_logic(event, {**kb.events, **{e.id: e for e in doc.events}})
                kb.events[event.id] = event
                locator.overrides[event.id] = name
                ctx.only.add(event.id)
            for rule in doc.rules:
                (kb.documents if rule.kind == "document" else kb.rules)[rule.id] = rule
                locator.overrides[rule.id] = name
                ctx.only.add(rule.id)
            for glossary in doc.glossaries:
                kb.glossaries[glossary.id] = glossary
                locator.overrides[glossary.id] = name
                ctx.only.add(glossary.id)
        ctx.load_findings = [f for f in ctx.load_findings if f.subject is None or f.subject in ctx.only]
    findings = run_checks(ctx, selected)
    run = CheckRun(findings=findings, kb=kb)
    for event in kb.events.values():
        for clause in event.all_clauses():
            file, line = locator(event.id, clause.line)
            run.quotes[(event.id, line)] = f"{clause.marker} {clause.text}".strip()
    return run


def _place_yaml(path: str, name: str, kb: KnowledgeBase, ctx: CheckContext, locator: Locator) -> None:
    root = os.path.abspath(kb.root)
    full = os.path.abspath(path)
    rel = os.path.relpath(full, root) if full.startswith(root + os.sep) else None
    kind = schema_kind_for(rel) if rel else None
    try:
        data, text = load_file(path, name)
    except YamlError as exc:
        ctx.parse_findings.append(Finding("SCH001", "schema", "error", None, exc.file, exc.line, exc.message))
        return
    if kind is None:
        if isinstance(data, dict) and data.get("game") == "pop" and "ages" in data:
            kind = "deck"
        else:
            kind = "event" if isinstance(data, dict) and "period" in data else "rule"
    errors = validate(data, kind, kb.root, name, text)
    if errors:
        ctx.parse_findings.extend(errors)
        return
    if kind == "event":
        ev = ser.event_from(data)
        kb.events[ev.id] = ev
        kb.files[ev.id] = name
        locator.texts[name] = text
        ctx.only.add(ev.id)
    elif kind == "rule":
        r = ser.rule_from(data)
        kb.rules[r.id] = r
        kb.files[r.id] = name
        locator.texts[name] = text
        ctx.only.add(r.id)
    elif kind == "deck":
        from .pop_deck import deck_from

        deck = deck_from(data, name, kb.games.get("pop", {}).get("id_grammar", []), text)
        kb.decks[name] = deck
        ctx.only.add(deck.scenario)


def phase_aliases(kb: KnowledgeBase) -> dict[str, str]:
    out: dict[str, str] = {}
    for game in kb.games.values():
        for phase in game.get("phases", []):
            out[phase["name"]] = phase["id"]
            for alias in phase.get("aliases", []):
                out[alias] = phase["id"]
    return out
