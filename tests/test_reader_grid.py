"""A grid of ordinary rule sentences, each read from text: requirements put together from the language's parts in the
orders writers use (conditions before and after the frame, "provided that", "requires that … and that …",
"neither … nor … may be …", outcomes before or after the condition, "becomes possible once …") and effects on
events. Written from the language's parts, not from any corpus; every reading checked by hand.

A sentence of the grid that the reader stops reading fails here with what it read instead.
"""

from __future__ import annotations

import pytest

from checker.logic.reader.read import read_text
from tests.heldout.score import vocabularies

GAMES = {"eu": {"periods": ["IV", "VII"], "countries": ["SPA", "FRA"],
                "events": {"1:IV": "THIRTY YEARS WAR", "16:IV": "FRONDE IN FRANCE", "20:IV": "RICHELIEU"}}}
VOCAB = vocabularies(GAMES)["eu"]

CASES = [
    ('Unless the Thirty Years War has occurred, this event cannot occur before period VII.',
     {'role': 'requirement', 'when_any': [{'kind': 'period_at_least', 'value': 'VII'}, {'kind': 'occurred', 'event': '1:IV'}]}),
    ('If the Thirty Years War is in effect or Richelieu has occurred, this event cannot occur.',
     {'role': 'requirement', 'when': [{'kind': 'not_in_effect', 'event': '1:IV'}, {'kind': 'not_occurred', 'event': '20:IV'}]}),
    ('This event can only occur after the Thirty Years War and while Richelieu is in effect.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}, {'kind': 'in_effect', 'event': '20:IV'}]}),
    ('Before the Thirty Years War has occurred, this event cannot occur; re-roll.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}], 'on_fail': 'reroll'}),
    ('This event cannot occur if the Thirty Years War is in effect, nor after Richelieu has occurred.',
     {'role': 'requirement', 'when': [{'kind': 'not_in_effect', 'event': '1:IV'}, {'kind': 'not_occurred', 'event': '20:IV'}]}),
    ('Only if the Thirty Years War has occurred and Richelieu is not in effect can this event occur.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}, {'kind': 'not_in_effect', 'event': '20:IV'}]}),
    ('This event may occur only if the Thirty Years War has occurred, but not while Richelieu is in effect.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}, {'kind': 'not_in_effect', 'event': '20:IV'}]}),
    ('This event may not occur unless the Thirty Years War has occurred, or if Richelieu is in effect.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}, {'kind': 'not_in_effect', 'event': '20:IV'}]}),
    ('Can occur only once the Thirty Years War is over and only if Richelieu has not occurred.',
     {'role': 'requirement', 'when': [{'kind': 'over', 'event': '1:IV'}, {'kind': 'not_occurred', 'event': '20:IV'}]}),
    ('While the Thirty Years War is in effect, this event cannot occur unless Richelieu has occurred.',
     {'role': 'requirement', 'when_any': [{'kind': 'not_in_effect', 'event': '1:IV'}, {'kind': 'occurred', 'event': '20:IV'}]}),
    ('This event requires that the Thirty Years War has occurred and that Richelieu is not in effect.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}, {'kind': 'not_in_effect', 'event': '20:IV'}]}),
    ('The Thirty Years War must have occurred and Richelieu must not be in effect.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}, {'kind': 'not_in_effect', 'event': '20:IV'}]}),
    ('It is required that the Thirty Years War has occurred.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}]}),
    ('The event may occur if the Thirty Years War has occurred; otherwise it is marked off.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}], 'on_fail': 'mark_off'}),
    ('This event cannot occur if the Thirty Years War is in effect. If drawn, re-roll.',
     {'role': 'requirement', 'when': [{'kind': 'not_in_effect', 'event': '1:IV'}], 'on_fail': 'reroll'}),
    ('Re-roll if the Thirty Years War has not occurred.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}], 'on_fail': 'reroll'}),
    ('Mark off if the Thirty Years War is in effect.',
     {'role': 'requirement', 'when': [{'kind': 'not_in_effect', 'event': '1:IV'}], 'on_fail': 'mark_off'}),
    ('If the Thirty Years War has not occurred, re-roll.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}], 'on_fail': 'reroll'}),
    ('If the Thirty Years War has not occurred, the event is re-rolled.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}], 'on_fail': 'reroll'}),
    ('The Thirty Years War and Richelieu must both have occurred.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}, {'kind': 'occurred', 'event': '20:IV'}]}),
    ('Neither the Thirty Years War nor Richelieu may be in effect.',
     {'role': 'requirement', 'when': [{'kind': 'not_in_effect', 'event': '1:IV'}, {'kind': 'not_in_effect', 'event': '20:IV'}]}),
    ('Requires the Thirty Years War or Richelieu.',
     {'role': 'requirement', 'when_any': [{'kind': 'occurred', 'event': '1:IV'}, {'kind': 'occurred', 'event': '20:IV'}]}),
    ('Requires the Thirty Years War, but not while Richelieu is in effect.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}, {'kind': 'not_in_effect', 'event': '20:IV'}]}),
    ('Not while the Thirty Years War is in effect.',
     {'role': 'requirement', 'when': [{'kind': 'not_in_effect', 'event': '1:IV'}]}),
    ('Only while the Thirty Years War is in effect.',
     {'role': 'requirement', 'when': [{'kind': 'in_effect', 'event': '1:IV'}]}),
    ('This event only occurs if the Thirty Years War has occurred.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}]}),
    ('This event occurs only after the Thirty Years War has ended.',
     {'role': 'requirement', 'when': [{'kind': 'over', 'event': '1:IV'}]}),
    ('This event cannot occur as long as the Thirty Years War is in effect; re-roll if drawn.',
     {'role': 'requirement', 'when': [{'kind': 'not_in_effect', 'event': '1:IV'}], 'on_fail': 'reroll'}),
    ('The Thirty Years War must be over before this event can occur.',
     {'role': 'requirement', 'when': [{'kind': 'over', 'event': '1:IV'}]}),
    ('This event is not possible while the Thirty Years War is in effect.',
     {'role': 'requirement', 'when': [{'kind': 'not_in_effect', 'event': '1:IV'}]}),
    ('This event is only possible after the Thirty Years War.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}]}),
    ('This event becomes possible once the Thirty Years War has occurred.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}]}),
    ('This event may not take place before the Thirty Years War has taken place or while Richelieu is in effect.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}, {'kind': 'not_in_effect', 'event': '20:IV'}]}),
    ('The event will not occur if the Thirty Years War has not occurred.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}]}),
    ('This event cannot be rolled if the Thirty Years War is in effect.',
     {'role': 'requirement', 'when': [{'kind': 'not_in_effect', 'event': '1:IV'}]}),
    ('This event cannot occur during the Thirty Years War.',
     {'role': 'requirement', 'when': [{'kind': 'not_in_effect', 'event': '1:IV'}]}),
    ('This event can occur only during the Thirty Years War.',
     {'role': 'requirement', 'when': [{'kind': 'in_effect', 'event': '1:IV'}]}),
    ('This event cannot occur if the Thirty Years War has already occurred; in that case, mark it off.',
     {'role': 'requirement', 'when': [{'kind': 'not_occurred', 'event': '1:IV'}], 'on_fail': 'mark_off'}),
    ('If the Thirty Years War is in effect, this event is marked off.',
     {'role': 'requirement', 'when': [{'kind': 'not_in_effect', 'event': '1:IV'}], 'on_fail': 'mark_off'}),
    ('If the Thirty Years War is in effect when this event is drawn, re-roll.',
     {'role': 'requirement', 'when': [{'kind': 'not_in_effect', 'event': '1:IV'}], 'on_fail': 'reroll'}),
    ('If this event is drawn while the Thirty Years War is in effect, re-roll.',
     {'role': 'requirement', 'when': [{'kind': 'not_in_effect', 'event': '1:IV'}], 'on_fail': 'reroll'}),
    ('If this event is drawn before the Thirty Years War has occurred, mark it off.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}], 'on_fail': 'mark_off'}),
    ('Re-roll this event if the Thirty Years War is in effect.',
     {'role': 'requirement', 'when': [{'kind': 'not_in_effect', 'event': '1:IV'}], 'on_fail': 'reroll'}),
    ('This event is re-rolled if the Thirty Years War is in effect.',
     {'role': 'requirement', 'when': [{'kind': 'not_in_effect', 'event': '1:IV'}], 'on_fail': 'reroll'}),
    ('This event is re-rolled while the Thirty Years War is in effect.',
     {'role': 'requirement', 'when': [{'kind': 'not_in_effect', 'event': '1:IV'}], 'on_fail': 'reroll'}),
    ('Provided that the Thirty Years War has occurred, this event may occur.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}]}),
    ('This event may occur provided that the Thirty Years War has occurred.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}]}),
    ('This event may occur only provided that the Thirty Years War has occurred.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}]}),
    ('In order for this event to occur, the Thirty Years War must have occurred.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}]}),
    ('The Thirty Years War is a prerequisite for this event.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}]}),
    ('Prerequisite: the Thirty Years War has occurred.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}]}),
    ('Prerequisites: the Thirty Years War, Richelieu.',
     {'role': 'requirement', 'when': [{'kind': 'occurred', 'event': '1:IV'}, {'kind': 'occurred', 'event': '20:IV'}]}),
    ('Requires: the Thirty Years War over.',
     {'role': 'requirement', 'when': [{'kind': 'over', 'event': '1:IV'}]}),
    ('This event requires the Thirty Years War to be over.',
     {'role': 'requirement', 'when': [{'kind': 'over', 'event': '1:IV'}]}),
    ('The Thirty Years War is cancelled.',
     {'role': 'effect', 'effects': [{'kind': 'cancel_event', 'event': '1:IV'}]}),
    ('Richelieu is cancelled and can never occur again.',
     {'role': 'effect', 'effects': [{'kind': 'cancel_event', 'event': '20:IV'}, {'kind': 'never_occurs', 'event': '20:IV'}]}),
    ('Richelieu can no longer occur.',
     {'role': 'effect', 'effects': [{'kind': 'never_occurs', 'event': '20:IV'}]}),
    ('Richelieu will never occur.',
     {'role': 'effect', 'effects': [{'kind': 'never_occurs', 'event': '20:IV'}]}),
    ('Richelieu is removed from the game.',
     {'role': 'effect', 'effects': [{'kind': 'never_occurs', 'event': '20:IV'}]}),
    ('Richelieu may not occur for the rest of the game.',
     {'role': 'effect', 'effects': [{'kind': 'never_occurs', 'event': '20:IV'}]}),
    ('This event cancels Richelieu.',
     {'role': 'effect', 'effects': [{'kind': 'cancel_event', 'event': '20:IV'}]}),
    ('Cancel Richelieu.',
     {'role': 'effect', 'effects': [{'kind': 'cancel_event', 'event': '20:IV'}]}),
    ('Richelieu ends.',
     {'role': 'effect', 'effects': [{'kind': 'cancel_event', 'event': '20:IV'}]}),
]


@pytest.mark.parametrize("text,want", CASES, ids=[c[0][:60] for c in CASES])
def test_the_grid_reads(text, want):
    logic = read_text(text, "16:IV", vocab=VOCAB, opening=True)
    assert logic is not None
    logic = {k: v for k, v in logic.items() if k != "derived_from"}
    assert logic == want


def test_a_permission_alone_is_no_requirement():
    # "may occur if A" with nothing that makes it a condition (no "only", no "provided that", no outcome): a
    # permission, which restricts nothing: reported where requirements stand, never read as "only if"
    logic = read_text("This event may occur if the Thirty Years War has occurred.", "16:IV", vocab=VOCAB,
                      opening=True)
    assert logic["role"] == "unread", logic


def test_requires_that_and_that_keeps_every_condition():
    logic = read_text("This event requires that the Thirty Years War has occurred and that Richelieu is not in "
                      "effect.", "16:IV", vocab=VOCAB, opening=True)
    assert logic["when"] == [{"kind": "occurred", "event": "1:IV"}, {"kind": "not_in_effect", "event": "20:IV"}]
