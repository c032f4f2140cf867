"""The one codec (checker/kb/codec.py): every field of every model class round-trips through the YAML form and
the cache's row form, and a field the codec does not know fails here."""

from __future__ import annotations

import dataclasses
import glob
import inspect
import marshal
import typing

import pytest
import yaml

from checker.core import model
from checker.kb import cache as kc
from checker.kb import codec
from checker.kb.store import entry_data
from checker.kb.yamlio import dumps


def _value(cls: type, f: codec._Field, hint, depth: int = 0):
    """A value of the field's type that is not its default (nor what a left-out key reads as)."""
    if f.nested is not None:
        if f.nested is cls and depth:  # a tree (a clause's children): one level below the top
            return []
        inner = _instance(f.nested, depth + 1)
        return [inner] if f.many else inner
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    base = args[0] if args and typing.get_origin(hint) is not list else hint
    origin = typing.get_origin(base) or base
    if origin is bool:
        return not f.default if isinstance(f.default, bool) else True
    if origin is int:
        return 7 + depth
    if origin is str:
        return "see 7:VII and rule 12.3" if f.name == "text" else f"{f.name}-{depth}"
    if origin is dict:
        return {"key": f.name}
    if origin is list:
        return [f.name]
    if base is typing.Any:
        return {"any": f.name}
    raise AssertionError(f"{cls.__name__}.{f.name}: no test value for {hint!r}: teach this test the new type")


def _instance(cls: type, depth: int = 0):
    hints = typing.get_type_hints(cls, vars(model))
    obj = cls(**{f.name: _value(cls, f, hints[f.name], depth) for f in codec.spec(cls)})
    for (owner, name), derive in codec.DERIVED.items():  # what the codec reads from the other fields
        if owner is cls:
            setattr(obj, name, derive(vars(obj)))
    return obj


def _model_dataclasses() -> list[type]:
    return [c for _, c in inspect.getmembers(model, inspect.isclass)
            if dataclasses.is_dataclass(c) and c.__module__ == model.__name__]


def test_every_model_class_is_known_to_the_codec():
    known = {*codec.MODEL_CLASSES, *codec.ROW_ONLY_CLASSES, model.KnowledgeBase}
    assert set(_model_dataclasses()) == known


@pytest.mark.parametrize("cls", codec.MODEL_CLASSES, ids=lambda c: c.__name__)
def test_every_field_set_round_trips_through_yaml_and_rows(cls):
    obj = _instance(cls)
    for f in dataclasses.fields(cls):  # the instance holds no default anywhere: a forgotten field would show
        assert getattr(obj, f.name) != f.default, f.name
    data = codec.to_data(obj)
    assert list(data) == list(codec.YAML_ORDER[cls])  # nothing left out: every field is written
    assert codec.from_data(cls, yaml.safe_load(dumps(data))) == obj
    row = marshal.loads(marshal.dumps(codec.to_row(obj)))
    assert codec.from_row(cls, row) == obj


@pytest.mark.parametrize("cls", codec.ROW_ONLY_CLASSES, ids=lambda c: c.__name__)
def test_cache_only_classes_round_trip_through_rows(cls):
    obj = _instance(cls)
    assert codec.from_row(cls, marshal.loads(marshal.dumps(codec.to_row(obj)))) == obj


def test_a_field_without_a_place_in_the_files_fails():
    @dataclasses.dataclass
    class Grown(model.Source):
        extra: str | None = None

    codec.YAML_ORDER[Grown] = codec.YAML_ORDER[model.Source]
    try:
        with pytest.raises(TypeError, match="give every field its place"):
            codec.to_data(Grown("f", 1))
    finally:
        del codec.YAML_ORDER[Grown]


def test_a_clauses_references_are_read_from_its_text_not_from_the_file():
    """A text edited by hand, its written references left as they were: the text's references count."""
    data = {"text": "as 8:VII says", "line": 4,
            "refs": [{"kind": "event", "text": "7:VII", "target": "7:VII", "form": "number:period", "line": 4}]}
    clause = codec.from_data(model.Clause, data)
    assert [r.target for r in clause.refs] == ["8:VII"]
    assert codec.to_data(clause)["refs"][0]["target"] == "8:VII"


def test_a_row_of_another_model_is_refused():
    row = codec.to_row(model.Source("f", 1, 2))
    with pytest.raises(TypeError):
        codec.from_row(model.Source, row[:-1])


def test_defaults_are_left_out_of_the_yaml_form():
    clause = model.Clause("", "text", 3)
    assert codec.to_data(clause) == {"text": "text", "line": 3}
    assert codec.from_data(model.Clause, {"text": "text", "line": 3}) == clause
    effect = model.Effect("x", 1)
    assert codec.to_data(effect) == {"text": "x", "line": 1, "parsed": True}  # as the files have always had it


def test_cached_event_equals_the_loaded_one_field_by_field():
    """An event of the bundled KB: its YAML form, its row (clause trees packed) and back, all equal."""
    for path in sorted(glob.glob("kb/events/**/*.yaml", recursive=True))[:5]:
        with open(path, encoding="utf-8") as fh:
            data = yaml.safe_load(fh)
        event = codec.event_from(data)
        assert entry_data(event) == data
        again = kc.decode_event(marshal.loads(marshal.dumps(kc.encode_event(event))))
        assert again == event


def test_an_acceptance_reads_as_it_always_has():
    """Keys left out read as before the codec (``subject`` may be left out; a YAML date is kept as its text)."""
    import datetime

    got = codec.acceptance_from({"rule": "SCH001", "reason": "r", "when": datetime.date(2026, 1, 2)}, line=3)
    assert got == model.Acceptance("SCH001", None, "r", when="2026-01-02", line=3)
    with pytest.raises(KeyError):
        codec.acceptance_from({"rule": "SCH001"})


def test_a_finding_with_its_explanation_is_plain_data_in_a_row():
    """A finding's explanation (``list[ExplanationItem] | None``) is rows too: the findings cache is marshal, and a
    row holding an ExplanationItem object could not be written, so a warm check ran every check again (a test
    that builds its values from the codec's own reading of the fields could not see it)."""
    f = model.Finding("LOG003", "logic", "warning", "7:VII", "a.yaml", 3, "two owners at once",
                      [model.ExplanationItem("7:VII", "a.yaml", 166, "d. AUS may annex Polish KRAKOW.")])
    row = codec.to_row(f)
    assert codec.from_row(model.Finding, marshal.loads(marshal.dumps(row))) == f


def _finding_with_all():
    return model.Finding("LOG003", "logic", "warning", "7:VII", "a.yaml", 3, "two owners at once",
                         [model.ExplanationItem("7:VII", "a.yaml", 166, "d. AUS may annex Polish KRAKOW.")],
                         accepted="intended", source_line=40, game="eu", quote="2. AUS may annex KRAKOW.")


def test_findings_round_trip_through_the_findings_cache_with_their_explanation_and_quote(cache_env):
    f = _finding_with_all()
    kc.write_findings("kb-x.marshal", "state-1", [f])
    assert kc.read_findings("kb-x.marshal", "state-1") == [f]
    assert kc.read_findings("kb-x.marshal", "state-2") is None  # another state of the KB: not these findings


def test_a_finding_the_findings_cache_cannot_store_is_said_on_stderr(cache_env, capsys):
    """A row marshal refuses (a finding holding something that is not plain data: a bug of rulekb's) is not
    dropped unseen, as it once was for a whole stop; the check goes on, the cache stays unwritten."""
    kc.write_findings("kb-x.marshal", "state-1", [_finding_with_all()])
    import datetime

    bad = _finding_with_all()
    bad.subject = datetime.date(1780, 1, 1)  # say, an id YAML read as a date: marshal refuses it
    kc.write_findings("kb-x.marshal", "state-2", [bad])
    err = capsys.readouterr().err
    assert err.startswith("rulekb: the findings cache was not written (unmarshallable object") and "bug" in err
    assert kc.read_findings("kb-x.marshal", "state-2") is None
    assert kc.read_findings("kb-x.marshal", "state-1") == [_finding_with_all()]  # the last entry written stays
