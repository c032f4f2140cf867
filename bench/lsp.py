"""Latency of the language server's work on a warm process: re-checking one edited text, hovering, and memory over
many edits.

    python -m bench.lsp [--runs 20] [--edits 1000] [--events N]

What is timed is what the server runs for each request (``checker.lsp.diagnose.check_document`` for a changed
buffer, ``checker.lsp.hover.hover_text`` for a hover, after ``Checked.warm`` which the server runs once the
diagnostics are published), in one process after one warm-up check, on the bundled KB
(or, with ``--events N``, a synthetic KB of N events from ``bench/generate.py``). Each run edits the text (a
different word in its last clause), so no run is answered from a cache of the previous text. Memory is the
process's peak and current traced allocation (tracemalloc) after every 100 edits: flat means no edit leaves
anything behind. Prints a small table.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _setup(events: int | None) -> tuple[str, str, str]:
    """(KB folder, path of the edited text, its text)."""
    if not events:
        return str(ROOT / "kb"), str(ROOT / "bench" / "lsp_edit.txt"), (ROOT / "bench" / "new_event_vii.txt").read_text(
            encoding="utf-8")
    from bench.generate import generate

    out = os.path.join(tempfile.gettempdir(), f"rulekb-bench-lsp-{events}")
    generate(events, out, quiet=True, keep=True)  # ``out`` is the KB folder itself (games/, events/, schema/)
    edit_dir = out + "-edit"  # the edited text lives beside the KB, as a contributor's new text does
    os.makedirs(edit_dir, exist_ok=True)
    return out, os.path.join(edit_dir, "lsp_edit.txt"), \
        (ROOT / "bench" / "new_event_i.txt").read_text(encoding="utf-8")


def _edit(text: str, k: int) -> str:
    return text.rstrip("\n") + f" Edit number {k} of the benchmark.\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--runs", type=int, default=20, help="timed re-checks and hovers (medians over these)")
    p.add_argument("--edits", type=int, default=1000, help="edits for the memory measurement (0: skip it)")
    p.add_argument("--events", type=int, default=0, help="a synthetic KB of this many events instead of kb/")
    args = p.parse_args(argv)
    if args.runs < 1 or args.edits < 0 or args.events < 0:
        p.error("--runs must be at least 1, --edits and --events at least 0")

    from checker.lsp.diagnose import check_document
    from checker.lsp.hover import hover_text
    from checker.lsp.resolve import Options

    kb, path, text = _setup(args.events)
    period = "I" if args.events else "VII"
    options = Options(kb=kb, period=period)
    first = check_document(path, text, options)  # warm-up: the KB cache, the parse tables, the checks' imports
    if first.error is not None:
        raise SystemExit(f"bench/lsp: {first.error.message}")
    check_secs = []
    for k in range(args.runs):
        edited = _edit(text, k)
        start = time.perf_counter()
        checked = check_document(path, edited, options)
        check_secs.append(time.perf_counter() - start)
    checked.warm()  # as the server does after publishing the diagnostics, before any hover (server.py)
    rows = checked.text.splitlines()
    clause_line = next(i for i, row in enumerate(rows) if row.startswith("1. "))
    ref_line = next((i for i, row in enumerate(rows) if ":" in row and "event" in row.lower()), clause_line)
    hover_secs = []
    for k in range(args.runs):
        line = clause_line if k % 2 else ref_line
        start = time.perf_counter()
        found = hover_text(checked, line, rows[line].find(":") if k % 2 == 0 else 3)
        hover_secs.append(time.perf_counter() - start)
        assert found is not None, "no hover on a clause line"
    print(f"KB: {kb} ({'bundled' if not args.events else f'{args.events} synthetic events'}), "
          f"findings on the edited text: {len(checked.findings)}")
    print(f"{'measure':<36} {'median ms':>10} {'max ms':>10}")
    print(f"{'re-check of one edited text':<36} {statistics.median(check_secs) * 1000:>10.1f} "
          f"{max(check_secs) * 1000:>10.1f}")
    print(f"{'hover (clause / event id)':<36} {statistics.median(hover_secs) * 1000:>10.2f} "
          f"{max(hover_secs) * 1000:>10.2f}")
    if args.edits:
        tracemalloc.start()
        marks = []
        for k in range(args.edits):
            check_document(path, _edit(text, 10_000 + k), options)
            if (k + 1) % max(1, args.edits // 10) == 0:
                gc.collect()
                marks.append((k + 1, tracemalloc.get_traced_memory()[0]))
        tracemalloc.stop()
        print(f"{'memory after N edits (traced, MiB)':<36} " + "  ".join(f"{n}: {b / 2**20:.1f}" for n, b in marks))
        growth = (marks[-1][1] - marks[0][1]) / 2**20
        print(f"{'growth from first to last mark':<36} {growth:>10.2f} MiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
