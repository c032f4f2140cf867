"""Benchmark every stage of rulekb on the bundled KB and on synthetic KBs of 100, 1,000 and 10,000 events.

    python -m bench.run                      # full run: bundled, 100, 1,000, 10,000, 30,000 events (long)
    python -m bench.run --sizes 10000 --no-bundled --stages newtext_warm,check_warm   # some rows only
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
import shutil
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
STAGES = ["floor", "floor_py", "floor_process", "load", "load_warm", "lint", "logic", "order", "newtext", "check_cold", "check_warm",
          "newtext_cold", "newtext_warm", "sitegen", "sitebuild", "sitefloor", "site"]
SITE_MAX_EVENTS = 1000  # the site is built for the bundled KB and up to 1,000 events
LARGE = 10000  # above this size only the stages below run (the goals at 30,000 events are about these)
LARGE_STAGES = {"floor", "floor_process", "load_warm", "check_warm", "newtext_warm"}


SNAPSHOT_STAGES = {"lint", "logic", "order"}  # stages that start from a loaded KB (outside their clock)
CACHE_STAGES = SNAPSHOT_STAGES | {"snapshot", "load_warm", "check_warm", "newtext_warm"}


def _stage(stage: str, kb: str, goal: str | None, text: str | None, period: str | None,
           cache_dir: str | None = None) -> dict:
    cmd = [sys.executable, "-m", "bench.stage", stage, kb]
    if cache_dir and stage in CACHE_STAGES:
        cmd += ["--cache-dir", cache_dir]
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
    cache_dir = tempfile.mkdtemp(prefix="rulekb-bench-cache-")  # the warm stages' cache folder, this KB only
    try:
        if CACHE_STAGES & set(stages):
            progress(f"{label}: loading once to fill the KB cache")
            _stage("snapshot", kb, None, None, None, cache_dir)
        for stage in stages:
            progress(f"{label}: {stage}")
            _stage(stage, kb, goal, text, period, cache_dir)  # warm-up (fills the cache for warm stages)
            samples = [_stage(stage, kb, goal, text, period, cache_dir) for _ in range(runs)]
            out[stage] = _row(samples, runs)
    finally:
        shutil.rmtree(cache_dir, ignore_errors=True)
    return out


def _row(samples: list[dict], runs: int) -> dict:
    secs = [s["seconds"] for s in samples]
    row = {"median": round(statistics.median(secs), 4), "min": min(secs), "max": max(secs),
           "peak_rss_mb": max(s["peak_rss_mb"] for s in samples), "runs": runs}
    if "cpu_seconds" in samples[0]:
        row["cpu_median"] = round(statistics.median(s["cpu_seconds"] for s in samples), 4)
    if any(s.get("exit") == 3 for s in samples):  # rulekb said "inconclusive": a logic time limit ran out
        row["inconclusive"] = sum(1 for s in samples if s.get("exit") == 3)
    if "clingo_seconds" in samples[0]:
        row["clingo_median"] = round(statistics.median(s["clingo_seconds"] for s in samples), 4)
    return row


def main(argv: list[str] | None = None) -> int:
    from rich.console import Console

    p = argparse.ArgumentParser(description="Benchmark every stage of rulekb (see the module docstring).")
    p.add_argument("--sizes", default="100,1000,10000,30000", help="synthetic KB sizes (comma-separated)")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--workdir", default=os.environ.get("RULEKB_BENCH_DIR", "/tmp/rulekb-bench"))
    p.add_argument("--output", default=str(ROOT / "bench" / "results" / "latest.json"))
    p.add_argument("--write-docs", action="store_true")
    p.add_argument("--no-bundled", action="store_true")
    p.add_argument("--keep-generated", action="store_true",
                   help="reuse synthetic KBs generated earlier with the same arguments even if the code changed")
    p.add_argument("--stages", default=",".join(STAGES), help="stages to run (comma-separated; default: all)")
    p.add_argument("--merge", nargs="+", metavar="RESULTS.json",
                   help="run nothing: combine saved results (one run per group of rows) into one table")
    args = p.parse_args(argv)
    if args.merge:
        return merge(args.merge, args.write_docs)
    chosen = [s for s in args.stages.split(",") if s]
    unknown = sorted(set(chosen) - set(STAGES))
    if unknown:
        p.error(f"unknown stages: {', '.join(unknown)} (known: {', '.join(STAGES)})")
    chosen = [s for s in STAGES if s in chosen]
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
                str(ROOT / "kb"), "bundled", "8:VII", str(NEW_TEXT), "VII", args.runs, chosen, progress)}
        sys.path.insert(0, str(ROOT))
        from bench.generate import generate

        for n in sizes:
            out = os.path.join(args.workdir, f"kb{n}")
            progress(f"generating {n} events")
            info = generate(n, out, seed=7, quiet=True, keep=args.keep_generated)
            stages = [s for s in chosen if (not s.startswith("site") or n <= SITE_MAX_EVENTS)
                      and (n <= LARGE or s in LARGE_STAGES)]
            results["kbs"][str(n)] = {"events": n, "goal": info["chain_goal"], "stages": measure(
                out, f"{n} events", info["chain_goal"], str(NEW_TEXT_SYNTHETIC), "I", args.runs, stages, progress)}
    kbs = results["kbs"]
    if "1000" in kbs and "10000" in kbs:
        results["growth_1000_to_10000"] = {
            s: round(kbs["10000"]["stages"][s]["median"] / max(kbs["1000"]["stages"][s]["median"], 1e-9), 2)
            for s in kbs["10000"]["stages"] if s in kbs["1000"]["stages"]}
    results["seconds"] = round(time.perf_counter() - started, 1)
    results["argv"] = " ".join(argv if argv is not None else sys.argv[1:])
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


def merge(paths: list[str], write_docs: bool) -> int:
    """One table from several saved runs (each run's rows are kept as measured; the commands are all listed)."""
    merged: dict = {"kbs": {}, "seconds": 0.0, "commands": []}
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            part = json.load(fh)
        for key in ("date", "machine", "runs"):
            merged.setdefault(key, part[key])
        merged["date"] = max(merged["date"], part["date"])
        merged["seconds"] = round(merged["seconds"] + part["seconds"], 1)
        merged["commands"].append(f"python -m bench.run {part.get('argv', '')}".strip())
        for name, kb in part["kbs"].items():
            merged["kbs"].setdefault(name, {"events": kb["events"], "stages": {}})["stages"].update(kb["stages"])
    order = sorted(merged["kbs"], key=lambda n: -1 if n == "bundled" else int(n))
    merged["kbs"] = {n: merged["kbs"][n] for n in order}
    kbs = merged["kbs"]
    if "1000" in kbs and "10000" in kbs:
        merged["growth_1000_to_10000"] = {
            s: round(kbs["10000"]["stages"][s]["median"] / max(kbs["1000"]["stages"][s]["median"], 1e-9), 2)
            for s in kbs["10000"]["stages"] if s in kbs["1000"]["stages"]}
    md = render_markdown(merged)
    print(md)
    if write_docs:
        (ROOT / "docs" / "benchmarks.md").write_text(md, encoding="utf-8")
    return 0


def _fmt(row: dict | None) -> str:
    if not row:
        return "–"
    cpu = f", CPU {row['cpu_median']:.3f} s" if row.get("cpu_median") is not None else ""
    note = f", inconclusive in {row['inconclusive']} of {row['runs']} runs (exit 3)" if row.get("inconclusive") else ""
    return f"{row['median']:.3f} s ({row['min']:.3f}–{row['max']:.3f}){cpu}, {row['peak_rss_mb']:.0f} MB{note}"


def _label(name: str) -> str:
    return name if name == "bundled" else f"{int(name):,} events"


def _stages_in(results: dict) -> list[str]:
    present = {s for kb in results["kbs"].values() for s in kb["stages"]}
    return [s for s in STAGES if s in present]


def render_table(results: dict):
    from rich.table import Table

    table = Table(title=f"rulekb benchmark, {results['date']}, {results['machine']}, median of {results['runs']} runs")
    table.add_column("stage")
    for name in results["kbs"]:
        table.add_column(_label(name))
    for stage in _stages_in(results):
        table.add_row(stage, *[_fmt(kb["stages"].get(stage)) for kb in results["kbs"].values()])
    return table


def _median(results: dict, kb: str, stage: str, key: str = "median") -> float | None:
    row = results["kbs"].get(kb, {}).get("stages", {}).get(stage)
    return row.get(key) if row else None


def goals(results: dict) -> list[str]:
    """The goals of issue 18, each with the measured medians (wall clock; CPU time beside it) and met / not met."""
    out = []

    def verdict(ok: bool) -> str:
        return "**met**" if ok else "**not met**"

    def both(kb, stage):
        """CPU time decides (the issue's own figures are CPU medians; the wall clock of a machine shared by eight
        sessions measures the other sessions too); the wall clock is given beside it."""
        wall, cpu = _median(results, kb, stage), _median(results, kb, stage, "cpu_median")
        if cpu is None:
            return None, None, None
        return cpu, wall, f"CPU {cpu:.3f} s (wall {wall:.3f} s)"

    w10, c10, t10 = both("10000", "newtext_warm")
    wb, cb, tb = both("bundled", "newtext_warm")
    if t10:
        out.append(f"- one new text vs 10,000 events, warm cache, under 1 s: {t10} — {verdict(w10 < 1)}")
    if t10 and tb:
        out.append(f"- the same at most 2× the bundled KB's ({tb}): {w10 / wb:.2f}× — {verdict(w10 <= 2 * wb)}")
    w30, c30, t30 = both("30000", "newtext_warm")
    if t30:
        out.append(f"- one new text vs 30,000 events, warm cache, under 2 s: {t30} — {verdict(w30 < 2)}")
    warm = _median(results, "bundled", "check_warm", "cpu_median")
    floor = _median(results, "bundled", "floor_process", "cpu_median")
    if warm is not None and floor is not None:
        out.append(f"- bundled full check, warm cache (CPU {warm:.3f} s) at most 2× the libyaml floor as a process "
                   f"(CPU {floor:.3f} s): {warm / floor:.2f}× — {verdict(warm <= 2 * floor)}")
    cold, _, tcold = both("10000", "check_cold")
    if tcold:
        out.append(f"- full check of 10,000 events, cold, under 10 s: {tcold} — {verdict(cold < 10)}")
    warm10, _, twarm10 = both("10000", "check_warm")
    if twarm10:
        out.append(f"- full check of 10,000 events, warm, under 3 s: {twarm10} — {verdict(warm10 < 3)}")
    build, _, tbuild = both("1000", "sitebuild")
    floor_site, _, tfloor_site = both("1000", "sitefloor")
    if tbuild and tfloor_site:
        out.append(f"- site of 1,000 events: mkdocs on rulekb's pages ({tbuild}) at most 1.2× mkdocs on plain "
                   f"Markdown pages of the same count and size ({tfloor_site}): {build / floor_site:.2f}× — "
                   f"{verdict(build <= 1.2 * floor_site)}")
    site_cpu, site_wall, tsite = both("1000", "site")
    if tsite:  # issue 17: a wait a person sees, so the wall clock decides here
        out.append(f"- `rulekb site` of 1,000 events under 60 s (wall clock, load average in the notes): {tsite} — "
                   f"{verdict(site_wall < 60)}")
    return out


def render_markdown(results: dict) -> str:
    kbs = results["kbs"]
    stages = _stages_in(results)
    head = "| stage | " + " | ".join(_label(n) for n in kbs) + " |"
    lines = [
        "# Benchmarks",
        "",
        f"Latest run: {results['date']} on {results['machine']}; median of {results['runs']} runs after a warm-up, "
        "spread min–max, for whole-process stages the process's CPU time (user + system) beside the wall clock, and "
        "peak resident memory of the stage's process. Produced by "
        + (" and ".join(f"`{c}`" for c in results["commands"]) if results.get("commands") else
           f"`python -m bench.run {results.get('argv', '--write-docs')}`")
        + f" in {results['seconds']} s.",
        "",
        "Stages: `floor` reads and parses the KB's YAML files with libyaml (`yaml.CSafeLoader`) and nothing else — "
        "the honest floor; `floor_py` is the same with PyYAML's pure-Python loader, for comparison; "
        "`floor_process` is the libyaml floor as a process of its own (interpreter start and imports included), "
        "the yardstick of the whole-process rows. `load` loads and validates without the KB cache, `load_warm` "
        "from a warm KB cache. `lint`, `logic`, `order` start from a loaded KB. `newtext` checks one new text "
        "in-process without the cache. `check_cold` / `check_warm` are `rulekb check --format json` as a whole "
        "process with an empty / a warm cache folder (warm: the KB and, for an unchanged KB, its findings come "
        "from the cache); `newtext_cold` / `newtext_warm` are `rulekb check NEW.txt` the same way. `sitegen` writes "
        "the site's Markdown pages (checks and logic included, and the companion page's start position solved once per "
        "game), `sitebuild` is mkdocs' build of them, `sitefloor` "
        "the same mkdocs build of plain Markdown pages of the same count, paths, navigation and byte sizes (mkdocs' "
        "own floor), and `site` is `rulekb site` as a whole process with an empty cache folder.",
        "",
        head,
        "|" + " --- |" * (len(kbs) + 1),
    ]
    for stage in stages:
        lines.append(f"| {stage} | " + " | ".join(_fmt(kb["stages"].get(stage)) for kb in kbs.values()) + " |")
    ratios: list[str] = []
    for name, kb in kbs.items():
        st = kb["stages"]

        def t(stage):  # CPU time where measured (the wall clock of a shared machine also measures the others)
            row = st[stage]
            return row["cpu_median"] if row.get("cpu_median") is not None else row["median"]

        parts = []
        if "floor" in st and "floor_py" in st:
            parts.append(f"pure-Python YAML floor {t('floor_py'):.3f} s = {t('floor_py') / t('floor'):.1f}× the "
                         f"libyaml floor ({t('floor'):.3f} s)")
        if all(s in st for s in ("floor", "load", "lint", "logic")):
            checks = t("load") + t("lint") + t("logic")
            parts.append(f"load+lint+logic {checks:.3f} s = {checks / t('floor'):.1f}× the libyaml floor")
        if "load" in st and "load_warm" in st:
            parts.append(f"load from a warm cache {t('load_warm'):.3f} s vs {t('load'):.3f} s without")
        if "check_warm" in st and "floor_process" in st:
            parts.append(f"full check as a process, warm cache, {t('check_warm'):.3f} s = "
                         f"{t('check_warm') / t('floor_process'):.1f}× the libyaml floor as a process "
                         f"({t('floor_process'):.3f} s)")
        clingo = st.get("logic", {}).get("clingo_median")
        if clingo is not None:
            parts.append(f"clingo ground+solve {clingo:.3f} s of the logic check's {st['logic']['median']:.3f} s "
                         "(wall)")
        if "sitebuild" in st and "sitefloor" in st:
            parts.append(f"mkdocs on rulekb's pages {t('sitebuild'):.3f} s = {t('sitebuild') / t('sitefloor'):.2f}× "
                         f"mkdocs on plain Markdown pages of the same count and size ({t('sitefloor'):.3f} s)")
        if parts:
            ratios.append(f"- {name} (CPU seconds): " + "; ".join(parts))
    if "growth_1000_to_10000" in results:
        g = results["growth_1000_to_10000"]
        ratios.append("- growth 1,000 → 10,000 events: " + ", ".join(f"{k} {v}×" for k, v in g.items()))
    if ratios:
        lines += ["", "Ratios:", ""] + ratios
    met = goals(results)
    if met:
        lines += ["", "Goals (issue 18; CPU-time medians decide, as in the issue; wall clock beside):", ""] + met
    lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
