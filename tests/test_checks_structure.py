"""STR001 phase headings: unknown (warning), variant spelling (info), canonical (nothing)."""

from __future__ import annotations

import pytest

from checker.pipeline import check_paths
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


def test_variant_spelling(mini_kb):
    assert [r[:2] for r in _findings(mini_kb, "DIPLOMATIC PHASE")] == [("STR001", "info")]


def test_canonical_heading_passes(mini_kb):
    assert _findings(mini_kb, "DIPLOMACY PHASE:") == []


def test_truncated_title_is_a_parse_error():
    with pytest.raises(ParseError) as exc:
        parse_document("1: FIRST (historical date:\n", "t.txt", "VII")
    assert exc.value.line == 1 and "not closed" in exc.value.message
