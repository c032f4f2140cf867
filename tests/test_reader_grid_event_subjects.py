"""An event named as the subject of what it does or of its failed draw: "This card creates South Korea", "Detente
makes NATO unplayable for the rest of the game", "Richelieu, if rolled while Olivares is not in effect, is marked
off"; a place named by "it" in the condition of its own change ("South Korea is created if it does not exist
already"). Written from the language's parts, not copied from any corpus; every reading checked by hand.
"""

from __future__ import annotations

import pytest

from tests.reader_grid import reader

GAMES = {"eu": {"periods": ["IV", "VII"], "countries": ["SPA", "FRA", "PRU", "AUS"],
                "events": {"1:IV": "THIRTY YEARS WAR", "3:IV": "WAR BETWEEN PERSIA AND TURKEY", "20:IV": "RICHELIEU",
                           "21:IV": "OLIVARES", "9:VII": "ANNEXATION OF DANZIG BY PRUSSIA"}},
         "cw": {"periods": ["Early", "Mid", "Late"], "countries": ["USA", "USSR", "UK"],
                "events": {"2:Early": "NATO", "5:Early": "KOREAN WAR", "1:Late": "DETENTE",
                           "7:Late": "FALL OF THE BERLIN WALL"}}}

_read = reader(GAMES)


def _st(kind, event):
    return {"kind": kind, "event": event}


# what an event does, said with its name as the subject, and a remark that nothing else happens
EFFECTS = [
    ("cw", "5:Early", "This card creates South Korea.", [{"kind": "minor_created", "subject": "South Korea"}]),
    ("cw", "5:Early", "The Korean War creates South Korea and North Korea.",
     [{"kind": "minor_created", "subject": "South Korea"}, {"kind": "minor_created", "subject": "North Korea"}]),
    ("cw", "1:Late", "Makes NATO impossible for the rest of the game.", [{"kind": "never_occurs", "event": "2:Early"}]),
    ("cw", "1:Late", "Detente makes NATO unplayable for the remainder of the game.",
     [{"kind": "never_occurs", "event": "2:Early"}]),
]


@pytest.mark.parametrize("game, event, text, effects", EFFECTS)
def test_effects_with_the_event_as_subject(game, event, text, effects):
    assert _read(game, event, text) == {"role": "effect", "effects": effects}


def test_otherwise_play_continues_adds_nothing():
    assert _read("cw", "7:Late", "Ends the game only if 1:Late has been played through; otherwise play continues.") == {
        "role": "effect", "effects": [{"kind": "game_ends"}], "when": [_st("over", "1:Late")]}


EXISTS_IT = [
    ("cw", "5:Early", "South Korea is created if it does not exist already.",
     [{"kind": "minor_created", "subject": "South Korea"}], {"kind": "not_exists", "subject": "South Korea"}),
    ("cw", "5:Early", "Creates South Korea, if it does not already exist.",
     [{"kind": "minor_created", "subject": "South Korea"}], {"kind": "not_exists", "subject": "South Korea"}),
    ("eu", "9:VII", "Danzig passes to PRU if it still exists.",
     [{"kind": "owner", "subject": "Danzig", "value": "PRU"}], {"kind": "exists", "subject": "Danzig"}),
]


@pytest.mark.parametrize("game, event, text, effects, when", EXISTS_IT)
def test_it_is_the_place_the_effect_names(game, event, text, effects, when):
    assert _read(game, event, text) == {"role": "effect", "effects": effects, "when": [when]}


@pytest.mark.parametrize("text", ["Cancels NATO if it exists.", "South Korea and Laos are created if it does not exist."])
def test_it_for_an_event_or_two_places_is_reported(text):
    assert _read("cw", "5:Early", text)["role"] == "unread"


DRAWN = [
    ("Richelieu, if rolled while Olivares is not in effect, is marked off.", _st("in_effect", "21:IV"), "mark_off"),
    ("This event, if drawn before 1:IV has occurred, is marked off.", _st("occurred", "1:IV"), "mark_off"),
    ("Richelieu, when rolled while the Thirty Years War is in effect, is delayed.", _st("not_in_effect", "1:IV"), "delay"),
]


@pytest.mark.parametrize("text, when, on_fail", DRAWN)
def test_the_event_then_its_failed_draw(text, when, on_fail):
    assert _read("eu", "20:IV", text, opening=True) == {"role": "requirement", "when": [when], "on_fail": on_fail}


# an event that can occur only once: it has not occurred before ("only once" before a clause is a time word)
ONCE = [
    ("This event can happen only once.", {"role": "requirement", "when": [_st("not_occurred", "20:IV")]}),
    ("Richelieu can occur only one time; re-roll.",
     {"role": "requirement", "when": [_st("not_occurred", "20:IV")], "on_fail": "reroll"}),
    ("Once per game.", {"role": "requirement", "when": [_st("not_occurred", "20:IV")]}),
    ("Can occur only once the Thirty Years War is over.", {"role": "requirement", "when": [_st("over", "1:IV")]}),
]


@pytest.mark.parametrize("text, want", ONCE)
def test_only_once(text, want):
    assert _read("eu", "20:IV", text, opening=True) == want
