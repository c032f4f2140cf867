"""Screenshots of the rules site as players see it (issue 34), at desktop (1280x800) and phone (390x844) size, in
Debian's chromium through Playwright: the home page, an event page (8:VII: plain words and the text as played), a
search for "8:VII", a Price of Power page with its symbols and legend, the symbols page and the editors' page.

    .venv/bin/python -m bench.site_screens [--kb kb] [--out bench/results/site]

Builds the site into a temporary folder, serves it on 127.0.0.1 and writes one PNG per page and size."""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from checker.site.build import build_site, generate_pages
from tests.test_site import CHROMIUM, CHROMIUM_ARGS, _Server

SIZES = {"desktop": {"viewport": {"width": 1280, "height": 800}},
         "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
                   "device_scale_factor": 2}}
PAGES = [("home", "", None), ("event-8vii", "eu/vii/8/", None), ("event-8vii-played", "eu/vii/8/", "#as-played"),
         ("event-8vii-changed", "eu/vii/8/", ".rk-mod-changed"), ("event-7vii", "eu/vii/7/", None), ("pop-disloyal-vassals", "rules/pop/pop-16-5-disloyal-vassals/", None),
         ("pop-symbols", "pop/symbols/", None), ("editors", "editors/", None), ("eu-editors", "eu/editors/", None),
         ("search-8vii", "", "search:8:VII"), ("game-eu", "eu/", None)]


def shoot(site: Path, out: Path) -> list[Path]:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    server = _Server(site)
    shots = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for size, device in SIZES.items():
                ctx = browser.new_context(**device)
                page = ctx.new_page()
                for name, path, extra in PAGES:
                    page.goto(server.base + path)
                    if extra and extra[0] in "#.":
                        page.locator(extra).first.scroll_into_view_if_needed()
                        page.evaluate(f"document.querySelector('{extra}').scrollIntoView()")
                        page.wait_for_timeout(600)
                    elif extra and extra.startswith("search:"):
                        if size == "phone":
                            page.click("label[for=__search]")
                        else:
                            page.click(".md-search__input")
                        page.wait_for_timeout(1500)
                        page.locator("input.md-search__input").press_sequentially(extra[7:], delay=30)
                        page.locator(".md-search-result__item").first.wait_for(timeout=15000)
                        page.wait_for_timeout(500)
                    target = out / f"{name}-{size}.png"
                    page.screenshot(path=str(target))
                    shots.append(target)
                ctx.close()
            browser.close()
    finally:
        server.close()
    return shots


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kb", default="kb")
    ap.add_argument("--out", default="bench/results/site")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="rulekb-screens-") as tmp:
        generate_pages(args.kb, os.path.join(tmp, "docs"))
        build_site(os.path.join(tmp, "docs"), os.path.join(tmp, "site"), config_dir=tmp)
        for shot in shoot(Path(tmp) / "site", Path(args.out)):
            print(shot)


if __name__ == "__main__":
    main()
