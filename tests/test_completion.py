"""Issue 34: shell completion (shtab), generated from the parser: every command and option completes, and the
bash script, sourced in a real bash, completes commands, options and their choices."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from checker.cli import COMMANDS, main
from checker.games.registry import commands


def test_completion_names_every_command(capsys):
    assert main(["completion", "zsh"]) == 0
    script = capsys.readouterr().out
    for name in [*COMMANDS, *(name for name, _ in commands())]:  # the game packs' commands too (deck, dispute)
        assert name in script
    assert "--baseline" in script and "--text" in script


def test_unknown_shell_is_a_usage_error(capsys):
    assert main(["completion", "fish"]) == 2
    assert "invalid choice: 'fish'" in capsys.readouterr().err


BASH = r'''
source "$1"
try() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE};
        COMPREPLY=(); _shtab_rulekb rulekb "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"; echo "${COMPREPLY[*]}"; }
try rulekb ex
try rulekb check --for
try rulekb check --format ""
try rulekb order --go
'''


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash on this machine")
def test_bash_completes_commands_options_and_choices(tmp_path, capsys):
    assert main(["completion", "bash"]) == 0
    script = tmp_path / "rulekb.bash"
    script.write_text(capsys.readouterr().out, encoding="utf-8")
    runner = tmp_path / "try.sh"
    runner.write_text(BASH, encoding="utf-8")
    proc = subprocess.run(["bash", "--noprofile", "--norc", str(runner), str(script)], check=False, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["explain", "--format", "text json sarif github", "--goal"]
