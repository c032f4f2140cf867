"""Forms the event language reads since stop 40, each from text with a near miss that is reported.

* The event named, then its outcome, then the condition: "Truman Doctrine counts as played if …", "This event is
  marked off if …" (a requirement whose failed draw has that outcome).
* "When this event takes place, …", "when it is played, …": the event's own effects.
"""

from __future__ import annotations

import dataclasses

from checker.games import profile
from checker.logic.reader.grammar import vocabulary_of
from checker.logic.reader.phrases import TitleIndex
from checker.logic.reader.read import read_text

GAME = {"id": "cw", "name": "A cold-war card game", "deck": "cumulative",
        "periods": [{"id": "Early"}, {"id": "Mid"}, {"id": "Late"}],
        "countries": [{"code": "USA", "name": "United States"}, {"code": "USSR", "name": "Soviet Union"},
                      {"code": "PRU", "name": "Prussia"}]}
TITLES = [("MARSHALL PLAN", "1:Early"), ("TRUMAN DOCTRINE", "6:Early"), ("COMECON", "7:Early"),
          ("DETENTE", "1:Late"), ("GLASNOST", "6:Late")]
VOCAB = dataclasses.replace(vocabulary_of(profile({"cw": GAME}, "cw")), titles=TITLES and TitleIndex(TITLES))


def read(text, event="6:Early"):
    return read_text(text, event, None, VOCAB, opening=True)


def test_the_event_then_its_outcome_then_the_condition():
    logic = read("Truman Doctrine counts as played if the Marshall Plan is not in effect.")
    assert logic["role"] == "requirement" and logic["on_fail"] == "consider_played", logic
    assert logic["when"] == [{"kind": "in_effect", "event": "1:Early"}], logic
    logic = read("This event is marked off if COMECON has not occurred yet.")
    assert logic["on_fail"] == "mark_off" and logic["when"] == [{"kind": "occurred", "event": "7:Early"}], logic
    # another card named before the outcome is not this card's rule: reported
    assert read("COMECON counts as played if the Marshall Plan is not in effect.")["role"] == "unread"


def test_when_this_event_fires_its_effects():
    logic = read("When this event takes place, Glasnost can never be played again.")
    assert logic["role"] == "effect" and logic["effects"] == [{"kind": "never_occurs", "event": "6:Late"}], logic
    logic = read("When it is played, it cancels Detente.")
    assert logic["role"] == "effect" and logic["effects"] == [{"kind": "cancel_event", "event": "1:Late"}], logic
    # when ANOTHER event fires: a trigger the logic does not model, reported
    assert read("When Detente takes place, Glasnost can never be played again.")["role"] == "unread"


def test_should_of_a_rule_and_a_terse_removal():
    assert read("This card should only be played if COMECON has been played.")["when"] == [
        {"kind": "occurred", "event": "7:Early"}]
    assert read("It should not be played while Detente is in effect.")["when"] == [
        {"kind": "not_in_effect", "event": "1:Late"}]
    # "Should X have occurred, …" (a condition put first) is no modal: still read as a condition
    logic = read("Should COMECON have been played, Detente is cancelled.")
    assert logic["role"] == "effect" and logic["when"] == [{"kind": "occurred", "event": "7:Early"}], logic
    assert logic["effects"] == [{"kind": "cancel_event", "event": "1:Late"}], logic
    logic = read("Unplayable before Detente; remove if drawn early.")
    assert logic["when"] == [{"kind": "occurred", "event": "1:Late"}] and logic["on_fail"] == "mark_off", logic


def test_the_writer_saying_what_they_decided():
    logic = read("We decided this card should only be played if COMECON has already been played; otherwise just "
                 "mark it off.")
    assert logic["when"] == [{"kind": "occurred", "event": "7:Early"}] and logic["on_fail"] == "mark_off", logic
    logic = read("I made sure this card cannot be played before Detente is over, so you re-roll until then.")
    assert logic["when"] == [{"kind": "over", "event": "1:Late"}] and logic["on_fail"] == "reroll", logic
    # what they decided about another card is no rule of this one: reported
    assert read("We decided COMECON should only be played if Detente is over.")["role"] == "unread"


def test_questions_asked_by_the_player_and_about_what_a_card_needs():
    # "Can I play X if …? A: No." states the denial; "Does X need Y? A: Yes[, …]" states the need (and the rest)
    logic = read("Q: Can I play COMECON if Detente is still in effect? A: No.", "7:Early")
    assert logic["when"] == [{"kind": "not_in_effect", "event": "1:Late"}], logic
    logic = read("Q: Does COMECON need the Marshall Plan? A: Yes.", "7:Early")
    assert logic["when"] == [{"kind": "occurred", "event": "1:Early"}], logic
    logic = read("Q: Does COMECON need the Marshall Plan? A: Yes — COMECON can only be played once the Marshall Plan "
                 "has been played.", "7:Early")
    assert logic["when"] and all(c == {"kind": "occurred", "event": "1:Early"} for c in logic["when"]), logic
    # whether a card needs something, answered "No" with nothing after it: what holds instead is not said
    assert read("Q: Does COMECON need the Marshall Plan? A: No.", "7:Early")["role"] == "unread"


def test_more_outcomes_and_verbs():
    logic = read("This card cannot be used as an event while Detente is in effect; it counts as played and has no "
                 "effect.")
    assert logic["when"] == [{"kind": "not_in_effect", "event": "1:Late"}], logic
    assert logic["on_fail"] == "consider_played", logic
    logic = read("If Glasnost has already been played, this card is set aside and may return to the deck later.")
    assert logic["when"] == [{"kind": "not_occurred", "event": "6:Late"}], logic
    assert logic["on_fail"] == "refused_renewable", logic
    logic = read("The only restriction is that Glasnost must have been played.")
    assert logic["when"] == [{"kind": "occurred", "event": "6:Late"}], logic
    # "otherwise" before effects, after a requirement: the event's effects when it fires
    logic = read("Re-roll if Glasnost has not been played. Otherwise the event cancels Detente.")
    assert logic["role"] == "requirement" and logic["effects"] == [{"kind": "cancel_event", "event": "1:Late"}], logic


def test_otherwise_after_an_effects_condition_is_reported():
    # "If A, it is cancelled. Otherwise, …": the alternative of the effect's condition, not of a requirement
    logic = read("If Detente is in effect, Glasnost is cancelled. Otherwise the event cancels COMECON.")
    assert logic["role"] == "unread", logic
