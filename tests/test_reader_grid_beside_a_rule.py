"""Sentences beside a rule among an event's opening conditions (stop 55): a designer's own thoughts in the first
person that name no event ("I tried it the other way …", "I know that's a stretch.") and a sentence that only says something of the
event in words no rule is made of ("Richelieu is the big reset.") state no rule and raise nothing beside the rule
they stand with; a sentence beside a rule with a modal, a qualifying word, a state or two names ("USSR must control
Czechoslovakia.", "France holds Paris.") is still reported with it (the rule alone would be a half-reading). Written
from these forms, not from any corpus.
"""

from __future__ import annotations

import pytest

from tests.reader_grid import assert_reported, reader, req, st

GAMES = {"eu": {"periods": ["IV", "VII"],
                "countries": [{"code": "FRA", "name": "France", "adjective": "French"}],
                "events": {"16:IV": "FRONDE IN FRANCE", "20:IV": "RICHELIEU", "21:IV": "OLIVARES"}}}

read = reader(GAMES)
RULE = "Cannot occur while Olivares is in effect."


@pytest.mark.parametrize("beside", [
    "I tried it the other way and the revolt arrived mid-siege, which felt silly.",
    "I know that's a stretch.",
    "We playtested both versions for a year.",
    "The Fronde in France is the big reset.",
    "The Fronde in France is a great card.",
])
def test_states_nothing_beside_a_rule(beside):
    want = req(st("not_in_effect", "21:IV"))
    assert read("eu", "16:IV", f"{RULE} {beside}", opening=True) == want
    assert read("eu", "16:IV", f"{beside} {RULE}", opening=True) == want


@pytest.mark.parametrize("beside", [
    "France must control Paris.",          # a modal: a requirement in words the reader does not read
    "The Fronde in France is not a great card.",   # a qualifying word
    "France held Paris and Lyon.",         # two names (and a past: history, or a rule in a verb no form reads?)
    "It is the big reset after Richelieu.",  # another event
    "I require Richelieu to be over.",     # the writer's requirement, not the writer's thoughts
    # the writer's wish about two events may be the rule ("depend on" is no form the reader reads)
    "I wanted the Fronde in France to depend on Richelieu having happened.",
    "I tried to make it depend on Richelieu.",
])
def test_reported_beside_a_rule(beside):
    assert_reported(read("eu", "16:IV", f"{RULE} {beside}", opening=True))
