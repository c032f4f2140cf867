"""A grid of terse card texts (the register of printed cards and their errata): frames ("Playable only if …",
"Unplayable unless …", "Mid War or later."), effects ("Removes X from play.", "From now on X cannot be played as an
event."), and what no form reads but must be reported ("Discard X from the game.", "X has no further effect."; both
were dropped without a word). Written from the language's parts, not from any corpus; every reading checked by hand.
"""

from __future__ import annotations

import pytest

from checker.logic.reader.read import read_text
from tests.heldout.score import vocabularies

GAMES = {"cw": {"periods": ["Early", "Mid", "Late"], "countries": ["USA", "USSR"],
                "events": {"1:Early": "MARSHALL PLAN", "2:Early": "NATO", "3:Early": "WARSAW PACT",
                           "7:Early": "COMECON", "9:Early": "INDEPENDENT REDS", "1:Late": "DETENTE",
                           "2:Late": "SALT NEGOTIATIONS",
                           "5:Late": "STAR WARS", "6:Late": "GLASNOST"}}}
VOCAB = vocabularies(GAMES)["cw"]


def req(*when, key="when"):
    return {"role": "requirement", key: list(when)}


def st(kind, event):
    return {"kind": kind, "event": event}


REQUIREMENTS = [
    ("Playable only if COMECON is in effect.", req(st("in_effect", "7:Early"))),
    ("Unplayable as an event if NATO has been played.", req(st("not_occurred", "2:Early"))),
    ("Requires Warsaw Pact.", req(st("occurred", "3:Early"))),
    ("Only after Warsaw Pact.", req(st("occurred", "3:Early"))),
    ("Not playable during the Late War.", req({"kind": "period_at_least", "value": "Late", "negated": True})),
    ("Cannot be played as an event while NATO is in effect.", req(st("not_in_effect", "2:Early"))),
    ("Play only after the Marshall Plan has been played.", req(st("occurred", "1:Early"))),
    ("Event only playable if Warsaw Pact is in play.", req(st("in_effect", "3:Early"))),
    ("Prerequisite: Warsaw Pact.", req(st("occurred", "3:Early"))),
    ("Needs COMECON.", req(st("occurred", "7:Early"))),
    ("Only playable as an event once NATO has been played.", req(st("occurred", "2:Early"))),
    ("Playable as an event only before NATO.", req(st("not_occurred", "2:Early"))),
    ("Can't be played as an event if NATO is in play.", req(st("not_in_effect", "2:Early"))),
    ("Event is unplayable while Warsaw Pact is active.", req(st("not_in_effect", "3:Early"))),
    ("May be played as an event only if Warsaw Pact and COMECON have both been played.",
     req(st("occurred", "3:Early"), st("occurred", "7:Early"))),
    ("Unplayable unless Warsaw Pact has been played.", req(st("occurred", "3:Early"))),
    ("Event cannot be played before the Mid War.", req({"kind": "period_at_least", "value": "Mid"})),
    ("Mid War or later.", req({"kind": "period_at_least", "value": "Mid"})),
    ("Only playable in the Early War.", req({"kind": "period_at_least", "value": "Mid", "negated": True})),
]

EFFECTS = [
    ("Cancels Star Wars.", [{"kind": "cancel_event", "event": "5:Late"}]),
    ("Ends the effects of Star Wars.", [{"kind": "cancel_event", "event": "5:Late"}]),
    ("Star Wars can no longer be played as an event.", [{"kind": "never_occurs", "event": "5:Late"}]),
    ("Prevents the play of Star Wars as an event for the rest of the game.",
     [{"kind": "never_occurs", "event": "5:Late"}]),
    ("Star Wars may no longer be played.", [{"kind": "never_occurs", "event": "5:Late"}]),
    ("Cancel Star Wars and Détente.", [{"kind": "cancel_event", "event": "5:Late"},
                                       {"kind": "cancel_event", "event": "1:Late"}]),
    ("Negates Star Wars.", [{"kind": "cancel_event", "event": "5:Late"}]),
    ("From now on Star Wars cannot be played as an event.", [{"kind": "never_occurs", "event": "5:Late"}]),
    ("The game ends immediately.", [{"kind": "game_ends"}]),
]


def _read(text, event="9:Early"):
    logic = read_text(text, event, vocab=VOCAB, opening=True)
    return logic and {k: v for k, v in logic.items() if k != "derived_from"}


@pytest.mark.parametrize("text,want", REQUIREMENTS, ids=[c[0][:60] for c in REQUIREMENTS])
def test_card_requirements(text, want):
    assert _read(text) == want


@pytest.mark.parametrize("text,want", EFFECTS, ids=[c[0][:60] for c in EFFECTS])
def test_card_effects(text, want):
    assert _read(text, "6:Late") == {"role": "effect", "effects": want}


# "Removes Star Wars from play": its effect cancelled, or out of the game for good? Two corpus writers read it the
# two ways (dev5: ambiguous, dev6: cancel); only "from the game" says which
@pytest.mark.parametrize("text", ["Discard Star Wars from the game.", "Star Wars has no further effect.",
                                  "Star Wars is no longer in effect.", "Removes Star Wars from play.",
                                  "Remove Star Wars."])
def test_what_no_form_reads_is_reported(text):
    # in the event's body, where a sentence that is not rule-shaped is narrative (no opening condition)
    logic = read_text(text, "6:Late", vocab=VOCAB)
    assert logic is not None and logic["role"] == "unread", logic


def test_the_game_ending_at_the_end_of_the_turn_is_its_end():
    # docs/logic.md S4: after a game end at turn c nothing is drawn; the end of turn c is the same end
    logic = read_text("The game ends at the end of this turn.", "6:Late", vocab=VOCAB)
    assert logic is not None and logic.get("effects") == [{"kind": "game_ends"}], logic


def test_the_discard_pile_is_no_act():
    text = "Star Wars is popular with US players because it lets them dig a card out of the discard pile."
    assert read_text(text, "6:Late", vocab=VOCAB) is None


@pytest.mark.parametrize("text,want", [
    ("Star Wars and Détente remain cancelled.", [{"kind": "cancel_event", "event": "5:Late"},
                                                 {"kind": "cancel_event", "event": "1:Late"}]),
    ("Star Wars remains cancelled.", [{"kind": "cancel_event", "event": "5:Late"}]),
    ("Star Wars and Détente cancelled.", [{"kind": "cancel_event", "event": "5:Late"},
                                          {"kind": "cancel_event", "event": "1:Late"}]),
    ("Détente cancelled for the USSR only.", [{"kind": "cancel_event", "event": "1:Late", "only_for": "USSR"}]),
    ("Cancels the ongoing effects of Star Wars.", [{"kind": "cancel_event", "event": "5:Late"}]),
])
def test_terse_cancellations(text, want):
    assert _read(text, "6:Late") == {"role": "effect", "effects": want}


@pytest.mark.parametrize("text,event,want", [
    # a closing remark that says nothing else restricts the card: cut, the rule read
    ("Glasnost can't be played while Détente is in effect, and that is the whole restriction.", "6:Late",
     req(st("not_in_effect", "1:Late"))),
    ("Glasnost cannot be played while Détente is in effect, and nothing else restricts it.", "6:Late",
     req(st("not_in_effect", "1:Late"))),
    # the card's own title as the rule's heading
    ("SALT: only during Detente, otherwise redraw.", "2:Late",
     {**req(st("in_effect", "1:Late")), "on_fail": "reroll"}),
])
def test_headings_and_closing_remarks(text, event, want):
    assert _read(text, event) == want


@pytest.mark.parametrize("text,want", [
    ("Requires: Star Wars (played), Détente (no longer in effect).",
     req(st("occurred", "5:Late"), st("over", "1:Late"))),
    ("Requires Star Wars (played) and Détente (in effect).", req(st("occurred", "5:Late"), st("in_effect", "1:Late"))),
    ("Glasnost — only after Star Wars.", req(st("occurred", "5:Late"))),
])
def test_states_in_parentheses_and_a_dash_heading(text, want):
    assert _read(text, "6:Late") == want
