"""A grid of translations that keep their source's grammar: the Italian passive with "comes" ("The event 11:VII comes
annulled", inverted: "With this event comes annulled the event 11:VII"), "the event of <title>", a learner's "cannot
to happen", a terse "only with 11:VII in course" / "ONLY WITH POLAND EXISTING", and an event that "stops working" for
one country's player. Written from these forms, not from any corpus; every reading checked by hand.
"""

from __future__ import annotations

import pytest

from tests.reader_grid import assert_reported, reader

GAMES = {"eu": {"periods": ["IV", "VII"], "countries": ["SPA", "FRA", "PRU", "AUS"],
                "events": {"7:VII": "FIRST DIVISION OF POLAND", "8:VII": "SECOND DIVISION OF POLAND",
                           "11:VII": "THE CONFEDERATION OF BAR", "12:VII": "THE WAR OF BAVARIAN SUCCESSION"}},
         "cw": {"periods": ["Early", "Mid", "Late"], "countries": ["USA", "USSR"],
                "events": {"2:Early": "NATO", "3:Early": "WARSAW PACT", "4:Late": "SOLIDARITY"}}}
_read = reader(GAMES)


def st(kind, event):
    return {"kind": kind, "event": event}


def cancel(event, only_for=None):
    return dict({"kind": "cancel_event", "event": event}, **({"only_for": only_for} if only_for else {}))


EFFECTS = [
    ("eu", "12:VII", "The event 11:VII comes annulled.", [cancel("11:VII")]),
    ("eu", "12:VII", "With this event comes annulled the event 11:VII.", [cancel("11:VII")]),
    ("eu", "12:VII", "The event of the Confederation of Bar comes cancelled for PRU only.", [cancel("11:VII", "PRU")]),
    ("eu", "12:VII", "With this event comes created the minor state of Saxony.",
     [{"kind": "minor_created", "subject": "Saxony"}]),
    ("cw", "4:Late", "When you play Solidarity, the Warsaw Pact stops working for the USSR player only.",
     [cancel("3:Early", "USSR")]),
    ("cw", "4:Late", "The Warsaw Pact stops working.", [cancel("3:Early")]),
    ("cw", "4:Late", "The Warsaw Pact is cancelled for the USSR player only.", [cancel("3:Early", "USSR")]),
]


@pytest.mark.parametrize("game, event, text, effects", EFFECTS, ids=[e[2][:50] for e in EFFECTS])
def test_calqued_effects(game, event, text, effects):
    assert _read(game, event, text) == {"role": "effect", "effects": effects}


REQUIREMENTS = [
    ("This event cannot to happen before event 7:VII; re-roll.", [st("occurred", "7:VII")], "reroll"),
    ("This event cannot occur while 11:VII is in course; otherwise it comes marked off.",
     [st("not_in_effect", "11:VII")], "mark_off"),
    ("ONLY WITH 11:VII IN COURSE, ELSE REROLL.", [st("in_effect", "11:VII")], "reroll"),
    ("This event cannot to be played after 7:VII; if it is extracted then, it comes removed from the game.",
     [st("not_occurred", "7:VII")], "mark_off"),
    ("This event has place only after 7:VII; otherwise is to draw again.", [st("occurred", "7:VII")], "reroll"),
    ("Only with the First Division ended, else mark off.", [st("over", "7:VII")], "mark_off"),
    ("ONLY WITH POLAND EXISTING AND 8:VII IN EFFECT. ELSE REROLL.",
     [{"kind": "exists", "subject": "POLAND"}, st("in_effect", "8:VII")], "reroll"),
]


@pytest.mark.parametrize("text, when, on_fail", REQUIREMENTS, ids=[r[0][:50] for r in REQUIREMENTS])
def test_calqued_requirements(text, when, on_fail):
    assert _read("eu", "12:VII", text, opening=True) == {"role": "requirement", "when": when, "on_fail": on_fail}


@pytest.mark.parametrize("game, event, text", [
    # an outcome said after the requirement it fails, in words no form reads whole
    ("eu", "12:VII", "The annexation requires both partitions to have occurred, and is rerolled otherwise."),
    # a part of the event that only happens under a condition: which part? reported, never dropped
    ("eu", "12:VII", "The second half of this one only happens if Prussia owns Danzig."),
    ("eu", "12:VII", "Clause 2 of this event shall apply only where Spain owns Lisbon."),
    ("eu", "12:VII", "With this event comes created the minor state of Saxony, but florp."),
    # a place taken, then a counter handed over: the change of owner is reported, never hidden by the counter
    ("cw", "4:Late", "When the Warsaw Pact comes down, the Soviets take East Germany: hand the USSR player the marker."),
])
def test_calques_never_silent(game, event, text):
    got = _read(game, event, text, opening=True)
    assert_reported(got)


def test_only_with_names_no_state_is_no_requirement():
    # "only with the Marshall Plan's help" (no state): no condition is read from it
    got = _read("cw", "4:Late", "The USSR player may only win with the Warsaw Pact's help.")
    assert got is None or got["role"] == "unread", got
