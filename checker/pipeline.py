"""The check job: load the KB, place contributed texts or YAML files in it, run the checks, apply acceptances."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from ._fast.gc_pause import gc_paused
from .checks import CheckContext, run_checks
from .core.model import Finding, KnowledgeBase, qualified
from .kb import codec as ser
from .kb.cache import line_index, read_findings, write_findings
from .kb.store import LoadResult, game_references, load_kb, schema_kind_for, validate
from .kb.yamlio import MAX_YAML_BYTES, YamlError, decode_utf8, load_file, loads


@dataclass
class CheckRun:
    findings: list[Finding] = field(default_factory=list)
    kb: KnowledgeBase | None = None
    quotes: dict = field(default_factory=dict)


class Locator:
    """Maps (entry id, source line) to the file and line a reader should open."""

    def __init__(self, load: LoadResult):
        self.kb = load.kb
        self.load = load
        self.texts: dict[str, str] = {}  # contributed YAML files: file -> text
        self.indexes: dict[str, dict[int, int]] = {}
        self.overrides: dict[str, str] = {}  # entry id -> contributed text file (lines are that file's own)

    def _entry_file(self, subject: str, game: str | None) -> tuple[str | None, bool]:
        """The file an entry is read from, and whether it is a contributed text (whose lines are its own)."""
        if game is not None:
            key = qualified(game, subject)  # an event of that game (rules and glossaries keep plain ids)
            if key in self.overrides or key in self.kb.files:
                subject = key
        if subject in self.overrides:
            return self.overrides[subject], True
        return self.kb.files.get(subject), False

    def _index(self, file: str) -> dict[int, int]:
        """A KB file's line index (source line -> YAML line), read once."""
        if file not in self.indexes:
            self.indexes[file] = line_index(self.texts[file]) if file in self.texts else self.load.line_index(file)
        return self.indexes[file]

    def lines_of(self, subject: str, game: str | None = None):
        """``lambda line: self(subject, line, game)[1]``, with the entry's file and line index looked up once
        instead of at every line."""
        file, own = self._entry_file(subject, game)
        if file is None or own:
            return lambda line: line
        return self._index(file).get

    def __call__(self, subject: str | None, source_line: int | None, game: str | None = None):
        if subject is None:
            return None, source_line
        file, own = self._entry_file(subject, game)
        if own:
            return file, source_line
        if file is None:
            return None, source_line
        if source_line is None:
            return file, None
        return file, self._index(file).get(source_line)


def check_paths(paths: list[str], kb_root: str | None, period: str | dict[str, str | None] | None = None,
                selected: set[str] | None = None, game: str | dict[str, str] | None = None,
                one_shot: bool = False, contents: dict[str, bytes] | None = None,
                loaded: LoadResult | None = None) -> CheckRun:
    """Check the whole KB (no paths), or contributed texts and KB files in its context. ``period`` and ``game``
    stand in for a text's missing PERIOD and GAME lines (one value, or {file name: value}); a text without a GAME
    line is of the KB's one game with events. ``one_shot``: the caller is a process that ends once it has
    reported (``rulekb check``), so what the checks leave is frozen out of the cyclic collector's sight as the
    loaded KB is (the collector would otherwise scan it once more as soon as it runs again: 0.2 s at 10,000
    events); a long-lived caller leaves it collectable. ``contents``: {path: bytes} read instead of the file at
    that path (an editor's unsaved buffer: the language server), with the same limits and decoding. ``loaded``: the
    KB ``kb_root`` as ``load_kb`` gives it, already loaded (the language server's warm KB: ``checker/lsp/warm.py``);
    its mappings are changed in place."""
    load = loaded if loaded is not None else load_kb(kb_root)
    kb = load.kb
    whole = not paths and selected is None and load.state is not None
    if whole:  # a full check of a KB (and code) exactly as last checked: its findings, from the cache
        cached = read_findings(load.cache_name, load.state)
        if cached is not None:
            return CheckRun(findings=cached[0], kb=kb, quotes=cached[1])
    locator = Locator(load)
    ctx = CheckContext(kb, locator, load_findings=list(load.findings), unreadable=dict(load.unreadable),
                       kb_state=(load.cache_name, load.state) if load.state is not None else None,
                       aggregates=load.aggregates)
    if paths:
        place_paths(paths, kb, ctx, locator, period, game, contents)
        # A contributed KB file was loaded with the KB too; its own validation above reports it once.
        only_ids = {k.split("/", 1)[-1] for k in ctx.only} | ctx.only
        ctx.load_findings = [f for f in ctx.load_findings if f.file not in ctx.only_files
                             and (f.subject is None or f.subject in only_ids)]
    with gc_paused(freeze=one_shot):  # a bounded run that makes few reference cycles (_fast/gc_pause.py)
        findings = run_checks(ctx, selected)
    run = CheckRun(findings=findings, kb=kb)
    subjects = {(f.game, f.subject) for f in findings}
    wanted = {(f.subject, f.line) for f in findings}  # what reporters look quotes up by: no other is kept
    for game_id, eid in subjects:
        event = kb.event(game_id, eid) if eid and game_id else None
        if event is None:
            continue
        place = locator.lines_of(event.id, event.game)  # the locator's answer for each source line of the entry
        for clause in event.all_clauses():
            key = (event.id, place(clause.line))
            if key in wanted:
                run.quotes[key] = f"{clause.marker} {clause.text}".strip()
    if whole:
        analyses = [c.get("logic-analysis") for c in ctx.cache.get("games", {}).values()]
        if all(a is None or a.complete for a in analyses):  # an inconclusive answer is asked again next time
            write_findings(load.cache_name, load.state, findings, run.quotes)
    return run


def place_paths(paths: list[str], kb: KnowledgeBase, ctx: CheckContext, locator: Locator,
                period: str | dict[str, str | None] | None = None, game: str | dict[str, str] | None = None,
                contents: dict[str, bytes] | None = None) -> None:
    """Put contributed texts and KB files into ``kb`` (the loaded KB, changed in place) as ``check`` does: each
    text parsed with its game and period, its events' logic derived in the KB's context, each entry located in the
    contributor's own file and line (``locator.overrides``). What cannot be read is a finding in
    ``ctx.parse_findings``."""
    from .games import pick_default_game, profile
    from .logic.derive import derive_text_logic
    from .textformat import ParseError, parse_document, read_text
    from .textformat.common import decode_text
    from .textformat.event_list import header_game

    ctx.only = set()
    fallback = pick_default_game({e.game for e in kb.events.values()}, kb.games)
    for path in paths:
        name = os.path.relpath(path) if not os.path.isabs(path) else path
        raw = contents.get(path) if contents else None
        if path.endswith((".yaml", ".yml")):
            _place_yaml(path, name, kb, ctx, locator, raw)
            continue
        ctx.only_files.add(name)
        base = os.path.basename(path)
        text_game = (game.get(base) if isinstance(game, dict) else game) or None
        try:
            text = read_text(path, name) if raw is None else decode_text(raw, name)
            text_game = text_game or header_game(text) or fallback
            doc = parse_document(text, base, period.get(base) if isinstance(period, dict) else period,
                                 phase_aliases=phase_aliases(kb, text_game), game=text_game,
                                 labels=profile(kb.games, text_game).periods)
        except ParseError as exc:
            ctx.parse_findings.append(Finding("PAR001", "schema", "error", None, exc.file if exc.file else name,
                                              exc.line, exc.message))
            continue
        ctx.parse_findings.extend(ingest_refusals(doc.events, kb, base, name))
        derive_text_logic(doc.events, kb)  # as ingest derives it (one path: checker/logic/derive.py)
        for event in doc.events:
            if event.key in kb.events and event.key not in ctx.replaced:
                ctx.replaced[event.key] = kb.events[event.key]
            kb.events[event.key] = event
            locator.overrides[event.key] = name
            ctx.only.add(event.key)
        for rule in doc.rules:
            coll = kb.documents if rule.kind == "document" else kb.rules
            if rule.id in coll and rule.id not in ctx.replaced:
                ctx.replaced[rule.id] = coll[rule.id]
            coll[rule.id] = rule
            locator.overrides[rule.id] = name
            ctx.only.add(rule.id)
        for glossary in doc.glossaries:
            kb.glossaries[glossary.id] = glossary
            locator.overrides[glossary.id] = name
            ctx.only.add(glossary.id)


def load_with_contributions(paths: list[str], kb_root: str | None, period: str | dict[str, str | None] | None = None,
                            game: str | dict[str, str] | None = None) -> tuple[LoadResult, Locator, list[Finding]]:
    """The KB with contributed texts and KB files placed in it exactly as ``check`` places them (``explain`` and
    ``order`` answer about a contributed event as ``check`` reports on it), the locator that cites the
    contributor's file and line, and the findings of what could not be read (a parse error, a failed schema)."""
    load = load_kb(kb_root)
    locator = Locator(load)
    ctx = CheckContext(load.kb, locator)
    ctx.only = set()
    place_paths(paths, load.kb, ctx, locator, period, game)
    return load, locator, ctx.parse_findings


def ingest_refusals(events, kb: KnowledgeBase, base: str, name: str) -> list[Finding]:
    """SCH002 for each thing ``rulekb ingest`` would refuse in this text (``checker/ingest.py``): two events with
    one number (one would replace the other), and an event whose id the KB (or a text checked before in this run)
    already holds from another source text (ingesting would replace it). ``check`` is what CI runs: what ingest
    refuses must not pass it."""
    out: list[Finding] = []
    seen: dict[str, object] = {}
    for event in events:
        line = event.source.line if event.source else None
        first = seen.get(event.key)
        if first is not None:
            out.append(Finding("SCH002", "schema", "error", event.id, name, line,
                               f"a second event numbered {event.number} in period {event.period} (the first is on "
                               f"line {first.source.line}); one would replace the other, and ingest refuses the "
                               "text: renumber one", game=event.game))
            continue
        seen[event.key] = event
        old = kb.events.get(event.key)
        if old is not None and (old.source.file if old.source else None) != base:
            where = old.source.file if old.source and old.source.file else kb.files.get(event.key, "a KB file")
            out.append(Finding("SCH002", "schema", "error", event.id, name, line,
                               f"event {event.id} is already in the KB from another text ({where}); ingest refuses "
                               "to replace it: renumber the new event, or delete the old one if this text really "
                               "replaces it", game=event.game))
    return out


def _kb_display(kb: KnowledgeBase, path: str) -> str | None:
    """The name a KB file has in findings of the KB's load (None if ``path`` is not in the KB folder)."""
    root = os.path.abspath(kb.root)
    full = os.path.abspath(path)
    if not full.startswith(root + os.sep):
        return None
    return os.path.join(os.path.basename(os.path.normpath(kb.root)), os.path.relpath(full, root))


def _place_yaml(path: str, name: str, kb: KnowledgeBase, ctx: CheckContext, locator: Locator,
                raw: bytes | None = None) -> None:
    """Put a contributed KB file into the KB. Every finding on the file itself is reported (``only_files``): a file
    that is not YAML or fails its schema is an error of the contribution, never a silent pass. ``raw``: the file's
    bytes when they are not to be read from ``path`` (an unsaved buffer), held to the same limit and decoding."""
    from .games import deck_games, decks_module

    root = os.path.abspath(kb.root)
    full = os.path.abspath(path)
    rel = os.path.relpath(full, root) if full.startswith(root + os.sep) else None
    kind = schema_kind_for(rel) if rel else None
    ctx.only_files.add(name)
    display = _kb_display(kb, path)
    if display:
        ctx.only_files.add(display)
    try:
        if raw is None:
            data, text = load_file(path, name)
        else:
            if len(raw) > MAX_YAML_BYTES:
                raise YamlError(name, None, None, f"file is larger than {MAX_YAML_BYTES} bytes")
            text = decode_utf8(raw, name)
            data = loads(text, name)
    except YamlError as exc:
        ctx.parse_findings.append(Finding("SCH001", "schema", "error", None, exc.file, exc.line, exc.message))
        return
    if kind is None:
        if isinstance(data, dict) and data.get("game") in deck_games() and "ages" in data:
            kind = "deck"
        else:
            kind = "event" if isinstance(data, dict) and "period" in data else "rule"
    errors = validate(data, kind, kb.root, name, text)
    if errors:
        ctx.parse_findings.extend(errors)
        eid = data.get("id") if isinstance(data, dict) and isinstance(data.get("id"), str) else None
        if eid and kind == "event" and isinstance(data.get("game"), str):
            eid = qualified(data["game"], eid)
        if eid and eid not in kb.events and eid not in kb.rules:
            ctx.unreadable[eid] = name
        return
    if kind == "event":
        ev = ser.event_from(data)
        game_references(kb, [ev])
        if ev.key in kb.events and ev.key not in ctx.replaced:
            ctx.replaced[ev.key] = kb.events[ev.key]
        kb.events[ev.key] = ev
        kb.files[ev.key] = name
        locator.texts[name] = text
        ctx.only.add(ev.key)
    elif kind == "rule":
        r = ser.rule_from(data)
        if r.id in kb.rules and r.id not in ctx.replaced:
            ctx.replaced[r.id] = kb.rules[r.id]
        kb.rules[r.id] = r
        kb.files[r.id] = name
        locator.texts[name] = text
        ctx.only.add(r.id)
    elif kind == "deck":
        deck = decks_module(data["game"]).load_deck(data, name, kb.games.get(data["game"], {}), text)
        kb.decks[name] = deck
        ctx.only.add(deck.scenario)


def phase_aliases(kb: KnowledgeBase, game: str | None = None) -> dict[str, str]:
    """Phase names and aliases of ``game``'s profile (every profile's when None) -> canonical phase id."""
    from .games import phase_aliases_of

    out: dict[str, str] = {}
    for gid, game_data in kb.games.items():
        if game is None or gid == game:
            out.update(phase_aliases_of(game_data))
    return out
