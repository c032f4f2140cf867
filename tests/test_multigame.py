"""Several games in one KB (issue 15): ids are unique per game, references resolve within the citing entry's game,
texts say their game (a GAME line or --game), and nothing crosses from one game to another.

The second game here, "twin", is written to collide with the bundled EU events: its periods are labelled VII and
Early, and it has an event 7:VII of its own. Before the multi-game KB, the last file loaded replaced the other
game's 7:VII, and EU's references to 7:VII resolved to twin's event (or the reverse)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from checker.cli import main
from checker.engine.run import check_paths
from checker.kb.store import load_kb

from .conftest import KB, ingest_text

pytestmark = pytest.mark.slow  # not in the fast tier (issue 34): whole multi-game KBs checked and solved

TWIN_TEXT = """\
GAME twin
PERIOD VII

7: TWIN SEVEN (historical date: 1950)
(duration: permanent)
1. Cannot occur before event 8:VII has occurred. Otherwise re-roll and do not mark off.
EVENTS PHASE:
1. Something happens.
"""

TWIN_EARLY = """\
GAME twin
PERIOD Early

3: EARLY CARD (historical date: 1947)
(duration: permanent)
1. Cannot occur before event 7:VII has occurred. Otherwise re-roll and do not mark off.
EVENTS PHASE:
1. Something happens.
"""


@pytest.fixture
def two_games(twin_kb, tmp_path) -> Path:
    for name, text in (("twin7.txt", TWIN_TEXT), ("twin3.txt", TWIN_EARLY)):
        ingest_text(twin_kb, tmp_path / name, text)
    return twin_kb


def test_two_events_with_one_id_stay_apart(two_games):
    kb = load_kb(str(two_games)).kb
    assert kb.event("eu", "7:VII").title == "FIRST DIVISION OF POLAND"
    assert kb.event("twin", "7:VII").title == "TWIN SEVEN"
    assert (two_games / "events" / "twin" / "vii" / "07.yaml").is_file()
    assert (two_games / "events" / "twin" / "early" / "03.yaml").is_file()


def test_references_resolve_within_the_citing_entrys_game(two_games):
    findings = check_paths([], str(two_games)).findings
    # twin's 7:VII names 8:VII, which only EU has: a dangling reference in twin, never a link to EU's event
    dangling = [f for f in findings if f.rule == "REF001"]
    assert [(f.game, f.subject) for f in dangling] == [("twin", "7:VII")]
    assert "8:VII" in dangling[0].message and dangling[0].file.endswith("events/twin/vii/07.yaml")
    # twin's 3:Early names 7:VII: its own game's event, found (no REF001 for it)
    assert not [f for f in findings if f.subject == "3:Early" and f.rule.startswith("REF00")]


def test_the_eu_findings_do_not_change_when_another_game_joins(two_games, monkeypatch):
    alone = sorted(json.dumps(f.to_dict(), sort_keys=True) for f in check_paths([], str(KB)).findings)
    together = sorted(json.dumps(f.to_dict(), sort_keys=True) for f in check_paths([], str(two_games)).findings
                      if f.game != "twin")
    assert together == alone


def test_order_needs_the_game_when_an_id_is_in_two_games(two_games, capsys):
    assert main(["order", "--kb", str(two_games), "--goal", "7:VII"]) == 2
    err = capsys.readouterr().err
    assert "several games" in err and "--game" in err and "eu/8:VII" in err
    # twin's 7:VII names an 8:VII that twin does not have (REF001 reports it); the logic reads such an event as
    # one outside the KB, whose occurrence the environment chooses. An outside event of a period the game plays
    # occurs as a turn's one play (docs/logic.md S7, issue 28): it takes a turn of its own, then 7:VII fires
    assert main(["order", "--kb", str(two_games), "--goal", "twin/7:VII", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(s["event"], s["outcome"]) for s in out["history"]] == [(None, "no event"), ("7:VII", "fired")]
    # EU's 7:VII is EU's: its history is EU's own
    # (inconclusive: 8:VII's answer rests on EU's unread sentence of 2:IV, docs/logic.md S11)
    assert main(["order", "--kb", str(two_games), "--goal", "8:VII", "--game", "eu", "--format", "json"]) == 3
    assert [s["event"] for s in json.loads(capsys.readouterr().out)["history"]] == ["7:VII", "8:VII"]
    # an id only one game has needs no --game; its period label is read in any case. twin's deck is per period:
    # its Early card requires its period-VII card, which is drawn only later: impossible
    assert main(["order", "--kb", str(two_games), "--goal", "3:early", "--format", "json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["goal"] == "3:Early" and out["status"] == "impossible"


def test_a_text_says_its_game_and_period_or_the_options_do(two_games, tmp_path, capsys):
    plain = tmp_path / "plain.txt"
    plain.write_text(TWIN_TEXT.split("\n", 1)[1], encoding="utf-8")  # no GAME line
    assert main(["check", "--kb", str(two_games), str(plain)]) == 2
    assert "GAME" in capsys.readouterr().err
    assert main(["check", "--kb", str(two_games), "--game", "twin", "--format", "json", str(plain)]) in (0, 1)
    found = json.loads(capsys.readouterr().out)["findings"]
    assert {f["rule"] for f in found} >= {"REF001"}
    # the GAME line and --game disagree: a usage error, not a guess
    assert main(["check", "--kb", str(two_games), "--game", "eu", str(tmp_path / "twin7.txt")]) == 2
    assert "GAME twin" in capsys.readouterr().err
    # period labels in any case; a period the game does not have, with a "did you mean"
    assert main(["check", "--kb", str(two_games), "--game", "twin", "--period", "early", str(plain)]) == 2
    assert "the header says PERIOD VII but --period Early" in capsys.readouterr().err
    (tmp_path / "noper.txt").write_text("GAME twin\n\n" + TWIN_TEXT.split("\n\n", 1)[1], encoding="utf-8")
    assert main(["check", "--kb", str(two_games), "--period", "Erly", str(tmp_path / "noper.txt")]) == 2
    assert "did you mean Early" in capsys.readouterr().err
    assert main(["check", "--kb", str(two_games), "--game", "nosuch", str(plain)]) == 2
    assert "unknown game" in capsys.readouterr().err


def test_an_acceptance_names_its_game(two_games):
    from checker.checks.schema.acc001_stale_acceptance import apply_acceptances
    from checker.core.model import Acceptance

    findings = [f for f in check_paths([], str(two_games)).findings if f.rule == "REF001"]
    eu_only = apply_acceptances(list(findings), [Acceptance("REF001", "7:VII", "known", game="eu")], None)
    assert [f.rule for f in eu_only if f.accepted] == [] and eu_only[-1].rule == "ACC001"
    for f in findings:
        f.accepted = None
    twin = apply_acceptances(list(findings), [Acceptance("REF001", "7:VII", "known", game="twin")], None)
    assert [f.game for f in twin if f.accepted] == ["twin"] and not [f for f in twin if f.rule == "ACC001"]


def test_check_and_site_accept_by_one_rule(two_games):
    """``check`` (ACC001) and the site match acceptances by one rule (acc001_stale_acceptance.covers). They used to
    differ on a finding of no game: a file that cannot be read, kept in twin's folder, is reported by the site with
    the first game (eu). ``check`` let an acceptance naming twin cover it, the site did not and called the same
    acceptance stale (ACC001) — the site and the check run disagreed on one KB."""
    from checker.checks.schema.acc001_stale_acceptance import apply_acceptances
    from checker.site.build import collect

    (two_games / "events" / "twin" / "vii" / "09.yaml").write_text("id: [broken\n", encoding="utf-8")
    (two_games / "accepted.yaml").write_text(
        "accepted:\n"
        "  - {rule: SCH001, match: YAML syntax error, game: twin, reason: being rewritten}\n"  # a finding of no game
        "  - {rule: REF001, subject: '7:VII', game: twin, reason: known}\n"  # twin's 7:VII names 8:VII, only EU's
        "  - {rule: REF001, subject: '7:VII', game: eu, reason: never matches}\n",  # EU's 7:VII has no REF001
        encoding="utf-8")

    def verdicts(findings):
        return sorted((f.rule, f.subject or "", f.file or "", f.line or 0, f.accepted or "") for f in findings
                      if f.accepted or f.rule == "ACC001")

    run = check_paths([], str(two_games))
    checked = verdicts(apply_acceptances(run.findings, run.kb.acceptances, run.kb.files.get("accepted")))
    site = verdicts(collect(load_kb(str(two_games))).findings)
    assert site == checked
    assert [v[0] for v in checked] == ["ACC001", "REF001", "SCH001"]
    assert checked[0][1] == "7:VII" and checked[2][2].endswith("events/twin/vii/09.yaml")


def test_an_id_of_another_games_period_says_so(two_games, capsys):
    assert main(["order", "--kb", str(two_games), "--game", "eu", "--goal", "3:Early"]) == 2
    err = capsys.readouterr().err
    assert "no period 'Early'" in err and "(IV, VII)" in err and "--game" in err


@pytest.mark.parametrize("deck,expected", [("per_period", ["error"]), ("cumulative", [])])
def test_a_later_period_requirement_reads_the_deck_kind(tmp_path, monkeypatch, deck, expected):
    """LOG004: 'cannot occur before period Mid' on an Early card never holds when each period has its own deck,
    and is a real condition when the deck is cumulative (the Early card is still drawn in Mid). Periods compare in
    the profile's order (Early, Mid), not by Roman value (both would be 0)."""
    monkeypatch.setenv("RULEKB_NO_CACHE", "1")
    root = tmp_path / "kb"
    (root / "games").mkdir(parents=True)
    (root / "games" / "cw.yaml").write_text(
        "id: cw\nname: Cold\nevent_id: number:period\ndeck: " + deck + "\nperiods:\n  - {id: Early}\n  - {id: Mid}\n",
        encoding="utf-8")
    text = tmp_path / "e.txt"
    text.write_text("GAME cw\nPERIOD Early\n\n1: EARLY CARD (historical date: 1947)\n(duration: permanent)\n"
                    "1. Cannot occur before period Mid. Otherwise re-roll and do not mark off.\n"
                    "EVENTS PHASE:\n1. Something happens.\n", encoding="utf-8")
    assert main(["ingest", "--kb", str(root), str(text)]) == 0
    found = [f.severity for f in check_paths([], str(root)).findings if f.rule == "LOG004"]
    assert found == expected


def test_a_card_deck_without_years_reads_ids_plainly_and_needs_no_dates(tmp_path, monkeypatch, capsys):
    """Found by walking the README as a new user: 'LOG002 1:A: …' printed as '1🅰' (rich read ':A:' as an emoji
    code), and every undated card title was a CHR002 finding although the profile dates no period."""
    monkeypatch.setenv("RULEKB_NO_CACHE", "1")
    root = tmp_path / "kb"
    (root / "games").mkdir(parents=True)
    (root / "games" / "tiny.yaml").write_text(
        "id: tiny\nname: Tiny\nevent_id: number:period\ndeck: cumulative\nperiods:\n  - {id: A}\n  - {id: B}\n",
        encoding="utf-8")
    (tmp_path / "a.txt").write_text("GAME tiny\nPERIOD A\n\n1: FIRST CARD\n1. Requires 2:B (Second Card).\n",
                                    encoding="utf-8")
    (tmp_path / "b.txt").write_text("GAME tiny\nPERIOD B\n\n2: SECOND CARD\n1. May only be played if 1:A "
                                    "(First Card) has been played.\n", encoding="utf-8")
    assert main(["ingest", "--kb", str(root), str(tmp_path / "a.txt"), str(tmp_path / "b.txt")]) == 0
    capsys.readouterr()
    assert main(["check", "--kb", str(root)]) == 1
    out = capsys.readouterr().out
    assert "LOG001 1:A" in out and "\U0001f170" not in out and "\U0001f171" not in out
    assert "CHR002" not in out


def test_a_game_without_a_profile_still_reads_its_references(tmp_path, monkeypatch):
    """A game whose events are in the KB but whose profile is missing: its own period labels (Early) still make
    ids, so a reference to a card that does not exist is REF001, not read as plain words and passed."""
    monkeypatch.setenv("RULEKB_NO_CACHE", "1")
    root = tmp_path / "kb"
    (root / "games").mkdir(parents=True)
    profile = root / "games" / "tiny.yaml"
    profile.write_text("id: tiny\nname: Tiny\nevent_id: number:period\nperiods:\n  - {id: Early}\n", encoding="utf-8")
    (tmp_path / "a.txt").write_text("GAME tiny\nPERIOD Early\n\n1: FIRST CARD\n1. Requires 9:Early.\n",
                                    encoding="utf-8")
    assert main(["ingest", "--kb", str(root), str(tmp_path / "a.txt")]) == 0
    profile.unlink()
    dangling = [f for f in check_paths([], str(root)).findings if f.rule == "REF001"]
    assert [(f.game, f.subject) for f in dangling] == [("tiny", "1:Early")] and "9:Early" in dangling[0].message


def test_a_load_finding_on_a_contributed_entry_from_another_file_is_kept(kb_copy):
    """Checking kb/events/eu/vii/08.yaml while another file also holds id 8:VII: the SCH002 finding, on that other
    file, names the contributed entry and is reported (the per-game split once dropped it silently)."""
    root = kb_copy
    shutil.copy(root / "events" / "eu" / "vii" / "08.yaml", root / "events" / "eu" / "vii" / "98.yaml")
    findings = check_paths([str(root / "events" / "eu" / "vii" / "08.yaml")], str(root)).findings
    clash = [f for f in findings if f.rule == "SCH002" and f.subject == "8:VII"]
    assert clash and any("98.yaml" in (f.file or "") or "98.yaml" in f.message for f in clash), clash
