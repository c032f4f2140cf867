"""Security and data safety (issue 19): a hostile text or KB change cannot run code, read outside the KB, write
outside its folder, or destroy work; each test here failed on the code before its fix."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from checker.kb.store import load_kb
from checker.kb.yamlio import YamlError, load_file, loads

from .conftest import KB, REPO, TWO_EVENTS, run_cli

SECRET = "root:x:0:0:SECRET-PASSWD-LINE:/root:/bin/bash"


@contextmanager
def time_limit(seconds: int):
    def boom(*_):
        raise TimeoutError(f"took longer than {seconds} s")

    old = signal.signal(signal.SIGALRM, boom)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.fixture
def kb(two_events_kb) -> Path:
    return two_events_kb


# ------------------------------------------------------------------ reading only regular files inside the KB

def test_symlink_leaving_the_kb_is_refused_and_never_quoted(kb, tmp_path, capsys):
    secret = tmp_path / "passwd"
    secret.write_text(SECRET + "\n")
    (kb / "rules" / "eu").mkdir(parents=True)
    os.symlink(secret, kb / "rules" / "eu" / "stolen.yaml")
    load = load_kb(str(kb))
    hits = [f for f in load.findings if "stolen.yaml" in (f.file or "")]
    assert hits and "outside the knowledge base" in hits[0].message
    for fmt in ("text", "json", "sarif", "github"):
        code, out, err = run_cli(capsys, "check", "--kb", kb, "--format", fmt)
        assert code == 1
        assert "SECRET-PASSWD-LINE" not in out + err


def test_a_link_to_a_folder_outside_the_kb_is_never_read(kb, tmp_path):
    """Walking the KB does not follow links to folders, which is why a walked file needs resolving only when it
    is a link itself (yamlio.read_regular(walked=True)): a file behind a linked folder is never read."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "stolen.yaml").write_text(f"id: x\ntitle: {SECRET}\n")
    os.symlink(outside, kb / "events" / "eu" / "linked", target_is_directory=True)
    load = load_kb(str(kb))
    assert not any("stolen" in (f.file or "") for f in load.findings)
    assert SECRET not in repr(load.texts) + repr(load.kb.events)


def test_symlink_inside_the_kb_is_read(kb):
    os.rename(kb / "events" / "eu" / "vii" / "02.yaml", kb / "events" / "eu" / "real.yaml.txt")
    os.symlink(kb / "events" / "eu" / "real.yaml.txt", kb / "events" / "eu" / "vii" / "02.yaml")
    load = load_kb(str(kb))
    assert load.findings == [] and "2:VII" in load.kb.view("eu").events


def test_named_pipe_called_yaml_does_not_block(kb):
    os.mkfifo(kb / "events" / "eu" / "vii" / "03.yaml")
    with time_limit(10):
        load = load_kb(str(kb))
    (hit,) = [f for f in load.findings if f.file.endswith("03.yaml")]
    assert "not a regular file" in hit.message


def test_link_to_dev_zero_is_refused(kb, tmp_path, capsys):
    os.symlink("/dev/zero", kb / "events" / "eu" / "vii" / "03.yaml")
    with time_limit(10):
        load = load_kb(str(kb))
        with pytest.raises(YamlError, match="not a regular file"):
            load_file("/dev/zero")
    assert any(f.file.endswith("03.yaml") for f in load.findings)
    # ingest over an existing KB file that is such a link: a clear error, not a MemoryError
    os.remove(kb / "events" / "eu" / "vii" / "03.yaml")
    os.remove(kb / "events" / "eu" / "vii" / "01.yaml")
    os.symlink("/dev/zero", kb / "events" / "eu" / "vii" / "01.yaml")
    text = kb.parent / "two.txt"
    with time_limit(20):
        code, _, err = run_cli(capsys, "ingest", "--kb", kb, "--period", "VII", text)
    assert code == 2 and "01.yaml" in err and "Traceback" not in err


def test_latin1_byte_is_an_error_with_its_line(kb, tmp_path, capsys):
    path = kb / "events" / "eu" / "vii" / "02.yaml"
    data = path.read_bytes().replace(b"SECOND", b"SECOND \xe9t\xe9", 1)
    path.write_bytes(data)
    line = data[: data.index(b"\xe9")].count(b"\n") + 1
    load = load_kb(str(kb))
    (hit,) = [f for f in load.findings if f.file.endswith("02.yaml")]
    assert hit.line == line and "UTF-8" in hit.message
    code, _, err = run_cli(capsys, "ingest", "--kb", kb, "--period", "VII", kb.parent / "two.txt")
    assert code == 2 and "UTF-8" in err and "Traceback" not in err


# ------------------------------------------------------------------ nesting, duplicate keys, schema folder

@pytest.mark.slow
@pytest.mark.parametrize("depth", [2_000, 50_000])
def test_deep_nesting_is_an_error_not_a_crash(kb, depth):
    path = kb / "rules" / "deep.yaml"
    (kb / "rules").mkdir(exist_ok=True)
    path.write_text("id: deep\nx:\n" + " [\n" * depth + " ]\n" * depth)
    # A subprocess: on the old code 50,000 levels killed the interpreter (SIGSEGV).
    proc = subprocess.run([sys.executable, "-m", "checker.cli", "check", "--kb", str(kb), "--format", "json"],
                          capture_output=True, text=True, timeout=120, cwd=REPO, check=False)
    assert proc.returncode == 1, proc.stderr[-500:]
    findings = json.loads(proc.stdout)["findings"]
    assert any("nested more than" in f["message"] and f["file"].endswith("deep.yaml") for f in findings)


def test_block_nesting_is_measured_too():
    text = "a:\n" + "".join(" " * (i + 1) + "a:\n" for i in range(150))
    with pytest.raises(YamlError, match="nested more than 100"):
        loads(text, "f.yaml")
    assert loads("a:\n  b:\n    - [1, {c: 2}]\n", "f.yaml") == {"a": {"b": [[1, {"c": 2}]]}}


def test_overlong_yaml_line_is_an_error():
    with pytest.raises(YamlError, match="line is 40003 characters long"):
        loads("x: " + "y" * 40_000, "f.yaml")


def test_duplicate_key_is_sch002_with_file_and_line(kb):
    path = kb / "events" / "eu" / "vii" / "02.yaml"
    text = path.read_text()
    path.write_text(text + "title: A SECOND TITLE\n")
    load = load_kb(str(kb))
    (hit,) = load.findings
    assert hit.rule == "SCH002" and hit.file.endswith("02.yaml")
    assert hit.line == text.count("\n") + 1 and "'title' is written twice" in hit.message


def test_two_files_with_one_id_is_sch002(kb, capsys):
    shutil.copy(kb / "events" / "eu" / "vii" / "01.yaml", kb / "events" / "eu" / "vii" / "03.yaml")
    code, out, _ = run_cli(capsys, "check", "--kb", kb, "--format", "json", "--select", "SCH002")
    assert code == 1
    (hit,) = json.loads(out)["findings"]
    assert hit["rule"] == "SCH002" and hit["file"].endswith("03.yaml") and "01.yaml" in hit["message"]


def test_id_disagreeing_with_number_or_file_is_sch002(kb, capsys):
    path = kb / "events" / "eu" / "vii" / "02.yaml"
    path.write_text(path.read_text().replace("number: 2", "number: 7"))
    shutil.move(kb / "events" / "eu" / "vii" / "01.yaml", kb / "events" / "eu" / "vii" / "05.yaml")
    code, out, _ = run_cli(capsys, "check", "--kb", kb, "--format", "json", "--select", "SCH002")
    found = {(f["subject"], f["message"].split(" (")[0]) for f in json.loads(out)["findings"]}
    assert code == 1
    assert ("2:VII", "the id 2:VII disagrees with number 7 and period VII") in found
    assert ("1:VII", "the file of event 1:VII should be events/eu/vii/01.yaml") in found


def test_sch002_passes_on_the_bundled_kb(capsys):
    code, out, _ = run_cli(capsys, "check", "--format", "json", "--select", "SCH002")
    assert code == 0 and json.loads(out)["findings"] == []


@pytest.mark.parametrize("damage", ["missing", "not-json", "not-a-schema"])
def test_missing_or_broken_schema_exits_2_with_a_message(kb, capsys, damage):
    schema = kb / "schema" / "event.schema.json"
    if damage == "missing":
        schema.unlink()
    elif damage == "not-json":
        schema.write_text("{ not json")
    elif damage == "not-a-schema":
        schema.write_text('{"type": 12}')
    code, out, err = run_cli(capsys, "check", "--kb", kb, "--format", "json")
    assert code == 2 and "schema" in err and "Traceback" not in err and out == ""


def test_a_kb_without_a_schema_folder_is_validated_against_the_shipped_schemas(kb, capsys):
    """A new game's KB needs no schema/ of its own; it is still validated, never passed unchecked."""
    shutil.rmtree(kb / "schema")
    code, out, _ = run_cli(capsys, "check", "--kb", kb, "--format", "json", "--select", "SCH001")
    assert code == 0 and json.loads(out)["findings"] == []
    bad = kb / "events" / "eu" / "vii" / "01.yaml"
    bad.write_text(bad.read_text(encoding="utf-8").replace("number: 1\n", "number: one\n"), encoding="utf-8")
    code, out, _ = run_cli(capsys, "check", "--kb", kb, "--format", "json", "--select", "SCH001")
    hits = json.loads(out)["findings"]
    assert code == 1 and hits and hits[0]["rule"] == "SCH001" and "number" in hits[0]["message"]


# ------------------------------------------------------------------ paths built from names

def test_ingest_period_cannot_leave_the_kb(kb, tmp_path, capsys):
    text = tmp_path / "new.txt"
    text.write_text(TWO_EVENTS.format(ref="1:X"))
    code, _, err = run_cli(capsys, "ingest", "--kb", kb, "--period", "../../../X", text)
    assert code == 2 and "period" in err
    assert not any(tmp_path.rglob("x")) and not (tmp_path.parent / "x").exists()


def test_site_game_cannot_leave_the_docs_folder(kb, tmp_path):
    from checker.core.paths import UnsafePath
    from checker.site.build import generate_pages

    path = kb / "events" / "eu" / "vii" / "02.yaml"
    path.write_text(path.read_text().replace("game: eu", "game: ../../escaped"))
    docs = tmp_path / "site" / "docs"
    try:  # refused, or written under a safe name inside the docs folder: never outside it
        generate_pages(str(kb), str(docs))
    except UnsafePath as exc:
        assert "would leave" in str(exc)
    assert not [p for p in tmp_path.rglob("*escaped*") if docs not in p.parents]


def test_paths_module_refuses_what_is_not_a_name():
    from checker.core import paths

    for bad in ("../../X", "VII/..", "", "I" * 21, "a.b", ".x", "VII\\..", "-x"):
        with pytest.raises(paths.UnsafePath):
            paths.check_period(bad)
    for bad in ("../x", "EU", "a/b", ".hidden", "x" * 40):
        with pytest.raises(paths.UnsafePath):
            paths.check_game(bad)
    for bad in ("..", "../etc", "a b", ".x", "a/b"):
        with pytest.raises(paths.UnsafePath):
            paths.check_entry_id(bad)
    assert paths.check_period("VII") == "VII" and paths.check_entry_id("pop-16.1") == "pop-16.1"
    with pytest.raises(paths.UnsafePath):
        paths.safe_join("/tmp/docs", "../x/index.md")


# ------------------------------------------------------------------ ingest never destroys work

def test_ingest_does_not_replace_an_event_from_another_source(kb, tmp_path, capsys):
    before = (kb / "events" / "eu" / "vii" / "01.yaml").read_bytes()
    other = tmp_path / "other.txt"
    other.write_text("1: SOMETHING ELSE (historical date: 1790)\n(duration: permanent)\n1. Text.\n")
    code, _, err = run_cli(capsys, "ingest", "--kb", kb, "--period", "VII", other)
    assert code == 2 and "already in the KB from another text" in err
    assert (kb / "events" / "eu" / "vii" / "01.yaml").read_bytes() == before


def test_two_events_with_one_number_in_one_text_is_an_error(kb, tmp_path, capsys):
    text = kb.parent / "two.txt"
    text.write_text(TWO_EVENTS.format(ref="1:VII").replace("2: SECOND", "1: SECOND"))
    before = (kb / "events" / "eu" / "vii" / "01.yaml").read_bytes()
    code, _, err = run_cli(capsys, "ingest", "--kb", kb, "--period", "VII", text)
    assert code == 2 and "a second event numbered 1" in err
    assert (kb / "events" / "eu" / "vii" / "01.yaml").read_bytes() == before


def test_ingest_keeps_a_hand_edited_event_title(kb, tmp_path, capsys):
    path = kb / "events" / "eu" / "vii" / "02.yaml"
    path.write_text(path.read_text().replace("title: SECOND", "title: The Second Event"))
    code, _, err = run_cli(capsys, "ingest", "--kb", kb, "--period", "VII", kb.parent / "two.txt")
    assert code == 0
    assert "title: The Second Event" in path.read_text() and "kept curated" in err


def test_ingest_validates_what_it_writes(kb, tmp_path, capsys):
    text = tmp_path / "my rules.txt"
    events = TWO_EVENTS.format(ref="5:VII").replace("1: FIRST", "5: FIRST").replace("2: SECOND", "6: SECOND")
    text.write_text("PERIOD VII (1756-1792)\n\n" + events)
    before = sorted(p.relative_to(kb) for p in kb.rglob("*.yaml"))
    code, _, err = run_cli(capsys, "ingest", "--kb", kb, text)
    assert code == 2 and "doc-my rules" in err
    assert sorted(p.relative_to(kb) for p in kb.rglob("*.yaml")) == before


def test_ingest_on_a_full_disk_is_an_error_not_a_traceback(kb, tmp_path, capsys, monkeypatch):
    import errno

    def full(*_):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    (tmp_path / "edited").mkdir()
    text = tmp_path / "edited" / "two.txt"
    text.write_text(TWO_EVENTS.format(ref="1:VII").replace("SECOND", "RENAMED"))
    monkeypatch.setattr(os, "replace", full)
    code, _, err = run_cli(capsys, "ingest", "--kb", kb, "--period", "VII", kb.parent / "two.txt")
    assert code == 0  # unchanged text: nothing to write
    code, _, err = run_cli(capsys, "ingest", "--kb", kb, "--period", "VII", "--force", text)
    assert code == 2 and "cannot write" in err and "Traceback" not in err


def test_gazetteer_write_keeps_hand_entities_and_the_file_note(capsys, tmp_path):
    root = tmp_path / "kb"
    shutil.copytree(KB, root)
    path = root / "gazetteer" / "eu.yaml"
    text = path.read_text()
    text = text.replace("note: extracted by", "note: Reviewed by hand in 2026; extracted by", 1)
    text += "- name: ATLANTIS\n  kind: province\n  aliases:\n  - Atlantida\n"
    path.write_text(text)
    code, _, _ = run_cli(capsys, "gazetteer", "--kb", root, "--write")
    assert code == 0
    after = path.read_text()
    assert "name: ATLANTIS" in after and "Atlantida" in after
    assert "note: Reviewed by hand in 2026" in after


# ------------------------------------------------------------------ git and baselines

def test_diff_from_is_never_a_git_option(tmp_path, capsys):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    code, _, err = run_cli(capsys, "check", f"--diff-from=--output={victim}")
    assert code == 2 and "not a git revision" in err
    assert victim.read_text() == "precious\n"
    code, _, err = run_cli(capsys, "check", "--diff-from", "no-such-branch-xyz")
    assert code == 2 and "no such commit" in err


@pytest.mark.parametrize("content", [
    '{"version": 1, "findings": [{"rule": "REF001"}]}',
    '{"version": 1, "findings": [3]}',
    '{"version": 1, "findings": [{"rule": 1, "message": "m"}]}',
    '{"version": 1, "findings": [{"rule": "A", "message": "m", "subject": []}]}',
    '[1, 2]',
    'not json',
])
def test_malformed_baseline_exits_2(tmp_path, capsys, content):
    base = tmp_path / "base.json"
    base.write_text(content)
    code, _, err = run_cli(capsys, "check", "--baseline", base)
    assert code == 2 and "base.json" in err and "Traceback" not in err


# ------------------------------------------------------------------ terminal and CI log injection

PAYLOADS = ["\x1b[2J\x1b[H", "\x1b]0;pwned\x07", "\x1b]52;c;cHduZWQ=\x07", "\u202eevil\u202c", "\x9b31m",
            "line\n::error::forged"]


def _hostile_finding(payload: str):
    from checker.core.model import Finding

    return Finding("REF001", "reference", "error", "1:VII", f"kb/x{payload}.yaml", 3,
                   f"clause says {payload} here")


@pytest.mark.parametrize("payload", PAYLOADS)
def test_reports_carry_no_raw_control_characters(payload):
    from checker.report import FORMATS
    from checker.report.safe import visible

    f = _hostile_finding(payload)
    f.quote = f"quote {payload}"
    for fmt, render in FORMATS.items():
        out = render([f], color=(fmt == "text"))
        raw = [c for c in out.replace("\n", "") if (ord(c) < 32 and c not in "\x1b") or 0x7f <= ord(c) <= 0x9f
               or c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"]
        assert not raw, (fmt, raw)
        if fmt in ("json", "sarif", "github"):
            assert "\x1b" not in out, fmt
        if fmt == "github":
            assert not any(line.startswith("::error::forged") for line in out.splitlines())
        if fmt == "json":
            assert json.loads(out)["findings"][0]["message"] == f.message  # data unchanged for JSON readers
    assert visible("a\x1b[2Jb\u202e") == "a\\x1b[2Jb\\u202e"


def test_text_report_escapes_are_visible_and_colour_codes_are_ours(capsys):
    from checker.report.text import render_text

    out = render_text([_hostile_finding("\x1b]52;c;cHduZWQ=\x07")], color=False)
    assert "\x1b" not in out and "\\x1b]52;c;cHduZWQ=\\x07" in out


def test_check_of_one_yaml_file_failing_its_schema_is_not_a_pass(tmp_path, capsys):
    """The pre-commit hook's exact command on a file that fails its schema exited 0 with '0 errors'."""
    edited = tmp_path / "08.yaml"
    edited.write_text((KB / "events" / "eu" / "vii" / "08.yaml").read_text().replace("number: 8", "number: eight"))
    code, out, _ = run_cli(capsys, "check", edited, "--format", "json")
    assert code == 1
    assert any(f["rule"] == "SCH001" and "'eight' is not of type 'integer'" in f["message"]
               for f in json.loads(out)["findings"])
