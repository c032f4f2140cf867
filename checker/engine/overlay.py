"""Contributed texts and KB files placed over the KB as loaded, which stays untouched.

``contribute(base, paths, …)`` reads each contributed file as ``check`` reads it: a text parsed with its game and
period, its events' logic derived in the context of the KB (``logic/derive.py``), a KB YAML file validated against
its schema. What it gives is an :class:`Overlay`: the contributed entries, the KB the checks see (``Overlay.kb``:
the base KB's mappings copied once with the contributed entries over them; no entry is copied, none changed), the
base entries they replace, where each is cited, and what could not be read (a finding each). The base KB object
is never changed, so a caller that keeps a loaded KB between checks (the language server's warm KB,
``checker/lsp/warm.py``) hands it to every check as it is.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ..core.model import Finding, KnowledgeBase, qualified
from ..kb import codec as ser
from ..kb.store import game_references, schema_kind_for, validate
from ..kb.yamlio import MAX_YAML_BYTES, YamlError, decode_utf8, load_file, loads


@dataclass(frozen=True)
class Overlay:
    """Contributed entries over a base KB (frozen: built once by :func:`contribute`)."""

    kb: KnowledgeBase  # what the checks see: the base KB's mappings, copied, with the contributed entries over them
    only: frozenset[str]  # contributed entry ids (events by ``Event.key``): the entries findings are reported on
    only_files: frozenset[str]  # contributed files: every finding in them is reported
    replaced: Mapping[str, object]  # entry key -> the base entry a contribution replaces
    overrides: Mapping[str, str]  # entry key -> the contributed text it is read from (its lines are that file's)
    texts: Mapping[str, str]  # contributed KB YAML file -> its text (to locate lines in it)
    unreadable: Mapping[str, str]  # entry id -> a contributed KB file that failed its schema
    findings: tuple[Finding, ...]  # what could not be read (PAR001, SCH001) and what ingest would refuse (SCH002)

    def entry_ids(self) -> set[str]:
        """The contributed entries' ids, both as keyed in the whole KB (``eu/8:VII``) and plain (``8:VII``)."""
        return {k.split("/", 1)[-1] for k in self.only} | set(self.only)


class _Placing:
    """The overlay while it is built: ``kb`` is the base KB's mappings copied, each contribution put over them in
    turn (a later text sees an earlier one, as ingesting them in order would)."""

    def __init__(self, base: KnowledgeBase):
        self.base = base
        self.kb = dataclasses.replace(base, events=dict(base.events), rules=dict(base.rules),
                                      documents=dict(base.documents), glossaries=dict(base.glossaries),
                                      files=dict(base.files), decks=dict(base.decks))
        self.only: set[str] = set()
        self.only_files: set[str] = set()
        self.replaced: dict[str, object] = {}
        self.overrides: dict[str, str] = {}
        self.texts: dict[str, str] = {}
        self.unreadable: dict[str, str] = {}
        self.findings: list[Finding] = []

    def put(self, coll: dict, key: str, entry, replaces: bool = True) -> None:
        """Put ``entry`` in the KB mapping ``coll`` under ``key``, remembering the base entry it replaces."""
        if replaces and key in coll and key not in self.replaced:
            self.replaced[key] = coll[key]
        coll[key] = entry
        self.only.add(key)

    def frozen(self) -> Overlay:
        return Overlay(self.kb, frozenset(self.only), frozenset(self.only_files), MappingProxyType(self.replaced),
                       MappingProxyType(self.overrides), MappingProxyType(self.texts),
                       MappingProxyType(self.unreadable), tuple(self.findings))


def contribute(base: KnowledgeBase, paths: list[str], period: str | dict[str, str | None] | None = None,
               game: str | dict[str, str] | None = None, contents: dict[str, bytes] | None = None) -> Overlay:
    """The overlay of contributed texts and KB files over ``base`` (which is not changed), placed as ``check``
    places them: each text parsed with its game and period (``period``, ``game``: one value, or {file name: value},
    standing in for a missing PERIOD or GAME line), its events' logic derived in the KB's context, each entry cited
    in the contributor's own file and line. ``contents``: {path: bytes} read instead of the file at that path (an
    editor's unsaved buffer), with the same limits and decoding. What cannot be read is a finding in
    ``Overlay.findings``."""
    from ..games import pick_default_game, profile
    from ..logic.derive import derive_text_logic
    from ..textformat import ParseError, parse_document, read_text
    from ..textformat.common import decode_text
    from ..textformat.event_list import header_game

    placing = _Placing(base)
    kb = placing.kb
    fallback = pick_default_game({e.game for e in kb.events.values()}, kb.games)
    for path in paths:
        name = os.path.relpath(path) if not os.path.isabs(path) else path
        raw = contents.get(path) if contents else None
        if path.endswith((".yaml", ".yml")):
            _place_yaml(placing, path, name, raw)
            continue
        placing.only_files.add(name)
        base_name = os.path.basename(path)
        text_game = (game.get(base_name) if isinstance(game, dict) else game) or None
        try:
            text = read_text(path, name) if raw is None else decode_text(raw, name)
            text_game = text_game or header_game(text) or fallback
            doc = parse_document(text, base_name, period.get(base_name) if isinstance(period, dict) else period,
                                 phase_aliases=phase_aliases(kb, text_game), game=text_game,
                                 labels=profile(kb.games, text_game).periods)
        except ParseError as exc:
            placing.findings.append(Finding("PAR001", "schema", "error", None, exc.file if exc.file else name,
                                            exc.line, exc.message))
            continue
        placing.findings.extend(ingest_refusals(doc.events, kb, base_name, name))
        derive_text_logic(doc.events, kb)  # as ingest derives it (one path: checker/logic/derive.py)
        for event in doc.events:
            placing.put(kb.events, event.key, event)
            placing.overrides[event.key] = name
        for rule in doc.rules:
            placing.put(kb.documents if rule.kind == "document" else kb.rules, rule.id, rule)
            placing.overrides[rule.id] = name
        for glossary in doc.glossaries:
            placing.put(kb.glossaries, glossary.id, glossary, replaces=False)
            placing.overrides[glossary.id] = name
    return placing.frozen()


def ingest_refusals(events, kb: KnowledgeBase, base: str, name: str) -> list[Finding]:
    """SCH002 for each thing ``rulekb ingest`` would refuse in this text (``checker/engine/ingest.py``): two events
    with one number (one would replace the other), and an event whose id the KB (or a text checked before in this
    run) already holds from another source text (ingesting would replace it). ``check`` is what CI runs: what ingest
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


def _place_yaml(placing: _Placing, path: str, name: str, raw: bytes | None = None) -> None:
    """Put a contributed KB file over the KB. Every finding on the file itself is reported (``only_files``): a file
    that is not YAML or fails its schema is an error of the contribution, never a silent pass. ``raw``: the file's
    bytes when they are not to be read from ``path`` (an unsaved buffer), held to the same limit and decoding."""
    from ..games import deck_games, decks_module

    kb = placing.kb
    root = os.path.abspath(kb.root)
    full = os.path.abspath(path)
    rel = os.path.relpath(full, root) if full.startswith(root + os.sep) else None
    kind = schema_kind_for(rel) if rel else None
    placing.only_files.add(name)
    display = _kb_display(kb, path)
    if display:
        placing.only_files.add(display)
    try:
        if raw is None:
            data, text = load_file(path, name)
        else:
            if len(raw) > MAX_YAML_BYTES:
                raise YamlError(name, None, None, f"file is larger than {MAX_YAML_BYTES} bytes")
            text = decode_utf8(raw, name)
            data = loads(text, name)
    except YamlError as exc:
        placing.findings.append(Finding("SCH001", "schema", "error", None, exc.file, exc.line, exc.message))
        return
    if kind is None:
        if isinstance(data, dict) and data.get("game") in deck_games() and "ages" in data:
            kind = "deck"
        else:
            kind = "event" if isinstance(data, dict) and "period" in data else "rule"
    errors = validate(data, kind, kb.root, name, text)
    if errors:
        placing.findings.extend(errors)
        eid = data.get("id") if isinstance(data, dict) and isinstance(data.get("id"), str) else None
        if eid and kind == "event" and isinstance(data.get("game"), str):
            eid = qualified(data["game"], eid)
        if eid and eid not in kb.events and eid not in kb.rules:
            placing.unreadable[eid] = name
        return
    if kind == "event":
        ev = ser.event_from(data)
        game_references(kb, [ev])
        placing.put(kb.events, ev.key, ev)
        kb.files[ev.key] = name
        placing.texts[name] = text
    elif kind == "rule":
        r = ser.rule_from(data)
        placing.put(kb.rules, r.id, r)
        kb.files[r.id] = name
        placing.texts[name] = text
    elif kind == "deck":
        deck = decks_module(data["game"]).load_deck(data, name, kb.games.get(data["game"], {}), text)
        kb.decks[name] = deck
        placing.only.add(deck.scenario)


def phase_aliases(kb: KnowledgeBase, game: str | None = None) -> dict[str, str]:
    """Phase names and aliases of ``game``'s profile (every profile's when None) -> canonical phase id."""
    from ..games import phase_aliases_of

    out: dict[str, str] = {}
    for gid, game_data in kb.games.items():
        if game is None or gid == game:
            out.update(phase_aliases_of(game_data))
    return out
