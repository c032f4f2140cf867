"""A grid of the forms stop 52 taught the reader, each beside sentences it must not read so: an arrow however it is
typed ("->", "=>", "⇒" as "→"); formatting that is no word of a rule (a chat's `code` and **bold** marks, a wiki
link's [[brackets]], a table's bars); square brackets as parentheses (a living rules' "[7:VII]", "[see 8.6]",
"[22.1.3]"); a heading with its number ("Ruling 27:", "Errata #3:"); the event itself as the topic said first ("As
for this event, …"); "both of A and B"; "shuts out" (prevents); a title written short ("Bav. Succ.", "1st Div.
Poland"); "in the case in which" and "It is not possible that <this event> takes place if …". Reported, never read
nor dropped: "X stops Y" (its effect ended, or kept from occurring?) and "Y stops"; an unknown name that "can't happen
anymore"; a title's words across a comma ("After the crisis, Suez passes to the USSR" is no SUEZ CRISIS turned
round). A scholar's citation ("(Sabin 2012)", "as Dunnigan (1980) observed") tells no history: the sentence is judged
by its words. Written from these forms, not from any corpus; every reading checked by hand.
"""

from __future__ import annotations

import pytest

from tests.reader_grid import assert_reported, reader

GAMES = {"cw": {"periods": ["Early", "Mid", "Late"], "countries": ["USA", "USSR", "UK"],
                "events": {"1:Early": "MARSHALL PLAN", "2:Early": "NATO", "3:Early": "WARSAW PACT",
                           "5:Early": "KOREAN WAR", "7:Mid": "SUEZ CRISIS", "8:Mid": "SPACE RACE",
                           "5:Mid": "NUCLEAR TEST BAN", "1:Late": "DETENTE", "2:Late": "SALT NEGOTIATIONS",
                           "5:Late": "STAR WARS"}},
         "eu": {"periods": ["IV", "VII"], "countries": ["SPA", "FRA", "PRU", "RUS", "AUS"],
                "events": {"1:IV": "THIRTY YEARS WAR", "16:IV": "FRONDE IN FRANCE", "20:IV": "RICHELIEU",
                           "21:IV": "OLIVARES", "7:VII": "FIRST DIVISION OF POLAND",
                           "8:VII": "SECOND DIVISION OF POLAND", "11:VII": "THE CONFEDERATION OF BAR",
                           "12:VII": "THE WAR OF BAVARIAN SUCCESSION"}}}
_read = reader(GAMES)


def st(kind, event):
    return {"kind": kind, "event": event}


def owner(subject, value):
    return {"kind": "owner", "subject": subject, "value": value}


READ = [
    # arrows typed in ASCII, as the arrow sign
    ("eu", "7:VII", False, "West Prussia -> PRU, Galicia -> AUS.",
     {"role": "effect", "effects": [owner("West Prussia", "PRU"), owner("Galicia", "AUS")]}),
    ("eu", "7:VII", False, "West Prussia => PRU.", {"role": "effect", "effects": [owner("West Prussia", "PRU")]}),
    ("eu", "7:VII", False, "West Prussia ⇒ PRU.", {"role": "effect", "effects": [owner("West Prussia", "PRU")]}),
    # formatting marks and square brackets
    ("eu", "8:VII", True, "Cannot occur before [[First Division of Poland]] has occurred.",
     {"role": "requirement", "when": [st("occurred", "7:VII")]}),
    ("eu", "8:VII", True, "Cannot occur before `7:VII` has occurred.",
     {"role": "requirement", "when": [st("occurred", "7:VII")]}),
    ("eu", "8:VII", True, "Cannot occur before **7:VII** has occurred.",
     {"role": "requirement", "when": [st("occurred", "7:VII")]}),
    ("eu", "8:VII", True, "[22.4.2] This event may occur only if the First Division of Poland [7:VII] has already "
     "occurred; otherwise, re-roll [22.1.3].",
     {"role": "requirement", "when": [st("occurred", "7:VII")], "on_fail": "reroll"}),
    ("eu", "7:VII", False, "Lisbon and Oporto pass to Portugal [see 8.6].",
     {"role": "effect", "effects": [owner("Lisbon", "Portugal"), owner("Oporto", "Portugal")]}),
    ("eu", "8:VII", True, "| [23.1] (Changed) This event cannot occur until 7:VII has occurred.",
     {"role": "requirement", "when": [st("occurred", "7:VII")]}),
    # a heading with its number
    ("cw", "5:Late", False, "Ruling 27: Star Wars shuts out SALT Negotiations.",
     {"role": "effect", "effects": [st("never_occurs", "2:Late")]}),
    ("cw", "5:Late", False, "Errata #3: Star Wars permanently prevents SALT Negotiations.",
     {"role": "effect", "effects": [st("never_occurs", "2:Late")]}),
    # … but a word before an id is no heading with its number
    ("eu", "20:IV", False, "Ends 11:VII and 7:VII.",
     {"role": "effect", "effects": [st("cancel_event", "11:VII"), st("cancel_event", "7:VII")]}),
    # the event itself as the topic
    ("eu", "8:VII", True, "As for this event, it is possible only when the Confederation of Bar has already "
     "occurred.", {"role": "requirement", "when": [st("occurred", "11:VII")]}),
    ("eu", "8:VII", True, "As for the Second Division of Poland, the First Division of Poland must have occurred.",
     {"role": "requirement", "when": [st("occurred", "7:VII")]}),
    ("eu", "8:VII", True, "Regarding this event, it cannot occur unless 7:VII has occurred.",
     {"role": "requirement", "when": [st("occurred", "7:VII")]}),
    # "both of"
    ("eu", "8:VII", True, "Both of the First Division of Poland and the Confederation of Bar must have occurred.",
     {"role": "requirement", "when": [st("occurred", "7:VII"), st("occurred", "11:VII")]}),
    # a title written short: each word the beginning of one title's word, one at least cut before a dot; the dot
    # ends no sentence
    ("eu", "8:VII", True, "Cannot occur while Bav. Succ. is in effect.",
     {"role": "requirement", "when": [st("not_in_effect", "12:VII")]}),
    ("eu", "8:VII", True, "Cannot occur unless 1st Div. Poland has occurred.",
     {"role": "requirement", "when": [st("occurred", "7:VII")]}),
    ("eu", "8:VII", True, "Poland must still exist and 1st Div. must have happened.",
     {"role": "requirement", "when": [{"kind": "exists", "subject": "Poland"}, st("occurred", "7:VII")]}),
    ("cw", "5:Late", False, "Cancels W. Pact and Nucl. Test Ban.",
     {"role": "effect", "effects": [st("cancel_event", "3:Early"), st("cancel_event", "5:Mid")]}),
    # a Romance language's "in the case in which" (if) and "it is not possible that <this event> takes place"
    ("eu", "8:VII", True, "It is not possible that this event takes place in the case in which 7:VII has not yet "
     "taken place.", {"role": "requirement", "when": [st("occurred", "7:VII")]}),
    ("eu", "8:VII", True, "It is not possible that the Second Division of Poland is played while the Confederation of "
     "Bar is in effect.", {"role": "requirement", "when": [st("not_in_effect", "11:VII")]}),
    # a chat bot's entry: the id and its own title side by side are one naming; a field in lower case after a dot
    # starts a sentence ("… exists. fail: reroll")
    ("eu", "8:VII", True, "`8:VII` **Second Division of Poland** - needs: `7:VII` occurred, `Poland` exists. fail: "
     "reroll", {"role": "requirement", "when": [st("occurred", "7:VII"), {"kind": "exists", "subject": "Poland"}],
                "on_fail": "reroll"}),
    ("eu", "8:VII", True, "Needs 7:VII occurred. else: nothing",
     {"role": "requirement", "when": [st("occurred", "7:VII")], "on_fail": "nothing"}),
    # a reason after a comma ends with its clause: the outcome after the semicolon is read
    ("eu", "11:VII", True, "This event needs Poland to be on the map, since it was a Polish uprising; if there is no "
     "Poland, roll again.", {"role": "requirement", "when": [{"kind": "exists", "subject": "Poland"}],
                             "on_fail": "reroll"}),
    # "stops X from being played" says which: it never occurs
    ("cw", "5:Mid", False, "The Nuclear Test Ban stops the Space Race from being played.",
     {"role": "effect", "effects": [st("never_occurs", "8:Mid")]}),
]


@pytest.mark.parametrize("game, event, opening, text, want", READ, ids=[r[3][:50] for r in READ])
def test_read(game, event, opening, text, want):
    assert _read(game, event, text, opening=opening) == want


REPORTED = [
    # "X stops Y": ended, or kept from occurring? ("Détente stops the Vietnam War" meant the former; "stops X from
    # occurring" the latter): reported, never settled (it was read as "can never occur")
    ("cw", "5:Mid", False, "The Nuclear Test Ban stops the Space Race.", "ambiguous"),
    ("cw", "5:Mid", False, "It stops the Space Race.", "ambiguous"),
    # an event that "stops", and an unknown name that can no longer occur: reported, never dropped
    ("eu", "20:IV", False, "When you play Richelieu, the Olivares event stops, so take its marker off the track.", ""),
    ("eu", "6:VII", False, "Fr. Rev. fires -> Bav. Succession can't happen anymore.", ""),
    # a title's words never across a comma: the sentence is judged by its words (reported: "Following the crisis")
    ("cw", "7:Mid", False, "Following the crisis, Suez passes to the USSR.", ""),
    # the topic names another event: no rule of this event
    ("eu", "8:VII", True, "As for the Confederation of Bar, it cannot occur unless 7:VII has occurred.", ""),
    # a citation's year is no history: a rule sentence beside it is reported among the opening conditions
    ("eu", "8:VII", True, "The Second Division is made contingent upon the First (7:VII), as Dunnigan (1980) observed.",
     ""),
    # … but only of the event itself: "it is not possible that <another event> takes place" is that event's rule
    ("eu", "8:VII", True, "It is not possible that 7:VII takes place if 11:VII has occurred.", ""),
    # a run of words two titles share written short names neither ("Div. Poland": FIRST or SECOND?)
    ("eu", "11:VII", True, "Cannot occur unless Div. Poland has occurred.", ""),
    # an ASCII arrow after an event: read or reported, never dropped
    ("eu", "11:VII", False, "Bar fires -> Podolia -> RUS.", ""),
]


@pytest.mark.parametrize("game, event, opening, text, reason", REPORTED, ids=[r[3][:50] for r in REPORTED])
def test_reported(game, event, opening, text, reason):
    got = _read(game, event, text, opening=opening)
    assert_reported(got, reason)


NOTHING = [
    # a card's id and its own title across an arrow: a lookup, no change
    ("cw", "2:Early", "`!card 2:Early` -> NATO | Ops: 4 | Side: USA"),
    # history told with a year stays commentary; "the crisis" is no title across the comma
    ("eu", "1:IV", "The war ended with the Peace of Westphalia (1648), which France and Sweden guaranteed."),
    # "stops working" is no effect on an event
    ("cw", "5:Mid", "The old clock stops working at midnight."),
]


@pytest.mark.parametrize("game, event, text", NOTHING, ids=[r[2][:50] for r in NOTHING])
def test_no_rule(game, event, text):
    assert _read(game, event, text) is None


def test_a_title_written_short_is_found_in_linear_time_and_only_when_one_title_reads_so():
    from checker.logic.reader.phrases import TitleIndex
    from checker.logic.reader.split import split_sentences

    index = TitleIndex([("FIRST DIVISION OF POLAND", "7:VII"), ("SECOND DIVISION OF POLAND", "8:VII"),
                        ("THE WAR OF BAVARIAN SUCCESSION", "12:VII"), ("WARSAW PACT", "3:Early")])
    assert [x[3] for x in index.short_titles("Needs 1st Div. and W. Pact; not Bav. Succ.")] == ["7:VII", "3:Early",
                                                                                                  "12:VII"]
    assert index.short_titles("Div. Poland, Warsaw Pact. East Germany. S. Vietnam.") == []  # shared, whole, no title
    text = "Cannot occur while Bav. Succ. is in effect. Re-roll."
    assert [s.text for s in split_sentences(text, None, index.short_titles(text))] == [
        "Cannot occur while Bav. Succ. is in effect.", "Re-roll."]
    long = "Bav. Succ. and W. Pact. " * 5000  # linear: a long text is scanned once
    assert len(index.short_titles(long)) == 10000
