"""The benchmark's small version (100 synthetic events, one run per stage after a warm-up): it runs end to end,
and a slowdown that breaks a generous ceiling fails CI. Figures for the record come from `python -m bench.run`."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from .conftest import REPO

pytestmark = pytest.mark.slow

# sitegen writes the pages and also solves the companion page's start position (companion.start_answer, one
# brave clingo solve over the game's horizon, at most START_TIME_LIMIT s): at 100 synthetic events that solve is
# some 17 s of the stage's 19-23 s (199 answer sets over a 126-turn horizon, about 90 ms each), so 20 s was no
# ceiling but the stage's own time, and CI failed on the noise (21.9 s). 40 s still fails a doubling.
CEILING_SECONDS = {"floor": 5, "floor_py": 10, "floor_process": 10, "load": 10, "load_warm": 10, "lint": 10,
                   "logic": 20, "order": 10, "newtext": 10, "check_cold": 30, "check_warm": 30, "newtext_cold": 30,
                   "newtext_warm": 30, "sitegen": 40, "sitebuild": 60, "sitefloor": 60, "site": 120}


def test_small_benchmark_runs_within_ceilings(tmp_path):
    out = tmp_path / "bench.json"
    proc = subprocess.run([sys.executable, "-m", "bench.run", "--sizes", "100", "--runs", "1", "--no-bundled",
                           "--workdir", str(tmp_path / "work"), "--output", str(out)],
                          cwd=REPO, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    data = json.loads(out.read_text())
    stages = data["kbs"]["100"]["stages"]
    assert set(stages) == set(CEILING_SECONDS)
    for stage, row in stages.items():
        # a stage's CPU time where the benchmark measures it: the full suite runs on every core (pytest -n auto),
        # where a stage's wall clock also measures the tests beside it (sitegen took 55 s of wall clock so, some 20 s
        # alone); the ceilings are for the stage's own work
        assert row.get("cpu_median", row["median"]) < CEILING_SECONDS[stage], (stage, row)
    assert "| floor |" in proc.stdout  # the Markdown table for the docs


def test_generated_kb_is_reused_only_for_the_same_inputs(tmp_path):
    from bench.generate import generate

    out = tmp_path / "kb"
    first = generate(30, str(out), seed=3, quiet=True)
    (out / "events" / "marker.txt").write_text("left by the first generation")
    assert generate(30, str(out), seed=3, quiet=True) == first  # same inputs: the KB on disk is kept
    assert (out / "events" / "marker.txt").exists()
    generate(30, str(out), seed=4, quiet=True)  # another seed: generated afresh
    assert not (out / "events" / "marker.txt").exists()


def _row(median, cpu=None):
    row = {"median": median, "min": median, "max": median, "peak_rss_mb": 50, "runs": 3}
    if cpu is not None:
        row["cpu_median"] = cpu
    return row


def test_markdown_reports_both_floors_and_judges_the_goals():
    from bench.run import render_markdown

    results = {"date": "2026-11-23 02:00 UTC", "machine": "x86_64, 2 cores", "runs": 3, "seconds": 1.0,
               "argv": "--sizes 10000", "kbs": {
                   "bundled": {"events": 34, "stages": {
                       "floor": _row(0.05), "floor_py": _row(0.25), "floor_process": _row(0.2, 0.15),
                       "check_warm": _row(0.4, 0.25), "newtext_warm": _row(0.6, 0.5)}},
                   "10000": {"events": 10000, "stages": {
                       "newtext_warm": _row(3.0, 2.5), "check_cold": _row(20.0, 12.0), "check_warm": _row(2.0, 1.5)}},
               }}
    md = render_markdown(results)
    assert "| floor | 0.050 s" in md and "| floor_py | 0.250 s" in md
    assert "pure-Python YAML floor 0.250 s = 5.0× the libyaml floor" in md
    assert "one new text vs 10,000 events, warm cache, under 1 s: CPU 2.500 s (wall 3.000 s) — **not met**" in md
    assert "at most 2× the bundled KB's (CPU 0.500 s (wall 0.600 s)): 5.00× — **not met**" in md
    assert "bundled full check, warm cache (CPU 0.250 s) at most 2× the libyaml floor as a process (CPU 0.150 s): " \
           "1.67× — **met**" in md
    assert "full check of 10,000 events, cold, under 10 s: CPU 12.000 s (wall 20.000 s) — **not met**" in md
    assert "full check of 10,000 events, warm, under 3 s: CPU 1.500 s (wall 2.000 s) — **met**" in md


def test_an_inconclusive_check_is_a_result_and_the_table_says_so():
    """A full check that ends inconclusive (exit 3: a logic time limit ran out, as at 30,000 events) is measured,
    not taken for a crash, and its row says in how many runs it was inconclusive."""
    from bench.run import _fmt, _row

    samples = [{"seconds": s, "cpu_seconds": s, "peak_rss_mb": 100.0, "exit": e} for s, e in ((1.0, 3), (2.0, 0),
                                                                                              (3.0, 3))]
    row = _row(samples, 3)
    assert row["inconclusive"] == 2
    assert _fmt(row).endswith("inconclusive in 2 of 3 runs (exit 3)")
    assert "inconclusive" not in _fmt(_row([{**s, "exit": 0} for s in samples], 3))
