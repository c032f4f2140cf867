"""The outside recipe of issue 20, as a slow test and a script.

150 copies of seeds 000 and 001, each damaged one of six ways (a line deleted, a line of 40 random bytes inserted,
truncated at a random line, two lines swapped, one line replaced by 200,000 'X', every ':' removed), each checked
with ``rulekb check FILE.txt --format json`` (``--period VII`` where there is no header) in its own process.
A failure: a run over 15 s, an exit code outside 0/1/2/3, a traceback, or JSON output that does not parse.

    .venv/bin/python -m tests.test_fuzz_recipe [--cases 150] [--seed 20]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SEEDS = sorted((REPO / "tests" / "fixtures" / "seeds").glob("00[01]_*.txt"))
KINDS = ["delete", "random-bytes-line", "truncate", "swap", "200k-X", "no-colons"]
BOUND_S = 15.0


def damage(data: bytes, kind: str, rnd: random.Random) -> bytes:
    lines = data.split(b"\n")
    i = rnd.randrange(len(lines))
    if kind == "delete":
        del lines[i]
    elif kind == "random-bytes-line":
        lines.insert(i, bytes(rnd.randrange(256) for _ in range(40)))
    elif kind == "truncate":
        lines = lines[:i]
    elif kind == "swap":
        j = rnd.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "200k-X":
        lines[i] = b"X" * 200_000
    elif kind == "no-colons":
        return data.replace(b":", b"")
    return b"\n".join(lines)


def run_case(path: Path, data: bytes) -> dict:
    argv = [sys.executable, "-m", "checker.cli", "check", str(path), "--format", "json"]
    if not data.lstrip().startswith(b"PERIOD"):
        argv += ["--period", "VII"]
    start = time.perf_counter()
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=BOUND_S * 4, cwd=REPO, check=False)
    except subprocess.TimeoutExpired:
        return {"ok": False, "why": "hang", "seconds": round(time.perf_counter() - start, 2)}
    took = time.perf_counter() - start
    why = None
    if took > BOUND_S:
        why = f"took {took:.1f} s"
    elif proc.returncode not in (0, 1, 2, 3):
        why = f"exit {proc.returncode}"
    elif "Traceback" in proc.stderr or "internal error" in proc.stderr:
        why = "traceback"
    elif proc.returncode != 2:
        try:
            json.loads(proc.stdout)
        except ValueError:
            why = "output is not JSON"
    return {"ok": why is None, "why": why, "seconds": round(took, 2), "exit": proc.returncode}


def run(cases: int = 150, seed: int = 20, out=print) -> dict:
    rnd = random.Random(seed)
    sources = {p.name: p.read_bytes() for p in SEEDS}
    stats: dict = {"cases": 0, "failures": [], "by_kind": Counter(), "exits": Counter(), "slowest_s": 0.0}
    with tempfile.TemporaryDirectory(prefix="rulekb-recipe-") as tmp:
        for k in range(cases):
            name = rnd.choice(sorted(sources))
            kind = rnd.choice(KINDS)
            data = damage(sources[name], kind, rnd)
            path = Path(tmp) / f"{k:03d}_{name}"
            path.write_bytes(data)
            result = run_case(path, data)
            stats["cases"] += 1
            stats["by_kind"][kind] += 1
            stats["exits"][result.get("exit")] += 1
            if result["seconds"] > stats["slowest_s"]:  # keep the slowest input, to run it again
                stats["slowest_s"], stats["slowest"] = result["seconds"], (k, name, kind)
                slowest = data
            if not result["ok"]:
                stats["failures"].append((k, name, kind, result))
                out(f"FAIL case {k} {name} {kind}: {result}")
    out(f"recipe: {stats['cases']} cases, {len(stats['failures'])} failures, slowest {stats['slowest_s']} s, "
        f"exits {dict(stats['exits'])}, kinds {dict(stats['by_kind'])}")
    if stats.get("slowest"):
        keep = os.environ.get("RULEKB_RECIPE_SLOWEST") or os.path.join(tempfile.gettempdir(),
                                                                      "rulekb-recipe-slowest.txt")
        Path(keep).write_bytes(slowest)
        out(f"slowest case {stats['slowest']}: its input kept in {keep}")
    return stats


@pytest.mark.slow
def test_outside_recipe_of_issue_20():
    stats = run(int(os.environ.get("RULEKB_RECIPE_CASES", "150")))
    assert stats["failures"] == []


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=150)
    parser.add_argument("--seed", type=int, default=20)
    args = parser.parse_args()
    sys.exit(1 if run(args.cases, args.seed)["failures"] else 0)
