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
