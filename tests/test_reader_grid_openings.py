"""What stands among an event's opening conditions (where requirements stand) and is no rule: a sentence that says
of itself it states none — a historical or design note, a cross-reference ("See also …"), a term defined, history
told with a year — raises nothing there; any other sentence no form reads is reported, a question with its answer
included (its answer may be the rule). A time bound by a year ("Not before 1650.") is reported wherever it stands,
never taken for history. And a country in parentheses after an id is a qualifier, never the id's title:
"Cancel Late:5 (USA only)" is a cancellation for the USA. Written from the language's parts, not copied from any
corpus; every reading checked by hand.
"""

from __future__ import annotations

import pytest

from tests.reader_grid import assert_reported, reader

GAMES = {"eu": {"periods": ["IV", "VII"], "countries": ["SPA", "FRA", "PRU", "AUS"],
                "events": {"20:IV": "RICHELIEU", "21:IV": "OLIVARES", "7:VII": "FIRST DIVISION OF POLAND",
                           "11:VII": "THE CONFEDERATION OF BAR"}},
         "cw": {"periods": ["Early", "Mid", "Late"], "countries": ["USA", "USSR"],
                "events": {"2:Early": "NATO", "3:Early": "WARSAW PACT", "4:Mid": "VIETNAM WAR", "1:Late": "DETENTE",
                           "5:Late": "STAR WARS"}}}


_read = reader(GAMES)


CLEAN_AT_THE_OPENING = [
    ("eu", "21:IV", "Historical note: Olivares led Spain from 1621 until his fall in 1643."),
    ("eu", "8:VII", "Design note: the Confederation of Bar is the only event here that creates a minor."),
    ("cw", "3:Early", "See also NATO (2:Early) for the other alliance card."),
    ("eu", "8:VII", "See event 11:VII for the Polish situation at this time."),
    ("eu", "12:VII", "For the purposes of this event, 'Saxony' means the minor state of that name on the map."),
    ("cw", "5:Late", "The term 'DEFCON level' shall have the meaning given in section 8 of the rules."),
    ("eu", "2:VII", "Genoa sold Corsica to France in 1768."),
    # a rule with a note beside it: the rule is read, the note raises nothing
]


@pytest.mark.parametrize("game,event,text", CLEAN_AT_THE_OPENING, ids=[c[2][:60] for c in CLEAN_AT_THE_OPENING])
def test_marked_commentary_raises_nothing_at_the_opening(game, event, text):
    assert _read(game, event, text, opening=True) is None


def test_a_rule_with_a_note_beside_it():
    got = _read("eu", "8:VII", "Cannot occur before 7:VII has occurred. Historical note: Poland was partitioned in 1772.",
                opening=True)
    assert got == {"role": "requirement", "when": [{"kind": "occurred", "event": "7:VII"}]}


REPORTED_AT_THE_OPENING = [
    # a question with its answer: the answer may be the rule
    ("cw", "3:Early", "Q: Is the Warsaw Pact a Soviet card? A: Yes, with an operations value of 3."),
    ("cw", "1:Late", "Q: Why is Detente worth so many points? A: Because it reshaped the Cold War."),
    # no mark of commentary: reported as before
    ("cw", "5:Late", "Every card shows its operations value in a corner."),
    ("eu", "21:IV", "Note: this event is worth three victory points to Spain."),
    # a year with a time bound is a requirement, not history, even after a note's label
    ("eu", "7:VII", "Not before 1650."),
    ("eu", "7:VII", "Design note: not before 1650."),
]


@pytest.mark.parametrize("game,event,text", REPORTED_AT_THE_OPENING,
                         ids=[c[2][:60] for c in REPORTED_AT_THE_OPENING])
def test_what_holds_no_mark_is_reported_at_the_opening(game, event, text):
    got = _read(game, event, text, opening=True)
    assert_reported(got)


@pytest.mark.parametrize("text", ["Not before 1650.", "Only after 1789.", "This event cannot be played until 1650."])
def test_a_year_bound_is_reported_in_the_body_too(text):
    got = _read("eu", "7:VII", text)
    assert_reported(got)


def test_history_with_a_year_stays_narrative_in_the_body():
    assert _read("eu", "7:VII", "Poland was partitioned for the first time in 1772.") is None


@pytest.mark.parametrize("text,country", [("Cancel Late:5 (USA only).", "USA"), ("Ends Mid:4 (USSR only).", "USSR"),
                                          ("Cancels 5:Late (for the USA only).", "USA")])
def test_a_country_in_parentheses_after_an_id_qualifies_the_cancellation(text, country):
    got = _read("cw", "1:Late", text)
    assert got == {"role": "effect", "effects": [{"kind": "cancel_event", "event": text.split()[1].replace(
        "Late:5", "5:Late").replace("Mid:4", "4:Mid"), "only_for": country}]}


def test_a_title_in_parentheses_after_an_id_is_still_the_id():
    assert _read("cw", "1:Late", "Cancel 5:Late (Star Wars).") == {
        "role": "effect", "effects": [{"kind": "cancel_event", "event": "5:Late"}]}


# the outcome of a failed draw said after the requirement, in the order and words a list or a card prints it
OUTCOMES = [
    ("Requires 7:VII to have occurred. If drawn before, mark off.", "mark_off"),
    ("Cannot occur before 7:VII. Re-roll if drawn earlier.", "reroll"),
    ("NOT BEFORE EVENT 7:VII. RE-ROLL IF DRAWN BEFORE.", "reroll"),
    ("Cannot occur before 7:VII. Mark off if drawn too early.", "mark_off"),
    ("Cannot occur before 7:VII. Such a draw is marked off.", "mark_off"),
    ("Cannot occur before 7:VII; any such draw shall be marked off.", "mark_off"),
    # a die-roll table's "No Event", quoted or not: nothing happens
    ("Cannot occur before 7:VII. If drawn otherwise, treat as No Event.", "nothing"),
    ("CANNOT OCCUR BEFORE 7:VII. IF NOT, THE EVENT IS TREATED AS 'NO EVENT'.", "nothing"),
]


@pytest.mark.parametrize("text,outcome", OUTCOMES, ids=[c[0][:60] for c in OUTCOMES])
def test_the_outcome_after_the_requirement(text, outcome):
    assert _read("eu", "8:VII", text, opening=True) == {
        "role": "requirement", "when": [{"kind": "occurred", "event": "7:VII"}], "on_fail": outcome}


def test_drawn_before_an_event_is_still_the_condition():
    assert _read("eu", "8:VII", "If drawn before 7:VII has occurred, mark off.", opening=True) == {
        "role": "requirement", "when": [{"kind": "occurred", "event": "7:VII"}], "on_fail": "mark_off"}


REQUIREMENTS = [
    # "requires" with each event's own state in the infinitive
    ("eu", "8:VII", "Requires Bavaria to exist and 7:VII to be over.",
     [{"kind": "exists", "subject": "Bavaria"}, {"kind": "over", "event": "7:VII"}]),
    ("eu", "8:VII", "Requires 7:VII to have occurred, 11:VII to be over and Poland to exist.",
     [{"kind": "occurred", "event": "7:VII"}, {"kind": "over", "event": "11:VII"}, {"kind": "exists", "subject": "Poland"}]),
    # a permission with its exception
    ("cw", "5:Late", "May be played unless Detente is in effect.", [{"kind": "not_in_effect", "event": "1:Late"}]),
    ("cw", "5:Late", "Playable, unless Late:1 in effect.", [{"kind": "not_in_effect", "event": "1:Late"}]),
    # an event in the writer's words with "of" / "in" among them, and its id in parentheses
    ("eu", "8:VII", "The confederation of Polish nobles (VII:11) must have occurred.",
     [{"kind": "occurred", "event": "11:VII"}]),
    ("eu", "8:VII", "The revolt in the colonies (4:VII) must have occurred.", [{"kind": "occurred", "event": "4:VII"}]),
]


@pytest.mark.parametrize("game,event,text,when", REQUIREMENTS, ids=[c[2][:60] for c in REQUIREMENTS])
def test_requirements(game, event, text, when):
    assert _read(game, event, text, opening=True) == {"role": "requirement", "when": when}


def test_a_permission_with_if_and_unless_is_reported():
    # "playable if A, unless B": does "unless" bind the permission or the condition? Not settled here
    got = _read("cw", "5:Late", "Playable if Late:4 played, unless Late:1 in effect.", opening=True)
    assert_reported(got)


@pytest.mark.parametrize("text", ["If 7:VII is in effect when this is rolled, mark it off instead.",
                                  "IF 7:VII IS IN EFFECT WHEN THE SECOND DIVISION OF POLAND IS DRAWN, MARK OFF.",
                                  "If 7:VII is in effect when drawn, mark off."])
def test_the_condition_at_the_draw(text):
    read = reader({"eu": {**GAMES["eu"], "events": {**GAMES["eu"]["events"], "8:VII": "SECOND DIVISION OF POLAND"}}})
    got = read("eu", "8:VII", text, opening=True)
    assert got == {"role": "requirement", "when": [{"kind": "not_in_effect", "event": "7:VII"}], "on_fail": "mark_off"}
