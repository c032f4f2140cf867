"""The companion page's cost on the bundled KB: what a player's browser loads, and the time to the first answer.

    python -m bench.companion [--kb kb]

Builds the site into a temporary folder, serves it on 127.0.0.1, opens now/ in Debian's chromium (Playwright,
``RULEKB_CHROMIUM``) with an empty cache and prints one line: bytes loaded (all requests of the page), the seconds
from navigation to the solver ready, to the verdicts shown for the game's start, and to the complete answer (explanations too), median of 3.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path


def _bytes(site: Path, base: str, urls) -> int:
    """The size of every file of the site the page requested (each once), read from disk."""
    total = 0
    for url in urls:
        rel = url[len(base):].split("?")[0].split("#")[0] if url.startswith(base) else None
        if rel is None:
            continue
        path = site / rel
        path = path / "index.html" if path.is_dir() else path
        total += path.stat().st_size if path.is_file() else 0
    return total


def measure(site: Path, runs: int = 3) -> dict:
    from playwright.sync_api import sync_playwright

    from tests.test_site import _Server

    server = _Server(site)
    loads, firsts, sizes, verdicts = [], [], [], []
    chromium = os.environ.get("RULEKB_CHROMIUM", "/usr/bin/chromium")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            for _ in range(runs):
                ctx = browser.new_context()
                page = ctx.new_page()
                urls: set[str] = set()
                page.on("request", lambda r: urls.add(r.url))
                start = time.perf_counter()
                page.goto(server.base + "now/")
                page.wait_for_function("window.rulekbNow && window.rulekbNow.state.clingo", timeout=60000)
                loads.append(time.perf_counter() - start)
                page.wait_for_selector("li.rk-now-item", timeout=60000)
                verdicts.append(time.perf_counter() - start)
                page.wait_for_function("document.getElementById('rk-now-status').dataset.kind === 'done'",
                                       timeout=60000)
                firsts.append(time.perf_counter() - start)
                sizes.append(_bytes(site, server.base, urls))
                ctx.close()
            browser.close()
    finally:
        server.close()
    return {"bytes": max(sizes), "solver_ready_s": statistics.median(loads), "verdicts_s": statistics.median(verdicts),
            "first_answer_s": statistics.median(firsts)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kb", default="kb")
    args = ap.parse_args(argv)
    from checker.site.build import build_site, generate_pages

    with tempfile.TemporaryDirectory() as tmp:
        generate_pages(args.kb, os.path.join(tmp, "docs"))
        build_site(os.path.join(tmp, "docs"), os.path.join(tmp, "site"), config_dir=tmp)
        r = measure(Path(tmp) / "site")
    print(f"companion page ({args.kb}): {r['bytes'] / 1e6:.2f} MB loaded, solver ready {r['solver_ready_s']:.2f} s, "
          f"verdicts shown {r['verdicts_s']:.2f} s, complete answer (with the never-explanations) "
          f"{r['first_answer_s']:.2f} s after navigation (median of 3)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
