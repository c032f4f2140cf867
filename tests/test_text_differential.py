"""The text-level differential in CI size: random formulas rendered into sentences in several styles are read back
exactly (no reading that means something else; the long run is ``python -m tests.text_differential``)."""

from __future__ import annotations

import io

import pytest

from tests.text_differential import judge, run

pytestmark = pytest.mark.slow  # not in the fast tier (issue 34): random formulas rendered and read back


def test_rendered_formulas_read_back_exactly():
    out = io.StringIO()
    result = run(300, 910000, out=out)
    assert result["disagreements"] == [], out.getvalue()
    assert result["counts"]["exact"] >= 290, out.getvalue()  # what is not read is reported, never misread


def test_the_judge_catches_a_misreading():
    """A reading with the negation dropped is a disagreement, not a pass (the harness can fail)."""
    from tests.surface import Case

    case = Case("Cannot occur if event 7:VII has occurred.", ("not", ("atom", "occurred", "7:VII")), None, None, "t")
    right = {"role": "requirement", "when": [{"kind": "not_occurred", "event": "7:VII"}]}
    wrong = {"role": "requirement", "when": [{"kind": "occurred", "event": "7:VII"}]}
    assert judge(case, right, "9:VII", ["IV", "VII"]) == "exact"
    assert judge(case, wrong, "9:VII", ["IV", "VII"]) == "disagree"
    assert judge(case, {"role": "unread"}, "9:VII", ["IV", "VII"]) == "unread"
