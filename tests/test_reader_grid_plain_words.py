"""Rules in the plainest words, and what must never be half read. A minor comes into being or leaves the map in
everyday words ("becomes a new nation", "leaves play", "is gone for good"); an event "never happens"; a country
owns each of several places, or one of them; a condition after its effects ends at a semicolon (what follows is a
second clause, not one more condition); ", but only if" scopes the effects before it; a heading that names a part
of the rules or of the turn ("EVENTS PHASE:", "Solo variant:") says where the rule stands; "this war" in a war's
own text is the event itself. What the reader cannot read in such sentences is reported, never dropped: "Targowica ends."
(an event by a name the KB does not know), "Event A and event B can never occur" read for both events or none.
Written from the language's parts, not copied from any corpus; every reading checked by hand.
"""

from __future__ import annotations

import pytest

from tests.reader_grid import assert_reported, reader

GAMES = {"eu": {"periods": ["IV", "VII"], "countries": ["SPA", "FRA", "PRU", "AUS", "TUR", "ENG"],
                "events": {"3:IV": "WAR BETWEEN PERSIA AND TURKEY", "16:IV": "FRONDE IN FRANCE", "20:IV": "RICHELIEU",
                           "21:IV": "OLIVARES", "7:VII": "FIRST DIVISION OF POLAND",
                           "9:VII": "ANNEXATION OF DANZIG BY PRUSSIA", "11:VII": "THE CONFEDERATION OF BAR",
                           "12:VII": "THE WAR OF BAVARIAN SUCCESSION"}},
         "cw": {"periods": ["Early", "Mid", "Late"], "countries": ["USA", "USSR", "UK"],
                "events": {"2:Early": "NATO", "3:Early": "WARSAW PACT", "1:Mid": "CUBAN MISSILE CRISIS",
                           "5:Mid": "NUCLEAR TEST BAN", "8:Mid": "SPACE RACE", "1:Late": "DETENTE",
                           "6:Late": "GLASNOST"}}}


_read = reader(GAMES)


def _minor(kind, name):
    return {"kind": kind, "subject": name}


READ = [
    # a minor created or removed, in everyday words
    ("cw", "8:Mid", "Albania becomes a new nation.", {"role": "effect", "effects": [_minor("minor_created", "Albania")]}),
    ("cw", "8:Mid", "Albania and Libya become new countries.",
     {"role": "effect", "effects": [_minor("minor_created", "Albania"), _minor("minor_created", "Libya")]}),
    ("eu", "9:VII", "Courland comes into existence.", {"role": "effect", "effects": [_minor("minor_created", "Courland")]}),
    ("cw", "8:Mid", "Libya becomes a nation if the UK owns Tripoli.",
     {"role": "effect", "effects": [_minor("minor_created", "Libya")],
      "when": [{"kind": "owns", "subject": "UK", "value": "Tripoli"}]}),
    ("cw", "8:Mid", "Albania leaves play.", {"role": "effect", "effects": [_minor("minor_removed", "Albania")]}),
    ("eu", "9:VII", "Courland leaves the map.", {"role": "effect", "effects": [_minor("minor_removed", "Courland")]}),
    ("eu", "9:VII", "Courland is gone for good.", {"role": "effect", "effects": [_minor("minor_removed", "Courland")]}),
    # an event that never happens
    ("eu", "20:IV", "Olivares never happens.", {"role": "effect", "effects": [{"kind": "never_occurs", "event": "21:IV"}]}),
    ("eu", "20:IV", "The Confederation of Bar never happens again.",
     {"role": "effect", "effects": [{"kind": "never_occurs", "event": "11:VII"}]}),
    # two events named, each with "event": both, never the last one only
    ("eu", "9:VII", "Event 16:IV and event 21:IV can never occur.",
     {"role": "effect", "effects": [{"kind": "never_occurs", "event": "16:IV"},
                                    {"kind": "never_occurs", "event": "21:IV"}]}),
    ("eu", "9:VII", "This event and event 21:IV can never occur.",
     {"role": "effect", "effects": [{"kind": "never_occurs", "event": "9:VII"},
                                    {"kind": "never_occurs", "event": "21:IV"}]}),
    # a country owns each of several places, or one of them
    ("eu", "9:VII", "The game ends if France owns both Genoa and Milan.",
     {"role": "effect", "effects": [{"kind": "game_ends"}],
      "when": [{"kind": "owns", "subject": "France", "value": "Genoa"},
               {"kind": "owns", "subject": "France", "value": "Milan"}]}),
    ("eu", "9:VII", "Only if Prussia holds Thorn, Elbing and Posen.",
     {"role": "requirement", "when": [{"kind": "owns", "subject": "Prussia", "value": v}
                                      for v in ("Thorn", "Elbing", "Posen")]}),
    ("eu", "9:VII", "Only if Prussia holds Thorn or Posen.",
     {"role": "requirement", "when_any": [{"kind": "owns", "subject": "Prussia", "value": v} for v in ("Thorn", "Posen")]}),
    # ", but only if": the condition of the effects before it
    ("cw", "8:Mid", "Cancels Detente, but only if Glasnost has been played.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "1:Late"}],
      "when": [{"kind": "occurred", "event": "6:Late"}]}),
    # "otherwise nothing changes" after a conditional effect adds nothing
    ("eu", "9:VII", "Cancels 20:IV if Spain owns Navarre; otherwise no effect.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "20:IV"}],
      "when": [{"kind": "owns", "subject": "Spain", "value": "Navarre"}]}),
    # a heading that names a part of the rules or of the turn
    ("eu", "9:VII", "EVENTS PHASE: IF PRUSSIA DOES NOT OWN THORN, MARK OFF.",
     {"role": "requirement", "when": [{"kind": "owns", "subject": "PRUSSIA", "value": "THORN"}], "on_fail": "mark_off"}),
    ("eu", "9:VII", "Solo variant: cannot occur before 7:VII.",
     {"role": "requirement", "when": [{"kind": "occurred", "event": "7:VII"}]}),
    # the draw counts as another result of the table (S1: treat_as_R)
    ("eu", "9:VII", "If drawn while event 21:IV is in effect, treat as result Famine.",
     {"role": "requirement", "when": [{"kind": "not_in_effect", "event": "21:IV"}], "on_fail": "treat_as_R"}),
    ("eu", "9:VII", "IF EVENT 7 HAS NOT OCCURRED, TREAT AS A 'BAD HARVEST' RESULT.",
     {"role": "requirement", "when": [{"kind": "occurred", "event": "7:VII"}], "on_fail": "treat_as_R"}),
    # a cancellation in more words
    ("eu", "9:VII", "The effects of 11:VII are cancelled in their entirety.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "11:VII"}]}),
    ("eu", "9:VII", "Upon occurrence of this event, Olivares is cancelled.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "21:IV"}]}),
    ("eu", "9:VII", "Event 16:IV shall be cancelled and shall not thereafter be played.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "16:IV"}, {"kind": "never_occurs", "event": "16:IV"}]}),
    # "this war" in a war's own text
    ("eu", "3:IV", "This war can take place only if Turkey owns Mosul.",
     {"role": "requirement", "when": [{"kind": "owns", "subject": "Turkey", "value": "Mosul"}]}),
]


READ += [
    # a country acquires several places, after a modal; a place flips to a country
    ("eu", "9:VII", "Upon this event, Prussia shall acquire Thorn and Elbing.",
     {"role": "effect", "effects": [{"kind": "owner", "subject": "Thorn", "value": "Prussia"},
                                    {"kind": "owner", "subject": "Elbing", "value": "Prussia"}]}),
    ("eu", "9:VII", "Elbing flips to Prussia.",
     {"role": "effect", "effects": [{"kind": "owner", "subject": "Elbing", "value": "Prussia"}]}),
    # an event struck from the event list for good, once this one is resolved
    ("eu", "9:VII", "After this, 21:IV is struck from the event list for the rest of the game.",
     {"role": "effect", "effects": [{"kind": "never_occurs", "event": "21:IV"}]}),
]


@pytest.mark.parametrize("game, event, text, want", READ)
def test_plain_words_are_read(game, event, text, want):
    assert _read(game, event, text) == want


REPORTED = [
    # an event by a name the KB does not know, with its end
    ("eu", "12:VII", "Targowica ends."),
    ("eu", "12:VII", "Thorn to Austria. Targowica ends."),
    # a conditional effect, then a second clause after a semicolon: never one more condition ("is terminated" is
    # also a state, over), and one clause holds one condition for all its effects (read.combine)
    ("eu", "9:VII", "Thorn passes to Prussia if Poland does not own Danzig; Richelieu is terminated."),
    # a minor in words no form reads: reported
    ("cw", "8:Mid", "Albania is treated as a new nation."),
    ("eu", "9:VII", "If the revolt is not put down by the end of the turn, the rebel provinces form an independent state "
                    "Courland."),  # a minor created under a condition the logic has no word for
    # requirements whose words are partly unknown: reported wherever they stand
    ("eu", "9:VII", "Only if Spain does not own Genoa and Milan."),
    ("eu", "9:VII", "Not if Prussia owns Thorn florp."),
    ("eu", "9:VII", "Prussia must hold Thorn florp."),
    ("cw", "8:Mid", "Playable from the Mid War on florp."),
    ("cw", "8:Mid", "Prerequisite: NATO florp."),
    ("cw", "8:Mid", "NATO: Mid War onwards florp."),
    ("cw", "8:Mid", "This card shall not be played as an event save where the UK holds Suez florp."),
    ("eu", "9:VII", "If Prussia does not own Thorn, mark off florp."),
    ("eu", "9:VII", "Poland loses Thorn to Prussia florp."),
    ("eu", "9:VII", "Poland is removed florp."),
    ("eu", "9:VII", "Albania gets Durazzo if Poland florp."),
    ("eu", "9:VII", "Durazzo to Albania florp."),
    ("eu", "12:VII", "EVENTS PHASE: This event shall have no effect where Spain does not own Navarre."),
    ("eu", "3:IV", "This war can have place only if the Turkey possesses Mosul (else relaunch the die); the Persia "
                   "loses then Basra for the profit of the Turkey."),
]


REPORTED += [
    ("eu", "9:VII", "The ministry of Richelieu is terminated."),  # an event by a name rulekb does not know, ended
    ("cw", "8:Mid", "Albania enters the game as an independent state."),  # a minor created, in words no form reads
    ("eu", "9:VII", "It wipes out whatever is left of Olivares's effects."),  # an effect on an event, unread
    ("eu", "9:VII", "Prussia shall acquire Thorn and Elbing florp."),
]


@pytest.mark.parametrize("game, event, text", REPORTED)
def test_what_is_not_read_is_reported(game, event, text):
    got = _read(game, event, text)
    assert_reported(got)


CLEAN = [
    ("eu", "12:VII", "The Movement Phase ends."),
    ("eu", "12:VII", "Richelieu never forgave Olivares."),
    ("eu", "12:VII", "The war of Thirty Years opposes the Habsburgs to the Protestant princes and to France."),
    ("cw", "8:Mid", "Q: Do I get the Operations points when I play a card as an event? A: No, you choose one."),
    ("eu", "12:VII", "Frederick II may be used as a leader for this war only, after which he returns to the pool."),
    ("eu", "12:VII", "The money is gone."),
    ("eu", "12:VII", "The controller of Prussia receives VPs for these provinces."),
    ("eu", "11:VII", "Scenario end: when the Confederation of Bar occurs, the game ends."),
]


@pytest.mark.parametrize("game, event, text", CLEAN[:-1])
def test_sentences_that_state_no_rule_raise_nothing(game, event, text):
    assert _read(game, event, text) is None


def test_a_heading_that_ends_in_end_is_no_event_ended():
    game, event, text = CLEAN[-1]
    assert _read(game, event, text) == {"role": "effect", "effects": [{"kind": "game_ends"}]}  # when it fires
