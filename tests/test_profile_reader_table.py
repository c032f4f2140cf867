"""A game adds its own idioms to the event language in its profile (``reader:`` in kb/games/<game>.yaml, the keys
of checker/logic/reader/core_lexicon.yaml), without a code change. The schema names the tokens the grammar knows,
so a table naming another token is reported with its file and line (SCH001), never silently useless."""

from __future__ import annotations

import json
from pathlib import Path

from checker.cli import main
from checker.engine.run import check_paths
from checker.logic.reader.events import EXTRA_TOKENS
from checker.logic.reader.phrases import core_table, lexicon_tokens

REPO = Path(__file__).resolve().parent.parent
PROFILE = ("id: tiny\nname: Tiny\nevent_id: number:period\nperiods:\n  - {id: Early}\n  - {id: Late}\n"
           "countries:\n  - {code: USA, name: United States}\n")
TEXT = "GAME tiny\nPERIOD Late\n\n1: SECOND CARD\n1. Deployable as an event only after 1:Early.\n\n"
FIRST = "GAME tiny\nPERIOD Early\n\n1: FIRST CARD\n1. The USA gains 1 VP.\n\n"


def _schema_tokens():
    schema = json.loads((REPO / "kb" / "schema" / "game.schema.json").read_text(encoding="utf-8"))
    return set(schema["properties"]["reader"]["properties"]["tokens"]["propertyNames"]["enum"])


def test_the_schema_names_every_token_of_the_grammar():
    # (written out: the oracle) the tokens listed, those only composed ("REMOVED_AFTER"), and the contractions'
    composed = {k for k in core_table()["composed"] if not k.startswith("_")}
    assert "REMOVED_AFTER" in composed - set(core_table()["tokens"])  # a token the lexicon only composes
    # … and the fields' own tokens ("Blocked by:" is BLOCKED_BY, only as a heading)
    headings = set(core_table()["headings"])
    assert "BLOCKED_BY" in headings - set(core_table()["tokens"])
    grammar = set(core_table()["tokens"]) | composed | headings | {"MODAL", "NEG", "DOES", "HAS", "COP"}
    assert set(lexicon_tokens()) == grammar
    assert _schema_tokens() == grammar, \
        "regenerate: python -m checker.logic.reader.language_doc --schema kb/schema/game.schema.json"
    assert not _schema_tokens() & set(EXTRA_TOKENS)  # references and punctuation are not the lexicon's


def _kb(tmp_path, reader: str):
    root = tmp_path / "kb"
    (root / "games").mkdir(parents=True)
    (root / "games" / "tiny.yaml").write_text(PROFILE + reader, encoding="utf-8")
    (tmp_path / "a.txt").write_text(FIRST, encoding="utf-8")
    (tmp_path / "b.txt").write_text(TEXT, encoding="utf-8")
    return root


def test_a_games_own_idiom_is_read(tmp_path, monkeypatch):
    monkeypatch.setenv("RULEKB_NO_CACHE", "1")
    root = _kb(tmp_path, "reader:\n  tokens:\n    PLAYABLE: [deployable as an event]\n")
    assert main(["ingest", "--kb", str(root), str(tmp_path / "a.txt"), str(tmp_path / "b.txt")]) == 0
    findings = check_paths([], str(root)).findings
    assert not [f for f in findings if f.rule in ("LOG007", "SCH001") and f.subject != "1:Early"], \
        [f.message for f in findings]
    event = (root / "events" / "tiny" / "late" / "01.yaml").read_text(encoding="utf-8")
    assert "1:Early" in event and "occurred" in event


def test_without_the_idiom_the_sentence_is_reported(tmp_path, monkeypatch):
    monkeypatch.setenv("RULEKB_NO_CACHE", "1")
    root = _kb(tmp_path, "")
    main(["ingest", "--kb", str(root), str(tmp_path / "a.txt"), str(tmp_path / "b.txt")])
    findings = check_paths([], str(root)).findings
    assert [f for f in findings if f.rule == "LOG007" and f.subject == "1:Late"]


def test_an_unknown_token_in_a_profile_is_reported_with_file_and_line(tmp_path, monkeypatch):
    monkeypatch.setenv("RULEKB_NO_CACHE", "1")
    root = _kb(tmp_path, "reader:\n  tokens:\n    PLAYABLY: [deployable as an event]\n")
    findings = check_paths([], str(root)).findings
    bad = [f for f in findings if f.rule == "SCH001" and "tiny.yaml" in (f.file or "")]
    assert bad and "PLAYABLY" in bad[0].message and bad[0].line, [(f.rule, f.file, f.message) for f in findings]


def _vocab(reader: dict):
    from checker.logic.reader.grammar import _vocabulary

    return _vocabulary([{"code": "USA", "name": "United States"}], ["Early", "Late"], reader=reader, game="tiny")


def _read(text: str, reader: dict, event: str = "2:Late"):
    from checker.logic.reader.read import read_text

    return read_text(text, event, vocab=_vocab(reader))


def test_a_games_own_heading_is_read():
    # "Prereq.:" is the core's; "Needed:" is this game's, given in its profile (it was dropped when the profile was
    # read: the sentence stayed reported)
    reader = {"headings": {"REQUIRES": ["needed"]}}
    assert _read("Needed: 1:Early played.", reader)["role"] == "requirement"
    assert _read("Needed: 1:Early played.", {})["role"] == "unread"


def test_a_games_own_parts_of_the_turn_and_rules():
    # a heading naming a part of this game's rules ("Campaign Game:") says where the rule stands; a part of its turn
    # ("the Supply Impulsion ends") ends without being an event. Without the profile's words both are reported
    from checker.logic.reader.phrases import lexicon_for, tokens
    from checker.logic.reader.read import context

    reader = {"parts": {"headings": ["game"], "turn": ["impulsion"]}}
    for table, first in ((reader, "LABEL"), ({}, "NAME")):
        vocab = _vocab(table)
        toks = tokens("Campaign Game: only after 1:Early.", context(vocab, "2:Late"), lexicon_for(vocab.reader))
        assert toks[0].kind == first, toks
    assert _read("The Supply Impulsion ends.", reader) is None
    assert _read("The Supply Impulsion ends.", {})["role"] == "unread"


def test_control_is_reported_with_how_a_profile_makes_it_ownership_and_the_advice_works():
    import yaml

    from checker.logic.reader.read import CONTROL_HINT

    text, effect = "Unplayable if the USSR controls Cuba.", "The USSR takes control of Cuba."
    got = _read(text, {})
    assert got["role"] == "unread" and CONTROL_HINT in got["reason"]
    assert CONTROL_HINT in _read(effect, {})["reason"]
    assert CONTROL_HINT not in _read("Cancels 1:Early florp.", {})["reason"]
    # the advice, as the message gives it, is a profile's reader table that reads both
    advice = yaml.safe_load(CONTROL_HINT.split("add it to the profile: ")[1].replace("reader: ", "", 1))
    assert _read(text, advice)["when"] == [{"kind": "owns", "subject": "USSR", "value": "Cuba", "negated": True}]
    assert _read(effect, advice)["effects"] == [{"kind": "owner", "subject": "Cuba", "value": "USSR"}]
