"""The companion page's cost on the bundled KB: what a player's browser loads, and the time to the first answer.

    python -m bench.companion [--kb kb]

Builds the site into a temporary folder, serves it on 127.0.0.1, opens now/ in Debian's chromium (Playwright,
``RULEKB_CHROMIUM``) with an empty cache and prints one line: bytes loaded (all requests of the page), the seconds
from navigation (the page's own ``performance.now()`` marks) to the verdicts shown for the game's start, to the
complete answer (explanations too: the first answer) and to the solver ready; then the seconds the solver takes to
answer a changed log (one event fired at turn 1), medians of 3. The start's answer is written into the page's
data when the site is built (checker/site/companion.py ``start_answer``), so the first answer needs no solve.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
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
    loads, shown, firsts, sizes, changed = [], [], [], [], []
    chromium = os.environ.get("RULEKB_CHROMIUM", "/usr/bin/chromium")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            for _ in range(runs):
                ctx = browser.new_context()
                page = ctx.new_page()
                urls: set[str] = set()
                page.on("request", lambda r: urls.add(r.url))
                page.goto(server.base + "now/")
                page.wait_for_function("document.getElementById('rk-now-status').dataset.kind === 'done'",
                                       timeout=60000)
                page.evaluate("window.rulekbNow.ready")  # the solver loaded too
                # The page's own marks, in ms from the start of the navigation (performance.now()).
                marks = page.evaluate("window.rulekbNow.state.marks")
                shown.append(marks["shown"] / 1000)
                firsts.append(marks["done"] / 1000)
                loads.append(marks["solver"] / 1000)
                # The first question the solver answers: the log with one event fired that can fire at the start.
                changed.append(page.evaluate("""async () => {
                    const v = window.rulekbNow.state.data.start || await window.rulekbNow.compute([]);
                    const e = (v.verdicts.find((x) => x.verdict === 'can_fire' || x.read === 'can_fire') || {}).event;
                    const t0 = performance.now();
                    const r = await window.rulekbNow.compute([{turn: 1, event: e, outcome: 'fired'}]);
                    if (r.status !== 'answered') throw new Error('no answer: ' + r.status);
                    return (performance.now() - t0) / 1000; }"""))
                sizes.append(_bytes(site, server.base, urls))
                ctx.close()
            browser.close()
    finally:
        server.close()
    return {"bytes": max(sizes), "solver_ready_s": statistics.median(loads), "verdicts_s": statistics.median(shown),
            "first_answer_s": statistics.median(firsts), "changed_log_s": statistics.median(changed)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kb", default="kb")
    args = ap.parse_args(argv)
    from checker.site.build import build_site, generate_pages

    with tempfile.TemporaryDirectory() as tmp:
        generate_pages(args.kb, os.path.join(tmp, "docs"))
        build_site(os.path.join(tmp, "docs"), os.path.join(tmp, "site"), config_dir=tmp)
        r = measure(Path(tmp) / "site")
    print(f"companion page ({args.kb}): {r['bytes'] / 1e6:.2f} MB loaded; after navigation: verdicts shown "
          f"{r['verdicts_s']:.2f} s, complete answer (with the never-explanations) {r['first_answer_s']:.2f} s, "
          f"solver ready {r['solver_ready_s']:.2f} s; the solver's answer to a changed log (one event fired) "
          f"{r['changed_log_s']:.2f} s (medians of 3)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
