"""The knowledge base on disk: where each kind of entry lives, loading with schema validation, and saving.

Layout under ``kb/``::

    events/<game>/<period>/<NN>.yaml   one event           (schema/event.schema.json)
    rules/<game>/<id>.yaml             one rule entry      (schema/rule.schema.json)
    glossary/<id>.yaml                 one glossary        (schema/glossary.schema.json)
    games/<id>.yaml                    a game profile      (schema/game.schema.json)
    gazetteer/<game>.yaml              entity names        (schema/gazetteer.schema.json)
    decks/<scenario>.yaml              a PoP event deck    (schema/deck.schema.json)
    accepted.yaml                      reviewed findings   (schema/accepted.schema.json)
"""

from __future__ import annotations

import gc
import json
import os
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import fastjsonschema
import jsonschema

from ..model import Event, Finding, Glossary, KnowledgeBase, RuleEntry
from ..paths import check_entry_id, check_game, check_number, check_period
from . import serialize as ser
from .validators import fast_validator
from .yamlio import MAX_YAML_BYTES, YamlError, atomic_write, dumps, load_file, node_mark, read_regular

KINDS = {
    "events": "event",
    "rules": "rule",
    "glossary": "glossary",
    "games": "game",
    "gazetteer": "gazetteer",
    "decks": "deck",
}


def default_kb_root() -> str:
    """``./kb`` if it exists, else the kb/ folder next to the installed package's project."""
    if os.path.isdir("kb"):
        return "kb"
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return os.path.join(here, "kb")


def schema_dir(root: str) -> str:
    return os.path.join(root, "schema")


@lru_cache(maxsize=32)
def _validator_for_text(schema_text: str) -> jsonschema.protocols.Validator:
    schema = json.loads(schema_text)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema, format_checker=cls.FORMAT_CHECKER)


def schema_kind_for(rel: str) -> str | None:
    parts = rel.replace(os.sep, "/").split("/")
    if parts == ["accepted.yaml"]:
        return "accepted"
    return KINDS.get(parts[0]) if len(parts) > 1 else None


def schema_header(rel: str, kind: str) -> str:
    depth = rel.replace(os.sep, "/").count("/")
    return f"# yaml-language-server: $schema={'../' * depth}schema/{kind}.schema.json"


@dataclass
class LoadResult:
    kb: KnowledgeBase
    findings: list[Finding] = field(default_factory=list)
    texts: dict[str, str] = field(default_factory=dict)


def _schema_finding(file: str, line: int | None, message: str, subject: str | None = None,
                    rule: str = "SCH001") -> Finding:
    return Finding(rule, "schema", "error", subject, file, line, message)


def schema_text(root: str, kind: str) -> str:
    """The text of ``kb/schema/<kind>.schema.json``, checked to be a usable JSON Schema. A missing or broken
    schema is a YamlError (exit 2): without it nothing can be validated, and nothing may pass unvalidated."""
    path = os.path.join(schema_dir(root), f"{kind}.schema.json")
    try:
        st = os.stat(path)
        key = (path, st.st_mtime_ns, st.st_size, st.st_ino)
    except OSError as exc:
        raise YamlError(path, None, None, f"cannot read the schema: {exc.strerror}; restore kb/schema/ from the "
                        "rulekb repository") from None
    return _schema_text_checked(key)


@lru_cache(maxsize=64)
def _schema_text_checked(key: tuple) -> str:
    path = key[0]
    try:
        text = read_regular(path, path, 4 * MAX_YAML_BYTES).decode("utf-8")
        schema = json.loads(text)
        if not isinstance(schema, dict):
            raise ValueError("a schema is a JSON object")
        fast_validator(text)
    except YamlError:
        raise
    except (UnicodeDecodeError, ValueError, fastjsonschema.JsonSchemaDefinitionException, RecursionError) as exc:
        raise YamlError(path, getattr(exc, "lineno", None), None,
                        f"broken schema ({str(exc)[:200]}); restore kb/schema/ from the rulekb repository") from None
    return text


def validate(data: Any, kind: str, root: str, file: str, text: str) -> list[Finding]:
    """Schema findings for one file. A compiled validator (fastjsonschema) answers the common case, a valid file;
    only a file that fails is validated again by jsonschema, which reports every error with its path."""
    schema_text_ = schema_text(root, kind)
    try:
        fast_validator(schema_text_)(data)
        return []
    except fastjsonschema.JsonSchemaException:
        pass
    try:
        validator = _validator_for_text(schema_text_)
    except jsonschema.exceptions.SchemaError as exc:
        raise YamlError(os.path.join(schema_dir(root), f"{kind}.schema.json"), None, None,
                        f"broken schema ({exc.message[:200]}); restore kb/schema/ from the rulekb repository") from None
    out = []
    for err in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        path = list(err.absolute_path)
        line, col = node_mark(text, path)
        where = "/".join(str(p) for p in path) or "(top level)"
        expected = err.message if len(err.message) < 200 else err.message[:200] + "…"
        subject = data.get("id") if isinstance(data, dict) and isinstance(data.get("id"), str) else None
        out.append(_schema_finding(file, line, f"{where}: {expected} (schema {kind}.schema.json"
                                   + (f", column {col}" if col else "") + ")", subject))
    return out


def iter_kb_files(root: str):
    """(path, path relative to root) of every KB file name (``*.yaml``, ``*.yml``), sorted. Links to folders are
    not followed. Whatever a name stands for (a link leaving the KB, a named pipe, a device) is only refused when
    it is read (``load_file(..., root=root)``), so that it is reported, never skipped in silence."""
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d != "schema" and not d.startswith("."))
        for name in sorted(filenames):
            if name.endswith((".yaml", ".yml")) and not name.startswith("."):
                full = os.path.join(dirpath, name)
                yield full, os.path.relpath(full, root)


@contextmanager
def _gc_paused():
    """Loading builds many small objects and no reference cycles; Python's cyclic collector would still scan the
    growing heap again and again (a fifth of the load time at 10,000 events), so it is paused while loading."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def load_kb(root: str | None = None, validate_schema: bool = True) -> LoadResult:
    with _gc_paused():
        return _load_kb(root, validate_schema)


def _load_kb(root: str | None, validate_schema: bool) -> LoadResult:
    root = root or default_kb_root()
    kb = KnowledgeBase(root=root)
    result = LoadResult(kb)
    if not os.path.isdir(root):
        raise YamlError(root, None, None, "knowledge base folder not found")
    files = list(iter_kb_files(root))
    # Decks are read last: their card ids are classified by the game profile's grammar.
    files.sort(key=lambda fr: schema_kind_for(fr[1]) == "deck")
    for full, rel in files:
        display = os.path.join(os.path.basename(os.path.normpath(root)), rel)
        kind = schema_kind_for(rel)
        if kind is None:
            continue
        try:
            data, text = load_file(full, display, root=root)
        except YamlError as exc:
            result.findings.append(_schema_finding(exc.file, exc.line, exc.message, rule=exc.rule))
            continue
        result.texts[display] = text
        if validate_schema:
            errors = validate(data, kind, root, display, text)
            if errors:
                result.findings.extend(errors)
                continue
        clash = _id_clash(kb, kind, data, display, text)
        if clash is not None:
            result.findings.append(clash)
            continue
        try:
            _add(kb, kind, data, display, text)
        except (KeyError, TypeError, ValueError) as exc:
            result.findings.append(_schema_finding(display, 1, f"cannot read entry: {exc}"))
    return result


def _id_clash(kb: KnowledgeBase, kind: str, data: Any, display: str, text: str) -> Finding | None:
    """SCH002 when a second file holds an id the KB already has (it would silently replace the first)."""
    if not isinstance(data, dict):
        return None
    ident = data.get("game") if kind == "gazetteer" else data.get("id")
    if not isinstance(ident, str) or kind not in ("event", "rule", "glossary", "game", "gazetteer"):
        return None
    key = {"game": "game:", "gazetteer": "gazetteer:"}.get(kind, "") + ident
    first = kb.files.get(key)
    if first is None:
        return None
    line = node_mark(text, ["game" if kind == "gazetteer" else "id"])[0]
    return _schema_finding(display, line, f"{'game' if kind == 'gazetteer' else 'id'} {ident!r} is also the "
                           f"{'game' if kind == 'gazetteer' else 'id'} of {first}; this file is left out (one of "
                           "the two must change)", ident if kind in ("event", "rule", "glossary") else None,
                           rule="SCH002")


def _add(kb: KnowledgeBase, kind: str, data: Any, display: str, text: str = "") -> None:
    if kind == "event":
        ev = ser.event_from(data)
        kb.events[ev.id] = ev
        kb.files[ev.id] = display
    elif kind == "rule":
        r = ser.rule_from(data)
        (kb.documents if r.kind == "document" else kb.rules)[r.id] = r
        kb.files[r.id] = display
    elif kind == "glossary":
        g = ser.glossary_from(data)
        kb.glossaries[g.id] = g
        kb.files[g.id] = display
    elif kind == "game":
        kb.games[data["id"]] = data
        kb.files["game:" + data["id"]] = display
    elif kind == "gazetteer":
        kb.gazetteers[data["game"]] = data
        kb.files["gazetteer:" + data["game"]] = display
    elif kind == "deck":
        from ..pop_deck import deck_from

        grammar = kb.games.get("pop", {}).get("id_grammar", [])
        kb.decks[display] = deck_from(data, display, grammar, text)
    elif kind == "accepted":
        kb.files["accepted"] = display
        for k, item in enumerate(data.get("accepted") or []):
            kb.acceptances.append(ser.acceptance_from(item, node_mark(text, ["accepted", k])[0]))


# ------------------------------------------------------------------ saving

def entry_path(entry: Event | RuleEntry | Glossary) -> str:
    """Path of an entry's file relative to the KB root; every name in it is checked first (``checker/paths.py``)."""
    if isinstance(entry, Event):
        return os.path.join("events", check_game(entry.game), check_period(entry.period).lower(),
                            f"{check_number(entry.number):02d}.yaml")
    if isinstance(entry, Glossary):
        return os.path.join("glossary", f"{check_entry_id(entry.id)}.yaml")
    return os.path.join("rules", check_game(entry.game), f"{check_entry_id(entry.id)}.yaml")


def entry_data(entry: Event | RuleEntry | Glossary) -> dict[str, Any]:
    if isinstance(entry, Event):
        return ser.event_to(entry)
    if isinstance(entry, Glossary):
        return ser.glossary_to(entry)
    return ser.rule_to(entry)


def entry_kind(entry: Event | RuleEntry | Glossary) -> str:
    return "event" if isinstance(entry, Event) else "glossary" if isinstance(entry, Glossary) else "rule"


def dump_entry(entry: Event | RuleEntry | Glossary) -> tuple[str, str]:
    rel = entry_path(entry)
    return rel, dumps(entry_data(entry), schema_header(rel, entry_kind(entry)))


def save_data(root: str, rel: str, data: dict[str, Any], kind: str) -> bool:
    return atomic_write(os.path.join(root, rel), dumps(data, schema_header(rel, kind)))


def save_entry(root: str, entry: Event | RuleEntry | Glossary) -> bool:
    rel, text = dump_entry(entry)
    return atomic_write(os.path.join(root, rel), text)
