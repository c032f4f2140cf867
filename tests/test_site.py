"""The rules site, built from the bundled KB and tested as a person would use it: in Debian's chromium, driven
by Playwright, served from localhost. Also: every internal link and anchor resolves; event text with <script>,
<img onerror> and javascript: links is shown as text and never executed; no external network request."""

from __future__ import annotations

import functools
import http.server
import os
import re
import shutil
import threading
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

import pytest

from checker.site.build import build_site, generate_pages

pytestmark = [pytest.mark.slow, pytest.mark.browser]

CHROMIUM = os.environ.get("RULEKB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _build(kb_root: str, tmp: Path) -> Path:
    docs, out = tmp / "docs", tmp / "site"
    generate_pages(kb_root, str(docs))
    build_site(str(docs), str(out), config_dir=str(tmp))
    return out


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return _build("kb", tmp_path_factory.mktemp("site"))


class _Server:
    def __init__(self, root: Path):
        handler = functools.partial(_QuietHandler, directory=str(root))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def close(self):
        self.httpd.shutdown()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    if not os.path.exists(CHROMIUM):
        pytest.fail(f"chromium not found at {CHROMIUM}: .ci/run installs Debian's chromium")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page_on(browser):
    servers, pages = [], []

    def open_site(root: Path):
        server = _Server(root)
        servers.append(server)
        page = browser.new_page()
        page.errors, page.external = [], []
        page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        page.on("request", lambda r: page.external.append(r.url) if not r.url.startswith(server.base)
                and not r.url.startswith("data:") else None)
        pages.append(page)
        return page, server.base

    yield open_site
    for p in pages:
        p.close()
    for s in servers:
        s.close()


def test_walk_search_follow_backlinks_diagram_tooltip(site, page_on):
    page, base = page_on(site)
    page.goto(base)
    assert "Board-game event rules" in page.inner_text("h1")
    # Search "Poland" and reach 8:VII.
    page.click("label.md-search__icon, .md-search__input")
    # Wait for the search index (a web worker), then type key by key as a person does: mkdocs-material answers
    # keyboard events, so a bare fill() is only answered when the index happens to finish loading after it.
    page.wait_for_function("""() => {
        const meta = document.querySelector('.md-search-result__meta');
        return meta && meta.textContent.trim() !== '' && !/initializing/i.test(meta.textContent);
    }""", timeout=30000)
    page.locator("input.md-search__input").press_sequentially("Poland", delay=20)
    result = page.locator(".md-search-result__item > .md-search-result__link",
                          has=page.locator("article h1", has_text="8:VII — SECOND DIVISION")).first
    result.wait_for(timeout=15000)
    result.click()
    page.wait_for_url(re.compile(r".*/eu/vii/8/.*"))
    assert "SECOND DIVISION OF POLAND" in page.inner_text("h1")
    # Follow its link to 7:VII and find 8:VII among the backlinks there.
    page.locator(".rk-extends a", has_text="7:VII").click()
    page.wait_for_url(re.compile(r".*/eu/vii/7/$"))
    backlinks = page.locator("#referenced-by + ul a").all_inner_texts()
    assert any(t.startswith("8:VII") for t in backlinks)
    # The prerequisite chain is drawn as SVG.
    svg = page.locator("svg.rk-diagram")
    assert svg.is_visible() and svg.locator("a").count() >= 1 and svg.bounding_box()["width"] > 100
    # Every title line fits inside its box as the browser lays the font out.
    overflow = page.evaluate("""() => [...document.querySelectorAll('svg.rk-diagram .rk-node-title')]
        .filter(t => t.getBBox().x + t.getBBox().width > (t.parentNode.querySelector('rect').getBBox().x
                                                           + t.parentNode.querySelector('rect').getBBox().width))
        .map(t => t.textContent)""")
    assert overflow == []
    # A glossary term shows its tooltip on hover (3:VII names ES1).
    page.goto(base + "eu/vii/3/")
    abbr = page.locator("abbr", has_text="ES1").first
    abbr.hover()
    tooltip = page.locator(".md-tooltip2, .md-tooltip", has_text="Extension set I").first
    tooltip.wait_for(state="visible", timeout=5000)
    page.screenshot(path=str(site.parent / "tooltip.png"))
    assert page.errors == [], page.errors
    assert page.external == [], page.external


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        for key in ("href", "src"):
            if a.get(key):
                self.links.append(a[key])


def test_no_broken_internal_link_or_anchor(site):
    pages: dict[str, _Links] = {}
    for html in site.rglob("*.html"):
        parser = _Links()
        parser.feed(html.read_text(encoding="utf-8"))
        pages[str(html.relative_to(site))] = parser
    broken, checked = [], 0
    for rel_path, parser in pages.items():
        base = "http://site/" + rel_path
        for link in parser.links:
            url = urlparse(urljoin(base, link))
            if url.netloc != "site" or url.scheme != "http":
                continue
            path = unquote(url.path.lstrip("/"))
            target = site / path
            if target.is_dir() or path.endswith("/") or path == "":
                target = target / "index.html"
            checked += 1
            if not target.exists():
                broken.append((rel_path, link))
            elif url.fragment and target.suffix == ".html":
                key = str(target.relative_to(site))
                if key in pages and url.fragment not in pages[key].ids:
                    broken.append((rel_path, link))
    assert checked > 1000
    assert broken == []


HOSTILE = """\
1: REVOLT <script>window.__pwned = 1</script> (historical date: 1780)
(duration: permanent)
EVENTS PHASE:
1. Text with <img src=x onerror="window.__pwned = 2"> and <b>bold</b> and [click](javascript:window.__pwned=3).
2. A link <a href="javascript:window.__pwned=4">here</a> and &amp; an entity.
"""


def test_hostile_event_text_is_shown_as_text(tmp_path, mini_kb, page_on):
    root = mini_kb({"h.txt": HOSTILE}, "VII")
    out = _build(str(root), tmp_path)
    page, base = page_on(out)
    page.goto(base + "eu/vii/1/")
    for link in page.locator("a").all():
        assert not (link.get_attribute("href") or "").lower().startswith("javascript:")
    assert page.locator("a", has_text="click").count() == 0
    body = "\n".join(page.locator(".rk-text-block, h3.rk-h").all_inner_texts())
    assert "<img src=x onerror=" in body and "<script>" in page.inner_text("h1")
    assert "[click](javascript:window.__pwned=3)" in body
    page.wait_for_timeout(300)
    assert page.evaluate("window.__pwned") is None
    assert page.locator(".rk-text-block img").count() == 0 and page.locator(".rk-text-block b").count() == 0
    assert page.external == []


def test_site_loads_no_external_asset(site):
    hosts = set()
    for html in site.rglob("*.html"):
        for m in re.finditer(r'(?:src|href)="(https?://[^"]+)"', html.read_text(encoding="utf-8")):
            hosts.add(urlparse(m.group(1)).netloc)
    # Links out (to the theme's home) are allowed; nothing is loaded from elsewhere.
    for css in site.rglob("*.css"):
        assert "fonts.googleapis" not in css.read_text(encoding="utf-8")
    html = (site / "index.html").read_text(encoding="utf-8")
    assert not re.search(r'<(?:script|link)[^>]+(?:src|href)="https?://', html)


def test_generation_is_byte_identical(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    generate_pages("kb", str(a))
    generate_pages("kb", str(b))
    files_a = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    assert files_a == sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    for f in files_a:
        assert (a / f).read_bytes() == (b / f).read_bytes(), f
    shutil.rmtree(a)


def test_the_language_of_event_rules_is_published(site):
    """docs/language.md's forms and examples are a page of the site, linked from the navigation (issue 35)."""
    page = (site / "language" / "index.html").read_text(encoding="utf-8")
    assert "The language of event rules" in page and "Cannot occur before event 4:VII has occurred" in page
    assert "require: occurred(4:VII); on_fail: reroll" in page and "<!-- generated" not in page
    home = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="language/"' in home or "language/" in home
