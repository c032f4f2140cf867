"""Issue 34 (proposed as tests/test_action.py, with action.yml at the repository root): the reusable action's steps
run as GitHub runs a composite action (bash, each step's env: with the inputs and earlier outputs expanded) in a
rules repository whose pull request adds a text in texts/ with a planted defect: the text is annotated on its line,
the SARIF report is written, the step fails with exit 1; rulekb is installed from the action's own folder."""

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

from .conftest import REPO

pytestmark = pytest.mark.slow  # not in the fast tier (issue 34): the action's steps run as subprocesses

ACTION = REPO / "action.yml"
CORPUS = REPO / "tests" / "corpus"


def _expand(value: str, context: dict) -> str:
    return re.sub(r"\$\{\{\s*([^}]+?)\s*\}\}", lambda m: context.get(m.group(1), ""), str(value))


def _run_action(tmp_path: Path, changed: dict[str, str], period: str = "VII") -> dict:
    action = yaml.safe_load(ACTION.read_text(encoding="utf-8"))
    assert action["runs"]["using"] == "composite"
    repo = tmp_path / "rules"
    shutil.copytree(REPO / "kb", repo / "kb")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid"]
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=repo, check=True)
    subprocess.run([*git, "add", "-A"], cwd=repo, check=True)
    subprocess.run([*git, "commit", "-qm", "base"], cwd=repo, check=True)
    subprocess.run(["git", "update-ref", "refs/remotes/origin/main", "HEAD"], cwd=repo, check=True)
    subprocess.run(["git", "checkout", "-q", "-b", "pr"], cwd=repo, check=True)
    for name, text in changed.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text, encoding="utf-8")
    subprocess.run([*git, "add", "-A"], cwd=repo, check=True)
    subprocess.run([*git, "commit", "-qm", "pr"], cwd=repo, check=True)
    fakebin = tmp_path / "bin"  # the install is recorded, not run: rulekb is installed here already
    fakebin.mkdir()
    record = tmp_path / "python-args"
    (fakebin / "python").write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > {shlex.quote(str(record))}\n', encoding="utf-8")
    (fakebin / "python").chmod(0o755)
    runner_temp = tmp_path / "runner"
    runner_temp.mkdir()
    inputs = {f"inputs.{k}": str(v.get("default", "")) for k, v in action["inputs"].items()}
    context = {**inputs, "inputs.period": period, "inputs.base-ref": "main", "github.base_ref": "main",
               "github.action_path": str(REPO)}
    context["inputs.base-ref"] = "main"
    results = []
    for step in action["runs"]["steps"]:
        assert step["shell"] == "bash" and "${{" not in step["run"], step
        out_file = tmp_path / f"out-{len(results)}"
        out_file.write_text("", encoding="utf-8")
        env = {"PATH": f"{fakebin}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}/usr/bin:/bin",
               "HOME": str(tmp_path), "RUNNER_TEMP": str(runner_temp), "GITHUB_OUTPUT": str(out_file),
               "NO_COLOR": "1", **{k: _expand(v, context) for k, v in (step.get("env") or {}).items()}}
        proc = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]], cwd=repo,
                              env=env, capture_output=True, text=True, timeout=300)
        results.append((step["name"], proc))
        for line in out_file.read_text(encoding="utf-8").splitlines():
            key, _, value = line.partition("=")
            context[f"steps.{step.get('id')}.outputs.{key}"] = value
    return {"repo": repo, "steps": dict(results), "install": record.read_text(encoding="utf-8").split()}


def test_action_checks_a_text_in_texts(tmp_path):
    run = _run_action(tmp_path, {"texts/new.txt": (CORPUS / "ref_missing_event.txt").read_text(encoding="utf-8")})
    assert run["install"] == ["-I", "-m", "pip", "install", str(REPO)]  # the action's own copy: no URL to edit
    annotate = run["steps"]["Annotate the pull request"]
    assert annotate.returncode == 1, annotate.stdout + annotate.stderr
    assert annotate.stdout.startswith("::error file=texts/new.txt,line=3,title=REF001 (reference)::")
    sarif = json.loads((run["repo"] / "rulekb.sarif").read_text(encoding="utf-8"))
    assert sarif["runs"][0]["results"][0]["ruleId"] == "REF001"


def test_action_fails_on_a_usage_error(tmp_path):
    run = _run_action(tmp_path, {"events/new.txt": (CORPUS / "ref_missing_event.txt").read_text(encoding="utf-8")},
                      period="")
    annotate = run["steps"]["Annotate the pull request"]
    assert annotate.returncode == 2 and "no 'PERIOD" in annotate.stderr


def test_example_workflow_uses_the_action():
    wf = yaml.safe_load((REPO / "examples" / "github-actions-rulekb-action.yml").read_text(encoding="utf-8"))
    uses = [s.get("uses", "") for s in wf["jobs"]["check"]["steps"]]
    assert any(re.fullmatch(r"[^/]+/rulekb@[\w.-]+", u) for u in uses)
    assert not any("run" in s for s in wf["jobs"]["check"]["steps"])  # every script is in the action
