"""The import graph of checker/ (issue 29): the core imports nothing above it (but the speed tricks below it, which
import nothing of rulekb's), and checker/core has no cycle."""

from __future__ import annotations

import ast
from pathlib import Path

CHECKER = Path(__file__).resolve().parent.parent / "checker"


def _imports(path: Path) -> set[str]:
    """The checker modules ``path`` imports (absolute dotted names), at any depth of the file."""
    package = path.relative_to(CHECKER.parent).with_suffix("").parts[:-1]  # a module's package, or __init__'s own
    return _imports_of(path.read_text(encoding="utf-8"), package)


def _imports_of(source: str, package: tuple[str, ...]) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.split(".")[0] == "checker"}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(package[:len(package) - node.level + 1])
                mod = ".".join([*base, *(node.module.split(".") if node.module else [])])
            else:
                mod = node.module or ""
            if mod.split(".")[0] == "checker":
                out.add(mod)
                out |= {f"{mod}.{a.name}" for a in node.names}
    return out


def _modules(folder: Path) -> dict[str, Path]:
    return {".".join(p.relative_to(CHECKER.parent).with_suffix("").parts): p for p in folder.rglob("*.py")}


def test_core_imports_nothing_above_it():
    # the speed tricks (checker/_fast) sit below the core: they import nothing of rulekb's (the next test)
    bad = []
    for name, path in _modules(CHECKER / "core").items():
        for mod in _imports(path):
            parts = mod.split(".")
            if len(parts) > 1 and parts[1] not in ("core", "_fast"):
                bad.append(f"{name} imports {mod}")
    assert bad == [], "checker/core may import only checker/core and checker/_fast:\n" + "\n".join(bad)


def test_the_speed_tricks_import_nothing_of_rulekbs():
    bad = [f"{name} imports {mod}" for name, path in _modules(CHECKER / "_fast").items()
           for mod in _imports(path) if len(mod.split(".")) > 1 and mod.split(".")[1] != "_fast"]
    assert bad == [], "checker/_fast may import only checker/_fast:\n" + "\n".join(bad)


def test_core_has_no_import_cycle():
    mods = _modules(CHECKER / "core")
    graph = {name: {m for m in _imports(path) if m in mods and m != name} for name, path in mods.items()}
    seen: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(node: str, path: list[str]) -> None:
        seen[node] = 1
        for nxt in graph[node]:
            assert seen.get(nxt) != 1, "import cycle: " + " -> ".join([*path, node, nxt])
            if nxt not in seen:
                visit(nxt, [*path, node])
        seen[node] = 2

    for name in graph:
        if name not in seen:
            visit(name, [])


def test_the_import_reader_sees_relative_imports():
    """The reader of imports itself: ``from ...logic import facts`` in checker/core/sub/x.py is checker.logic."""
    got = _imports_of("from ...logic import facts\nfrom .. import eventid\nimport checker.cli\n",
                      ("checker", "core", "sub"))
    assert {"checker.logic", "checker.logic.facts", "checker.core.eventid", "checker.cli"} <= got


def test_the_speed_tricks_import_nothing_of_rulekb():
    """checker/_fast works on what it is handed (a loader class, a dataclass, generated code): it imports nothing
    of rulekb outside itself, so a trick cannot reach into the layers it speeds up."""
    bad = [f"{name} imports {mod}" for name, path in _modules(CHECKER / "_fast").items()
           for mod in _imports(path) if not mod.startswith("checker._fast")]
    assert bad == [], "\n".join(bad)
