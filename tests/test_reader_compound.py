"""A clause that states a requirement AND the effects of its event ("Only while 1:IV is in effect; cancels 21:IV.",
"Req.: Marshall Plan played. Cancels Berlin Blockade."): read from the text into one ``role: requirement`` dict
with ``effects`` (docs/logic.md), both parts used by the engine, shown by ``rulekb read``; a near miss is reported,
never half-read."""

from __future__ import annotations

import dataclasses
import json

import pytest

from checker.cli import main
from checker.games import profile
from checker.logic.reader.grammar import vocabulary_of
from checker.logic.reader.phrases import TitleIndex
from checker.logic.reader.read import read_text

GAME = {"id": "cw", "name": "A cold-war card game", "deck": "cumulative",
        "periods": [{"id": "Early"}, {"id": "Mid"}, {"id": "Late"}],
        "countries": [{"code": "USA", "name": "United States"}, {"code": "USSR", "name": "Soviet Union"},
                      {"code": "UK", "name": "United Kingdom"}]}
TITLES = [("Marshall Plan", "1:Early"), ("Berlin Blockade", "2:Early"), ("Suez Crisis", "4:Early"),
          ("Détente", "1:Late"), ("SALT Negotiations", "2:Late"), ("Afghanistan", "3:Late")]
VOCAB = dataclasses.replace(vocabulary_of(profile({"cw": GAME}, "cw")), titles=TitleIndex(TITLES))


def read(text, event="3:Late"):
    return read_text(text, event, None, VOCAB, opening=True)


def cancel(e):
    return {"kind": "cancel_event", "event": e}


@pytest.mark.parametrize("text, event, when, effects", [
    ("Only while 1:IV is in effect; cancels 21:IV.", "3:Late",
     [{"kind": "in_effect", "event": "1:IV"}], [cancel("21:IV")]),
    ("Req.: Marshall Plan played. Cancels Berlin Blockade.", "3:Late",
     [{"kind": "occurred", "event": "1:Early"}], [cancel("2:Early")]),
    ("This event may be played only while Détente is no longer in effect, and it cancels SALT Negotiations.",
     "3:Late", [{"kind": "over", "event": "1:Late"}], [cancel("2:Late")]),
    ("Afghanistan needs Détente to be over, and when it fires it cancels SALT.", "3:Late",
     [{"kind": "over", "event": "1:Late"}], [cancel("2:Late")]),
    ("The Suez Crisis can only be played as an event while the UK owns Suez, and when it is played Suez passes to "
     "Egypt.", "4:Early", [{"kind": "owns", "subject": "UK", "value": "Suez"}],
     [{"kind": "owner", "subject": "Suez", "value": "Egypt"}]),
])
def test_each_form_is_read_with_its_requirement_and_its_effects(text, event, when, effects):
    logic = read(text, event)
    assert logic["role"] == "requirement", logic
    assert logic["when"] == when and logic["effects"] == effects
    assert not logic.get("unless") and not logic.get("when_any")


def test_the_outcome_and_the_order_of_the_sentences_are_kept():
    logic = read("Cancels Berlin Blockade. Req.: Marshall Plan played. Otherwise re-roll.")
    assert logic == {"role": "requirement", "when": [{"kind": "occurred", "event": "1:Early"}], "on_fail": "reroll",
                     "effects": [cancel("2:Early")], "derived_from": "event-language"}


def test_an_effect_the_text_makes_conditional_keeps_its_condition_on_the_item():
    detente = [{"kind": "in_effect", "event": "1:Late"}]
    for text in ("Only while Marshall Plan is in effect; if Détente is in effect, this card cancels SALT.",
                 "Only while Marshall Plan is in effect; cancels SALT if Détente is in effect.",
                 "Req.: Marshall Plan in effect. If Détente is in effect, SALT is cancelled."):
        logic = read(text)
        assert logic["role"] == "requirement", (text, logic)
        assert logic["when"] == [{"kind": "in_effect", "event": "1:Early"}]  # the requirement's: not the effect's
        assert logic["effects"] == [dict(cancel("2:Late"), when=detente)], text


def test_it_after_another_event_is_named_is_ambiguous():
    # "if Détente is in effect, it cancels SALT": Détente, or this card? Reported, never settled
    logic = read("Only while Marshall Plan is in effect; if Détente is in effect, it cancels SALT.")
    assert logic["role"] == "unread" and logic["reason"].startswith("ambiguous"), logic


def test_a_sentence_level_condition_items_cannot_hold_is_reported_never_dropped():
    for text in ("Only while Marshall Plan is in effect; cancels SALT unless Détente is in effect.",
                 "Req.: Marshall Plan played. Cancels SALT unless Détente is in effect."):
        logic = read(text)
        assert logic["role"] == "unread" and "unless" in logic["reason"], logic


def test_a_removed_name_right_after_the_requirement_stays_one_of_its_conditions():
    # "…, and Poland no longer exists" could be one more condition or the first effect: it is read as the
    # requirement's condition, as before (the parse that makes it an effect is no reading) ...
    logic = read("Only while Marshall Plan is in effect, and Poland no longer exists; cancels SALT.")
    assert logic["role"] == "requirement" and logic["effects"] == [cancel("2:Late")]
    assert logic["when"] == [{"kind": "in_effect", "event": "1:Early"}, {"kind": "not_exists", "subject": "Poland"}]
    # ... and after an effect it is one more effect
    logic = read("Only while Marshall Plan is in effect; cancels SALT, and Poland no longer exists.")
    assert logic["when"] == [{"kind": "in_effect", "event": "1:Early"}]
    assert logic["effects"] == [cancel("2:Late"), {"kind": "minor_removed", "subject": "Poland"}]


def test_rulekb_read_shows_both_parts(capsys):
    assert main(["read", "--format", "json", "Only while 1:IV is in effect; cancels 21:IV."]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["logic"]["when"] == [{"kind": "in_effect", "event": "1:IV"}]
    assert out["logic"]["effects"] == [cancel("21:IV")]
    assert out["notation"] == "require: in_effect(1:IV); on_fail: reroll; effects: cancel(21:IV)"
    assert "only when 1:IV is in effect" in out["words"] and "cancels 21:IV" in out["words"]


# ---------------------------------------------------------------- the engine uses both parts
ENGINE = """\
PERIOD VII

1: CANCELLER (historical date: 1780)
(duration: immediate)
1. Only while event 3:VII is in effect; cancels 4:VII.
EVENTS PHASE:
1. Something happens.
2: WAITER (historical date: 1781)
(duration: immediate)
1. Cannot occur while event 4:VII is in effect.
EVENTS PHASE:
1. Something happens.
3: CONDITION (historical date: 1782)
(duration: permanent)
EVENTS PHASE:
1. Something happens.
4: BLOCKER (historical date: 1783)
(duration: permanent)
EVENTS PHASE:
1. Something happens.
5: OPENING EFFECT (historical date: 1784)
(duration: immediate)
1. Cancels event 4:VII.
EVENTS PHASE:
1. Something happens.
"""


@pytest.fixture(scope="module")
def engine_kb(tmp_path_factory):
    from checker.kb.store import load_kb

    from .conftest import make_kb

    return load_kb(str(make_kb(tmp_path_factory.mktemp("compound"), {"a.txt": ENGINE}, "VII"))).kb.view("eu")


def test_the_clause_reaches_the_engine_as_a_requirement_and_an_effect(engine_kb):
    from checker.logic.basis import unread_items
    from checker.logic.facts import build_model, event_dependencies

    logic = engine_kb.events["1:VII"].conditions[0].logic
    assert logic["role"] == "requirement" and logic["effects"] == [cancel("4:VII")]
    assert event_dependencies(engine_kb.events["1:VII"])["changes"] == {"event:4:VII"}
    model = build_model(engine_kb)
    roles = sorted(c.role for c in model.clauses.values() if c.event == "1:VII" and c.line == 5)
    assert roles == ["effect", "requirement"]
    assert 'cancel("4:VII")' in model.program()
    assert not list(unread_items(engine_kb.events["1:VII"]))  # coverage counts it as read


@pytest.mark.slow
def test_the_effect_of_the_compound_clause_changes_an_answer(engine_kb):
    from checker.logic.orders import check_log

    # 2:VII cannot fire while 4:VII (permanent) is in effect; 1:VII, which may fire while 3:VII is in effect,
    # cancels 4:VII: then 2:VII can fire
    played = [{"turn": 1, "event": "3:VII"}, {"turn": 2, "event": "4:VII"}]
    assert check_log(engine_kb, played + [{"turn": 3, "event": "2:VII"}]).status == "illegal"
    assert check_log(engine_kb, played + [{"turn": 3, "event": "1:VII"},
                                          {"turn": 4, "event": "2:VII"}]).status == "legal"
    # the requirement holds too: without 3:VII in effect, 1:VII cannot fire
    bad = check_log(engine_kb, [{"turn": 1, "event": "4:VII"}, {"turn": 2, "event": "1:VII"}])
    assert bad.status == "illegal" and [(c.event, c.line) for c in bad.explanation] == [("1:VII", 5)]


def test_the_site_and_the_hover_show_the_effects_of_a_requirement(engine_kb):
    from checker.lsp.words import logic_words
    from checker.site.plain import logic_effects

    event = engine_kb.events["1:VII"]
    [(clause, reading)] = logic_effects(event)
    assert clause is event.conditions[0] and reading == {"role": "effect", "effects": [cancel("4:VII")]}
    words = logic_words(event.conditions[0].logic, engine_kb)
    assert words.startswith("Requirement: the event can occur only if") and "When it fires: the effects of event " \
        "4:VII are cancelled" in words


def test_a_condition_then_an_effect_is_ambiguous():
    # "Only if A is over; then the game ends": the card's requirement, or the condition of its effect?
    logic = read("Only if the SALT Negotiations are no longer in effect; then the game ends immediately.")
    assert logic["role"] == "unread" and logic["reason"].startswith("ambiguous"), logic
    # without "then", the requirement and the event's effect
    logic = read("Only while Détente is in effect; the game ends immediately.")
    assert logic["role"] == "requirement" and logic["effects"] == [{"kind": "game_ends"}], logic


def test_an_effect_among_the_opening_clauses_reaches_the_engine(engine_kb):
    # "Cancels event 4:VII." stands where requirements stand: it is the event's effect when it fires, never dropped
    from checker.logic.facts import build_model

    clause = engine_kb.events["5:VII"].conditions[0]
    assert clause.logic["role"] == "effect"
    model = build_model(engine_kb)
    assert [c.role for c in model.clauses.values() if c.event == "5:VII" and c.line == clause.line] == ["effect"]


@pytest.mark.slow
def test_an_opening_effect_changes_an_answer(engine_kb):
    from checker.logic.orders import check_log

    played = [{"turn": 1, "event": "4:VII"}, {"turn": 2, "event": "5:VII"}, {"turn": 3, "event": "2:VII"}]
    assert check_log(engine_kb, played).status == "legal"
