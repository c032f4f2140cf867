"""clingo held to the reference interpreter of docs/logic.md on random small KBs and logs (tests/differential.py).

A CI-sized run by default; ``RULEKB_DIFF_CASES=10000 pytest tests/test_differential.py`` (or
``python -m tests.differential --cases 10000``) runs a large one. Every disagreement found becomes a named
regression test in tests/test_logic_semantics.py.
"""

from __future__ import annotations

import os
import shutil

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from . import differential

pytestmark = pytest.mark.slow  # not in the fast tier (issue 34): random KBs, clingo against the interpreter

CASES = int(os.environ.get("RULEKB_DIFF_CASES", "12"))


@settings(max_examples=CASES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**31))
def test_clingo_agrees_with_the_interpreter(seed):
    assert differential.run_case_full(seed) == ([], [])  # no disagreement, nothing left undecided


@pytest.mark.slow
def test_the_harness_finds_a_planted_defect(tmp_path, monkeypatch):
    """A check that finds nothing is suspicious: with marking off no longer counted as played (the old defect),
    the differential run must disagree on some of the first cases."""
    asp = tmp_path / "asp"
    shutil.copytree(differential.__file__.rsplit("/tests/", 1)[0] + "/asp", asp)
    draw = (asp / "draw.lp").read_text(encoding="utf-8")
    assert "played(E,t) :- marked(E,t)." in draw
    (asp / "draw.lp").write_text(draw.replace("played(E,t) :- marked(E,t).", ""), encoding="utf-8")
    monkeypatch.setenv("RULEKB_ASP", str(asp))
    assert any(differential.run_case(seed) for seed in range(60))


@pytest.mark.slow
def test_the_harness_finds_a_deck_that_is_not_cumulative(tmp_path, monkeypatch):
    """With the cumulative deck's rule removed from asp/draw.lp (every deck read per period), the random KBs with
    cumulative decks must make the run disagree (seed 0 does)."""
    asp = tmp_path / "asp"
    shutil.copytree(differential.__file__.rsplit("/tests/", 1)[0] + "/asp", asp)
    draw = (asp / "draw.lp").read_text(encoding="utf-8")
    rule = "in_deck(E,t) :- may_draw(E,t), deck_cumulative, event_period(E,P), at(t,Q), Q > P.\n"
    assert rule in draw
    (asp / "draw.lp").write_text(draw.replace(rule, ""), encoding="utf-8")
    monkeypatch.setenv("RULEKB_ASP", str(asp))
    assert any(differential.run_case(seed) for seed in range(60))


@pytest.mark.slow
def test_the_harness_finds_periods_read_by_roman_value(monkeypatch):
    """With periods numbered by their Roman value (free labels all 0, a profile's VII-before-IV reversed), the
    random KBs with profiles must make the run disagree (seed 6 does)."""
    from checker.core.ids import ROMAN
    from checker.logic import facts

    monkeypatch.setattr(facts, "period_number", lambda prof, label: ROMAN.get(str(label), 0))
    assert any(differential.run_case(seed) for seed in range(60))


@pytest.mark.slow
def test_the_harness_finds_a_never_the_bound_does_not_prove(monkeypatch):
    """With the engine trusting the horizon bound again where a "*" event's later firings matter (S9: no event
    found by analysis.repeats_matter), the random KBs with a relay must make the run disagree: "impossible" or
    "never" for an event the interpreter fires in 8 turns, one more than the bound (seed 9 does)."""
    from checker.logic import analysis, orders

    monkeypatch.setattr(analysis, "repeats_matter", lambda kb, events: [])
    monkeypatch.setattr(orders, "repeats_matter", lambda kb, events: [])
    assert any(differential.run_case(seed) for seed in range(60) if differential.case_kb(seed)[3].relay)
