"""A grid of the outcomes of a failed draw, as writers compose them: who or what is named ("the card", "any such
event", "the player"), a verb ("shall be returned", "is struck off", "draws another card"), where the card goes
("to the draw deck") and when ("at the next reshuffle"), and how ("without effect"). The core lexicon composes these
parts (``composed:`` in core_lexicon.yaml); written from the parts, not from any corpus; every reading checked by
hand. A card discarded with nothing more said may come back at the reshuffle: it is no outcome the logic can take.
"""

from __future__ import annotations

import pytest

from checker.logic.reader.phrases import MAX_COMPOSED, build_lexicon, composed_forms
from tests.reader_grid import assert_reported, reader

GAMES = {"cw": {"periods": ["Early", "Mid", "Late"], "countries": ["USA", "USSR"],
                "events": {"1:Early": "MARSHALL PLAN", "2:Early": "NATO", "3:Early": "WARSAW PACT"}}}
_read = reader(GAMES)
NATO = {"kind": "in_effect", "event": "2:Early"}
HEAD = "The Warsaw Pact can only be played if NATO is in effect; "

OUTCOMES = [
    ("otherwise the card shall be returned to the draw deck at the next reshuffle.", "refused_renewable"),
    ("otherwise shuffle it back into the deck at the next reshuffle.", "refused_renewable"),
    ("if not, this card will come back later.", "refused_renewable"),
    ("otherwise the player simply draws another card instead.", "reroll"),
    ("otherwise any such card is to be re-rolled and not marked off.", "reroll"),
    ("otherwise you roll again.", "reroll"),
    ("otherwise any such event shall be struck off without effect.", "mark_off"),
    ("otherwise take it out of the game.", "mark_off"),
    ("otherwise the card is discarded without effect.", "mark_off"),
    ("otherwise cross it off the list.", "mark_off"),
    ("otherwise just mark it off.", "mark_off"),
]


@pytest.mark.parametrize("tail, on_fail", OUTCOMES, ids=[o[0][:50] for o in OUTCOMES])
def test_a_composed_outcome_is_read(tail, on_fail):
    assert _read("cw", "3:Early", HEAD + tail, opening=True) == {"role": "requirement", "when": [NATO],
                                                                 "on_fail": on_fail}


@pytest.mark.parametrize("tail", [
    "otherwise the card is discarded.",  # for good, or back at the reshuffle? not said
    "otherwise the card returns to the deck.",  # when? not said
    "otherwise remove it.",  # from play, or from the game?
    "otherwise the card is discarded florp.",
])
def test_an_outcome_that_does_not_say_enough_is_reported(tail):
    got = _read("cw", "3:Early", HEAD + tail, opening=True)
    assert_reported(got)


def test_a_later_draw_of_the_card_is_no_outcome():
    got = _read("cw", "3:Early", "If this card is drawn again, re-roll.", opening=True)
    assert got is None or got["role"] == "unread", got


def test_composed_forms_leave_an_empty_choice_out_and_keep_listed_forms():
    table = {"tokens": {"NOTHING": ["the card returns later"]},
             "composed": {"_who": ["", "the card"], "RENEW": [[["", "the card"], ["returns"], ["later"]]]}}
    assert sorted(composed_forms(table)) == [("RENEW", ("returns", "later")),
                                             ("RENEW", ("the", "card", "returns", "later"))]
    lexicon = build_lexicon(table)
    assert lexicon.forms[("the", "card", "returns", "later")] == ("NOTHING",)  # the listed form keeps its token
    assert lexicon.forms[("returns", "later")] == ("RENEW",)


@pytest.mark.parametrize("composed", [
    {"RENEW": [["returns", "later"]]},  # a slot that is no list
    {"RENEW": [[[]]]},  # an empty slot
    {"RENEW": [[[str(i) for i in range(MAX_COMPOSED)], ["a", "b"]]]},  # too many forms
    {"MARK_OFF": [[["mark it"], [False]]]},  # YAML's reading of a bare "off": a word lost, never dropped silently
])
def test_a_bad_pattern_is_an_error_of_the_table(composed):
    with pytest.raises(ValueError):
        list(composed_forms({"composed": composed}))


@pytest.mark.parametrize("text, want", [
    # a name before "is removed from the game" is what is removed, not this card's outcome
    ("East Germany is removed from the game.", {"role": "effect", "effects": [{"kind": "minor_removed",
                                                                               "subject": "East Germany"}]}),
    # removed for good, said twice
    ("NATO is removed from the game permanently and can never again be played as an event.",
     {"role": "effect", "effects": [{"kind": "never_occurs", "event": "2:Early"}]}),
    # what does not constrain the rule, between commas, and after the outcome
    ("The Warsaw Pact can only be played after NATO has been played, whether or not it is still in effect, and only "
     "if the game has reached the Mid War.",
     {"role": "requirement", "when": [{"kind": "occurred", "event": "2:Early"},
                                      {"kind": "period_at_least", "value": "Mid"}]}),
    ("Ends the game, but only if NATO has been played; otherwise play simply continues.",
     {"role": "effect", "effects": [{"kind": "game_ends"}], "when": [{"kind": "occurred", "event": "2:Early"}]}),
])
def test_effects_beside_the_composed_outcomes(text, want):
    assert _read("cw", "3:Early", text) == want

