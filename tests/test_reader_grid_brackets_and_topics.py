"""A grid of forms stop 55 taught the reader, from writers of Boolean logic and translators, each beside a sentence it
must not read as well: a condition in brackets, as a writer of Boolean logic groups it ("(A HAS OCCURRED AND IS NO
LONGER IN EFFECT) AND NOT (B IN EFFECT)"), and "iff"; the event named first as the topic and taken up by "it" ("The
Fronde in France, it can be played only after …"; another event's name there is no topic of this event's rule);
a condition with its subject after the verb ("only if is already happened Richelieu"); "It is not possible to play
<this event> if …"; "both" after a pair ("Richelieu and Olivares both have occurred"); "usable", "continuing", "is on.",
"has appeared"; "Please roll the dice again.", "roll again the dice"; "If the check fails …", "IF NEITHER: …", "the
event gets re-rolled". Written from these forms, not from any
corpus; every reading checked by hand.
"""

from __future__ import annotations

import pytest

from tests.reader_grid import assert_reported, owns, reader, req, st

GAMES = {"eu": {"periods": ["IV", "VII"],
                "countries": [{"code": "FRA", "name": "France", "adjective": "French"},
                              {"code": "SPA", "name": "Spain", "adjective": "Spanish"}],
                "events": {"16:IV": "FRONDE IN FRANCE", "20:IV": "RICHELIEU", "21:IV": "OLIVARES"}}}

read = reader(GAMES)
RICH, OLIV = "20:IV", "21:IV"


@pytest.mark.parametrize("text, want", [
    ("PLAYABLE IFF (RICHELIEU HAS OCCURRED AND IS NO LONGER IN EFFECT) AND NOT (OLIVARES IN EFFECT).",
     req(st("occurred", RICH), st("over", RICH), st("not_in_effect", OLIV))),
    ("Requires (Richelieu in effect or Olivares in effect) and (France owns Paris).",
     req({"kind": "any", "of": [st("in_effect", RICH), st("in_effect", OLIV)]}, owns("France", "Paris"))),
    ("Playable iff Richelieu has occurred.", req(st("occurred", RICH))),
    ("It is not possible to play the Fronde in France if Richelieu is in effect.", req(st("not_in_effect", RICH))),
    ("Is not possible to play the Fronde in France while Richelieu is in effect.", req(st("not_in_effect", RICH))),
    ("The Fronde in France, it can be played only after Richelieu has occurred.", req(st("occurred", RICH))),
    ("Can be played only if is already happened Richelieu and Olivares is not in effect.",
     req(st("occurred", RICH), st("not_in_effect", OLIV))),
    ("Can be played only if is finished Richelieu.", req(st("over", RICH))),
    ("Can be played only when Richelieu and Olivares both have occurred.",
     req(st("occurred", RICH), st("occurred", OLIV))),
    ("Usable only while Richelieu is continuing.", req(st("in_effect", RICH))),
    ("Cannot occur while Richelieu is on.", req(st("not_in_effect", RICH))),
    ("Not usable if Richelieu has appeared.", req(st("not_occurred", RICH))),
    ("Cannot occur before Richelieu. Please roll the dice again.", req(st("occurred", RICH), on_fail="reroll")),
    ("Cannot occur before Richelieu, otherwise it is necessary to roll again the dice.",
     req(st("occurred", RICH), on_fail="reroll")),
    # the failed requirement named as a check, or as a heading; the passive with "get"
    ("Cannot occur while Richelieu is in effect. If the check fails the event gets re-rolled.",
     req(st("not_in_effect", RICH), on_fail="reroll")),
    ("Cannot occur while Richelieu is in effect. If either check fails, the card gets marked off.",
     req(st("not_in_effect", RICH), on_fail="mark_off")),
    ("Cannot occur while Richelieu is in effect. IF NEITHER: NOTHING HAPPENS.",
     req(st("not_in_effect", RICH), on_fail="nothing")),
    # ("if neither" is a heading only before a colon: here it opens a condition)
    ("Cannot occur if neither Richelieu nor Olivares is in effect.",
     {"role": "requirement", "when_any": [st("in_effect", RICH), st("in_effect", OLIV)]}),
])
def test_read(text, want):
    assert read("eu", "16:IV", text, opening=True) == want


@pytest.mark.parametrize("text, reason", [
    # without brackets, "and" and "or" at one level say nothing of which groups first
    ("Requires Richelieu in effect or Olivares in effect and France owns Paris.", "ambiguous"),
    # another event named first is no topic of this event's rule
    ("Olivares, it can be played only after Richelieu has occurred.", ""),
    # "on" after a copula is the event's state only at the end of its clause ("on the map" is a place)
    ("Cannot occur while Richelieu is on the map.", ""),
])
def test_reported(text, reason):
    assert_reported(read("eu", "16:IV", text, opening=True), reason)


def test_a_ruling_that_says_which_ruling_it_ends_states_no_rule():
    # (the old ruling it quotes is no rule in force: "which said to remove it")
    assert read("eu", "16:IV", "Requires Richelieu. This supersedes the ruling in my previous e-mail, which said to "
                "remove it.", opening=True) == req(st("occurred", RICH))
    assert read("eu", "16:IV", "This supersedes the earlier ruling of 3 March.", opening=True) is None
    # what it replaces must be a ruling, an answer, a post …: "This replaces Richelieu" is no such sentence
    assert read("eu", "16:IV", "This replaces Richelieu.", opening=True) is not None
