"""Events named the way writers shorten titles, and scopes the text leaves open, each from text.

* A title named by the end of its head noun after "the" ("the Blockade" for BERLIN BLOCKADE, "the Test Ban" for
  NUCLEAR TEST BAN), only where those words stand in no other title; a word two titles share names neither.
* Two titles written with one shared end ("the First or the Second Division of Poland", "the First and Second
  Divisions of Poland").
* "until" an event with no state ("until the Korean War"), and an "unless" after conditions joined by "or": two
  readings each, reported as ambiguous, never settled.
* An answer that goes on after "Yes" / "No" (framing.py).
"""

from __future__ import annotations

import dataclasses

from checker.games import profile
from checker.logic.reader.grammar import vocabulary_of
from checker.logic.reader.phrases import TitleIndex
from checker.logic.reader.read import read_text

GAME = {"id": "cw", "name": "A cold-war card game", "deck": "cumulative",
        "periods": [{"id": "Early"}, {"id": "Mid"}, {"id": "Late"}],
        "countries": [{"code": "USA", "name": "United States"}, {"code": "USSR", "name": "Soviet Union"}]}
TITLES = [("BERLIN BLOCKADE", "4:Early"), ("KOREAN WAR", "5:Early"), ("NUCLEAR TEST BAN", "5:Mid"),
          ("BERLIN WALL", "3:Mid"), ("FALL OF THE BERLIN WALL", "7:Late"), ("VIETNAM WAR", "4:Mid"),
          ("FIRST DIVISION OF POLAND", "7:Mid"), ("SECOND DIVISION OF POLAND", "8:Mid"),
          ("NATIONAL REVOLT OF PORTUGAL", "9:Mid")]
VOCAB = dataclasses.replace(vocabulary_of(profile({"cw": GAME}, "cw")), titles=TitleIndex(TITLES))


def read(text, event="1:Late"):
    return read_text(text, event, None, VOCAB, opening=True)


def test_a_title_named_by_the_end_of_its_head():
    assert read("Cannot be played while the Blockade is in effect.")["when"] == [
        {"kind": "not_in_effect", "event": "4:Early"}]
    assert read("The Test Ban can't be played as an event.", "1:Late")["role"] == "unread"  # no rule without a when
    assert read("Cannot be played until the Test Ban is over.")["when"] == [{"kind": "over", "event": "5:Mid"}]
    # the head of a title with "of …" after it: "the National Revolt", "the Revolt"
    assert read("Cannot be played before the Revolt has occurred.")["when"] == [
        {"kind": "occurred", "event": "9:Mid"}]


def test_a_shared_word_names_no_title():
    # "Wall" stands in BERLIN WALL and FALL OF THE BERLIN WALL; "War" in KOREAN WAR and VIETNAM WAR
    for text in ("Cannot be played while the Wall is in effect.", "Cannot be played while the War is in effect."):
        assert read(text)["role"] == "unread", text
    # a country the title ends with is never the title: "Portugal" stays a name
    logic = read("Cannot be played if Portugal exists.")
    assert logic["when"] == [{"kind": "not_exists", "subject": "Portugal"}], logic


def test_two_titles_with_one_shared_end():
    logic = read("Can only be played if either the First or the Second Division of Poland has already happened.")
    assert logic["when_any"] == [{"kind": "occurred", "event": "7:Mid"}, {"kind": "occurred", "event": "8:Mid"}]
    logic = read("Can only be played after the First and Second Divisions of Poland have occurred.")
    assert logic["when"] == [{"kind": "occurred", "event": "7:Mid"}, {"kind": "occurred", "event": "8:Mid"}]
    # a word that begins no title with the shared end is not read as one
    assert read("Can only be played after the Third or the Second Division of Poland has occurred.")["role"] == \
        "unread"


def test_until_an_event_with_no_state_is_ambiguous():
    logic = read("Vietnam War may not be played until the Korean War.", "4:Mid")
    assert logic["role"] == "unread" and logic["reason"].startswith("ambiguous"), logic
    # with its state named, it reads
    assert read("May not be played until the Korean War is over.")["when"] == [{"kind": "over", "event": "5:Early"}]
    assert read("May not be played until the Korean War has occurred.")["when"] == [
        {"kind": "occurred", "event": "5:Early"}]


def test_unless_after_joined_conditions_is_ambiguous():
    logic = read("This card shall not be played where the Korean War has occurred or the Berlin Wall is in effect, "
                 "unless the Vietnam War has been played.")
    assert logic["role"] == "unread" and logic["reason"].startswith("ambiguous"), logic
    # one condition before the exception: one reading, (not A) or B
    logic = read("This card shall not be played where the Korean War has occurred, unless the Vietnam War has been "
                 "played.")
    assert logic["when_any"] == [{"kind": "not_occurred", "event": "5:Early"}, {"kind": "occurred", "event": "4:Mid"}]


def test_after_either_of_two_events_but_before_is_ambiguous():
    # "after A or B": after either one (no other reading); "before A or B": before either, or before both?
    logic = read("Can only be played after the Korean War or the Vietnam War has been played.")
    assert logic["when_any"] == [{"kind": "occurred", "event": "5:Early"}, {"kind": "occurred", "event": "4:Mid"}]
    logic = read("Cannot be played before the Korean War or the Vietnam War has been played.")
    assert logic["role"] == "unread" and logic["reason"].startswith("ambiguous"), logic


def test_a_whole_title_in_lower_case_with_a_proper_name():
    # a whole title of three words or more, written in lower case, one of its words a proper name
    assert read("Cannot be played before the second division of Poland has occurred.")["when"] == [
        {"kind": "occurred", "event": "8:Mid"}]
    logic = read("It cancels the national revolt of Portugal.")
    assert logic["effects"] == [{"kind": "cancel_event", "event": "9:Mid"}], logic
    # a shortened title, or a whole title with no proper name in it, is never read in lower case
    assert read("Cannot be played before the second division has occurred.")["role"] == "unread"
    assert read("Cannot be played while the nuclear test ban is in effect.")["role"] == "unread"


def test_an_event_named_inside_another_noun_is_reported_never_dropped():
    # "the ministry of Olivares … comes to an end": the event named inside another noun; not read (what is the
    # ministry of an event?) but reported, never silent
    index = TitleIndex(TITLES + [("OLIVARES", "2:Mid"), ("RICHELIEU", "3:Late")])
    vocab = dataclasses.replace(VOCAB, titles=index)
    logic = read_text("Once Richelieu takes office, the ministry of Olivares in Spain comes to an end immediately.",
                      "3:Late", None, vocab)
    assert logic["role"] == "unread", logic
    # "cancel" before a whole title in lower case, then a condition, in the designer's causative ("I had it
    # cancel …"): the designer's reason is cut, "it" is this event, the title is read whole
    logic = read_text("Because the war drags everybody in, I had it cancel the national revolt of Portugal if "
                      "the Korean War has already happened.", "3:Late", None, vocab)
    logic.pop("derived_from", None)
    assert logic == {"role": "effect", "effects": [{"kind": "cancel_event", "event": "9:Mid"}],
                     "when": [{"kind": "occurred", "event": "5:Early"}]}, logic
    # … but with a shortened title in lower case ("the revolt"): reported
    logic = read_text("Because the war drags everybody in, I had it cancel the revolt if the Korean War has already "
                      "happened.", "3:Late", None, vocab)
    assert logic["role"] == "unread", logic
    # a title after "remove … from office" names the minister, not the event: nothing to read, nothing reported
    assert read_text("FRA can freely remove Olivares from office at the end of any following phase.",
                     "3:Late", None, vocab) is None
