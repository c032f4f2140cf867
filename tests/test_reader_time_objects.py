"""Time words whose object is an event's end or occurrence ("prior to the conclusion of 4:VII"), requirements
that stay in force ("it remains unplayable for as long as …"), and the draw that fails a requirement named by
itself ("a draw before that point is simply re-rolled", "a card drawn in contravention hereof shall be returned to
the deck and another drawn"): read from text in the events rewrite's game."""

from __future__ import annotations

import pytest

from checker.logic.reader.read import read_text


def read(text):
    return read_text(text, "6:VII")


@pytest.mark.parametrize("text, when, on_fail", [
    ("This event cannot occur prior to the conclusion of event 4:VII.", [{"kind": "over", "event": "4:VII"}], None),
    ("Cannot occur before the end of 4:VII.", [{"kind": "over", "event": "4:VII"}], None),
    ("Cannot occur before the occurrence of 4:VII.", [{"kind": "occurred", "event": "4:VII"}], None),
    ("Not until event 4:VII is over may this event be played; a draw before that point is simply re-rolled.",
     [{"kind": "over", "event": "4:VII"}], "reroll"),
    ("This event shall not be played until event 4:VII has been played; a card drawn in contravention hereof shall "
     "be returned to the deck and another drawn.", [{"kind": "occurred", "event": "4:VII"}], "reroll"),
    ("This event may only occur if 4:VII has not occurred; if it has, the event is removed from the game entirely.",
     [{"kind": "not_occurred", "event": "4:VII"}], "mark_off"),
    ("This event may only occur after 2:VII has occurred, and it remains unplayable for as long as event 4:VII is "
     "in effect.", [{"kind": "occurred", "event": "2:VII"}, {"kind": "not_in_effect", "event": "4:VII"}], None),
])
def test_read(text, when, on_fail):
    logic = read(text)
    assert logic["role"] == "requirement" and logic["when"] == when and logic.get("on_fail") == on_fail, logic


def test_a_minor_removed_from_the_game_is_no_outcome():
    # only "the event" / "the card" removed from the game is the draw marked off; a minor removed is an effect
    logic = read("If Poland no longer exists, Danzig is removed from the game.")
    assert logic["role"] == "effect" and logic["effects"] == [{"kind": "minor_removed", "subject": "Danzig"}], logic


@pytest.mark.parametrize("text, logic", [
    ("For this event to happen, it is necessary that either 7:VII or 8:VII has already happened.",
     {"when_any": [{"kind": "occurred", "event": "7:VII"}, {"kind": "occurred", "event": "8:VII"}]}),
    ("In order for this event to take place, 7:VII must have occurred beforehand.",
     {"when": [{"kind": "occurred", "event": "7:VII"}]}),
])
def test_what_must_hold_for_this_event(text, logic):
    got = read_text(text, "9:VII")
    assert got["role"] == "requirement" and {k: got[k] for k in logic} == logic, got


def test_should_it_not_have_happened_when_this_event_is_rolled():
    got = read_text("Should event 1:VII not yet have taken place when this event is rolled, the event is considered as "
                    "having been played and is marked off.", "9:VII")
    assert got["when"] == [{"kind": "occurred", "event": "1:VII"}] and got["on_fail"] == "consider_played", got
