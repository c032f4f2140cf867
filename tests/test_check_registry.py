"""Every check is documented and tested: a stable code, a known category, a doc with failing and passing
examples, and a test that names the code. Every check module declares its SCOPE and never names itself: the
runner stamps its code, category and severity on its findings."""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

import pytest

import checker.checks
from checker.checks import CheckContext, registry
from checker.core.model import CATEGORIES, SEVERITIES, KnowledgeBase

CHECKS = Path(checker.checks.__file__).parent
SCOPES = ("entry", "kb")

TESTS = "".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py"))


def test_every_check_is_documented_and_tested():
    reg = registry()
    assert len(reg) >= 20
    for code, info in reg.items():
        assert re.fullmatch(r"[A-Z]{3}\d{3}", code)
        assert info.category in CATEGORIES and info.severity in SEVERITIES
        assert "Fails" in info.doc and ("Passes" in info.doc or "Not reported" in info.doc), code
        assert code in TESTS or code.lower() in TESTS, f"no test names {code}"


def check_modules(folder: Path) -> dict[Path, dict[str, ast.expr]]:
    """The check modules of a checks folder (``<family>/<module>.py`` with a top-level ``CODE``): the values of
    their top-level assignments, by name."""
    out = {}
    for path in sorted(folder.glob("*/*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {target.id: node.value for node in tree.body if isinstance(node, ast.Assign)
                 for target in node.targets if isinstance(target, ast.Name)}
        if "CODE" in names:
            out[path.relative_to(folder)] = names
    return out


def scope_problems(folder: Path) -> list[str]:
    """Check modules whose ``SCOPE`` is missing or is not a literal "entry" or "kb"."""
    out = []
    for path, names in check_modules(folder).items():
        scope = names.get("SCOPE")
        if scope is None:
            out.append(f"{path.as_posix()}: no SCOPE")
        elif not (isinstance(scope, ast.Constant) and scope.value in SCOPES):
            out.append(f"{path.as_posix()}: SCOPE = {ast.unparse(scope)}, not one of {SCOPES}")
    return out


SELF_NAMING = re.compile(r"sys\.modules\s*\[\s*__name__\s*\]")


def self_naming(folder: Path) -> list[str]:
    """Modules under a checks folder that look themselves up (``sys.modules[__name__]``)."""
    return [path.relative_to(folder).as_posix() for path in sorted(folder.rglob("*.py"))
            if SELF_NAMING.search(path.read_text(encoding="utf-8"))]


def check_folders() -> list[Path]:
    """checker/checks/ and each game pack's checks/ package (checker/games/<game>/checks/)."""
    from checker.games.registry import packs

    games = CHECKS.parent / "games"
    return [CHECKS, *(games / p.id / p.checks for p in packs() if p.checks)]


def _pack_modules(folder: Path) -> dict[Path, dict[str, ast.expr]]:
    """A pack's checks/ package holds its check modules directly (no family folders)."""
    return check_modules(folder.parent) if folder != CHECKS else check_modules(folder)


def test_every_check_module_declares_its_scope():
    """SCOPE says whether checking contributed texts may run the check on them alone
    (checker/engine/incremental.py)."""
    folders = check_folders()
    assert [p for f in folders for p in scope_problems(f if f == CHECKS else f.parent)] == []
    modules = {}
    for f in folders:
        modules.update({(f, k): v for k, v in _pack_modules(f).items()
                        if f == CHECKS or k.parts[0] == f.name})
    assert len(modules) == len(registry())  # every registered check was read
    for code, info in registry().items():
        assert info.module.SCOPE in SCOPES, code


def test_no_check_module_names_itself():
    """Checks make findings with ``ctx.finding(subject, line, message)``; the runner's context stamps the code."""
    assert [p for f in check_folders() for p in self_naming(f)] == []


def test_the_registry_tests_see_a_broken_checks_folder(tmp_path):
    """The two tests above fail on a copy of checker/checks with a module lacking SCOPE, one with another SCOPE,
    and one that names itself."""
    copy = tmp_path / "checks"
    shutil.copytree(CHECKS, copy, ignore=shutil.ignore_patterns("__pycache__"))
    assert scope_problems(copy) == [] and self_naming(copy) == []
    ref001 = copy / "reference" / "ref001_unknown_event.py"
    ref001.write_text(re.sub(r'(?m)^SCOPE = .*\n', "", ref001.read_text(encoding="utf-8")), encoding="utf-8")
    chr001 = copy / "chronology" / "chr001_date_outside_period.py"
    chr001.write_text(re.sub(r'(?m)^SCOPE = .*$', 'SCOPE = "file"', chr001.read_text(encoding="utf-8")),
                      encoding="utf-8")
    sty001 = copy / "style" / "sty001_placeholder.py"
    sty001.write_text(sty001.read_text(encoding="utf-8").replace("def check(ctx):\n",
                                                                 "def check(ctx):\n    mod = sys.modules[__name__]\n"),
                      encoding="utf-8")
    assert scope_problems(copy) == [
        "chronology/chr001_date_outside_period.py: SCOPE = 'file', not one of ('entry', 'kb')",
        "reference/ref001_unknown_event.py: no SCOPE"]
    assert self_naming(copy) == ["style/sty001_placeholder.py"]


def test_the_runner_stamps_the_check_on_its_findings():
    """A check's context (``for_check``) makes findings with the check's code, category and severity; a context
    handed to no check makes none."""
    ctx = CheckContext(KnowledgeBase(root="."), lambda subject, line: ("e.yaml", line and line + 1))
    info = registry()["REF001"]
    found = ctx.for_check(info).finding("1:VII", 3, "a message")
    assert (found.rule, found.category, found.severity, found.file, found.line, found.source_line) == \
        ("REF001", info.category, info.severity, "e.yaml", 4, 3)
    assert ctx.for_check(info).finding("1:VII", 3, "m", "info").severity == "info"
    at = ctx.for_check(registry()["NAM004"]).finding_at("game:eu", "kb/games/eu.yaml", None, "m")
    assert (at.rule, at.file, at.line, at.source_line) == ("NAM004", "kb/games/eu.yaml", None, None)
    with pytest.raises(RuntimeError, match="handed to no check"):
        ctx.finding("1:VII", 3, "m")
