"""A grid of the forms stop 51 taught the reader, each with a sentence it must not read as well: an event by "#7"
alone (in a game that numbers its events per period) or "#7/VII"; a title with a qualifying word left out ("the Fall
of the Wall"); the event named by a place in its own title as the subject of what only an event does ("Afghanistan
needs …"); a group of events named in words before their ids ("both Polish partitions (7:VII and 8:VII)");
requirements joined by "or", or listed after "one of the following must be true:"; "Upon playing <this event>, …";
an event "considered to be ended, and its effects no longer apply"; outcomes with "the list", "from which it returns
…", "marks it off but lets it come back later"; "a player may play the event …"; "If A, or if B, <outcome>"; "after A
has been played and B is not in effect"; "to be no longer in effect" (over); "marked off and considered as played";
"On failure: nothing."; "Early draws are rerolled."; titles in French quotes (« Détente »); "(in force or not)". Also: a condition before effects joined
by a semicolon is reported (does it reach past the semicolon?). Written from these forms, not from any corpus; every
reading checked by hand.
"""

from __future__ import annotations

import pytest

from tests.reader_grid import assert_reported, reader

GAMES = {"cw": {"periods": ["Early", "Mid", "Late"], "countries": ["USA", "USSR", "UK"],
                "events": {"1:Early": "MARSHALL PLAN", "2:Early": "NATO", "3:Early": "WARSAW PACT",
                           "4:Early": "BERLIN BLOCKADE", "5:Early": "KOREAN WAR", "7:Early": "COMECON",
                           "1:Mid": "CUBAN MISSILE CRISIS", "2:Mid": "BAY OF PIGS", "1:Late": "DETENTE",
                           "2:Late": "SALT NEGOTIATIONS", "3:Late": "SOVIET INVASION OF AFGHANISTAN",
                           "4:Late": "SOLIDARITY", "7:Late": "FALL OF THE BERLIN WALL"}},
         "eu": {"periods": ["IV", "VII"], "countries": ["SPA", "FRA", "PRU", "RUS"],
                "events": {"1:IV": "THIRTY YEARS WAR", "16:IV": "FRONDE IN FRANCE", "20:IV": "RICHELIEU",
                           "6:VII": "FRENCH REVOLUTION", "7:VII": "FIRST DIVISION OF POLAND",
                           "8:VII": "SECOND DIVISION OF POLAND", "11:VII": "THE CONFEDERATION OF BAR",
                           "12:VII": "THE WAR OF BAVARIAN SUCCESSION", "13:VII": "THE WAR OF SPANISH SUCCESSION"}}}
_read = reader(GAMES)


def st(kind, event):
    return {"kind": kind, "event": event}


def any_of(*conds):
    return {"kind": "any", "of": list(conds)}


REQUIREMENTS = [
    # "#7": the own period's event 7 in a game that numbers its events per period (the bundled eu profile says so)
    ("eu", "9:VII", "Playable only after #7.", {"when": [st("occurred", "7:VII")]}),
    ("eu", "9:VII", "It requires #8/VII to have occurred.", {"when": [st("occurred", "8:VII")]}),
    # a period label before "#": that period's event, as before
    ("cw", "4:Late", "Requires Warsaw Pact (Early #3).", {"when": [st("occurred", "3:Early")]}),
    # the event by a place of its own title, before what an event does
    ("cw", "3:Late", "Afghanistan needs Detente to be over.", {"when": [st("over", "1:Late")]}),
    ("cw", "3:Late", "Afghanistan can only be played if Detente is over.", {"when": [st("over", "1:Late")]}),
    # a group named in the writer's words before its ids: "both" / "either" over the ids
    ("eu", "11:VII", "Can occur only after both Polish partitions (7:VII and 8:VII) have taken place.",
     {"when": [st("occurred", "7:VII"), st("occurred", "8:VII")]}),
    ("eu", "11:VII", "Can occur only after either partition of Poland (7:VII or 8:VII) has taken place.",
     {"when_any": [st("occurred", "7:VII"), st("occurred", "8:VII")]}),
    # requirements joined by "or"
    ("eu", "6:VII", "Either Richelieu must be in effect, or the Thirty Years War must have occurred.",
     {"when_any": [st("in_effect", "20:IV"), st("occurred", "1:IV")]}),
    ("eu", "6:VII", "For this event to occur, at least one of the following must hold: Richelieu is in effect, or "
     "the Fronde has occurred.", {"when_any": [st("in_effect", "20:IV"), st("occurred", "16:IV")]}),
    ("eu", "6:VII", "All of the following conditions must be met: Richelieu is over and the Fronde has occurred.",
     {"when": [st("over", "20:IV"), st("occurred", "16:IV")]}),
    # outcomes
    ("eu", "6:VII", "This event cannot happen once the Fronde has occurred, and if it is drawn at that time it is "
     "struck off the list.", {"when": [st("not_occurred", "16:IV")], "on_fail": "mark_off"}),
    ("cw", "4:Late", "Solidarity can only be played after the Korean War has been played; if you draw it earlier, "
     "put it in the discard pile, from which it returns at the next reshuffle.",
     {"when": [st("occurred", "5:Early")], "on_fail": "refused_renewable"}),
    ("eu", "6:VII", "It cannot happen while 16:IV is in effect, and such a draw marks it off but lets it come back "
     "later.", {"when": [st("not_in_effect", "16:IV")], "on_fail": "refused_renewable"}),
    ("eu", "8:VII", "If Prussia owns Danzig, or if the First Division of Poland has not yet occurred, the event is "
     "marked off.", {"when": [{"kind": "owns", "subject": "Prussia", "value": "Danzig", "negated": True},
                              st("occurred", "7:VII")], "on_fail": "mark_off"}),
    ("eu", "2:VII", "If Genoa does not own Corsica anymore, the event is marked off and considered as played.",
     {"when": [{"kind": "owns", "subject": "Genoa", "value": "Corsica"}], "on_fail": "consider_played"}),
    # a terse card's failure field with "nothing" alone; draws in the plural
    ("cw", "4:Late", "Requires NATO played. On failure: nothing.", {"when": [st("occurred", "2:Early")],
                                                                  "on_fail": "nothing"}),
    ("cw", "4:Late", "NATO must have been played. Early draws are rerolled.",
     {"when": [st("occurred", "2:Early")], "on_fail": "reroll"}),
    ("cw", "4:Late", "NATO must have been played. Failed draws are marked off.",
     {"when": [st("occurred", "2:Early")], "on_fail": "mark_off"}),
    # a title in French quotes, its id in words after it; an aside that says a state does not matter
    ("eu", "8:VII", "This Event cannot take place unless « First Division of Poland » (event 7 of period VII) has "
     "already taken place.", {"when": [st("occurred", "7:VII")]}),
    ("cw", "3:Late", "This card can be played only if « Detente » has taken place (in force or not).",
     {"when": [st("occurred", "1:Late")]}),
    ("eu", "16:IV", "Requirements: Richelieu has occurred (need not be active).", {"when": [st("occurred", "20:IV")]}),
    # the player plays "the event" (this card's)
    ("cw", "2:Early", "A player may play the event after the Marshall Plan has been played.",
     {"when": [st("occurred", "1:Early")]}),
    # what does not constrain the rule, after a comma and "and"
    ("cw", "2:Early", "NATO may be played after the Marshall Plan has been played, and it does not matter whether "
     "the Marshall Plan is still in effect.", {"when": [st("occurred", "1:Early")]}),
    # after one event's occurrence, the state of another with its own verb
    ("cw", "4:Late", "This card can only be played after the Korean War has been played and COMECON is not in "
     "effect.", {"when": [st("occurred", "5:Early"), st("not_in_effect", "7:Early")]}),
    # "no longer in effect" after "to be": over, as "is no longer in effect"
    ("cw", "4:Late", "Solidarity requires NATO to have been played, and the Marshall Plan to be no longer in "
     "effect.", {"when": [st("occurred", "2:Early"), st("over", "1:Early")]}),
]


@pytest.mark.parametrize("game, event, text, want", REQUIREMENTS, ids=[r[2][:50] for r in REQUIREMENTS])
def test_requirements(game, event, text, want):
    assert _read(game, event, text, opening=True) == {"role": "requirement", **want}


EFFECTS = [
    ("cw", "7:Late", "The Fall of the Wall ends the game.", [{"kind": "game_ends"}]),
    ("cw", "3:Late", "Afghanistan cancels SALT.", [{"kind": "cancel_event", "event": "2:Late"}]),
    ("cw", "4:Late", "The Warsaw Pact is cancelled; in addition, Poland becomes an independent country.",
     [{"kind": "cancel_event", "event": "3:Early"}, {"kind": "minor_created", "subject": "Poland"}]),
    ("cw", "1:Late", "Upon playing Detente, NATO is cancelled.", [{"kind": "cancel_event", "event": "2:Early"}]),
    ("cw", "1:Late", "The Cuban Missile Crisis is considered to be ended, and its effects no longer apply.",
     [{"kind": "cancel_event", "event": "1:Mid"}]),
    ("cw", "1:Late", "Solidarity shall not be played as an event for the remainder of the game.",
     [{"kind": "never_occurs", "event": "4:Late"}]),
]


@pytest.mark.parametrize("game, event, text, effects", EFFECTS, ids=[e[2][:50] for e in EFFECTS])
def test_effects(game, event, text, effects):
    assert _read(game, event, text) == {"role": "effect", "effects": effects}


def test_requirement_with_effects_by_a_place_of_the_own_title():
    assert _read("cw", "3:Late", "Afghanistan needs Detente to be over, and when it fires it cancels SALT.",
                 opening=True) == {"role": "requirement", "when": [st("over", "1:Late")],
                                   "effects": [{"kind": "cancel_event", "event": "2:Late"}]}


@pytest.mark.parametrize("game, event, text", [
    # "#2" with no period in a game that does not number its events per period: which period's? reported
    ("cw", "4:Late", "Playable only after #2."),
    # a title cut in a way two titles share ("War of Succession": Bavarian or Spanish?)
    ("eu", "6:VII", "The War of Succession ends the game."),
    # a place of the own title is no event where a place is what is meant, nor in another event's text
    ("cw", "4:Late", "Afghanistan needs Detente to be over."),
    # a condition before effects joined by a semicolon: does it reach past the semicolon?
    ("cw", "4:Late", "If the Warsaw Pact is in effect, it is cancelled; Poland becomes an independent country."),
    # "or" between requirements beside another one: which ones does it join?
    ("eu", "6:VII", "Richelieu must be in effect or the Fronde must have occurred and Spain must own Lisbon."),
    # a list joined by "and" after a lead-in that asks for one of them, or by a semicolon (no "or")
    ("eu", "6:VII", "At least one of the following must be true: Richelieu is in effect and the Fronde has occurred."),
    ("eu", "6:VII", "At least one of the following must be true: Richelieu is in effect; the Fronde has occurred."),
    # "nothing" alone is no outcome but after "otherwise", "else", "on failure" …
    ("cw", "4:Late", "NATO must have been played. Nothing."),
    ("cw", "4:Late", "Cancels nothing."),
    # "its effects" after two events
    ("cw", "1:Late", "The Cuban Missile Crisis and NATO are considered ended, and its effects no longer apply."),
    # "and" and "or" after "only after …": which does "or" join?
    ("cw", "4:Late", "This card can only be played after the Korean War has been played and COMECON is not in "
     "effect or NATO is over."),
])
def test_reported(game, event, text):
    got = _read(game, event, text, opening=True)
    assert_reported(got)


def test_a_place_that_must_exist_stays_a_place():
    """"Poland must exist" in FIRST DIVISION OF POLAND's text: a requirement on the minor, not on the event."""
    assert _read("eu", "7:VII", "Poland must exist.", opening=True) == {
        "role": "requirement", "when": [{"kind": "exists", "subject": "Poland"}]}


def test_a_title_with_a_word_left_out_never_displaces_a_title_of_the_kb():
    """A new text's own title merged into the KB's index (checker/logic/derive.py) must not take over a key the KB's
    titles hold: "War of Succession" stays the KB's WAR OF SUCCESSION, though the new WAR OF BAVARIAN SUCCESSION
    reads so with a word left out (a one-title index cannot know that another title reads so)."""
    from checker.logic.reader.phrases import TitleIndex

    kb = TitleIndex([("WAR OF SUCCESSION", "1:IV"), ("FRONDE IN FRANCE", "16:IV")])
    merged = kb.merged(TitleIndex([("WAR OF BAVARIAN SUCCESSION", "12:VII")]))
    assert merged.by_words[("war", "of", "succession")] == "1:IV"
    assert merged.by_words[("war", "of", "bavarian", "succession")] == "12:VII"
    # … while an index that knows every title makes the key when no other title reads so
    alone = TitleIndex([("WAR OF BAVARIAN SUCCESSION", "12:VII"), ("FRONDE IN FRANCE", "16:IV")])
    assert alone.by_words[("war", "of", "succession")] == "12:VII"


def test_a_shortened_key_two_titles_share_names_neither_after_a_merge():
    """A new text's title merged into the KB's index: a tail or a beginning of its title that a KB title shares names
    neither ("Division of Poland" ends FIRST and SECOND DIVISION OF POLAND); a one-title index cannot know that, so
    the merged index is made from every title (stop 52; before, the new title's tail took the key)."""
    from checker.logic.reader.phrases import TitleIndex

    kb = TitleIndex([("FIRST DIVISION OF POLAND", "7:VII"), ("FRONDE IN FRANCE", "16:IV")])
    assert kb.by_words[("division", "of", "poland")] == "7:VII"  # one title ends so: it names it
    merged = kb.merged(TitleIndex([("SECOND DIVISION OF POLAND", "8:VII")]))
    assert ("division", "of", "poland") not in merged.by_words
    assert merged.by_words[("second", "division", "of", "poland")] == "8:VII"
    assert merged.by_words[("fronde",)] == "16:IV"
    # a head noun's end the new title shares ("the Division") names neither either
    assert ("division",) not in merged.by_head_end
