"""Run one benchmark stage once, in its own process, and print its measurements as JSON.

    python -m bench.stage STAGE KB_DIR [--goal ID] [--text FILE] [--period P] [--snapshot FILE]
    python -m bench.stage snapshot KB_DIR --snapshot FILE   # load once, save the loaded KB for later stages

Stages: floor (read and parse the KB's YAML files, nothing else), load (load with schema validation), lint (all
checks but the logic family, on a loaded KB), logic (the logic family: whole-KB analysis), order (shortest
history for --goal), newtext (check one new event text --text in the KB's context, all checks, load included),
sitegen (write the site's Markdown), sitebuild (mkdocs build of it). Everything the stage needs first (loading
the KB for lint, logic and order) is done before the clock starts; with ``--snapshot`` those stages read the
loaded KB from a pickle the harness wrote once (``snapshot``), instead of loading 10,000 YAML files again in
each of their processes only to throw the time away. Peak memory is the process's maximum resident set size.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import resource
import sys
import tempfile
import time


def _yaml_floor(root: str) -> int:
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    n = 0
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d != "schema"]
        for name in filenames:
            if name.endswith(".yaml"):
                with open(os.path.join(dirpath, name), "rb") as fh:
                    yaml.load(fh.read().decode("utf-8"), Loader=loader)  # noqa: S506 - safe loader
                n += 1
    return n


def _loaded(root: str, snapshot: str | None):
    """The loaded KB: from the harness's snapshot if given (written by this code, never from elsewhere)."""
    from checker.kbio.store import load_kb

    if snapshot:
        with open(snapshot, "rb") as fh:
            return pickle.load(fh)  # noqa: S301 - a file the benchmark harness itself wrote
    return load_kb(root)


def run(stage: str, root: str, goal: str | None, text: str | None, period: str | None,
        snapshot: str | None = None) -> dict:
    from checker.checks import CheckContext, registry, run_checks
    from checker.kbio.store import load_kb
    from checker.pipeline import Locator

    out: dict = {"stage": stage}
    if stage == "snapshot":
        start = time.perf_counter()
        with open(snapshot, "wb") as fh:
            pickle.dump(load_kb(root), fh, protocol=pickle.HIGHEST_PROTOCOL)
    elif stage == "floor":
        start = time.perf_counter()
        out["files"] = _yaml_floor(root)
    elif stage == "load":
        start = time.perf_counter()
        load_kb(root)
    elif stage in ("lint", "logic"):
        load = _loaded(root, snapshot)
        ctx = CheckContext(load.kb, Locator(load), load_findings=list(load.findings))
        codes = {c for c, info in registry().items() if (info.category == "logic") == (stage == "logic")}
        start = time.perf_counter()
        findings = run_checks(ctx, codes)
        out["findings"] = len(findings)
        if stage == "logic":
            analysis = ctx.cache.get("logic-analysis")
            if analysis is not None:
                out["clingo_seconds"] = round(analysis.stats.ground_seconds + analysis.stats.solve_seconds, 4)
                out["solves"] = analysis.stats.solves
    elif stage == "order":
        from checker.logic.orders import shortest_history

        kb = _loaded(root, snapshot).kb
        start = time.perf_counter()
        result = shortest_history(kb, goal)
        out["status"] = result.status
        out["turns"] = len(result.history)
    elif stage == "newtext":
        from checker.pipeline import check_paths

        start = time.perf_counter()
        run_ = check_paths([text], root, period=period)
        out["findings"] = len(run_.findings)
    elif stage in ("sitegen", "sitebuild"):
        from checker.site.build import build_site, generate_pages

        kb_load = load_kb(root)
        workdir = tempfile.mkdtemp(prefix="rulekb-bench-site-")
        if stage == "sitegen":
            start = time.perf_counter()
            out["pages"] = generate_pages(kb_load, os.path.join(workdir, "docs"))
        else:
            generate_pages(kb_load, os.path.join(workdir, "docs"))
            start = time.perf_counter()
            build_site(os.path.join(workdir, "docs"), os.path.join(workdir, "site"), config_dir=workdir)
    else:
        raise SystemExit(f"unknown stage {stage}")
    out["seconds"] = round(time.perf_counter() - start, 4)
    out["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("stage")
    p.add_argument("kb")
    p.add_argument("--goal")
    p.add_argument("--text")
    p.add_argument("--period")
    p.add_argument("--snapshot", help="pickle of the loaded KB (written by the snapshot stage)")
    args = p.parse_args(argv)
    if args.stage == "snapshot" and not args.snapshot:
        p.error("snapshot needs --snapshot FILE")
    print(json.dumps(run(args.stage, args.kb, args.goal, args.text, args.period, args.snapshot)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
