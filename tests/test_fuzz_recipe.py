"""The outside recipe of issue 20, as a slow test and a script.

150 copies of seeds 000 and 001, each damaged one of six ways (a line deleted, a line of 40 random bytes inserted,
truncated at a random line, two lines swapped, one line replaced by 200,000 'X', every ':' removed), each checked
with ``rulekb check FILE.txt --format json`` (``--period VII`` where there is no header) in its own process.
A failure: a run over 15 s of CPU time, an exit code outside 0/1/2/3, a traceback, or JSON output that does not
parse. The bound is on the case's CPU time (its process's user + system time), not its wall time, so that a loaded
machine does not fail a case that did no more work; a case still running after 120 s of wall time is a hang.

    .venv/bin/python -m tests.test_fuzz_recipe [--cases 150] [--seed 20] [--fork]

``--fork`` runs each case in its own process too, but forked from one interpreter that has imported rulekb and
built the grammar checker once, instead of starting Python afresh: the same ``main`` on the same arguments, with
its own stdout, stderr, exit code and time bound, minus about a second of start-up a case. It makes a 10,000-case
run fit on a small machine. The plain mode stays the default and is the fork mode's oracle (``test_fork_mode_*``).
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
BOUND_S = 15.0  # CPU seconds a case may take
HANG_S = 120.0  # wall seconds after which a case is a hang (killed)


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


def _children_cpu() -> float:
    import resource

    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def run_case(path: Path, data: bytes) -> dict:
    argv = [sys.executable, "-m", "checker.cli", *argv_for(path, data)]
    cpu0 = _children_cpu()
    start = time.perf_counter()
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=HANG_S, cwd=REPO, check=False)
    except subprocess.TimeoutExpired:
        return {"ok": False, "why": "hang", "seconds": round(time.perf_counter() - start, 2)}
    took, cpu = time.perf_counter() - start, _children_cpu() - cpu0
    why = _judge(cpu, proc.returncode, proc.stdout, proc.stderr)
    return {"ok": why is None, "why": why, "seconds": round(took, 2), "cpu": round(cpu, 2), "exit": proc.returncode,
            "stdout": proc.stdout}


def _judge(cpu: float, code: int, stdout: str, stderr: str) -> str | None:
    """Why a finished case failed, or None (``cpu``: the case's CPU seconds)."""
    if cpu > BOUND_S:
        return f"took {cpu:.1f} s of CPU"
    if code not in (0, 1, 2, 3):
        return f"exit {code}"
    if "Traceback" in stderr or "internal error" in stderr:
        return "traceback"
    if code != 2:
        try:
            json.loads(stdout)
        except ValueError:
            return "output is not JSON"
    return None


def argv_for(path: Path, data: bytes) -> list[str]:
    argv = ["check", str(path), "--format", "json"]
    if not data.lstrip().startswith(b"PERIOD"):
        argv += ["--period", "VII"]
    return argv


def warm_for_fork() -> None:
    """Import what every case imports, build the process's grammar checker, and check each undamaged seed once in
    the parent (output dropped), so that every forked case starts with the parsers, dictionaries and KB a first
    check loads. What a case computes from its own input is computed afresh in the case."""
    import contextlib
    import io

    from checker.checks.style import sty006_grammar
    from checker.cli import main

    sty006_grammar.linter()
    with tempfile.TemporaryDirectory(prefix="rulekb-recipe-warm-") as tmp:
        for seed in SEEDS:
            path = Path(tmp) / seed.name
            data = seed.read_bytes()
            path.write_bytes(data)
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                main(argv_for(path, data))


def run_case_forked(path: Path, data: bytes) -> dict:
    """One case in a child forked from this (warmed) interpreter: ``main(argv)`` with stdout and stderr sent to
    files, killed after HANG_S of wall time like the plain mode."""
    from checker.cli import main

    with tempfile.TemporaryFile() as out_f, tempfile.TemporaryFile() as err_f:
        start = time.perf_counter()
        pid = os.fork()
        if pid == 0:  # the child: never returns into the fuzzer
            code = 70
            try:
                os.dup2(out_f.fileno(), 1)
                os.dup2(err_f.fileno(), 2)
                sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115 - the child ends with os._exit
                sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
                code = main(argv_for(path, data))
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 2
            except BaseException:  # noqa: BLE001 - reported to the parent as a traceback on stderr
                import traceback

                traceback.print_exc()
            finally:
                try:
                    sys.stdout.flush()
                    sys.stderr.flush()
                finally:
                    os._exit(code if isinstance(code, int) else 70)
        status = None
        while status is None:
            done, raw, usage = os.wait4(pid, os.WNOHANG)
            if done:
                status, cpu = raw, usage.ru_utime + usage.ru_stime
            elif time.perf_counter() - start > HANG_S:
                os.kill(pid, 9)
                os.waitpid(pid, 0)
                return {"ok": False, "why": "hang", "seconds": round(time.perf_counter() - start, 2)}
            else:
                time.sleep(0.01)
        took = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        out_f.seek(0)
        err_f.seek(0)
        stdout = out_f.read().decode("utf-8", "replace")
        stderr = err_f.read().decode("utf-8", "replace")
    why = _judge(cpu, code, stdout, stderr)
    return {"ok": why is None, "why": why, "seconds": round(took, 2), "cpu": round(cpu, 2), "exit": code,
            "stdout": stdout}


def cases(count: int, seed: int):
    """(k, source name, kind, damaged bytes) of a run, the same for both modes."""
    rnd = random.Random(seed)
    sources = {p.name: p.read_bytes() for p in SEEDS}
    for k in range(count):
        name = rnd.choice(sorted(sources))
        kind = rnd.choice(KINDS)
        yield k, name, kind, damage(sources[name], kind, rnd)


def run(cases_count: int = 150, seed: int = 20, out=print, fork: bool = False, part: int = 0, parts: int = 1) -> dict:
    """Run the recipe's cases (``part`` of ``parts``: the cases whose number is ``part`` modulo ``parts``, so that the
    parts together run every case once and a parallel test run can spread them over its workers)."""
    stats: dict = {"cases": 0, "failures": [], "by_kind": Counter(), "exits": Counter(), "slowest_s": 0.0}
    if fork:
        warm_for_fork()
    one = run_case_forked if fork else run_case
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="rulekb-recipe-") as tmp:
        for k, name, kind, data in cases(cases_count, seed):
            if k % parts != part:
                continue
            path = Path(tmp) / f"{k:03d}_{name}"
            path.write_bytes(data)
            result = one(path, data)
            path.unlink()
            stats["cases"] += 1
            stats["by_kind"][kind] += 1
            stats["exits"][result.get("exit")] += 1
            work = result.get("cpu", result["seconds"])
            if work > stats["slowest_s"]:  # keep the slowest input (CPU time), to run it again
                stats["slowest_s"], stats["slowest"] = work, (k, name, kind)
                slowest = data
            if not result["ok"]:
                stats["failures"].append((k, name, kind, result))
                out(f"FAIL case {k} {name} {kind}: " + str({x: y for x, y in result.items() if x != "stdout"}))
            if (k + 1) % 500 == 0:
                out(f"... {k + 1} cases, {len(stats['failures'])} failures, "
                    f"{time.perf_counter() - started:.0f} s", flush=True)
    out(f"recipe{' (forked)' if fork else ''}: {stats['cases']} cases, {len(stats['failures'])} failures, "
        f"slowest {stats['slowest_s']} s of CPU, "
        f"exits {dict(stats['exits'])}, kinds {dict(stats['by_kind'])}")
    if stats.get("slowest"):
        keep = os.environ.get("RULEKB_RECIPE_SLOWEST") or os.path.join(tempfile.gettempdir(),
                                                                      "rulekb-recipe-slowest.txt")
        keep += f".part{part}" if parts > 1 else ""
        Path(keep).write_bytes(slowest)
        out(f"slowest case {stats['slowest']}: its input kept in {keep}")
    return stats


@pytest.mark.slow
def test_fork_mode_answers_like_a_fresh_process():
    """The fork mode's oracle: on the same damaged inputs, a case forked from the warmed fuzzer and a case run as
    a fresh ``python -m checker.cli`` give the same exit code and the same JSON findings."""
    warm_for_fork()
    with tempfile.TemporaryDirectory(prefix="rulekb-recipe-") as tmp:
        for k, name, kind, data in cases(6, 5):
            path = Path(tmp) / f"{k:03d}_{name}"
            path.write_bytes(data)
            plain, forked = run_case(path, data), run_case_forked(path, data)
            assert (plain["exit"], plain["stdout"]) == (forked["exit"], forked["stdout"]), (k, name, kind)


@pytest.mark.slow
def test_fork_mode_sees_a_crash():
    """A child that raises is a failure with its traceback, not a pass (the fork mode can fail)."""
    import checker.cli

    real = checker.cli.main
    checker.cli.main = lambda argv=None: 1 / 0
    try:
        with tempfile.TemporaryDirectory(prefix="rulekb-recipe-") as tmp:
            path = Path(tmp) / "x.txt"
            path.write_bytes(b"1. Some event\n")
            result = run_case_forked(path, b"1. Some event\n")
    finally:
        checker.cli.main = real
    assert not result["ok"] and result["why"] in ("traceback", "exit 70"), result


PARTS = 6  # the 150 cases in six parts of 25, which a parallel run (pytest -n) spreads over its workers


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS))
def test_outside_recipe_of_issue_20(part):
    stats = run(int(os.environ.get("RULEKB_RECIPE_CASES", "150")), part=part, parts=PARTS)
    assert stats["cases"] > 0 and stats["failures"] == []


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=150)
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--fork", action="store_true", help="fork each case from one warmed interpreter")
    args = parser.parse_args()
    sys.exit(1 if run(args.cases, args.seed, fork=args.fork)["failures"] else 0)
