"""A grid of errata and answers in forms the framing did not know: "for 'OLD' read 'NEW'", "replace the whole effect
box with 'NEW'", "delete 'OLD' and replace with 'NEW'", "… is corrected to (read) 'NEW'", "add the missing requirement
'NEW'", "add 'and NEW' at the end of the effect", a page before the correction ("Star Wars, p. 14: …"), and a "Yes" /
"No" answer followed by a rule whole in itself. Written from these forms, not from any corpus; every reading checked
by hand.
"""

from __future__ import annotations

import pytest

from tests.reader_grid import assert_reported, reader

GAMES = {"cw": {"periods": ["Early", "Mid", "Late"], "countries": ["USA", "USSR", "UK"],
                "events": {"1:Early": "MARSHALL PLAN", "2:Early": "NATO", "3:Early": "WARSAW PACT",
                           "4:Early": "BERLIN BLOCKADE", "7:Early": "COMECON", "9:Early": "INDEPENDENT REDS",
                           "2:Mid": "BAY OF PIGS", "1:Mid": "CUBAN MISSILE CRISIS", "1:Late": "DETENTE",
                           "4:Late": "SOLIDARITY", "5:Late": "STAR WARS", "6:Late": "GLASNOST"}},
         "eu": {"periods": ["IV", "VII"], "countries": ["SPA", "FRA", "PRU"],
                "events": {"1:IV": "THIRTY YEARS WAR", "20:IV": "RICHELIEU"}}}
_read = reader(GAMES)


def st(kind, event):
    return {"kind": kind, "event": event}


REQUIREMENTS = [
    ("9:Early", "Independent Reds: for 'after COMECON' read 'while COMECON is not in effect and after the Marshall "
     "Plan'.", [st("not_in_effect", "7:Early"), st("occurred", "1:Early")]),
    ("9:Early", "For 'after COMECON', read 'after NATO'.", [st("occurred", "2:Early")]),
    ("5:Late", "Star Wars, p. 14: replace 'after Detente' with 'only while Detente is not in effect'.",
     [st("not_in_effect", "1:Late")]),
    ("5:Late", "Star Wars: the condition 'after Detente' is corrected to 'only after Glasnost has been played'.",
     [st("occurred", "6:Late")]),
    ("5:Late", "Star Wars: add the missing requirement 'Not playable while Detente is in effect'.",
     [st("not_in_effect", "1:Late")]),
]


@pytest.mark.parametrize("event, text, when", REQUIREMENTS, ids=[r[1][:50] for r in REQUIREMENTS])
def test_corrected_requirements(event, text, when):
    assert _read("cw", event, text, opening=True) == {"role": "requirement", "when": when}


EFFECTS = [
    ("cw", "4:Late", "Solidarity: replace the whole effect box with 'Poland passes to the USA.'",
     [{"kind": "owner", "subject": "Poland", "value": "USA"}]),
    ("cw", "2:Early", "NATO: delete 'cancels COMECON' and replace with 'cancels the Berlin Blockade'.",
     [{"kind": "cancel_event", "event": "4:Early"}]),
    ("cw", "1:Mid", "Cuban Missile Crisis: add 'and Bay of Pigs can no longer be played' at the end of the effect.",
     [{"kind": "never_occurs", "event": "2:Mid"}]),
    # a "Yes" to a question that asserts nothing ("anything"), then a rule whole in itself
    ("eu", "1:IV", "Q: Does event 1:IV remove anything? A: Yes: the Palatinate ceases to exist as a minor.",
     [{"kind": "minor_removed", "subject": "Palatinate"}]),
]


@pytest.mark.parametrize("game, event, text, effects", EFFECTS, ids=[e[2][:50] for e in EFFECTS])
def test_corrected_effects(game, event, text, effects):
    assert _read(game, event, text) == {"role": "effect", "effects": effects}


@pytest.mark.parametrize("event, text", [
    # after the "Yes", a condition of the question's rule: never read alone
    ("4:Late", "Q: Is Solidarity ever blocked? A: Yes, while the Warsaw Pact is in effect."),
    # after the "Yes", more of the question's rule
    ("4:Late", "Q: Is the Blockade affected by NATO? A: Yes, but only while it is in effect."),
    # a "No" to a question that asserts a rule of its own: the words after it may join or explain it
    ("6:Late", "Q: Is Star Wars still usable after Glasnost? A: No. Glasnost removes Star Wars from the game for "
     "good."),
    ("4:Late", "Q: Is Solidarity blocked by NATO? A: Yes, Solidarity requires the Warsaw Pact too."),
    # a pronoun that may stand for the event the question asks about (NATO, not this card)
    ("4:Late", "Q: Does NATO still matter after Solidarity? A: No. Solidarity ends it."),
])
def test_answers_that_lean_on_the_question_are_reported(event, text):
    got = _read("cw", event, text, opening=True)
    assert_reported(got)
