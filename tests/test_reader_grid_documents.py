"""How rules documents number, correct and abbreviate. A living rulebook puts a section number or a version tag
before a rule ("7.4.2 …", "[2.1] Changed: …"), says in an aside what a correction replaced ("(was: 'is in play')",
"(v2.0 said 'has occurred')"), and quotes old or deleted wording ("Deleted: 'and the game ends'.", "Previously it
required the Truman Doctrine."): that wording is no rule in force, and is never read as one. Wargame lists write an id
as a label and a number ("VII-8", "Berlin Wall (Mid 3)"), name an event by a name of their own before its id in
parentheses ("Bar (VII-11)"), and by its title's initials ("the TYW"). Written from the language's parts, not copied
from any corpus; every reading checked by hand.
"""

from __future__ import annotations

import pytest

from tests.reader_grid import assert_reported, reader

GAMES = {"eu": {"periods": ["IV", "VII"], "countries": ["SPA", "FRA", "PRU", "AUS", "TUR", "ENG"],
                "events": {"1:IV": "THIRTY YEARS WAR", "7:IV": "ENGLISH CIVIL WAR", "20:IV": "RICHELIEU",
                           "3:IV": "WAR BETWEEN PERSIA AND TURKEY", "7:VII": "FIRST DIVISION OF POLAND",
                           "8:VII": "SECOND DIVISION OF POLAND", "11:VII": "THE CONFEDERATION OF BAR"}},
         "cw": {"periods": ["Early", "Mid", "Late"], "countries": ["USA", "USSR", "UK"],
                "events": {"1:Early": "MARSHALL PLAN", "2:Early": "NATO", "3:Early": "WARSAW PACT",
                           "4:Early": "BERLIN BLOCKADE", "5:Early": "KOREAN WAR", "1:Mid": "CUBAN MISSILE CRISIS",
                           "2:Mid": "BAY OF PIGS", "3:Mid": "BERLIN WALL", "1:Late": "DETENTE",
                           "7:Late": "FALL OF THE BERLIN WALL"}},
         # two titles with the same initials: "the CW" … names neither
         "two": {"periods": ["I", "II"], "countries": ["FRA"],
                 "events": {"1:I": "COLD WINTER", "2:I": "CIVIL WAR", "3:I": "GREAT NORTHERN WAR",
                            "4:I": "GREAT NAVAL WAR"}}}


_read = reader(GAMES)


def _req(*when, on_fail=None):
    out = {"role": "requirement", "when": list(when)}
    if on_fail:
        out["on_fail"] = on_fail
    return out


def _st(kind, event):
    return {"kind": kind, "event": event}


READ = [
    # a section number or a version tag before the rule
    ("cw", "1:Late", "7.4.2 Cancels NATO.", {"role": "effect", "effects": [{"kind": "cancel_event", "event": "2:Early"}]}),
    ("cw", "1:Late", "[14.3] Cancels NATO.", {"role": "effect", "effects": [{"kind": "cancel_event", "event": "2:Early"}]}),
    ("cw", "2:Early", "[2.1] Changed: NATO may be played as an event only if the Marshall Plan has been played.",
     _req(_st("occurred", "1:Early"))),
    ("eu", "8:VII", "7.4.2 [2.1] Changed: 8:VII now requires that 7:VII be over. If it is not, re-roll.",
     _req(_st("over", "7:VII"), on_fail="reroll")),
    # what a correction replaced, in an aside: cut, whatever it names
    ("cw", "2:Early", "NATO may be played only if the Marshall Plan has been played (was: 'is in play').",
     _req(_st("occurred", "1:Early"))),
    ("cw", "2:Early", "Playable only while the Berlin Blockade is in effect (v2.0: 'while NATO is in effect').",
     _req(_st("in_effect", "4:Early"))),
    ("eu", "8:VII", "Cannot occur before 7:VII is over (v2.0 said 'has occurred').", _req(_st("over", "7:VII"))),
    # old or deleted wording beside the rule in force: only the rule in force is read
    ("cw", "7:Late", "East Germany is removed from the map. [2.1] Deleted: 'and the game ends'.",
     {"role": "effect", "effects": [{"kind": "minor_removed", "subject": "East Germany"}]}),
    ("cw", "5:Early", "Changed: the Korean War now requires North Korea to exist. Previously it required NATO.",
     _req({"kind": "exists", "subject": "North Korea"})),
    # an event's own name before a requirement, after a heading (was silent among the effects)
    ("cw", "5:Early", "Changed: Korean War requires North Korea to exist.", _req({"kind": "exists", "subject": "North Korea"})),
    # a label and a number: an id
    ("eu", "8:VII", "Cannot occur before VII-7 has occurred.", _req(_st("occurred", "7:VII"))),
    ("eu", "8:VII", "Evt VII-8 may not be rolled until VII-7 has been played.", _req(_st("occurred", "7:VII"))),
    ("cw", "3:Mid", "Cannot be played before the Berlin Blockade (Early 4).", _req(_st("occurred", "4:Early"))),
    ("cw", "1:Late", "Unplayable while the Blockade (Early #4) is in effect.", _req(_st("not_in_effect", "4:Early"))),
    # the number, a slash and the label, as a magazine's event table writes it
    ("eu", "8:VII", "Not before 7/VII has occurred.", _req(_st("occurred", "7:VII"))),
    ("cw", "3:Mid", "Cannot be played while 4/Early is in effect.", _req(_st("not_in_effect", "4:Early"))),
    # a name of the writer's own, capitalised, before an id in parentheses
    ("eu", "8:VII", "Cannot occur while Bar (VII-11) is still in effect.", _req(_st("not_in_effect", "11:VII"))),
    ("eu", "8:VII", "Cannot occur before Partition One (7:VII) has occurred.", _req(_st("occurred", "7:VII"))),
    ("eu", "3:IV", "Persia-Turkey (IV-3) can't happen while the Thirty Years War is in progress.",
     _req(_st("not_in_effect", "1:IV"))),
    # a title by its initials, in capitals
    ("eu", "20:IV", "Cannot occur while the TYW is in effect.", _req(_st("not_in_effect", "1:IV"))),
    ("eu", "20:IV", "Only after the ECW.", _req(_st("occurred", "7:IV"))),
    ("cw", "1:Late", "Unplayable while the CMC is in effect.", _req(_st("not_in_effect", "1:Mid"))),
]


@pytest.mark.parametrize("game, event, text, want", READ)
def test_document_forms_are_read(game, event, text, want):
    assert _read(game, event, text) == want


# a heading that is only an event's title, before the rules (a rulebook's numbered case, an errata sheet's entry in
# capitals): it says where the rules stand, and states none
HEADED = [
    ("eu", "20:IV", "[20.1] RICHELIEU. Cannot occur before the Thirty Years War has occurred.",
     _req(_st("occurred", "1:IV"))),
    ("eu", "8:VII", "SECOND DIVISION OF POLAND. Cannot occur before 7:VII is over.", _req(_st("over", "7:VII"))),
    ("eu", "8:VII", "[8.1] SECOND DIVISION OF POLAND. Cannot occur before 7:VII is over; mark off.",
     _req(_st("over", "7:VII"), on_fail="mark_off")),
]


@pytest.mark.parametrize("game, event, text, want", HEADED)
def test_a_title_as_heading_is_no_rule(game, event, text, want):
    assert _read(game, event, text, opening=True) == want


@pytest.mark.parametrize("game, event, text", [
    ("eu", "20:IV", "[20.1] RICHELIEU DIES. Cannot occur before the Thirty Years War has occurred."),
    ("eu", "20:IV", "[20.1] RICHELIEU."),  # a title alone among the opening conditions: a requirement of it?
])
def test_a_heading_that_says_more_than_a_title_is_reported(game, event, text):
    got = _read(game, event, text, opening=True)
    assert_reported(got)


# a clause number or a heading before a terse change of owner ("9:VII EFFECT: DANZIG TO PRU"): the id's digits are
# no number of the clause (before, any digit in the sentence made it silent)
@pytest.mark.parametrize("text", ["9:VII EFFECT: DANZIG TO PRU.", "8.3 CASE 2: DANZIG TO PRU."])
def test_a_terse_change_of_owner_after_a_numbered_heading(text):
    assert _read("eu", "9:VII", text) == {"role": "effect", "effects": [{"kind": "owner", "subject": "DANZIG",
                                                                          "value": "PRU"}]}


REPORTED = [
    ("cw", "1:Late", "7.4.2 Cancels NATO florp."),
    ("cw", "2:Early", "NATO may be played only if the Marshall Plan has been played (see the Berlin Wall)."),
    ("eu", "20:IV", "Cannot occur while the CW is in effect."),  # no title's initials
    ("two", "1:II", "Cannot occur while the GNW is in effect."),  # two titles' initials: neither is guessed
    ("eu", "20:IV", "Cannot occur while the tyw is in effect."),  # initials only in capitals
    ("eu", "8:VII", "Cannot occur before V-2 has occurred."),  # not a label of this game
    ("eu", "9:VII", "V2 rockets hit London: England loses Kent."),  # "V2" is no version: not old wording, reported
    ("eu", "9:VII", "Poland loses Danzig."),  # a change of owner, to whom it does not say (before, silent)
    # an abbreviated name is no name the logic knows (before, "Pr" was read as a country)
    ("eu", "9:VII", "W. Prussia to Pr., Galicia to Aus."),
    ("eu", "9:VII", "Danzig goes to Pr."),
    # a place taken or put on the map, an event gone, in the writer's own words (before, all silent)
    ("cw", "4:Early", "When you play this card, the Soviets take Berlin."),
    ("cw", "4:Early", "This card puts Yugoslavia on the map as its own minor."),
    ("eu", "11:VII", "Russia grabs Warsaw."),
    ("eu", "20:IV", "Prussia takes Silesia from Austria."),
    ("eu", "9:VII", "With this event Danzig passes under Prussia."),
    ("cw", "1:Early", "The Marshall Plan kills NATO for good: nobody can play NATO after that."),
    ("cw", "1:Late", "Once the Berlin Wall hits the table, NATO is out."),
]


@pytest.mark.parametrize("game, event, text", REPORTED)
def test_what_is_not_read_is_reported(game, event, text):
    got = _read(game, event, text)
    assert_reported(got)


# old or deleted wording is no rule in force: nothing is read from it, among the effects or the opening conditions
RETRACTED = [
    ("cw", "7:Late", "Deleted: the game ends."),
    ("cw", "7:Late", "[2.1] Deleted: 'and the game ends'."),
    ("cw", "1:Late", "Was: cancels NATO."),
    ("cw", "1:Late", "Old wording: Cancels NATO."),
    ("cw", "5:Early", "Previously it required NATO."),
    ("cw", "5:Early", "In v2.0 the Korean War required NATO to be in effect."),
]


@pytest.mark.parametrize("game, event, text", RETRACTED)
@pytest.mark.parametrize("opening", [False, True])
def test_old_wording_is_never_read_as_a_rule(game, event, text, opening):
    assert _read(game, event, text, opening=opening) is None


CLEAN = [
    ("cw", "5:Early", "The Korean War requires a lot of thought."),
    ("eu", "20:IV", "The V-2 was a rocket."),
    ("cw", "1:Late", "2.5 ducats are paid to the bank."),
    ("eu", "20:IV", "V2 rockets were a late-war weapon."),
    ("eu", "20:IV", "France takes the lead."),
    ("cw", "1:Late", "Each player takes a card."),
    ("eu", "20:IV", "Spain takes 2 losses."),
    ("eu", "20:IV", "Spain loses 2 armies."),
    ("eu", "20:IV", "Move 2 armies to Prussia."),
]


@pytest.mark.parametrize("game, event, text", CLEAN)
def test_sentences_that_state_no_rule_raise_nothing(game, event, text):
    assert _read(game, event, text) is None


# a slash between numbers, or a number and a word that is no period, is no id: a fraction, a date, a ratio
@pytest.mark.parametrize("text", ["Roll 1/2 of the dice; 3/4 of the units return.", "Signed on 12/10/1792.",
                                  "Units move at 1/turn."])
def test_a_slash_that_is_no_id(text):
    assert _read("eu", "8:VII", text) is None
