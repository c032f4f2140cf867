"""The event language reads a change of owner written with "annex" (docs/logic.md: owner), in any game: "PRU
annexes DANZIG and THORN", "LISBON is annexed to Portugal", with the conditions beside it; and a name in capitals
with a qualifying word before it ("Polish WEST PREUSSEN") is no name the event language makes up."""

from __future__ import annotations

import pytest

from checker.games import profile
from checker.logic.reader.grammar import vocabulary_of
from checker.logic.reader.read import read_text

# a game without sentence forms of its own: only the event language reads it
GAME = vocabulary_of(profile({"g": {"id": "g", "name": "A game", "periods": [{"id": "VII"}],
                                    "countries": [{"code": "PRU"}, {"code": "RUS"}, {"code": "AUS"}]}}, "g"))


def read(text):
    return read_text(text, "9:VII", None, GAME)


def owner(p, c):
    return {"kind": "owner", "subject": p, "value": c}


@pytest.mark.parametrize("text, effects", [
    ("PRU annexes DANZIG.", [owner("DANZIG", "PRU")]),
    ("PRU ANNEXES DANZIG.", [owner("DANZIG", "PRU")]),
    ("PRU annexes DANZIG and THORN, and RUS annexes MINSK.",
     [owner("DANZIG", "PRU"), owner("THORN", "PRU"), owner("MINSK", "RUS")]),
    ("LISBON is annexed to Portugal.", [owner("LISBON", "Portugal")]),
    ("Minor Portugal is recreated and LISBON is annexed to Portugal.",
     [{"kind": "minor_created", "subject": "Portugal"}, owner("LISBON", "Portugal")]),
    ("Bavaria is annexed by AUS and removed from the game.",
     [owner("Bavaria", "AUS"), {"kind": "minor_removed", "subject": "Bavaria"}]),
])
def test_annex_is_a_change_of_owner(text, effects):
    logic = read(text)
    assert logic["role"] == "effect" and logic["effects"] == effects, logic


def test_annex_with_its_condition():
    logic = read("If Poland still exists, RUS annexes WARSAW.")
    assert logic["effects"] == [owner("WARSAW", "RUS")] and logic["when"] == [{"kind": "exists", "subject": "Poland"}]
    logic = read("PRU annexes DANZIG, if Poland still exists.")  # the condition after a comma
    assert logic["effects"] == [owner("DANZIG", "PRU")] and logic["when"] == [{"kind": "exists", "subject": "Poland"}]
    logic = read("PRU annexes DANZIG unless Poland has been removed from play.")
    assert logic["effects"] == [owner("DANZIG", "PRU")]
    assert logic["unless"] == [{"kind": "not_exists", "subject": "Poland"}]


@pytest.mark.parametrize("text", ["PRU annexes Polish WEST PREUSSEN.", "Area MARATHI is annexed to Mogol Empire.",
                                  "PRU annexes DANZIG if the peace holds."])
def test_what_it_cannot_name_or_place_is_reported(text):
    logic = read(text)
    assert logic is not None and logic["role"] == "unread", logic


def test_the_books_annexes_and_vp_accounting_state_no_rule():
    assert read("The army is as described in the annexes.") is None
    assert read("Sweden receives 2 VPs for every province Sweden annexes from Poland during the event.") is None


@pytest.mark.parametrize("text, effects", [
    ("This event hands DANZIG to PRU.", [owner("DANZIG", "PRU")]),
    ("Genoa cedes CORSICA to FRA unless 11:VII is in effect.", [owner("CORSICA", "FRA")]),
])
def test_a_province_handed_to_a_country(text, effects):
    assert read(text)["effects"] == effects


def test_a_sentence_that_hands_a_named_place_to_a_country_is_never_dropped():
    # it states a change of owner the engine models: read, or reported (LOG007), never silent
    logic = read("In game terms the annexation simply hands Danzig to Prussia and deletes the free city as a minor.")
    assert logic is not None and logic["role"] == "unread"
    # giving things that are no named place is no change of owner: nothing to report
    assert read("The players that had to cede provinces to Cossacks receive a free CB.") is None
    assert read("When Berg changes hands, Bavaria follows it automatically.") is None
