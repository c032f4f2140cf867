"""Shared fixtures: the bundled KB, copies of the seed texts, small knowledge bases built from text, a copy of the
bundled KB (with a second game, "twin"), and running the CLI."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from checker.cli import main
from checker.engine.ingest import ingest_file

REPO = Path(__file__).resolve().parent.parent
SEEDS = REPO / "tests" / "fixtures" / "seeds"
KB = REPO / "kb"
SEED_PERIODS = {"000_81b98fbe5e52caea.txt": "VII"}

# Two events of period VII, the second requiring the first through {ref} (a reference to fill in).
TWO_EVENTS = """\
1: FIRST (historical date: 1780)
(duration: permanent)
EVENTS PHASE:
1. Something happens.
2: SECOND (historical date: 1781)
(duration: permanent)
1. Cannot occur before event {ref} has occurred. Otherwise re-roll and do not mark off.
EVENTS PHASE:
1. Something else happens.
"""

# One event giving KRAKOW to two countries in each of two cases: one conflict of effects (LOG003) per case.
KRAKOW_TWICE = """\
1: DIVISION (historical date: 1772)
(duration: immediate)
CASE I: If Poland is at war.
PEACE PHASE:
1. RUS annexes Polish KRAKOW.
2. PRU annexes Polish KRAKOW.
CASE II: If Poland is at peace.
PEACE PHASE:
1. RUS annexes Polish KRAKOW.
2. PRU annexes Polish KRAKOW.
"""


# A second game whose period labels (Early, VII) collide with EU's, and which has an event 7:VII of its own.
TWIN_PROFILE = """\
id: twin
name: Twin Test Game
event_id: number:period
deck: per_period
periods:
  - {id: Early, name: Early War}
  - {id: VII, name: Seventh}
countries:
  - {code: US, name: United States}
  - {code: USSR, name: Soviet Union}
"""


def seed_files() -> list[Path]:
    return sorted(SEEDS.glob("*.txt"))


@pytest.fixture
def seeds() -> Path:
    return SEEDS


def make_kb(tmp_path: Path, texts: dict[str, str], period: str | None = None) -> Path:
    """A KB in tmp_path/kb holding the bundled schema and game profiles plus the entries of ``texts``."""
    make_kb.calls = getattr(make_kb, "calls", 0) + 1
    tmp_path = tmp_path / f"kb{make_kb.calls}"
    tmp_path.mkdir()
    root = tmp_path / "kb"
    shutil.copytree(KB / "schema", root / "schema")
    shutil.copytree(KB / "games", root / "games")
    for name, text in texts.items():
        src = tmp_path / name
        src.write_text(text, encoding="utf-8")
        ingest_file(str(src), str(root), period=period, game="eu")
    return root


@pytest.fixture
def mini_kb(tmp_path):
    def build(texts: dict[str, str], period: str | None = None) -> Path:
        return make_kb(tmp_path, texts, period)
    return build


@pytest.fixture
def two_events_kb(tmp_path) -> Path:
    """A KB of two EU events of period VII, the second requiring the first (``TWO_EVENTS``)."""
    return make_kb(tmp_path, {"two.txt": TWO_EVENTS.format(ref="1:VII")}, period="VII")


@pytest.fixture
def kb_copy(tmp_path, monkeypatch) -> Path:
    """A copy of the bundled KB in tmp_path/kb, to change; the cache off."""
    monkeypatch.setenv("RULEKB_NO_CACHE", "1")
    root = tmp_path / "kb"
    shutil.copytree(KB, root)
    return root


@pytest.fixture
def twin_kb(kb_copy) -> Path:
    """A copy of the bundled KB with a second game's profile, twin (``TWIN_PROFILE``), and none of its texts yet."""
    (kb_copy / "games" / "twin.yaml").write_text(TWIN_PROFILE, encoding="utf-8")
    return kb_copy


def ingest_text(root: Path, file: Path, text: str, *options: str) -> None:
    """Write ``text`` to ``file`` and ingest it into the KB at ``root`` with ``rulekb ingest`` (it must succeed)."""
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(text, encoding="utf-8")
    assert main(["ingest", "--kb", str(root), *options, str(file)]) == 0


def strip_case_logic(kb_root: Path, rel: str) -> None:
    """The KB event file ``rel`` with its cases' logic removed: a text repeating that event derives the logic."""
    from checker.kb.yamlio import dumps, loads

    path = kb_root / rel
    data = loads(path.read_text(encoding="utf-8"), str(path))

    def strip(sections):
        for section in sections:
            if section.get("kind") == "case":
                section.pop("logic", None)
            strip(section.get("sections") or [])
    strip(data["body"])
    path.write_text(dumps(data, "# yaml-language-server: $schema=../../../schema/event.schema.json"),
                    encoding="utf-8")


def run_cli(capsys, *argv) -> tuple[int, str, str]:
    """``rulekb ARGV`` (each argument made a string): (exit code, stdout, stderr) of this run alone."""
    capsys.readouterr()
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(autouse=True)
def _no_color(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    yield
    os.environ.pop("RULEKB_TEST", None)


@pytest.fixture
def cache_env(tmp_path, monkeypatch):
    """rulekb's cache folder and key in tmp_path, the cache on, and no key of an earlier test: the folder."""
    import checker.kb.cachedir as cache_mod

    monkeypatch.setenv("RULEKB_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("RULEKB_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.delenv("RULEKB_NO_CACHE", raising=False)
    monkeypatch.setattr(cache_mod, "_KEY", None)
    return tmp_path / "cache"


@pytest.hookimpl(tryfirst=True)  # before `-m` selects: a browser test is slow for `-m "not slow"` too
def pytest_collection_modifyitems(session, config, items):
    """The fast tests first, the slow and browser ones (benchmarks, wheel install, growth runs) last, each group in
    collection order: the full suite shows progress from its first seconds instead of minutes of benchmarks, and
    `-m "not slow"` is the fast tier the README names (issue 34: under a minute), so every browser test counts as
    slow as well."""
    for item in items:
        if item.get_closest_marker("browser") is not None and item.get_closest_marker("slow") is None:
            item.add_marker(pytest.mark.slow)
    items.sort(key=lambda item: item.get_closest_marker("slow") is not None)
