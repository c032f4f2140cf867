"""The README's Neovim set-up, tried for real: Debian's Neovim, headless, opens an event text with a planted defect
from the corpus, waits for rulekb's diagnostics and hovers on an event id and on a rule sentence
(tests/editor/nvim_drive.lua); what it shows must be what ``rulekb check FILE`` reports and what the server's hover
says. The set-up is taken from the README's Lua block as written, so a wrong README fails here.

Needs ``nvim`` (``apt-get install neovim``; ``.ci/run`` installs it): without it the test fails saying so.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import REPO

pytestmark = pytest.mark.slow
TEXT = REPO / "tests" / "corpus" / "logic_later_period.txt"  # planted LOG005 on line 5; 4:VII on the same line
SEVERITY = {1: "error", 2: "warning", 3: "info", 4: "hint"}


def readme_setup() -> str:
    """The README's Lua block for Neovim 0.7 to 0.10 (the one Debian 12's Neovim 0.7.2 runs)."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```lua\n(.*?)```", readme, re.DOTALL)
    found = [b for b in blocks if "vim.lsp.start_client" in b]
    assert len(found) == 1, "the README has no (or more than one) Lua set-up for Neovim 0.7-0.10"
    return found[0]


def test_neovim_shows_check_findings_and_hovers(tmp_path: Path):
    nvim = shutil.which("nvim")
    assert nvim, "nvim is not installed: apt-get install -y neovim (as .ci/run does)"
    init = tmp_path / "init.lua"
    init.write_text(readme_setup(), encoding="utf-8")
    out = tmp_path / "nvim.json"
    row = TEXT.read_text(encoding="utf-8").splitlines()[4]
    hovers = f"5:{row.index('4:VII') + 1} 5:5"
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
               RULEKB_NVIM_FILE=str(TEXT.relative_to(REPO)), RULEKB_NVIM_HOVERS=hovers, RULEKB_NVIM_OUT=str(out),
               RULEKB_NVIM_TIMEOUT="40000", XDG_STATE_HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path),
               XDG_CONFIG_HOME=str(tmp_path))
    proc = subprocess.run([nvim, "--headless", "-u", str(init), "-c", "luafile tests/editor/nvim_drive.lua"],
                          check=False, cwd=REPO, env=env, capture_output=True, text=True, timeout=55, stdin=subprocess.DEVNULL)
    assert out.exists(), f"nvim wrote nothing (exit {proc.returncode}): {proc.stderr[-2000:]}"
    seen = json.loads(out.read_text(encoding="utf-8"))
    assert seen["ok"], seen.get("error")
    assert seen["filetype"] == "text" and seen["clients"] == ["rulekb"]

    cli = subprocess.run([sys.executable, "-m", "checker.cli", "check", "--format", "json", str(TEXT.relative_to(REPO))],
                         check=False, cwd=REPO, capture_output=True, text=True, timeout=55)
    assert cli.returncode in (1, 3), cli.stderr
    want = sorted((f["line"], f["rule"], f["severity"], f["message"]) for f in json.loads(cli.stdout)["findings"])
    got = sorted((d["line"], d["code"], SEVERITY[d["severity"]], d["message"]) for d in seen["diagnostics"])
    assert got == want
    assert any(rule == "LOG005" and line == 5 for line, rule, _, _ in got)  # the planted defect

    on_id, on_sentence = seen["hovers"]
    assert on_id["word"] == "4:VII"
    assert on_id["lines"][0] == "**4:VII — WAR OF INDEPENDENCE IN THE COLONIES**"
    assert any(line.startswith("period VII") for line in on_id["lines"])
    shown = "\n".join(on_sentence["lines"])
    assert "Reading: a requirement: the event can fire only when 4:VII has occurred" in shown
    assert "Notation: `require: occurred(4:VII); on_fail: reroll`" in shown
