"""The event-text parser on what the two EU seeds contain."""

from __future__ import annotations

import pytest

from checker.textformat import ParseError, parse_document
from checker.textformat.event_list import parse_date

from .conftest import SEEDS

ALIASES = {"DIPLOMATIC PHASE": "diplomacy", "DIPLOMACY PHASE": "diplomacy", "EVENTS PHASE": "events"}


@pytest.fixture(scope="module")
def vii():
    text = (SEEDS / "000_81b98fbe5e52caea.txt").read_text(encoding="utf-8")
    return {e.id: e for e in parse_document(text, "000.txt", "VII", phase_aliases=ALIASES, game="eu").events}


@pytest.fixture(scope="module")
def iv():
    text = (SEEDS / "001_7c112c9c7645b661.txt").read_text(encoding="utf-8")
    doc = parse_document(text, "001.txt", game="eu")
    assert doc.period == "IV" and doc.period_years == (1615, 1659) and doc.layout == "long"
    return {e.id: e for e in doc.events}


def test_counts(vii, iv):
    assert len(vii) == 13 and len(iv) == 21


def test_wrapped_titles_and_dates(vii):
    e = vii["1:VII"]
    assert (e.title, e.multiplicity, e.date) == ("REVOLT IN INDONESIA", "*", "no definite date")
    assert vii["10:VII"].date == "no definite date"
    assert vii["11:VII"].date == "1791"  # "(historica date: 1791)" as printed
    assert vii["9:VII"].date == "non-historical"
    assert vii["6:VII"].multiplicity == "2" and (vii["6:VII"].date_start, vii["6:VII"].date_end) == (1789, 1792)


def test_dates():
    assert parse_date("1773-74") == (1773, 1774)
    assert parse_date("1605-1613 / 1654-1667") == (1605, 1667)
    assert parse_date("no definite date") == (None, None)


def test_hard_wrapped_clause_is_joined(vii):
    clause = vii["2:VII"].body[0].clauses[0]
    assert clause.text.startswith("Genoese CORSICA") and clause.text.endswith("bonus of 50d for its bid.")


def test_conditions_phases_and_aliases(vii):
    e = vii["7:VII"]
    assert [c.marker for c in e.conditions] == ["1.", "2.", "3."]
    case1 = e.body[0]
    assert case1.kind == "case" and case1.canonical == "I"
    diplomatic = next(s for s in case1.sections if s.heading == "DIPLOMATIC PHASE")
    assert diplomatic.canonical == "diplomacy"
    peace = case1.sections[-1]
    assert [c.marker for c in peace.clauses[0].children][:5] == ["a.", "b.", "c.", "d.", "e."]
    # The paragraph after the sub-clauses belongs to clause 1.
    assert peace.clauses[0].children[-1].text.startswith("If any of these provinces")


def test_multi_event_and_turns(vii, iv):
    assert [s.heading for s in vii["6:VII"].body] == ["FIRST EVENT:", "SECOND EVENT:"]
    assert [s.canonical for s in iv["1:IV"].body] == ["1", "2", "3", "6"]
    second = iv["2:IV"].body[1]
    assert [s.heading for s in second.sections] == ["TURN 1", "TURN 2"]


def test_named_parts_and_extension(iv):
    e = iv["7:IV"]
    civil, ext = e.body
    assert civil.heading == "CIVIL WAR:" and civil.kind == "part"
    assert ext.kind == "extension" and ext.sections[0].heading.startswith("WAR WITH SCOTLAND:")
    assert ext.sections[0].date == "1638-51"
    assert ext.sections[0].duration.startswith("for the duration of the war")
    assert [s.kind for s in iv["3:IV"].body] == ["part", "part", "part"]


def test_indented_subclauses(iv):
    peace = iv["1:IV"].body[0].sections[-1]
    clause2 = peace.clauses[1]
    assert [c.marker for c in clause2.children] == ["a.", "b.", "c."]
    assert len(clause2.children[2].children) == 5  # the indented modifier list


def test_extends(vii):
    assert vii["8:VII"].extends == "7:VII"
    assert [c.kind for c in vii["8:VII"].conditions][-2:] == ["modification", "modification"]


def test_references_both_forms(iv):
    refs = [r for c in iv["9:IV"].all_clauses() for r in c.refs if r.kind == "event"]
    assert refs[0].target == "7:IV" and refs[0].form == "period:number"


def test_missing_period_is_a_clear_error():
    with pytest.raises(ParseError) as exc:
        parse_document("1: A TITLE (historical date: 1700)\n(duration: permanent)\n", "new.txt", game="eu")
    assert exc.value.line == 1 and "--period" in exc.value.message


def test_text_before_the_first_title_is_reported_with_its_line():
    with pytest.raises(ParseError) as exc:
        parse_document("PERIOD VII\n\nsomething else\n1: A (historical date: 1700)\n", "bad.txt", game="eu")
    assert exc.value.line == 3


def test_unknown_format():
    with pytest.raises(ParseError) as exc:
        parse_document("hello\nworld\n", "x.txt", game="eu")
    assert exc.value.line == 1
