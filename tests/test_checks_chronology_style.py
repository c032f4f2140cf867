"""Chronology and style checks, each with a failing and a passing example."""

from __future__ import annotations

from checker.pipeline import check_paths

EVENT = """\
PERIOD IV (1615-1659)

1: FIRST (historical date: {date})
(duration: permanent)
EVENTS PHASE:
1. {text}
"""


def _found(mini_kb, code, date="1620", text="Something happens."):
    root = mini_kb({"a.txt": EVENT.format(date=date, text=text)})
    return [(f.severity, f.message) for f in check_paths([], str(root)).findings if f.rule == code]


def test_chr001_outside_just_before_inside(mini_kb):
    assert _found(mini_kb, "CHR001", date="1554")[0][0] == "warning"
    assert _found(mini_kb, "CHR001", date="1690")[0][0] == "warning"
    assert _found(mini_kb, "CHR001", date="1603") == [
        ("info", "historical date 1603 is 12 years before period IV starts (1615–1659)")]
    assert _found(mini_kb, "CHR001", date="1605-1613 / 1654-1667") == []


def test_chr002_unreadable_date(mini_kb):
    assert len(_found(mini_kb, "CHR002", date="late century")) == 1
    assert len(_found(mini_kb, "CHR002", date="1790-1780")) == 1
    assert _found(mini_kb, "CHR002", date="no definite date") == []


def test_sty001_placeholder(mini_kb):
    assert len(_found(mini_kb, "STY001", text="Bavaria receives a leader ? unless one is active.")) == 1
    assert len(_found(mini_kb, "STY001", text="Bavaria receives TBD.")) == 1
    assert _found(mini_kb, "STY001", text="Does Bavaria receive a leader? Yes.") == []


def test_sty002_spelling_and_game_vocabulary(mini_kb):
    found = _found(mini_kb, "STY002", text="Place a revolt in two randomnly chosen provinces.")
    assert len(found) == 1 and "'randomnly'" in found[0][1] and "randomly" in found[0][1]
    # Game terms from the profile's vocabulary and abbreviations are not flagged.
    assert _found(mini_kb, "STY002", text="Place a revolt in two randomly chosen provinces; a malus applies.") == []
