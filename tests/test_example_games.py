"""The two example games of examples/ (a cumulative cold-war deck, a per-period great-war deck): written as a new
user would write them (a profile and texts, no code), their relations hold through the command line: legal orders
are found, illegal logs are refused with the clause of the card that forbids the step, counts are exact on small
sets; planted defects in edited copies of their texts (tests/corpus/games/) are found on the planted line; the
committed KBs are exactly what ingesting the texts writes; and a KB holding the bundled games and both examples
checks, answers and builds its site with no cross-talk."""

from __future__ import annotations

import difflib
import json
import shutil
from pathlib import Path

import pytest
import yaml

from checker.cli import main

pytestmark = pytest.mark.slow  # not in the fast tier (issue 34): the example games end to end

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"
PLANTED = REPO / "tests" / "corpus" / "games"
GAMES = ("coldwar", "greatwar")


def kb_of(game: str) -> Path:
    return EXAMPLES / game / "kb"


def run(capsys, *argv) -> tuple[int, str]:
    capsys.readouterr()
    code = main([str(a) for a in argv])
    return code, capsys.readouterr().out


def run_json(capsys, *argv) -> tuple[int, dict]:
    code, out = run(capsys, *argv, "--format", "json")
    return code, json.loads(out)


def write_log(tmp_path: Path, events: list[str]) -> Path:
    path = tmp_path / "log.yaml"
    path.write_text(yaml.safe_dump({"log": [{"turn": i + 1, "event": e, "outcome": "fired"}
                                            for i, e in enumerate(events)]}), encoding="utf-8")
    return path


# ---------------------------------------------------------------- the clean examples
@pytest.mark.parametrize("game", GAMES)
def test_clean_example_has_no_finding_and_every_rule_sentence_read(capsys, game):
    code, report = run_json(capsys, "check", "--kb", kb_of(game))
    assert code == 0
    assert report["findings"] == []          # no error, no warning, no info (no LOG007: every sentence read)
    code, out = run(capsys, "explain", "--kb", kb_of(game), "--coverage")
    assert code == 0
    total = [line.split() for line in out.splitlines() if line.startswith("total")][0]
    assert total[1] == total[2] and total[-1] == "0" and int(total[1]) >= 7


@pytest.mark.parametrize("game", GAMES)
def test_committed_kb_is_what_ingesting_the_texts_writes(tmp_path, capsys, game):
    kb = tmp_path / "kb"
    shutil.copytree(kb_of(game) / "games", kb / "games")
    texts = sorted((EXAMPLES / game / "texts").glob("*.txt"))
    assert len(texts) == 3
    code, _ = run(capsys, "ingest", "--kb", kb, *texts)
    assert code == 0

    def files(root: Path) -> dict[str, bytes]:
        return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}
    assert files(kb) == files(kb_of(game))


def test_profiles_say_the_deck_kind_and_period_order():
    cw = yaml.safe_load((kb_of("coldwar") / "games" / "coldwar.yaml").read_text())
    gw = yaml.safe_load((kb_of("greatwar") / "games" / "greatwar.yaml").read_text())
    assert cw["deck"] == "cumulative" and [p["id"] for p in cw["periods"]] == ["Early", "Mid", "Late"]
    assert gw["deck"] == "per_period" and [p["id"] for p in gw["periods"]] == ["1914", "1915", "1916"]


# ---------------------------------------------------------------- legal orders found
@pytest.mark.parametrize("game, goal, history", [
    ("coldwar", "3:Early", ["1:Early", "2:Early", "3:Early"]),
    ("coldwar", "7:Mid", ["6:Mid", "7:Mid"]),
    ("coldwar", "11:Late", ["6:Mid", "7:Mid", "9:Late", "11:Late"]),
    # an Early card that requires a Mid card: legal only because the deck is cumulative
    ("coldwar", "4:Early", ["6:Mid", "4:Early"]),
    ("greatwar", "3:1914", ["1:1914", "3:1914"]),
    ("greatwar", "5:1915", ["4:1915", "5:1915"]),
    ("greatwar", "8:1916", ["1:1914", "2:1914", "7:1916", "8:1916"]),
])
def test_shortest_legal_history(capsys, game, goal, history):
    code, answer = run_json(capsys, "order", "--kb", kb_of(game), "--goal", goal)
    assert code == 0 and answer["status"] == "found"
    assert [s["event"] for s in answer["history"]] == history


def test_an_early_card_is_drawn_in_a_later_era_of_the_cumulative_deck(capsys):
    code, answer = run_json(capsys, "order", "--kb", kb_of("coldwar"), "--goal", "4:Early")
    assert code == 0
    assert [(s["period"], s["event"]) for s in answer["history"]] == [("Mid", "6:Mid"), ("Mid", "4:Early")]


def test_greatwar_periods_come_in_profile_order(capsys):
    code, answer = run_json(capsys, "order", "--kb", kb_of("greatwar"), "--goal", "8:1916")
    assert code == 0
    assert [s["period"] for s in answer["history"]] == ["1914", "1914", "1916", "1916"]


@pytest.mark.parametrize("game, log", [
    ("coldwar", ["1:Early", "2:Early", "3:Early"]),
    ("coldwar", ["6:Mid", "7:Mid", "9:Late", "11:Late"]),
    ("coldwar", ["6:Mid", "7:Mid", "10:Late"]),
    # cumulative: Early cards still drawn after Late cards
    ("coldwar", ["6:Mid", "7:Mid", "9:Late", "1:Early", "4:Early"]),
    ("greatwar", ["1:1914", "3:1914", "2:1914", "7:1916", "8:1916", "9:1916"]),
    ("greatwar", ["1:1914", "4:1915", "5:1915", "6:1915"]),
])
def test_legal_logs(tmp_path, capsys, game, log):
    code, answer = run_json(capsys, "order", "--kb", kb_of(game), "--check", write_log(tmp_path, log))
    assert (code, answer["status"]) == (0, "legal")


# ---------------------------------------------------------------- illegal logs explained by the right clause
@pytest.mark.parametrize("game, log, card, clause", [
    ("coldwar", ["2:Early"], "2:Early", "1. May only be played if 1:Early (Recovery Plan) has been played."),
    ("coldwar", ["1:Early", "3:Early"], "3:Early", "1. May only be played after 2:Early (Atlantic Treaty)."),
    ("coldwar", ["4:Early"], "4:Early", "1. Requires 6:Mid (Missile Standoff)."),
    ("coldwar", ["6:Mid", "7:Mid", "8:Mid"], "7:Mid", "1. 8:Mid (Brinkmanship) can no longer be played as an event."),
    ("coldwar", ["6:Mid", "7:Mid", "9:Late", "10:Late"], "10:Late",
     "1. Cannot be played after 9:Late (Thaw) has been played."),
    ("coldwar", ["6:Mid", "7:Mid", "10:Late", "9:Late"], "10:Late", "1. Prevents 9:Late (Thaw)."),
    ("coldwar", ["6:Mid", "7:Mid", "9:Late", "11:Late", "4:Early"], "11:Late", "1. Prevents 4:Early (Quiet Diplomacy)."),
    ("greatwar", ["1:1914", "2:1914", "3:1914"], "3:1914",
     "1. May only be played after 1:1914 (General Mobilization) and before 2:1914 (Outflanking March)."),
    ("greatwar", ["4:1915", "6:1915", "5:1915"], "5:1915",
     "1. May only be played after 4:1915 (Naval Blockade) and before 6:1915 (Shell Crisis)."),
    # 9:1916 also makes 8:1916 unplayable, but 8:1916's own "before 9:1916" already forbids it: the smallest
    # explanation is that clause
    ("greatwar", ["1:1914", "2:1914", "7:1916", "9:1916", "8:1916"], "8:1916",
     "1. May only be played after 7:1916 (Attrition Battle) and before 9:1916 (Peace Note)."),
])
def test_illegal_log_is_explained_by_the_cards_clause(tmp_path, capsys, game, log, card, clause):
    code, answer = run_json(capsys, "order", "--kb", kb_of(game), "--check", write_log(tmp_path, log))
    assert (code, answer["status"]) == (1, "illegal")
    assert answer["step"]["event"] == log[-1] and answer["step"]["turn"] == len(log)
    assert {"id": card, "text": clause} in [{"id": e["id"], "text": e["text"]} for e in answer["explanation"]]


def test_per_period_deck_refuses_an_earlier_periods_card_after_a_later_one(tmp_path, capsys):
    code, answer = run_json(capsys, "order", "--kb", kb_of("greatwar"), "--check",
                            write_log(tmp_path, ["4:1915", "1:1914"]))
    assert (code, answer["status"]) == (1, "illegal") and answer["step"]["event"] == "1:1914"


# ---------------------------------------------------------------- exact counts
@pytest.mark.parametrize("game, events, count", [
    ("coldwar", ["1:Early", "5:Mid", "6:Mid"], 6),        # cumulative: the Early card in any place
    ("coldwar", ["1:Early", "2:Early", "3:Early"], 1),
    ("coldwar", ["6:Mid", "7:Mid", "8:Mid"], 2),          # 8:Mid before 7:Mid, either side of 6:Mid
    ("coldwar", ["6:Mid", "7:Mid", "9:Late", "10:Late"], 0),  # 10:Late prevents 9:Late and comes only before it
    ("coldwar", ["4:Early", "6:Mid"], 1),
    ("greatwar", ["1:1914", "4:1915", "6:1915"], 2),       # per period: the 1914 card first
    ("greatwar", ["1:1914", "2:1914", "3:1914"], 1),
    ("greatwar", ["4:1915", "5:1915", "6:1915"], 1),
    ("greatwar", ["1:1914", "2:1914", "7:1916"], 1),
])
def test_exact_counts(capsys, game, events, count):
    code, answer = run_json(capsys, "order", "--kb", kb_of(game), "--count", *events)
    assert answer["complete"] is True and answer["count"] == count
    assert code == (0 if count else 1)


def test_the_same_coldwar_cards_in_a_per_period_deck(tmp_path, capsys):
    """The cumulative deck is what makes the Early card that requires a Mid card legal: the same KB with
    deck: per_period reports it dead and refuses the later-era draws."""
    kb = tmp_path / "kb"
    shutil.copytree(kb_of("coldwar"), kb)
    profile = kb / "games" / "coldwar.yaml"
    text = profile.read_text(encoding="utf-8")
    assert text.count("deck: cumulative\n") == 1
    profile.write_text(text.replace("deck: cumulative\n", "deck: per_period\n"), encoding="utf-8")
    code, report = run_json(capsys, "check", "--kb", kb)
    assert code == 1
    assert sorted((f["rule"], f["subject"]) for f in report["findings"]) == [("LOG002", "4:Early"),
                                                                            ("LOG005", "4:Early")]
    code, answer = run_json(capsys, "order", "--kb", kb, "--goal", "4:Early")
    assert (code, answer["status"]) == (1, "impossible")
    code, answer = run_json(capsys, "order", "--kb", kb, "--count", "1:Early", "5:Mid", "6:Mid")
    assert answer["count"] == 2


# ---------------------------------------------------------------- planted defects in edited copies
def planted_line(name: str, game: str) -> int:
    """The copy differs from its example text in exactly one line (changed or added): its number in the copy."""
    copy = (PLANTED / name).read_text(encoding="utf-8").splitlines()
    period = copy[1].split()[1]
    original = (EXAMPLES / game / "texts" / f"{period.lower()}.txt").read_text(encoding="utf-8").splitlines()
    changed = [(tag, j1, j2) for tag, i1, i2, j1, j2 in
               difflib.SequenceMatcher(None, original, copy).get_opcodes() if tag != "equal"]
    assert len(changed) == 1 and changed[0][0] in ("replace", "insert") and changed[0][2] - changed[0][1] == 1
    return changed[0][1] + 1


@pytest.mark.parametrize("name, rule, severity, subject, at_planted_line", [
    ("coldwar_cycle.txt", "LOG001", "error", "6:Mid", True),
    ("coldwar_dead_card.txt", "LOG002", "error", "11:Late", False),
    ("coldwar_dangling_reference.txt", "REF001", "error", "2:Early", True),
    ("coldwar_misspelled_name.txt", "REF008", "warning", "3:Early", True),
    ("greatwar_dead_card.txt", "LOG002", "error", "8:1916", False),
    ("greatwar_misspelled_name.txt", "REF008", "warning", "5:1915", True),
])
def test_planted_defect_found_on_its_line(capsys, tmp_path, name, rule, severity, subject, at_planted_line):
    game = name.split("_")[0]
    line = planted_line(name, game)
    # the contributor edits the text in place: the copy bears the name of the text it edits (under another name it
    # would replace another source's events, which ingest refuses and check reports as SCH002)
    period = (PLANTED / name).read_text(encoding="utf-8").splitlines()[1].split()[1]
    path = tmp_path / "tests" / "corpus" / "games" / name / f"{period.lower()}.txt"
    path.parent.mkdir(parents=True)
    path.write_bytes((PLANTED / name).read_bytes())
    code, report = run_json(capsys, "check", "--kb", kb_of(game), path)
    assert code == (1 if severity == "error" else 0)
    found = [f for f in report["findings"] if f["rule"] == rule]
    assert found, report["findings"]
    assert {(f["severity"], f["subject"]) for f in found} >= {(severity, subject)}
    mine = [f for f in found if f["subject"] == subject]
    assert all(f["file"].endswith(f"tests/corpus/games/{name}/{path.name}") for f in mine)
    planted = path.read_text(encoding="utf-8").splitlines()[line - 1]
    if at_planted_line:
        assert [f["line"] for f in mine] == [line]
    else:
        # a dead card is reported on its header; the planted clause is in the explanation (text output)
        _, out = run(capsys, "check", "--kb", kb_of(game), path)
        assert f"{path.name}:{line}): {planted}" in out
    # the other findings are the planted defect's consequences only, never about the untouched cards' texts
    assert {f["rule"] for f in report["findings"]} <= {rule, "LOG002", "STY002"}


def test_misspelled_name_says_the_title(capsys):
    code, report = run_json(capsys, "check", "--kb", kb_of("coldwar"), PLANTED / "coldwar_misspelled_name.txt")
    [ref008] = [f for f in report["findings"] if f["rule"] == "REF008"]
    assert "'ATLANTIC TREATY'" in ref008["message"] and "'Atlantik Treaty'" in ref008["message"]


@pytest.mark.parametrize("game", GAMES)
def test_unedited_texts_checked_as_contributions_are_clean(capsys, game):
    texts = sorted((EXAMPLES / game / "texts").glob("*.txt"))
    code, report = run_json(capsys, "check", "--kb", kb_of(game), *texts)
    assert (code, report["findings"]) == (0, [])


# ---------------------------------------------------------------- four games in one KB
@pytest.fixture(scope="module")
def four_games(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("four") / "kb"
    shutil.copytree(REPO / "kb", root)
    for game in GAMES:
        shutil.copy(kb_of(game) / "games" / f"{game}.yaml", root / "games")
        for part in ("events", "rules"):
            shutil.copytree(kb_of(game) / part / game, root / part / game)
    return root


def test_four_games_load_and_check_with_the_bundled_findings_unchanged(capsys, four_games):
    assert sorted(p.stem for p in (four_games / "games").glob("*.yaml")) == ["awaw", "coldwar", "eu", "greatwar", "pop"]
    code_alone, alone = run_json(capsys, "check", "--kb", REPO / "kb")
    code_four, four = run_json(capsys, "check", "--kb", four_games)
    assert code_four == code_alone
    eu = [f for f in alone["findings"] if "/eu/" in f["file"]]
    assert eu and [f for f in four["findings"] if "/eu/" in f["file"]] == eu
    # and nothing else changed: no finding about the examples, none lost for pop and awaw
    assert four["findings"] == alone["findings"]


@pytest.mark.parametrize("goal, game, history", [
    ("4:Early", "coldwar", ["6:Mid", "4:Early"]),
    ("8:1916", "greatwar", ["1:1914", "2:1914", "7:1916", "8:1916"]),
    ("coldwar/11:Late", "coldwar", ["6:Mid", "7:Mid", "9:Late", "11:Late"]),
])
def test_four_games_answer_order_for_an_example_card(capsys, four_games, goal, game, history):
    code, answer = run_json(capsys, "order", "--kb", four_games, "--goal", goal)
    assert code == 0 and [s["event"] for s in answer["history"]] == history
    alone_code, alone = run_json(capsys, "order", "--kb", kb_of(game), "--goal", goal.split("/")[-1])
    assert (alone_code, alone) == (code, answer)


def test_four_games_answer_eu_orders_as_the_bundled_kb(capsys, four_games):
    for goal in ("9:VII", "6:VII"):
        alone = run_json(capsys, "order", "--kb", REPO / "kb", "--goal", goal)
        assert run_json(capsys, "order", "--kb", four_games, "--goal", goal) == alone


def test_four_games_refuse_a_card_of_another_game(capsys, four_games):
    """An example card's id names no EU event: asked as an EU id it is unknown, not taken from the example."""
    code, _ = run(capsys, "order", "--kb", four_games, "--game", "eu", "--goal", "4:Early")
    assert code == 2
    code, _ = run(capsys, "order", "--kb", four_games, "--game", "greatwar", "--goal", "4:Early")
    assert code == 2
