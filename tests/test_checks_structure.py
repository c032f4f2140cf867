"""STR001 phase headings: unknown (warning), variant spelling (info), canonical (nothing)."""

from __future__ import annotations

import pytest

from checker.engine.run import check_paths
from checker.textformat import ParseError, parse_document

TEXT = """\
1: FIRST (historical date: 1780)
(duration: permanent)
{heading}
1. Something happens.
"""


def _findings(mini_kb, heading):
    root = mini_kb({"a.txt": TEXT.format(heading=heading)}, "VII")
    return [(f.rule, f.severity, f.line) for f in check_paths([], str(root)).findings]


def test_unknown_phase_heading(mini_kb):
    root = mini_kb({"a.txt": TEXT.format(heading="DIPLOMATIK PHASE:")}, "VII")
    findings = check_paths([], str(root)).findings
    assert [(f.rule, f.severity) for f in findings] == [("STR001", "warning")]
    lines = (root / "events" / "eu" / "vii" / "01.yaml").read_text().splitlines()
    assert "heading: 'DIPLOMATIK PHASE:'" in lines[findings[0].line - 2]


@pytest.mark.parametrize("heading, close", [("EVENT PHASE:", "EVENTS PHASE"), ("EVETNS PHASE:", "EVENTS PHASE"),
                                             ("DIPLOMATICK PHASE:", "DIPLOMACY PHASE")])
def test_misspelt_phase_heading_gets_did_you_mean(mini_kb, heading, close):
    """Issue 34: a near miss names the phase meant, not the list of every phase."""
    root = mini_kb({"a.txt": TEXT.format(heading=heading)}, "VII")
    (f,) = check_paths([], str(root)).findings
    assert f.rule == "STR001" and f"did you mean {close}?" in f.message and "known:" not in f.message


def test_far_phase_heading_lists_the_phases(mini_kb):
    root = mini_kb({"a.txt": TEXT.format(heading="QQQQQQQQ PHASE:")}, "VII")
    (f,) = check_paths([], str(root)).findings
    assert "known: MONARCH SURVIVAL PHASE, EVENTS PHASE" in f.message and "did you mean" not in f.message


def test_variant_spelling(mini_kb):
    assert [r[:2] for r in _findings(mini_kb, "DIPLOMATIC PHASE")] == [("STR001", "info")]


def test_canonical_heading_passes(mini_kb):
    assert _findings(mini_kb, "DIPLOMACY PHASE:") == []


def test_truncated_title_is_a_parse_error():
    with pytest.raises(ParseError) as exc:
        parse_document("1: FIRST (historical date:\n", "t.txt", "VII", game="eu")
    assert exc.value.line == 1 and "not closed" in exc.value.message


EVENT = """\
1: FIRST {mult}(historical date: {date})
(duration: {duration})
{body}
"""


def _struct(mini_kb, code, **kw):
    root = mini_kb({"a.txt": EVENT.format(**kw)}, "IV")
    (root / "games" / "eu.yaml").write_text(
        (root / "games" / "eu.yaml").read_text().replace("start: null\n    end: null", "start: 1700\n    end: 1800"))
    return [(f.rule, f.severity, f.message) for f in check_paths([], str(root)).findings if f.rule == code]


def test_str002_phase_order(mini_kb):
    bad = _struct(mini_kb, "STR002", mult="", date="1620", duration="permanent",
                  body="PEACE PHASE:\n1. a.\nMILITARY PHASE:\n1. b.")
    assert len(bad) == 1 and "MILITARY PHASE" in bad[0][2]
    assert _struct(mini_kb, "STR002", mult="", date="1620", duration="permanent",
                   body="MILITARY PHASE:\n1. a.\nPEACE PHASE:\n1. b.") == []


def test_str003_numbering(mini_kb):
    bad = _struct(mini_kb, "STR003", mult="", date="1620", duration="permanent",
                  body="EVENTS PHASE:\n2. a.\n3. b.\nPEACE PHASE:\n1. c.\n3. d.\na. e.\nc. f.")
    assert [m for *_, m in bad] == ["in 'EVENTS PHASE': list starts at 2", "in 'PEACE PHASE': numbering jumps to 3 "
                                    "(expected 2)", "in 'PEACE PHASE': numbering jumps to c (expected b)"]
    assert _struct(mini_kb, "STR003", mult="", date="1620", duration="permanent",
                   body="EVENTS PHASE:\n1. a.\n2. b.\na. c.\nb. d.") == []


def test_str004_multiplicity(mini_kb):
    two_bodies = "FIRST EVENT:\nEVENTS PHASE:\n1. a.\nSECOND EVENT:\nEVENTS PHASE:\n1. b."
    assert len(_struct(mini_kb, "STR004", mult="", date="1620", duration="permanent", body=two_bodies)) == 1
    renew = _struct(mini_kb, "STR004", mult="(1) ", date="1620", duration="permanent",
                    body="The event is marked off, but can renew later.\nEVENTS PHASE:\n1. a.")
    assert len(renew) == 1 and "renew" in renew[0][2]
    assert _struct(mini_kb, "STR004", mult="(2) ", date="1620", duration="permanent", body=two_bodies) == []


def test_str005_duration_turns(mini_kb):
    turns = "FIRST TURN:\nEVENTS PHASE:\n1. a.\nSECOND TURN:\nEVENTS PHASE:\n1. b."
    assert len(_struct(mini_kb, "STR005", mult="", date="1620", duration="1 turn", body=turns)) == 1
    assert _struct(mini_kb, "STR005", mult="", date="1620", duration="2 turns", body=turns) == []


def test_str006_empty_section(mini_kb):
    bad = _struct(mini_kb, "STR006", mult="", date="1620", duration="permanent",
                  body="DIPLOMACY PHASE:\nPEACE PHASE:\n1. a.")
    assert len(bad) == 1 and "DIPLOMACY PHASE" in bad[0][2]
    assert _struct(mini_kb, "STR006", mult="", date="1620", duration="permanent", body="PEACE PHASE:\n1. a.") == []


AWAW = """\
RANDOM EVENTS

GENERAL RANDOM EVENTS

SUPPORT

Basic: The support level of a major power is increased or decreased by the indicated amount:

Libyan garrison revolts.
Italian support level: {line}

The Italian support level is changed.
"""


def test_str007_effect_lines(mini_kb):
    def found(line):
        root = mini_kb({"a.txt": AWAW.format(line=line)})
        return [f for f in check_paths([], str(root)).findings if f.rule == "STR007"]
    assert len(found("+ (max. +3)")) == 1
    assert "garbled cap" in found("(max. +/3)")[0].message
    assert found("-1") == [] and found("(max. +/-3)") == []
