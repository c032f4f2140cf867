"""Logic-level errata read from clause logic and text (LOG008-LOG010): a failing and a passing example each."""

from __future__ import annotations

from checker.checks.logic.log008_duration_body_end import differ
from checker.checks.logic.log010_overlapping_cases import exclusive, statuses
from checker.engine.run import check_paths


def _found(mini_kb, text, code, period="VII"):
    root = mini_kb({"a.txt": text}, period)
    return [f for f in check_paths([], str(root)).findings if f.rule == code]


CASES = """\
1: DIVISION OF SAXONY (historical date: 1780)
(duration: immediate)
CASE I: If Saxony is in VA of FRA.
EVENTS PHASE:
1. Saxony becomes a neutral minor.
CASE II: If Saxony is {second}.
EVENTS PHASE:
1. Saxony becomes a permanent VA of PRU.
"""


def test_log010_overlapping_cases(mini_kb):
    found = _found(mini_kb, CASES.format(second="an ally of another player save RUS or AUS"), "LOG010")
    assert [f.severity for f in found] == ["warning"] and "CASE I and CASE II" in found[0].message
    assert _found(mini_kb, CASES.format(second="neutral or controlled by RUS or AUS"), "LOG010") == []


def test_log007_condition_logic():
    inactive = [{"kind": "inactive", "subject": "Persia"}]
    at_war = [{"kind": "at_war", "subject": "Persia", "value": "TUR"}]
    gone = [{"kind": "not_exists", "subject": "Persia"}]
    assert exclusive(inactive, at_war) is True and exclusive(at_war, gone) is True
    assert exclusive([{"kind": "in_effect", "event": "4:VI"}], [{"kind": "in_effect", "event": "5:VI"}]) is False
    assert exclusive([{"kind": "free", "value": "the moon is full"}],
                     [{"kind": "free", "value": "the sea is calm"}]) is None  # cannot tell: said so, never guessed
    assert exclusive([{"kind": "controls", "subject": "Poland", "value": "FRA"}], inactive) is None  # a new kind
    assert statuses("Poland is currently neutral or controlled by RUS or AUS") == (
        "Poland", {"neutral", "by:RUS", "by:AUS"})


DURATION = """\
1: WAR IN THE NORTH (historical date: 1780)
(duration: until the end of the Swedish-Danish war)
EVENTS PHASE:
1. Sweden declares war on Denmark.
2. The effects of this event last only until {end}.
"""


def test_log008_duration_and_body_give_different_ends(mini_kb):
    found = _found(mini_kb, DURATION.format(end="Denmark loses a province"), "LOG008")
    assert len(found) == 1 and "Denmark loses a province" in found[0].message
    assert _found(mini_kb, DURATION.format(end="the Swedish-Danish war ends"), "LOG008") == []
    assert not differ("the end of the war", "the war ends") and differ(
        "Poland is defeated in one of the events involved", "Poland is defeated in a war caused by this event")


WAR = """\
1: CONFEDERATION (historical date: 1780)
(duration: until the end of a war caused by this event)
EVENTS PHASE:
1. {body}
"""


def test_log009_war_caused_by_an_event_that_starts_none(mini_kb):
    found = _found(mini_kb, WAR.format(body="Poland becomes a neutral minor and fights in every war."), "LOG009")
    assert len(found) == 1 and "nothing in 1:VII starts a war" in found[0].message
    assert _found(mini_kb, WAR.format(body="Prussia declares war on Poland."), "LOG009") == []
    assert _found(mini_kb, WAR.format(body="TUR receives a free CB against Egypt."), "LOG009") == []


def test_log008_and_log009_one_finding_for_one_defect(mini_kb):
    text = """\
1: CONFEDERATION (historical date: 1780)
(duration: until Poland is defeated in one of the events involved)
EVENTS PHASE:
1. The effects of this event last only until Poland is defeated in a war caused by this event.
"""
    root = mini_kb({"a.txt": text}, "VII")
    found = [f for f in check_paths([], str(root)).findings if f.rule in ("LOG008", "LOG009")]
    assert [f.rule for f in found] == ["LOG008"] and "nothing in the event starts the war" in found[0].message


def test_log010_reads_the_grammars_status_conditions():
    """The grammar reads 'in VA of FRA', 'an ally of another player save RUS or AUS', 'neutral or controlled by RUS
    or AUS' as structured conditions (va_of, ally_of, neutral, controlled_by): LOG010 compares them as it compares
    the same words in free text, instead of answering 'cannot tell'."""
    va = [{"kind": "va_of", "subject": "Saxony", "value": "FRA"}]
    ally = [{"kind": "ally_of", "subject": "Saxony", "value": "another player save RUS or AUS"}]
    neutral_or = [{"kind": "any", "of": [{"kind": "neutral", "subject": "Saxony"},
                                         {"kind": "controlled_by", "subject": "Saxony", "value": "RUS"}]}]
    assert exclusive(va, ally) is False  # FRA is another player save RUS or AUS: both can hold
    assert exclusive(va, neutral_or) is True


MINISTER = """\
1: OLIVARES (historical date: 1621-1643)
(duration: {duration})
EVENTS PHASE:
1. SPA receives an excellent minister. The minister lasts a number of turns equal to the roll or {cap} turns,
whichever is less.
"""


def test_log011_a_cap_in_the_body_the_duration_does_not_carry(mini_kb):
    """The defect of 21:IV (Olivares) before its entry got duration_turns: 6."""
    found = _found(mini_kb, MINISTER.format(duration="as long as Olivares remains the excellent minister", cap=6),
                   "LOG011")
    assert len(found) == 1 and "caps 1:VII at 6 turns" in found[0].message and "no turn limit" in found[0].message
    assert _found(mini_kb, MINISTER.format(duration="6 turns", cap=6), "LOG011") == []
    found = _found(mini_kb, MINISTER.format(duration="5 turns", cap="six"), "LOG011")
    assert len(found) == 1 and "a limit of 5 turns" in found[0].message


def test_log011_bundled_ministers_carry_their_cap():
    from checker.checks.logic.log011_duration_cap import caps, modelled_cap
    from checker.kb.store import load_kb

    from .conftest import KB

    kb = load_kb(str(KB)).kb.view("eu")
    for eid in ("20:IV", "21:IV", "13:VII"):  # LOG011 found 21:IV and 13:VII without their cap
        stated = [t for c in kb.events[eid].all_clauses() for t, _ in caps(c.text)]
        assert stated == [6] and modelled_cap(kb.events[eid]) == 6
    assert list(caps("at most two turns")) == [(2, "at most two turns")]
