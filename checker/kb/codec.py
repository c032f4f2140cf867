"""The one codec between the model's dataclasses and plain data, driven by ``dataclasses.fields()``.

Two forms, one description of each class (its fields, in the order the dataclass declares them):

- the **YAML form** (``to_data``, ``from_data``): a dict per object, keys in the order KB files have always been
  written (``YAML_ORDER``, which must name every field of its class: a field added to the model without a place
  in the files fails on first use), empty and default values left out (``None``, ``[]``, ``{}``, a field's own
  scalar default; ``ABSENT``: what a required field reads as when left out; ``ALWAYS``: written even at its
  default; ``DERIVED``: read from the other fields, never from the file);
- the **row form** (``to_row``, ``from_row``): a tuple of every field in declaration order, nested objects as rows,
  for the KB cache (``checker/kb/cache.py``; marshal: plain data only, never code).

Nested dataclasses (``Source``), lists of them (``list[Clause]``) and plain values (strings, numbers, the logic
dicts) are told apart by the fields' type hints, read once per class.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from typing import Any

from ..core import model
from ..core.ids import find_references
from ..core.model import (
    Acceptance,
    Block,
    Clause,
    Effect,
    Event,
    ExplanationItem,
    Finding,
    Glossary,
    GlossaryTerm,
    Reference,
    RuleEntry,
    Section,
    Source,
)

# The keys of each class's YAML form, in the order they are written (the files' order, older than the codec).
YAML_ORDER: dict[type, tuple[str, ...]] = {
    Source: ("file", "line", "end_line"),
    Reference: ("kind", "text", "target", "form", "external", "line"),
    Clause: ("marker", "text", "line", "indent", "kind", "logic", "refs", "children"),
    Section: ("kind", "heading", "line", "canonical", "date", "duration", "duration_line", "logic", "clauses",
              "sections"),
    Event: ("id", "game", "period", "number", "title", "header", "multiplicity", "date", "date_start", "date_end",
            "duration", "duration_line", "duration_kind", "duration_turns", "extends", "notes", "source",
            "conditions", "body"),
    Block: ("kind", "marker", "text", "line", "indent"),
    Effect: ("text", "line", "target", "quantity", "amount", "cap", "condition", "parsed", "problem"),
    RuleEntry: ("id", "game", "kind", "title", "number", "parent", "source", "auto_resolution", "data", "blocks",
                "effects", "refs"),
    GlossaryTerm: ("term", "meaning", "line", "separator", "convention"),
    Glossary: ("id", "game", "heading", "source", "terms"),
    Acceptance: ("rule", "subject", "reason", "match", "who", "when", "erratum", "line", "game"),
}
# What a required field without a default reads as when its key is left out (and is left out as).
ABSENT: dict[tuple[type, str], Any] = {(Clause, "marker"): "", (Glossary, "heading"): None,
                                      (Acceptance, "subject"): None}
# Fields written even at their default (``parsed: true`` stands in every effect of the files).
ALWAYS: frozenset[tuple[type, str]] = frozenset({(Effect, "parsed")})
# Fields derived from the others on reading, whatever the file holds: a clause's references are read from its text
# (with Roman period labels; ``store.game_references`` reads them again with a game's own labels), so a text
# edited by hand never keeps stale references. They are still written, for readers of the files (the schema
# describes them), and the cache's rows keep them as derived.
DERIVED: dict[tuple[type, str], Any] = {(Clause, "refs"): lambda d: find_references(d["text"], d["line"])}

_EMPTY = (None, [], {})


@dataclasses.dataclass(frozen=True)
class _Field:
    name: str
    nested: type | None  # the dataclass of a nested object, or of a list's items
    many: bool  # a list of ``nested``
    default: Any  # dataclasses.MISSING when the field has no scalar default
    factory: Any  # dataclasses.MISSING when the field has no default factory


@functools.cache
def spec(cls: type) -> tuple[_Field, ...]:
    """Every field of ``cls`` in declaration order, with what the codec needs to know of it."""
    hints = typing.get_type_hints(cls, vars(model))
    out = []
    for f in dataclasses.fields(cls):
        hint, nested, many = hints[f.name], None, False
        optional = [a for a in typing.get_args(hint) if a is not type(None)]
        if typing.get_origin(hint) in (typing.Union, types.UnionType) and len(optional) == 1:
            hint = optional[0]  # Source | None, list[ExplanationItem] | None: the type inside
        args = typing.get_args(hint)
        if typing.get_origin(hint) is list and args and dataclasses.is_dataclass(args[0]):
            nested, many = args[0], True
        elif dataclasses.is_dataclass(hint):
            nested = hint
        out.append(_Field(f.name, nested, many, f.default, f.default_factory))
    return tuple(out)


@functools.cache
def _yaml_fields(cls: type) -> tuple[_Field, ...]:
    by_name = {f.name: f for f in spec(cls)}
    order = YAML_ORDER[cls]
    if sorted(order) != sorted(by_name):
        raise TypeError(f"codec.YAML_ORDER[{cls.__name__}] names {sorted(order)}, the dataclass has "
                        f"{sorted(by_name)}: give every field its place in the files")
    return tuple(by_name[name] for name in order)


def _left_out(cls: type, f: _Field, value: Any) -> bool:
    if (cls, f.name) in ALWAYS:
        return False
    if any(value is e or (type(value) is type(e) and value == e) for e in _EMPTY):
        return True
    if (cls, f.name) in ABSENT:
        return value == ABSENT[(cls, f.name)]
    return f.default is not dataclasses.MISSING and type(value) is type(f.default) and value == f.default


# ------------------------------------------------------------------ YAML form

def to_data(obj: Any) -> dict[str, Any]:
    """The object as the dict its KB file holds: keys in ``YAML_ORDER``, empty and default values left out."""
    cls = type(obj)
    if cls not in YAML_ORDER:  # a subclass of a model class (``checker/_fast/lazy_clauses.py``)
        cls = next(c for c in cls.__mro__ if c in YAML_ORDER)
    out: dict[str, Any] = {}
    for f in _yaml_fields(cls):
        value = getattr(obj, f.name)
        if f.nested is not None and value is not None:
            value = [to_data(x) for x in value] if f.many else to_data(value)
        if not _left_out(cls, f, value):
            out[f.name] = value
    return out


def from_data(cls: type, d: dict[str, Any], **given: Any) -> Any:
    """An object of ``cls`` from its YAML form (``given``: fields that are not in the file, such as an
    acceptance's line). A key left out reads as the field's default; a required key left out is a KeyError."""
    kwargs: dict[str, Any] = {}
    for f in spec(cls):
        if f.name in given:
            kwargs[f.name] = given[f.name]
            continue
        derive = DERIVED.get((cls, f.name))
        if derive is not None:
            value = derive(d)
        elif f.name in d:
            value = d[f.name]
            if f.nested is not None and value is not None:
                value = [from_data(f.nested, x) for x in value] if f.many else from_data(f.nested, value)
        elif f.default is not dataclasses.MISSING:
            value = f.default
        elif f.factory is not dataclasses.MISSING:
            value = f.factory()
        elif (cls, f.name) in ABSENT:
            value = ABSENT[(cls, f.name)]
        else:
            raise KeyError(f.name)
        kwargs[f.name] = value
    return cls(**kwargs)


# ------------------------------------------------------------------ row form

def to_row(obj: Any) -> tuple:
    """The object as a tuple of its fields in declaration order (nested objects as rows): plain data."""
    return tuple(value_to_row(f, getattr(obj, f.name)) for f in spec(type(obj)))


def value_to_row(f: _Field, value: Any) -> Any:
    """One field's value in the row form."""
    if f.nested is None or value is None:
        return value
    return [to_row(x) for x in value] if f.many else to_row(value)


def from_row(cls: type, row: tuple | list) -> Any:
    """The object of a row made by ``to_row``; a row of another length (another model) is a TypeError."""
    shape = _SHAPE.get(cls)
    if shape is None:
        shape = _SHAPE[cls] = (len(spec(cls)), nested_at(cls))
    size, nested = shape
    if len(row) != size:
        raise TypeError(f"a {cls.__name__} row has {size} values, not {len(row)}")
    if not nested:  # no nested objects (a source, a reference, a block): the row is the arguments
        return cls(*row)
    values = list(row)
    for k, decode in nested:
        if values[k] is not None:
            values[k] = decode(values[k])
    return cls(*values)


def value_from_row(f: _Field, value: Any) -> Any:
    """One field's value from the row form."""
    if f.nested is None or value is None:
        return value
    return [from_row(f.nested, x) for x in value] if f.many else from_row(f.nested, value)


@functools.cache
def nested_at(cls: type) -> tuple[tuple[int, Any], ...]:
    """(position, decoder) of each field of ``cls``'s rows that holds nested objects."""
    return tuple((k, functools.partial(value_from_row, f)) for k, f in enumerate(spec(cls)) if f.nested is not None)


_SHAPE: dict[type, tuple[int, tuple]] = {}  # class -> (fields in a row, ``nested_at``)


# ------------------------------------------------------------------ the entries of KB files, by kind

def event_from(d: dict[str, Any]) -> Event:
    return from_data(Event, d)


def rule_from(d: dict[str, Any]) -> RuleEntry:
    return from_data(RuleEntry, d)


def glossary_from(d: dict[str, Any]) -> Glossary:
    return from_data(Glossary, d)


def acceptance_from(d: dict[str, Any], line: int | None = None) -> Acceptance:
    """An entry of ``accepted.yaml`` (``when`` may be a YAML date: kept as its text)."""
    if d.get("when") is not None:
        d = {**d, "when": str(d["when"])}
    return from_data(Acceptance, d, line=line)


MODEL_CLASSES = tuple(YAML_ORDER)
ROW_ONLY_CLASSES = (Finding, ExplanationItem)  # kept in the cache, never written to a KB file
