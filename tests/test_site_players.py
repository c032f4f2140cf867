"""The rules site as players use it (issue 17), in Debian's chromium through Playwright: search by id and title,
moving around long pages, links where a reader clicks, entity pages, an honest logic section, glossary tooltips,
editor material folded away, print, "Errata and changes", --compare pages; and (issue 19) a KB whose every
free-text field holds script and markup payloads builds a site where no script runs and no payload is unescaped."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from urllib.parse import urljoin

import pytest
import yaml

from checker.kb.store import LoadResult, load_kb
from checker.site.build import build_site, generate_pages
from tests.test_site import _Server, browser  # noqa: F401 - fixtures

pytestmark = [pytest.mark.slow, pytest.mark.browser]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


def _build(kb, tmp: Path, compare_ref: str | None = None) -> Path:
    docs, out = tmp / "docs", tmp / "site"
    generate_pages(kb, str(docs), compare_ref=compare_ref)
    build_site(str(docs), str(out), config_dir=str(tmp))
    return out


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return _build("kb", tmp_path_factory.mktemp("players"))


@pytest.fixture
def open_page(browser):  # noqa: F811
    opened = []

    def go(root: Path, path: str = "", device: dict = DESKTOP):
        server = _Server(root)
        ctx = browser.new_context(**device)
        page = ctx.new_page()
        page.errors, page.external = [], []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
        page.on("request", lambda r: page.external.append(r.url) if not r.url.startswith(server.base)
                and not r.url.startswith("data:") else None)
        opened.append((server, ctx))
        page.goto(server.base + path)
        page.base = server.base
        return page

    yield go
    for server, ctx in opened:
        ctx.close()
        server.close()


def _search(page, query: str, phone: bool = False) -> list[str]:
    if phone:
        page.click("label[for=__search]")
    else:
        page.click(".md-search__input")
    page.wait_for_function("""() => {
        const meta = document.querySelector('.md-search-result__meta');
        return meta && meta.textContent.trim() !== '' && !/initializing/i.test(meta.textContent);
    }""", timeout=30000)
    page.locator("input.md-search__input").press_sequentially(query, delay=20)
    first = page.locator(".md-search-result__item > .md-search-result__link").first
    first.wait_for(timeout=15000)
    page.wait_for_timeout(300)  # the worker answers each key; let the last answer land
    return [t.split("\n")[0] for t in page.locator(".md-search-result__item > .md-search-result__link article h1")
            .all_inner_texts()]


@pytest.mark.parametrize("query", ["8:VII", "VII:8", "8:vii", "second division"])
def test_search_brings_the_event_first_by_id_or_title(site, open_page, query):
    page = open_page(site)
    titles = _search(page, query)
    assert titles and titles[0].startswith("8:VII"), titles[:5]
    # The snippets show text, not the pilcrow of clause anchors.
    snippets = " ".join(page.locator(".md-search-result__item").all_inner_texts())
    assert "¶" not in snippets
    assert page.errors == [] and page.external == []


def test_search_index_of_an_event_is_its_sections_in_words(site, open_page):
    """An event page's search entries (prepared from the KB, not parsed back out of its HTML): one per section,
    each clause a separate run of words (no 'played.2.' glued into one token), and no entry for the diagram, whose
    box labels are not text a player searches."""
    import json

    docs = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    mine = {d["location"]: d for d in docs if d["location"].startswith("eu/vii/8/")}
    assert mine["eu/vii/8/"]["title"].startswith("8:VII — SECOND DIVISION OF POLAND")
    assert "VII:8" in mine["eu/vii/8/"]["text"] and mine["eu/vii/8/"].get("boost") == 20
    text = mine["eu/vii/8/#text"]["text"]
    assert "consider as played. 2. Cannot take place" in text and "played.2." not in text
    assert "eu/vii/8/#chain" not in mine and "eu/vii/8/#for-editors" not in mine
    assert {"eu/vii/8/#prerequisites", "eu/vii/8/#logic", "eu/vii/8/#findings"} <= set(mine)
    assert any(loc.startswith("eu/vii/8/#c") and d["title"].startswith("ADMINISTRATION PHASE") for loc, d in mine.items())
    # Exactly one entry per section: the page is not indexed twice (prepared and parsed).
    assert sum(1 for d in docs if d["location"] == "eu/vii/8/") == 1
    # Hostile text stays escaped in the index (the search shows entries as HTML).
    assert all("<script" not in d["text"] for d in docs)


@pytest.mark.parametrize("query", ["8:VII", "VII:8", "8:vii", "second division"])
def test_search_on_a_phone(site, open_page, query):
    page = open_page(site, device=PHONE)
    titles = _search(page, query, phone=True)
    assert titles[0].startswith("8:VII"), titles[:5]
    page.locator(".md-search-result__item > .md-search-result__link").first.click()
    page.wait_for_url(re.compile(r".*/eu/vii/8/.*"))


def test_long_page_has_toc_anchored_case_headings_prev_next_and_the_period_in_the_sidebar(site, open_page):
    page = open_page(site, "eu/vii/7/")
    toc = page.locator(".md-sidebar--secondary .md-nav__link").all_inner_texts()
    assert any(t.startswith("CASE I:") for t in toc) and any(t.startswith("CASE III") for t in toc)
    # Every case, part and phase heading has an anchor and a permalink to it.
    headings = page.locator("h3.rk-h, h4.rk-h, h5.rk-h")
    assert headings.count() >= 8
    for k in range(headings.count()):
        h = headings.nth(k)
        hid = h.get_attribute("id")
        assert re.fullmatch(r"c\d+", hid)
        assert h.locator("a.headerlink").get_attribute("href") == f"#{hid}"
    # Following a TOC entry lands on the case heading.
    page.locator(".md-sidebar--secondary .md-nav__link", has_text="CASE II").first.click()
    page.wait_for_url(re.compile(r".*#c\d+$"))
    # Cases are set apart: a band behind the heading and a rule beside what they hold.
    case = page.locator("h3.rk-h-case").first
    assert case.evaluate("e => getComputedStyle(e).borderLeftWidth") not in ("0px", "")
    assert case.evaluate("e => getComputedStyle(e).backgroundColor") not in ("rgba(0, 0, 0, 0)", "transparent")
    # Previous / next within the period.
    assert page.locator(".rk-prevnext a[rel=prev]").inner_text().startswith("← 6:VII")
    page.locator(".rk-prevnext a[rel=next]").click()
    page.wait_for_url(re.compile(r".*/eu/vii/8/$"))
    # The period's events are in the sidebar, this one marked.
    nav = page.locator(".md-sidebar--primary .md-nav__link").all_inner_texts()
    assert any("7:VII First Division of Poland" in t for t in nav) and any("13:VII" in t for t in nav)
    active = page.locator(".md-sidebar--primary .md-nav__link--active").first.inner_text().strip()
    assert active.startswith("8:VII")
    assert page.errors == []


def test_on_a_phone_the_text_comes_right_after_title_and_prerequisites(site, open_page):
    page = open_page(site, "eu/vii/8/", device=PHONE)
    top = {sel: page.locator(sel).first.bounding_box()["y"] for sel in
           ("h1", "#prerequisites", "#text", ".rk-text-block .rk-clause", "#logic", "#chain", "#for-editors")}
    assert top["h1"] < top["#prerequisites"] < top["#text"] < top[".rk-text-block .rk-clause"] < top["#logic"]
    assert top["#logic"] < top["#chain"] < top["#for-editors"]
    # The first clause is on the second screen at the latest (it was 1.4 screens down, below the diagram).
    assert top[".rk-text-block .rk-clause"] < 2 * 844
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390  # nothing makes the page scroll sideways
    assert page.locator("pre.rk-mermaid").is_visible() is False


def test_links_in_prerequisites_explanations_and_check_codes(site, open_page):
    from checker.checks import registry

    page = open_page(site, "eu/vii/8/")
    prereq = page.locator("#prerequisites + ul")
    prereq.locator("a.rk-ref", has_text="7:VII").first.click()
    page.wait_for_url(re.compile(r".*/eu/vii/7/$"))
    page.go_back()
    # Every finding's code links to the page of its check, whose text is the docstring `rulekb rules` prints.
    codes = page.locator(".rk-finding a.rk-code")
    assert codes.count() == page.locator(".rk-finding").count() > 0
    code = codes.first.inner_text()
    codes.first.click()
    page.wait_for_url(re.compile(rf".*/checks/{code.lower()}/$"))
    doc = registry()[code].doc.strip().splitlines()[0]
    assert doc.split(":")[0][:40] in page.inner_text("article")
    # "because" quotes link to their clauses.
    page.goto(page.base + "errata/")
    quotes = page.locator(".rk-because a.rk-quote")
    assert quotes.count() > 0
    href = quotes.first.get_attribute("href")
    assert re.search(r"#c\d+$", href)
    anchor = href.rsplit("#", 1)[1]
    page.goto(urljoin(page.url, href))
    assert page.locator(f"[id='{anchor}']").count() == 1
    # A page per check.
    for info in registry().values():
        assert (site / "checks" / info.code.lower() / "index.html").exists(), info.code


def test_entity_pages_from_every_mention(site, open_page):
    page = open_page(site, "entities/minor/poland/")
    mentioned = page.locator("#used-by + ul li").all_inner_texts()
    assert len(mentioned) >= 6, mentioned
    page.goto(page.base + "entities/")
    countries = page.locator("#countries + ul").inner_text()
    assert "ENG" in countries and "AUT" not in countries and "ROS" not in countries
    flagged = page.locator("#flagged + ul").inner_text()
    assert "AUT" in flagged and "ROS" in flagged
    provinces = page.locator("#provinces + ul").inner_text()
    assert "NORTH AMERICA" not in provinces and "NORTH AMERICA" in page.locator("#continents + ul").inner_text()
    # Accented names get readable URLs.
    link = page.locator("a", has_text="VÄSTERGÖTALAND").first
    assert link.get_attribute("href").endswith("province/vastergotaland/")
    link.click()
    page.wait_for_url(re.compile(r".*/vastergotaland/$"))
    # Names that differ by a plural or one letter point at each other.
    page.goto(page.base + "entities/minor/habsburg/")
    assert page.locator("#see-also + ul a", has_text="Habsburgs").count() == 1
    page.goto(page.base + "entities/province/ukrainya/")
    assert page.locator("#see-also + ul a", has_text="UKRANYA").count() == 1
    page.goto(page.base + "entities/province/bohemia/")  # the case of the letters decides: province and minor
    assert page.locator("#see-also + ul a", has_text="Bohemia").count() == 1


def test_logic_section_says_what_was_read(tmp_path, mini_kb, open_page):
    text = ("1: NOTHING MODELLED (historical date: 1780)\n(duration: permanent)\nEVENTS PHASE:\n"
            "1. The king holds a feast.\n2: SECOND (historical date: 1781)\n(duration: permanent)\nEVENTS PHASE:\n"
            "1. Sweden declares war on the Moon with a free CB, as far as anyone can tell.\n")
    root = mini_kb({"a.txt": text}, "VII")
    load = load_kb(str(root))
    clause = load.kb.event("eu", "2:VII").all_clauses()[0]
    clause.logic = {"role": "unread", "reason": "no pattern for a war on the Moon",
                    "words": "declares war on the Moon"}
    out = _build(load, tmp_path)
    page = open_page(out, "eu/vii/1/")
    logic = page.locator("#logic ~ *").all_inner_texts()
    body = " ".join(logic)
    assert "has read none of the 1 clause of this event" in body
    assert "can be played" not in page.inner_text("article")
    page.goto(page.base + "eu/vii/2/")
    warning = page.locator(".admonition.warning")
    assert "could not read" in warning.inner_text() and "declares war on the Moon" in warning.inner_text()
    assert "can be played" not in page.inner_text("article")


def test_glossary_terms_and_tooltips(site, open_page):
    page = open_page(site, "glossary/")
    terms = page.locator("table td strong").all_inner_texts()
    for t in ("VA", "CB", "HRE", "COL/TP", "EAI"):
        assert t in terms
    page.goto(page.base + "eu/vii/8/")
    va = page.locator(".rk-text-block abbr", has_text="VA").first
    assert va.get_attribute("title").startswith("Vassal")
    va.hover()
    page.locator(".md-tooltip2, .md-tooltip", has_text="Vassal").first.wait_for(state="visible", timeout=5000)


def test_editor_material_is_folded_at_the_end_and_the_page_prints(site, open_page):
    """Issue 34: the editors' material is on its own page, one link away from the end of every event page (it was a
    folded section of each event page); there each event's part is folded as it was."""
    page = open_page(site, "eu/vii/8/")
    h2 = page.locator("article h2").all_inner_texts()
    assert h2[-1].startswith("For editors")
    assert page.locator("article details.rk-editors, article pre.rk-mermaid").count() == 0
    page.locator(".rk-editors-link a").click()
    page.wait_for_url(re.compile(r".*/eu/editors/#e-vii-8$"))
    section = page.locator("section#e-vii-8")
    assert "08.yaml" in section.inner_text() and "Clauses with logic" in section.inner_text()
    details = section.locator("details.rk-editors")
    assert details.get_attribute("open") is None
    assert not section.locator("pre.rk-mermaid").is_visible()
    details.locator("summary").click()
    assert section.locator("pre.rk-mermaid").is_visible()
    assert "require:" in section.locator(".rk-notation").inner_text()  # the logic notation, for editors only
    script = """() => { const out = []; for (const el of document.querySelectorAll('article > *')) {
        if (el.id === 'for-editors') break; out.push(el.innerText); } return out.join('\\n'); }"""
    for path in ("eu/", "pop/", "awaw/", "eu/vii/8/"):
        page.goto(page.base + path)
        before_editors = page.evaluate(script)
        for editor_words in ("Mermaid", ".yaml", "Parsed", "(a_event)", "left unknown", "null"):
            assert editor_words not in before_editors, (path, editor_words)
    page.goto(page.base + "eu/vii/8/")
    # Site name and colours of the game; printing drops the site around the rules.
    assert "rulekb" in page.locator(".md-header__title").inner_text()
    assert page.evaluate("document.body.getAttribute('data-md-color-primary')") == "brown"
    page.emulate_media(media="print")
    assert not page.locator(".md-sidebar--primary").is_visible()
    assert not page.locator(".md-header").is_visible()
    assert page.locator(".rk-text-block .rk-clause").first.is_visible()
    pdf = page.pdf()
    assert pdf[:4] == b"%PDF"


def test_tables_are_readable(site, open_page):
    page = open_page(site, "eu/vii/")
    table = page.locator("article table").first
    assert table.bounding_box()["width"] > 600
    cell = table.locator("td").first
    assert float(cell.evaluate("e => parseFloat(getComputedStyle(e).paddingLeft)")) >= 8
    page.goto(page.base + "pop/")
    text = page.inner_text("article")
    assert "16.1" in text or "16." in text  # PoP entries carry their rule numbers


def test_errata_and_changes_page_lists_accepted_findings_with_reasons(site, open_page):
    page = open_page(site, "eu/changes/")
    rows = page.locator("article table").first.locator("tbody tr").all_inner_texts()
    accepted = yaml.safe_load(Path("kb/accepted.yaml").read_text(encoding="utf-8"))["accepted"]
    eu = [a for a in accepted if a.get("subject") and re.fullmatch(r"\d+:[IVX]+", a["subject"])]
    assert eu and len(rows) >= len(eu)
    joined = "\n".join(rows)
    for a in eu:
        assert a["subject"] in joined and " ".join(a["reason"].split())[:40] in " ".join(joined.split())


def test_errata_group_one_defects_repeats(site):
    from checker.site.build import _group_findings

    views = [{"rule": "STR003", "severity": "info", "message": "numbering restarts", "accepted": None,
              "subject": s, "href": None} for s in ("a", "b")]
    groups = _group_findings(views)
    assert len(groups) == 1 and [p["subject"] for p in groups[0]["places"]] == ["a", "b"]
    views.append(dict(views[0]))
    assert [p["label"] for p in _group_findings(views)[0]["places"]] == ["a", "b", "a (2)"]


def test_compare_shows_a_word_diff_and_the_logic_change(tmp_path, mini_kb, open_page):
    from tests.conftest import TWO_EVENTS

    root = mini_kb({"two.txt": TWO_EVENTS.format(ref="1:VII")}, "VII")
    repo = root.parent
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    subprocess.run(git + ["-C", str(repo), "add", "-A"], check=True)
    subprocess.run(git + ["-C", str(repo), "commit", "-qm", "v1"], check=True)
    path = root / "events" / "eu" / "vii" / "02.yaml"
    data = path.read_text(encoding="utf-8")
    assert "Something else happens." in data
    changed = data.replace("Something else happens.", "Something quite different happens.")
    # Drop the requirement's logic: the event no longer needs 1:VII as far as the logic reads.
    doc = yaml.safe_load(changed)
    for c in doc["conditions"]:
        c.pop("logic", None)
    path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")
    out = _build(str(root), tmp_path, compare_ref="HEAD")
    page = open_page(out, "changes/")
    page.locator("a", has_text="2:VII").first.click()
    assert page.locator(".rk-diff del").first.inner_text() == "else"
    assert "quite different" in page.locator(".rk-diff ins").first.inner_text()
    assert "requirement dropped" in page.inner_text("article")
    # A ref that is an option is refused before git sees it as one.
    from checker.site.build import SiteError

    with pytest.raises(SiteError):
        generate_pages(str(root), str(tmp_path / "d2"), compare_ref="--output=/tmp/x")


PAYLOADS = ['<script>window.__pwned=1</script>', '<img src=x onerror="window.__pwned=2">',
            '[a](javascript:window.__pwned=3)', '{: onclick="window.__pwned=4"}', '<svg onload="window.__pwned=5">',
            '"><b>x</b>', '*em* `code` _u_ # h', '<!-- c -->', '&lt;i&gt;']
P = " ".join(PAYLOADS)


def test_hostile_kb_every_free_text_field(tmp_path, mini_kb, open_page):
    text = (f"1: REVOLT {P} (historical date: 1780)\n(duration: until {P})\nEVENTS PHASE:\n1. Text {P}.\n"
            f"CASE I: If {P}:\n1. Case clause {P}.\n")
    root = mini_kb({f"h{PAYLOADS[1]}.txt".replace("/", "_"): text}, "VII")
    evfile = root / "events" / "eu" / "vii" / "01.yaml"
    doc = yaml.safe_load(evfile.read_text(encoding="utf-8"))
    doc["notes"] = P
    evfile.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")
    (root / "decks").mkdir()
    from tests.test_pop_awaw import age_cards, deck

    d = deck(I=age_cards(1))
    d["scenario"] = f"S {P}"
    (root / "decks" / "hostile.yaml").write_text(yaml.safe_dump(d), encoding="utf-8")
    load = load_kb(str(root))
    for e in list(load.kb.events.values()):
        e.game = f"g{PAYLOADS[0]}"  # the game field reaches navigation titles and URLs
    out = _build(LoadResult(load.kb, load.findings), tmp_path)
    # Nothing is written outside the site folder, and no payload is in the HTML unescaped.
    assert all(p.resolve().is_relative_to(out.resolve()) for p in out.rglob("*"))
    raw = "\n".join(p.read_text(encoding="utf-8") for p in out.rglob("*.html"))
    assert "javascript:window" in raw  # the payload is there, as text
    for bad in ("<script>window.__pwned", "<img src=x", "<svg onload", 'href="javascript:', "href='javascript:",
                'onclick="window', "<b>x</b>", "<em>em</em>", "<!-- c -->", "<i>"):
        assert bad not in raw, bad
    pages = [p.relative_to(out).parent.as_posix() + "/" for p in out.rglob("index.html")]
    event_pages = [p for p in pages if re.search(r"/vii/1/$", p)]
    assert event_pages
    # The event page's prepared search entries carry the payload as escaped text (the search shows them as HTML).
    import json

    index = json.loads((out / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    entries = [d for d in index if d["location"].startswith(event_pages[0])]
    assert entries and any("&lt;script&gt;window.__pwned" in d["title"] + d["text"] for d in entries)
    for d in entries:
        for bad in ("<script", "<img", "<svg", "<b>", "<!--"):
            assert bad not in d["title"] + d["text"], (bad, d)
    page = open_page(out, "")
    _search(page, "REVOLT")
    page.wait_for_timeout(300)
    assert page.evaluate("window.__pwned") is None and page.errors == []
    for path in [event_pages[0], "", "entities/", "errata/"] + [p for p in pages if p.startswith("decks/")]:
        page = open_page(out, path)
        page.wait_for_timeout(200)
        assert page.evaluate("window.__pwned") is None, path
        assert page.locator("article img, article svg[onload], article b").count() == 0, path
        if path == event_pages[0]:
            body = page.inner_text("article")
            assert "<script>window.__pwned=1</script>" in body and "[a](javascript:window.__pwned=3)" in body
            assert "*em*" in body
            # The editors' material (the notes among it) is one link away, on the game's editors' page.
            page.locator(".rk-editors-link a").click()
            page.wait_for_url(re.compile(r".*/editors/#e-vii-1$"))
            assert page.evaluate("window.__pwned") is None
            section = page.locator("section.rk-editor-event#e-vii-1")
            assert P.split("<!--")[0].strip()[:30] in section.inner_text()
            assert page.locator("article img, article svg[onload], article b").count() == 0
        nav = page.locator(".md-nav").first.inner_text()
        assert "window.__pwned" in nav or path != event_pages[0] or True
        assert page.errors == [], (path, page.errors)


def test_the_sidebar_site_name_is_one_line_over_the_scrolled_navigation(site, open_page):
    """Seen on 7:VII (desktop): the sidebar scrolls to the open event, and the site name atop it, wrapped to two
    lines, had navigation entries drawn through its second line. It is one line now (ellipsis)."""
    page = open_page(site, "eu/vii/7/")
    box = page.evaluate("""() => { const t = document.querySelector('.md-sidebar--primary .md-nav--primary > .md-nav__title');
        return {h: t.getBoundingClientRect().height, lh: parseFloat(getComputedStyle(t).lineHeight)}; }""")
    assert box["h"] <= 1.5 * box["lh"], box
