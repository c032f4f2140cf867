"""A grid of FAQ answers and errata (framing.py): answers that only echo the question ("No, it is not."), "Does X
cancel Y? A: Yes.", "Is X required for Y? A: Yes, …", a condition stated by both the question's denial and the
answer (one condition, not two), and a correction's new wording after "should read:" without quotes. Written from
the language's parts, not from any corpus; every reading checked by hand.
"""

from __future__ import annotations

import pytest

from checker.logic.reader.read import read_text
from tests.heldout.score import vocabularies

GAMES = {"cw": {"periods": ["Early", "Mid", "Late"], "countries": ["USA", "USSR"],
                "events": {"1:Late": "DETENTE", "5:Late": "STAR WARS", "6:Late": "GLASNOST"}}}
VOCAB = vocabularies(GAMES)["cw"]
PLAYED_STAR_WARS = {"role": "requirement", "when": [{"kind": "occurred", "event": "5:Late"}]}
NOT_DETENTE = {"role": "requirement", "when": [{"kind": "not_in_effect", "event": "1:Late"}]}

CASES = [
    ("Q: Can Glasnost be played while Détente is in effect? A: No.", NOT_DETENTE),
    ("Q: Is Glasnost playable if Détente is in effect? A: No, it is not.", NOT_DETENTE),
    ("Q: Can Glasnost be played while Détente is in effect? A: No, it can't.", NOT_DETENTE),
    ("Q: Can Glasnost be played before Star Wars? A: No, Star Wars must have been played first.", PLAYED_STAR_WARS),
    ("Q: Does Glasnost require Star Wars? A: Yes.", PLAYED_STAR_WARS),
    ("Q: Is Star Wars required for Glasnost? A: Yes.", PLAYED_STAR_WARS),
    ("Q: Is Star Wars required for Glasnost? A: Yes, Star Wars must have been played.", PLAYED_STAR_WARS),
    ("Q: Does Glasnost cancel Détente? A: Yes.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "1:Late"}]}),
    ("Errata: should read \"Playable only if Star Wars is in effect.\"",
     {"role": "requirement", "when": [{"kind": "in_effect", "event": "5:Late"}]}),
    ("Erratum: the text should read: Playable only if Star Wars is in effect.",
     {"role": "requirement", "when": [{"kind": "in_effect", "event": "5:Late"}]}),
    ("Official errata: Glasnost cannot be played as an event while Détente is in effect.", NOT_DETENTE),
    ("The designer has ruled that Glasnost cannot be played while Détente is in effect.", NOT_DETENTE),
]


def _read(text):
    logic = read_text(text, "6:Late", vocab=VOCAB, opening=True)
    return logic and {k: v for k, v in logic.items() if k != "derived_from"}


@pytest.mark.parametrize("text,want", CASES, ids=[c[0][:60] for c in CASES])
def test_the_faq_grid_reads(text, want):
    assert _read(text) == want


@pytest.mark.parametrize("text", [
    # a "Yes" to a permission restricts nothing, and a "No" to whether it cancels states no effect of its own
    "Q: May I play Glasnost as an event after Star Wars has been cancelled? A: Yes.",
    "Q: Does Glasnost cancel Star Wars? A: No.",
    # a correction of another card's wording is not this card's rule
    "Errata: Star Wars should read: Playable only if Détente is in effect.",
    # an answer that is a condition of the question's rule: "the game ends only if …", not a requirement
    "Q: Does Glasnost end the game? A: Only if Star Wars has already been played; otherwise the game continues.",
    "Q: Does Glasnost cancel Détente? A: Only while Star Wars is in effect.",
])
def test_what_the_question_holds_is_reported(text):
    assert _read(text)["role"] == "unread"
