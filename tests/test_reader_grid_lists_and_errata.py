"""Forms of stop 58, from the writers of the held-out dev24 (the ten ordinary voices of event lists, cards, FAQs and
errata): a terse list's abbreviations ("If req. not met"), states with no verb after "if" ("IF A NOT YET OVER"),
a spaced dash between a rule's parts, effects under a condition and then "otherwise <outcome>" (the condition is
the event's requirement), "X effects cancelled", "Cancels/prevents X", "must be over (or never played)", "…, if
they are still in effect", a legal text's "Upon resolution of Event X" and "X shall, if still in effect, be
cancelled", a blank result, a designer's "I made X require Y" / "I let X fire only once …", corrections that insert,
add to or replace a sentence or give a new text of several sentences. Each read from its text; what must stay
reported is asserted too."""

from __future__ import annotations

import pytest

from tests.reader_grid import assert_reported, owns, reader, req, st

GAMES = {
    "eu": {"periods": ["V", "VI"],
           "countries": [{"code": "ENG", "name": "England", "adjective": "English"},
                         {"code": "AUS", "name": "Austria", "adjective": "Austrian"},
                         {"code": "PRU", "name": "Prussia", "adjective": "Prussian"},
                         {"code": "RUS", "name": "Russia", "adjective": "Russian"},
                         {"code": "SPA", "name": "Spain", "adjective": "Spanish"}],
           "events": {"1:V": "WAR OF THE AUSTRIAN SUCCESSION", "2:V": "TREATY OF AIX-LA-CHAPELLE",
                      "3:V": "PARTITION TREATY", "4:V": "JACOBITE RISING", "6:V": "FAMILY COMPACT",
                      "7:V": "WAR OF THE QUADRUPLE ALLIANCE"}},
    "cards": {"periods": ["Early", "Mid"], "countries": ["US", "USSR"],
              "events": {"1:Early": "MARSHALL PLAN", "2:Early": "NATO", "3:Early": "CONTAINMENT",
                         "1:Mid": "BRUSH WAR", "2:Mid": "QUAGMIRE"}},
}

read = reader(GAMES)


def req_any(*of, on_fail=None):
    """A requirement that one of ``of`` holds (the reader's ``when_any``)."""
    return {"role": "requirement", "when_any": list(of), **({"on_fail": on_fail} if on_fail else {})}


READ = [
    # an abbreviation's dot between words in lower case is no word: "If req. not met" is "if req not met"
    ("eu", "3:V", "Req.: 1:V over, or 2:V occurred. If req. not met, do not mark off; roll again.",
     req_any(st("over", "1:V"), st("occurred", "2:V"), on_fail="reroll")),
    # a second state of the same events with no subject: "A over, or not yet occurred"
    ("eu", "3:V", "Req.: 1:V over, or not yet occurred.", req_any(st("over", "1:V"), st("not_occurred", "1:V"))),
    # "drawn again", "ignore and roll again"
    ("eu", "3:V", "If drawn again after 2:V has occurred, ignore and roll again.",
     req(st("not_occurred", "2:V"), on_fail="reroll")),
    # a translator's "not realisable", "always in course" (still), "is not yet produced", "not retained"
    ("eu", "3:V", "Event not realisable as long as 1:V is in course.", req(st("not_in_effect", "1:V"))),
    ("eu", "3:V", "If 1:V is always in course, relaunch the die.", req(st("not_in_effect", "1:V"), on_fail="reroll")),
    ("eu", "3:V", "The event is not retained if 1:V is not yet produced: treat it as a blank result.",
     req(st("occurred", "1:V"), on_fail="nothing")),
    # the throw itself lost, nothing more
    ("eu", "3:V", "The event does not occur if Spain owns Gibraltar; the throw is lost, without other effect.",
     req(owns("Spain", "Gibraltar", negated=True), on_fail="nothing")),
    # a state with no verb after "if", a colon or a spaced dash before the outcome
    ("eu", "3:V", "IF 1:V NOT YET OVER, SET ASIDE - MAY BE DRAWN AGAIN LATER.",
     req(st("over", "1:V"), on_fail="refused_renewable")),
    ("eu", "3:V", "If 1:V in effect, re-roll.", req(st("not_in_effect", "1:V"), on_fail="reroll")),
    # a spaced dash parts a requirement from the effects after it, as a semicolon does
    ("eu", "3:V", "Only if 1:V is over - Gibraltar to ENG.",
     req(st("over", "1:V"), effects=[{"kind": "owner", "subject": "Gibraltar", "value": "ENG"}])),
    # effects under a condition, then the outcome when it does not hold: the condition is the requirement
    ("eu", "3:V", "If Poland exists: Galicia to AUS, Pomerelia to PRU; otherwise mark off.",
     req({"kind": "exists", "subject": "Poland"}, on_fail="mark_off",
         effects=[{"kind": "owner", "subject": "Galicia", "value": "AUS"},
                  {"kind": "owner", "subject": "Pomerelia", "value": "PRU"}])),
    ("eu", "3:V", "If 2:V is over: the game ends. Otherwise the event is delayed.",
     req(st("over", "2:V"), on_fail="delay", effects=[{"kind": "game_ends"}])),
    # a legal text's "save where … ; any earlier draw shall be re-rolled", "any such draw … a blank result"
    ("eu", "2:V", "Event 2:V shall not occur save where Event 1:V has been played through; any earlier draw shall be "
                  "re-rolled.", req(st("over", "1:V"), on_fail="reroll")),
    ("eu", "2:V", "Event 2:V shall not occur where Russia owns Courland; any such draw shall be treated as a blank "
                  "result.", req(owns("Russia", "Courland", negated=True), on_fail="nothing")),
    # either state after "must": "must be over (or never played)"
    ("cards", "2:Mid", "Brush War must be over (or never played).",
     req_any(st("over", "1:Mid"), st("not_occurred", "1:Mid"))),
    ("cards", "2:Mid", "Brush War must have ended, or never been played.",
     req_any(st("over", "1:Mid"), st("not_occurred", "1:Mid"))),
    # "at least one of A or B" after a time word: the group said as one (not ambiguous)
    ("cards", "3:Early", "Containment cannot be played until at least one of the Marshall Plan or NATO has been "
                         "played.", req_any(st("occurred", "1:Early"), st("occurred", "2:Early"))),
    # "it is necessary both that A and that B"
    ("cards", "2:Mid", "It is necessary both that Brush War has been played and that NATO is not in effect.",
     req(st("occurred", "1:Mid"), st("not_in_effect", "2:Early"))),
    # a negative sentence's closing "either": "too"
    ("eu", "3:V", "This event cannot occur unless 2:V has taken place, and it cannot occur while 4:V is in effect "
                  "either.", req(st("occurred", "2:V"), st("not_in_effect", "4:V"))),
    # a designer's first person: the rule said of the event
    ("cards", "2:Mid", "I made Quagmire require Brush War.", req(st("occurred", "1:Mid"))),
    ("cards", "2:Mid", "I only let Quagmire fire once Brush War has been played.", req(st("occurred", "1:Mid"))),
    ("cards", "2:Mid", "I don't let Quagmire fire while NATO is in effect.", req(st("not_in_effect", "2:Early"))),
    # the game reaching a period after "before"; a roll treated "as if it had been a 'no event' result"
    ("eu", "3:V", "This event cannot be triggered before the game has reached period VI.",
     {"role": "requirement", "when": [{"kind": "period_at_least", "value": "VI"}]}),
    ("eu", "3:V", "The event should only be resolved if Spain owns Gibraltar; otherwise, treat the roll as if it had "
                  "been a 'no event' result.", req(owns("Spain", "Gibraltar"), on_fail="nothing")),
    # the writer's reason, an aside naming the event in it, then ", and therefore" and the rule
    ("eu", "2:V", "The Treaty of Aix-la-Chapelle (Event 2:V) ends the war, and therefore it can only take place once "
                  "1:V has been played.", req(st("occurred", "1:V"))),
    # a legal text's "during the continuance of", "where that condition is not satisfied", "during any period in
    # which", "either of A or B", "happens to be"
    ("eu", "7:V", "Event 7:V may be resolved only during the continuance of Event 6:V; where that condition is not "
                  "satisfied, the Event shall be marked off.", req(st("in_effect", "6:V"), on_fail="mark_off")),
    ("cards", "2:Mid", "Quagmire may not be played as an Event during any period in which NATO is in force.",
     req(st("not_in_effect", "2:Early"))),
    ("cards", "2:Mid", "Quagmire shall not be played as an Event where either of NATO or Containment is in effect.",
     req(st("not_in_effect", "2:Early"), st("not_in_effect", "3:Early"))),
    ("cards", "2:Mid", "Quagmire can only be played while NATO happens to be in effect.", req(st("in_effect", "2:Early"))),
    # a translator's "relaunch the die without marking the event"; set aside and "can be drawn again at a later turn"
    ("eu", "3:V", "This event can take place only if 1:V has taken place; in the contrary case, relaunch the die "
                  "without marking the event.", req(st("occurred", "1:V"), on_fail="reroll")),
    ("eu", "3:V", "Condition: the event 1:V must have been played. If it is not the case, the event is put aside and "
                  "can be drawn again at a later turn.", req(st("occurred", "1:V"), on_fail="refused_renewable")),
    # "…, whereupon X shall not thereafter be played": the requirement, then what the event does when it fires
    ("cards", "2:Mid", "Quagmire shall be played as an Event only after Brush War has come into play, whereupon NATO "
                       "shall not thereafter be played as an Event.",
     req(st("occurred", "1:Mid"), effects=[st("never_occurs", "2:Early")])),
    # corrections: the event's own id as the entry's heading, "replace … by:", "insert … at the start", "add to the
    # requirements", a new text of two sentences
    ("eu", "7:V", "7:V. Replace the first sentence by: \"Only if 6:V is in effect; otherwise mark off.\"",
     req(st("in_effect", "6:V"), on_fail="mark_off")),
    ("eu", "4:V", "4:V: add to the requirements \"If 1:V is still in effect, re-roll and do not mark off.\"",
     req(st("not_in_effect", "1:V"), on_fail="reroll")),
    ("eu", "2:V", "2:V: the text should read \"Only after 1:V has been played through. The game ends.\"",
     req(st("over", "1:V"), effects=[{"kind": "game_ends"}])),
    ("cards", "2:Early", "NATO: new text - \"Requires Marshall Plan. Cancels Containment.\"",
     req(st("occurred", "1:Early"), effects=[st("cancel_event", "3:Early")])),
    # a card game's Operations play when the event may not be: the event does not happen
    ("cards", "3:Early", "Containment may be played for its event only while NATO is in effect; at any other time it "
                         "may be played for Operations points only.", req(st("in_effect", "2:Early"), on_fail="nothing")),
    ("cards", "2:Mid", "Quagmire cannot be played for its event while NATO is in effect, although it may still be "
                       "played for Operations.", req(st("not_in_effect", "2:Early"), on_fail="nothing")),
    ("cards", "2:Mid", "Quagmire cannot be triggered while NATO is still active. Play the card for Ops instead.",
     req(st("not_in_effect", "2:Early"), on_fail="nothing")),
    # whose event the card is, before its rule: no rule of its own
    ("cards", "2:Mid", "USSR event. Req. NATO not in effect.", req(st("not_in_effect", "2:Early"))),
    ("cards", "2:Early", "NATO: insert \"Not before the Mid War.\" at the start of the event text.",
     {"role": "requirement", "when": [{"kind": "period_at_least", "value": "Mid"}]}),
]


@pytest.mark.parametrize("game, event, text, want", READ)
def test_read_among_the_opening_conditions(game, event, text, want):
    assert read(game, event, text, opening=True) == want


EFFECTS = [
    # the effects of an event named after it ("NATO effects", "NATO's effects")
    ("cards", "2:Mid", "NATO effects cancelled for US only.",
     [{"kind": "cancel_event", "event": "2:Early", "only_for": "US"}]),
    ("cards", "2:Mid", "NATO's effects cancelled for US only.",
     [{"kind": "cancel_event", "event": "2:Early", "only_for": "US"}]),
    # a card's "Cancels/prevents X": both
    ("cards", "2:Mid", "Cancels/prevents NATO.", [st("cancel_event", "2:Early"), st("never_occurs", "2:Early")]),
    # "if they are still in effect" after two cancellations: each under its own event's state
    ("cards", "2:Mid", "Quagmire cancels NATO and Containment, if they are still in effect.",
     [dict(st("cancel_event", "2:Early"), when=[st("in_effect", "2:Early")]),
      dict(st("cancel_event", "3:Early"), when=[st("in_effect", "3:Early")])]),
    # "it" after two acts on one other event is that event; "any further effect of"
    ("cards", "2:Mid", "Playing Quagmire cancels the effects of NATO and prevents it from being played as an event for "
                       "the remainder of the game.", [st("cancel_event", "2:Early"), st("never_occurs", "2:Early")]),
    ("cards", "2:Mid", "Quagmire cancels any further effect of NATO.", [st("cancel_event", "2:Early")]),
    # "is considered to be no longer in effect": cancelled
    ("cards", "2:Mid", "The NATO event is considered to be no longer in effect, and its effects are cancelled "
                       "accordingly.", [st("cancel_event", "2:Early")]),
    # "ceases to be in vigour": cancelled
    ("eu", "6:V", "The War of the Austrian Succession ceases to be in vigour.", [st("cancel_event", "1:V")]),
    # "Upon resolution of Event X" in X's own text: when it fires
    ("eu", "1:V", "Upon resolution of Event 1:V, Corsica shall pass to France, and Event 4:V shall never occur.",
     [{"kind": "owner", "subject": "Corsica", "value": "France"}, st("never_occurs", "4:V")]),
]


@pytest.mark.parametrize("game, event, text, want", EFFECTS)
def test_effects(game, event, text, want):
    got = read(game, event, text)
    assert got == {"role": "effect", "effects": want}


@pytest.mark.parametrize("text, owner, negated", [
    ("Silesia goes to AUS if PRU does not own it.", "PRU", True),
    ("Silesia shall pass to Prussia save where Prussia already owns it.", "Prussia", True),
    ("Silesia passes to Prussia if Austria owns it.", "Austria", False),
])
def test_owns_it_after_a_place_handed_over(text, owner, negated):
    """"…, if PRU does not own it": "it" is the one place the effect hands over."""
    got = read("eu", "3:V", text)
    assert got["role"] == "effect" and got["when"] == [owns(owner, "Silesia", negated=negated)], got


def test_owns_it_after_two_places_is_reported():
    assert_reported(read("eu", "3:V", "Silesia and Glatz go to AUS if PRU does not own it."))


@pytest.mark.parametrize("text", ["Quagmire also ends NATO, should NATO still be in effect.",
                                  "NATO is cancelled should it still be in effect."])
def test_the_condition_said_after_the_act_with_should(text):
    assert read("cards", "2:Mid", text) == {"role": "effect", "effects": [st("cancel_event", "2:Early")],
                                            "when": [st("in_effect", "2:Early")]}


def test_the_condition_inside_a_passive_cancellation():
    """"Event 1:V shall, if still in effect, be cancelled forthwith": the cancellation under that event's state."""
    assert read("eu", "6:V", "Upon the occurrence of Event 6:V, Event 1:V shall, if still in effect, be cancelled "
                             "forthwith.") == {"role": "effect", "effects": [st("cancel_event", "1:V")],
                                               "when": [st("in_effect", "1:V")]}


@pytest.mark.parametrize("game, event, text", [
    # "the Prussia the Silesia": a verb left out between two names is never one place ("Prussia Silesia")
    ("eu", "3:V", "Poland ceases to exist if the Russia possesses the Courland and the Prussia the Silesia."),
    # "or" after a time word without "at least one of" stays ambiguous
    ("cards", "3:Early", "Containment cannot be played until the Marshall Plan or NATO has been played."),
    # "they" after effects on one event only, or on a place
    ("cards", "2:Mid", "Cancels NATO, if they are still in effect."),
    # effects under a condition, then "otherwise" with another effect (not an outcome of the draw)
    ("eu", "3:V", "If Poland exists, Galicia goes to AUS; otherwise Galicia goes to PRU."),
])
def test_stays_reported(game, event, text):
    assert_reported(read(game, event, text, opening=True))


def test_an_abbreviation_dot_only_between_words_in_lower_case():
    """The dot of "req." before a word in lower case is no word; a capitalised abbreviation ("Pr. gets Silesia")
    still stops the reading (no name the logic can know), and a sentence's own end is untouched."""
    assert_reported(read("eu", "3:V", "Silesia goes to Pr. at once."))
    assert read("eu", "3:V", "Cannot occur before 1:V. Re-roll.", opening=True) == req(st("occurred", "1:V"),
                                                                                          on_fail="reroll")


def test_a_quotation_holds_its_full_stops():
    """A quotation goes on past its own full stops ("should read 'A. B.'"), but a stray quotation mark holds nothing
    together: the sentences around it are split as before."""
    from checker.logic.reader.split import split_sentences

    assert [s.text for s in split_sentences('NATO: new text - "Requires A. Cancels B". Mark off.')] == [
        'NATO: new text - "Requires A. Cancels B".', "Mark off."]
    assert [s.text for s in split_sentences('He said "no. Then it ends. Mark off.')] == [
        'He said "no.', "Then it ends.", "Mark off."]


def test_a_closing_either_only_in_a_negative_sentence():
    from checker.logic.reader.phrases import Token, _without_closing_either

    neg = [Token("MODAL", "", 0), Token("NEG", "", 1), Token("VINF", "", 2), Token("EITHER", "", 3)]
    assert [t.kind for t in _without_closing_either(neg)] == ["MODAL", "NEG", "VINF"]
    pos = [Token("MODAL", "", 0), Token("VINF", "", 2), Token("EITHER", "", 3)]
    assert _without_closing_either(pos) == pos


def test_a_history_heading_naming_no_event_states_no_rule():
    """"Historical note: …" with no event named is history, neither read nor reported; one that names an event may
    state its rule in passing, and is read or reported as before."""
    assert read("eu", "3:V", "Historical note: the war opposed the Prussia and the England to the Austria and the "
                             "Spain (1740-1748).") is None
    assert_reported(read("eu", "3:V", "Historical note: 1:V ended with Prussia keeping Silesia, which passed to "
                                      "Prussia."))
    # with no year, a history heading may head a rule: a place handed over is read or reported, never dropped
    assert read("eu", "3:V", "Historical note: Silesia passes to Prussia.") is not None


def test_effects_after_a_heading_of_the_events_own_effects():
    """"3:V effects: cancels 1:V": the heading names this event's effects ("effects" after a name is no longer an
    unknown word, so the heading is read, not cut as one)."""
    assert read("eu", "3:V", "`3:V` effects: cancels `1:V` (War of the Austrian Succession).") == {
        "role": "effect", "effects": [st("cancel_event", "1:V")]}


def test_an_aside_with_they_is_still_commentary():
    """"they" is a word of the lexicon now ("if they are still in effect"); an aside of such words alone states no
    rule and is cut as before."""
    assert read("eu", "3:V", "3:V cannot be rolled before 1:V and 2:V have all occurred (they are the earlier "
                             "entries of the list, cf. 24.1); re-roll.", opening=True) == req(
        st("occurred", "1:V"), st("occurred", "2:V"), on_fail="reroll")
