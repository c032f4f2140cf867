"""A word that is neither English nor part of the game's vocabulary: a likely misspelling.

Why: misspellings ("randomnly", "notwitstanding", "succesfull") make a rule text look careless and make search
miss it. The English dictionary is the one shipped in the ``pyspellchecker`` package; the game vocabulary is
built from the KB itself (gazetteer names, country codes, glossary terms, the profile's abbreviations and its
``facts.vocabulary``, ``facts.names`` and ``facts.regions``, each citing its seed line), so game terms are not flagged. Words of four letters or more are checked: lower-case words,
capitalised words (``Choise``; checked against the gazetteer, glossary, vocabulary and dictionary together, so a
name the gazetteer knows passes) and each part of a hyphenated word (``revolt-leves``). Words written in capitals
(``KRAKOW``) are names and codes, checked by the naming checks. Each word is reported once, with every entry that
uses it.

The suggestion is the known word with the lowest edit cost, then the one the KB's own texts use most, then the
most frequent in English: a letter missing, extra or
two letters swapped cost 1, a letter replaced by one of like sound (c/s, c/k, s/z, i/y) costs 1, any other
replaced letter 2. So 'leves' is offered 'levels' (used 18 times in the KB; not 'lives' nor 'leaves') and 'choise' 'choice' (not 'choose'). Words longer
than 40 letters get no suggestion (the candidates grow with the word's length; no English word is that long).

Fails::

    1. Place one revolt- and one revolt+ in two randomnly chosen COL/TPs

Passes::

    1. Place one revolt- and one revolt+ in two randomly chosen COL/TPs

Fix the spelling, or add a game term to ``facts.vocabulary`` of ``kb/games/<game>.yaml``.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from functools import lru_cache

from . import ordered_texts

CODE = "STY002"
NAME = "spelling"
CATEGORY = "style"
SEVERITY = "info"
SCOPE = "kb"  # the KB's vocabulary and where else a word is used

# A word: letters, possibly capitalised, not glued to other word characters; hyphenated words are split into parts.
_LETTER, _LOWER = "A-Za-zäöüéèÄÖÜÉ", "a-zäöüéè"
_TOKEN = re.compile(rf"[{_LETTER}][{_LOWER}]*(?:[-‐][{_LETTER}][{_LOWER}]*)*")
# The tokens _TOKEN finds (scanning left to right) that no word character or apostrophe touches, in one regex
# call: '(?=(…))\1' takes a token whole (an atomic group, which Python 3.10 lacks), so a glued token is never
# cut shorter; the second look-behind keeps a match from starting inside a hyphenated token ('foo-bar1' holds no
# word). A test compares it with the token-by-token reading.
_FREE_TOKEN = re.compile(rf"(?<![\w'’])(?<![{_LETTER}][-‐])(?=({_TOKEN.pattern}))\1(?![\w'’])")
_HYPHENS = re.compile("[-‐]")
MAX_SUGGEST = 40
_ALL_WORDS = re.compile(r"[a-zäöüéè]+")


def words_of(text: str):
    """The checkable words of a text: (word as written, lower-case form). Lower-case words and capitalised words
    (one capital, then lower case) of four letters or more, and each such part of a hyphenated word. Words with
    more capitals (names, codes, 'McDonald'), digits or apostrophes glued on are left to other checks."""
    for token in _FREE_TOKEN.findall(text):
        for part in _HYPHENS.split(token) if ("-" in token or "‐" in token) else (token,):
            if len(part) >= 4:
                yield part, part.lower()


def vocabulary(ctx) -> set[str]:
    words: set[str] = set()
    for game in ctx.kb.games.values():
        facts = game.get("facts", {})
        words.update(w.lower() for w in facts.get("abbreviations", []))
        words.update(w.lower() for w in facts.get("vocabulary", []))
        words.update(w.lower() for key in ("names", "regions") for w in facts.get(key, []))
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
    rulekb's cache folder (``checker/kb/cachedir.py``) loads in about 0.05 s (marshal: plain data only, no code runs
    on loading)."""
    import marshal

    import spellchecker

    from ...kb.cachedir import read_cached, write_cached

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


_LIKE_SOUND = {frozenset(p) for p in ("cs", "ck", "sz", "iy")}


def suggestion(word: str, words: dict[str, int], used: dict[str, int] | None = None) -> str | None:
    """The known word one edit away with the lowest edit cost, then the highest frequency (see the module doc).
    Bounded: at most 54 * (len + 1) candidates, and none for words longer than MAX_SUGGEST letters."""
    if len(word) > MAX_SUGGEST:
        return None
    best: dict[str, int] = {}

    def offer(candidate: str, cost: int) -> None:
        if candidate in words and candidate != word and cost < best.get(candidate, 3):
            best[candidate] = cost

    for i in range(len(word) + 1):
        a, b = word[:i], word[i:]
        if b:
            offer(a + b[1:], 1)
        if len(b) > 1:
            offer(a + b[1] + b[0] + b[2:], 1)
        for c in _LETTERS:
            offer(a + c + b, 1)
            if b and c != b[0]:
                offer(a + c + b[1:], 1 if frozenset((c, b[0])) in _LIKE_SOUND else 2)
    if not best:
        return None
    used = used or {}
    return min(best, key=lambda w: (best[w], -used.get(w, 0), -words[w], w))


def _index(texts, known, words) -> tuple[dict, dict]:
    """(how often each word is used, places of each word neither known nor in the dictionary) of some texts;
    places are (order, entry, line), in the texts' order.

    A text is read word by word (``words_of``) only when one of its letter runs (``_ALL_WORDS`` in the lowered
    text, counted for ``used`` anyway) of four letters or more is neither known nor in the dictionary: each word
    ``words_of`` yields is such a run, lowered (its letters lower to letters of the run's class, and what stands
    around it, a hyphen, the text's edge or a character that is no letter, digit or apostrophe, lowers to no letter
    of it), so a text whose runs are all known holds no unknown word. Most texts are: a test compares the two."""
    places: dict[str, list] = defaultdict(list)
    used: Counter[str] = Counter()
    for order, entry, line, text in texts:
        runs = _ALL_WORDS.findall(text.lower())
        used.update(runs)  # counted in C
        if not any(len(run) >= 4 and run not in known for run in set(runs).difference(words)):
            continue  # every checkable word is one of these runs, lowered (see _index's note): all are known
        for written, lower in words_of(text):
            if written != lower and (written in known or lower in known or lower in words):
                continue  # a capitalised word the gazetteer, glossary, vocabulary or dictionary knows
            if lower not in known and lower not in words:
                places[lower].append((order, entry, line))
    return dict(used), dict(places)


def _kb_index(ctx, known, words) -> tuple[dict, dict]:
    """The index of every text of this game. With contributed entries (``rulekb check NEW.txt``) the index of the
    KB as loaded comes from the cache (``CheckContext.base_aggregate``), less the entries the contribution
    replaces, plus the contributed ones: the same index as reading every text, without reading them."""
    only = ctx.only
    if only is None or not ctx.use_aggregates or any(g in only for g in ctx.kb.glossaries):
        # a full check, or a contributed glossary, which changes what is known: read every text
        return _index(ordered_texts(ctx, ctx.events(), ctx.kb.rules), known, words)
    base_rules = {rid: ctx.replaced.get(rid, r) for rid, r in ctx.kb.rules.items()
                  if rid not in only or rid in ctx.replaced}
    used, places = ctx.base_aggregate("STY002-index", lambda: _index(
        ordered_texts(ctx, ctx.base_events(), base_rules), known, words))
    used, places = dict(used), {w: list(p) for w, p in places.items()}
    gone = [e for e in ctx.base_events() if e.id in only]
    old_used, _ = _index(ordered_texts(ctx, gone, {rid: base_rules[rid] for rid in only if rid in base_rules}), known, words)
    for w, n in old_used.items():
        used[w] -= n
    for w in list(places):
        places[w] = [p for p in places[w] if p[1] not in only]
    new_events = [e for e in ctx.events() if e.id in only]
    new_used, new_places = _index(ordered_texts(ctx, new_events, {rid: ctx.kb.rules[rid] for rid in only
                                                           if rid in ctx.kb.rules}), known, words)
    for w, n in new_used.items():
        used[w] = used.get(w, 0) + n
    for w, ps in new_places.items():
        places[w] = sorted(places.get(w, []) + ps, key=lambda p: p[0])  # stable: a text's own order is kept
    return used, {w: ps for w, ps in places.items() if ps}


def check(ctx):
    words = english_words()
    known = vocabulary(ctx)
    used, index = _kb_index(ctx, known, words)
    places = {w: [(entry, line) for _, entry, line in ps] for w, ps in index.items()}
    unknown = list(places)
    for word in sorted(unknown):
        uses = [u for u in places[word] if ctx.wants(u[0])] or places[word]
        entry, line = uses[0]
        if not ctx.wants(entry):
            continue  # not reported in this run: skip the (slow) suggestion
        entries = list(dict.fromkeys(e for e, _ in places[word]))  # KB order, first use first
        entries.remove(entry)
        entries.insert(0, entry)
        better = suggestion(word, words, used)
        hint = f" (did you mean '{better}'?)" if better and better != word else ""
        more = f"; also in {', '.join(entries[1:6])}{'…' if len(entries) > 6 else ''}" if len(entries) > 1 else ""
        yield ctx.finding(entry, line, f"'{word}' is not in the dictionary or the game vocabulary{hint}{more}")
