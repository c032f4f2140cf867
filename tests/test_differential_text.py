"""The differential through text (tests/differential_text.py): the random KBs' requirements written out as
sentences read back to what they were, and a reader that misreads makes clingo disagree with the interpreter."""

from __future__ import annotations

import random

import pytest

from checker.logic.reader.formulas import same_conditions
from tests import differential
from tests.differential_text import NotSayable, render_requirement, through_text

pytestmark = pytest.mark.slow  # not in the fast tier (issue 34): random KBs written out and read back

REROLLED = {None, "reroll", "nothing"}


def _requirements(seed: int, n: int):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        kb = differential.random_kb(rng)
        for e in kb.events.values():
            out += [(kb, e, c) for c in e.conditions if (c.logic or {}).get("role") == "requirement"]
    return out[:n]


def test_requirements_written_out_read_back_to_what_they_were():
    said = 0
    for kb, event, clause in _requirements(5150, 250):
        try:
            render_requirement(clause.logic)
        except NotSayable:
            continue
        read_kb, through, unread = through_text(kb)
        assert not unread, unread
        read = next(c for c in read_kb.events[event.id].conditions if c.line == clause.line).logic
        assert same_conditions(read, clause.logic), (clause.text, clause.logic, read)
        fail = clause.logic.get("on_fail")
        assert (read.get("on_fail") in REROLLED) if fail in REROLLED else read.get("on_fail") == fail
        said += 1
    assert said >= 100


@pytest.mark.slow
def test_a_misreading_reader_makes_the_engine_disagree(monkeypatch):
    """The harness can fail: a reader that drops every negation is caught by the differential through text."""
    import checker.logic.derive as derive

    real = derive.read_clause

    def careless(clause, event_id, *args, **kwargs):
        logic = real(clause, event_id, *args, **kwargs)
        flip = {"not_occurred": "occurred", "not_in_effect": "in_effect", "not_exists": "exists"}
        for c in (logic or {}).get("when", []):
            if c.get("kind") in flip:
                c["kind"] = flip[c["kind"]]
        return logic

    monkeypatch.setattr(derive, "read_clause", careless)
    found = [s for s in range(729999, 729999 + 3 * 40, 3) if differential.run_case(s, time_limit=5)]  # multiples of 3
    assert found, "no seed disagreed although the reader dropped negations"
