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


@lru_cache(maxsize=1)
def _checker():
    """The English dictionary loads once per process (about 0.15 s)."""
    from spellchecker import SpellChecker

    return SpellChecker(distance=1)


def check(ctx):
    mod = sys.modules[__name__]
    spell = _checker()
    known = vocabulary(ctx)
    places: dict[str, list[tuple[str, int]]] = defaultdict(list)
    for entry, line, text in all_texts(ctx):
        for m in _WORD.finditer(text):
            places[m.group(1)].append((entry, line))
    candidates = [w for w in places if w not in known]
    unknown = spell.unknown(candidates)
    for word in sorted(unknown):
        uses = [u for u in places[word] if ctx.wants(u[0])] or places[word]
        entry, line = uses[0]
        if not ctx.wants(entry):
            continue  # not reported in this run: skip the (slow) suggestion
        entries = list(dict.fromkeys(e for e, _ in places[word]))  # KB order, first use first
        entries.remove(entry)
        entries.insert(0, entry)
        suggestion = spell.correction(word)
        hint = f" (did you mean '{suggestion}'?)" if suggestion and suggestion != word else ""
        more = f"; also in {', '.join(entries[1:6])}{'…' if len(entries) > 6 else ''}" if len(entries) > 1 else ""
        yield ctx.finding(mod, entry, line, f"'{word}' is not in the dictionary or the game vocabulary{hint}{more}")
