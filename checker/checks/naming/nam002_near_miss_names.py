"""One name spelled two or more ways across the knowledge base (``UKRANYA`` / ``UKRAINYA``).

Why: a province, area or minor written differently in two events is either two places or a typo; rules that
refer to it cannot both be right. Names are compared within their kind (provinces with provinces, minors with
minors), so the glossary's case convention is respected: ``HESSEN`` the province and ``Hessen`` the minor are
different things and never reported. Names that differ only by a compass word (``WEST POMMERN`` /
``OST POMMERN``) or a plural ``s`` (``Habsburg`` / ``Habsburgs``) are not near-misses. A spelling listed as an
alias in the gazetteer is accepted.

Fails (one finding, listing every place each spelling occurs)::

    7:VII  RUS … may annex Polish POLOTSK, BIELOROSSYA, UKRANYA, DONETSK and SEWERIA.
    2:IV   Provinces UKRAINYA, VOLHYNIA and DONETSK form a new minor state Cossacks

Passes: every event writes ``UKRAINYA``.

Fix the spelling where it is wrong, or record the variant as an alias in ``kb/gazetteer/<game>.yaml``.
"""

from __future__ import annotations

import sys
from collections import defaultdict

from rapidfuzz import fuzz

from . import uses

CODE = "NAM002"
NAME = "near-miss-name"
CATEGORY = "naming"
SEVERITY = "warning"

THRESHOLD = 85.0
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
    return min(len(x), len(y)) >= 5 and fuzz.ratio(x, y) >= THRESHOLD


def _aliases(ctx) -> set[frozenset[str]]:
    out = set()
    for ent in ctx.kb.gazetteers.get("eu", {}).get("entities", []):
        for alias in ent.get("aliases", []):
            out.add(frozenset((ent["name"], alias)))
    return out


def check(ctx):
    mod = sys.modules[__name__]
    places: dict[tuple[str, str], list] = defaultdict(list)
    for use in uses(ctx):
        if use.kind in ("province", "area", "minor"):
            places[(use.kind, use.name)].append(use)
    accepted = _aliases(ctx)
    by_kind: dict[str, list[str]] = defaultdict(list)
    for kind, name in places:
        by_kind[kind].append(name)
    for kind, names in sorted(by_kind.items()):
        names.sort()
        # Group near-misses into clusters (connected components).
        parent = {n: n for n in names}

        def find(n):
            while parent[n] != n:
                parent[n] = parent[parent[n]]
                n = parent[n]
            return n

        for i, a in enumerate(names):
            for b in names[i + 1:]:
                if frozenset((a, b)) not in accepted and _near(a, b):
                    parent[find(b)] = find(a)
        clusters: dict[str, list[str]] = defaultdict(list)
        for n in names:
            clusters[find(n)].append(n)
        for members in clusters.values():
            if len(members) < 2:
                continue
            # Report at the first use of the rarer spelling.
            members.sort(key=lambda n: (-len(places[(kind, n)]), n))
            rare = members[-1]
            first = places[(kind, rare)][0]
            detail = "; ".join(
                f"{n} in " + ", ".join(sorted({u.entry for u in places[(kind, n)]})) for n in members)
            yield ctx.finding(mod, first.entry, first.line,
                              f"{kind} spelled {len(members)} ways: {detail}")
