"""A grid of rule sentences in a designer's or a modern rulebook's voice: a lead-in before the rule ("In my design,",
"Remember:", "Keep in mind that"), "no Fronde while …", "only becomes possible after", "while the war lasts",
"has left office", "puts an end to", "rules out". Written from the language's parts, not from any corpus; every
reading checked by hand. What is not read here is reported, never dropped: an event named in the possessive with
its end ("Richelieu's ministry ends"), "brings X to an end".
"""

from __future__ import annotations

import pytest

from checker.logic.reader.read import read_text
from tests.heldout.score import vocabularies

GAMES = {"eu": {"periods": ["IV", "VII"], "countries": ["SPA", "FRA"],
                "events": {"1:IV": "THIRTY YEARS WAR", "16:IV": "FRONDE IN FRANCE", "20:IV": "RICHELIEU"}}}
VOCAB = vocabularies(GAMES)["eu"]
OVER_WAR = {"kind": "over", "event": "1:IV"}
NOT_RICHELIEU = {"kind": "not_in_effect", "event": "20:IV"}


def req(*when):
    return {"role": "requirement", "when": list(when)}


CASES = [
    ("To model the unrest, this event can only happen once the Thirty Years War is over.", req(OVER_WAR)),
    ("Note that the Fronde cannot take place before the Thirty Years War has ended.", req(OVER_WAR)),
    ("In my design, the Fronde only becomes possible after the Thirty Years War has ended.", req(OVER_WAR)),
    ("The Fronde is meant to be a late event: it cannot occur before period VII.",
     req({"kind": "period_at_least", "value": "VII"})),
    ("For balance reasons, this event is only possible if the Thirty Years War has occurred.",
     req({"kind": "occurred", "event": "1:IV"})),
    ("We felt that the Fronde should not happen while Richelieu was still in power.", req(NOT_RICHELIEU)),
    ("You will find that the event cannot occur until the Thirty Years War has ended.", req(OVER_WAR)),
    ("It is important to remember that this event cannot occur if Richelieu is in effect.", req(NOT_RICHELIEU)),
    ("Keep in mind that the Fronde requires the Thirty Years War to be over.", req(OVER_WAR)),
    ("Remember: no Fronde while Richelieu is in effect.", req(NOT_RICHELIEU)),
    ("No Fronde while Richelieu is in effect.", req(NOT_RICHELIEU)),
    ("No Fronde before period VII.", req({"kind": "period_at_least", "value": "VII"})),
    ("This event will only take place after the end of the Thirty Years War.", req(OVER_WAR)),
    ("This event cannot occur as long as the Thirty Years War is still going on.",
     req({"kind": "not_in_effect", "event": "1:IV"})),
    ("The Fronde cannot break out while the Thirty Years War lasts.", req({"kind": "not_in_effect", "event": "1:IV"})),
    ("Until Richelieu has left office, the Fronde cannot happen.", req({"kind": "over", "event": "20:IV"})),
    ("The event is not available until the Thirty Years War has come to an end.", req(OVER_WAR)),
    ("The Fronde puts an end to the Thirty Years War.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "1:IV"}]}),
    ("This event rules out Richelieu for the rest of the game.",
     {"role": "effect", "effects": [{"kind": "never_occurs", "event": "20:IV"}]}),
]


def _read(text):
    logic = read_text(text, "16:IV", vocab=VOCAB, opening=True)
    return logic and {k: v for k, v in logic.items() if k != "derived_from"}


@pytest.mark.parametrize("text,want", CASES, ids=[c[0][:60] for c in CASES])
def test_the_designer_grid_reads(text, want):
    assert _read(text) == want


@pytest.mark.parametrize("text", [
    "When the Fronde breaks out, Richelieu's ministry ends.",  # dropped without a word before
    "The Fronde brings the Thirty Years War to an end, sort of.",  # ("… to an end." alone is read: stop 50)
    "Players should note that this event has no chance of occurring while Richelieu remains in office.",
])
def test_what_the_grid_does_not_read_is_reported(text):
    logic = _read(text)
    assert logic is not None and logic["role"] == "unread", logic


@pytest.mark.parametrize("text", [
    "Chernobyl was the last card we added during playtesting.",  # "last" is no state ("lasts" is)
    "Parliament continues to rule for three more turns.",
])
def test_lasts_is_a_state_and_last_or_continues_are_not(text):
    # no rule in them, nothing reported (with "last" or "continues" as a state both were reported: a false alarm)
    assert read_text(text, "16:IV", vocab=VOCAB) is None


# the writer's emphasis after the rule, and a clause after a spaced dash, are remarks beside the rule: cut when they
# state nothing ("-- obviously", ", full stop", "— it doesn't matter to me whether …"); a clause that names an event
# is no remark, and a whole-clause remark with words after it leaves the sentence reported
REMARKS = [
    ("The Fronde cancels the Thirty Years War -- obviously.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "1:IV"}]}),
    ("The Fronde cancels the Thirty Years War, full stop.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "1:IV"}]}),
    ("Only after the Thirty Years War — it doesn't matter to me whether it is still in effect.",
     req({"kind": "occurred", "event": "1:IV"})),
    # a dash before a qualifying clause is no remark: the clause is read with the rule
    ("The Fronde cancels the Thirty Years War -- unless Richelieu is in effect.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "1:IV"}], "unless": [{"kind": "in_effect", "event": "20:IV"}]}),
    ("Cancels Richelieu if the Thirty Years War is over; otherwise nothing happens.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "20:IV"}], "when": [OVER_WAR]}),
]


@pytest.mark.parametrize("text,want", REMARKS, ids=[c[0][:60] for c in REMARKS])
def test_remarks_beside_the_rule_are_cut(text, want):
    assert _read(text) == want


@pytest.mark.parametrize("text", [
    "Only after the Thirty Years War -- and Richelieu florp.",
    "Cancels Richelieu if the Thirty Years War is over; otherwise nothing happens florp.",
])
def test_a_remark_that_qualifies_the_rule_or_says_more_is_reported(text):
    logic = _read(text)
    assert logic is not None and logic["role"] == "unread", logic


# the writer's reason, then ", so" and the rule: a reason the reader cannot read as a rule is cut when the rule after
# "so" reads whole; a lead that reads as a rule is kept (the sentence read whole, or reported)
SO = [
    ("Mazarin inherited the unrest from the Cardinal, so the event can only occur while 20:IV is in effect.",
     req({"kind": "in_effect", "event": "20:IV"})),
    ("The Fronde only makes sense once the war is under way, so it cannot occur before 1:IV.",
     req({"kind": "occurred", "event": "1:IV"})),
    ("Paris grew restless under the Cardinal, which is why the event needs the Thirty Years War to be over.",
     req(OVER_WAR)),
    # the lead reads as a rule: the sentence is read whole
    ("Cannot occur before 1:IV, so it is re-rolled.", {**req({"kind": "occurred", "event": "1:IV"}), "on_fail": "reroll"}),
]


@pytest.mark.parametrize("text,want", SO, ids=[c[0][:60] for c in SO])
def test_a_reason_then_so_and_the_rule(text, want):
    assert _read(text) == want


@pytest.mark.parametrize("text", [
    "Paris grew restless under the Cardinal, so the event needs the Thirty Years War florp.",  # the rule does not read
    "Paris grew restless under the Cardinal, so players should beware.",  # no rule after "so"
])
def test_a_reason_before_no_rule_is_not_cut(text):
    logic = _read(text)
    assert logic is None or logic["role"] == "unread", logic


# an aside between two commas that states nothing (words of the writer's own, a relative clause that names only a
# place, the event's own title again) is cut when what is left reads whole; an aside that qualifies the rule is kept
COMMA_ASIDES = [
    ("The Fronde is, in this design, only possible once the Thirty Years War is over.", req(OVER_WAR)),
    ("The Fronde, which historically broke out in Paris, cannot occur while Richelieu is in effect.",
     req(NOT_RICHELIEU)),
    ("The Fronde, for its part, can only take place once the Thirty Years War has come to an end.", req(OVER_WAR)),
    ("This event, the Fronde in France, can only occur once the Thirty Years War is over.", req(OVER_WAR)),
    # an aside of fillers only, right after "if": no aside
    ("If, when this event is drawn, Richelieu is in effect, re-roll.", {**req(NOT_RICHELIEU), "on_fail": "reroll"}),
    ("Can occur only if, at the time of the draw, Richelieu is not in effect.", req(NOT_RICHELIEU)),
]


@pytest.mark.parametrize("text,want", COMMA_ASIDES, ids=[c[0][:60] for c in COMMA_ASIDES])
def test_an_aside_between_commas_that_states_nothing_is_cut(text, want):
    assert _read(text) == want


@pytest.mark.parametrize("text", [
    "The Fronde, unless Richelieu is in effect, cannot occur before the Thirty Years War is over florp.",
    "The Fronde, which needs Richelieu, cannot occur while the Thirty Years War is in effect.",  # it says more
    "The Fronde, at least in France, florp cannot occur while Richelieu is in effect.",  # the rest does not read
])
def test_an_aside_that_says_something_or_a_rest_that_does_not_read_is_reported(text):
    logic = _read(text)
    assert logic is not None and logic["role"] == "unread", logic

