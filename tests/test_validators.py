"""The on-disk cache of compiled schema validators: same verdicts as a fresh compile, never stale, never fatal,
and never code taken on trust (an entry runs only if it is signed with the user's key, kept outside the cache)."""

from __future__ import annotations

import json
import marshal
import os

import fastjsonschema
import pytest

from checker.kb import validators
from checker.kb.store import load_kb

from .conftest import KB


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("RULEKB_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("RULEKB_STATE_DIR", str(tmp_path / "state"))
    from checker.kb import cachedir as cache_module

    monkeypatch.setattr(cache_module, "_KEY", None)
    validators._validator.cache_clear()
    yield tmp_path / "cache"
    validators._validator.cache_clear()


SCHEMAS = sorted(p.name for p in (KB / "schema").glob("*.schema.json"))


@pytest.mark.parametrize("name", SCHEMAS)
def test_cached_validator_agrees_with_fastjsonschema(cache, name):
    text = (KB / "schema" / name).read_text(encoding="utf-8")
    reference = fastjsonschema.compile(json.loads(text))
    bad = {"id": 12, "unexpected": True}
    for attempt in range(2):  # the first call writes the cache, the second reads it
        validators._validator.cache_clear()
        check = validators.fast_validator(text)
        with pytest.raises(fastjsonschema.JsonSchemaException):
            reference(bad)
        with pytest.raises(fastjsonschema.JsonSchemaException):
            check(bad)
    assert len(list(cache.glob("schema-*.marshal"))) == 1


@pytest.mark.slow
def test_bundled_kb_loads_the_same_with_a_cold_and_a_warm_cache(cache):
    cold = load_kb(str(KB))
    assert list(cache.glob("schema-*.marshal")), "nothing was cached"
    validators._validator.cache_clear()
    warm = load_kb(str(KB))
    assert cold.findings == warm.findings == []
    assert sorted(cold.kb.events) == sorted(warm.kb.events)


def test_an_edited_schema_gets_its_own_entry(cache):
    text = (KB / "schema" / "accepted.schema.json").read_text(encoding="utf-8")
    schema = json.loads(text)
    one = {"accepted": [{"rule": "REF001", "reason": "intended"}]}
    validators.fast_validator(text)(one)
    schema["properties"]["accepted"]["maxItems"] = 0
    edited = json.dumps(schema)
    with pytest.raises(fastjsonschema.JsonSchemaException):
        validators.fast_validator(edited)(one)
    assert len(list(cache.glob("schema-*.marshal"))) == 2


def test_a_damaged_cache_file_is_regenerated(cache):
    text = (KB / "schema" / "accepted.schema.json").read_text(encoding="utf-8")
    validators.fast_validator(text)
    (entry,) = cache.glob("schema-*.marshal")
    entry.write_bytes(b"\x00not marshal data")
    validators._validator.cache_clear()
    check = validators.fast_validator(text)
    with pytest.raises(fastjsonschema.JsonSchemaException):
        check({"accepted": "not a list"})
    assert entry.read_bytes() != b"\x00not marshal data"


def _plant(cache, text, marker):
    """Put marshalled code that creates ``marker`` where the validator for ``text`` is cached (an attacker who
    can write the cache folder but not the user's config folder)."""
    validators.fast_validator(text)
    (entry,) = cache.glob("schema-*.marshal")
    evil = compile(f"open({str(marker)!r}, 'w').close()\nrulekb_entry = lambda data: None\n", "<evil>", "exec")
    return entry, marshal.dumps(evil)


def test_forged_cache_entry_is_never_run(cache, tmp_path):
    text = (KB / "schema" / "accepted.schema.json").read_text(encoding="utf-8")
    marker = tmp_path / "PWNED"
    entry, evil = _plant(cache, text, marker)
    entry.write_bytes(evil)  # unsigned, as the old cache format
    validators._validator.cache_clear()
    check = validators.fast_validator(text)
    assert not marker.exists(), "code from the cache folder was executed"
    with pytest.raises(fastjsonschema.JsonSchemaException):
        check({"accepted": "not a list"})


def test_cache_entry_signed_with_another_key_is_never_run(cache, tmp_path, monkeypatch):
    from checker.kb import cachedir as cache_module

    text = (KB / "schema" / "accepted.schema.json").read_text(encoding="utf-8")
    marker = tmp_path / "PWNED"
    entry, evil = _plant(cache, text, marker)
    monkeypatch.setenv("RULEKB_STATE_DIR", str(tmp_path / "attacker-state"))
    monkeypatch.setattr(cache_module, "_KEY", None)
    cache_module.write_cached(entry.name, evil)  # authenticated, but with the attacker's own key
    monkeypatch.setenv("RULEKB_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.setattr(cache_module, "_KEY", None)
    validators._validator.cache_clear()
    validators.fast_validator(text)
    assert not marker.exists()


def test_key_inside_the_cache_or_writable_by_others_is_not_used(cache, tmp_path, monkeypatch):
    from checker.kb import cachedir as cache_module

    first = cache_module.cache_key()
    key = tmp_path / "state" / "cache.key"
    assert key.read_bytes() == first
    key.chmod(0o666)
    monkeypatch.setattr(cache_module, "_KEY", None)
    assert cache_module.cache_key() != first  # a key others could write is not used (this process gets its own)
    monkeypatch.setenv("RULEKB_STATE_DIR", str(cache))
    monkeypatch.setattr(cache_module, "_KEY", None)
    cache_module.write_cached("x", b"payload")
    assert not (cache / "cache.key").exists()  # no key is ever made inside the cache folder


def test_an_unwritable_cache_folder_is_no_error(tmp_path, monkeypatch):
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x")
    monkeypatch.setenv("RULEKB_CACHE_DIR", str(blocker / "cache"))
    validators._validator.cache_clear()
    try:
        text = (KB / "schema" / "accepted.schema.json").read_text(encoding="utf-8")
        with pytest.raises(fastjsonschema.JsonSchemaException):
            validators.fast_validator(text)({"accepted": "not a list"})
        assert not os.path.exists(blocker / "cache")
    finally:
        validators._validator.cache_clear()


def _paths(value, path=()):
    """Every (path, value) inside a document of dicts and lists."""
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


def _replaced(doc, path, new):
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(doc, dict):
        return {k: (_replaced(v, rest, new) if k == head else v) for k, v in doc.items()}
    return [(_replaced(v, rest, new) if i == head else v) for i, v in enumerate(doc)]


@pytest.mark.slow
def test_validators_without_item_paths_give_fastjsonschemas_verdicts(cache):
    """The compiled validators pass nested items no path for messages nobody reads (checker/_fast/validator_paths.py):
    every bundled file, and each file with one value anywhere inside it replaced by a wrong one (another type,
    an unknown key, an empty or missing part), passes or fails exactly as under fastjsonschema's own code."""
    import random

    from checker.kb.store import iter_kb_files, schema_kind_for
    from checker.kb.yamlio import load_file

    rng = random.Random(20261125)
    wrong = [None, 12, -1, "x", "", [], {}, {"unexpected": 1}, [1], True, 1.5]
    compared = failed = 0
    for name in SCHEMAS:
        text = (KB / "schema" / name).read_text(encoding="utf-8")
        reference, ours = fastjsonschema.compile(json.loads(text)), validators.fast_validator(text)
        kind = name.split(".")[0]
        for full, rel in iter_kb_files(str(KB)):
            if schema_kind_for(rel) != kind:
                continue
            data, _ = load_file(full)
            places = list(_paths(data))
            for doc in [data] + [_replaced(data, p, rng.choice(wrong)) for p, _ in rng.sample(places, min(6, len(places)))]:
                verdicts = []
                for check in (reference, ours):
                    try:
                        check(doc)
                        verdicts.append(True)
                    except fastjsonschema.JsonSchemaException:
                        verdicts.append(False)
                assert verdicts[0] == verdicts[1], (rel, doc)
                compared += 1
                failed += not verdicts[0]
    assert compared > 500 and failed > 100  # the mutations do break files: both ways are compared
