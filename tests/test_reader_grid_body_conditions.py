"""A grid of what stop 54 made the reader report rather than drop, each beside sentences it must still read or leave
alone: a bare "only if" after an effect among the event's effects ("Spain gets Naples. But only if …", "… can never
occur. Applies only if …": a requirement of the event, or the condition of the effect before it? reported, never
settled); "only if" / "only in case that" with a name in a sentence no form reads; a minor created or removed in a
writer's own words ("breaks up", "gets created", "makes a new country", "leads to the creation of", "'s gone", "picks
up"); an event's "removal" from the deck. Written from these forms, not from any corpus; every reading checked by
hand.
"""

from __future__ import annotations

import pytest

from tests.reader_grid import assert_reported, reader, st

GAMES = {"eu": {"periods": ["II", "III"],
                "countries": [{"code": "SPA", "name": "Spain", "adjective": "Spanish"},
                              {"code": "FRA", "name": "France", "adjective": "French"},
                              {"code": "TUR", "name": "Turkey", "adjective": "Turkish"}],
                "events": {"1:II": "SACK OF ROME", "2:II": "DIET OF WORMS", "4:II": "FALL OF RHODES",
                           "1:III": "PEACE OF AUGSBURG", "3:III": "BATTLE OF LEPANTO"}},
         "nap": {"periods": ["Revolution", "Consulate", "Empire"],
                 "countries": [{"code": "FR", "name": "France", "adjective": "French"},
                               {"code": "GB", "name": "Britain", "adjective": "British"}],
                 "events": {"6:Revolution": "ITALIAN CAMPAIGN", "4:Consulate": "PEACE OF AMIENS",
                            "3:Empire": "AUSTERLITZ", "2:Empire": "TRAFALGAR"}}}
_read = reader(GAMES)


REPORTED = [
    # a bare condition after an effect, among the effects: the event's requirement, or the effect's condition?
    ("eu", "1:II", "Spain gets Naples. But only if Spain does not own it yet.", "ambiguous"),
    ("eu", "1:III", "Event 2:II can never occur. Applies only if 2:II has not yet occurred.", "ambiguous"),
    ("eu", "1:III", "Event 2:II can never occur. This only applies if 3:III has occurred.", "ambiguous"),
    ("nap", "2:Empire", "Cancel the Peace of Amiens. Only in case that Britain owns Malta.", "ambiguous"),
    # "only if" with a name, in a sentence no form reads (it was dropped)
    ("nap", "4:Consulate", "By the Peace of Amiens goes Malta back to France, but only in case that Britain Malta "
                           "possesses.", ""),
    # a minor created or removed in a writer's own words (they were dropped)
    ("nap", "6:Revolution", "The Italian Campaign makes a new little country.", ""),
    ("nap", "3:Empire", "Austerlitz leads to the creation of the Confederation of the Rhine.", ""),
    ("nap", "6:Revolution", "The Cisalpine Republic gets created and the war goes on.", ""),
    ("eu", "3:III", "The Holy League breaks up.", ""),
    ("eu", "4:II", "Well, the Knights' state is gone, and Turkey picks up Rhodes.", ""),
    ("eu", "4:II", "So Hungary's gone, basically.", ""),
    # an event's removal from the deck, in a noun no form reads
    ("nap", "3:Empire", "It leads to the permanent removal of the Peace of Amiens from the deck.", ""),
]


@pytest.mark.parametrize("game, event, text, reason", REPORTED, ids=[r[2][:50] for r in REPORTED])
def test_reported_never_dropped(game, event, text, reason):
    assert_reported(_read(game, event, text), reason)


READ = [
    # among the opening conditions a bare "only if" is the event's own requirement (nothing before it to scope)
    ("eu", "1:III", True, "Only if 2:II has occurred.", {"role": "requirement", "when": [st("occurred", "2:II")]}),
    # an effect alone, with no condition after it, is read as before
    ("eu", "1:III", False, "Event 2:II can never occur.", {"role": "effect", "effects": [st("never_occurs", "2:II")]}),
]


@pytest.mark.parametrize("game, event, opening, text, want", READ, ids=[r[3][:50] for r in READ])
def test_read(game, event, opening, text, want):
    assert _read(game, event, text, opening=opening) == want


NOTHING = [
    # "only if" with no name: a rule of play, not of events
    ("eu", "1:II", "Units may retreat only if they have not moved."),
    # "only if" before a player: a move of the player, not a rule of events
    ("eu", "1:II", "Q: May I place a marker in Naples only if I own Rome? A: Yes, the usual rules."),
    # a country's history told, no minor made or removed
    ("nap", "3:Empire", "The Third Coalition was formed in 1805."),
    ("eu", "3:III", "The galleys were picked up by the fleet at Messina."),
]


@pytest.mark.parametrize("game, event, text", NOTHING, ids=[r[2][:50] for r in NOTHING])
def test_no_rule(game, event, text):
    assert _read(game, event, text) is None
