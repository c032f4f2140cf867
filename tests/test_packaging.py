"""Every package of checker/ is installed: pyproject.toml lists packages by name (asp/, site/ and kb/schema are
mapped into the package), so a new folder left off the list is missing from a plain, non-editable install."""

from __future__ import annotations

import pathlib
import tomllib

REPO = pathlib.Path(__file__).resolve().parents[1]


def test_every_package_folder_is_listed_in_pyproject():
    listed = set(tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(REPO).parts) for p in (REPO / "checker").rglob("__init__.py")
             if "__pycache__" not in p.parts}
    assert found - listed == set(), "add these to [tool.setuptools] packages in pyproject.toml"
    assert {p for p in listed if p.startswith("checker.") and p.count(".") >= 1} - found <= {
        "checker.asp_programs", "checker.site_files", "checker.kb_schema"}, "pyproject lists packages that are gone"
