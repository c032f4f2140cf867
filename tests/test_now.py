"""`rulekb now` (issue 33): hand-worked verdicts on the example games and the seeds' KB, a malformed log (exit 2
with file and line), an illegal log (no verdicts), and inconclusive verdicts where an unread sentence is in the cone."""

from __future__ import annotations

import contextlib
import io
import json

import pytest

from checker.cli import main


def now(tmp_path, text: str, kb: str, *extra: str) -> tuple[int, dict | str, str]:
    path = tmp_path / "log.yaml"
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["now", str(path), "--kb", kb, *extra])
    body = out.getvalue()
    return code, (json.loads(body) if "json" in extra and body else body), err.getvalue()


def verdicts(answer: dict) -> dict[str, dict]:
    return {v["event"]: v for v in answer["verdicts"]}


def test_coldwar_start_every_event_without_requirement_can_fire(tmp_path):
    code, answer, _ = now(tmp_path, "", "examples/coldwar/kb", "--format", "json")
    v = verdicts(answer)
    assert code == 0 and answer["next_turn"] == 1 and len(v) == 11
    assert {e for e, x in v.items() if x["verdict"] == "can_fire"} == {"1:Early", "5:Mid", "6:Mid", "8:Mid", "10:Late"}
    # 2:Early "May only be played if 1:Early (Recovery Plan) has been played": a draw re-rolls
    two = v["2:Early"]
    assert two["verdict"] == "not_now" and two["outcomes"] == ["re-roll"]
    assert two["failing"][0]["clause"]["file"].endswith("early/02.yaml") and two["failing"][0]["needs"] == [
        "1:Early has been played"]
    assert "May only be played if 1:Early" in two["failing"][0]["clause"]["text"]


def test_coldwar_after_missile_standoff_and_hotline(tmp_path):
    log = "log:\n  - {turn: 1, event: 6:Mid}\n  - {turn: 2, event: 7:Mid, outcome: fired}\n"
    code, answer, _ = now(tmp_path, log, "examples/coldwar/kb", "--format", "json")
    v = verdicts(answer)
    assert code == 0 and answer["next_turn"] == 3
    assert v["4:Early"]["verdict"] == "can_fire"  # requires 6:Mid, played at turn 1
    assert v["9:Late"]["verdict"] == "can_fire"  # after 7:Mid and before 11:Late
    # 7:Mid says "8:Mid (Brinkmanship) can no longer be played as an event": the one clause that rules it out
    eight = v["8:Mid"]
    assert eight["verdict"] == "never" and [c["text"] for c in eight["explanation"]] == [
        "1. 8:Mid (Brinkmanship) can no longer be played as an event."]
    assert v["6:Mid"]["verdict"] == "never" and v["11:Late"]["verdict"] == "not_now"


def test_coldwar_text_output(tmp_path):
    code, out, _ = now(tmp_path, "- {turn: 1, event: 6:Mid}\n- {turn: 2, event: 7:Mid}\n", "examples/coldwar/kb")
    assert code == 0
    assert "next draw at turn 3 — 5 can fire at the next draw, 3 not now, 3 never again, 0 inconclusive" in out
    assert "true when: 9:Late has been played" in out and "mid/07.yaml:" in out.replace("\\", "/")


@pytest.mark.slow
def test_greatwar_per_period_deck_past_period_is_never(tmp_path):
    code, answer, _ = now(tmp_path, "log: []\n", "examples/greatwar/kb", "--format", "json")
    first = answer["verdicts"][0]["event"]
    later_period = answer["verdicts"][-1]
    assert code == 0 and first and later_period["verdict"] in ("can_fire", "not_now")
    # a draw in the last period: per-period deck, periods never go back, so every event of an earlier period is over
    last = later_period["event"]
    code, answer, _ = now(tmp_path, f"log:\n  - {{turn: 1, event: '{last}'}}\n", "examples/greatwar/kb",
                          "--format", "json")
    period = last.split(":")[1]
    for v in answer["verdicts"]:
        if v["event"].split(":")[1] != period:
            assert v["verdict"] == "never" and v["explanation"] == []  # the model's own rules, no clause


def test_malformed_log_exits_2_with_file_and_line(tmp_path):
    code, _, err = now(tmp_path, "log:\n  - {turn: 1, event: 6:Mid}\n  - {turn: 1, event: 7:Mid}\n",
                       "examples/coldwar/kb")
    assert code == 2 and "log.yaml:3" in err and "listed twice" in err
    code, _, err = now(tmp_path, "log:\n  - {turn: 2, event: 99:Mid}\n", "examples/coldwar/kb")
    assert code == 2 and "log.yaml:2" in err and "unknown event" in err


def test_illegal_log_gives_no_verdicts(tmp_path):
    code, answer, _ = now(tmp_path, "log:\n  - {turn: 1, event: 7:Mid}\n", "examples/coldwar/kb", "--format", "json")
    assert code == 1 and answer["status"] == "illegal" and answer["verdicts"] == []
    assert answer["message"].startswith("turn 1: 7:Mid (fired)") and answer["explanation"]


@pytest.mark.slow
def test_bundled_kb_inconclusive_where_an_unread_sentence_is_in_the_cone(tmp_path):
    log = "log:\n  - {turn: 1, event: 7:VII}\n  - {turn: 2, event: 8:VII}\n  - {turn: 3, event: 12:VII}\n"
    code, answer, _ = now(tmp_path, log, "kb", "--format", "json")
    v = verdicts(answer)
    assert code == 3 and answer["next_turn"] == 4
    assert v["1:VII"]["verdict"] == "can_fire" and v["5:IV"]["verdict"] == "never"  # period IV is past
    six = v["6:VII"]  # "Cannot occur before event 4:VII … has been played through"; 4:VII holds unread sentences
    assert six["verdict"] == "inconclusive" and six["read_verdict"] == "not_now"
    assert {u["event"] for u in six["unread"]} == {"4:VII"} and all(u["file"].endswith("04.yaml") for u in six["unread"])
    assert six["failing"][0]["needs"] == ["4:VII is over"]
    twelve = v["12:VII"]  # played at turn 3, once only
    assert twelve["verdict"] == "never" and twelve["explanation"][0]["id"] == "12:VII"


@pytest.mark.slow
def test_empty_file_is_the_start_and_missing_file_is_usage(tmp_path):
    code, answer, _ = now(tmp_path, "", "kb", "--format", "json")
    assert code == 3 and answer["next_turn"] == 1
    assert verdicts(answer)["5:IV"]["verdict"] == "can_fire"
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert main(["now", str(tmp_path / "nope.yaml"), "--kb", "kb"]) == 2
    assert "no such file" in err.getvalue()


def test_a_question_too_large_to_ground_is_not_asked(tmp_path, monkeypatch):
    """Grounding cannot be cut short by the time limit (1,000 synthetic events passed 13 GB): a question of more
    event-turns than now.MAX_EVENT_TURNS is not asked. Every verdict is inconclusive with the reason, said once."""
    from checker.logic import now as now_module

    code, answer, _ = now(tmp_path, "", "examples/coldwar/kb", "--format", "json")
    assert code == 0 and answer["status"] == "answered"  # 11 events: far below the limit
    monkeypatch.setattr(now_module, "MAX_EVENT_TURNS", 10)
    code, answer, _ = now(tmp_path, "", "examples/coldwar/kb", "--format", "json")
    assert code == 3 and answer["status"] == "inconclusive"
    assert answer["message"].startswith("the question is too large to ask: 11 events over a horizon of ")
    assert {v["verdict"] for v in answer["verdicts"]} == {"inconclusive"} and len(answer["verdicts"]) == 11
    code, text, _ = now(tmp_path, "", "examples/coldwar/kb")
    assert code == 3 and text.count("too large") == 1, text  # said once, not under each of the 11 events
