"""Issue 16: a fuzz over argument vectors. Random subcommands, options and values, drawn from valid and invalid
sets (and random text), run through ``main``: never a traceback, never an internal error, exit codes only 0/1/2/3.

The CI-sized run is the default (``RULEKB_FUZZ_EXAMPLES``, 40 argument vectors). A large run:

    RULEKB_FUZZ_EXAMPLES=2000 .venv/bin/python -m pytest tests/test_cli_fuzz.py -q -s

prints how many argument vectors ran and how many ended in each exit code. Every run works in a temporary folder
holding a copy of the bundled KB (found from the current folder, so that writes land in the copy).
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
from collections import Counter

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker.cli import main

from .conftest import KB, REPO, SEEDS
from .fuzzruns import run_counted

pytestmark = pytest.mark.slow  # not in the fast tier (issue 34): a hypothesis fuzz over argument vectors

EXAMPLES = int(os.environ.get("RULEKB_FUZZ_EXAMPLES", "40"))
COUNTS: Counter = Counter()
SEED_TEXTS = sorted(str(p) for p in SEEDS.glob("*.txt"))

IDS = ["8:VII", "vii:8", "VII:8", "7:IV", "iv:7", "1:VII", "99:VII", "8:XX", "8:VIII", "abc", "", "8:", ":VII",
       "0:VII", "-1:VII", "８:VII", "pop-16.1", "POP-16.1", "glossary"]
PERIODS = ["VII", "vii", "IV", "iv", "7", "XX", "", "VIII", "000_81b98fbe5e52caea.txt=VII", "nope.txt=VII",
           "=VII", "VII=", "001_7c112c9c7645b661.txt=vii"]
CODES = ["REF001", "ref001", "REF", "logic", "Logic", "LOG003", "log003", "NOPE", "", ",", "REF001,sty",
         "schema,structure", "REF01", "x" * 60]
NUMBERS = ["1", "3", "50", "0", "-3", "x", "1e9", "nan", "inf", "0.5", "", "99999999999999999999"]
SECONDS = ["0.5", "1", "2", "0", "-1", "x", "nan", "inf", "1e-9", ""]
MINORS = ["Bulgaria", "rumania", "RUMANIA", "Greece", "hungary", "Narnia", "", "Bulgaria ", "Yugoslavia"]
FORMATS = ["text", "json", "sarif", "github", "xml", ""]
GAMES = ["eu", "EU", "pop", "awaw", "xyz", ""]


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    """A folder with a copy of the KB as ./kb, and files to name: texts, decks, logs, garbage."""
    root = tmp_path_factory.mktemp("fuzz")
    shutil.copytree(KB, root / "kb")
    (root / "garbage.bin").write_bytes(b"\xff\xfe\x00\x81garbage\n" * 10)
    (root / "empty.txt").write_text("", encoding="utf-8")
    (root / "log.yaml").write_text("log:\n  - {turn: 1, event: 7:VII, outcome: fired}\n", encoding="utf-8")
    (root / "notalist.yaml").write_text("log: 5\n", encoding="utf-8")
    (root / "broken.yaml").write_text("a: [b\n", encoding="utf-8")
    (root / "words.yaml").write_text("just some words\n", encoding="utf-8")
    deck = yaml.safe_load((REPO / "examples" / "pop-deck.yaml").read_text(encoding="utf-8"))
    (root / "deck.yaml").write_text(yaml.safe_dump(deck), encoding="utf-8")
    for cards in deck["ages"].values():
        for i, c in enumerate(cards):
            c["placed"] = "1" if i % 2 else "2"
    (root / "placed-deck.yaml").write_text(yaml.safe_dump(deck), encoding="utf-8")
    deck["ages"]["I"][0]["id"] = "XYZ-9"
    deck["players"] = "four"
    (root / "bad-deck.yaml").write_text(yaml.safe_dump(deck), encoding="utf-8")
    (root / "texts").mkdir()
    shutil.copy(SEEDS / "001_7c112c9c7645b661.txt", root / "texts")
    return root


PATHS = ["garbage.bin", "empty.txt", "log.yaml", "notalist.yaml", "broken.yaml", "deck.yaml", "placed-deck.yaml",
         "bad-deck.yaml", "texts", "kb", "kb/events", "kb/events/eu/vii/08.yaml", "nope.txt", "", "-", "/",
         *SEED_TEXTS]


def opt(name: str, values) -> st.SearchStrategy:
    return st.sampled_from(values).map(lambda v: [name, v])


def flag(name: str) -> st.SearchStrategy:
    return st.just([name])


def noise() -> st.SearchStrategy:
    return st.one_of(st.text(max_size=12).map(lambda t: [t]), st.sampled_from([["--bogus"], ["-x"], ["--"],
                                                                                ["--kb"], ["--help"]]))


def command(name: str, positional: st.SearchStrategy, options: list[st.SearchStrategy]) -> st.SearchStrategy:
    """``name``, its positional values, up to five options, and now and then (one time in four) a piece of noise
    or a --kb that is not a knowledge base: most vectors get past the parser and run the command."""
    pieces = st.lists(st.one_of(*options), max_size=5) if options else st.just([])
    extra = st.one_of(st.just([]), st.just([]), st.just([]), st.one_of(
        noise(), opt("--kb", ["kb", "nope", "garbage.bin", "texts", "kb/games"])))

    def build(parts):
        pos, opts, more = parts
        out = [name, *pos]
        for o in opts:
            out.extend(o)
        return out + more
    return st.tuples(positional, pieces, extra).map(build)


GOOD_IDS = ["8:VII", "vii:8", "VII:8", "7:IV", "iv:7", "1:VII"]
VALID = st.one_of(  # only valid values: the commands' real work, under random combinations
    command("check", st.lists(st.sampled_from([SEED_TEXTS[1], "deck.yaml", "texts", "kb/events/eu/vii/08.yaml"]),
                              max_size=2),
            [opt("--format", ["text", "json", "sarif", "github"]), flag("--strict"), flag("--show-accepted"),
             opt("--select", ["REF", "logic", "sty001,Style"]), opt("--ignore", ["info", "STY002", "naming"])]),
    command("render", st.lists(st.sampled_from(GOOD_IDS), min_size=1, max_size=1), []),
    command("order", st.sampled_from(GOOD_IDS).map(lambda i: ["--goal", i, "--time-limit", "2"]),
            [opt("--avoid", GOOD_IDS[3:]), opt("--max-turns", ["1", "5", "50"]), opt("--format", ["text", "json"])]),
    command("order", st.lists(st.sampled_from(GOOD_IDS), min_size=1, max_size=3).map(
        lambda ids: ["--count", *ids, "--time-limit", "2"]), [opt("--limit", ["1", "100"])]),
    command("dispute", st.sampled_from([["Bulgaria", "rumania"], ["HUNGARY", "Rumania"], ["greece", "Turkey"]]),
            [opt("--occupied", ["Rumania"]), opt("--russia-barred", ["Bulgaria"]), opt("--format", ["text", "json"])]),
    command("deck", st.sampled_from([["deck.yaml"], ["placed-deck.yaml"], ["bad-deck.yaml"]]),
            [opt("--format", ["text", "json"])]),
    command("rules", st.lists(st.sampled_from(["ref001", "LOG003", "dck005", "sty002"]), max_size=1), []),
)
ARGV = st.one_of(
    VALID,
    command("check", st.lists(st.sampled_from(PATHS), max_size=3),
            [opt("--format", FORMATS), opt("--period", PERIODS), flag("--strict"), opt("--select", CODES),
             opt("--ignore", CODES), flag("--show-accepted"), opt("-o", ["out.txt", "garbage.bin/x.txt", "kb", ""]),
             opt("--baseline", ["nope.json", "garbage.bin", "log.yaml"]), opt("--diff-from", ["HEAD", "nope"])]),
    command("rules", st.lists(st.sampled_from(CODES), max_size=2), []),
    command("render", st.lists(st.sampled_from(IDS), max_size=2),
            [opt("--source", [*SEED_TEXTS, "000_81b98fbe5e52caea.txt", "nope.txt", "", "texts"])]),
    command("ingest", st.lists(st.sampled_from(PATHS), max_size=3),
            [opt("--period", PERIODS), flag("--force")]),
    command("order", st.just([]),
            [opt("--goal", IDS), opt("--check", ["log.yaml", "notalist.yaml", "broken.yaml", "garbage.bin",
                                                 "nope.yaml", "texts"]),
             st.lists(st.sampled_from(IDS), min_size=0, max_size=3).map(lambda ids: ["--count", *ids]),
             opt("--avoid", IDS), opt("--max-turns", NUMBERS), opt("--limit", NUMBERS),
             opt("--time-limit", SECONDS), opt("--format", FORMATS)]),
    command("explain", st.lists(st.sampled_from(IDS), max_size=1), [opt("--time-limit", SECONDS)]),
    command("gazetteer", st.just([]), [opt("--game", GAMES), flag("--write")]),
    command("deck", st.lists(st.sampled_from(["deck.yaml", "placed-deck.yaml", "bad-deck.yaml", "broken.yaml",
                                              "garbage.bin", "words.yaml", "nope.yaml", "texts",
                                              *SEED_TEXTS[:2]]), max_size=2),
            [flag("--check-layout"), opt("--time-limit", SECONDS), opt("--format", FORMATS)]),
    command("dispute", st.lists(st.sampled_from(MINORS), max_size=3),
            [opt("--occupied", MINORS), opt("--russia-barred", MINORS), opt("--format", FORMATS)]),
    command("site", st.just(["--no-build"]), [opt("--docs", ["docs-out", "garbage.bin/docs", "garbage.bin"])]),
    st.lists(st.text(max_size=10), max_size=4),
    st.lists(st.sampled_from(["check", "order", "--goal", "8:VII", "--kb", "kb", "--format", "json", "-h",
                              "--version", "rules", "deck", "dispute"]), max_size=6),
)


def _repo_state() -> dict:
    """The bundled KB and the build folders of this checkout: the fuzz must write none of them."""
    watched = [REPO / "kb", REPO / "site" / "docs_gen", REPO / "site_build"]
    return {str(p): p.stat().st_mtime_ns for w in watched if w.exists() for p in [w, *w.rglob("*")]}


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


@settings(max_examples=EXAMPLES, deadline=None, derandomize=EXAMPLES <= 100,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
@given(argv=ARGV)
def _fuzz_argument_vectors(argv, workdir):
    here = os.getcwd()
    os.chdir(workdir)
    try:
        code, out, err = _run(argv)
    finally:
        os.chdir(here)
    COUNTS["argv"] += 1
    COUNTS[f"exit {code}"] += 1
    assert code in (0, 1, 2, 3), (argv, code, err[-2000:])
    assert "Traceback" not in out + err and "internal error" not in err, (argv, err[-3000:])
    if code == 2 and argv and argv[0] in ("check", "order", "deck", "dispute", "ingest", "render", "gazetteer"):
        assert err.strip(), (argv, "exit 2 without a message")


@pytest.fixture(scope="module", autouse=True)
def _repo_untouched():
    before = _repo_state()
    yield
    assert _repo_state() == before, "the fuzz wrote into this checkout"


def test_argument_vectors_never_crash(workdir, capsys):
    """The fuzz, and in the same test how many argument vectors ran and how they ended (printed)."""
    run_counted(_fuzz_argument_vectors, COUNTS, "argv", min(EXAMPLES, 20), capsys, workdir=workdir)
