"""A solver question runs under a hard wall-clock and memory bound (checker/logic/bounded.py; issue 31)."""

from __future__ import annotations

import time

import pytest

from checker.logic.bounded import GRACE, OutOfBounds, run_bounded

pytestmark = pytest.mark.slow  # not in the fast tier (issue 34): questions run to their time, memory bounds


def _sleep(seconds):
    time.sleep(seconds)
    return "woke"


def _grow(mb):
    blocks = [bytearray(1024 * 1024) for _ in range(mb)]
    return len(blocks)


def _fail():
    raise ValueError("listed more than once: 7:VII")


def test_an_answer_within_the_bounds_comes_back():
    assert run_bounded(_sleep, (0.01,), time_limit=5) == "woke"


def test_a_question_past_its_time_is_stopped_and_says_so():
    start = time.monotonic()
    with pytest.raises(OutOfBounds) as exc:
        run_bounded(_sleep, (60,), time_limit=0.5)
    assert exc.value.what == "time" and "time limit of 0.5 s" in str(exc.value)
    assert time.monotonic() - start < 0.5 + GRACE + 2


def test_a_question_past_its_memory_is_stopped_and_says_so():
    with pytest.raises(OutOfBounds) as exc:
        run_bounded(_grow, (2000,), time_limit=30, memory_mb=600)
    assert exc.value.what == "memory"


def test_an_error_of_the_question_is_raised_as_itself():
    with pytest.raises(ValueError, match="listed more than once"):
        run_bounded(_fail, time_limit=5)


@pytest.mark.slow
def test_order_count_honours_its_time_limit_grounding_included(tmp_path, capsys):
    """40 events of a 100-event synthetic KB: the count grounds for many seconds; --time-limit 3 answers
    inconclusive (exit 3) within the limit and its grace (it took 19.5 s for a limit of 5 s before)."""
    from bench.generate import generate
    from checker.cli import main
    from checker.kb.store import load_kb

    generate(100, str(tmp_path / "g"), quiet=True)
    kb = load_kb(str(tmp_path / "g")).kb
    game = sorted({e.game for e in kb.events.values()})[0]
    ids = sorted(kb.view(game).events, key=lambda x: (len(x), x))[:40]
    start = time.monotonic()
    code = main(["order", "--kb", str(tmp_path / "g"), "--count", *ids, "--time-limit", "3", "--format", "json"])
    assert code == 3 and time.monotonic() - start < 3 + GRACE + 8
    capsys.readouterr()
