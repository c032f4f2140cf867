"""A KB of several games builds one site with no cross-talk (issue 15): a second game whose events share ids with
the EU events (its periods are IV too) gets its own pages, and every link, prerequisite, backlink, previous/next
link, entity mention and search entry resolves within the citing entry's game. Game and period names come from
the game profile, and periods are ordered as the profile lists them, not by Roman value.

The KB is keyed as the whole KB is keyed from the multi-game loader on: events by ``Event.key`` ("eu/1:IV"). It is
put together here from two loaded folders (the bundled KB and the second game's), so the test does not depend on
the loader placing two games' events with one id side by side.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from checker.core.model import KnowledgeBase
from checker.kb.store import LoadResult, load_kb
from checker.site.build import build_site, generate_pages

pytestmark = pytest.mark.slow  # not in the fast tier (issue 34): the site built

ROOT = Path(__file__).resolve().parents[1]

PROFILE = """\
id: cw
name: Cold War Cards (a test deck)
deck: per_period
periods:
  - {id: IV, name: Early War}
  - {id: II, name: Late War}
"""

EVENT_1 = """\
id: 1:IV
game: cw
period: IV
number: 1
title: IRON CURTAIN
header: '1: IRON CURTAIN'
source: {file: cw.txt, line: 1}
conditions:
- marker: '1.'
  text: Poland becomes a satellite. This card stays in effect until 2:II is played.
  line: 2
"""

EVENT_2 = """\
id: 2:IV
game: cw
period: IV
number: 2
title: MARSHALL PLAN
header: '2: MARSHALL PLAN'
source: {file: cw.txt, line: 4}
conditions:
- marker: '1.'
  text: Western aid flows.
  line: 5
"""

EVENT_3 = """\
id: 1:II
game: cw
period: II
number: 1
title: GLASNOST
header: '1: GLASNOST'
source: {file: cw.txt, line: 7}
conditions:
- marker: '1.'
  text: May only be played if 1:IV has been played.
  line: 8
  logic:
    role: requirement
    when:
    - kind: occurred
      event: 1:IV
    on_fail: reroll
"""


def _second_game(tmp: Path) -> Path:
    root = tmp / "cwkb"
    (root / "games").mkdir(parents=True)
    shutil.copytree(ROOT / "kb" / "schema", root / "schema")
    (root / "games" / "cw.yaml").write_text(PROFILE, encoding="utf-8")
    for path, text in (("iv/01.yaml", EVENT_1), ("iv/02.yaml", EVENT_2), ("ii/01.yaml", EVENT_3)):
        (root / "events" / "cw" / path).parent.mkdir(parents=True, exist_ok=True)
        (root / "events" / "cw" / path).write_text(text, encoding="utf-8")
    return root


def two_game_kb(tmp: Path) -> LoadResult:
    """The bundled KB and the test game in one KB keyed by ``Event.key``."""
    shutil.copytree(ROOT / "kb", tmp / "kb")
    first, second = load_kb(str(tmp / "kb")), load_kb(str(_second_game(tmp)))
    assert not [f for f in second.findings if f.severity == "error"], [f.message for f in second.findings]
    assert {e.id for e in second.kb.events.values()} == {"1:IV", "2:IV", "1:II"}
    kb = KnowledgeBase(root=str(tmp / "kb"))
    for part in (first.kb, second.kb):
        for key, path in part.files.items():
            ev = part.events.get(key)
            kb.files[ev.key if ev is not None else key] = path
        kb.events.update({e.key: e for e in part.events.values()})
        kb.rules.update(part.rules)
        kb.documents.update(part.documents)
        kb.glossaries.update(part.glossaries)
        kb.games.update(part.games)
        kb.gazetteers.update(part.gazetteers)
        kb.decks.update(part.decks)
    kb.acceptances = list(first.kb.acceptances)
    assert "eu/1:IV" in kb.events and "cw/1:IV" in kb.events
    return LoadResult(kb, findings=list(first.findings), unreadable=dict(first.unreadable))


@pytest.fixture(scope="module")
def docs(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("games")
    out = tmp / "docs"
    generate_pages(two_game_kb(tmp), str(out))
    return out


def _page(docs: Path, url: str) -> str:
    return (docs / url / "index.md").read_text(encoding="utf-8")


def _links(text: str) -> set[str]:
    return set(re.findall(r'href="([^"#]*)', text)) | set(re.findall(r"\]\(([^)#]*)", text))


def test_each_game_links_to_its_own_event(docs):
    glasnost = _page(docs, "cw/ii/1")
    # The prerequisite names the test game's 1:IV, by its own title, and links to its page.
    assert "IRON CURTAIN" in glasnost.upper() and "THIRTY YEARS WAR" not in glasnost.upper()
    assert "../../iv/1/" in _links(glasnost)
    # The EU's 18:IV names 1:IV too: its link is the EU's 1:IV.
    eu18 = _page(docs, "eu/iv/18")
    assert "../1/" in _links(eu18) and not any("cw/" in h for h in _links(eu18))
    # Referenced by: each 1:IV lists only its own game's events.
    iron = _page(docs, "cw/iv/1")
    eu1 = _page(docs, "eu/iv/1")
    refby = lambda text: text.split("## Referenced by", 1)[1].split("## Findings", 1)[0]  # noqa: E731
    assert "GLASNOST" in refby(iron) and "18:IV" not in refby(iron)
    assert "18:IV" in refby(eu1) and "GLASNOST" not in refby(eu1)
    # No page of the test game links into the EU's pages, nor the reverse.
    for page in (docs / "cw").rglob("index.md"):
        assert not any("/eu/" in h or h.startswith("../../../eu") for h in _links(page.read_text("utf-8"))), page
    for page in (docs / "eu").rglob("index.md"):
        assert not any("/cw/" in h for h in _links(page.read_text("utf-8"))), page


def test_previous_next_stay_in_the_game_and_period(docs):
    iron = _page(docs, "cw/iv/1")
    nav = iron.split('class="rk-prevnext"', 1)[1].split("</nav>", 1)[0]
    assert "2:IV MARSHALL PLAN" in nav.replace("Marshall Plan", "MARSHALL PLAN")
    assert "Time of Troubles" not in nav and "TIME OF TROUBLES" not in nav


def test_names_and_period_order_come_from_the_profiles(docs):
    home = _page(docs, "").replace("\\", "")  # as shown: without Markdown's escapes
    assert "[Cold War Cards (a test deck)](cw/)" in home
    assert "[Europa Universalis (AWE board game), events rewrite](eu/)" in home
    game = _page(docs, "cw")
    # The profile lists IV before II (Roman order would be II, IV), and names the periods.
    assert game.index("Period IV: Early War") < game.index("Period II: Late War")
    assert "Cold War Cards" in _page(docs, "cw/iv")
    nav = json.loads((docs / ".rulekb-nav.json").read_text("utf-8"))
    titles = [next(iter(x)) for x in nav]
    assert "Cold War Cards (a test deck)" in titles
    cw = [x for x in nav if "Cold War Cards (a test deck)" in x][0]
    labels = [next(iter(x)) for x in cw["Cold War Cards (a test deck)"]]
    assert labels.index("Period IV: Early War") < labels.index("Period II: Late War")
    assert "GAME_NAMES" not in (ROOT / "checker" / "site" / "build.py").read_text("utf-8")


def test_entity_mentions_stay_in_the_game(docs):
    # Poland is in the EU gazetteer; the test game has none, so its 1:IV (which names Poland) is not an EU mention.
    pages = [p.read_text("utf-8") for p in (docs / "entities").rglob("index.md") if "# Poland" in p.read_text("utf-8")]
    assert pages
    for text in pages:
        assert "IRON CURTAIN" not in text and "cw/" not in text
        assert "Europa Universalis (AWE board game), events rewrite" in text  # the entity's game, by its name


@pytest.mark.slow
def test_search_index_has_each_games_event_at_its_own_page(tmp_path, docs):
    site = tmp_path / "site"
    build_site(str(docs), str(site), config_dir=str(tmp_path))
    index = json.loads((site / "search" / "search_index.json").read_text("utf-8"))
    by_location = {d["location"]: d["title"] for d in index["docs"] if "#" not in d["location"]}
    assert "IRON CURTAIN" in by_location["cw/iv/1/"]
    assert "THIRTY YEARS WAR" in by_location["eu/iv/1/"]
