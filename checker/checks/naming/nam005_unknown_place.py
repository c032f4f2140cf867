"""A province, area or minor that the game's gazetteer does not know at all.

Why: the gazetteer (``kb/gazetteer/<game>.yaml``, extracted by ``rulekb gazetteer --write`` and reviewed) is the
game's list of places. A name in a new or edited text that it does not hold is either a place the gazetteer
still lacks or a misspelling too far from any known name for NAM002 to pair it with a known spelling; either way a
reviewer decides which. A name one edit from a known one (``KRAKOV`` for ``KRAKOW``) is NAM002's finding, not
this one. A game without a gazetteer is not checked. On the whole KB, an up-to-date gazetteer holds every name of
the KB's own texts (``rulekb gazetteer --write`` extracts them), so a finding there means the gazetteer is stale.

Fails (the gazetteer knows no ``WOLGAST`` nor a name one letter from it)::

    1. PRU annexes Swedish WOLGAST.

Passes::

    1. PRU annexes Polish DANZIG.

Add the place to the gazetteer (``rulekb gazetteer --write``, then review), or correct the name.
"""

from __future__ import annotations

from . import PLACE_KINDS, places
from .nam002_near_miss_names import _near, candidate_pairs

CODE = "NAM005"
NAME = "unknown-place"
CATEGORY = "naming"
SEVERITY = "warning"
SCOPE = "kb"  # whether a name is a near-miss is decided against every name the KB's texts use


def known_places(ctx) -> set[str]:
    """Every place name and alias of the game's gazetteer (any place kind: an area may be written as a province)."""
    out: set[str] = set()
    for ent in ctx.kb.gazetteers.get(ctx.kb.game, {}).get("entities", []):
        if ent.get("kind") in PLACE_KINDS:
            out.add(ent["name"])
            out.update(ent.get("aliases", []))
    return out


def check(ctx):
    if ctx.kb.game not in ctx.kb.gazetteers:
        return
    known = known_places(ctx)
    if not known:
        return
    where = places(ctx)
    unknown = {(kind, name) for kind, name in where if name not in known}
    if not unknown:
        return
    # Names one edit from a known name are NAM002's (a near-miss), not unknown.
    near: set[str] = set()
    for a, b in candidate_pairs(sorted(known | {n for _, n in unknown})):
        if _near(a, b):
            near.update(x for x in (a, b) if x not in known)
    for kind, name in sorted(unknown):
        if name in near:
            continue
        for entry, (_, _, line) in sorted(where[(kind, name)].items(), key=lambda kv: kv[1][0]):
            if ctx.wants(entry):
                yield ctx.finding(entry, line, f"{kind} '{name}' is not in the gazetteer of '{ctx.kb.game}' "
                                                    f"and is no near-miss of a name it holds: a new place or a "
                                                    f"misspelling")
                break
