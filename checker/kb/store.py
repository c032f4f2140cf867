"""The knowledge base on disk: where each kind of entry lives, loading with schema validation, and saving.

Layout under ``kb/``::

    events/<game>/<period>/<NN>.yaml   one event           (schema/event.schema.json)
    rules/<game>/<id>.yaml             one rule entry      (schema/rule.schema.json)
    glossary/<id>.yaml                 one glossary        (schema/glossary.schema.json)
    games/<id>.yaml                    a game profile      (schema/game.schema.json)
    gazetteer/<game>.yaml              entity names        (schema/gazetteer.schema.json)
    decks/<scenario>.yaml              an event deck       (schema/deck.schema.json; read by its game's pack)
    accepted.yaml                      reviewed findings   (schema/accepted.schema.json)
"""

from __future__ import annotations

import functools
import json
import marshal
import os
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .. import _fast
from .._fast.gc_pause import gc_paused
from ..core.model import Acceptance, Event, Finding, Glossary, KnowledgeBase, RuleEntry, qualified
from ..core.paths import check_entry_id, check_game, check_number, check_period
from . import cache as kc
from . import codec
from .yamlio import MAX_YAML_BYTES, YamlError, atomic_write, dumps, load_file, node_mark, read_regular

# jsonschema (with referencing, attrs, rpds: about 0.1 s to import) is imported only when a file fails the fast
# validator, and fastjsonschema only when a file is validated at all (a warm cache validates nothing).

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


def shipped_schema_dir() -> str:
    """The schemas rulekb ships (``kb/schema`` of the repository, installed as ``checker.kb_schema``): every KB file
    is validated against these, never against a KB's own ``schema/``, which a pull request can change."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    repo = os.path.join(os.path.dirname(here), "kb", "schema")
    return repo if os.path.isfile(os.path.join(repo, "event.schema.json")) else os.path.join(here, "kb_schema")


def schema_dir(root: str) -> str:
    """Where the schemas files are validated against come from: the shipped ones (:func:`shipped_schema_dir`),
    whatever the KB's own ``schema/`` holds. A KB's own schema that differs from the shipped one is reported
    (:func:`kb_schema_findings`), never used: loosening it cannot hide an error (with ``--diff-from`` the base
    revision is validated the same way)."""
    return shipped_schema_dir()


SCHEMA_KINDS = (*KINDS.values(), "accepted")


def kb_schema_findings(root: str, display_root: str) -> list[Finding]:
    """SCH001 for every schema of the KB's own ``schema/`` folder that differs from the one rulekb ships (each
    with a digest of its content, so that a pull request that changes it again gets a new finding even against
    a base revision whose schema differed already)."""
    own = os.path.join(root, "schema")
    shipped = shipped_schema_dir()
    if not os.path.isdir(own) or os.path.realpath(own) == os.path.realpath(shipped):
        return []
    out = []
    for kind in SCHEMA_KINDS:
        name = f"{kind}.schema.json"
        try:
            mine = read_regular(os.path.join(own, name), name, 4 * MAX_YAML_BYTES, root)
            theirs = read_regular(os.path.join(shipped, name), name, 4 * MAX_YAML_BYTES)
        except YamlError:
            continue  # a missing or unreadable own schema is an error of its own (schema_text)
        if mine != theirs:
            from .cache import content_digest

            out.append(_schema_finding(os.path.join(display_root, "schema", name), None,
                                       f"differs from the schema rulekb ships (content {content_digest(mine)[:12]}); "
                                       "files are validated against the shipped schema, not this one: restore it "
                                       "from the rulekb repository"))
    return out


@lru_cache(maxsize=32)
def _validator_for_text(schema_text: str) -> jsonschema.protocols.Validator:  # noqa: F821
    import jsonschema

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
    texts: dict[str, str] = field(default_factory=dict)  # files read in this process (not those from the cache)
    # file -> source line -> YAML line (marshal bytes when taken from the KB cache, decoded on first use)
    line_indexes: dict[str, dict[int, int] | bytes] = field(default_factory=dict)
    unreadable: dict[str, str] = field(default_factory=dict)  # entry id -> its file, when that file did not load
    cache_name: str | None = None  # the KB cache this load used (None: loaded without the cache)
    state: str | None = None  # digest of every file's stamp and the code: key of cached whole-KB results
    # The whole-KB aggregates read or built under ``state`` by checks in this process (``base_aggregate``): a caller
    # that keeps this load for many checks (the language server) reads each from the cache once, not per check.
    aggregates: dict = field(default_factory=dict, repr=False, compare=False)

    def line_index(self, file: str) -> dict[int, int]:
        index = self.line_indexes.get(file)
        if isinstance(index, bytes):  # packed in the KB cache: decoded when a finding is first reported in the file
            index = self.line_indexes[file] = marshal.loads(index)
        if index is None:
            from .cache import line_index

            index = self.line_indexes[file] = line_index(self.texts.get(file, ""))
        return index


def _schema_finding(file: str, line: int | None, message: str, subject: str | None = None,
                    rule: str = "SCH001") -> Finding:
    return Finding(rule, "schema", "error", subject, file, line, message)


def schema_text(root: str, kind: str) -> str:
    """The text of ``kb/schema/<kind>.schema.json``, checked to be a usable JSON Schema. A missing or broken
    schema is a YamlError (exit 2): without it nothing can be validated, and nothing may pass unvalidated."""
    own = os.path.join(root, "schema")
    paths = [os.path.join(schema_dir(root), f"{kind}.schema.json")]
    if os.path.isdir(own):  # the KB's own copy must still be a usable schema (it is compared, not used)
        paths.insert(0, os.path.join(own, f"{kind}.schema.json"))
    for path in paths:
        try:
            st = os.stat(path)
            key = (path, st.st_mtime_ns, st.st_size, st.st_ino, st.st_ctime_ns)
        except OSError as exc:
            raise YamlError(path, None, None, f"cannot read the schema: {exc.strerror}; restore kb/schema/ from the "
                            "rulekb repository") from None
        text = _schema_text_checked(key)
    return text


@lru_cache(maxsize=64)
def _schema_text_checked(key: tuple) -> str:
    import fastjsonschema

    from .validators import fast_validator

    path = key[0]
    try:
        text = read_regular(path, path, 4 * MAX_YAML_BYTES).decode("utf-8")
        schema = json.loads(text)
        if not isinstance(schema, dict):
            raise ValueError("a schema is a JSON object")  # noqa: TRY004 - reported below as a broken schema
        fast_validator(text)
    except YamlError:
        raise
    except (UnicodeDecodeError, ValueError, fastjsonschema.JsonSchemaDefinitionException, RecursionError) as exc:
        raise YamlError(path, getattr(exc, "lineno", None), None,
                        f"broken schema ({str(exc)[:200]}); restore kb/schema/ from the rulekb repository") from None
    return text


def validate(data: Any, kind: str, root: str, file: str, text: str, schemas: dict | None = None) -> list[Finding]:
    """Schema findings for one file. A compiled validator (fastjsonschema) answers the common case, a valid file;
    only a file that fails is validated again by jsonschema, which reports every error with its path.
    ``schemas``: kind -> (schema text, compiled validator), filled here, for one load of many files (the schema
    is then found and read once per kind, not once per file)."""
    import fastjsonschema

    from .validators import fast_validator

    known = schemas.get(kind) if schemas is not None else None
    if known is None:
        known = (schema_text(root, kind),)
        known += (fast_validator(known[0]),)
        if schemas is not None:
            schemas[kind] = known
    schema_text_, fast = known
    try:
        fast(data)
        return []
    except fastjsonschema.JsonSchemaException:
        pass
    import jsonschema  # only for a file that failed: its ``except`` below named a module never imported here

    try:
        validator = _validator_for_text(schema_text_)
    except jsonschema.exceptions.SchemaError as exc:
        raise YamlError(os.path.join(schema_dir(root), f"{kind}.schema.json"), None, None,
                        f"broken schema ({exc.message[:200]}); restore kb/schema/ from the rulekb repository") from None
    out = []
    for err in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        path = list(err.absolute_path)
        where = "/".join(str(p) for p in path) or "(top level)"
        subject = data.get("id") if isinstance(data, dict) and isinstance(data.get("id"), str) else None
        extra = _unknown_keys(err)
        if extra:  # an unknown key: reported on its own line, with the keys the schema knows there
            from ..core.ids import suggestion

            allowed = sorted((err.schema.get("properties") or {}) if isinstance(err.schema, dict) else ())
            for key in extra:
                line, col = _key_mark(text, path, key)
                hint = suggestion(key, allowed) or (f" (known: {', '.join(allowed)})" if allowed else "")
                out.append(_schema_finding(file, line, f"{where}: unknown key {key!r}{hint} (schema {kind}.schema.json"
                                           + (f", column {col}" if col else "") + ")", subject))
            continue
        line, col = node_mark(text, path)
        expected = err.message if len(err.message) < 200 else err.message[:200] + "…"
        out.append(_schema_finding(file, line, f"{where}: {expected} (schema {kind}.schema.json"
                                   + (f", column {col}" if col else "") + ")", subject))
    return out


def _unknown_keys(err) -> list[str]:
    """The keys an ``additionalProperties: false`` error is about (jsonschema names them only in its message)."""
    if err.validator != "additionalProperties" or not isinstance(err.instance, dict) or not isinstance(err.schema, dict):
        return []
    import re

    known = err.schema.get("properties") or {}
    patterns = list(err.schema.get("patternProperties") or {})
    return [k for k in err.instance if k not in known and not any(re.search(p, str(k)) for p in patterns)]


def _key_mark(text: str, path: list, key: str) -> tuple[int | None, int | None]:
    """Line and column (1-based) of the key ``key`` of the mapping at ``path``: the key's own line, where a
    value that is itself a mapping or list would point at its first entry."""
    import yaml

    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return node_mark(text, path)
    for step in path:
        if isinstance(node, yaml.MappingNode):
            node = next((v for k, v in node.value if k.value == str(step)), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
            node = node.value[step]
        else:
            node = None
        if node is None:
            return node_mark(text, path)
    if isinstance(node, yaml.MappingNode):
        for k, _ in node.value:
            if k.value == str(key):
                return k.start_mark.line + 1, k.start_mark.column + 1
    return node_mark(text, path)


def iter_kb_files(root: str):
    """(path, path relative to root) of every KB file name (``*.yaml``, ``*.yml``), sorted. Links to folders are
    not followed (``os.walk``'s default; ``yamlio.read_regular(walked=True)`` relies on it). Whatever a name stands for (a link leaving the KB, a named pipe, a device) is only refused when
    it is read (``load_file(..., root=root)``), so that it is reported, never skipped in silence."""
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d != "schema" and not d.startswith("."))
        folder = os.path.relpath(dirpath, root)  # once per folder, not per file (10,000 files: 0.1 s)
        for name in sorted(filenames):
            if name.endswith((".yaml", ".yml")) and not name.startswith("."):
                yield os.path.join(dirpath, name), name if folder == os.curdir else os.path.join(folder, name)


def load_kb(root: str | None = None, validate_schema: bool = True) -> LoadResult:
    with gc_paused():
        return _load_kb(root, validate_schema)


def _load_kb(root: str | None, validate_schema: bool) -> LoadResult:
    """Every KB file, in a fixed order, each from the KB cache (``kb/cache.py``) when its path, size and
    modification time match what the cache recorded, else read, validated and recorded again."""
    root = root or default_kb_root()
    kb = KnowledgeBase(root=root)
    result = LoadResult(kb)
    if not os.path.isdir(root):
        raise YamlError(root, None, None, "knowledge base folder not found")
    files = [(full, rel, schema_kind_for(rel)) for full, rel in iter_kb_files(root)]
    # Decks are read last: their card ids are classified by the game profile's grammar.
    files.sort(key=lambda frk: frk[2] == "deck")
    display_root = os.path.basename(os.path.normpath(root))
    cache = None
    if validate_schema:
        from .cache import KBCache, enabled

        if enabled():
            cache = KBCache(root, display_root)
    prefix = display_root + os.sep if display_root else ""
    schemas: dict = {}  # kind -> (schema text, validator): read once for this load
    decoders = _decoders()
    for full, rel, kind in files:
        if kind is None:
            continue
        display = prefix + rel
        stamp = raw = None
        if cache is not None and kind != "deck":  # decks depend on the game profile: always read
            # Read (a link leaving the KB, a hard link, a pipe refused as always) and keyed by content: a cached
            # record is used only for the very bytes it was made from.
            try:
                raw = read_regular(full, display, MAX_YAML_BYTES, kb.root, walked=True)
                st = os.stat(full)
                stamp = (st.st_size, st.st_mtime_ns, kc.content_digest(raw))
            except (YamlError, OSError):
                stamp = raw = None  # read again below, which reports why
            record = cache.get(rel, *stamp) if stamp else None
            if record is not None and _from_record(kb, result, kind, display, record, decoders):
                continue
        record = _load_file(kb, result, kind, full, display, validate_schema, schemas, raw)
        if cache is not None and stamp is not None and record is not None:
            cache.put(rel, stamp[0], stamp[1], record, stamp[2])
    if validate_schema:
        result.findings.extend(kb_schema_findings(root, display_root))
    game_references(kb)
    if cache is not None:
        cache.save()
        result.cache_name = cache.name
        result.state = cache.state(sum(1 for _, _, kind in files if kind is not None))
    return result


def game_references(kb: KnowledgeBase, events=None) -> None:
    """References are read from the text as each file loads, with Roman period labels; a game whose profile or
    events name other period labels (Early, 1914) has its events' references read again with them, once every
    profile is loaded (profiles and events load in file order). Without this a game lacking a profile would read
    ``88:Mid`` as no reference at all, and a dangling one would pass unreported."""
    from ..core.ids import find_references, roman_only
    from ..games import profile

    events = list(kb.events.values()) if events is None else events
    own: dict[str, set[str]] = {}  # a game's events' own periods are labels too, with or without a profile
    for event in kb.events.values():
        own.setdefault(event.game, set()).add(event.period)
    for game in {e.game for e in events}:
        labels = (*profile(kb.games, game).periods, *sorted(own.get(game, ())))
        if roman_only(labels):
            continue
        for event in events:
            if event.game == game:
                for clause in event.all_clauses():
                    clause.refs = find_references(clause.text, clause.line, labels=labels)


def _load_file(kb: KnowledgeBase, result: LoadResult, kind: str, full: str, display: str,
               validate_schema: bool, schemas: dict | None = None, raw: bytes | None = None) -> tuple | None:
    """Read one file into the KB (``raw``: its bytes, already read); returns what the cache records of it (None:
    not to be cached)."""
    try:
        data, text = load_file(full, display, root=kb.root, walked=True, data=raw)  # from iter_kb_files
    except YamlError as exc:
        finding = _schema_finding(exc.file, exc.line, exc.message, rule=exc.rule)
        result.findings.append(finding)
        return ("bad", [codec.to_row(finding)], None)
    result.texts[display] = text
    if validate_schema:
        errors = validate(data, kind, kb.root, display, text, schemas)
        if errors:
            result.findings.extend(errors)
            eid = data.get("id") if isinstance(data, dict) and isinstance(data.get("id"), str) else None
            if eid and kind == "event" and isinstance(data.get("game"), str):
                eid = qualified(data["game"], eid)
            if eid:
                result.unreadable[eid] = display
            return ("bad", [codec.to_row(f) for f in errors], eid)
    clash = _id_clash(kb, kind, data, display, text)
    if clash is not None:
        result.findings.append(clash)
        return None  # depends on the other files: never cached
    try:
        _add(kb, kind, data, display, text)
    except (KeyError, TypeError, ValueError) as exc:
        finding = _schema_finding(display, 1, f"cannot read entry: {exc}")
        result.findings.append(finding)
        return ("bad", [codec.to_row(finding)], None)
    if kind == "event":
        entry = kc.encode_event(kb.events[qualified(data["game"], data["id"])])
    elif kind == "rule":
        rid = data["id"]
        entry = codec.to_row(kb.documents[rid] if data.get("kind") == "document" else kb.rules[rid])
    elif kind == "glossary":
        entry = codec.to_row(kb.glossaries[data["id"]])
    elif kind == "accepted":
        entry = [codec.to_row(a) for a in kb.acceptances]
    elif kind in ("game", "gazetteer"):
        entry = data
    else:
        return None
    index = kc.line_index(text)
    result.line_indexes[display] = index  # read once: the findings of this run are placed with it too
    return ("ok", entry, marshal.dumps(index))


def _from_record(kb: KnowledgeBase, result: LoadResult, kind: str, display: str, record: tuple,
                 decoders: dict) -> bool:
    """Put a cached file's record into the KB (``decoders``: ``_decoders()``). False if the record does not have
    the expected shape."""
    try:
        status, entry, extra = record
        if status == "ok" and kind in ("event", "rule", "glossary") and _key_of(kind, entry[0], entry[1]) in kb.files:
            return False  # an id clash: read the file again, which reports it (SCH002)
        if status == "bad":
            result.findings.extend([codec.from_row(Finding, t) for t in entry])
            if extra:
                result.unreadable[extra] = display
            return True
        if not isinstance(extra, bytes):
            return False
        if kind in decoders:
            _place(kb, decoders[kind](entry), display)
        elif kind == "accepted":
            acceptances = [codec.from_row(Acceptance, a) for a in entry]
            kb.files["accepted"] = display
            kb.acceptances.extend(acceptances)
        elif kind in ("game", "gazetteer"):
            _add(kb, kind, entry, display)
        else:
            return False
        result.line_indexes[display] = extra
        return True
    except (KeyError, TypeError, ValueError, AttributeError):
        return False


def _id_clash(kb: KnowledgeBase, kind: str, data: Any, display: str, text: str) -> Finding | None:
    """SCH002 when a second file holds an id the KB already has (it would silently replace the first)."""
    if not isinstance(data, dict):
        return None
    ident = data.get("game") if kind == "gazetteer" else data.get("id")
    if not isinstance(ident, str) or kind not in ("event", "rule", "glossary", "game", "gazetteer"):
        return None
    key = {"game": "game:", "gazetteer": "gazetteer:"}.get(kind, "") + _key_of(kind, ident, data.get("game"))
    first = kb.files.get(key)
    if first is None:
        return None
    line = node_mark(text, ["game" if kind == "gazetteer" else "id"])[0]
    return _schema_finding(display, line, f"{'game' if kind == 'gazetteer' else 'id'} {ident!r} is also the "
                           f"{'game' if kind == 'gazetteer' else 'id'} of {first}; this file is left out (one of "
                           "the two must change)", ident if kind in ("event", "rule", "glossary") else None,
                           rule="SCH002")


def _place(kb: KnowledgeBase, entry: Event | RuleEntry | Glossary, display: str) -> None:
    """An event, rule entry or glossary into the KB, from its file ``display``."""
    if isinstance(entry, Event):
        kb.events[entry.key] = entry
        kb.files[entry.key] = display
        return
    if isinstance(entry, Glossary):
        kb.glossaries[entry.id] = entry
    else:
        (kb.documents if entry.kind == "document" else kb.rules)[entry.id] = entry
    kb.files[entry.id] = display


def _key_of(kind: str, ident: str, game) -> str:
    """The KB key of an entry: events are keyed by game and id (two games may both have an event 1:I)."""
    return qualified(str(game), ident) if kind == "event" else ident


def _decoders() -> dict:
    """The cache records' decoders for one load (the ``lazy_clauses`` switch read once, not for every event)."""
    return {"event": functools.partial(kc.decode_event, lazy=_fast.enabled("lazy_clauses")),
            "rule": functools.partial(codec.from_row, RuleEntry), "glossary": functools.partial(codec.from_row, Glossary)}
_READERS = {"event": codec.event_from, "rule": codec.rule_from, "glossary": codec.glossary_from}


def _add(kb: KnowledgeBase, kind: str, data: Any, display: str, text: str = "") -> None:
    if kind in _READERS:
        _place(kb, _READERS[kind](data), display)
    elif kind == "game":
        kb.games[data["id"]] = data
        kb.files["game:" + data["id"]] = display
    elif kind == "gazetteer":
        kb.gazetteers[data["game"]] = data
        kb.files["gazetteer:" + data["game"]] = display
    elif kind == "deck":
        from ..games import decks_module

        game = data["game"]  # a game whose pack reads decks: the deck schema allows no other
        kb.decks[display] = decks_module(game).load_deck(data, display, kb.games.get(game, {}), text)
    elif kind == "accepted":
        kb.files["accepted"] = display
        for k, item in enumerate(data.get("accepted") or []):
            kb.acceptances.append(codec.acceptance_from(item, node_mark(text, ["accepted", k])[0]))


# ------------------------------------------------------------------ saving

def entry_path(entry: Event | RuleEntry | Glossary) -> str:
    """Path of an entry's file relative to the KB root; every name in it is checked first (``checker/core/paths.py``)."""
    if isinstance(entry, Event):
        return os.path.join("events", check_game(entry.game), check_period(entry.period).lower(),
                            f"{check_number(entry.number):02d}.yaml")
    if isinstance(entry, Glossary):
        return os.path.join("glossary", f"{check_entry_id(entry.id)}.yaml")
    return os.path.join("rules", check_game(entry.game), f"{check_entry_id(entry.id)}.yaml")


def entry_data(entry: Event | RuleEntry | Glossary) -> dict[str, Any]:
    return codec.to_data(entry)


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
