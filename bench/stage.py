"""Run one benchmark stage once, in its own process, and print its measurements as JSON.

    python -m bench.stage STAGE KB_DIR [--goal ID] [--text FILE] [--period P] [--cache-dir DIR]
    python -m bench.stage snapshot KB_DIR --cache-dir DIR   # load once, filling the KB cache for later stages

Stages: floor (read and parse the KB's YAML files with libyaml, ``yaml.CSafeLoader``, nothing else; an error if
libyaml is missing), floor_py (the same with PyYAML's pure-Python ``SafeLoader``, for comparison), load (load with
schema validation, no KB cache), load_warm (load from a warm KB cache), lint (all
checks but the logic family, on a loaded KB), logic (the logic family: whole-KB analysis), order (shortest
history for --goal), newtext (check one new event text --text in the KB's context, all checks, load included),
sitegen (write the site's Markdown, the companion's start position solved included), sitebuild (mkdocs build of it), sitefloor (mkdocs' own floor: the same build
of plain Markdown pages of the same count, paths, navigation, front matter and byte sizes), site (``rulekb site`` as a
whole process: load, checks, pages and mkdocs). Whole-process stages run ``rulekb check`` as a
user does and time the process (wall clock, and its CPU time as ``cpu_seconds``): check_cold and check_warm (the
full check with an empty / a warm cache folder), floor_process (the libyaml floor as a process of its own), newtext_cold and newtext_warm (one new text, --text, in the
KB's context). Warm stages use the cache folder ``--cache-dir`` (the harness's warm-up run fills it); cold ones an
empty folder each run. Everything the stage needs first (loading
the KB for lint, logic and order) is done before the clock starts; with ``--cache-dir`` those stages load the KB
from rulekb's own KB cache, which the harness fills once (``snapshot``), instead of loading 10,000 YAML files
again in each of their processes only to throw the time away. Peak memory is the process's maximum resident set size.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import tempfile
import time


def _yaml_floor(root: str, pure_python: bool = False) -> int:
    import yaml

    loader = yaml.SafeLoader if pure_python else yaml.CSafeLoader  # no silent fallback: the floor is libyaml
    n = 0
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d != "schema"]
        for name in filenames:
            if name.endswith(".yaml"):
                with open(os.path.join(dirpath, name), "rb") as fh:
                    yaml.load(fh.read().decode("utf-8"), Loader=loader)  # noqa: S506 - safe loader
                n += 1
    return n


def _loaded(root: str, cache_dir: str | None):
    """The loaded KB, from the KB cache in ``cache_dir`` when given (filled by the snapshot stage)."""
    from checker.kb.store import load_kb

    if cache_dir:
        os.environ["RULEKB_CACHE_DIR"] = cache_dir
        os.environ.pop("RULEKB_NO_CACHE", None)
    return load_kb(root)


CLI_STAGES = {"floor_process", "check_cold", "check_warm", "newtext_cold", "newtext_warm", "site"}

_WORDS = ("the event occurs when the period begins and each country rolls one die for its provinces while the "
          "player who controls the army may move it one area further before the peace phase ends").split()


def plain_markdown_copy(docs: str) -> int:
    """Replace every generated page's body by plain Markdown (one heading, then paragraphs of words) of the same
    size in bytes, keeping its front matter, its path and the navigation file: what mkdocs costs on pages of the
    same count and size with nothing but Markdown in them. mkdocs-material's search indexes every page as it does
    on any site: rulekb's prepared search entries (``checker/site/search_hook.py``) and the front matter that
    excludes event pages from the plugin's own parsing are removed. Returns the bytes written."""
    from checker.site.search_hook import PREPARED

    if os.path.exists(os.path.join(docs, PREPARED)):
        os.unlink(os.path.join(docs, PREPARED))
    total = 0
    for dirpath, _dirs, files in os.walk(docs):
        for name in files:
            if not name.endswith(".md"):
                continue
            path = os.path.join(dirpath, name)
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
            front = ""
            if text.startswith("---\n"):
                end = text.index("\n---\n", 4) + 5
                front, text = text[:end].replace("  exclude: true\n", ""), text[end:]
            size = len(text.encode("utf-8"))
            parts = ["\n# A page of plain text\n\n"]
            n = len(parts[0])
            k = 0
            while n < size:
                para = " ".join(_WORDS[(k + j) % len(_WORDS)] for j in range(60)) + ".\n\n"
                k += 7
                parts.append(para)
                n += len(para)
            body = "".join(parts)[:max(size, 1)]
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(front + body)
            total += len((front + body).encode("utf-8"))
    return total


def _cli(stage: str, root: str, text: str | None, period: str | None, cache_dir: str | None) -> dict:
    """Run ``rulekb check`` in a child process; its wall time and CPU time (user + system)."""
    import shutil
    import subprocess

    env = dict(os.environ)
    env.pop("RULEKB_NO_CACHE", None)
    cold = stage.endswith("_cold")
    folder = (tempfile.mkdtemp(prefix="rulekb-bench-cache-") if cold or stage in ("floor_process", "site")
              else cache_dir)
    if not folder:
        raise SystemExit(f"{stage} needs --cache-dir")
    env["RULEKB_CACHE_DIR"] = folder
    cmd = [sys.executable, "-m", "checker.cli", "check", "--kb", root, "--format", "json"]
    site_dir = None
    if stage == "site":  # `rulekb site` as a user runs it: load, checks, pages, mkdocs; an empty cache folder
        site_dir = tempfile.mkdtemp(prefix="rulekb-bench-site-")
        cmd = [sys.executable, "-m", "checker.cli", "site", "--kb", root, "--docs", os.path.join(site_dir, "docs"),
               "--out", os.path.join(site_dir, "site")]
    elif stage == "floor_process":  # the floor as a whole process too: interpreter, yaml import, parsing
        cmd = [sys.executable, "-c", "import sys; from bench.stage import _yaml_floor; _yaml_floor(sys.argv[1])", root]
    elif stage.startswith("newtext"):
        cmd += [text] + (["--period", period] if period else [])
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=3600)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if folder != cache_dir:
        shutil.rmtree(folder, ignore_errors=True)
    if site_dir is not None:
        shutil.rmtree(site_dir, ignore_errors=True)
        if proc.returncode != 0:
            raise SystemExit(f"rulekb site failed ({proc.returncode}): {proc.stderr[-2000:]}")
    if proc.returncode not in (0, 1, 3):  # 3: inconclusive (a logic time limit), a result like the others
        raise SystemExit(f"rulekb check failed ({proc.returncode}): {proc.stderr[-2000:]}")
    findings = len(json.loads(proc.stdout)["findings"]) if stage not in ("floor_process", "site") else 0
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"stage": stage, "seconds": round(wall, 4), "cpu_seconds": round(cpu, 4), "findings": findings,
            "exit": proc.returncode, "peak_rss_mb": round(after.ru_maxrss / 1024, 1)}


def run(stage: str, root: str, goal: str | None, text: str | None, period: str | None,
        cache_dir: str | None = None) -> dict:
    if stage in CLI_STAGES:
        return _cli(stage, root, text, period, cache_dir)
    from checker.checks import CheckContext, registry, run_checks
    from checker.engine.locate import Locator
    from checker.kb.store import load_kb

    out: dict = {"stage": stage}
    if stage == "snapshot":
        start, cpu_start = time.perf_counter(), time.process_time()
        _loaded(root, cache_dir)
    elif stage in ("floor", "floor_py"):
        start, cpu_start = time.perf_counter(), time.process_time()
        out["files"] = _yaml_floor(root, pure_python=stage == "floor_py")
    elif stage == "load":
        os.environ["RULEKB_NO_CACHE"] = "1"
        start, cpu_start = time.perf_counter(), time.process_time()
        load_kb(root)
    elif stage == "load_warm":
        if not cache_dir:
            raise SystemExit("load_warm needs --cache-dir")
        os.environ["RULEKB_CACHE_DIR"] = cache_dir
        os.environ.pop("RULEKB_NO_CACHE", None)
        start, cpu_start = time.perf_counter(), time.process_time()
        load_kb(root)
    elif stage in ("lint", "logic"):
        load = _loaded(root, cache_dir)
        ctx = CheckContext(load.kb, Locator(load), load_findings=list(load.findings))
        codes = {c for c, info in registry().items() if (info.category == "logic") == (stage == "logic")}
        start, cpu_start = time.perf_counter(), time.process_time()
        findings = run_checks(ctx, codes)
        out["findings"] = len(findings)
        if stage == "logic":
            from checker.checks.logic import kept_analyses

            analyses = kept_analyses(ctx)
            analysis = analyses[0] if len(analyses) == 1 else None
            if analysis is not None:
                out["clingo_seconds"] = round(analysis.stats.ground_seconds + analysis.stats.solve_seconds, 4)
                out["solves"] = analysis.stats.solves
    elif stage == "order":
        from checker.logic.orders import shortest_history

        kb = _loaded(root, cache_dir).kb.one_game()
        start, cpu_start = time.perf_counter(), time.process_time()
        result = shortest_history(kb, goal)
        out["status"] = result.status
        out["turns"] = len(result.history)
    elif stage == "newtext":
        from checker.engine.run import check_paths

        os.environ["RULEKB_NO_CACHE"] = "1"
        start, cpu_start = time.perf_counter(), time.process_time()
        run_ = check_paths([text], root, period=period)
        out["findings"] = len(run_.findings)
    elif stage in ("sitegen", "sitebuild", "sitefloor"):
        from checker.site.build import build_site, generate_pages

        kb_load = load_kb(root)
        workdir = tempfile.mkdtemp(prefix="rulekb-bench-site-")
        docs = os.path.join(workdir, "docs")
        if stage == "sitegen":
            start, cpu_start = time.perf_counter(), time.process_time()
            out["pages"] = generate_pages(kb_load, docs)
        else:
            out["pages"] = generate_pages(kb_load, docs)
            if stage == "sitefloor":
                out["bytes"] = plain_markdown_copy(docs)
            start, cpu_start = time.perf_counter(), time.process_time()
            build_site(docs, os.path.join(workdir, "site"), config_dir=workdir)
    else:
        raise SystemExit(f"unknown stage {stage}")
    out["seconds"] = round(time.perf_counter() - start, 4)
    out["cpu_seconds"] = round(time.process_time() - cpu_start, 4)
    out["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    if stage in ("sitegen", "sitebuild", "sitefloor"):
        import shutil

        shutil.rmtree(workdir, ignore_errors=True)  # the site of each run (14 MB at 1,000 events) is not kept
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("stage")
    p.add_argument("kb")
    p.add_argument("--goal")
    p.add_argument("--text")
    p.add_argument("--period")
    p.add_argument("--cache-dir", help="rulekb cache folder of the warm stages and of the loaded KB (snapshot)")
    args = p.parse_args(argv)
    if args.stage == "snapshot" and not args.cache_dir:
        p.error("snapshot needs --cache-dir DIR")
    print(json.dumps(run(args.stage, args.kb, args.goal, args.text, args.period, args.cache_dir)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
