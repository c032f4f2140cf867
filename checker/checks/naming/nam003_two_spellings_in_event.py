"""The same person or place spelled two ways inside one event (``REVOLT OF POUGATCHEV`` in the title,
``Pugachev`` in the body).

Why: a reader meets two names and must guess that they are one person; search finds only one of them. Within
one event the same name should have one form. Names are the capitalised or upper-case words of five letters or
more that the English dictionary does not hold; two of them are reported when, compared without regard to case,
they differ but are similar (ratio 80 or more) and neither is the other with an ending added (``Bavaria`` /
``Bavarian``, ``Habsburg`` / ``Habsburgs`` are forms of one word). The glossary's case rule is kept: ``HESSEN``
(province) and ``Hessen`` (minor) are the same letters and never reported. A pair recorded as aliases in the
gazetteer is accepted.

Work is bounded: names are compared only when they share a form with up to two letters deleted (an index, not
every pair); names longer than 20 letters are not compared; only the first 200 distinct names of an event are
compared (the bundled KB's most is 8), and when more than 32 names of one event share one such form (random
capitals, not prose), they are not compared on it. Either way the event gets an info finding that says which names
were left out.

Fails::

    3: REVOLT OF POUGATCHEV (historical date: 1773-74)
    1. The rebel leader Pugachev raises a revolt army in URAL.

Passes: the body writes ``Pougatchev`` too (or the title ``PUGACHEV``).

Use one spelling in the event, or record the other as an alias in ``kb/gazetteer/<game>.yaml``.
"""

from __future__ import annotations

import re
from collections import defaultdict

from rapidfuzz import fuzz

CODE = "NAM003"
NAME = "two-spellings-in-event"
CATEGORY = "naming"
SEVERITY = "info"
SCOPE = "entry"  # names within one event

THRESHOLD = 80.0
_NAME = re.compile(r"[A-Z](?<!\w.)[A-Za-z]{4,}\b")  # '\b' before the capital checked after it: the engine skips to capitals


def _english():
    from ..style.sty002_spelling import english_words

    return english_words()


def _aliases(ctx) -> set[frozenset[str]]:
    out = set()
    for gaz in ctx.kb.gazetteers.values():
        for ent in gaz.get("entities", []):
            for alias in ent.get("aliases", []):
                out.add(frozenset((ent["name"].lower(), alias.lower())))
    return out


def pairs(texts, english) -> list[tuple[str, str, int, int]]:
    """(name a, name b, line of a, line of b) for names spelled two ways in the given (line, text) pairs."""
    return compare(texts, english)[0]


def compare(texts, english) -> tuple[list[tuple[str, str, int, int]], list[str]]:
    """``pairs``, and the names left out of some comparison because too many names shared a key with them (the
    bound): those are reported, not silently passed."""
    first: dict[str, tuple[str, int]] = {}
    for line, text in texts:
        for m in _NAME.finditer(text):
            word = m.group(0)
            if not (word.istitle() or word.isupper()):
                continue
            low = word.lower()
            if low not in english and low not in first:
                first[low] = (word, line)
    unchecked: set[str] = set()
    names = list(first)  # in the order the text names them
    if len(names) > MAX_NAMES:  # an event names a handful (8 at most in the bundled KB): this is no prose
        unchecked.update(names[MAX_NAMES:])
        names = names[:MAX_NAMES]
    if len(names) < 2:
        return [], sorted(first[w][0] for w in unchecked)  # one name cannot be spelled two ways
    buckets: dict[str, list[str]] = defaultdict(list)
    for low in names:
        if len(low) <= MAX_LEN:
            for key in _deletions(low):
                buckets[key].append(low)
    found, seen = [], set()
    for members in buckets.values():
        if len(members) > MAX_BUCKET:
            # A key shared by this many names is no spelling signal, and comparing them all is quadratic.
            unchecked.update(members)
            continue
        for i, a in enumerate(members):
            for b in members[i + 1:]:
                pair = (a, b) if a < b else (b, a)
                if pair in seen:
                    continue
                seen.add(pair)
                if b.startswith(a) or a.startswith(b):
                    continue
                if fuzz.ratio(a, b) >= THRESHOLD:
                    x, y = sorted(pair, key=lambda w: first[w][1])
                    found.append((first[x][0], first[y][0], first[x][1], first[y][1]))
    return sorted(found, key=lambda f: (f[2], f[3], f[0])), sorted(first[w][0] for w in unchecked)


MAX_LEN = 20
MAX_BUCKET = 32  # names of one event sharing one deletion key; real events have a handful
MAX_NAMES = 200  # distinct names of one event compared at all (the bundled KB's most is 8)


def _deletions(word: str) -> set[str]:
    """The word with up to two letters deleted: two names share one when they are at most four one-letter
    insertions or deletions apart (which a ratio of 80 allows for names of up to 20 letters). Two deletions
    are needed only from a word of 6 letters or more: a pair with a ratio of 80 whose longer name has 5 letters or
    fewer is at most two deletions apart in all, one from each (4 and 6 letters: 8/10; 5 and 7: 10/12). Short
    words' two-deletion keys (3 letters) are shared by many unrelated names and made the comparison quadratic."""
    one = {word[:i] + word[i + 1:] for i in range(len(word))}
    two = {w[:i] + w[i + 1:] for w in one for i in range(len(w))} if len(word) >= 6 else set()
    return {word} | one | two


def check(ctx):
    english = _english()
    accepted = _aliases(ctx)
    for event in ctx.events():
        texts = [(event.source.line, event.header)] + [(c.line, c.text) for c in event.all_clauses()]
        found, unchecked = compare(texts, english)
        if unchecked:
            shown = ", ".join(f"'{w}'" for w in unchecked[:5]) + (" …" if len(unchecked) > 5 else "")
            yield ctx.finding(event.id, event.source.line,
                              f"{len(unchecked)} names of {event.id} were not compared with every similar name "
                              f"(more than {MAX_BUCKET} names share a spelling; the comparison is bounded): "
                              f"{shown}")
        for a, b, la, lb in found:
            if frozenset((a.lower(), b.lower())) in accepted:
                continue
            where = {event.source.line: " (title)"}
            yield ctx.finding(event.id, max(la, lb),
                              f"one name spelled two ways in {event.id}: '{a}'{where.get(la, '')} and "
                              f"'{b}'{where.get(lb, '')}")
