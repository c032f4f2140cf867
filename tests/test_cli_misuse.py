"""Issue 16: every way of misusing the command line, as a table: the arguments, the exit code and the message.

Each case failed before the issue's fix (it passed silently, printed a traceback, or gave another exit code). A case
that another piece of work owns is marked xfail with the owner named. ``run`` calls ``main`` in-process from a
chosen folder; a row's ``cwd`` is ``repo`` (this checkout), ``tmp`` (an empty folder) or ``tmpkb`` (a folder whose
``kb/`` holds the bundled schema and profiles and two events).
"""

from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path

import pytest
import yaml

from checker.cli import build_parser, main

from .conftest import KB, REPO, SEEDS, TWO_EVENTS

pytestmark = pytest.mark.slow  # not in the fast tier (issue 34): the CLI misused, command by command

SEED7 = str(SEEDS / "000_81b98fbe5e52caea.txt")  # period VII, no PERIOD header
SEED4 = str(SEEDS / "001_7c112c9c7645b661.txt")  # PERIOD IV header
LOG = """log:\n  - {turn: 1, event: 7:VII, outcome: fired}\n"""


def _deck(bad_id: bool = False, placed: bool = False) -> dict:
    data = yaml.safe_load((REPO / "examples" / "pop-deck.yaml").read_text(encoding="utf-8"))
    if bad_id:
        data["ages"]["I"][0]["id"] = "XYZ-9"
    if placed:
        for cards in data["ages"].values():
            for i, c in enumerate(cards):
                c["placed"] = "1" if i % 2 else "2"
    return data


@pytest.fixture
def where(tmp_path, monkeypatch):
    """Chdir into a folder and build the files a row names; returns the folder."""
    def go(kind: str) -> Path:
        if kind == "repo":
            monkeypatch.chdir(REPO)
            return REPO
        folder = tmp_path / "w"
        folder.mkdir()
        if kind == "tmpkb":
            root = folder / "kb"
            shutil.copytree(KB / "schema", root / "schema")
            shutil.copytree(KB / "games", root / "games")
            src = folder / "two.txt"
            src.write_text(TWO_EVENTS.format(ref="1:VII"), encoding="utf-8")
            assert main(["ingest", "--kb", str(root), "--period", "VII", str(src)]) == 0
            (folder / "sub").mkdir()
        (folder / "log.yaml").write_text(LOG, encoding="utf-8")
        (folder / "garbage.bin").write_bytes(b"\xff\xfe\x00garbage")
        (folder / "words.yaml").write_text("just some words\n", encoding="utf-8")
        (folder / "deck.yaml").write_text(yaml.safe_dump(_deck()), encoding="utf-8")
        (folder / "bad-deck.yaml").write_text(yaml.safe_dump(_deck(bad_id=True)), encoding="utf-8")
        monkeypatch.chdir(folder)
        return folder
    return go


def run(argv, capsys):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


# (case id, cwd, argv, exit code, words the output (stdout + stderr) must contain)
CASES = [
    # --select / --ignore: unknown names are usage errors; codes and categories in any case
    ("select-unknown", "repo", ["check", "--select", "NOPE"], 2, ["--select 'NOPE'", "no check code"]),
    ("select-near-miss", "repo", ["check", "--select", "REF01"], 2, ["did you mean REF001"]),
    ("ignore-unknown", "repo", ["check", "--ignore", "logik"], 2, ["--ignore 'logik'", "did you mean logic"]),
    # exit 1: the bundled KB's "place a number of ? equal to …" (seed 002) is an error-level STY001 (issue 30)
    ("select-lower-code", "repo", ["check", "--select", "sty001", "--format", "json"], 1, ['"rule": "STY001"']),
    # exit 3: the bundled KB's unread sentences (LOG007, a logic finding) make its answer inconclusive (S11)
    ("select-category-any-case", "repo", ["check", "--select", "Logic", "--format", "json"], 3, ['"rule": "LOG003"']),
    # --period is checked against the game profile (kb/games/eu.yaml), in check and ingest
    ("period-digit", "repo", ["check", "--period", "7", SEED7], 2, ["unknown period '7'", "did you mean VII"]),
    ("period-unknown", "repo", ["check", "--period", "XX", SEED7], 2, ["unknown period 'XX'", "IV, VII"]),
    ("period-lower-case", "repo", ["check", "--period", "vii", SEED7, "--format", "json"], 3, ['"version": 1']),
    ("ingest-period-unknown", "tmpkb", ["ingest", "--period", "XX", SEED7], 2, ["unknown period 'XX'"]),
    ("period-header-conflict", "repo", ["check", "--period", "VII", SEED4], 2,
     ["the header says PERIOD IV but --period VII"]),
    # a missing PERIOD header is the same usage error (exit 2) in check and ingest
    ("check-no-period", "repo", ["check", SEED7], 2, ["000_81b98fbe5e52caea.txt:1", "no 'PERIOD"]),
    # gazetteer --game names a profile
    ("gazetteer-game", "repo", ["gazetteer", "--game", "xyz"], 2, ["unknown game", "awaw, eu, pop"]),
    ("gazetteer-game-write", "tmpkb", ["gazetteer", "--game", "xyz", "--write"], 2, ["unknown game"]),
    # order: ids checked, numbers positive, options only where they apply
    ("order-avoid-unknown", "repo", ["order", "--goal", "8:VII", "--avoid", "99:VII"], 2,
     ["--avoid 99:VII", "no event 99:VII", "did you mean"]),
    ("order-goal-near-miss", "repo", ["order", "--goal", "8:VIII"], 2, ["no event 8:VIII", "did you mean 8:VII"]),
    ("order-max-turns-negative", "repo", ["order", "--goal", "8:VII", "--max-turns", "-3"], 2,
     ["--max-turns", "must be greater than 0"]),
    ("order-max-turns-zero", "repo", ["order", "--goal", "8:VII", "--max-turns", "0"], 2, ["greater than 0"]),
    ("order-limit-too-large", "repo", ["order", "--count", "7:VII", "--limit", "99999999999999999999"], 2,
     ["--limit", "at most 2147483647"]),
    ("order-time-limit-not-a-number", "repo", ["order", "--goal", "7:VII", "--time-limit", "nan"], 2,
     ["--time-limit", "greater than 0"]),
    ("order-avoid-with-check", "tmp", ["order", "--check", "log.yaml", "--avoid", "8:VII", "--kb", KB], 2,
     ["--avoid applies only with --goal"]),
    ("order-max-turns-with-count", "repo", ["order", "--count", "7:VII", "--max-turns", "5"], 2,
     ["--max-turns applies only with --goal"]),
    ("order-limit-with-goal", "repo", ["order", "--goal", "8:VII", "--limit", "5"], 2,
     ["--limit applies only with --count"]),
    # (ids whose answers rest on nothing unread, so the answer is definite: exit 0)
    ("order-goal-lower-case", "repo", ["order", "--goal", "vii:5", "--format", "json"], 0, ['"goal": "5:VII"']),
    # dispute: names in any case, checked against the profile
    ("dispute-lower-case", "repo", ["dispute", "bulgaria", "rumania"], 0, ["18 legal placements"]),
    ("dispute-unknown", "repo", ["dispute", "Narnia", "Mordor"], 2, ["unknown minor country 'Narnia'"]),
    ("dispute-same-twice", "repo", ["dispute", "Bulgaria", "bulgaria"], 2, ["two different minor countries"]),
    ("dispute-occupied-outside", "repo", ["dispute", "Bulgaria", "Rumania", "--occupied", "Greece"], 2,
     ["--occupied Greece", "not in the dispute"]),
    # deck: --check-layout needs a layout; deck reports what check reports
    ("deck-check-layout-without-layout", "tmp", ["deck", "deck.yaml", "--check-layout", "--kb", KB], 2,
     ["no layout to check"]),
    ("deck-reports-bad-id", "tmp", ["deck", "bad-deck.yaml", "--kb", KB], 1, ["DCK001", "XYZ-9"]),
    ("deck-not-a-deck", "tmp", ["deck", "words.yaml", "--kb", KB], 1, ["SCH001", "deck.schema.json"]),
    # the KB root: found from the current folder up, said, never the repository's by surprise
    ("kb-not-found", "tmp", ["check"], 2, ["no knowledge base found", "give --kb DIR"]),
    ("kb-not-a-kb", "tmp", ["check", "--kb", "."], 2, ["not a knowledge base"]),
    # check on a folder checks its files; the KB folder itself is the whole KB
    ("check-kb-folder", "repo", ["check", "kb/", "--format", "json"], 1, ['"version": 1']),  # STY001 error
    ("check-huge-folder", "repo", ["check", "/"], 2, ["more than 20000 files and folders"]),
    # ids in any case and both forms, with "did you mean"
    ("render-id-any-case", "repo", ["render", "vii:8"], 0, ["8: SECOND DIVISION OF POLAND"]),
    ("render-id-near-miss", "repo", ["render", "8:viii"], 2, ["did you mean 8:VII"]),
    ("explain-id-any-case", "repo", ["explain", "3:vii"], 0, ["can fire"]),
    ("count-ids-any-case", "repo", ["order", "--count", "3:vii", "VII:5", "--format", "json"], 0,
     ['"3:VII"', '"5:VII"']),
    # render --source takes a path
    ("render-source-path", "repo", ["render", "--source", SEED7], 0, ["1: REVOLT IN INDONESIA"]),
    ("render-source-unknown", "repo", ["render", "--source", "000_81b98fbe5e52caeb.txt"], 2,
     ["no KB entry came from", "did you mean 000_81b98fbe5e52caea.txt"]),
    # every missing file is a usage error with its path
    ("ingest-folder", "tmpkb", ["ingest", "sub"], 2, ["sub: a folder"]),
    ("deck-missing-file", "repo", ["deck", "nope.yaml"], 2, ["nope.yaml: no such file"]),
    ("order-check-missing-log", "repo", ["order", "--check", "nope.yaml"], 2, ["nope.yaml: no such file"]),
    ("baseline-binary", "tmp", ["check", "--kb", KB, "--baseline", "garbage.bin"], 2,
     ["garbage.bin: cannot read the baseline report"]),
    ("output-folder-missing", "repo", ["check", "-o", "no/such/dir/report.txt"], 2, ["does not exist"]),
    # rules: any case, did you mean
    ("rules-near-miss", "repo", ["rules", "log03"], 2, ["did you mean LOG003"]),
]


@pytest.mark.parametrize("case,cwd,argv,code,words", CASES, ids=[c[0] for c in CASES])
def test_misuse(case, cwd, argv, code, words, where, capsys):
    where(cwd)
    got, out, err = run(argv, capsys)
    text = out + err
    assert "Traceback" not in text
    assert got == code, text[-2000:]
    for w in words:
        assert w in text, f"{w!r} not in:\n{text[-2000:]}"


def test_ingest_unknown_period_writes_nothing(where, capsys):
    folder = where("tmpkb")
    run(["ingest", "--period", "XX", SEED7], capsys)
    assert not (folder / "kb" / "events" / "eu" / "xx").exists()


def test_gazetteer_unknown_game_writes_nothing(where, capsys):
    folder = where("tmpkb")
    run(["gazetteer", "--game", "xyz", "--write"], capsys)
    assert not (folder / "kb" / "gazetteer" / "xyz.yaml").exists()


def test_select_is_case_insensitive(where, capsys):
    where("repo")
    a = run(["check", "--select", "log003,STY", "--format", "json"], capsys)
    b = run(["check", "--select", "LOG003,sty", "--format", "json"], capsys)
    assert a[0] == b[0] and a[1] == b[1]
    rules = {f["rule"] for f in json.loads(a[1])["findings"]}
    assert rules and all(r == "LOG003" or r.startswith("STY") for r in rules)


def test_dispute_names_any_case_same_answer(where, capsys):
    where("repo")
    assert run(["dispute", "bulgaria", "RUMANIA", "--format", "json"], capsys)[1] == \
        run(["dispute", "Bulgaria", "Rumania", "--format", "json"], capsys)[1]


def test_deck_reports_what_check_reports(where, capsys):
    folder = where("tmp")
    code, out, _ = run(["check", "bad-deck.yaml", "--kb", KB, "--format", "json"], capsys)
    checked = {(f["rule"], f["message"]) for f in json.loads(out)["findings"]}
    code2, out2, _ = run(["deck", "bad-deck.yaml", "--kb", KB, "--format", "json"], capsys)
    decked = {(f["rule"], f["message"]) for f in json.loads(out2)["findings"]}
    assert checked and checked == decked and code == code2 == 1
    assert folder.exists()


def test_kb_found_from_a_subfolder_and_said(where, capsys):
    folder = where("tmpkb")
    os.chdir(folder / "sub")
    code, out, err = run(["check", "--format", "json"], capsys)
    assert code == 0 and json.loads(out)["findings"] == []
    assert f"using the knowledge base in {folder / 'kb'}" in err


def test_site_writes_next_to_the_kb_not_into_the_current_folder(where, capsys):
    folder = where("tmpkb")
    os.chdir(folder / "sub")
    code, _, err = run(["site", "--no-build"], capsys)
    assert code == 0, err
    assert (folder / "site" / "docs_gen").is_dir() and not (folder / "sub" / "site").exists()


def test_check_folder_of_texts(where, capsys, tmp_path):
    where("repo")
    texts = tmp_path / "texts"
    texts.mkdir()
    (texts / "new.txt").write_text("PERIOD VII\n" + TWO_EVENTS.format(ref="99:VII").replace("1: FIRST", "41: FIRST")
                                   .replace("2: SECOND", "42: SECOND"), encoding="utf-8")
    code, out, err = run(["check", str(texts), "--format", "json"], capsys)
    assert code == 1, err
    assert [f["rule"] for f in json.loads(out)["findings"] if f["severity"] == "error"] == ["REF001"]


def test_check_kb_folder_is_the_whole_kb(where, capsys):
    where("repo")
    assert run(["check", "kb/", "--format", "json"], capsys)[:2] == run(["check", "--format", "json"], capsys)[:2]


def test_all_seeds_ingested_in_one_run(where, capsys):
    folder = where("tmpkb")
    shutil.rmtree(folder / "kb" / "events")  # the fixture's two.txt events would clash with seed 000's numbers
    seeds = sorted(str(p) for p in SEEDS.glob("*.txt"))
    code, _, err = run(["ingest", *seeds, "--period", "000_81b98fbe5e52caea.txt=VII"], capsys)
    assert code == 0, err
    assert (folder / "kb" / "events" / "eu" / "iv" / "01.yaml").exists()
    assert len(list((folder / "kb" / "events" / "eu" / "vii").glob("*.yaml"))) == 13
    code, _, err = run(["ingest", *seeds, "--period", "nope.txt=VII"], capsys)
    assert code == 2 and "not one of the files given" in err


def test_rules_docs_are_readable_text(where, capsys):
    where("repo")
    code, out, _ = run(["rules"], capsys)
    assert code == 0 and "```" not in out and "::" not in out and "``" not in out
    assert "An event reference names an event that does not exist, although its period is in the knowledge base." \
        in " ".join(out.split())
    from checker.checks import registry

    for check in registry():
        code, out, _ = run(["rules", check], capsys)
        assert code == 0 and "```" not in out and "::" not in out and "``" not in out, check
        assert max(len(line) for line in out.splitlines()) <= 100 or check, check


def test_every_option_has_help():
    parser = build_parser()
    missing = []
    for action in parser._subparsers._group_actions[0].choices.items():
        name, sub = action
        for a in sub._actions:
            if not a.help and a.dest != "help":
                missing.append(f"{name} {'/'.join(a.option_strings) or a.dest}")
    assert missing == []


def test_top_level_help_lists_exit_code_3(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "3 inconclusive" in out and "2 usage" in out


def test_order_help_shows_the_log_format(capsys):
    assert main(["order", "--help"]) == 0
    out = capsys.readouterr().out
    assert "log:" in out and "{turn: 1, event: 7:VII, outcome: fired}" in out


def _raise_on_replace(err_no, text):
    def replace(src, dst):
        raise OSError(err_no, text)
    return replace


@pytest.mark.parametrize("err_no,text", [(errno.EROFS, "Read-only file system"), (errno.ENOSPC,
                                                                                  "No space left on device")])
def test_write_errors_name_the_path(err_no, text, where, capsys, monkeypatch):
    folder = where("tmpkb")
    monkeypatch.setattr(os, "replace", _raise_on_replace(err_no, text))
    src = folder / "two.txt"  # the same source as the fixture's events: an update, which ingest may write
    src.write_text(TWO_EVENTS.format(ref="1:VII").replace("Something happens", "Something new happens"),
                   encoding="utf-8")
    code, out, err = run(["ingest", "--period", "VII", str(src)], capsys)
    assert code == 2 and text in err and "01.yaml" in err and "Traceback" not in err
    code, out, err = run(["check", "-o", "report.txt"], capsys)
    assert code == 2 and text in err and "report.txt" in err and "Traceback" not in err


def test_missing_period_is_the_same_error_in_check_and_ingest(where, capsys):
    where("tmpkb")
    code, _, err = run(["check", SEED7], capsys)
    code2, _, err2 = run(["ingest", SEED7], capsys)
    assert code == code2 == 2
    assert err.splitlines()[-1] == err2.splitlines()[-1] and "no 'PERIOD" in err


def test_schema_invalid_kb_file_is_reported(tmp_path, capsys):
    root = tmp_path / "kb"
    shutil.copytree(KB, root)
    path = root / "events" / "eu" / "vii" / "08.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("number: 8", "number: eight", 1), encoding="utf-8")
    code, out, _ = run(["check", "--kb", root, "--format", "json", path], capsys)
    assert code == 1 and any(f["rule"] == "SCH001" for f in json.loads(out)["findings"])


def test_order_check_outcome_in_any_case(tmp_path, capsys):
    """'outcome: Fired' was a clingo 'unsafe' traceback; outcomes are read in any case, as ids are."""
    log = tmp_path / "log.yaml"
    log.write_text("log:\n  - {turn: 1, event: 3:VII, outcome: Fired}\n", encoding="utf-8")
    code, out, err = run(["order", "--kb", KB, "--check", log], capsys)
    assert code == 0 and "legal" in out and "Traceback" not in err


@pytest.mark.parametrize("entry", ["{turn: 1, event: 7:VII, outcome: 'fired twice'}", "{event: 7:VII, outcome: fired}",
                                   "{turn: one, event: 7:VII, outcome: fired}"])
def test_order_check_bad_log_entries(entry, tmp_path, capsys):
    log = tmp_path / "log.yaml"
    log.write_text(f"log:\n  - {entry}\n", encoding="utf-8")
    code, out, err = run(["order", "--kb", KB, "--check", log], capsys)
    assert code == 2 and "Traceback" not in err and "log.yaml:2" in err


def test_usage_errors_answer_without_heavy_imports(tmp_path):
    """Help and argument mistakes import neither rich nor clingo (commands import what they need when they run)."""
    import subprocess
    import sys

    code = ("import sys, io, contextlib\nfrom checker.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
            "    main(['--help']); main(['order', '--goal', '8:VII', '--max-turns', '0'])\n"
            "    main(['dispute', 'Narnia', 'Mordor', '--kb', sys.argv[1]])\n"
            "print(sorted(m for m in ('rich', 'clingo', 'jsonschema', 'networkx') if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code, str(KB)], capture_output=True, text=True, cwd=tmp_path)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr
