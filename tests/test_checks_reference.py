"""Reference checks and acceptances, each with a failing and a passing example."""

from __future__ import annotations

from checker.checks.schema.acc001_stale_acceptance import apply_acceptances
from checker.core.model import Acceptance
from checker.engine.run import check_paths

from .conftest import TWO_EVENTS

BASE = TWO_EVENTS


def codes(root):
    return [(f.rule, f.subject) for f in check_paths([], str(root)).findings]


def test_ref001_unknown_event(mini_kb):
    assert codes(mini_kb({"a.txt": BASE.format(ref="5:VII")}, "VII")) == [("REF001", "2:VII")]


def test_ref001_passes(mini_kb):
    assert codes(mini_kb({"a.txt": BASE.format(ref="1:VII")}, "VII")) == []


def test_ref002_external_period(mini_kb):
    assert codes(mini_kb({"a.txt": BASE.format(ref="4:VI")}, "VII")) == [("REF002", "2:VII")]


def test_ref003_reference_form(mini_kb):
    assert codes(mini_kb({"a.txt": BASE.format(ref="VII:1")}, "VII")) == [("REF003", "2:VII")]


def test_finding_points_at_the_yaml_line(mini_kb):
    root = mini_kb({"a.txt": BASE.format(ref="5:VII")}, "VII")
    f = check_paths([], str(root)).findings[0]
    lines = (root / "events" / "eu" / "vii" / "02.yaml").read_text().splitlines()
    assert f.file.endswith("02.yaml") and lines[f.line - 2].strip().startswith("text: Cannot occur before event 5:VII")


def test_acceptance_marks_and_stale_acceptance_is_reported(mini_kb):
    root = mini_kb({"a.txt": BASE.format(ref="5:VII")}, "VII")
    findings = check_paths([], str(root)).findings
    accepted = apply_acceptances(findings, [Acceptance("REF001", "2:VII", "planned event")], "kb/accepted.yaml")
    assert accepted[0].accepted == "planned event" and len(accepted) == 1
    stale = apply_acceptances(check_paths([], str(root)).findings,
                              [Acceptance("REF001", "1:VII", "wrong subject", line=3)], "kb/accepted.yaml")
    assert [f.rule for f in stale] == ["REF001", "ACC001"] and stale[1].line == 3


def test_checking_a_new_text_reports_its_own_lines(mini_kb, tmp_path):
    root = mini_kb({"a.txt": BASE.format(ref="1:VII")}, "VII")
    new = tmp_path / "new.txt"
    new.write_text("3: THIRD (historical date: 1790)\n(duration: permanent)\n\n"
                   "1. Cannot occur before event 8:VII has occurred.\n", encoding="utf-8")
    findings = check_paths([str(new)], str(root), period="VII").findings
    assert [(f.rule, f.subject, f.line) for f in findings] == [("REF001", "3:VII", 4)]
    assert findings[0].file.endswith("new.txt")


def test_ref004_logic_drift(mini_kb):
    root = mini_kb({"a.txt": BASE.format(ref="1:VII")}, "VII")
    path = root / "events" / "eu" / "vii" / "02.yaml"
    path.write_text(path.read_text().replace("text: Cannot occur before event 1:VII",
                                             "text: Cannot occur before event 3:VII"), encoding="utf-8")
    found = sorted((f.rule, f.message.split(",")[0]) for f in check_paths([], str(root)).findings)
    assert ("REF004", "the text names event 3:VII") in found
    assert ("REF004", "the structured logic names event 1:VII") in found


def test_ref004_passes_when_text_and_logic_agree(mini_kb):
    root = mini_kb({"a.txt": BASE.format(ref="1:VII")}, "VII")
    assert [f for f in check_paths([], str(root)).findings if f.rule == "REF004"] == []


PROMISE = """\
1: FIRST (historical date: 1780)
(duration: permanent)
EVENTS PHASE:
1. Something happens{note}.
2: SECOND (historical date: 1781)
(duration: permanent)
The second event repeats exactly the first event (1:VII), except for the following:
I. Nothing else.
3: THIRD (historical date: 1782)
(duration: permanent)
EVENTS PHASE:
1. Events 1:VII and 2:VII are modified as noted in their event description.
"""


def test_ref005_back_reference_missing(mini_kb):
    root = mini_kb({"a.txt": PROMISE.format(note="")}, "VII")
    found = [(f.rule, f.subject) for f in check_paths([], str(root)).findings if f.rule == "REF005"]
    assert found == [("REF005", "3:VII"), ("REF005", "3:VII")]


def test_ref005_passes_with_note_inherited_through_extends(mini_kb):
    root = mini_kb({"a.txt": PROMISE.format(note=" unless event 3:VII is in effect")}, "VII")
    assert [f for f in check_paths([], str(root)).findings if f.rule == "REF005"] == []


EXTENDING = """\
1: FIRST DIVISION (historical date: 1772)
(duration: immediate)
EVENTS PHASE:
1. Poland cedes provinces by special conditions.
2: SECOND DIVISION (historical date: 1793)
(duration: immediate)
The second division event repeats exactly the first division event (1:VII), except for the following addition:
I. Make the following addition to the event description:
ADMINISTRATION PHASE:
1. If any provinces were ceded by the special conditions in event {ref}, two revolt+ can be placed.
"""


def test_ref006_period_typo(mini_kb):
    found = [f for f in check_paths([], str(mini_kb({"a.txt": EXTENDING.format(ref="1:VI")}, "VII"))).findings
             if f.category == "reference"]
    assert [(f.rule, f.subject, f.severity) for f in found] == [("REF006", "2:VII", "warning")]
    assert "is 1:VII meant?" in found[0].message


def test_ref006_passes(mini_kb):
    # The right period: nothing to report.
    assert codes(mini_kb({"a.txt": EXTENDING.format(ref="1:VII")}, "VII")) == []
    # A missing period with no link to the same-numbered event of this period: an external reference only.
    assert codes(mini_kb({"a.txt": BASE.format(ref="1:VI")}, "VII")) == [("REF002", "2:VII")]


def test_references_in_the_duration_line_are_checked(mini_kb, tmp_path):
    text = BASE.format(ref="1:VII").replace("(duration: permanent)\n1. Cannot",
                                            "(duration: until event 5:VII occurs)\n1. Cannot")
    root = mini_kb({"a.txt": text}, "VII")
    found = [f for f in check_paths([], str(root)).findings if f.category == "reference"]
    assert [(f.rule, f.subject) for f in found] == [("REF001", "2:VII")]
    yaml_lines = (root / "events" / "eu" / "vii" / "02.yaml").read_text(encoding="utf-8").splitlines()
    assert yaml_lines[found[0].line - 1].startswith("duration_line:")
    # The same text as a contributed file: the finding is on the duration's own line of the .txt.
    new = tmp_path / "new.txt"
    new.write_text(text, encoding="utf-8")
    found = [f for f in check_paths([str(new)], str(root), period="VII").findings if f.rule == "REF001"]
    assert [(f.file.endswith("new.txt"), f.line) for f in found] == [(True, 6)]


def test_references_in_case_headings_are_checked(mini_kb):
    text = BASE.format(ref="1:VII").replace(
        "EVENTS PHASE:\n1. Something else happens.",
        "CASE I: If event 9:VII is in effect.\nEVENTS PHASE:\n1. Something else happens.\n"
        "CASE II: If Prussia is inactive.\nEVENTS PHASE:\n1. Something different happens.")
    found = [f for f in check_paths([], str(mini_kb({"a.txt": text}, "VII"))).findings if f.category == "reference"]
    assert [(f.rule, f.subject) for f in found] == [("REF001", "2:VII")] and "9:VII" in found[0].message
