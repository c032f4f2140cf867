"""Every named alternative of the event language's grammar has its transformer method.

An alternative without one leaves a bare parse tree in the reading: the transformer's methods skip what is not a
formula, so the sentence reads as if that part were not there (a half-reading), or is reported as ambiguous beside
the right reading (stop 40: "Can only be played after the Mid War" had an empty second reading).
"""

from __future__ import annotations

import os
import re

from checker.logic.reader import events
from checker.logic.reader.events import _ToFormula

GRAMMAR = os.path.join(os.path.dirname(events.__file__), "events.lark")


def test_every_alias_has_a_transformer_method():
    text = open(GRAMMAR, encoding="utf-8").read()
    aliases = set(re.findall(r"->\s*(\w+)", text))
    assert aliases, "no aliases found: the grammar's syntax changed?"
    missing = sorted(a for a in aliases if not hasattr(_ToFormula, a))
    assert not missing, f"grammar alternatives with no transformer method: {missing}"


def test_a_period_after_which_reads():
    from checker.games import profile
    from checker.logic.reader.grammar import vocabulary_of
    from checker.logic.reader.read import read_text

    game = {"id": "cw", "name": "cw", "deck": "cumulative", "periods": [{"id": "Early"}, {"id": "Mid"}, {"id": "Late"}],
            "countries": [{"code": "USA", "name": "United States"}]}
    vocab = vocabulary_of(profile({"cw": game}, "cw"))
    logic = read_text("Can only be played if after the Mid War.", "1:Late", vocab=vocab, opening=True)
    assert logic.get("when") == [{"kind": "period_at_least", "value": "Late"}], logic
    logic = read_text("Cannot be played if after the Mid War.", "1:Late", vocab=vocab, opening=True)
    assert logic.get("when") == [{"kind": "period_at_least", "value": "Late", "negated": True}], logic
