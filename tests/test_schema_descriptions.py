"""Issue 34: every field of every JSON schema rulekb ships carries a ``description``, so that an editor's hover
(yaml-language-server, VS Code) explains it; the bundled ``kb/schema/`` is the copy rulekb ships."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checker.kb.store import kb_schema_findings, shipped_schema_dir

from .conftest import KB

SCHEMAS = sorted((KB / "schema").glob("*.schema.json"))
_SUBSCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
_SUBSCHEMA = ("items", "additionalProperties", "additionalItems", "contains", "not", "if", "then", "else",
              "propertyNames")


def fields_without_description(schema, where: str = "") -> list[str]:
    """Every property (``properties``, ``patternProperties``) anywhere in ``schema`` that has no non-empty
    description, as a path; walks items, definitions, combinators and nested objects."""
    missing: list[str] = []
    if isinstance(schema, list):
        for i, sub in enumerate(schema):
            missing += fields_without_description(sub, f"{where}[{i}]")
        return missing
    if not isinstance(schema, dict):
        return missing
    for key in ("properties", "patternProperties"):
        for name, sub in (schema.get(key) or {}).items():
            path = f"{where}/{key}/{name}"
            text = sub.get("description") if isinstance(sub, dict) else None
            if not (isinstance(text, str) and text.strip() and text.strip().lower() != name.lower()):
                missing.append(path)
            missing += fields_without_description(sub, path)
    for key in _SUBSCHEMA:
        if isinstance(schema.get(key), (dict, list)):
            missing += fields_without_description(schema[key], f"{where}/{key}")
    for key in _SUBSCHEMA_LISTS:
        for i, sub in enumerate(schema.get(key) or []):
            missing += fields_without_description(sub, f"{where}/{key}[{i}]")
    for key in ("definitions", "$defs"):
        for name, sub in (schema.get(key) or {}).items():
            missing += fields_without_description(sub, f"{where}/{key}/{name}")
    return missing


def test_the_schemas_are_all_there():
    assert {p.name for p in SCHEMAS} == {f"{k}.schema.json" for k in (
        "accepted", "deck", "event", "game", "gazetteer", "glossary", "rule")}


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_every_field_has_a_description(path):
    missing = fields_without_description(json.loads(path.read_text(encoding="utf-8")))
    assert missing == [], f"{path.name}: {len(missing)} fields without a description: {missing}"


def test_the_walk_finds_a_field_without_description_at_any_depth():
    """The walk itself: a missing, blank or name-only description deep in definitions, items, patternProperties
    or a combinator."""
    schema = {"properties": {"a": {"description": "a list", "type": "array", "items": {"properties": {"b": {}}}}},
              "definitions": {"d": {"properties": {"c": {"description": "C"}, "g": {"description": "what g is"}}}},
              "patternProperties": {"^x$": {"description": "x", "additionalProperties": {"properties": {"e": {}}}}},
              "anyOf": [{"properties": {"f": {"description": " "}}}]}
    assert fields_without_description(schema) == [
        "/properties/a/items/properties/b", "/patternProperties/^x$/additionalProperties/properties/e",
        "/anyOf[0]/properties/f", "/definitions/d/properties/c"]


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_the_bundled_schema_is_the_shipped_one(path):
    """Files are validated against the shipped schemas; the bundled KB's own copy must be identical to them, or
    every check of the bundled KB would report SCH001 'differs from the schema rulekb ships'."""
    shipped = Path(shipped_schema_dir()) / path.name
    assert shipped.read_bytes() == path.read_bytes()


def test_a_copy_of_the_bundled_kb_reports_no_differing_schema(tmp_path):
    """Where the KB's schema/ is not the shipped folder itself (a KB copied elsewhere), its schemas are compared
    byte for byte with the shipped ones: the described schemas must give no SCH001."""
    import shutil

    shutil.copytree(KB / "schema", tmp_path / "schema")
    assert kb_schema_findings(str(tmp_path), "kb") == []
    (tmp_path / "schema" / "event.schema.json").write_text(
        (KB / "schema" / "event.schema.json").read_text(encoding="utf-8").replace(
            '"description": "the event\'s title', '"description": "the title', 1), encoding="utf-8")
    assert [f.rule for f in kb_schema_findings(str(tmp_path), "kb")] == ["SCH001"]
