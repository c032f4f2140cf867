"""Sentences that state a rule in words the reader does not read are reported, never dropped; sentences beside
them that state none raise nothing. Found by the fourth held-out corpus (tests/heldout/dev4.yaml), each written here
in other words, from text.
"""

from __future__ import annotations

import pytest

from checker.logic.reader.read import read_text
from tests.heldout.score import vocabularies

GAMES = {"eu": {"periods": ["IV", "VII"], "countries": ["PRU", "RUS", "FRA"],
                "events": {"1:IV": "THIRTY YEARS WAR", "20:IV": "RICHELIEU", "21:IV": "OLIVARES",
                           "7:VII": "FIRST DIVISION OF POLAND", "9:VII": "ANNEXATION OF DANZIG BY PRUSSIA"}}}
VOCAB = vocabularies(GAMES)["eu"]


def read(text, event="9:VII", opening=False):
    return read_text(text, event, vocab=VOCAB, opening=opening)


@pytest.mark.parametrize("text", [
    # a change of owner written with an adjective the profile does not give (the bundled eu profile gives
    # Prussian, Austrian …, which are read: tests/test_reader_grid_lists.py)
    "Danzig becomes a Polish province.",
    "Silesia becomes Saxon.",
    "Courland is set up as an independent minor country.",
    "Title to Danzig shall vest in Prussia.",
    "Q: Does this event cancel Richelieu? A: Only for the French player.",  # the rule is in the question
    "The Pact of Warsaw is cancelled.",  # an event the KB does not know, with what happens to it
])
def test_a_rule_in_words_not_read_is_reported(text):
    logic = read(text)
    assert logic is not None and logic["role"] == "unread", logic


@pytest.mark.parametrize("text, effects", [
    ("Poland is removed.", [{"kind": "minor_removed", "subject": "Poland"}]),
    ("POLAND IS REMOVED.", [{"kind": "minor_removed", "subject": "POLAND"}]),
    ("Poland disappears from the map.", [{"kind": "minor_removed", "subject": "Poland"}]),
    ("Remove Courland from the map.", [{"kind": "minor_removed", "subject": "Courland"}]),
    ("Richelieu shall thereupon cease to have effect.", [{"kind": "cancel_event", "event": "20:IV"}]),
])
def test_effects_on_minors_and_events_in_more_words(text, effects):
    logic = read(text)
    assert logic["role"] == "effect" and logic["effects"] == effects, logic


@pytest.mark.parametrize("text", [
    "Cossacks are removed to VA of Poland, which declares war on their behalf.",  # a move, not a removal
    "Portuguese troops are removed from the map.",  # counters, not a minor
    "From now on, all such provinces become European provinces for all game purposes.",
    "Sweden receives 2 VPs for every province Sweden annexes from Poland during the event.",
])
def test_sentences_beside_them_that_state_no_rule_raise_nothing(text):
    assert read(text) is None


def test_a_requirement_then_an_unread_effect_sentence_is_not_half_read():
    # the requirement alone would be a half-reading of the clause: the effect sentence is reported with it
    logic = read("Only if event 7:VII is over; otherwise re-roll. Danzig becomes a Polish province.", opening=True)
    assert logic["role"] == "unread", logic


def test_it_after_another_event_and_unless_after_two_conditions_are_ambiguous():
    logic = read("If the First Division of Poland has not yet occurred, it can no longer occur once Richelieu is in "
                 "effect.")
    assert logic["role"] == "unread" and logic["reason"].startswith("ambiguous"), logic
    logic = read("This event is not possible if Richelieu is in effect or if Poland does not exist, except if "
                 "Prussia owns Silesia.", opening=True)
    assert logic["role"] == "unread" and logic["reason"].startswith("ambiguous"), logic


@pytest.mark.parametrize("text, want", [
    # a translated rulebook: "had place", "in course", "to re-throw", "to bar the event", "barred"
    ("The event can not take place if the event 7:VII is not entirely played; in this case, to throw again the dice.",
     {"when": [{"kind": "over", "event": "7:VII"}], "on_fail": "reroll"}),
    ("The event cannot arrive before the event 7:VII has had place.", {"when": [{"kind": "occurred", "event": "7:VII"}]}),
    ("If Poland does not exist any more, the event is barred but can be renewed later.",
     {"when": [{"kind": "exists", "subject": "Poland"}], "on_fail": "refused_renewable"}),
    # legal English: "at any time at which", "prohibited", "irrespective of whether"
    ("This event shall be unavailable to either player at any time at which Richelieu is in effect.",
     {"when": [{"kind": "not_in_effect", "event": "20:IV"}]}),
    ("This event requires that event 20:IV has occurred, irrespective of whether event 20:IV remains in effect.",
     {"when": [{"kind": "occurred", "event": "20:IV"}]}),
    ("This event requires that neither Richelieu nor Olivares be in effect at the time of the draw.",
     {"when": [{"kind": "not_in_effect", "event": "20:IV"}, {"kind": "not_in_effect", "event": "21:IV"}]}),
    ("Possible only if Olivares is in power.", {"when": [{"kind": "in_effect", "event": "21:IV"}]}),
])
def test_more_voices(text, want):
    logic = read(text, opening=True)
    assert {k: logic.get(k) for k in want} == want, logic
