"""The speed tricks of checker/_fast/, each against its plain way as the oracle: on the bundled KB and on a small
generated KB, the trick gives what the plain way gives. And the whole ``check --format json`` output is the same
with every trick off (``RULEKB_PLAIN=1``)."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from pathlib import Path

import fastjsonschema
import pytest
import yaml

from bench.generate import generate
from checker import _fast
from checker._fast import clause_lists, gc_pause, validator_paths, yaml_build
from checker.core.model import Clause, Event, Section, Source
from checker.engine.run import Run
from checker.kb import cache as kc
from checker.kb import codec, validators
from checker.kb.store import entry_data, iter_kb_files, load_kb, schema_kind_for
from checker.kb.yamlio import _KBLoader

from .test_yaml_build import _types

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def kbs(tmp_path_factory):
    """The bundled KB and a generated one of 40 events."""
    out = tmp_path_factory.mktemp("gen") / "kb"
    generate(40, str(out), seed=5, quiet=True)
    return [str(REPO / "kb"), str(out)]


def _files(kbs):
    for root in kbs:
        yield from iter_kb_files(root)


def _plain(monkeypatch):
    monkeypatch.setenv("RULEKB_PLAIN", "1")


def test_the_switch(monkeypatch):
    monkeypatch.delenv("RULEKB_PLAIN", raising=False)
    assert all(_fast.enabled(t) for t in _fast.TRICKS)
    for off in ("1", "yes"):
        monkeypatch.setenv("RULEKB_PLAIN", off)
        assert not any(_fast.enabled(t) for t in _fast.TRICKS)
    monkeypatch.setenv("RULEKB_PLAIN", "0")
    assert all(_fast.enabled(t) for t in _fast.TRICKS)
    with pytest.raises(ValueError, match="no speed trick"):
        _fast.enabled("warp")


def test_yaml_build_gives_what_the_loader_gives(kbs):
    n = 0
    for full, _ in _files(kbs):
        text = Path(full).read_text(encoding="utf-8")
        fast, plain = yaml_build.load(text, _KBLoader), yaml.load(text, Loader=_KBLoader)
        assert fast == plain and _types(fast) == _types(plain), full
        n += 1
    assert n > 80


def _verdict(check, doc) -> bool:
    try:
        check(doc)
    except fastjsonschema.JsonSchemaException:
        return False
    return True


def test_validator_paths_give_the_unedited_codes_verdicts(kbs, monkeypatch):
    schemas = {p.name.split(".")[0]: p.read_text(encoding="utf-8") for p in (REPO / "kb" / "schema").glob("*.json")}
    monkeypatch.delenv("RULEKB_PLAIN", raising=False)
    edited = {k: validators.fast_validator(t) for k, t in schemas.items()}
    assert validator_paths.stamp() != "plain"
    _plain(monkeypatch)
    unedited = {k: validators.fast_validator(t) for k, t in schemas.items()}
    assert validator_paths.stamp() == "plain"
    compared = failing = 0
    for full, rel in _files(kbs):
        kind = schema_kind_for(rel)
        if kind is None:
            continue
        data = yaml.safe_load(Path(full).read_text(encoding="utf-8"))
        for doc in (data, {**data, "unexpected": 1}, {k: v for k, v in data.items() if k != "id"}):
            verdict = _verdict(edited[kind], doc)
            assert verdict == _verdict(unedited[kind], doc), (rel, doc)
            compared += 1
            failing += not verdict
    assert compared > 240 and failing > 80  # wrong documents were among them


def _whole(result) -> tuple:
    kb = result.kb
    entries = {key: entry_data(e) for key, e in (*kb.events.items(), *kb.rules.items(), *kb.documents.items(),
                                                 *kb.glossaries.items())}
    return entries, kb.games, kb.gazetteers, [codec.to_row(a) for a in kb.acceptances], \
        [f.to_dict() for f in result.findings]


def test_gc_pause_loads_what_the_plain_load_loads(kbs, monkeypatch):
    monkeypatch.setenv("RULEKB_NO_CACHE", "1")
    for root in kbs:
        monkeypatch.delenv("RULEKB_PLAIN", raising=False)
        fast = _whole(load_kb(root))
        _plain(monkeypatch)
        assert _whole(load_kb(root)) == fast
    assert gc.isenabled()


def test_gc_pause_pauses_only_when_on(monkeypatch):
    monkeypatch.delenv("RULEKB_PLAIN", raising=False)
    with gc_pause.gc_paused(freeze=False):
        assert not gc.isenabled()
    assert gc.isenabled()
    _plain(monkeypatch)
    with gc_pause.gc_paused(freeze=False):
        assert gc.isenabled()


def test_lazy_clauses_read_as_the_plain_decode(kbs, monkeypatch):
    for root in kbs:
        monkeypatch.setenv("RULEKB_NO_CACHE", "1")
        events = list(load_kb(root).kb.events.values())
        rows = [kc.encode_event(e) for e in events]
        monkeypatch.delenv("RULEKB_PLAIN", raising=False)
        lazy = [kc.decode_event(r) for r in rows]
        assert all(type(e) is not Event and isinstance(e, Event) for e in lazy)
        _plain(monkeypatch)
        plain = [kc.decode_event(r) for r in rows]
        assert all(type(e) is Event for e in plain)
        assert plain == events
        assert lazy == plain  # read: unpacked, and plain dataclasses from then on
        assert all(type(e) is Event for e in lazy)


def test_a_clause_tree_set_before_first_use_is_kept(monkeypatch):
    monkeypatch.delenv("RULEKB_PLAIN", raising=False)
    event = codec.event_from(yaml.safe_load((REPO / "kb/events/eu/vii/01.yaml").read_text(encoding="utf-8")))
    lazy = kc.decode_event(kc.encode_event(event))
    lazy.conditions = []
    assert lazy.body == event.body and lazy.conditions == [] and type(lazy) is Event


def _lists(events) -> list[tuple[list[int], list[int]]]:
    """Each event's clause and section lists as the ids of what they hold, read twice in one run of the checks
    (``clause_lists.kept``): the second reading must be the first."""
    out = []
    with clause_lists.kept():
        for event in events:
            clauses, sections = event.all_clauses(), event.all_sections()
            assert event.all_clauses() == clauses and event.all_sections() == sections
            out.append(([id(c) for c in clauses], [id(s) for s in sections]))
    return out


def test_clause_lists_give_what_the_plain_walk_gives(kbs, monkeypatch):
    monkeypatch.setenv("RULEKB_NO_CACHE", "1")
    for root in kbs:
        events = list(load_kb(root).kb.events.values())
        monkeypatch.delenv("RULEKB_PLAIN", raising=False)
        with clause_lists.kept() as lists:
            assert lists is not None and all(e.all_clauses() is e.all_clauses() for e in events)  # on: shared
        fast = _lists(events)
        _plain(monkeypatch)
        with clause_lists.kept() as lists:
            assert lists is None and not any(e.all_clauses() is e.all_clauses() for e in events)  # off: built
        assert _lists(events) == fast
        assert sum(len(c) for c, _ in fast) > 100


def test_clause_lists_give_the_plain_findings(kbs, monkeypatch):
    """A check that changed a list it was handed would change what the next check reads, with the trick only."""
    monkeypatch.setenv("RULEKB_NO_CACHE", "1")
    load = load_kb(kbs[1])
    findings = []
    for plain in (False, True):
        if plain:
            _plain(monkeypatch)
        else:
            monkeypatch.delenv("RULEKB_PLAIN", raising=False)
        findings.append([(f.to_dict(), f.quote) for f in Run(load).check().findings])
    assert findings[0] and findings[0] == findings[1]


def test_clause_lists_are_never_stale_outside_a_run(monkeypatch):
    """One list per event while checks run (nested runs share it), a fresh one outside a run, seeded or not: a
    tree changed between runs is never read from an old list. A list kept under a reused id() is not handed out
    for another object."""
    monkeypatch.delenv("RULEKB_PLAIN", raising=False)
    event = Event("1:VII", "eu", "VII", 1, "A", "1: A", Source("t.txt", 1))
    event.conditions = [Clause("1.", "a", 2)]
    assert event.all_clauses() is not event.all_clauses()
    with clause_lists.kept() as lists:
        first = event.all_clauses()
        assert event.all_clauses() is first
        with clause_lists.kept():  # nested: the same lists
            assert event.all_clauses() is first
    event.conditions.append(Clause("2.", "b", 3))
    assert [c.text for c in event.all_clauses()] == ["a", "b"]
    with clause_lists.kept():
        assert [c.text for c in event.all_clauses()] == ["a", "b"]  # a new run: built again
    with clause_lists.seeded(lists):
        assert [c.text for c in event.all_clauses()] == ["a", "b"]  # seeded, but no run
        with clause_lists.kept():
            assert event.all_clauses() is first  # a seeded run: the seed's list (its trees must not change)
    assert [c.text for c in event.all_clauses()] == ["a", "b"]
    other = Event("2:VII", "eu", "VII", 2, "B", "2: B", Source("t.txt", 9))
    with clause_lists.seeded(({id(event): (other, ["not this event's"])}, {})), clause_lists.kept():
        assert [c.text for c in event.all_clauses()] == ["a", "b"]


def test_section_lists_keep_the_walk_order_and_are_never_stale_outside_a_run(monkeypatch):
    """Event.all_sections is every section, each before its subsections (Section.walk_sections), one list per
    event while checks run and a fresh one otherwise."""
    monkeypatch.delenv("RULEKB_PLAIN", raising=False)
    event = Event("1:VII", "eu", "VII", 1, "A", "1: A", Source("t.txt", 1))
    first, second = Section("event", "FIRST EVENT:", 2), Section("event", "SECOND EVENT:", 9)
    first.sections = [Section("phase", "EVENTS PHASE:", 3), Section("phase", "PEACE PHASE:", 6)]
    first.sections[0].sections = [Section("case", "CASE I:", 4)]
    event.body = [first, second]
    walked = [s.line for top in event.body for s in top.walk_sections()]
    assert [s.line for s in event.all_sections()] == walked == [2, 3, 4, 6, 9]
    assert event.all_sections() is not event.all_sections()
    with clause_lists.kept():
        kept = event.all_sections()
        assert event.all_sections() is kept
    event.body.append(Section("event", "THIRD EVENT:", 12))
    assert [s.line for s in event.all_sections()][-1] == 12


def test_check_json_is_the_same_with_every_trick_off(tmp_path):
    def check(plain: bool) -> str:
        env = {**os.environ, "RULEKB_NO_CACHE": "1", "PYTHONPATH": str(REPO)}
        env.pop("RULEKB_PLAIN", None)
        if plain:
            env["RULEKB_PLAIN"] = "1"
        run = subprocess.run([sys.executable, "-m", "checker.cli", "check", "--format", "json"], cwd=REPO, env=env,
                             capture_output=True, text=True, timeout=600, check=False)
        assert run.returncode == 1, run.stderr[-2000:]
        return run.stdout

    fast, plain = check(False), check(True)
    assert json.loads(fast)  # findings were reported
    assert fast == plain


def _corpus_reads(monkeypatch, plain: bool, rounds: int):
    """What the reader makes of the first 100 sentences of the held-out dev20 corpus, read ``rounds`` times over (a
    memo's second read comes from the memo), with the parse memo on or off."""
    from checker.logic.reader import events
    from tests.reader_grid import reader

    if plain:
        _plain(monkeypatch)
    else:
        monkeypatch.delenv("RULEKB_PLAIN", raising=False)
    events._memo.cache_clear()
    corpus = yaml.safe_load((REPO / "tests" / "heldout" / "dev20.yaml").read_text(encoding="utf-8"))
    read = reader(corpus["games"])
    out = [[read(s["game"], str(s["event"]), s["text"], s["position"] == "requirement")
            for s in corpus["sentences"][:100]] for _ in range(rounds)]
    return out, len(events._memo())


def test_parse_memo_reads_what_the_plain_parse_reads(monkeypatch):
    fast, kept = _corpus_reads(monkeypatch, plain=False, rounds=2)
    plain, kept_plain = _corpus_reads(monkeypatch, plain=True, rounds=1)
    assert fast[0] == fast[1] == plain[0]
    assert kept > 10 and kept_plain == 0  # streams were kept only with the trick on
    assert sum(1 for r in plain[0] if r and r["role"] != "unread") >= 5  # sentences were read, not all refused


def test_parse_memo_keeps_a_refusal_and_stays_bounded():
    from lark.exceptions import UnexpectedInput

    from checker._fast.parse_memo import Failed, ParseMemo
    from checker.logic.reader.events import _parser

    parses = []

    def parse(stream):
        parses.append(stream)
        return _parser().parse(stream)

    memo = ParseMemo(parse, (UnexpectedInput,), size=3)
    refused = memo("CANNOT CANNOT CANNOT")
    assert isinstance(refused, Failed) and isinstance(refused.pos, int)
    assert memo("CANNOT CANNOT CANNOT") is refused and parses == ["CANNOT CANNOT CANNOT"]
    for n in range(6):
        memo("CANNOT " * (n + 1))
    assert len(memo) == 3  # the least recently used streams were dropped
