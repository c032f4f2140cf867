"""A word that is neither English nor part of the game's vocabulary: a likely misspelling.

Why: misspellings ("randomnly", "notwitstanding", "succesfull") make a rule text look careless and make search
miss it. The English dictionary is the one shipped in the ``pyspellchecker`` package; the game vocabulary is
built from the KB itself (gazetteer names, country codes, glossary terms, the profile's abbreviations and its
``facts.vocabulary``), so game terms are not flagged. Only lower-case words of four letters or more are checked:
capitalised words are names. Each word is reported once, with every entry that uses it.

Fails::

    1. Place one revolt- and one revolt+ in two randomnly chosen COL/TPs

Passes::

    1. Place one revolt- and one revolt+ in two randomly chosen COL/TPs

Fix the spelling, or add a game term to ``facts.vocabulary`` of ``kb/games/<game>.yaml``.
"""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from collections import defaultdict

from . import all_texts

CODE = "STY002"
NAME = "spelling"
CATEGORY = "style"
SEVERITY = "info"

_WORD = re.compile(r"(?<![\w'’-])([a-zäöüéè]{4,})(?![\w'’])")


def vocabulary(ctx) -> set[str]:
    words: set[str] = set()
    for game in ctx.kb.games.values():
        facts = game.get("facts", {})
        words.update(w.lower() for w in facts.get("abbreviations", []))
        words.update(w.lower() for w in facts.get("vocabulary", []))
        words.update(c["code"].lower() for c in game.get("countries", []))
    for gaz in ctx.kb.gazetteers.values():
        for ent in gaz.get("entities", []):
            words.update(w.lower() for w in re.findall(r"\w+", ent["name"]))
            words.update(a.lower() for a in ent.get("aliases", []))
    for glossary in ctx.kb.glossaries.values():
        for term in glossary.terms:
            words.update(w.lower() for w in re.findall(r"\w+", term.term))
    return words


_LETTERS = "abcdefghijklmnopqrstuvwxyz"


@lru_cache(maxsize=1)
def english_words() -> dict[str, int]:
    """pyspellchecker's English word frequencies. Parsing its gzipped JSON takes about 0.25 s; a marshal copy in
    rulekb's cache folder (``checker/cache.py``) loads in about 0.05 s (marshal: plain data only, no code runs
    on loading)."""
    import marshal

    import spellchecker

    from ...cache import read_cached, write_cached

    name = f"english-{getattr(spellchecker, '__version__', '0')}.marshal"
    data = read_cached(name)
    if data is not None:
        try:
            words = marshal.loads(data)
            if isinstance(words, dict) and words:
                return words
        except (EOFError, ValueError, TypeError):
            pass  # a damaged cache file is rebuilt below
    words = dict(spellchecker.SpellChecker(distance=1).word_frequency.dictionary)
    write_cached(name, marshal.dumps(words))
    return words


def suggestion(word: str, words: dict[str, int]) -> str | None:
    """The most frequent known word one edit away (pyspellchecker's method at distance 1)."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    edits = {a + b[1:] for a, b in splits if b}
    edits |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    edits |= {a + c + b[1:] for a, b in splits if b for c in _LETTERS}
    edits |= {a + c + b for a, b in splits for c in _LETTERS}
    known = [w for w in edits if w in words]
    return max(known, key=lambda w: (words[w], w)) if known else None


def check(ctx):
    mod = sys.modules[__name__]
    words = english_words()
    known = vocabulary(ctx)
    places: dict[str, list[tuple[str, int]]] = defaultdict(list)
    for entry, line, text in all_texts(ctx):
        for m in _WORD.finditer(text):
            places[m.group(1)].append((entry, line))
    unknown = [w for w in places if w not in known and w not in words]
    for word in sorted(unknown):
        uses = [u for u in places[word] if ctx.wants(u[0])] or places[word]
        entry, line = uses[0]
        if not ctx.wants(entry):
            continue  # not reported in this run: skip the (slow) suggestion
        entries = list(dict.fromkeys(e for e, _ in places[word]))  # KB order, first use first
        entries.remove(entry)
        entries.insert(0, entry)
        better = suggestion(word, words)
        hint = f" (did you mean '{better}'?)" if better and better != word else ""
        more = f"; also in {', '.join(entries[1:6])}{'…' if len(entries) > 6 else ''}" if len(entries) > 1 else ""
        yield ctx.finding(mod, entry, line, f"'{word}' is not in the dictionary or the game vocabulary{hint}{more}")
