"""Every check is documented and tested: a stable code, a known category, a doc with failing and passing
examples, and a test that names the code."""

from __future__ import annotations

import re
from pathlib import Path

from checker.checks import registry
from checker.model import CATEGORIES, SEVERITIES

TESTS = "".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py"))


def test_every_check_is_documented_and_tested():
    reg = registry()
    assert len(reg) >= 20
    for code, info in reg.items():
        assert re.fullmatch(r"[A-Z]{3}\d{3}", code)
        assert info.category in CATEGORIES and info.severity in SEVERITIES
        assert "Fails" in info.doc and ("Passes" in info.doc or "Not reported" in info.doc), code
        assert code in TESTS or code.lower() in TESTS, f"no test names {code}"


def test_clause_lists_are_shared_only_while_checks_run():
    """Event.all_clauses hands out one list per event while checks run (clause_lists_kept), and a fresh one
    otherwise, so a tree changed between runs is never read from an old list."""
    from checker.model import Clause, Event, Source, clause_lists_kept

    event = Event("1:VII", "eu", "VII", 1, "A", "1: A", Source("t.txt", 1))
    event.conditions = [Clause("1.", "a", 2)]
    assert event.all_clauses() is not event.all_clauses()
    with clause_lists_kept():
        first = event.all_clauses()
        assert event.all_clauses() is first
        with clause_lists_kept():  # nested: the same lists
            assert event.all_clauses() is first
    event.conditions.append(Clause("2.", "b", 3))
    assert [c.text for c in event.all_clauses()] == ["a", "b"]


def test_section_lists_are_shared_only_while_checks_run_and_keep_the_walk_order():
    """Event.all_sections is every section, each before its subsections (Section.walk_sections), one list per
    event while checks run and a fresh one otherwise."""
    from checker.model import Event, Section, Source, clause_lists_kept

    event = Event("1:VII", "eu", "VII", 1, "A", "1: A", Source("t.txt", 1))
    first, second = Section("event", "FIRST EVENT:", 2), Section("event", "SECOND EVENT:", 9)
    first.sections = [Section("phase", "EVENTS PHASE:", 3), Section("phase", "PEACE PHASE:", 6)]
    first.sections[0].sections = [Section("case", "CASE I:", 4)]
    event.body = [first, second]
    walked = [s.line for top in event.body for s in top.walk_sections()]
    assert [s.line for s in event.all_sections()] == walked == [2, 3, 4, 6, 9]
    assert event.all_sections() is not event.all_sections()
    with clause_lists_kept():
        kept = event.all_sections()
        assert event.all_sections() is kept
    event.body.append(Section("event", "THIRD EVENT:", 12))
    assert [s.line for s in event.all_sections()][-1] == 12
