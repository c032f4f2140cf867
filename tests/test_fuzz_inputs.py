"""Fuzzers shaped like real damage (issue 20): long runs of one character class, swapped / deleted / duplicated /
truncated lines, random bytes, CRLF, BOM, NUL, control and bidi characters, deep nesting, YAML hand-edits.

Properties: only the documented errors (ParseError / YamlError, or exit 0/1/2/3), never a traceback, every case
under a time bound, the same output twice.

CI-sized by default. The large run (10,000+ cases, counts printed at the end)::

    RULEKB_FUZZ_CASES=10000 .venv/bin/python -m pytest tests/test_fuzz_inputs.py -s -q -p no:randomly

The cases are split 70 % text parsing, 26 % YAML loading and validation, 4 % whole ``rulekb check`` runs.
"""

from __future__ import annotations

import io
import json
import os
import random
import shutil
import tempfile
import time
from contextlib import redirect_stderr, redirect_stdout

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker.cli import main
from checker.core.paths import UnsafePath
from checker.kb.store import dump_entry, validate
from checker.kb.yamlio import YamlError, loads
from checker.textformat import ParseError, decode_text, parse_document

from .conftest import KB, SEED_PERIODS, seed_files
from .fuzzruns import run_counted

pytestmark = pytest.mark.slow  # not in the fast tier (issue 34): fuzzed texts and KBs checked whole

TOTAL = int(os.environ.get("RULEKB_FUZZ_CASES", "250"))
COUNTS = {"text": 0, "yaml": 0, "cli": 0, "kb-edit": 0, "errors": 0, "slowest_s": 0.0}
TEXT_BOUND_S = 5.0   # one text parse (the bundled seeds parse in milliseconds)
YAML_BOUND_S = 5.0
CLI_BOUND_S = 15.0   # the outside recipe's bound for a whole check


def _settings(share: float):
    return settings(max_examples=max(5, int(TOTAL * share)), deadline=None, derandomize=False,
                    suppress_health_check=list(HealthCheck))


SEEDS = {p.name: p.read_bytes() for p in seed_files()}
YAML_SOURCES = {str(p.relative_to(KB)): p.read_bytes() for p in [
    KB / "events" / "eu" / "vii" / "07.yaml", KB / "events" / "eu" / "iv" / "01.yaml",
    KB / "rules" / "awaw" / "awaw-general-support-ancillary-1.yaml", KB / "games" / "eu.yaml",
    KB / "accepted.yaml", KB / "gazetteer" / "eu.yaml"] if p.exists()}

RUNS = {
    "caps": b"A", "capwords": b"ABC ", "spaces": b" ", "digits": b"7", "commas": b", ", "and": b" and ",
    "lparen": b"(", "rparen": b")", "parens": b"()", "ids": b"7:VII ", "periodids": b"VII:7 ",
    "repeats": b"repeats (1:VII) ", "colons": b"a:b ", "dots": b"1.", "hist": b"(historical date: ",
    "tabs": b"\t", "dashes": b"- ", "brackets": b"[", "braces": b"{",
}
CONTROL = [b"\x1b[2J", b"\x1b]0;t\x07", b"\x1b]52;c;eA==\x07", b"\x00", b"\x07", b"\x0b", b"\x0c", b"\x7f",
           "\u202e".encode(), "\u2066".encode(), "\u200f".encode(), "\ufeff".encode(), "\u2028".encode(),
           b"\xc2\x9b"]
OPS = ["run-insert", "run-line", "swap", "delete", "duplicate", "truncate-line", "truncate-byte", "bytes",
       "bytes-line", "crlf", "cr", "bom", "nul", "control", "bidi", "nest", "unclose", "colons", "lines-of-run"]


def flip_bytes(data: bytes, rnd: random.Random, most: int) -> bytes:
    out = bytearray(data)
    for _ in range(rnd.randint(1, most)):
        out[rnd.randrange(len(out))] = rnd.randrange(256)
    return bytes(out)


def damage(data: bytes, op: str, rnd: random.Random, run: bytes, size: int) -> bytes:
    """One kind of damage, as a person, an editor or a broken transfer does it."""
    lines = data.split(b"\n")
    i = rnd.randrange(len(lines))
    body = (run * (size // len(run) + 1))[:size]
    if op == "run-insert":
        cut = rnd.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:cut] + body + lines[i][cut:]
    elif op == "run-line":
        lines[i] = body
    elif op == "lines-of-run":
        lines[i:i] = [body[k:k + 80] for k in range(0, len(body), 80)]
    elif op == "swap":
        for _ in range(rnd.randint(1, 5)):
            a, b = rnd.randrange(len(lines)), rnd.randrange(len(lines))
            lines[a], lines[b] = lines[b], lines[a]
    elif op == "delete":
        for _ in range(rnd.randint(1, 5)):
            if len(lines) > 1:
                del lines[rnd.randrange(len(lines))]
    elif op == "duplicate":
        lines[i:i] = lines[i:i + rnd.randint(1, 30)] * rnd.randint(1, 5)
    elif op == "truncate-line":
        lines = lines[:i]
    elif op == "truncate-byte":
        return data[:rnd.randrange(len(data) + 1)]
    elif op == "bytes":
        return flip_bytes(data, rnd, 30)
    elif op == "bytes-line":
        lines.insert(i, bytes(rnd.randrange(256) for _ in range(40)))
    elif op == "crlf":
        return data.replace(b"\n", b"\r\n")
    elif op == "cr":
        return data.replace(b"\n", b"\r")
    elif op == "bom":
        return b"\xef\xbb\xbf" + data
    elif op == "nul":
        lines[i] += b"\x00"
    elif op in ("control", "bidi"):
        pool = CONTROL if op == "control" else CONTROL[4:9]
        for _ in range(rnd.randint(1, 10)):
            k = rnd.randrange(len(lines))
            cut = rnd.randrange(len(lines[k]) + 1)
            lines[k] = lines[k][:cut] + rnd.choice(pool) + lines[k][cut:]
    elif op == "nest":
        lines[i:i] = [b"  " * k + b"- a. nested" for k in range(rnd.randint(10, 400))]
    elif op == "unclose":
        k = next((j for j in range(i, len(lines)) if b")" in lines[j]), None)
        if k is not None:
            lines[k] = lines[k].replace(b")", b"", 1)
    elif op == "colons":
        return data.replace(b":", b"")
    return b"\n".join(lines)


@st.composite
def damaged(draw, sources: dict[str, bytes], max_size: int = 30_000):
    name = draw(st.sampled_from(sorted(sources)))
    op = draw(st.sampled_from(OPS))
    run = draw(st.sampled_from(sorted(RUNS)))
    size = draw(st.sampled_from([10, 1_000, 5_000, max_size]))
    seed = draw(st.integers(0, 2**32 - 1))
    return name, op, run, size, damage(sources[name], op, random.Random(seed), RUNS[run], size)


# The slowest input of the run is kept (its bytes written where RULEKB_FUZZ_SLOWEST says, or beside the temporary
# files), so a slow case found once — during Hypothesis' shrinking too — can be run again, not only timed.
SLOWEST: dict = {"s": 0.0, "what": None, "data": b""}


def _bound(start: float, limit: float, what, data: bytes = b"") -> None:
    """``start``: ``time.process_time()`` before the work. The bound is on this process's CPU time, not wall time,
    so a loaded machine does not fail a case that did no more work."""
    took = time.process_time() - start
    COUNTS["slowest_s"] = max(COUNTS["slowest_s"], round(took, 3))
    if took > SLOWEST["s"]:
        SLOWEST.update(s=took, what=what, data=data)
    assert took < limit, f"{what}: {took:.1f} s (bound {limit} s)"


def slowest_path() -> str:
    return os.environ.get("RULEKB_FUZZ_SLOWEST") or os.path.join(tempfile.gettempdir(), "rulekb-fuzz-slowest.bin")


def _parse(name: str, data: bytes):
    """Parse as ``check`` does, then lay out the entries as ``ingest`` would (its paths and YAML)."""
    try:
        text = decode_text(data, name)
        doc = parse_document(text, name, SEED_PERIODS.get(name, "VII") if not data.lstrip().startswith(b"PERIOD")
                             else None, game="eu")
    except ParseError as exc:
        assert exc.file == name and exc.message and "Traceback" not in exc.message
        COUNTS["errors"] += 1
        return ("error", exc.line, exc.message)
    try:
        return [dump_entry(e) for e in [*doc.events, *doc.rules, *doc.glossaries]]
    except UnsafePath as exc:  # e.g. a 1,000-letter heading made into an id: ingest refuses it, exit 2
        COUNTS["errors"] += 1
        return ("unsafe", exc.message)


@_settings(0.70)
@given(damaged(SEEDS))
def _fuzz_damaged_text_parses_or_reports(case):
    _bounded_and_deterministic("text", _parse, case, TEXT_BOUND_S)


def _bounded_and_deterministic(counter: str, fn, case, bound: float) -> None:
    name, how, run, size, data = case
    COUNTS[counter] += 1
    start = time.process_time()
    first = fn(name, data)
    _bound(start, bound, (name, how, run, size), data)
    assert fn(name, data) == first, "not deterministic"


YAML_EDITS = ["dup-key", "delete", "indent", "dedent", "value-run", "tab", "deep-flow", "deep-block", "anchor",
              "number", "id", "bytes", "crlf", "bom", "latin1", "truncate", "swap", "control"]


def yaml_edit(data: bytes, edit: str, rnd: random.Random, run: bytes, size: int) -> bytes:
    """A hand edit of a KB file, right or wrong."""
    lines = data.split(b"\n")
    i = rnd.randrange(len(lines))
    if edit == "dup-key":
        keyed = [k for k, ln in enumerate(lines) if b": " in ln]
        k = rnd.choice(keyed) if keyed else i
        lines.insert(k + 1, lines[k])
    elif edit == "delete":
        del lines[i]
    elif edit == "indent":
        lines[i] = b"  " + lines[i]
    elif edit == "dedent":
        lines[i] = lines[i].lstrip()
    elif edit == "value-run":
        key = lines[i].split(b":")[0] if b":" in lines[i] else b"x"
        lines[i] = key + b": " + (run * (size // len(run) + 1))[:size]
    elif edit == "tab":
        lines[i] = b"\t" + lines[i]
    elif edit == "deep-flow":
        n = rnd.choice([50, 150, 2_000, 50_000])
        lines.insert(i, b"deep: " + b"[" * n + b"]" * n)
    elif edit == "deep-block":
        n = rnd.choice([50, 150, 1_000])
        lines[i:i] = [b"  " * k + b"- " + b"k:" for k in range(n)]
    elif edit == "anchor":
        lines.insert(i, b"a: &x [1]\nb: *x")
    elif edit == "number":
        lines = [b"number: 99" if ln.startswith(b"number:") else ln for ln in lines]
    elif edit == "id":
        lines = [b'id: "../../x"' if ln.startswith(b"id:") else ln for ln in lines]
    elif edit == "bytes":
        return flip_bytes(data, rnd, 10)
    elif edit == "crlf":
        return data.replace(b"\n", b"\r\n")
    elif edit == "bom":
        return b"\xef\xbb\xbf" + data
    elif edit == "latin1":
        return data.replace(b"e", b"\xe9", 1)
    elif edit == "truncate":
        return data[:rnd.randrange(len(data) + 1)]
    elif edit == "swap":
        j = rnd.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif edit == "control":
        lines[i] += rnd.choice(CONTROL)
    return b"\n".join(lines)


@st.composite
def edited(draw):
    name = draw(st.sampled_from(sorted(YAML_SOURCES)))
    edit = draw(st.sampled_from(YAML_EDITS))
    run = draw(st.sampled_from(sorted(RUNS)))
    size = draw(st.sampled_from([10, 1_000, 20_000, 40_000]))
    seed = draw(st.integers(0, 2**32 - 1))
    return name, edit, run, size, yaml_edit(YAML_SOURCES[name], edit, random.Random(seed), RUNS[run], size)


def _kind(name: str) -> str:
    from checker.kb.store import schema_kind_for

    return schema_kind_for(name) or "rule"


def _load(name: str, data: bytes):
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return ("not utf-8",)
    try:
        obj = loads(text, name)
    except YamlError as exc:
        assert exc.file == name and exc.message and exc.rule in ("SCH001", "SCH002")
        COUNTS["errors"] += 1
        return ("error", exc.line, exc.message)
    found = validate(obj, _kind(name), str(KB), name, text)
    for f in found:
        assert f.rule == "SCH001" and f.file == name and f.message
    return [(f.line, f.message) for f in found]


@_settings(0.26)
@given(edited())
def _fuzz_yaml_hand_edit_loads_or_reports(case):
    _bounded_and_deterministic("yaml", _load, case, YAML_BOUND_S)


def _check(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


@_settings(0.03)
@given(damaged({k: v for k, v in SEEDS.items() if k.startswith(("000", "001"))}, max_size=200_000))
def _fuzz_check_damaged_text(tmp_path_factory, case):
    """The whole check of a damaged text in the bundled KB's context: exit 0/1/2/3, no traceback, bounded,
    the same output twice."""
    name, op, run, size, data = case
    COUNTS["cli"] += 1
    path = tmp_path_factory.mktemp("fuzz") / name
    path.write_bytes(data)
    argv = ["check", "--kb", str(KB), "--format", "json", str(path)]
    if not data.lstrip().startswith(b"PERIOD"):
        argv[1:1] = ["--period", "VII"]
    start = time.process_time()
    code, out, err = _check(argv)
    _bound(start, CLI_BOUND_S, (name, op, run, size), data)
    assert code in (0, 1, 2, 3), (code, err[-300:])
    assert "Traceback" not in err and "internal error" not in err, err[-1000:]
    if code in (0, 1, 3):
        json.loads(out)
    assert _check(argv)[:2] == (code, out), "not deterministic"


@_settings(0.01)
@given(edited())
def _fuzz_check_hand_edited_kb(tmp_path_factory, case):
    """``rulekb check`` of a KB with one hand-edited file: exit 0/1/2/3, no traceback, bounded."""
    name, edit, run, size, data = case
    COUNTS["kb-edit"] += 1
    root = tmp_path_factory.mktemp("kb") / "kb"
    shutil.copytree(KB, root)
    (root / name).write_bytes(data)
    start = time.process_time()
    code, _out, err = _check(["check", "--kb", str(root), "--format", "json"])
    _bound(start, CLI_BOUND_S, (name, edit, run, size), data)
    assert code in (0, 1, 2, 3), (code, err[-300:])
    assert "Traceback" not in err and "internal error" not in err, err[-1000:]


@pytest.fixture(scope="module", autouse=True)
def _keep_slowest():
    """After this module's fuzzers (on this worker): the slowest case's input is written out, so it can be run
    again."""
    yield
    if SLOWEST["what"] is not None:
        with open(slowest_path(), "wb") as fh:
            fh.write(SLOWEST["data"])
        print(f"\nslowest case: {SLOWEST['what']} {SLOWEST['s']:.2f} s, its input kept in {slowest_path()}")


def test_fuzz_damaged_text_parses_or_reports(capsys):
    """Damaged texts parse or raise ParseError, bounded and deterministic (70 % of the cases)."""
    run_counted(_fuzz_damaged_text_parses_or_reports, COUNTS, "text", 5, capsys)


def test_fuzz_yaml_hand_edit_loads_or_reports(capsys):
    """Hand-edited KB files load and validate or report SCH001/SCH002, bounded and deterministic (26 %)."""
    run_counted(_fuzz_yaml_hand_edit_loads_or_reports, COUNTS, "yaml", 5, capsys)


@pytest.fixture(scope="module")
def _warm() -> None:
    """One check (per worker) of each undamaged seed the cases damage, before the timed cases: the one-time work of a process
    (the grammars built, the grammar checker started, each sentence form parsed once) is no work on a case's input,
    and is not charged to the first cases, which under xdist's load on a small machine took 16–24 s of CPU where a
    warm case takes about 5 s."""
    for seed in seed_files():
        if seed.name.startswith(("000", "001")):
            period = [] if seed.read_bytes().lstrip().startswith(b"PERIOD") else ["--period", "VII"]
            _check(["check", "--kb", str(KB), "--format", "json", *period, str(seed)])


def test_fuzz_check_damaged_text(tmp_path_factory, capsys, _warm):
    """The whole check of a damaged text: exit 0/1/2/3, no traceback, bounded, the same output twice (3 %)."""
    run_counted(_fuzz_check_damaged_text, COUNTS, "cli", 1, capsys, tmp_path_factory=tmp_path_factory)


def test_fuzz_check_hand_edited_kb(tmp_path_factory, capsys, _warm):
    """The whole check of a KB with one hand-edited file: exit 0/1/2/3, no traceback, bounded (1 %)."""
    run_counted(_fuzz_check_hand_edited_kb, COUNTS, "kb-edit", 1, capsys, tmp_path_factory=tmp_path_factory)
