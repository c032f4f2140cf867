"""A grid of rule sentences with the verb first: the condition of formal English ("Had the Fronde occurred, …",
"Were NATO still in effect, …") and of a literal translation from German ("Is the Korean War already in effect, the
game ends"; "is this not the case, so nothing happens"), and German time words ("at the earliest from the Mid War
on", "at the earliest when …", "momentarily"). Written from the language's parts, not from any corpus; every reading
checked by hand. A question ("Is NATO in effect?") is no condition.
"""

from __future__ import annotations

import pytest

from tests.reader_grid import reader

GAMES = {"cw": {"periods": ["Early", "Mid", "Late"], "countries": ["USA", "USSR", "UK"],
                "events": {"1:Early": "MARSHALL PLAN", "2:Early": "NATO", "3:Early": "WARSAW PACT",
                           "5:Early": "KOREAN WAR", "3:Mid": "BERLIN WALL", "8:Mid": "SPACE RACE",
                           "1:Late": "DETENTE"}}}

_read = reader(GAMES)


def _st(kind, event):
    return {"kind": kind, "event": event}


READ = [
    ("1:Late", "Is the Korean War already in effect, the game ends immediately.",
     {"role": "effect", "effects": [{"kind": "game_ends"}], "when": [_st("in_effect", "5:Early")]}),
    ("1:Late", "Had NATO been played, the Warsaw Pact is cancelled.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "3:Early"}], "when": [_st("occurred", "2:Early")]}),
    ("1:Late", "Were the Korean War still in effect, re-roll.",
     {"role": "requirement", "when": [_st("not_in_effect", "5:Early")], "on_fail": "reroll"}),
    ("3:Mid", "The Berlin Wall may only be played when NATO is in effect; is this not the case, so nothing happens.",
     {"role": "requirement", "when": [_st("in_effect", "2:Early")], "on_fail": "nothing"}),
    ("8:Mid", "The Space Race can be played at the earliest when the Korean War is finished.",
     {"role": "requirement", "when": [_st("over", "5:Early")]}),
    ("8:Mid", "The Space Race can be played at the earliest from the Mid War on.",
     {"role": "requirement", "when": [{"kind": "period_at_least", "value": "Mid"}]}),
    ("8:Mid", "The Space Race may only be played if Detente is momentarily not in effect.",
     {"role": "requirement", "when": [_st("not_in_effect", "1:Late")]}),
    # what is to be done, as it is done; "insofar as" is "if"; a cancellation and "can not … anymore"
    ("3:Early", "The Warsaw Pact can only be played if NATO is in effect; otherwise the card is to be removed from "
     "the game.", {"role": "requirement", "when": [_st("in_effect", "2:Early")], "on_fail": "mark_off"}),
    ("1:Late", "At the same time the Korean War is ended, insofar as it is still in effect.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "5:Early"}], "when": [_st("in_effect", "5:Early")]}),
    ("1:Late", "The Berlin Wall is ended and can not be played anymore.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "3:Mid"}, {"kind": "never_occurs", "event": "3:Mid"}]}),
    ("1:Late", "NATO is cancelled, however only for the USA.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "2:Early", "only_for": "USA"}]}),
    # the country before the participle, in German word order
    ("1:Late", "The effects of NATO are for the USSR only cancelled.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "2:Early", "only_for": "USSR"}]}),
    # "requires two things:" and the list after the colon
    ("1:Late", "Detente requires two things: NATO has been played, and the Korean War isn't in effect.",
     {"role": "requirement", "when": [_st("occurred", "2:Early"), _st("not_in_effect", "5:Early")]}),
    # an id in a label and a number, in parentheses, is no aside to cut ("whether or not …" is)
    ("1:Late", "Detente can't be played once the Wall (Mid #3) has been played, whether or not the Wall is still in "
     "effect.", {"role": "requirement", "when": [_st("not_occurred", "3:Mid")]}),
]


@pytest.mark.parametrize("event, text, want", READ, ids=[c[1][:60] for c in READ])
def test_the_verb_first_and_german_time_words_are_read(event, text, want):
    assert _read("cw", event, text, opening=True) == want


@pytest.mark.parametrize("text", [
    "Is NATO in effect?",  # a question, no condition
    "Is NATO in effect, florp the Warsaw Pact.",  # the rest does not read
])
def test_what_is_not_a_verb_first_condition_is_not_read_as_one(text):
    got = _read("cw", "1:Late", text)
    assert got is None or got["role"] == "unread", got
