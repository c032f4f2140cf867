"""``--select`` and ``--ignore`` decide what runs, not only what is shown (issue 29): ``--select STY`` runs no
solver, and the findings equal the full run's filtered the same way (acceptances of codes that did not run are not
judged stale)."""

from __future__ import annotations

import json

import clingo
import pytest

from checker.cli import main

pytestmark = pytest.mark.slow  # not in the fast tier (issue 34): selected runs against full runs of the KB


def _json(capsys, argv):
    code = main(["check", "--format", "json", *argv])
    return code, json.loads(capsys.readouterr().out)["findings"]


def test_select_style_runs_no_solver(capsys, monkeypatch):
    def refuse(*_a, **_k):
        raise AssertionError("a solver ran for --select STY")

    monkeypatch.setenv("RULEKB_NO_CACHE", "1")
    monkeypatch.setattr(clingo, "Control", refuse)
    code, found = _json(capsys, ["--select", "STY"])
    assert code in (0, 1) and found and {f["rule"][:3] for f in found} == {"STY"}


@pytest.mark.parametrize("option", [["--select", "STY,REF"], ["--select", "naming"], ["--ignore", "logic,style"],
                                    ["--select", "LOG007"]])
def test_selected_run_equals_the_full_run_filtered(capsys, monkeypatch, option):
    monkeypatch.setenv("RULEKB_NO_CACHE", "1")
    _, full = _json(capsys, [])
    _, part = _json(capsys, option)
    from checker.checks import matches_selection, resolve_selection

    names = resolve_selection([option[1]], option[0])
    keep = (lambda f: matches_selection(_F(f), names)) if option[0] == "--select" else \
        (lambda f: not matches_selection(_F(f), names))
    assert part == [f for f in full if keep(f)]


class _F:
    def __init__(self, d):
        self.rule, self.category = d["rule"], d["category"]
