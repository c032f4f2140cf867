"""An event of multiplicity "*" whose later firings matter makes the horizon bound no proof (docs/logic.md S9).

A one-turn window of an unlimited event, needed by a chain of six events: the shortest history fires it before each
of them (12 turns), longer than the horizon bound (11). Before, rulekb said "can never be played" (LOG002, an error)
and `order --goal` said "impossible" — wrong answers. Now: "inconclusive" where the bound proves nothing, and
`order --goal` searches on to --max-turns and finds the history."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from checker.cli import main

EXAMPLE_PROFILE = Path(__file__).resolve().parent.parent / "examples" / "coldwar" / "kb" / "games" / "coldwar.yaml"


def _text(spark: str, spark_effect: str = "USA adds one influence point in one country.") -> str:
    lines = ["GAME coldwar", "PERIOD Early", "", f"1: SPARK {spark}(historical date: 1948)", "(duration: 2 turns)",
             "ACTION PHASE:", f"1. {spark_effect}", ""]
    for i in range(2, 8):
        need = "1:Early is in effect" + (f" and {i - 1}:Early has been played" if i > 2 else "")
        lines += [f"{i}: STEP {i} (historical date: 1950)", "(duration: permanent)", f"1. May only be played if {need}.",
                  "ACTION PHASE:", "1. USA adds one influence point in one country.", ""]
    return "\n".join(lines)


def _kb(tmp_path: Path, text: str) -> Path:
    kb = tmp_path / "kb"
    (kb / "games").mkdir(parents=True)
    shutil.copy(EXAMPLE_PROFILE, kb / "games")
    (tmp_path / "t.txt").write_text(text, encoding="utf-8")
    assert main(["ingest", "--kb", str(kb), str(tmp_path / "t.txt")]) == 0
    return kb


def _run(capsys, *argv) -> tuple[int, str]:
    capsys.readouterr()
    code = main(list(argv))
    return code, capsys.readouterr().out


def test_a_window_an_unlimited_event_opens_again_is_no_never(tmp_path, capsys):
    kb = _kb(tmp_path, _text("(*) "))
    code, out = _run(capsys, "check", "--kb", str(kb), "--format", "json")
    findings = [f for f in json.loads(out)["findings"] if f["rule"] == "LOG002"]
    assert code == 3 and [(f["subject"], f["severity"]) for f in findings] == [("7:Early", "info")]
    assert "1:Early may fire any number of times" in findings[0]["message"]
    code, out = _run(capsys, "order", "--kb", str(kb), "--goal", "7:Early", "--format", "json")
    answer = json.loads(out)
    assert code == 0 and len(answer["history"]) == 12, answer
    code, out = _run(capsys, "order", "--kb", str(kb), "--goal", "7:Early", "--max-turns", "11")
    assert code == 3 and "no number of turns proves" in out


def test_the_bound_still_proves_never_when_the_window_opens_once(tmp_path, capsys):
    # SPARK fires at most once: the chain is impossible after STEP 2, and that is proven
    kb = _kb(tmp_path, _text(""))
    code, out = _run(capsys, "check", "--kb", str(kb), "--format", "json")
    never = sorted(f["subject"] for f in json.loads(out)["findings"]
                   if f["rule"] == "LOG002" and f["severity"] == "error")
    assert code == 1 and never == ["3:Early", "4:Early", "5:Early", "6:Early", "7:Early"]
