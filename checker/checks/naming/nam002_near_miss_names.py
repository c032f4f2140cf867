"""One name spelled two or more ways across the knowledge base (``UKRANYA`` / ``UKRAINYA``).

Why: a province, area or minor written differently in two events is either two places or a typo; rules that
refer to it cannot both be right. Names are compared within their kind (provinces with provinces, minors with
minors), so the glossary's case convention is respected: ``HESSEN`` the province and ``Hessen`` the minor are
different things and never reported. Names that differ only by a compass word (``WEST POMMERN`` /
``OST POMMERN``) or a plural ``s`` (``Habsburg`` / ``Habsburgs``) are not near-misses. A spelling listed as an
alias in the gazetteer is accepted.

The game's vocabulary is the dictionary: the names of the gazetteer (``kb/gazetteer/<game>.yaml``) take part
even where no text uses them, so a contributed text that writes ``KRAKOV`` is reported against the known
``KRAKOW``.

How names are compared (bounded work): two names are candidates when they have the same number of words, all
but one word equal, and the differing words become equal when at most one letter is deleted from each (a letter
missing, extra, changed, or two letters swapped). Candidates are found through an index of each word with one letter deleted
(hashed, so a word costs time linear in its length), never by comparing every pair. The rule that confirms a
candidate scales with the length of the word: a word of four letters or more (all letters, no digits: a numbered
name is another place) is a near-miss at one edit — one letter changed, missing or extra, or two neighbours
swapped (``KRAKOV`` / ``KRAKOW``, ``DANSIG`` / ``DANZIG``, ``SILESA`` / ``SILESIA``); a word of five letters or
more also when the similarity ratio is at least 85 (two edits in a long name). Words of three letters or fewer are
codes and abbreviations, never compared. Where more than 32 names share one key (a dense family such as
numbered names), each is compared with its neighbour in sorted order only: they still form one cluster.

Fails (one finding, listing every place each spelling occurs)::

    7:VII  RUS … may annex Polish POLOTSK, BIELOROSSYA, UKRANYA, DONETSK and SEWERIA.
    2:IV   Provinces UKRAINYA, VOLHYNIA and DONETSK form a new minor state Cossacks

Passes: every event writes ``UKRAINYA``.

Fix the spelling where it is wrong, or record the variant as an alias in ``kb/gazetteer/<game>.yaml``.
"""

from __future__ import annotations

import gc
from collections import defaultdict

from rapidfuzz import fuzz
from rapidfuzz.distance import OSA

from . import PLACE_KINDS as _PLACE_KINDS
from . import places

CODE = "NAM002"
NAME = "near-miss-name"
CATEGORY = "naming"
SEVERITY = "warning"
SCOPE = "kb"  # names are learned from every text first

THRESHOLD = 85.0
MIN_LETTERS = 4  # words of three letters or fewer are codes and abbreviations
_COMPASS = {"WEST", "OST", "EAST", "NORTH", "SOUTH", "NORD", "SUD", "UPPER", "LOWER", "NEW", "OLD"}


def _near(a: str, b: str) -> bool:
    if a.rstrip("s") == b.rstrip("s"):
        return False
    wa, wb = a.split(), b.split()
    if len(wa) != len(wb):
        return False
    differing = [(x, y) for x, y in zip(wa, wb) if x != y]
    if len(differing) != 1 or differing[0][0].upper() in _COMPASS or differing[0][1].upper() in _COMPASS:
        return False
    x, y = differing[0]
    shorter = min(len(x), len(y))
    if shorter < MIN_LETTERS:
        return False
    if x.isalpha() and y.isalpha() and OSA.distance(x, y) <= 1:
        return True  # one letter changed, missing, extra, or two neighbours swapped
    return shorter >= 5 and fuzz.ratio(x, y) >= THRESHOLD


_MOD = (1 << 61) - 1
_BASE = 1_000_003


def _deletion_keys(word: str) -> set:
    """The word itself and the word with each one letter deleted: as strings for words of up to 64 letters (fast
    C slicing, bounded), as polynomial hashes beyond, so a long word costs time linear in its length (a hash
    collision only adds a candidate, which ``_near`` then rejects)."""
    n = len(word)
    if n <= 64:
        return {word} | {word[:i] + word[i + 1:] for i in range(n)}
    codes = [ord(c) for c in word]
    pre = [0] * (n + 1)
    for i, c in enumerate(codes):
        pre[i + 1] = (pre[i] * _BASE + c) % _MOD
    # hash(word[:i] + word[i+1:]) = pre[i] * BASE^(n-1-i) + hash(word[i+1:]), with hash(word[j:]) taken from pre.
    powers = [1] * (n + 1)
    for i in range(n):
        powers[i + 1] = powers[i] * _BASE % _MOD
    keys = {pre[n]}  # the word itself
    for i in range(n):
        tail = (pre[n] - pre[i + 1] * powers[n - 1 - i]) % _MOD
        keys.add((pre[i] * powers[n - 1 - i] + tail) % _MOD)
    return keys


BUCKET_LIMIT = 32


def candidate_pairs(names: list[str]):
    """Pairs of names (a < b) that may be near-misses: same word count, one differing word, and a shared key
    in the one-deletion index of that word. Linear in the total length of the names: a bucket of more than
    BUCKET_LIMIT names (names that all lie one deletion from one string) yields each name with its neighbour in
    sorted order only, which keeps them in one cluster without comparing every pair."""
    buckets: dict = defaultdict(list)
    paused = gc.isenabled()
    gc.disable()  # the index builds no reference cycles; the cyclic GC would only rescan the growing heap
    try:
        for name in names:
            words = name.split()
            for i, word in enumerate(words):
                if len(word) < MIN_LETTERS:  # _near needs MIN_LETTERS letters in both differing words
                    continue
                context = (len(words), i, tuple(words[:i] + words[i + 1:])) if len(words) > 1 else None
                for key in _deletion_keys(word):
                    buckets[key if context is None else (key, context)].append(name)
    finally:
        if paused:
            gc.enable()
    seen: set[tuple[str, str]] = set()
    for members in buckets.values():
        if len(members) < 2:
            continue
        if len(members) > BUCKET_LIMIT:
            members = sorted(set(members))
            pairs = zip(members, members[1:])
        else:
            pairs = ((a, b) for x, a in enumerate(members) for b in members[x + 1:])
        for a, b in pairs:
            pair = (a, b) if a < b else (b, a)
            if a != b and pair not in seen:
                seen.add(pair)
                yield pair


def _known(ctx) -> list[tuple[str, str]]:
    """(kind, name) of every place the game's gazetteer lists, with its aliases: the dictionary of known names."""
    out = []
    for ent in ctx.kb.gazetteers.get(ctx.kb.game, {}).get("entities", []):
        if ent.get("kind") in _PLACE_KINDS:
            out.append((ent["kind"], ent["name"]))
            out.extend((ent["kind"], alias) for alias in ent.get("aliases", []))
    return out


def _aliases(ctx) -> set[frozenset[str]]:
    out = set()
    for ent in ctx.kb.gazetteers.get(ctx.kb.game, {}).get("entities", []):
        for alias in ent.get("aliases", []):
            out.add(frozenset((ent["name"], alias)))
    return out


def check(ctx):
    where = places(ctx)
    accepted = _aliases(ctx)
    by_kind: dict[str, list[str]] = defaultdict(list)
    for kind, name in where:
        by_kind[kind].append(name)
    known = set(_known(ctx))
    for kind, name in sorted(known):
        if (kind, name) not in where and name not in by_kind[kind]:
            by_kind[kind].append(name)  # known to the gazetteer, used by no text: a dictionary entry
    for kind, names in sorted(by_kind.items()):
        names.sort()
        # Group near-misses into clusters (connected components).
        parent = {n: n for n in names}

        def find(n):
            while parent[n] != n:
                parent[n] = parent[parent[n]]
                n = parent[n]
            return n

        for a, b in candidate_pairs(names):
            if frozenset((a, b)) not in accepted and _near(a, b):
                parent[find(b)] = find(a)
        clusters: dict[str, list[str]] = defaultdict(list)
        for n in names:
            clusters[find(n)].append(n)
        for members in clusters.values():
            if len(members) < 2:
                continue
            used = [n for n in members if (kind, n) in where]
            if not used:
                continue  # gazetteer entries alone: no text to report on
            # Report at the first use of the rarer spelling.
            # Fewest uses first; on a tie a spelling the gazetteer does not know, then one a contributed text uses.
            used.sort(key=lambda n: (-sum(v[1] for v in where[(kind, n)].values()), (kind, n) not in known,
                                     any(ctx.wants(e) for e in where[(kind, n)]) if ctx.only is not None else False,
                                     n))
            rare = used[-1]
            entry, (_, _, line) = min(where[(kind, rare)].items(), key=lambda kv: kv[1][0])
            detail = "; ".join((f"{n} in " + ", ".join(sorted(where[(kind, n)]))) if (kind, n) in where
                               else f"{n} in the gazetteer" for n in used + [m for m in members if m not in used])
            yield ctx.finding(entry, line, f"{kind} spelled {len(members)} ways: {detail}")
