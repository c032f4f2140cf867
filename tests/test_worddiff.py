"""Issue 31: ``site --compare`` diffs each changed event's text word by word in bounded time
(``checker/site/worddiff.py``). ``difflib.SequenceMatcher`` took 191 s on a 4,000-word text over a small vocabulary
with every seventh word changed (a pull request chooses both texts); the bounded diff is minimal within its budget
and "text replaced" beyond it."""

from __future__ import annotations

import gc
import random
import time

import pytest

from checker.site.compare import word_diff  # what site --compare calls for each changed event
from checker.site.worddiff import DIFF_BUDGET, REPLACED_TITLE, diff_opcodes, word_diff_markup

VOCAB = ["the", "event", "of", "and", "a", "POLAND", "occur", "turn"]


def _lcs(a, b) -> int:
    n, m = len(a), len(b)
    row = [0] * (m + 1)
    for i in range(n - 1, -1, -1):
        nxt = [0] * (m + 1)
        for j in range(m - 1, -1, -1):
            nxt[j] = row[j + 1] + 1 if a[i] == b[j] else max(row[j], nxt[j + 1])
        row = nxt
    return row[0]


def _check_opcodes(a, b, ops):
    """The opcodes cover both sequences in order, ``equal`` runs are equal, no two runs of one kind touch."""
    i = j = 0
    for k, (tag, i1, i2, j1, j2) in enumerate(ops):
        assert (i1, j1) == (i, j), ops
        assert tag in ("equal", "replace", "delete", "insert")
        if tag == "equal":
            assert a[i1:i2] == b[j1:j2] and i2 > i1
        if k:
            assert not (tag == "equal" and ops[k - 1][0] == "equal")
            assert not (tag != "equal" and ops[k - 1][0] != "equal"), ops  # adjacent edits merged into one
        i, j = i2, j2
    assert (i, j) == (len(a), len(b))


def test_the_diff_is_minimal_within_the_budget():
    rnd = random.Random(31)
    for _ in range(1500):
        a = [rnd.choice("abc") for _ in range(rnd.randrange(0, 14))]
        b = [rnd.choice("abcd") for _ in range(rnd.randrange(0, 14))]
        ops, replaced = diff_opcodes(a, b)
        assert not replaced
        _check_opcodes(a, b, ops)
        assert sum(i2 - i1 for tag, i1, i2, _, _ in ops if tag == "equal") == _lcs(a, b), (a, b, ops)


def test_beyond_the_budget_the_middle_is_replaced_and_the_ends_kept():
    a = ["same", "start"] + [f"a{k}" for k in range(50)] + ["same", "end"]
    b = ["same", "start"] + [f"b{k}" for k in range(50)] + ["same", "end"]
    ops, replaced = diff_opcodes(a, b, budget=10)
    assert replaced
    assert ops == [("equal", 0, 2, 0, 2), ("replace", 2, 52, 2, 52), ("equal", 52, 54, 52, 54)]
    ops, replaced = diff_opcodes(a, b)
    assert not replaced and ops[1] == ("replace", 2, 52, 2, 52)


def test_the_markup_is_escaped_and_marks_a_replaced_text():
    assert word_diff("Something else happens.", "Something quite different happens.") == \
        "Something <del>else</del> <ins>quite different</ins> happens."
    html = word_diff_markup("Something else happens.", "Something quite different happens.")
    assert html == "Something <del>else</del> <ins>quite different</ins> happens."
    html = word_diff_markup("a <b> & c\nd", "a <i> & c\nd")
    assert html == "a <del>&lt;b&gt;</del> <ins>&lt;i&gt;</ins> &amp; c<br>d"
    html = word_diff_markup("x " + " ".join(VOCAB * 3), "y " + " ".join(reversed(VOCAB * 3)), budget=5)
    assert html.count(f'title="{REPLACED_TITLE}"') == 2 and html.startswith("<del title=")
    assert word_diff_markup("same words", "same words") == "same words"


def _spread_edits(n: int) -> tuple[str, str]:
    """The shape that hurt difflib: repeated words of a small vocabulary, every seventh one changed."""
    rnd = random.Random(7)
    a = [rnd.choice(VOCAB) for _ in range(n)]
    b = ["X" if k % 7 == 0 else w for k, w in enumerate(a)]
    return " ".join(a), " ".join(b)


def test_the_input_that_took_minutes_is_fast():
    old, new = _spread_edits(4_000)  # 191 s with SequenceMatcher(autojunk=False) on a loaded 2-core machine
    start = time.perf_counter()
    html = word_diff(old, new)
    assert time.perf_counter() - start < 10
    assert "<del" in html and "<ins" in html


def _shapes(n: int) -> dict[str, tuple[str, str]]:
    """Adversarial pairs of n words each, the changes where they hurt: in the middle (a common beginning and end
    are taken off in linear time, so each shape is wrapped in a tenth of text equal on both sides)."""
    rnd = random.Random(n)
    edge = " ".join(rnd.choice(VOCAB) for _ in range(n // 10))
    shapes = {
        "spread-edits": _spread_edits(n),
        "all-different": (" ".join(f"a{k}" for k in range(n)), " ".join(f"b{k}" for k in range(n))),
        "one-word-repeated": (" ".join(["x"] * n), " ".join(["x"] * (n // 2) + ["y"] + ["x"] * (n // 2))),
        "alternating": (" ".join(["a", "b"] * (n // 2)), " ".join(["b", "a"] * (n // 2))),
        "shuffled": (" ".join(w := [rnd.choice(VOCAB) for _ in range(n)]), " ".join(rnd.sample(w, len(w)))),
        "one-long-word": ("w" * (8 * n) + " x", "w" * (8 * n) + " y"),
    }
    return {k: (f"{edge} {a} {edge}", f"{edge} {b} {edge}") for k, (a, b) in shapes.items()}


def _timed(old: str, new: str, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        word_diff(old, new)
        best = min(best, time.perf_counter() - start)
    return best


@pytest.mark.slow
def test_word_diff_growth_is_bounded():
    """100k words against 10k: at most 20 times the time (linear is 10, quadratic 100); the budget makes the
    adversarial shapes cost the same at both sizes."""
    small, large = _shapes(10_000), _shapes(100_000)
    ratios = {}
    for name in small:
        t10k = _timed(*small[name], 3)
        t100k = _timed(*large[name], 2)
        ratios[name] = (round(t10k, 3), round(t100k, 3), round(t100k / max(t10k, 0.005), 1))
        assert t100k / max(t10k, 0.005) <= 20, f"{name}: 10k/100k words = {ratios[name]}"
        assert t100k < 10 * (DIFF_BUDGET / 300_000), f"{name}: {ratios[name]}"
