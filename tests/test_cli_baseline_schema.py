"""Issue 34: ``--baseline`` says how many findings it hid (stderr and JSON); SCH001 reports an unknown key on the
key's own line (it said line 2, the top of the file), with "did you mean" for a misspelt key."""

from __future__ import annotations

import json
import shutil

import pytest

from checker.cli import main

from .conftest import REPO

COLDWAR = REPO / "examples" / "coldwar" / "kb"


@pytest.fixture
def kb(tmp_path, monkeypatch):
    shutil.copytree(COLDWAR, tmp_path / "kb")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "kb"


@pytest.fixture
def findings_kb(kb):
    """The example KB with findings to hide: an unknown key in three events."""
    for name in ("01", "02", "03"):
        _insert(kb / "events" / "coldwar" / "early" / f"{name}.yaml", "title:", f"note_{name}: x")
    return kb


def _insert(path, after: str, line: str) -> int:
    """Insert ``line`` after the first line starting with ``after``; returns its 1-based line number."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, ln in enumerate(lines) if ln.startswith(after)) + 1
    lines.insert(at, line + "\n")
    path.write_text("".join(lines), encoding="utf-8")
    return at + 1


def _json(capsys, args) -> tuple[int, dict, str]:
    code = main(args)
    out = capsys.readouterr()
    return code, json.loads(out.out), out.err


@pytest.mark.slow
def test_unknown_key_on_its_own_line(kb, capsys):
    event = kb / "events" / "coldwar" / "early" / "01.yaml"
    top = _insert(event, "title:", "titel: OOPS")
    nested = _insert(event, "date_end:", "extra_block:\n  inner: 1")
    code, data, _ = _json(capsys, ["check", "--kb", "kb", "--format", "json", "--select", "SCH001"])
    assert code == 1
    got = sorted((f["line"], f["message"]) for f in data["findings"])
    assert [line for line, _ in got] == [top, nested]  # the keys' own lines (a block value: its key, not its entry)
    assert got[0][1].startswith("(top level): unknown key 'titel'; did you mean title? (schema event.schema.json")
    assert got[1][1].startswith("(top level): unknown key 'extra_block' (known: ") and "title" in got[1][1]


@pytest.mark.slow
def test_baseline_says_how_many_it_hid(findings_kb, tmp_path, capsys):
    code, full, _ = _json(capsys, ["check", "--kb", "kb", "--format", "json"])
    assert full["findings"], "the example KB has findings to hide"
    saved = tmp_path / "base.json"
    saved.write_text(json.dumps({"version": 1, "findings": full["findings"][1:]}), encoding="utf-8")
    code, data, err = _json(capsys, ["check", "--kb", "kb", "--format", "json", "--baseline", str(saved)])
    n = len(full["findings"]) - 1
    assert len(data["findings"]) == 1
    by = {s: sum(1 for f in full["findings"][1:] if f["severity"] == s) for s in ("error", "warning", "info")}
    assert data["baseline"] == {"baseline": str(saved), "hidden": n, "hidden_by_severity": by}
    assert f"--baseline: {n} finding{'' if n == 1 else 's'} hidden, already in the baseline report {saved}" in err
    # text output says it too (on stderr, so stdout stays the report); without --baseline no key and no line
    assert main(["check", "--kb", "kb", "--baseline", str(saved)]) in (0, 1, 3)
    assert f"{n} finding" in capsys.readouterr().err
    code, data, err = _json(capsys, ["check", "--kb", "kb", "--format", "json"])
    assert "baseline" not in data and "hidden" not in err


@pytest.mark.slow
def test_baseline_count_follows_select(findings_kb, tmp_path, capsys):
    code, full, _ = _json(capsys, ["check", "--kb", "kb", "--format", "json"])
    saved = tmp_path / "base.json"
    saved.write_text(json.dumps(full), encoding="utf-8")
    rule = full["findings"][0]["rule"]
    code, data, err = _json(capsys, ["check", "--kb", "kb", "--format", "json", "--baseline", str(saved),
                                     "--select", rule])
    assert data["findings"] == []
    assert data["baseline"]["hidden"] == sum(1 for f in full["findings"] if f["rule"] == rule)
