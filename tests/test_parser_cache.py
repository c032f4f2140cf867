"""The reader's parse tables kept in the cache folder (checker/logic/reader/grammar.py, ``_cached_lark``).

A parser loaded from the cache reads every bundled sentence exactly as a parser built from the grammar; a
missing, damaged or forged entry is rebuilt and never trusted; another vocabulary is another entry.
"""

from __future__ import annotations

import os

import pytest
from lark import Lark

import checker.kb.cachedir as cache_mod
from checker.kb.store import load_kb
from checker.logic.reader import grammar

from .conftest import KB

pytestmark = pytest.mark.slow  # not in the fast tier (issue 34): parser tables built and rebuilt


@pytest.fixture(autouse=True)
def _fresh_parsers():
    """Parsers are kept per process (``functools.lru_cache``): each test starts and ends without them."""
    grammar._parser.cache_clear()
    yield
    grammar._parser.cache_clear()


def _entries(folder) -> list[str]:
    return sorted(n for n in os.listdir(folder) if n.startswith("parser-")) if os.path.isdir(folder) else []


def _sentences() -> list[str]:
    kb = load_kb(str(KB)).kb
    return [c.text for e in kb.events.values() if e.game == "eu" for c in e.all_clauses() if c.text.strip()]


def _reading(p: Lark, text: str):
    try:
        return p.parse(text)
    except Exception as exc:  # noqa: BLE001 - a sentence the grammar refuses: compare how it is refused
        return (type(exc).__name__, getattr(exc, "column", None))


def test_cached_tables_read_every_bundled_sentence_as_the_grammar_does(cache_env, monkeypatch):
    vocab = grammar.default_vocabulary("eu")
    first = grammar.parser(vocab)  # built, and its tables written
    assert len(_entries(cache_env)) == 1
    grammar._parser.cache_clear()
    loaded = grammar.parser(vocab)  # from the cache entry
    assert loaded is not first
    monkeypatch.setenv("RULEKB_NO_CACHE", "1")
    grammar._parser.cache_clear()
    fresh = grammar.parser(vocab)  # from the grammar, no cache at all
    sentences = _sentences()
    assert len(sentences) > 300
    for text in sentences:
        assert _reading(loaded, text) == _reading(fresh, text), text


def test_a_damaged_or_forged_entry_is_rebuilt(cache_env, monkeypatch):
    vocab = grammar.default_vocabulary("eu")
    grammar.parser(vocab)
    [name] = _entries(cache_env)
    path = cache_env / name
    good = path.read_bytes()
    sentence = "Cannot occur before event 4:VII has occurred"
    expected = _reading(grammar.parser(vocab), sentence)
    calls = []
    real = Lark.__init__

    def counting(self, *a, **kw):
        calls.append(1)
        return real(self, *a, **kw)

    monkeypatch.setattr(Lark, "__init__", counting)
    for damaged in (good[:-100], good[:40] + bytes(len(good) - 40), b"not a cache entry"):
        path.write_bytes(damaged)
        grammar._parser.cache_clear()
        calls.clear()
        assert _reading(grammar.parser(vocab), sentence) == expected
        assert calls, "a damaged entry was believed instead of building the parser again"
        assert cache_mod.read_cached(name) is not None  # rewritten as an entry of ours
    # forged: plain data another user wrote, without this user's key
    import marshal

    path.write_bytes(b"RKBCACHE1\n" + bytes(32) + marshal.dumps({"data": {}, "memo": {}}))
    grammar._parser.cache_clear()
    calls.clear()
    assert _reading(grammar.parser(vocab), sentence) == expected
    assert calls


def test_another_vocabulary_is_another_entry(cache_env):
    eu = grammar.default_vocabulary("eu")
    other = grammar.Vocabulary(codes=("AA", "BB"), periods=("Early", "Late"), forms="eu")
    grammar.parser(eu)
    grammar.parser(other)
    assert len(_entries(cache_env)) == 2
    grammar._parser.cache_clear()
    assert grammar.parser(other).parse("Cannot occur before event 3:Early has occurred")


def test_no_entry_without_the_cache(cache_env, monkeypatch):
    monkeypatch.setenv("RULEKB_NO_CACHE", "1")
    grammar.parser(grammar.default_vocabulary("eu"))
    assert _entries(cache_env) == []
