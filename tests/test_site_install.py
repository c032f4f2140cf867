"""Issue 34: ``rulekb site`` from a plain (non-editable) install, and no half-written site after a failed build.

The wheel test builds the wheel as a user would (``pip wheel . --no-deps``, from a copy of the checkout so the
repository gets no build/ folder), installs it with its ``site`` extra into a fresh virtualenv (the dependencies come
from the configured index and pip's cache), and runs the installed ``rulekb`` from a folder outside the repository on
a copy of a KB: ``--no-build`` and a full build. Before the fix it failed with "…/site-packages/mkdocs.yml is
missing" (exit 2) and left ``site/docs_gen`` behind.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from checker.cli import main

from .conftest import REPO

pytestmark = pytest.mark.slow  # not in the fast tier (issue 34): the site built

COLDWAR = REPO / "examples" / "coldwar" / "kb"
IGNORE = shutil.ignore_patterns(".venv", "node_modules", "build", "dist", "*.egg-info", "site_build", "docs_gen",
                                ".git", "__pycache__", ".pytest_cache", ".hypothesis", "bench")


def _run(cmd: list[str], cwd: Path, env: dict | None = None, timeout: int = 900) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


@pytest.mark.slow
def test_site_builds_from_an_installed_wheel(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(REPO, src, ignore=IGNORE, symlinks=True)
    wheels = tmp_path / "wheels"
    r = _run([sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "-w", str(wheels), "-q"], cwd=src)
    assert r.returncode == 0, r.stderr
    (wheel,) = wheels.glob("rulekb-*.whl")
    venv = tmp_path / "venv"
    r = _run([sys.executable, "-m", "venv", str(venv)], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    pip, rulekb = venv / "bin" / "pip", venv / "bin" / "rulekb"
    r = _run([str(pip), "install", "-q", "--disable-pip-version-check", f"{wheel}[site]"], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    where = _run([str(venv / "bin" / "python"), "-c", "import checker; print(checker.__file__)"], cwd=tmp_path, env=env)
    assert str(venv) in where.stdout, where.stdout + where.stderr  # the installed copy, not the checkout

    work = tmp_path / "rules"  # a user's folder, outside the repository
    shutil.copytree(COLDWAR, work / "kb")
    r = _run([str(rulekb), "site", "--kb", "kb", "--no-build"], cwd=work, env=env)
    assert r.returncode == 0, r.stderr
    assert (work / "site" / "docs_gen" / "index.md").is_file()
    assert not (work / "site_build").exists()
    r = _run([str(rulekb), "site", "--kb", "kb"], cwd=work, env=env)
    assert r.returncode == 0, r.stderr
    index = (work / "site_build" / "index.html").read_text(encoding="utf-8")
    assert "rulekb" in index and (work / "site_build" / "assets" / "rulekb.css").is_file()
    assert sorted(p.name for p in work.iterdir()) == ["kb", "site", "site_build"]  # nothing else left beside
    assert sorted(p.name for p in (work / "site").iterdir()) == ["docs_gen"]


def test_packaged_settings_are_the_repository_settings():
    """The wheel ships site/mkdocs.yml: a link to the one mkdocs.yml, so the two cannot drift apart."""
    link = REPO / "site" / "mkdocs.yml"
    assert link.is_symlink() and link.resolve() == (REPO / "mkdocs.yml").resolve()
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert '"checker.site_files" = ["templates/*.j2", "assets/*", "mkdocs.yml"]' in text


def test_installed_settings_are_used_without_the_repository(tmp_path, monkeypatch):
    """With no mkdocs.yml where the checkout keeps it (an installed package), the packaged copy is found."""
    from checker.site import build, publish

    monkeypatch.setattr(build, "ROOT", tmp_path / "not-a-checkout")
    assert Path(publish.site_settings()) == build.TEMPLATES.parent / "mkdocs.yml"  # beside the templates


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("stage", ["pages", "mkdocs"])
def test_a_failed_build_leaves_nothing_half_written(tmp_path, monkeypatch, capsys, stage):
    from checker.site import build

    work = tmp_path / "rules"
    shutil.copytree(COLDWAR, work / "kb")
    monkeypatch.chdir(work)

    def broken_pages(load, docs_dir, **kw):
        os.makedirs(docs_dir, exist_ok=True)
        (Path(docs_dir) / "half.md").write_text("half", encoding="utf-8")
        raise build.SiteError("disk full (simulated)")

    def broken_build(docs_dir, site_dir, config_dir=None, strict=True):
        os.makedirs(site_dir, exist_ok=True)
        (Path(site_dir) / "half.html").write_text("half", encoding="utf-8")
        raise RuntimeError("mkdocs strict mode: a warning (simulated)")

    if stage == "pages":
        monkeypatch.setattr(build, "generate_pages", broken_pages)
    else:
        monkeypatch.setattr(build, "build_site", broken_build)
    assert main(["site", "--kb", "kb"]) == 2
    assert "simulated" in capsys.readouterr().err
    assert sorted(p.name for p in work.iterdir()) == ["kb"] + (["site"] if (work / "site").exists() else [])
    assert not (work / "site").exists() or list((work / "site").iterdir()) == []
    monkeypatch.undo()

    # A good build, then a failing one: the good output stays as it was.
    monkeypatch.chdir(work)
    assert main(["site", "--kb", "kb"]) == 0
    before = (_tree(work / "site" / "docs_gen"), _tree(work / "site_build"))
    if stage == "pages":
        monkeypatch.setattr(build, "generate_pages", broken_pages)
    else:
        monkeypatch.setattr(build, "build_site", broken_build)
    assert main(["site", "--kb", "kb"]) == 2
    assert (_tree(work / "site" / "docs_gen"), _tree(work / "site_build")) == before
    assert sorted(p.name for p in work.iterdir()) == ["kb", "site", "site_build"]
    assert sorted(p.name for p in (work / "site").iterdir()) == ["docs_gen"]
