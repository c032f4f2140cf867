"""Issue 31: two games whose texts share a file name must not collide. KB entries know a text by its file name
only; the id of an event text's document entry was ``doc-<file stem>`` for every game (a rule id is unique in the
whole KB), so the second game's ingest was an SCH002 error with its file left out, and ``render --source`` merged
both games' texts line by line."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.engine.run import check_paths
from checker.kb.store import load_kb
from checker.textformat import tokens
from checker.textformat.event_list import document_id
from checker.textformat.render import SeveralGames, render_source

from .conftest import KB, ingest_text, run_cli

pytestmark = pytest.mark.slow  # not in the fast tier (issue 34): two-game KBs ingested, rendered by the CLI

EU_TEXT = """\
PERIOD VII (1756-1792)

20: EU TWENTY (historical date: 1780)
(duration: permanent)
EVENTS PHASE:
1. Something happens in Europe.
"""

TWIN_TEXT = """\
GAME twin
PERIOD VII

7: TWIN SEVEN (historical date: 1950)
(duration: permanent)
EVENTS PHASE:
1. Something happens in the twin game.
"""


@pytest.fixture
def kb_two(twin_kb, tmp_path) -> Path:
    """A copy of the bundled KB with a second game, and one text of each game, both named events.txt."""
    for folder, text, extra in (("eu", EU_TEXT, ["--game", "eu"]), ("twin", TWIN_TEXT, [])):
        ingest_text(twin_kb, tmp_path / folder / "events.txt", text, *extra)
    return twin_kb


def test_ingest_gives_each_games_document_its_own_id(kb_two):
    documents = {d.id: d.game for d in load_kb(str(kb_two)).kb.documents.values()
                 if d.source.file == "events.txt"}
    assert documents == {"doc-events.eu": "eu", "doc-events.twin": "twin"}
    assert (kb_two / "rules" / "eu" / "doc-events.eu.yaml").is_file()
    assert (kb_two / "rules" / "twin" / "doc-events.twin.yaml").is_file()
    findings = check_paths([], str(kb_two)).findings
    assert [f for f in findings if f.rule == "SCH002"] == []  # before: "id 'doc-events' ... this file is left out"


def test_render_source_of_a_shared_file_name_asks_for_the_game(kb_two, capsys):
    code, out, err = run_cli(capsys, "render", "--kb", kb_two, "--source", "events.txt")
    assert code == 2 and out == ""
    assert "several games" in err and "--game eu" in err and "--game twin" in err


@pytest.mark.parametrize("game,text", [("eu", EU_TEXT), ("twin", TWIN_TEXT), ("TWIN", TWIN_TEXT)])
def test_render_source_with_game_gives_that_games_text_only(kb_two, capsys, game, text):
    code, out, _ = run_cli(capsys, "render", "--kb", kb_two, "--source", "somewhere/events.txt", "--game", game)
    assert code == 0
    assert tokens(out) == tokens(text)


def test_render_source_with_a_game_that_has_no_such_text_says_which_have(kb_two, capsys):
    code, out, err = run_cli(capsys, "render", "--kb", kb_two, "--source", "events.txt", "--game", "awaw")
    assert code == 2 and out == ""
    assert "did you mean --game eu or --game twin?" in err
    code, _, err = run_cli(capsys, "render", "--kb", kb_two, "--source", "events.txt", "--game", "twni")
    assert code == 2 and "did you mean twin?" in err


def test_render_source_in_the_library_never_interleaves(kb_two):
    kb = load_kb(str(kb_two)).kb
    with pytest.raises(SeveralGames) as caught:
        render_source(kb, "events.txt")
    assert caught.value.games == ["eu", "twin"]
    assert tokens(render_source(kb, "events.txt", "twin")) == tokens(TWIN_TEXT)


def test_render_source_of_one_games_text_needs_no_game(capsys):
    code, out, _ = run_cli(capsys, "render", "--kb", KB, "--source", "001_7c112c9c7645b661.txt")
    assert code == 0 and out.startswith("PERIOD IV (1615-1659)\n")


def test_document_ids_of_two_games_or_two_names_never_meet():
    pairs = [(f, g) for f in ("events.txt", "a.b.txt", "x-doc.txt", "a.txt", "b-events.txt")
             for g in ("eu", "twin", "a-b", "a", "b")]
    ids = [document_id(f, g) for f, g in pairs]
    assert len(set(ids)) == len(ids)
    assert document_id("001_7c112c9c7645b661.txt", "eu") == "doc-001_7c112c9c7645b661.eu"


def test_ingest_replaces_the_documents_file_under_its_old_id(kb_copy, tmp_path, capsys):
    """A KB written before ids named their game holds rules/<game>/doc-<stem>.yaml: ingesting the text again
    leaves one document (its hand-edited title kept), not two that both give the text's header back."""
    root = kb_copy
    ingest_text(root, tmp_path / "events.txt", EU_TEXT, "--game", "eu")
    new = root / "rules" / "eu" / "doc-events.eu.yaml"
    old = root / "rules" / "eu" / "doc-events.yaml"
    old.write_text(new.read_text(encoding="utf-8").replace("id: doc-events.eu", "id: doc-events")
                   .replace("title: PERIOD VII (1756-1792)", "title: The seventh period"), encoding="utf-8")
    new.unlink()
    other = root / "rules" / "eu" / "doc-other.yaml"  # another text's document: left alone
    other.write_text(old.read_text(encoding="utf-8").replace("id: doc-events", "id: doc-other")
                     .replace("file: events.txt", "file: other.txt"), encoding="utf-8")
    code, _, err = run_cli(capsys, "ingest", "--kb", root, "--game", "eu", tmp_path / "events.txt")
    assert code == 0 and "removed" in err
    assert not old.exists() and new.is_file() and other.is_file()
    assert "title: The seventh period" in new.read_text(encoding="utf-8")
    kb = load_kb(str(root)).kb
    assert sorted(d.id for d in kb.documents.values() if d.source.file == "events.txt") == ["doc-events.eu"]


@pytest.mark.parametrize("source", ["", "some/folder/"])
def test_render_source_without_a_file_name_is_a_usage_error(capsys, source):
    """Found by the CLI fuzz at 10,000 vectors: ``render --source ''`` fell through to the id branch (an internal
    error, AttributeError on the missing id)."""
    code, out, err = run_cli(capsys, "render", "--kb", KB, "--source", source)
    assert code == 2 and out == ""
    assert "--source" in err and "internal error" not in err and "Traceback" not in err
