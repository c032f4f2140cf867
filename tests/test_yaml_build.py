"""The KB's YAML values are built from the composed nodes by ``checker/_fast/yaml_build.py`` instead of PyYAML's safe
constructor (which cost as much as parsing). It must build exactly what the loader builds: these tests compare
the two on every bundled file, on hypothesis-made documents, and on the odd corners of YAML (merge keys, tags,
keys that are not strings, keys written twice, numbers out of range)."""

from __future__ import annotations

import datetime
import os
import re

import pytest
import yaml
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from checker._fast import yaml_build
from checker.kb import yamlio
from checker.kb.yamlio import YamlError, loads

pytestmark = pytest.mark.slow  # not in the fast tier (issue 34): each bundled YAML file built twice


def _reference(text: str):
    """What the loader itself builds (PyYAML's safe constructor with rulekb's rules): the value, or the error."""
    original = yamlio._load
    yamlio._load = lambda t: yaml.load(t, Loader=yamlio._KBLoader)
    try:
        return _outcome(text)
    finally:
        yamlio._load = original


def _outcome(text: str):
    try:
        return ("value", loads(text, "f.yaml"))
    except YamlError as exc:
        return ("error", str(exc))


def _same(text: str) -> None:
    fast, ref = _outcome(text), _reference(text)
    assert fast == ref, text
    if fast[0] == "value":  # equal and of the same types (True == 1, 1 == 1.0 in Python)
        assert _types(fast[1]) == _types(ref[1]), text


def _types(value):
    if isinstance(value, dict):
        return {k: _types(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_types(v) for v in value]
    return type(value).__name__


def test_every_bundled_file_is_built_as_the_loader_builds_it():
    root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "kb")
    n = 0
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            if name.endswith(".yaml"):
                with open(os.path.join(dirpath, name), encoding="utf-8") as fh:
                    _same(fh.read())
                n += 1
    assert n > 100


CORNERS = [
    "",
    "# only a comment\n",
    "a: 1\nb: [1, 2.5, true, null, ~, 'x', 2026-11-25]\nc: {d: e}\n",
    "a: 2026-11-25 10:00:00\nb: 0x1F\nc: 0o17\nd: 1_000\ne: .inf\nf: -.nan\ng: yes\nh: 'yes'\n",
    "base: &b {x: 1}\n",  # an anchor: refused before anything is built
    "? [a, b]\n: c\n",  # a list as a key: unhashable
    "1: one\n2: two\n",  # numbers as keys
    "true: t\nnull: n\n",
    "<<: {a: 1}\nb: 2\n",  # a merge key
    "a: !!set {x, y}\n",
    "a: !!binary aGVsbG8=\n",
    "a: !!omap [x: 1, y: 2]\n",
    "a: !!str 12\nb: !!int '12'\nc: !!float '1'\n",
    "a: !custom x\n",  # an unknown tag
    "a: !!python/object:os.system x\n",
    "a: !!seq x\n",
    "a: !!map [1]\n",
    "=: x\n",
    "a: 1\na: 2\n",  # a key written twice
    "a:\n  b: 1\n  c: 2\n  b: 3\n",
    "a: 1\nb: {c: 1, c: 2}\na: 3\n",
    "a: 99999999999999999999\n",
    "a: 999999999999999\nb: 1000000000000000\nc: 0\nd: 00\ne: 012\nf: 08\ng: 1_0\nh: +5\ni: 1:30\nj: 0b11\n",
    "a: 2026-02-30\n",
    "a: [1, 2\n",
    "- a\n- b: [c, {d: e}]\n",
    "a: 'x'\n---\nb: y\n",
    "'a': 1\n\"b\": 2\n? c\n: 3\n",
    "a: |\n  two\n  lines\nb: >-\n  folded\n  text\n",
]


@pytest.mark.parametrize("text", CORNERS)
def test_odd_corners_are_built_or_refused_as_the_loader_does(text):
    _same(text)


_scalars = (st.none() | st.booleans() | st.integers(-10**16, 10**16) | st.floats(allow_nan=False)
            | st.text(max_size=12) | st.dates(min_value=datetime.date(1, 1, 1)))
_keys = st.text(max_size=6) | st.integers(-5, 5) | st.booleans()
_values = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=4)
                       | st.dictionaries(_keys, inner, max_size=4), max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(_values, st.booleans(), st.sampled_from([None, "'", '"']))
def test_documents_are_built_as_the_loader_builds_them(value, flow, quote):
    text = yaml.safe_dump(value, default_flow_style=flow, default_style=quote, allow_unicode=True)
    _same(text)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["a: 1\n", "a: 2\n", "b:\n  c: x\n", "b:\n  c: y\n  c: z\n", "d: [1, 2]\n",
                                 "e: !!set {q}\n", "f: 2026-01-01\n", "<<: {g: 1}\n", "1: x\n", "h: 1e400\n"]),
                max_size=6))
def test_pieced_documents_with_duplicates_and_tags_agree(pieces):
    """Documents pieced from lines that repeat keys, use tags, merge keys and number keys: the same value, or the
    same error as the loader (of several faults, the same one first)."""
    _same("".join(pieces))


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=12) | st.sampled_from(["", "~", "null", "Null", "true", "yes", "No", "on", "0x1f", "0o7",
                                               "1_000", "-1.5e3", ".inf", "-.NaN", "2026-11-25", "2026-11-25 10:00",
                                               "<<", "=", "0b101", "1:30", "+12", "-"]),
       st.booleans(), st.booleans())
def test_the_fast_resolver_gives_the_loaders_tags(value, plain, quoted):
    """The fast loader's ``resolve`` (a tuple per first character, short plain scalars remembered) against
    PyYAML's own Resolver.resolve, asked twice: the second answer comes from what the first remembered."""
    loader = yaml_build.fast_loader(yamlio._KBLoader)("")
    try:
        for kind in (yaml.ScalarNode, yaml.SequenceNode, yaml.MappingNode):
            implicit = (plain, quoted) if kind is yaml.ScalarNode else plain
            expected = yaml.resolver.Resolver.resolve(loader, kind, value, implicit)
            assert loader.resolve(kind, value, implicit) == expected
            assert loader.resolve(kind, value, implicit) == expected
    finally:
        loader.dispose()


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**16).map(str) | st.from_regex(r"\A[+-]?(0|[0-9_]{1,17}|0x[0-9a-f]{1,4}|0b[01]{1,5}|0[0-7]{1,5})\Z"))
def test_plain_decimals_read_as_pyyaml_reads_them(value):
    """construct_yaml_int's shortcut for plain decimals gives PyYAML's number, and the limit still holds."""
    node = yaml.ScalarNode("tag:yaml.org,2002:int", value)
    loader = yamlio._KBLoader("")
    try:
        assume(loader.resolve(yaml.ScalarNode, value, (True, False)) == "tag:yaml.org,2002:int")  # as in a file
        try:
            expected = yaml.constructor.SafeConstructor.construct_yaml_int(loader, node)
        except ValueError:
            expected = None
        try:
            got = loader.construct_yaml_int(node)
        except yaml.constructor.ConstructorError:
            assert expected is None or abs(expected) >= yamlio.MAX_YAML_INT
        else:
            assert got == expected and abs(got) < yamlio.MAX_YAML_INT
    finally:
        loader.dispose()


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="&* \t\n\r\x0b\x0c\x85\xa0:,[{-]}'\"ab(*)\u2028", max_size=30))
def test_the_alias_scan_finds_what_the_pattern_finds(text):
    pattern = re.compile(r"(?:^|[\s:,\[{-])[&*][^\s,\]}'\"]", re.MULTILINE)  # the scan's first form, as a regex
    assert yamlio._may_hold_alias(text) == bool(pattern.search(text))


# --- the shape check's cheap bound and the file reader ---------------------------------------------------------

_PREFIX_REFERENCE = re.compile(r"^[ \t?-]*", re.MULTILINE)


def _first_bound_within_limit(text: str) -> bool:
    """The depth bound as first written: the longest prefix of every line, measured."""
    longest = max(map(len, _PREFIX_REFERENCE.findall(text)))
    return 2 * longest + 4 + text.count("[") + text.count("{") <= yamlio.MAX_YAML_DEPTH


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.text(" \t?-", max_size=60), st.text("ab:[{\r", max_size=8)), min_size=1, max_size=8),
       st.integers(0, 110))
def test_the_depth_bound_finds_a_long_prefix_as_measuring_every_line_did(lines, brackets):
    """``_check_shape`` looks for one line prefix long enough to break the bound instead of measuring every
    line's: the two must let exactly the same texts through without the exact measure (the parser's events)."""
    text = "\n".join(p + rest for p, rest in lines) + "[" * brackets

    class Measured(Exception):
        pass

    def parse(*args, **kwargs):
        raise Measured

    real = yamlio.yaml.parse
    yamlio.yaml.parse = parse
    try:
        yamlio._check_shape(text, "f.yaml")
        measured = False
    except Measured:
        measured = True
    finally:
        yamlio.yaml.parse = real
    assert measured == (not _first_bound_within_limit(text))


def test_a_file_is_read_whole_and_a_file_over_the_limit_is_seen(tmp_path):
    """The reader asks for the size fstat gives and reads on to the end: a file is read whole, and one over
    the limit is read to one byte past it, so that it is refused (and never more than that)."""
    small, big = tmp_path / "a.yaml", tmp_path / "b.yaml"
    small.write_bytes(b"id: x\n" * 1000)
    big.write_bytes(b"x" * 5000)
    assert yamlio.read_regular(str(small), "a.yaml", 10_000) == small.read_bytes()
    assert yamlio.read_regular(str(big), "b.yaml", 4096) == b"x" * 4097
    empty = tmp_path / "c.yaml"
    empty.write_bytes(b"")
    assert yamlio.read_regular(str(empty), "c.yaml", 10) == b""


def test_a_file_that_grows_after_fstat_is_read_to_its_end(tmp_path, monkeypatch):
    """fstat's size is only where reading starts: a file longer than it said is still read to its end."""
    path = tmp_path / "a.yaml"
    path.write_bytes(b"y" * 3000)
    real_fstat = os.fstat

    class Shrunk:
        def __init__(self, info):
            self.st_mode, self.st_size = info.st_mode, 10

    monkeypatch.setattr(yamlio.os, "fstat", lambda fd: Shrunk(real_fstat(fd)))
    assert yamlio.read_regular(str(path), "a.yaml", 10_000) == b"y" * 3000
