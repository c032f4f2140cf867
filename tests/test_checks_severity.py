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
