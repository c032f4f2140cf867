"""Chronology and style checks, each with a failing and a passing example."""

from __future__ import annotations

from checker.engine.run import check_paths

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
    # A historical date never changes play: info at any distance (the severity policy).
    assert _found(mini_kb, "CHR001", date="1554") == [
        ("info", "historical date 1554 lies 61 years before period IV (1615–1659)")]
    assert _found(mini_kb, "CHR001", date="1690")[0][0] == "info"
    assert _found(mini_kb, "CHR001", date="1603") == [
        ("info", "historical date 1603 is 12 years before period IV starts (1615–1659)")]
    assert _found(mini_kb, "CHR001", date="1624-1642") == []


def test_chr001_first_range_of_a_two_range_date(mini_kb):
    found = _found(mini_kb, "CHR001", date="1605-1613 / 1654-1667")
    assert found == [("info", "the first range 1605-1613 of the historical date 1605-1613 / 1654-1667 is 2 years "
                              "before period IV starts (1615–1659): one of the episodes the event joins is dated "
                              "outside its period")]
    assert _found(mini_kb, "CHR001", date="1615-1618 / 1654-1667") == []
    assert "second range 1660-1667" in _found(mini_kb, "CHR001", date="1620-1630 / 1660-1667")[0][1]


def test_chr002_unreadable_date(mini_kb):
    assert len(_found(mini_kb, "CHR002", date="late century")) == 1
    assert len(_found(mini_kb, "CHR002", date="1790-1780")) == 1
    assert _found(mini_kb, "CHR002", date="no definite date") == []


def test_sty001_placeholder(mini_kb):
    assert [s for s, _ in _found(mini_kb, "STY001", text="Bavaria receives a leader ? unless one is active.")] \
        == ["warning"]
    assert len(_found(mini_kb, "STY001", text="Bavaria receives TBD.")) == 1
    assert _found(mini_kb, "STY001", text="Does Bavaria receive a leader? Yes.") == []


def test_sty001_placeholder_for_what_is_placed_is_an_error(mini_kb):
    """'place a number of ? equal to …' (seed 002, Disloyal Vassals) leaves the rule unplayable: error; the same
    symbol in a negated sentence ('do not need to place any ?') or after a noun naming it is a warning."""
    found = _found(mini_kb, "STY001", text="Each PR must then place a number of ? equal to the Tax Value of their v.")
    assert [s for s, _ in found] == ["error"] and "cannot be played" in found[0][1]
    assert [s for s, _ in _found(mini_kb, "STY001", text="Bavaria places 2 ? in MUNCHEN.")] == ["error"]
    assert [s for s, _ in _found(mini_kb, "STY001", text="You gain u, but do not need to place any ?.")] \
        == ["warning"]
    assert [s for s, _ in _found(mini_kb, "STY001", text="FRA receives an excellent minister ? with values 8/8/8.")] \
        == ["warning"]


def test_sty002_spelling_and_game_vocabulary(mini_kb):
    found = _found(mini_kb, "STY002", text="Place a revolt in two randomnly chosen provinces.")
    assert len(found) == 1 and "'randomnly'" in found[0][1] and "randomly" in found[0][1]
    # Game terms from the profile's vocabulary and abbreviations are not flagged.
    assert _found(mini_kb, "STY002", text="Place a revolt in two randomly chosen provinces; a malus applies.") == []


def test_sty006_grammar_with_harper(mini_kb):
    """Harper's curated rules: agreement and confusables are found, game names and codes are not flagged, and the
    rules STY004 owns (a / an) are left to it."""
    import harper  # noqa: F401  the grammar layer's library must be installed for this test

    found = _found(mini_kb, "STY006", text="Sweden annexes Polish KRAKOW if they wins the war. SPA could of won.")
    assert len(found) == 2 and all(s == "info" for s, _ in found)
    assert "'win'" in found[0][1] and "'could have'" in found[1][1]
    assert _found(mini_kb, "STY006", text="Sweden annexes Polish KRAKOW if they win the war. SPA could have won.") \
        == []
    found = _found(mini_kb, "STY006", text="After that they receive +1 for each two provinces under conquest.")
    assert len(found) == 1 and "'every'" in found[0][1]
    # Codes, counters and place names pass; 'an permanent' is STY004's finding, not a second one here.
    assert _found(mini_kb, "STY006", text="The Mogol A+/- and 1 Ldet of HOL attack KRAKOW as an permanent ally.") == []
