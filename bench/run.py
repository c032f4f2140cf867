"""Benchmark every stage of rulekb on the bundled KB and on synthetic KBs of 100, 1,000 and 10,000 events.

    python -m bench.run                      # full run: bundled, 100, 1000, 10000 (about 12 minutes here)
    python -m bench.run --sizes 100 --runs 3 # the small version CI runs
    python -m bench.run --write-docs         # also write docs/benchmarks.md with the table, date and machine

Each stage runs in its own process (``bench/stage.py``): one warm-up, then ``--runs`` measured runs; the table
gives the median, the spread (min–max) and the peak resident memory. Two reference points are measured in
the same run so the figures read as ratios: the floor (reading and parsing the same YAML files and nothing
else) and clingo's own ground+solve time inside the logic check. The growth factor is the 10,000-event median
over the 1,000-event median. Results go to ``bench/results/latest.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NEW_TEXT = ROOT / "bench" / "new_event_vii.txt"
NEW_TEXT_SYNTHETIC = ROOT / "bench" / "new_event_i.txt"
STAGES = ["floor", "load", "lint", "logic", "order", "newtext", "sitegen", "sitebuild"]
SITE_MAX_EVENTS = 1000  # the site is built for the bundled KB and up to 1,000 events


SNAPSHOT_STAGES = {"lint", "logic", "order"}  # stages that start from a loaded KB (outside their clock)


def _stage(stage: str, kb: str, goal: str | None, text: str | None, period: str | None,
           snapshot: str | None = None) -> dict:
    cmd = [sys.executable, "-m", "bench.stage", stage, kb]
    if snapshot and (stage in SNAPSHOT_STAGES or stage == "snapshot"):
        cmd += ["--snapshot", snapshot]
    if goal:
        cmd += ["--goal", goal]
    if text:
        cmd += ["--text", text]
    if period:
        cmd += ["--period", period]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=1800)
    if proc.returncode != 0:
        raise RuntimeError(f"stage {stage} on {kb} failed:\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def measure(kb: str, label: str, goal: str, text: str, period: str | None, runs: int, stages: list[str],
            progress) -> dict:
    out = {}
    snapshot = None
    if SNAPSHOT_STAGES & set(stages):
        fd, snapshot = tempfile.mkstemp(prefix="rulekb-bench-", suffix=".pickle")
        os.close(fd)
        progress(f"{label}: loading once for the stages that start from a loaded KB")
        _stage("snapshot", kb, None, None, None, snapshot)
    try:
        for stage in stages:
            progress(f"{label}: {stage}")
            _stage(stage, kb, goal, text, period, snapshot)  # warm-up
            samples = [_stage(stage, kb, goal, text, period, snapshot) for _ in range(runs)]
            out[stage] = _row(samples, runs)
    finally:
        if snapshot:
            os.unlink(snapshot)
    return out


def _row(samples: list[dict], runs: int) -> dict:
    secs = [s["seconds"] for s in samples]
    row = {"median": round(statistics.median(secs), 4), "min": min(secs), "max": max(secs),
           "peak_rss_mb": max(s["peak_rss_mb"] for s in samples), "runs": runs}
    if "clingo_seconds" in samples[0]:
        row["clingo_median"] = round(statistics.median(s["clingo_seconds"] for s in samples), 4)
    return row


def main(argv: list[str] | None = None) -> int:
    from rich.console import Console

    p = argparse.ArgumentParser(description="Benchmark every stage of rulekb (see the module docstring).")
    p.add_argument("--sizes", default="100,1000,10000", help="synthetic KB sizes (comma-separated)")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--workdir", default=os.environ.get("RULEKB_BENCH_DIR", "/tmp/rulekb-bench"))
    p.add_argument("--output", default=str(ROOT / "bench" / "results" / "latest.json"))
    p.add_argument("--write-docs", action="store_true")
    p.add_argument("--no-bundled", action="store_true")
    args = p.parse_args(argv)
    console = Console(stderr=True)
    sizes = [int(s) for s in args.sizes.split(",") if s]
    started = time.perf_counter()
    results: dict = {"date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
                     "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
                     "runs": args.runs, "kbs": {}}
    with console.status("benchmarking") as status:
        def progress(msg):
            status.update(msg)

        if not args.no_bundled:
            results["kbs"]["bundled"] = {"events": 34, "stages": measure(
                str(ROOT / "kb"), "bundled", "8:VII", str(NEW_TEXT), "VII", args.runs, STAGES, progress)}
        sys.path.insert(0, str(ROOT))
        from bench.generate import generate

        for n in sizes:
            out = os.path.join(args.workdir, f"kb{n}")
            progress(f"generating {n} events")
            info = generate(n, out, seed=7, quiet=True)
            stages = [s for s in STAGES if not s.startswith("site") or n <= SITE_MAX_EVENTS]
            results["kbs"][str(n)] = {"events": n, "goal": info["chain_goal"], "stages": measure(
                out, f"{n} events", info["chain_goal"], str(NEW_TEXT_SYNTHETIC), "I", args.runs, stages, progress)}
    kbs = results["kbs"]
    if "1000" in kbs and "10000" in kbs:
        results["growth_1000_to_10000"] = {
            s: round(kbs["10000"]["stages"][s]["median"] / max(kbs["1000"]["stages"][s]["median"], 1e-9), 2)
            for s in kbs["10000"]["stages"] if s in kbs["1000"]["stages"]}
    results["seconds"] = round(time.perf_counter() - started, 1)
    os.makedirs(os.path.dirname(args.output), exist_ok=True)
    with open(args.output, "w", encoding="utf-8") as fh:
        json.dump(results, fh, indent=2)
    table = render_table(results)
    Console().print(table)
    md = render_markdown(results)
    print(md)
    if args.write_docs:
        doc = ROOT / "docs" / "benchmarks.md"
        doc.parent.mkdir(exist_ok=True)
        doc.write_text(md, encoding="utf-8")
    return 0


def _fmt(row: dict | None) -> str:
    if not row:
        return "–"
    return f"{row['median']:.3f} s ({row['min']:.3f}–{row['max']:.3f}), {row['peak_rss_mb']:.0f} MB"


def render_table(results: dict):
    from rich.table import Table

    table = Table(title=f"rulekb benchmark, {results['date']}, {results['machine']}, median of {results['runs']} runs")
    table.add_column("stage")
    for name in results["kbs"]:
        table.add_column(name if name == "bundled" else f"{int(name):,} events")
    for stage in STAGES:
        table.add_row(stage, *[_fmt(kb["stages"].get(stage)) for kb in results["kbs"].values()])
    return table


def render_markdown(results: dict) -> str:
    kbs = results["kbs"]
    head = "| stage | " + " | ".join(n if n == "bundled" else f"{int(n):,} events" for n in kbs) + " |"
    lines = [
        "# Benchmarks",
        "",
        f"Latest run: {results['date']} on {results['machine']}; median of {results['runs']} runs after a warm-up, "
        "spread min–max, peak resident memory of the stage's process. Produced by `python -m bench.run --write-docs` "
        f"in {results['seconds']} s.",
        "",
        head,
        "|" + " --- |" * (len(kbs) + 1),
    ]
    for stage in STAGES:
        lines.append(f"| {stage} | " + " | ".join(_fmt(kb["stages"].get(stage)) for kb in kbs.values()) + " |")
    lines += ["", "Ratios:", ""]
    for name, kb in kbs.items():
        st = kb["stages"]
        floor = st["floor"]["median"]
        checks = st["load"]["median"] + st["lint"]["median"] + st["logic"]["median"]
        clingo = st["logic"].get("clingo_median")
        lines.append(f"- {name}: load+lint+logic {checks:.3f} s = {checks / floor:.1f}× the YAML floor ({floor:.3f} s)"
                     + (f"; clingo ground+solve {clingo:.3f} s of the logic check's {st['logic']['median']:.3f} s"
                        if clingo is not None else ""))
    if "growth_1000_to_10000" in results:
        g = results["growth_1000_to_10000"]
        lines.append("- growth 1,000 → 10,000 events: " + ", ".join(f"{k} {v}×" for k, v in g.items()))
    lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
