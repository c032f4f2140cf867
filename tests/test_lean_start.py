"""A lean start (issue 18): a command imports what it needs when it needs it. A check whose findings come from the
warm cache, reported as JSON, loads neither rich (text output), clingo (the logic), Lark (the sentence reader)
nor jsonschema (messages for files that fail the fast validator)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time

import pytest

from .conftest import KB, REPO

pytestmark = pytest.mark.slow  # not in the fast tier (issue 34): a warm check in a subprocess

PROBE = """
import json, sys
from checker.cli import main
try:
    main(["check", "--kb", sys.argv[1], "--format", "json"])
except SystemExit:
    pass
sys.stdout.flush()
print(json.dumps(sorted(m for m in ("rich", "clingo", "lark", "jsonschema", "networkx", "jinja2")
                        if m in sys.modules)), file=sys.stderr)
"""


def _imported(tmp_path, root) -> list[str]:
    env = dict(os.environ, RULEKB_CACHE_DIR=str(tmp_path / "cache"), RULEKB_STATE_DIR=str(tmp_path / "state"))
    env.pop("RULEKB_NO_CACHE", None)
    proc = subprocess.run([sys.executable, "-c", PROBE, str(root)], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=600)
    assert json.loads(proc.stdout)["findings"], proc.stderr[-2000:]
    return json.loads(proc.stderr.strip().splitlines()[-1])


def test_a_warm_json_check_imports_no_heavy_library(tmp_path):
    root = tmp_path / "kb"
    shutil.copytree(KB, root)
    old = time.time() - 3600  # files written just now are not cached (their stamp could still change)
    for path in root.rglob("*"):
        os.utime(path, (old, old))
    cold = _imported(tmp_path, root)  # fills the cache: the checks run, so the logic is imported
    # (The reader, and Lark with it, only where an event holds hand-written logic to compare: the bundled KB
    # holds none, so a full check of it no longer imports Lark at all.)
    assert "clingo" in cold
    assert _imported(tmp_path, root) == []
