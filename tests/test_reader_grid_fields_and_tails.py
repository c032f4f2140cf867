"""Forms of stop 56 beside the places and plain states (test_reader_grid_places_and_plain_states.py): more field
names, "in no case", legal and designer's words, a tail that says who agreed, the firing said by the card's own
title, and a card removed from the game when drawn at the wrong time. Each read from its text; what must stay
reported is asserted too."""

from __future__ import annotations

import pytest

from tests.reader_grid import assert_reported, owns, reader, req, st

GAMES = {
    "eu": {"periods": ["VII"],
           "countries": [{"code": "PRU", "name": "Prussia", "adjective": "Prussian"},
                         {"code": "AUS", "name": "Austria", "adjective": "Austrian"}],
           "events": {"7:VII": "FIRST DIVISION OF POLAND", "11:VII": "CONFEDERATION OF BAR",
                      "12:VII": "THE WAR OF BAVARIAN SUCCESSION", "2:VII": "DEATH OF AUGUSTUS"}},
    "cw": {"periods": ["Early", "Mid", "Late"],
           "countries": [{"code": "USSR", "name": "Soviet Union", "adjective": "Soviet"}],
           "events": {"2:Early": "NATO", "3:Early": "WARSAW PACT", "1:Late": "DETENTE", "5:Late": "STAR WARS",
                      "6:Late": "GLASNOST", "9:Late": "CHERNOBYL", "4:Early": "RED SCARE"}},
}

read = reader(GAMES)

READ = [
    ("eu", "12:VII", "Preceded by: First Division of Poland (VII-7).", req(st("occurred", "7:VII"))),
    # a field of what keeps the event from firing: none of its items holds
    ("eu", "12:VII", "Blocked by: Confederation of Bar (VII-11). If blocked: card removed from game.",
     req(st("not_occurred", "11:VII"), on_fail="mark_off")),
    ("eu", "12:VII", "Prerequisite: Death of Augustus (VII-2). Blocked by: Poland no longer exists; First Division of "
                     "Poland already occurred.",
     req(st("occurred", "2:VII"), {"kind": "exists", "subject": "Poland"}, st("not_occurred", "7:VII"))),
    ("cw", "5:Late", "Playable while: Detente in effect.", req(st("in_effect", "1:Late"))),
    ("cw", "5:Late", "Cannot occur while Detente is still happening.", req(st("not_in_effect", "1:Late"))),
    ("eu", "12:VII", "Needs: the First Division of Poland; or Prussia holding Danzig.",
     {"role": "requirement", "when_any": [st("occurred", "7:VII"), owns("Prussia", "Danzig")]}),
    # two events and a state after them are one list: both in that state (never "A has occurred and B …")
    ("eu", "12:VII", "Requires the First Division of Poland and the Confederation of Bar in effect.",
     req(st("in_effect", "7:VII"), st("in_effect", "11:VII"))),
    ("eu", "12:VII", "This event shall occur only where Prussia owns Danzig, and in no case after the Confederation "
                     "of Bar has occurred.", req(owns("Prussia", "Danzig"), st("not_occurred", "11:VII"))),
    ("eu", "12:VII", "This event may be played, provided always that the Confederation of Bar has not theretofore "
                     "been played.", req(st("not_occurred", "11:VII"))),
    ("eu", "12:VII", "Subject to the prior occurrence of Event 7:VII, and save where Event 11:VII remains in effect, "
                     "this Event shall take place.", req(st("occurred", "7:VII"), st("not_in_effect", "11:VII"))),
    ("cw", "4:Early", "It only makes sense once NATO has been played.", req(st("occurred", "2:Early"))),
    ("cw", "6:Late", "Glasnost is only playable while Detente is in effect, and the designer confirmed this.",
     req(st("in_effect", "1:Late"))),
    ("cw", "4:Early", "Red Scare becomes playable as soon as NATO has been played, and I kept it that way through "
                      "every draft.", req(st("occurred", "2:Early"))),
    ("cw", "9:Late", "Chernobyl is removed from the game if drawn while Glasnost is not in effect.",
     req(st("in_effect", "6:Late"), on_fail="mark_off")),
]


@pytest.mark.parametrize("game, event, text, want", READ)
def test_read_among_the_opening_conditions(game, event, text, want):
    assert read(game, event, text, opening=True) == want


EFFECTS = [
    ("eu", "12:VII", "Event 2:VII can never occur after this event, which I felt was historically right.",
     [st("never_occurs", "2:VII")], None),
    ("cw", "5:Late", "If Detente is in effect when Star Wars is played, cancel Detente.",
     [st("cancel_event", "1:Late")], [st("in_effect", "1:Late")]),
]


@pytest.mark.parametrize("game, event, text, effects, when", EFFECTS)
def test_effects(game, event, text, effects, when):
    got = read(game, event, text)
    assert got is not None and got.get("effects") == effects and got.get("when") == when, got


@pytest.mark.parametrize("game, event, text", [
    # a tail that names a period may be the rule's own words: kept, and the sentence reported
    ("cw", "4:Early", "Red Scare can only be played once NATO has been played, which is why both sit in the Early "
                      "deck."),
    # "when" another card is played is a condition of its own, not the firing of this one
    ("cw", "5:Late", "If Detente is in effect when Glasnost is played, cancel Detente."),
])
def test_reported(game, event, text):
    assert_reported(read(game, event, text, opening=True))
