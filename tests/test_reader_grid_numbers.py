"""An event named by its number alone ("EVENT 11", "event 7 (FIRST DIVISION OF POLAND)"). A game whose profile says
it numbers its events in one list per period (``reader: {numbers: own_period}``, the eu pack's profile) reads the
number as the event of that number in the period of the text's own event; any other game reports the sentence
(which period's event 7 is meant on a card of a deck?). Written from the language's parts, not copied from any corpus;
every reading checked by hand.
"""

from __future__ import annotations

import os

import pytest

from checker.logic.reader.grammar import profile_file_vocabulary
from tests.reader_grid import assert_reported, reader

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# "eu" takes the bundled eu profile's settings (numbers: own_period); "cw" has no profile: numbers are reported
GAMES = {"eu": {"periods": ["IV", "VII"], "countries": ["SPA", "FRA", "PRU", "AUS"],
                "events": {"4:IV": "NATIONAL REVOLT OF PORTUGAL", "7:IV": "ENGLISH CIVIL WAR", "21:IV": "OLIVARES",
                           "7:VII": "FIRST DIVISION OF POLAND", "11:VII": "THE CONFEDERATION OF BAR",
                           "12:VII": "THE WAR OF BAVARIAN SUCCESSION"}},
         "cw": {"periods": ["Early", "Mid", "Late"], "countries": ["USA", "USSR"],
                "events": {"2:Early": "NATO", "7:Late": "FALL OF THE BERLIN WALL"}}}


_read = reader(GAMES)


def req(*when, on_fail="reroll"):
    return {"role": "requirement", "when": list(when), "on_fail": on_fail}


def effect(*items):
    return {"role": "effect", "effects": list(items)}


READ = [
    ("12:VII", "EVENT 12 CANNOT OCCUR WHILE EVENT 11 IS IN EFFECT. IF DRAWN, CONSIDER AS PLAYED.", True,
     req({"kind": "not_in_effect", "event": "11:VII"}, on_fail="consider_played")),
    ("11:VII", "Re-roll unless Poland exists and event 7 has not occurred.", True,
     req({"kind": "exists", "subject": "Poland"}, {"kind": "not_occurred", "event": "7:VII"})),
    ("21:IV", "Event 4 can no longer occur.", False, effect({"kind": "never_occurs", "event": "4:IV"})),
    ("7:VII", "EVENT 11 (CONFEDERATION OF BAR) ENDS IMMEDIATELY.", False,
     effect({"kind": "cancel_event", "event": "11:VII"})),
    # a title beside the number says the period: the title's, not the own one ("event 7" in a VII text, IV's war)
    ("12:VII", "Event 7 (the English Civil War) can never occur.", False,
     effect({"kind": "never_occurs", "event": "7:IV"})),
    # the number in its own period's words is read as before
    ("12:VII", "Event 7 of this period can never occur.", False, effect({"kind": "never_occurs", "event": "7:VII"})),
    # an event said in the writer's words with the number in parentheses ("the Spanish minister's reforms (event 21)")
    ("4:IV", "The Spanish minister's reforms (event 21) end at once.", False,
     effect({"kind": "cancel_event", "event": "21:IV"})),
]


@pytest.mark.parametrize("event, text, opening, want", READ, ids=[t for _, t, _, _ in READ])
def test_number_alone_is_the_own_period_in_a_game_numbered_per_period(event, text, opening, want):
    assert _read("eu", event, text, opening) == want


REPORTED = [
    ("7:Late", "Event 7 can never be played.", False),
    ("7:Late", "Not playable while event 2 is in effect.", True),
]


@pytest.mark.parametrize("event, text, opening", REPORTED, ids=[t for _, t, _ in REPORTED])
def test_number_alone_is_reported_in_a_deck(event, text, opening):
    got = _read("cw", event, text, opening)
    assert_reported(got)
    assert "number alone" in got["reason"]


def test_the_setting_is_the_profiles():
    assert profile_file_vocabulary(os.path.join(ROOT, "kb", "games", "eu.yaml")).own_period_numbers
    assert not profile_file_vocabulary(os.path.join(ROOT, "kb", "games", "pop.yaml")).own_period_numbers


# "end" said of events ("the reforms end", "the effects of Richelieu end") is their cancellation; the end of the game,
# of a turn or of play is not
ENDS = [
    ("The effects of Olivares end.", effect({"kind": "cancel_event", "event": "21:IV"})),
    ("Olivares and the English Civil War end at once.",
     effect({"kind": "cancel_event", "event": "21:IV"}, {"kind": "cancel_event", "event": "7:IV"})),
    # a noun's end before a colon is a heading, not "end" said of events
    ("Scenario end: if Olivares has occurred, the game ends.",
     {"role": "effect", "effects": [{"kind": "game_ends"}], "when": [{"kind": "occurred", "event": "21:IV"}]}),
]


@pytest.mark.parametrize("text, want", ENDS, ids=[t for t, _ in ENDS])
def test_events_end(text, want):
    assert _read("eu", "4:IV", text) == want


@pytest.mark.parametrize("text", ["At the end of the game, Olivares counts double.", "Play continues to the end.",
                                  "Both players end their turn."])
def test_other_ends_are_narrative(text):
    assert _read("eu", "4:IV", text) is None
