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
