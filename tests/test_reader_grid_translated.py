"""A grid of rule sentences translated word for word from French rulebooks ("the event can not arrive before that the
event 3:IV has had place", "in the case where …", "to bar it", "takes end", "puts end to", "cannot more arrive",
"starting from the period VII"). Written from the language's parts and French word order, not from any corpus;
every reading checked by hand.
"""

from __future__ import annotations

import pytest

from checker.logic.reader.read import read_text
from tests.heldout.score import vocabularies

GAMES = {"eu": {"periods": ["IV", "VII"], "countries": ["SPA", "FRA"],
                "events": {"1:IV": "THIRTY YEARS WAR", "3:IV": "WAR BETWEEN PERSIA AND TURKEY"}}}
VOCAB = vocabularies(GAMES)["eu"]
OCC = {"kind": "occurred", "event": "3:IV"}
NOT_WAR = {"kind": "not_in_effect", "event": "1:IV"}
VII = {"kind": "period_at_least", "value": "VII"}


def req(*when, on_fail=None):
    out = {"role": "requirement", "when": list(when)}
    return {**out, "on_fail": on_fail} if on_fail else out


CASES = [
    ("The event can not arrive before that the event 3:IV has had place.", req(OCC)),
    ("If the event 3:IV is not yet arrived, to re-throw.", req(OCC, on_fail="reroll")),
    ("This event can only arrive if the event 3:IV is in course.", req({"kind": "in_effect", "event": "3:IV"})),
    ("In the case where the event 3:IV has not had place, re-throw the die.", req(OCC, on_fail="reroll")),
    ("The event is possible only after the end of the event 1:IV.", req({"kind": "over", "event": "1:IV"})),
    ("This event cannot be produced while the event 1:IV is in course.", req(NOT_WAR)),
    ("It is necessary that the event 3:IV has had place.", req(OCC)),
    ("If the event 1:IV is always in course, to throw again the dice.", req(NOT_WAR, on_fail="reroll")),
    ("Not possible as long as the event 1:IV is in course.", req(NOT_WAR)),
    ("Only in the period VII.", req(VII)),
    ("From the period VII.", req(VII)),
    ("The event occurs only starting from the period VII.", req(VII)),
    ("If the event is drawn before the period VII, to bar it.", req(VII, on_fail="mark_off")),
    ("If the event 3:IV has had place, the event is barred.",
     req({"kind": "not_occurred", "event": "3:IV"}, on_fail="mark_off")),
    ("The event 1:IV takes end.", {"role": "effect", "effects": [{"kind": "cancel_event", "event": "1:IV"}]}),
    ("This event puts end to the event 1:IV.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "1:IV"}]}),
    ("The event 1:IV cannot more arrive.", {"role": "effect", "effects": [{"kind": "never_occurs", "event": "1:IV"}]}),
    ("The event 1:IV can no more have place.",
     {"role": "effect", "effects": [{"kind": "never_occurs", "event": "1:IV"}]}),
    # "one" who marks off or draws again, a minor that "has ceased to exist", a war "still being fought" / "raging"
    ("Can no more arrive if Genoa has ceased to exist; in this case one marks off the event.",
     req({"kind": "exists", "subject": "Genoa"}, on_fail="mark_off")),
    ("If the war of thirty years is in course, the event cannot have place; one draws another card.",
     req(NOT_WAR, on_fail="reroll")),
    ("If drawn while the Thirty Years War is still being fought, re-roll.", req(NOT_WAR, on_fail="reroll")),
    ("Cannot have place while the war of thirty years is still raging.", req(NOT_WAR)),
    ("Can only arrive if Genoa is still held by Spain.", req({"kind": "owns", "subject": "Spain", "value": "Genoa"})),
    ("This event can only arrive once the game has reached the period VII.", req(VII)),
    ("Cannot produce itself if the event 3:IV has not yet produced itself; relaunch the die.",
     req(OCC, on_fail="reroll")),
]


@pytest.mark.parametrize("text,want", CASES, ids=[c[0][:60] for c in CASES])
def test_the_translated_grid_reads(text, want):
    logic = read_text(text, "2:VII", vocab=VOCAB, opening=True)
    assert logic is not None
    assert {k: v for k, v in logic.items() if k != "derived_from"} == want
