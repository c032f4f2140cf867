"""A grid of rule sentences about places and countries (docs/logic.md: exists, owns, owner, minor created or
removed): "Poland must still exist; otherwise mark off", "PRU must not own Danzig", "if Poland has disappeared from
the map", "PRU seizes Danzig", "created as a new minor country". Written from the language's parts, not from any
corpus; every reading checked by hand.
"""

from __future__ import annotations

import pytest

from checker.logic.reader.read import read_text
from tests.heldout.score import vocabularies

GAMES = {"eu": {"periods": ["IV", "VII"], "countries": ["PRU", "RUS", "AUS"],
                "events": {"7:VII": "FIRST DIVISION OF POLAND", "9:VII": "ANNEXATION OF DANZIG BY PRUSSIA"}}}
VOCAB = vocabularies(GAMES)["eu"]
POLAND = {"kind": "exists", "subject": "Poland"}
OWNS = {"kind": "owns", "subject": "Poland", "value": "Danzig"}

CASES = [
    ("Cannot occur if PRU already owns Danzig.",
     {"role": "requirement", "when": [{"kind": "owns", "subject": "PRU", "value": "Danzig", "negated": True}]}),
    ("Requires that Poland still exists.", {"role": "requirement", "when": [POLAND]}),
    ("Poland must still exist; otherwise mark off.", {"role": "requirement", "when": [POLAND], "on_fail": "mark_off"}),
    ("If Poland has disappeared from the map, mark off.",
     {"role": "requirement", "when": [POLAND], "on_fail": "mark_off"}),
    ("Only possible while Danzig belongs to Poland.", {"role": "requirement", "when": [OWNS]}),
    ("PRU must not own Danzig.",
     {"role": "requirement", "when": [{"kind": "owns", "subject": "PRU", "value": "Danzig", "negated": True}]}),
    ("Possible only if Poland owns Danzig and event 7:VII has occurred.",
     {"role": "requirement", "when": [OWNS, {"kind": "occurred", "event": "7:VII"}]}),
    ("Danzig is transferred from Poland to PRU.",
     {"role": "effect", "effects": [{"kind": "owner", "subject": "Danzig", "value": "PRU"}]}),
    ("PRU seizes Danzig.", {"role": "effect", "effects": [{"kind": "owner", "subject": "Danzig", "value": "PRU"}]}),
    ("Poland cedes Danzig to PRU.",
     {"role": "effect", "effects": [{"kind": "owner", "subject": "Danzig", "value": "PRU"}]}),
    ("Poland ceases to exist.", {"role": "effect", "effects": [{"kind": "minor_removed", "subject": "Poland"}]}),
    ("Courland is created as a new minor country.",
     {"role": "effect", "effects": [{"kind": "minor_created", "subject": "Courland"}]}),
    ("Place Courland on the map as a new minor.",
     {"role": "effect", "effects": [{"kind": "minor_created", "subject": "Courland"}]}),
    # a change of owner as a literal translation says it ("goes over into the possession of"), or back to an owner
    ("Danzig goes over into the possession of PRU.",
     {"role": "effect", "effects": [{"kind": "owner", "subject": "Danzig", "value": "PRU"}]}),
    ("Danzig falls back to Poland if RUS owns Warsaw.",
     {"role": "effect", "effects": [{"kind": "owner", "subject": "Danzig", "value": "Poland"}],
      "when": [{"kind": "owns", "subject": "RUS", "value": "Warsaw"}]}),
    ("Courland is newly created.", {"role": "effect", "effects": [{"kind": "minor_created", "subject": "Courland"}]}),
    ("Only possible while Danzig is in the possession of Poland.", {"role": "requirement", "when": [OWNS]}),
]


@pytest.mark.parametrize("text,want", CASES, ids=[c[0][:60] for c in CASES])
def test_the_places_grid_reads(text, want):
    logic = read_text(text, "9:VII", vocab=VOCAB, opening=True)
    assert logic is not None
    assert {k: v for k, v in logic.items() if k != "derived_from"} == want


@pytest.mark.parametrize("text,want", [
    ("Courland created as a new minor.", [{"kind": "minor_created", "subject": "Courland"}]),
    ("Silesia to PRU.", [{"kind": "owner", "subject": "Silesia", "value": "PRU"}]),
    ("Danzig passes into the possession of PRU.", [{"kind": "owner", "subject": "Danzig", "value": "PRU"}]),
])
def test_terse_and_translated_changes_of_places(text, want):
    logic = read_text(text, "9:VII", vocab=VOCAB)
    assert logic is not None and logic.get("effects") == want, logic


@pytest.mark.parametrize("text", [
    # "takes control of": owner in a card game, political control in the events rewrite: reported, never read
    "RUS takes control of Courland.",
    "RUS takes Courland.",  # (dropped without a word before)
    "Malta changes owner: AUS becomes its new owner.",
    # an event named after "from now on", after "is cancelled", or with its state and no verb: reported
    "From now on the First Division of Poland can occur never more.",
    "Is cancelled the First Division of Poland if it has been played.",
    # a change of owner in words no form reads (silent before)
    "Courland goes, if it is held by RUS, over into the possession of PRU.",
    "Courland is added to PRU.",
    "Courland goes back to Poland at that point.",
    "Place the Courland minor on the map.",
])
def test_what_is_not_read_is_reported(text):
    logic = read_text(text, "9:VII", vocab=VOCAB)
    assert logic is not None and logic["role"] == "unread", logic


def test_a_state_in_german_word_order():
    logic = read_text("If the First Division of Poland still in force is, re-roll.", "9:VII", vocab=VOCAB, opening=True)
    assert logic == {"role": "requirement", "when": [{"kind": "not_in_effect", "event": "7:VII"}], "on_fail": "reroll",
                     "derived_from": "event-language"}


@pytest.mark.parametrize("text", [
    "The card goes back to the PRU player's hand.",
    "Cards go back to the deck.",
    "The army is added to the Prussian reserve pool.",
])
def test_a_card_or_a_counter_going_back_is_no_change_of_owner(text):
    assert read_text(text, "9:VII", vocab=VOCAB) is None
