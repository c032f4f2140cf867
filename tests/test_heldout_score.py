"""The held-out scorer (tests/heldout/score.py) never lists a sentence of the corpus' test half: its misses are not
to be looked at, whatever split is asked for. The other corpora (dev2.yaml …) are dev sets as a whole."""

from __future__ import annotations

import io
import os
import re

from tests.heldout import score

LISTED = re.compile(r"^  (?P<id>[a-z]\d+) \[", re.MULTILINE)


def _listed(path, split):
    out = io.StringIO()
    score.score(path, verbose=True, out=out, split=split)
    return [m["id"] for m in LISTED.finditer(out.getvalue())]


def test_the_test_half_is_never_listed():
    for split in ("all", "dev", "test"):
        listed = _listed(score.CORPUS, split)
        assert not [i for i in listed if score.half(i) == "test"], split
        if split != "test":
            assert listed, "the dev half's misses are listed"


def test_a_dev_corpus_is_listed_whole():
    listed = _listed(os.path.join(os.path.dirname(score.CORPUS), "dev6.yaml"), "all")
    assert any(score.half(i) == "test" for i in listed) and any(score.half(i) == "dev" for i in listed)


def test_outcomes_of_one_class_are_one_outcome():
    """docs/logic.md S1 records a failed draw as rerolled, marked or refused: "mark off" and "consider as played" are
    both marked, re-roll / nothing / delay are all rerolled; outcomes of different classes differ."""
    assert score.same_outcome("consider_played", "mark_off")
    assert score.same_outcome("reroll", None) and score.same_outcome("delay", "nothing")
    assert not score.same_outcome("mark_off", "reroll")
    assert not score.same_outcome("refused_renewable", "mark_off")
    assert not score.same_outcome("refused_renewable", None)
    sentence = {"id": "x1", "event": "2:VII", "reading": {"require": "occurred(7:VII)", "on_fail": "consider_played"}}
    logic = {"role": "requirement", "when": [{"kind": "occurred", "event": "7:VII"}], "on_fail": "mark_off"}
    assert score.verdict(sentence, logic, ("IV", "VII"))[0] == "exact"
    logic["on_fail"] = "refused_renewable"
    assert score.verdict(sentence, logic, ("IV", "VII"))[0] == "wrong"


def test_a_cancellation_for_one_country_compares_the_country_as_s7_does(monkeypatch):
    """S7: a country written by its profile name is its code ("for England only" is for ENG)."""
    monkeypatch.setattr(score, "_ALIASES", score.bundled_aliases({"eu": {}}))
    got = score.reader_effects({"effects": [{"kind": "cancel_event", "event": "1:IV", "only_for": "England"}]}, "7:IV")
    assert score.effects_equal(got, score.expected_effects(["cancel(1:IV, only_for=ENG)"], "7:IV"), ("IV", "VII"))
    assert not score.effects_equal(got, score.expected_effects(["cancel(1:IV, only_for=FRA)"], "7:IV"), ("IV", "VII"))


def test_a_corpus_game_may_name_its_countries_as_a_profile_does_and_a_name_is_its_code_in_its_own_game_only():
    games = {"eu": {"countries": ["FRA", {"code": "SWE", "name": "Sweden", "adjective": "Swedish"}]},
             "cards": {"countries": [{"code": "FR", "name": "France", "adjective": "French"}]}}
    assert score.game_aliases(games, "eu")["france"] == "fra"  # the bundled eu profile's name
    assert score.game_aliases(games, "eu")["sweden"] == "swe"  # the corpus game's own
    assert score.game_aliases(games, "cards")["france"] == "fr"  # the same name, another game's code
    assert dict(score.vocabularies(games)["cards"].adjectives) == {"French": "FR"}
    assert score.vocabularies(games)["eu"].codes == ("FRA", "SWE")


def test_a_name_of_several_words_is_one_argument_of_the_notation():
    assert score.parse_notation("owns(PRU, West Prussia) and not in_effect(this)", "9:VII") == (
        "and", [("atom", "owns", ("PRU", "West Prussia")), ("not", ("atom", "in_effect", ("9:VII",)))])
