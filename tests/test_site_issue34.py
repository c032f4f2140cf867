"""Issue 34, the site part: a players' site first and editors' material a click away; the effective text of a
repeated event (8:VII), each change marked; The Price of Power's symbols drawn with a legend from its rules; search
that returns the event for an id; navigation titles that keep acronyms; --compare in a player's words; and
generate_pages split by page type. Fast tests on the generated Markdown; browser tests (chromium, desktop and phone)
for what a player sees."""

from __future__ import annotations

import ast
import copy
import inspect
import json
import re
from pathlib import Path

import pytest

from checker.kb.store import load_kb
from checker.site.build import build_site, caps_words, generate_pages, readable_title
from tests.conftest import KB

# --- fast: the generation -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def docs(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("issue34") / "docs"
    generate_pages(str(KB), str(out))
    return out


def _md(docs: Path, url: str) -> str:
    return (docs / (url.strip("/") + "/index.md" if url.strip("/") else "index.md")).read_text(encoding="utf-8")


@pytest.mark.slow
def test_home_leads_with_the_games_and_their_events_not_findings(docs):
    home = _md(docs, "")
    headings = re.findall(r"^## (.+)$", home, re.MULTILINE)
    assert headings[0].startswith("[A World at War") and any("Europa Universalis (AWE" in h for h in headings)
    assert "Latest findings" not in home and "carry structured logic" not in home
    # Every EU event of period VII is listed, linked, under its game, before "Where to find what".
    where = home.index("## Where to find what")
    for n in range(1, 14):
        assert f'href="eu/vii/{n}/"' in home[:where], n
    assert "[logic coverage, findings and acceptances](editors/)" in home
    editors = _md(docs, "editors/")
    assert "## Latest findings" in editors and "carry structured logic" in editors


@pytest.mark.slow
def test_event_page_says_what_it_needs_does_and_how_it_ends_and_links_the_editors_page(docs):
    page = _md(docs, "eu/vii/8/")
    heads = ("## What it needs", "## Text {#text}", "## What it does", "## How it ends", "## Text as played",
             "## What the logic says", "## For editors")
    order = [page.index(h) for h in heads]
    assert order == sorted(order)  # the text right after what it needs (on a phone, on the second screen)
    needs = page[order[0]:order[1]]
    order = order[1:]
    assert "Only if Poland exists; otherwise it is considered as played." in needs
    assert 'href="../7/"' in needs and "has been played and is over" in needs
    does = page[order[1]:order[2]]
    assert "POLOTSK passes to RUS" in does and "Poland becomes a neutral minor" in does
    assert "first_of" not in does and "minor_neutral" not in does  # no internal terms
    ends = page[order[2]:order[3]]
    assert "Duration: immediate" in ends and "occurs once" in ends and "considered as played" in ends
    # The editors' material is not on the event page: one link to the game's editors' page.
    assert 'class="rk-editors"' not in page and "rk-mermaid" not in page and "Clauses with logic" not in page
    assert 'href="../../editors/#e-vii-8"' in page
    editors = _md(docs, "eu/editors/")
    assert 'id="e-vii-8"' in editors and "Clauses with logic" in editors and "require: " in editors
    assert "flowchart" in editors or "graph" in editors  # the Mermaid source of the chain


def test_effective_text_of_8_vii_applies_both_modifications():
    from checker.site.effective import effective_text, phase_order

    kb = load_kb(str(KB)).kb
    view = kb.view("eu")
    eff = effective_text(view.events["8:VII"], view.events["7:VII"], phase_order(kb.games["eu"]))
    assert eff.not_applied == [] and eff.applied == 2
    marks = list(eff.marks.values())
    changed = [m for m in marks if m.status == "changed"]
    # I. rewrites the peace conditions in all three cases: b.-e. everywhere, a. where its words differ.
    assert len(changed) == 14 and all(m.by == "I." for m in changed)
    assert any(m.was == "Poland becomes a neutral minor." for m in changed)
    cases = [s for s in eff.body if s.kind == "case"]
    assert len(cases) == 3
    for case in cases:  # II. adds its two phases to every case, in the game's phase order
        heads = [s.heading for s in case.sections]
        assert "MILITARY PHASE:" in heads
        adm = next(s for s in case.sections if s.heading == "ADMINISTRATION PHASE:")
        assert any("two ”Polish” revolt+" in c.text for c in adm.clauses)
        if "PEACE PHASE:" in heads:
            assert heads.index("MILITARY PHASE:") < heads.index("PEACE PHASE:")
    # Case II had an administration phase: the clause is added to it, not a second phase.
    assert [s.heading for s in cases[1].sections].count("ADMINISTRATION PHASE:") == 1
    assert len(next(s for s in cases[1].sections if s.heading == "ADMINISTRATION PHASE:").clauses) == 2
    # Its own requirement (7:VII over) is marked; the shared ones are not repeated.
    own = [c.text for c, m in eff.conditions if m.status == "own"]
    assert own == ["Cannot take place if event 7:VII has not already been played and over."]
    texts = [c.text for c, _ in eff.conditions]
    assert len(texts) == len(set(texts)) == 4
    # The model itself is untouched.
    assert view.events["7:VII"].body[0].sections[-1].clauses[0].children[0].text == "The special VA status of Poland " \
        "is cancelled and it becomes a normal neutral minor."


def test_a_modification_that_matches_nothing_is_listed_not_applied():
    from checker.site.effective import effective_text

    kb = load_kb(str(KB)).kb
    view = kb.view("eu")
    event = copy.deepcopy(view.events["8:VII"])
    mod = next(c for c in event.conditions if c.marker == "I.")
    for ch in mod.children:
        ch.marker = "z" + ch.marker  # labels the model does not have
    eff = effective_text(event, view.events["7:VII"])
    assert mod.marker in [c.marker for c in eff.not_applied]
    assert not any(m.status == "changed" for m in eff.marks.values())
    assert effective_text(view.events["7:VII"], view.events["6:VII"]) is None  # 7:VII repeats nothing


@pytest.mark.slow
def test_effective_text_on_the_page_marks_each_change(docs):
    page = _md(docs, "eu/vii/8/")
    played = page[page.index("## Text as played"):page.index("## What the logic says")]
    assert played.count("changed by I.") == 14 and played.count("added by II.") == 6  # 2 phases in cases I and III; in II, 1 phase + 1 clause
    assert "In the model: <del>Poland becomes a neutral minor.</del>" in played
    assert "rk-mod-own" in played
    assert 'id="c' not in played  # no second set of clause anchors on the page
    assert 'href="#as-played"' in page


@pytest.mark.slow
def test_pop_symbols_are_drawn_with_a_legend_from_the_rules(docs):
    from checker.site.symbols import legend

    kb = load_kb(str(KB)).kb
    pop = legend(kb.view("pop"), ("I", "II", "III", "IV"))
    assert pop["u"].name == "Unrest" and "(u)" in pop["u"].quote and pop["u"].source == "pop-16.5-unrest-rebellion"
    assert pop["H"].name == "Ill Health token" and pop["æ"].name == "DNPR token"
    assert pop["?"].name is None and pop["v"].name is None  # used, never named: not guessed
    assert "I" not in pop and "X" not in pop  # an age's numeral and the deck half (X) are not symbols
    assert legend(kb.view("eu"), ("IV", "VII")) == {}  # EU's "an R result" stays a letter
    rule = _md(docs, "rules/pop/pop-16-5-disloyal-vassals/")
    assert 'class="rk-sym rk-sym-named rk-sym-u" title="Unrest (symbol)"' in rule
    assert 'rk-sym-lost' in rule and "Symbols on this page" in rule
    assert "gain u on" not in rule  # the letter is drawn, not left bare
    symbols = _md(docs, "pop/symbols/")
    assert "Unrest" in symbols and "Provinces with Unrest (u)" in symbols and "Used but not named" in symbols
    assert "rk-sym" not in _md(docs, "eu/vii/8/")


def test_titles_keep_acronyms():
    assert readable_title("NATO*", frozenset({"NATO"})) == "NATO*"
    assert readable_title("JOHN PAUL II ELECTED POPE") == "John Paul II Elected Pope"
    assert readable_title("FIRST DIVISION OF POLAND") == "First Division of Poland"
    assert readable_title("MIX OF TWO") == "Mix of Two"  # a word that only looks like a numeral
    kb = load_kb(str(KB)).kb
    keep = caps_words(kb.view("eu"))
    assert {"RUS", "FRA"} <= keep and "POLAND" not in keep and "DANZIG" not in keep


@pytest.mark.slow
def test_titles_keep_acronyms_from_the_texts(tmp_path, mini_kb):
    text = ("1: NATO* (historical date: 1949)\n(duration: permanent)\nEVENTS PHASE:\n1. NATO is founded.\n"
            "2: JOHN PAUL II (historical date: 1978)\n(duration: permanent)\nEVENTS PHASE:\n"
            "1. Cannot occur unless NATO is in effect.\n")
    root = mini_kb({"a.txt": text}, "VII")
    docs = tmp_path / "docs"
    generate_pages(str(root), str(docs))
    nav = json.dumps(json.loads((docs / ".rulekb-nav.json").read_text(encoding="utf-8")))
    assert "1:VII NATO*" in nav and "2:VII John Paul II" in nav
    assert "Nato" not in nav and "Paul Ii" not in nav


@pytest.mark.slow
def test_search_script_sends_an_id_as_a_phrase(docs):
    script = (docs / "assets" / "search-id.js").read_text(encoding="utf-8")
    assert "Worker.prototype.postMessage" in script
    from checker.site import build

    assert build.SEARCH_JS == "assets/search-id.js"


@pytest.mark.slow
def test_compare_in_a_players_words():
    from checker.site.build import collect, requirement_words
    from checker.site.compare import side_by_side

    load = load_kb(str(KB))
    old = collect(load)
    o = old.games["eu"].kb.events["8:VII"]
    n = copy.deepcopy(o)
    n.conditions = [c for c in n.conditions if c.marker != "1."]  # no longer needs Poland to exist
    for c in n.all_clauses():
        if c.marker == "b." and c.logic:
            c.logic = None  # RUS's annexations no longer read
    rows = side_by_side(o, n, old.games["eu"], old.games["eu"], requirement_words)
    by = {r["aspect"]: r for r in rows}
    assert list(by) == ["When it can fire", "What it needs", "What it does"]
    assert by["When it can fire"]["before"][0].startswith("This event: ")
    assert by["What it needs"]["changed"] and any("Poland exists" in x for x in by["What it needs"]["before"])
    assert not any("Poland exists" in x for x in by["What it needs"]["after"])
    assert by["What it does"]["changed"] and any(x.startswith("b.:") for x in by["What it does"]["before"])
    words = json.dumps(rows)
    for internal in ("first_of", "conditions now", "effect (", "minor_neutral", "case_condition"):
        assert internal not in words, internal


def test_generate_pages_is_split_by_page_type():
    from checker.site import build, pages

    def lines(fn) -> int:
        return len(inspect.getsource(fn).splitlines())

    assert lines(build.generate_pages) <= 80
    tree = ast.parse(Path(pages.__file__).read_text(encoding="utf-8"))
    funcs = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    for name in ("event_pages", "period_pages", "rule_pages", "game_pages", "entity_pages", "check_pages",
                 "deck_pages", "glossary_page", "errata_page", "compare_pages", "home_page", "editors_pages"):
        assert name in {f.name for f in funcs}, name
    for f in funcs:
        assert f.end_lineno - f.lineno + 1 <= 80, f.name


# --- browser: what a player sees, at desktop and phone size -----------------------------------------------------

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
DEVICES = pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["desktop", "phone"])


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("issue34-site")
    generate_pages(str(KB), str(tmp / "docs"))
    build_site(str(tmp / "docs"), str(tmp / "site"), config_dir=str(tmp))
    return tmp / "site"


@pytest.fixture
def open_page(browser):  # noqa: F811
    from tests.test_site import _Server

    opened = []

    def go(root: Path, path: str = "", device: dict = DESKTOP):
        server = _Server(root)
        ctx = browser.new_context(**device)
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        opened.append((server, ctx))
        page.goto(server.base + path)
        page.base = server.base
        return page

    yield go
    for server, ctx in opened:
        ctx.close()
        server.close()


from tests.test_site import browser  # noqa: F401 - the fixture


@pytest.mark.slow
@pytest.mark.browser
@DEVICES
def test_browser_home_leads_with_the_games(site, open_page, device):
    page = open_page(site, "", device)
    article = page.locator("article")
    first_h2 = article.locator("h2").first.inner_text()
    assert first_h2.startswith("A World at War")
    # The first screen shows a game and, within two screens, events to open.
    link = article.locator("ul.rk-home-events a", has_text="Second Division of Poland")
    assert link.count() == 1
    assert article.locator("ul.rk-home-events a").first.bounding_box()["y"] < 2 * device["viewport"]["height"]
    assert "Latest findings" not in article.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= device["viewport"]["width"]
    link.click()
    page.wait_for_url(re.compile(r".*/eu/vii/8/$"))
    assert page.errors == []


@pytest.mark.slow
@pytest.mark.browser
@DEVICES
def test_browser_event_page_plain_words(site, open_page, device):
    page = open_page(site, "eu/vii/8/", device)
    needs = page.locator("#prerequisites + ul").inner_text()
    assert "Only if Poland exists" in needs and "First Division of Poland" in needs
    does = page.locator("#does + ul").inner_text()
    assert "POLOTSK passes to RUS" in does
    ends = page.locator("#ends + ul").inner_text()
    assert "occurs once" in ends
    top = {s: page.locator(s).first.bounding_box()["y"] for s in ("#prerequisites", "#does", "#ends", "#text")}
    assert top["#prerequisites"] < top["#text"] < top["#does"] < top["#ends"]
    assert page.locator("details.rk-editors").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= device["viewport"]["width"]


@pytest.mark.slow
@pytest.mark.browser
@DEVICES
def test_browser_8_vii_text_as_played(site, open_page, device):
    page = open_page(site, "eu/vii/8/", device)
    page.locator(".rk-extends a[href='#as-played']").click()
    played = page.locator(".rk-played")
    assert played.is_visible()
    changed = played.locator(".rk-mod-changed")
    assert changed.count() == 14
    first = changed.first
    assert "changed by I." in first.inner_text() and first.locator(".rk-was del").count() == 1
    # A changed clause stands out from the text around it.
    bg = first.locator("ins").first.evaluate("e => getComputedStyle(e).backgroundColor")
    assert bg not in ("rgba(0, 0, 0, 0)", "transparent")
    assert played.locator(".rk-played-h", has_text="MILITARY PHASE").count() == 3
    assert page.evaluate("document.documentElement.scrollWidth") <= device["viewport"]["width"]


@pytest.mark.slow
@pytest.mark.browser
@DEVICES
def test_browser_search_for_an_id_returns_the_event_first(site, open_page, device):
    from tests.test_site_players import _search

    page = open_page(site, "", device)
    titles = _search(page, "8:VII", phone=device is PHONE)
    assert titles[0].startswith("8:VII"), titles[:5]
    meta = page.locator(".md-search-result__meta").inner_text()
    count = int(re.search(r"\d+", meta).group())
    assert count < 60, meta  # both words required: not every page of period VII (102 before)
    # Titles before text: the other events whose title holds both words do not exist, so what follows names 8:VII.
    assert not any(t.startswith(("1:VII", "2:VII", "3:VII")) for t in titles[1:4]), titles[:5]
    # A title search still finds by words.
    page.locator("input.md-search__input").fill("")
    titles = _search(page, "second division", phone=False) if device is DESKTOP else titles
    assert titles[0].startswith("8:VII")


@pytest.mark.slow
@pytest.mark.browser
@DEVICES
def test_browser_pop_symbols_and_legend(site, open_page, device):
    page = open_page(site, "rules/pop/pop-16-5-disloyal-vassals/", device)
    unrest = page.locator(".rk-text-block .rk-sym-u").first
    assert unrest.get_attribute("title") == "Unrest (symbol)"
    box = unrest.bounding_box()
    assert box["width"] > 8 and box["height"] > 8
    assert unrest.evaluate("e => getComputedStyle(e).borderTopStyle") != "none"  # drawn as a token, not a letter
    legend = page.locator(".rk-legend-inline")
    assert "Unrest" in legend.inner_text() and "lost in the copy" in legend.inner_text()
    legend.locator("a", has_text="all symbols").click()
    page.wait_for_url(re.compile(r".*/pop/symbols/$"))
    dts = page.locator("dl.rk-legend dt").all_inner_texts()
    assert any("Ill Health token" in t for t in dts) and any("Unrest" in t for t in dts)
    assert page.locator("dl.rk-legend dd a q").first.is_visible()  # the defining sentence, quoted and linked
    assert page.evaluate("document.documentElement.scrollWidth") <= device["viewport"]["width"]
