"""Checking contributed event texts: the planted-defect corpus, clean texts, --baseline and --diff-from, the
pre-commit hook and the example GitHub workflow."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from checker.cli import main

from .conftest import REPO

pytestmark = pytest.mark.slow  # not in the fast tier (issue 34): the planted-defect corpus, CI and hook runs

CORPUS = REPO / "tests" / "corpus"
EXPECTED = yaml.safe_load((CORPUS / "expected.yaml").read_text(encoding="utf-8"))
RULEKB = str(Path(sys.executable).with_name("rulekb"))


def _check(path: Path, period: str | None, *extra: str, capsys=None):
    args = ["check", "--kb", str(REPO / "kb"), "--format", "json", str(path), *extra]
    if period:
        args += ["--period", period]
    code = main(args)
    return code, json.loads(capsys.readouterr().out)["findings"]


@pytest.mark.parametrize("name", sorted(EXPECTED["defects"]))
def test_planted_defect_found_on_its_line(name, capsys):
    exp = EXPECTED["defects"][name]
    code, findings = _check(CORPUS / name, exp.get("period"), *(["--game", exp["game"]] if exp.get("game") else []),
                            capsys=capsys)
    hits = [f for f in findings if f["rule"] == exp["rule"]]
    assert hits, findings
    assert any(f["category"] == exp["category"] and f["line"] == exp["line"] for f in hits), hits
    assert all(f["file"].endswith(name) for f in hits)
    # exit 1 on errors; else 3 while a sentence is not read (LOG007: inconclusive, docs/logic.md S11); else 0
    limits = any(f["rule"] == "LOG007" for f in findings)
    assert code == (1 if any(f["severity"] == "error" for f in findings) else 3 if limits else 0)


@pytest.mark.parametrize("name", sorted(EXPECTED["clean"]))
def test_clean_text_passes(name, capsys):
    code, findings = _check(CORPUS / name, EXPECTED["clean"][name].get("period"), capsys=capsys)
    # no erratum; a sentence beyond the reader (LOG007, a limit of rulekb) makes the answer inconclusive: exit 3
    assert not [f for f in findings if f["severity"] == "error"]
    assert code == (3 if any(f["rule"] == "LOG007" for f in findings) else 0)


def test_every_family_has_a_planted_defect():
    categories = {d["category"] for d in EXPECTED["defects"].values()}
    assert {"reference", "naming", "structure", "chronology", "style", "logic"} <= categories
    assert {"LOG001", "LOG002", "LOG003", "LOG005", "REF001"} <= {d["rule"] for d in EXPECTED["defects"].values()}


def test_baseline_reports_only_new_findings(tmp_path, capsys):
    text = tmp_path / "new.txt"
    text.write_text((CORPUS / "naming_unknown_code.txt").read_text(), encoding="utf-8")
    report = tmp_path / "base.json"
    assert main(["check", "--kb", "kb", "--period", "VII", "--format", "json", "-o", str(report), str(text)]) == 0
    capsys.readouterr()
    # The same text, moved down two lines: nothing new.
    text.write_text("\n\n" + text.read_text(), encoding="utf-8")
    code, findings = _check(text, "VII", "--baseline", str(report), capsys=capsys)
    assert findings == [] and code == 0
    # A new defect: only it is reported.
    text.write_text(text.read_text() + "2. Bavaria receives a leader ? at once.\n", encoding="utf-8")
    code, findings = _check(text, "VII", "--baseline", str(report), capsys=capsys)
    assert [f["rule"] for f in findings] == ["STY001"]
    assert main(["check", "--kb", "kb", "--baseline", str(tmp_path / "missing.json"), str(text)]) == 2


def test_diff_from_git_ref(tmp_path, monkeypatch, capsys):
    repo = tmp_path / "rules"
    shutil.copytree(REPO / "kb", repo / "kb")
    (repo / "events").mkdir()
    event = repo / "events" / "new.txt"
    event.write_text((CORPUS / "naming_unknown_code.txt").read_text(), encoding="utf-8")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid"]
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    subprocess.run([*git, "add", "-A"], cwd=repo, check=True)
    subprocess.run([*git, "commit", "-qm", "base"], cwd=repo, check=True)
    event.write_text(event.read_text() + "2. The rebels are controlled by ROS.\n", encoding="utf-8")
    monkeypatch.chdir(repo)
    code = main(["check", "--format", "json", "--period", "VII", "--diff-from", "HEAD", "events/new.txt"])
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert [(f["rule"], f["line"]) for f in findings] == [("NAM001", 5)] and "ROS" in findings[0]["message"]
    assert code == 0
    assert main(["check", "--diff-from", "no-such-ref", "events/new.txt", "--period", "VII"]) == 2


def _hook():
    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    return next(h for h in hooks if h["id"] == "rulekb")


def test_pre_commit_hook_runs_as_pre_commit_would(tmp_path):
    hook = _hook()
    assert hook["language"] == "python" and hook["pass_filenames"] is True
    pattern = re.compile(hook["files"])
    assert pattern.search("events/period_vii/new.txt") and pattern.search("kb/events/eu/vii/07.yaml")
    assert not pattern.search("README.md")
    entry = shlex.split(hook["entry"])
    assert entry[0] == "rulekb"
    events = tmp_path / "events"
    events.mkdir()
    for name, expected in (("clean_third_division.txt", 0), ("ref_missing_event.txt", 1)):
        shutil.copy(CORPUS / name, events / name)
        proc = subprocess.run([RULEKB, *entry[1:], "--kb", str(REPO / "kb"), "--period", "VII", f"events/{name}"],
                              cwd=tmp_path, capture_output=True, text=True)
        assert proc.returncode == expected, proc.stdout + proc.stderr


@pytest.mark.slow
def test_pre_commit_try_repo(tmp_path):
    """pre-commit installs the hook from this repository into its own environment and runs it."""
    pre_commit = shutil.which("pre-commit") or str(Path(sys.executable).with_name("pre-commit"))
    if not os.path.exists(pre_commit):
        pytest.fail("pre-commit is not installed (it is in the test extra)")
    rules = tmp_path / "rules"
    (rules / "events").mkdir(parents=True)
    shutil.copytree(REPO / "kb", rules / "kb")
    # try-repo passes no args, so the text names its period in a header.
    (rules / "events" / "new.txt").write_text("PERIOD VII\n\n" + (CORPUS / "ref_missing_event.txt").read_text(),
                                               encoding="utf-8")
    subprocess.run(["git", "init", "-q"], cwd=rules, check=True)
    env = dict(os.environ, PRE_COMMIT_HOME=str(tmp_path / "pc-home"))
    proc = subprocess.run([pre_commit, "try-repo", str(REPO), "rulekb", "--files", "events/new.txt", "--verbose"],
                          cwd=rules, capture_output=True, text=True, timeout=1200, env=env)
    out = proc.stdout + proc.stderr
    # The planted missing reference fails the hook, with the rule and the line.
    assert proc.returncode == 1, out
    assert "REF001" in out and "30:VII" in out


WORKFLOW = REPO / "examples" / "github-actions-rulekb.yml"
EXPR = re.compile(r"\$\{\{\s*(.+?)\s*\}\}")


def _expand(value: str, context: dict) -> str:
    """What GitHub does to ${{ … }} in an env: value (the only place this workflow writes expressions)."""
    return EXPR.sub(lambda m: str(context[m.group(1)]), str(value))


def _run_workflow(tmp_path: Path, changed: dict[str, str], period: str = "VII", base: dict[str, str] | None = None,
                  removed: tuple[str, ...] = ()) -> dict:
    """Run the example workflow's steps as written: every run: script with bash as GitHub runs it, in order, with
    the env: of the workflow and the step (expressions expanded from a fake github context and the outputs of
    earlier steps), in a git repository whose base holds ``base`` (file name -> text) and whose pull request
    removes ``removed`` and adds or changes ``changed`` (file name -> text)."""
    wf = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    repo = tmp_path / "rules"
    shutil.copytree(REPO / "kb", repo / "kb")
    (repo / "events").mkdir()
    (repo / "events" / ".keep").write_text("", encoding="utf-8")
    for name, text in (base or {}).items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text, encoding="utf-8")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid"]
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=repo, check=True)
    subprocess.run([*git, "add", "-A"], cwd=repo, check=True)
    subprocess.run([*git, "commit", "-qm", "base"], cwd=repo, check=True)
    subprocess.run(["git", "update-ref", "refs/remotes/origin/main", "HEAD"], cwd=repo, check=True)
    subprocess.run(["git", "checkout", "-q", "-b", "pr"], cwd=repo, check=True)
    for name in removed:
        (repo / name).unlink()
    for name, text in changed.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], cwd=repo, check=True)
    subprocess.run([*git, "commit", "-qm", "pr"], cwd=repo, check=True)
    # A fake python: the install step is recorded, not run (rulekb is already installed here).
    fakebin = tmp_path / "bin"
    fakebin.mkdir()
    record = tmp_path / "python-args"
    (fakebin / "python").write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > {shlex.quote(str(record))}\n'
                                    f'pwd > {shlex.quote(str(record))}.cwd\n', encoding="utf-8")
    (fakebin / "python").chmod(0o755)
    runner_temp = tmp_path / "runner"
    runner_temp.mkdir()
    env_wf = dict(wf.get("env") or {}, RULEKB_PERIOD=period)
    outputs: dict[str, str] = {}
    results = []
    for step in wf["jobs"]["check"]["steps"]:
        if "run" not in step:
            continue
        assert "${{" not in step["run"], f"an expression written into a script: {step['run']}"
        context = {"github.base_ref": "main", **{f"steps.{k}": v for k, v in outputs.items()}}
        github_output = tmp_path / f"out-{len(results)}"
        github_output.write_text("", encoding="utf-8")
        env = {"PATH": f"{fakebin}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}/usr/bin:/bin",
               "HOME": str(tmp_path), "RUNNER_TEMP": str(runner_temp), "GITHUB_OUTPUT": str(github_output),
               "NO_COLOR": "1",
               **{k: _expand(v, context) for k, v in env_wf.items()},
               **{k: _expand(v, context) for k, v in (step.get("env") or {}).items()}}
        script = tmp_path / f"step-{len(results)}.sh"
        script.write_text(step["run"], encoding="utf-8")
        proc = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)], cwd=repo,
                              env=env, capture_output=True, text=True, timeout=300)
        results.append((step.get("name", ""), proc))
        if step.get("id"):
            for line in github_output.read_text(encoding="utf-8").splitlines():
                key, _, value = line.partition("=")
                outputs[f"{step['id']}.outputs.{key}"] = value
    return {"repo": repo, "results": results, "install": record.read_text(encoding="utf-8").splitlines(),
            "install_cwd": Path(f"{record}.cwd").read_text(encoding="utf-8").strip(),
            "runner_temp": runner_temp, "package": env_wf["RULEKB_PACKAGE"]}


def test_example_workflow_runs_as_written(tmp_path):
    run = _run_workflow(tmp_path, {"events/new.txt": (CORPUS / "ref_missing_event.txt").read_text(encoding="utf-8")})
    steps = dict((name, proc) for name, proc in run["results"])
    # rulekb is installed from its git repository, not from PyPI (where no rulekb is published).
    # ... with an isolated pip (-I: not the checkout's modules) run from outside the checkout (issue 31)
    assert run["install"] == ["-I", "-m", "pip", "install", run["package"]]
    assert Path(run["install_cwd"]).resolve() == run["runner_temp"].resolve()
    assert re.match(r"^rulekb @ git\+https://", run["package"])
    annotate = steps["Annotate the pull request"]
    assert annotate.returncode == 1, annotate.stdout + annotate.stderr
    assert annotate.stdout.startswith("::error file=events/new.txt,line=3,title=REF001 (reference)::")
    sarif = json.loads((run["repo"] / "rulekb.sarif").read_text(encoding="utf-8"))
    assert sarif["runs"][0]["results"][0]["ruleId"] == "REF001"
    assert steps["SARIF report"].returncode == 0
    wf = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    assert any(s.get("uses", "").startswith("github/codeql-action/upload-sarif") for s in wf["jobs"]["check"]["steps"])


def test_example_workflow_runs_no_file_name(tmp_path):
    """A pull request that adds a file whose name is a shell command: it is checked, and nothing runs."""
    name = "events/a$(touch${IFS}PWNED).txt"
    run = _run_workflow(tmp_path, {name: (CORPUS / "ref_missing_event.txt").read_text(encoding="utf-8")})
    annotate = dict(run["results"])["Annotate the pull request"]
    assert annotate.returncode == 1 and "REF001" in annotate.stdout, annotate.stdout + annotate.stderr
    assert "PWNED).txt" in annotate.stdout
    assert not list(tmp_path.rglob("PWNED")) and not os.path.exists("PWNED")


def test_example_workflow_fails_on_a_usage_error(tmp_path):
    """Exit 2 (here: a text without a period, and none given) fails both steps; only findings (exit 1) let the SARIF
    step pass."""
    run = _run_workflow(tmp_path, {"events/new.txt": (CORPUS / "ref_missing_event.txt").read_text(encoding="utf-8")},
                        period="")
    steps = dict(run["results"])
    assert steps["Annotate the pull request"].returncode == 2
    assert steps["SARIF report"].returncode != 0
    assert "no 'PERIOD" in steps["SARIF report"].stderr
