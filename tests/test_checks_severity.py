"""The severity policy is applied to every check: each registered check has a reason in the policy table, at the
level it declares, and `rulekb rules` prints the policy."""

from checker.checks import registry
from checker.checks.severity import POLICY, REASONS
from checker.cli import main


def test_every_check_has_a_policy_reason_at_its_declared_level():
    reg = registry()
    missing = sorted(set(reg) - set(REASONS))
    assert missing == [], f"checks without a severity reason: {missing}"
    wrong = sorted(code for code, info in reg.items() if REASONS[code][0] != info.severity)
    assert wrong == [], f"declared severity differs from the policy table: {wrong}"
    assert sorted(set(REASONS) - set(reg)) == []  # no reason for a check that does not exist


def test_rules_prints_the_policy(capsys):
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert "Severity policy" in out and POLICY.splitlines()[1].strip() in out
    assert main(["rules", "STY004"]) == 0
    assert "a real-word slip" in capsys.readouterr().out


DIVISION = """\
1: DIVISION (historical date: 1772)
(duration: immediate)
PEACE PHASE:
1. PRU annexes Polish DANZIG.
2. {second}
"""


def _levels(mini_kb, text: str, code: str, period: str | None = "VII") -> list[str]:
    from checker.engine.run import check_paths

    root = mini_kb({"a.txt": text}, period)
    return [f.severity for f in check_paths([], str(root)).findings if f.rule == code]


def test_policy_unconditional_contradiction_is_an_error_conditional_a_warning(mini_kb):
    """One province given to two owners every time the event fires leaves no legal reading: error. When one of the
    effects is optional or has its own condition, the conflict arises only sometimes: warning."""
    assert REASONS["LOG003"][0] == "error"
    assert _levels(mini_kb, DIVISION.format(second="RUS annexes Polish DANZIG."), "LOG003") == ["error"]
    assert _levels(mini_kb, DIVISION.format(second="RUS (if it took part in the war) may annex Polish DANZIG."),
                   "LOG003") == ["warning"]


def test_policy_placeholder_levels_and_dates_are_info(mini_kb):
    """A placeholder where what is placed belongs is an error, one for a name a warning; a historical date far
    outside its period is info (it never changes play)."""
    assert REASONS["STY001"][0] == "error" and REASONS["CHR001"][0] == "info"
    text = DIVISION.format(second="Each PR must place a number of ? equal to its Tax Value.")
    assert _levels(mini_kb, text, "STY001") == ["error"]
    text = DIVISION.format(second="Bavaria receives a leader ? unless one is active.")
    assert _levels(mini_kb, text, "STY001") == ["warning"]
    dated = "PERIOD IV (1615-1659)\n" + DIVISION.replace("1772", "1554").format(second="Nothing else.")
    assert _levels(mini_kb, dated, "CHR001", None) == ["info"]


def test_a_check_never_raises_a_finding_above_its_declared_level(mini_kb):
    """The policy lets a check lower one finding, never raise it: every finding on the bundled KB and on a text
    with a planted defect of each re-graded kind is at or below its check's declared level."""
    from checker.engine.run import check_paths

    order = {"info": 0, "warning": 1, "error": 2}
    text = DIVISION.format(second="RUS annexes Polish DANZIG. Each PR must place a number of ? equal to its Tax.")
    for root in (str(mini_kb({"a.txt": text}, "VII")), "kb"):
        for f in check_paths([], root).findings:
            assert order[f.severity] <= order[REASONS[f.rule][0]], f
