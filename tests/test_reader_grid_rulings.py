"""A grid of rulings, as a referee, a lawyer-gamer or a club's house rules write them: a preamble that says a rule is
ruled ("It is hereby ruled that …", "For the avoidance of doubt, …", "Note that …"), the draw itself as what is
re-rolled or struck off ("a non-conforming draw shall be re-rolled"), nothing happening for the rest of a turn, "where
this is not met", and an event's own effects each under the condition said after them ("When NATO is played, it
cancels the Berlin Blockade if the Blockade is in effect"). Written from these forms, not from any corpus; every
reading checked by hand.
"""

from __future__ import annotations

import pytest

from tests.reader_grid import assert_reported, reader

GAMES = {"eu": {"periods": ["IV", "VII"], "countries": ["SPA", "FRA", "PRU", "AUS"],
                "events": {"7:VII": "FIRST DIVISION OF POLAND", "8:VII": "SECOND DIVISION OF POLAND",
                           "11:VII": "THE CONFEDERATION OF BAR", "12:VII": "THE WAR OF BAVARIAN SUCCESSION"}},
         "cw": {"periods": ["Early", "Mid", "Late"], "countries": ["USA", "USSR"],
                "events": {"1:Early": "MARSHALL PLAN", "2:Early": "NATO", "3:Early": "WARSAW PACT",
                           "4:Early": "BERLIN BLOCKADE", "1:Late": "DETENTE"}}}
_read = reader(GAMES)


def st(kind, event):
    return {"kind": kind, "event": event}


REQUIREMENTS = [
    ("It is hereby ruled that this event shall not occur unless event 7:VII has previously occurred; a "
     "non-conforming draw shall be re-rolled.", [st("occurred", "7:VII")], "reroll"),
    ("For the avoidance of doubt, this event may occur only if the First Division has occurred; any premature draw "
     "shall be re-drawn.", [st("occurred", "7:VII")], "reroll"),
    ("This event shall not occur while the Confederation of Bar is in effect; such a draw shall be struck off.",
     [st("not_in_effect", "11:VII")], "mark_off"),
    ("Note that this event can only occur after 8:VII; the draw is returned to the deck at the next reshuffle.",
     [st("occurred", "8:VII")], "refused_renewable"),
    ("This event may occur only if 7:VII has occurred; where this is not met, nothing shall happen.",
     [st("occurred", "7:VII")], "nothing"),
    ("This event cannot occur before 7:VII; otherwise nothing happens that turn.", [st("occurred", "7:VII")],
     "nothing"),
    ("Only if 8:VII is in effect; if not, nothing happens in this events phase.", [st("in_effect", "8:VII")],
     "nothing"),
]


@pytest.mark.parametrize("text, when, on_fail", REQUIREMENTS, ids=[r[0][:50] for r in REQUIREMENTS])
def test_rulings_requirements(text, when, on_fail):
    assert _read("eu", "12:VII", text, opening=True) == {"role": "requirement", "when": when, "on_fail": on_fail}


# a card game's house rules and FAQs: the player's draw, what counts, when the card comes back
CARD_REQUIREMENTS = [
    ("You can play the Warsaw Pact only after NATO. If you drew it too early, it is removed from the game.",
     [st("occurred", "2:Early")], "mark_off"),
    ("The Warsaw Pact shall be playable only after NATO; absent that, the card shall be removed from the game.",
     [st("occurred", "2:Early")], "mark_off"),
    ("The Warsaw Pact is playable only while NATO is in effect; in every other case the draw shall count as played.",
     [st("in_effect", "2:Early")], "consider_played"),
    ("You may play the Warsaw Pact only when NATO has been played. If you can't, it counts as played anyway.",
     [st("occurred", "2:Early")], "consider_played"),
    ("The Warsaw Pact needs NATO. If NATO has not been played yet, nothing happens and your turn is over.",
     [st("occurred", "2:Early")], "nothing"),
    ("The Warsaw Pact cannot be played after Detente. If you draw it then, treat it as the 'No event' result.",
     [st("not_occurred", "1:Late")], "nothing"),
    ("The Warsaw Pact can't come up once Detente has been played; we re-roll it.", [st("not_occurred", "1:Late")],
     "reroll"),
    ("The Warsaw Pact shall be deferred until the Berlin Blockade has ended.", [st("over", "4:Early")], "delay"),
    ("The Warsaw Pact can only be played after NATO; otherwise it comes back when the deck is shuffled.",
     [st("occurred", "2:Early")], "refused_renewable"),
    # a delay with the wait said
    ("Only if NATO is in effect; otherwise the event is delayed until it can be played.", [st("in_effect", "2:Early")],
     "delay"),
    ("Only if NATO is in effect. (Otherwise hold this card until both are true.)", [st("in_effect", "2:Early")],
     "delay"),
    ("Only if NATO is in effect; if not, keep the card in your hand until you can.", [st("in_effect", "2:Early")],
     "delay"),
    ("ONLY IF NATO IN EFFECT. IF NOT: DELAYED UNTIL POSSIBLE.", [st("in_effect", "2:Early")], "delay"),
    # an outcome after ", and if drawn then", and what it is instead of
    ("The Warsaw Pact is unplayable while Detente is in effect, and if drawn then it is removed from the game rather "
     "than reshuffled.", [st("not_in_effect", "1:Late")], "mark_off"),
    ("The Warsaw Pact can only be played after NATO; if you draw it earlier, put it in the discard pile and it comes "
     "back at the next reshuffle.", [st("occurred", "2:Early")], "refused_renewable"),
    # the writer's reason, then a colon and the rule it explains
    ("The Pact is tied to NATO's founding: the event may only be played once NATO has been played.",
     [st("occurred", "2:Early")], None),
    # a heading before a dash, as a card's reminder line prints it
    ("Condition -- NATO in play.", [st("in_effect", "2:Early")], None),
]


@pytest.mark.parametrize("text, when, on_fail", CARD_REQUIREMENTS, ids=[r[0][:50] for r in CARD_REQUIREMENTS])
def test_card_rulings_requirements(text, when, on_fail):
    want = {"role": "requirement", "when": when, **({"on_fail": on_fail} if on_fail else {})}
    assert _read("cw", "3:Early", text, opening=True) == want


@pytest.mark.parametrize("text", [
    "Hold this card until both are true.",  # a delay, but of which requirement?
    "Warsaw -- the capital of Poland.",  # a dash after a word that is no heading: no requirement
    "Design note -- NATO came first.",
    # a condition before a colon is no reason: the rule after it is not read alone
    "If Detente is in effect: the event is marked off.",
])
def test_a_wait_or_a_dash_alone_states_no_requirement(text):
    got = _read("cw", "3:Early", text)
    assert got is None or got["role"] == "unread", got


# terse lists in capitals: the event's own name and no verb, a state with "not", "consider played"
@pytest.mark.parametrize("text, want", [
    ("WAR OF BAVARIAN SUCCESSION ONLY WHILE 11:VII IN EFFECT. OTHERWISE REROLL.",
     {"role": "requirement", "when": [st("in_effect", "11:VII")], "on_fail": "reroll"}),
    ("ONLY AFTER VII:7 AND VII:8. OTHERWISE CONSIDER PLAYED.",
     {"role": "requirement", "when": [st("occurred", "7:VII"), st("occurred", "8:VII")], "on_fail": "consider_played"}),
    ("REQUIRES: 7:VII NOT OCCURRED OR 11:VII IN EFFECT. ELSE REROLL.",
     {"role": "requirement", "when_any": [st("not_occurred", "7:VII"), st("in_effect", "11:VII")], "on_fail": "reroll"}),
])
def test_terse_rulings(text, want):
    assert _read("eu", "12:VII", text, opening=True) == want


EFFECTS = [
    ("cw", "2:Early", "When NATO is played, it cancels the Berlin Blockade if the Blockade is in effect.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "4:Early"}], "when": [st("in_effect", "4:Early")]}),
    ("cw", "2:Early", "When this card is played, it cancels the Berlin Blockade if it is in effect.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "4:Early"}], "when": [st("in_effect", "4:Early")]}),
    ("cw", "2:Early", "When NATO is played, the Warsaw Pact ends unless Detente is in effect.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "3:Early"}],
      "unless": [st("in_effect", "1:Late")]}),
    ("eu", "12:VII", "With the War of Bavarian Succession the game comes to its end.", {"role": "effect",
                                                                                      "effects": [{"kind": "game_ends"}]}),
    ("eu", "12:VII", "Game over.", {"role": "effect", "effects": [{"kind": "game_ends"}]}),
    ("eu", "12:VII", "A new minor, Saxony, is placed on the map.",
     {"role": "effect", "effects": [{"kind": "minor_created", "subject": "Saxony"}]}),
    ("eu", "12:VII", "For the avoidance of doubt, this event shall create Saxony where Saxony does not already exist.",
     {"role": "effect", "effects": [{"kind": "minor_created", "subject": "Saxony"}],
      "when": [{"kind": "not_exists", "subject": "Saxony"}]}),
]


@pytest.mark.parametrize("game, event, text, want", EFFECTS, ids=[e[2][:50] for e in EFFECTS])
def test_rulings_effects(game, event, text, want):
    assert _read(game, event, text) == want


@pytest.mark.parametrize("text", [
    "A non-conforming draw shall be re-rolled.",  # the outcome of which requirement?
    "Nothing happens that turn.",
    # two effects and one condition: of both, or of the last one only?
    "When NATO is played, the Warsaw Pact and Detente end and the Berlin Blockade is cancelled if it is in effect.",
])
def test_what_rulings_leave_open_is_reported(text):
    got = _read("cw", "2:Early", text, opening=True)
    assert_reported(got)
