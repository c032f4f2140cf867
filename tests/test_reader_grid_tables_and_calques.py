"""A grid of the forms stop 54 taught the reader, each beside sentences it must not read so: a condition table's row
written out ("Condition: … Result if not met: re-roll.", "Effect when played: …"); "the roll is repeated", "it is
necessary to roll again", "nothing passes"; a Spanish or Portuguese writer's "cannot be realized", "has been
happened"; "X has P" and "X does not have P" (owns); a card's title of one word owned as the place it is named after
("France owns Toulon"); a country's adjective before a capitalised word is part of a name ("the Dutch Republic"); a
title's first word at the end of another name ("the Kalmar Union") names no event. Written from these forms, not
from any corpus; every reading checked by hand.
"""

from __future__ import annotations

import pytest

from tests.reader_grid import assert_reported, owns, reader, req, st

GAMES = {"eu": {"periods": ["II", "III"],
                "countries": [{"code": "SPA", "name": "Spain", "adjective": "Spanish"},
                              {"code": "HOL", "name": "Holland", "adjective": "Dutch"},
                              {"code": "DEN", "name": "Denmark", "adjective": "Danish"},
                              {"code": "SWE", "name": "Sweden", "adjective": "Swedish"}],
                "events": {"1:II": "SACK OF ROME", "2:II": "DIET OF WORMS", "4:III": "DUTCH REVOLT",
                           "9:III": "UNION OF KALMAR DISSOLVED", "5:III": "GREAT FEUD"}},
         "nap": {"periods": ["Revolution", "Consulate", "Empire"],
                 "countries": [{"code": "FR", "name": "France", "adjective": "French"},
                               {"code": "GB", "name": "Britain", "adjective": "British"}],
                 "events": {"5:Revolution": "TOULON", "2:Consulate": "MARENGO", "4:Consulate": "PEACE OF AMIENS",
                            "3:Empire": "AUSTERLITZ"}}}
_read = reader(GAMES)


READ = [
    # a condition table's row written out: the failure's heading in several words
    ("eu", "5:III", True, "Condition: event 2:II has occurred. Result if not met: mark off.",
     req(st("occurred", "2:II"), on_fail="mark_off")),
    ("eu", "5:III", True, "Condition: Spain owns Naples. Result if the condition is not met: re-roll.",
     req(owns("Spain", "Naples"), on_fail="reroll")),
    ("nap", "3:Empire", True, "Prerequisite: MARENGO played. Failure result: redraw.",
     req(st("occurred", "2:Consulate"), on_fail="reroll")),
    ("nap", "3:Empire", True, "Condition: Marengo played. Action if the prerequisite fails: discard permanently.",
     req(st("occurred", "2:Consulate"), on_fail="mark_off")),
    # … and the heading of what the event does, in several words
    ("eu", "5:III", True, "Condition: the Holy League exists. Effect when played: the Holy League is removed.",
     req({"kind": "exists", "subject": "Holy League"},
         effects=[{"kind": "minor_removed", "subject": "Holy League"}])),
    # the roll repeated, a translator's "it is necessary to roll again", "nothing passes"
    ("eu", "5:III", True, "This event can be played only after the Sack of Rome; if drawn earlier, the roll is "
                          "repeated.", req(st("occurred", "1:II"), on_fail="reroll")),
    ("eu", "5:III", True, "This event cannot occur if the Diet of Worms has not occurred; then it is necessary to "
                          "roll again.", req(st("occurred", "2:II"), on_fail="reroll")),
    ("nap", "3:Empire", True, "Austerlitz cannot occur if Marengo has not occurred; in this case nothing passes.",
     req(st("occurred", "2:Consulate"), on_fail="nothing")),
    # "be realized", "has been happened": occurring, in a Spanish writer's calque
    ("eu", "5:III", True, "The Great Feud cannot be realized if the Sack of Rome has not been happened.",
     req(st("occurred", "1:II"))),
    # "has" and "does not have" a place: owns
    ("eu", "5:III", True, "Only if Sweden has Gotland.", req(owns("Sweden", "Gotland"))),
    ("eu", "5:III", True, "This event cannot occur if Denmark does not have Scania.", req(owns("Denmark", "Scania"))),
    # a card's one-word title, owned: the place
    ("nap", "2:Consulate", True, "This card cannot be played if France owns Toulon.",
     req(owns("France", "Toulon", negated=True))),
    ("nap", "2:Consulate", True, "Playable only if Britain has Toulon.", req(owns("Britain", "Toulon"))),
    # an adjective before a capitalised word, and a title's first word after another name: names of their own
    ("eu", "4:III", False, "The Dutch Republic is created.",
     {"role": "effect", "effects": [{"kind": "minor_created", "subject": "Dutch Republic"}]}),
    ("eu", "9:III", False, "The Kalmar Union is removed.",
     {"role": "effect", "effects": [{"kind": "minor_removed", "subject": "Kalmar Union"}]}),
    # … the adjective alone still names its country, the title's first word alone still its event
    ("eu", "4:III", False, "Danzig becomes Dutch.", {"role": "effect",
                                                     "effects": [{"kind": "owner", "subject": "Danzig", "value": "HOL"}]}),
    ("eu", "5:III", True, "Not if the Union has occurred.", req(st("not_occurred", "9:III"))),
    # "enter play", "come into force", "if drawn before it"; a sentence that opens with "But" or "And"
    ("nap", "3:Empire", True, "Austerlitz can enter play only while Marengo remains in effect.",
     req(st("in_effect", "2:Consulate"))),
    ("nap", "3:Empire", True, "This card shall not come into force unless Marengo has occurred.",
     req(st("occurred", "2:Consulate"))),
    ("nap", "3:Empire", True, "Available only after Marengo; it is discarded permanently if drawn before it.",
     req(st("occurred", "2:Consulate"), on_fail="mark_off")),
    ("nap", "3:Empire", True, "But you can only play it after Marengo.", req(st("occurred", "2:Consulate"))),
    ("nap", "3:Empire", False, "And the game ends.", {"role": "effect", "effects": [{"kind": "game_ends"}]}),
    # (a word in capitals for emphasis before a one-word title is no part of a name)
    ("nap", "3:Empire", False, "Cancels BOTH Marengo and Toulon.",
     {"role": "effect", "effects": [st("cancel_event", "2:Consulate"), st("cancel_event", "5:Revolution")]}),
]


@pytest.mark.parametrize("game, event, opening, text, want", READ, ids=[r[3][:50] for r in READ])
def test_read(game, event, opening, text, want):
    assert _read(game, event, text, opening=opening) == want


REPORTED = [
    # a heading of many words that is no known heading stays unread ("if met" is no failure)
    ("eu", "5:III", True, "Condition: event 2:II has occurred. Result if met: re-roll."),
    ("eu", "5:III", True, "Condition: event 2:II has occurred. Result if the moon is blue: re-roll."),
    # a "but" inside a sentence stays a word of it ("Britain, but only if …": who gets what, under a condition)
    ("nap", "3:Empire", False, "Q: Malta, who gets it? A: Britain, but only if Marengo hasn't happened."),
    # the Toulon card named in another place than after an ownership: still the card, and what is not read reported
    ("nap", "2:Consulate", True, "Toulon must have been played, or else the roll is repeated twice."),
]


@pytest.mark.parametrize("game, event, opening, text", REPORTED, ids=[r[3][:50] for r in REPORTED])
def test_reported(game, event, opening, text):
    assert_reported(_read(game, event, text, opening=opening))
