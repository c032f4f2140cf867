"""Issue 34: events named by title wherever an id is accepted, "did you mean" for a wrong period or a misspelt title,
and ``explain`` / ``order`` on contributed texts (``--text``, as ``check`` takes them), citing the contributor's file
and line. Run in-process on a copy of the cold-war example KB (period labels Early, Mid, Late) and on the bundled KB.
"""

from __future__ import annotations

import json
import shutil

import pytest

from checker.cli import main
from checker.core.ids import UnknownName, resolve_event_id
from checker.kb.store import load_kb

from .conftest import KB, REPO

COLDWAR = REPO / "examples" / "coldwar" / "kb"

NEW = """\
GAME coldwar
PERIOD Early

12: NEW PACT (historical date: 1950)
(duration: permanent)
1. May only be played if 2:Early (Atlantic Treaty) has been played.
ACTION PHASE:
1. USA adds one influence point in one European country.

13: LOST PACT (historical date: 1951)
(duration: permanent)
1. May only be played if 13:Early (Lost Pact) has been played.
ACTION PHASE:
1. USA adds one influence point in one European country.
"""


@pytest.fixture
def coldwar(tmp_path, monkeypatch):
    shutil.copytree(COLDWAR, tmp_path / "kb")
    (tmp_path / "new.txt").write_text(NEW, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture(scope="module")
def views():
    return load_kb(str(COLDWAR)).kb.view("coldwar"), load_kb(str(KB)).kb.view("eu")


@pytest.mark.parametrize("typed, want", [
    ("thaw", "9:Late"), ("Atlantic  Treaty", "2:Early"), ("ATLANTIC TREATY", "2:Early"),
    ("2:early (atlantic treaty)", "2:Early"), ("early:2", "2:Early"),
])
def test_title_names_the_event(views, typed, want):
    assert resolve_event_id(typed, views[0].events) == want


def test_title_in_the_bundled_kb(views):
    assert resolve_event_id("SECOND DIVISION OF POLAND", views[1].events) == "8:VII"
    assert resolve_event_id("second division of poland", views[1].events) == "8:VII"
    # a title with a '/' in it is a title, not GAME/ID
    assert resolve_event_id("The Time of Troubles in Russia / Cossack Revolt", views[1].events) == "2:IV"


@pytest.mark.parametrize("typed, hint", [
    ("2:Mid", "did you mean 2:Early (ATLANTIC TREATY)?"),                    # the right number, the wrong period
    ("2:Mid (ATLANTIC TREATY)", "did you mean 2:Early (ATLANTIC TREATY)?"),  # as the issue wrote it
    ("9:Late (ATLANTIC TREATY)", "did you mean 2:Early (ATLANTIC TREATY) or 9:Late (THAW)?"),
    ("ATLANTIK TREATY", "did you mean 2:Early (ATLANTIC TREATY)?"),
])
def test_near_misses_get_did_you_mean(views, typed, hint):
    with pytest.raises(UnknownName) as exc:
        resolve_event_id(typed, views[0].events)
    assert hint in str(exc.value)


def test_wrong_period_in_the_bundled_kb_prefers_the_closest_period(views):
    with pytest.raises(UnknownName) as exc:
        resolve_event_id("8:VIII", views[1].events)
    assert "did you mean 8:VII (SECOND DIVISION OF POLAND) or 8:IV" in str(exc.value)
    with pytest.raises(UnknownName) as exc:
        resolve_event_id("second divison of poland", views[1].events)
    assert "did you mean 8:VII (SECOND DIVISION OF POLAND)" in str(exc.value)


def test_two_events_with_one_title_ask_for_the_id(views):
    events = dict(views[0].events)
    with pytest.raises(UnknownName) as exc:
        resolve_event_id("thaw", events, titles={"9:Late": "THAW", "1:Early": "Thaw"})
    assert "several events (1:Early, 9:Late)" in str(exc.value)


@pytest.mark.slow
def test_order_and_explain_take_titles(coldwar, capsys):
    assert main(["order", "--goal", "atlantic treaty", "--avoid", "THAW", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["goal"] == "2:Early"
    assert main(["explain", "Atlantic Treaty"]) == 0
    assert "2:Early ATLANTIC TREATY can fire" in capsys.readouterr().out
    assert main(["order", "--count", "recovery plan", "coldwar/2:Early"]) == 0
    assert "of 1:Early, 2:Early" in capsys.readouterr().out
    assert main(["order", "--goal", "2:Mid (ATLANTIC TREATY)"]) == 2
    err = capsys.readouterr().err
    assert "did you mean 2:Early (ATLANTIC TREATY)?" in err and "Traceback" not in err


@pytest.mark.slow
def test_explain_a_contributed_text_cites_its_lines(coldwar, capsys):
    assert main(["explain", "12:Early"]) == 2  # not in the KB: only with --text
    assert "no event 12:Early" in capsys.readouterr().err
    assert main(["explain", "12:Early", "--text", "new.txt"]) == 0
    out = capsys.readouterr().out
    assert "12:Early NEW PACT can fire" in out
    assert "(new.txt:6) 1. May only be played if 2:Early" in out and ".yaml" not in out
    assert main(["explain", "lost pact", "--text", "new.txt"]) == 1
    out = capsys.readouterr().out
    assert "13:Early LOST PACT can never fire" in out and "13:Early (new.txt:12): 1. May only be played" in out
    assert main(["explain", "--text", "new.txt"]) == 0  # every logic finding, the contributed one included
    out = capsys.readouterr().out
    assert "LOG002 13:Early" in out and "because (new.txt:12)" in out


@pytest.mark.slow
def test_order_a_contributed_text_cites_its_lines(coldwar, capsys):
    assert main(["order", "--goal", "NEW PACT", "--text", "new.txt", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "found" and [s["event"] for s in data["history"]][-1] == "12:Early"
    assert main(["order", "--goal", "13:Early", "--text", ".", "--format", "json"]) == 1  # a folder, as check
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "impossible"
    assert {(i["file"], i["line"]) for i in data["explanation"]} == {("new.txt", 12)}


@pytest.mark.slow
def test_text_options_are_checked_as_check_checks_them(coldwar, capsys):
    (coldwar / "bare.txt").write_text(NEW.split("\n", 3)[3], encoding="utf-8")  # no GAME / PERIOD lines
    assert main(["explain", "12:Early", "--text", "bare.txt"]) == 2
    assert "no 'PERIOD <label> (<years>)' header" in capsys.readouterr().err
    assert main(["explain", "12:Early", "--text", "bare.txt", "--period", "early"]) == 0
    capsys.readouterr()
    assert main(["explain", "12:Early", "--text", "missing.txt"]) == 2
    assert "missing.txt: no such file" in capsys.readouterr().err
    (coldwar / "broken.txt").write_text("GAME coldwar\nPERIOD Early\n\n12: NEW PACT (historical date:\n",
                                        encoding="utf-8")
    assert main(["explain", "12:Early", "--text", "broken.txt"]) == 2
    assert "broken.txt:4" in capsys.readouterr().err
    assert main(["explain", "2:Early", "--period", "Early"]) == 2
    assert "--period applies to the texts given with --text" in capsys.readouterr().err
