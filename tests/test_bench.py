"""The benchmark's small version (100 synthetic events, one run per stage after a warm-up): it runs end to end,
and a slowdown that breaks a generous ceiling fails CI. Figures for the record come from `python -m bench.run`."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from .conftest import REPO

pytestmark = pytest.mark.slow

CEILING_SECONDS = {"floor": 5, "floor_py": 10, "floor_process": 10, "load": 10, "load_warm": 10, "lint": 10,
                   "logic": 20, "order": 10, "newtext": 10, "check_cold": 30, "check_warm": 30, "newtext_cold": 30,
                   "newtext_warm": 30, "sitegen": 20, "sitebuild": 60}


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
        assert row["median"] < CEILING_SECONDS[stage], (stage, row)
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
