"""Entity pages from every mention: the gazetteer's names and aliases looked up in every entry's text.

The gazetteer (``kb/gazetteer/<game>.yaml``) says what a name is; which entries mention it is counted here, from
the texts themselves, so a page lists every event that names Poland, not only those the extractor tied it to.
A country name that is not a code of the game profile (a flagged typo such as AUT) is listed apart, as are
continents, and names that differ only by case (HESSEN the province, Hessen the minor), by a plural 's'
(Habsburg, Habsburgs) or by one letter (UKRAINYA, UKRANYA) point at each other.
"""

from __future__ import annotations

import re
from collections import defaultdict

from ..checks.naming.gazetteer import entry_texts
from ..core.model import KnowledgeBase
from .urls import entity_url


def one_edit_apart(a: str, b: str) -> bool:
    """True when b is a with one letter changed, added or removed (linear in the length)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    return a[i + (len(a) == len(b)):] == b[i + 1:]


def build_entities(kb: KnowledgeBase) -> list[dict]:
    """One dict per gazetteer entity: name, kind, group (country / minor / province / area / continent /
    flagged), url, aliases, note, mentions [(entry id, line)], related [(relation, entity dict)]."""
    entities: list[dict] = []
    used_urls: set[str] = set()
    for game, gaz in sorted(kb.gazetteers.items()):
        profile = kb.games.get(game, {}) or {}
        codes = {c.get("code") for c in profile.get("countries", []) if isinstance(c, dict)}
        # Continents and map regions are the game profile's (facts.regions), as the gazetteer files them.
        regions = {str(r).lower() for r in (profile.get("facts", {}) or {}).get("regions", []) or []}
        for ent in gaz.get("entities", []) or []:
            name, kind = str(ent.get("name", "")), str(ent.get("kind", ""))
            group = kind
            if kind == "country" and codes and name not in codes:
                group = "flagged"
            elif kind == "region" or name.lower() in regions:
                group = "continent"
            url = entity_url(kind, name)
            k = 2
            while url in used_urls:  # two names with one slug (accents folded): keep both pages
                url = entity_url(kind, f"{name}-{k}")
                k += 1
            used_urls.add(url)
            entities.append({"name": name, "kind": kind, "group": group, "game": game, "url": url,
                             "aliases": [str(a) for a in ent.get("aliases", []) or []], "note": ent.get("note"),
                             "used_by": [str(u) for u in ent.get("used_by", []) or []],
                             "mentions": [], "related": []})
    _count_mentions(kb, entities)
    _relate(entities)
    return entities


def _count_mentions(kb: KnowledgeBase, entities: list[dict]) -> None:
    by_game: dict[str, dict[str, list[dict]]] = defaultdict(lambda: defaultdict(list))
    for ent in entities:
        for name in [ent["name"], *ent["aliases"]]:
            if name.strip():
                by_game[ent["game"]][name].append(ent)
    for game, names in by_game.items():
        # One alternation of literal names, longest first, matched case-sensitively at word boundaries: one pass
        # over each text.
        pattern = re.compile(r"(?<![\w])(" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
                             + r")(?![\w])")
        seen: set[tuple[int, str]] = set()
        for eid, line, text in _texts(kb.view(game), game):  # the game's own entries, by their plain ids
            for m in pattern.finditer(text):
                for ent in names[m.group(1)]:
                    key = (id(ent), eid)
                    if key not in seen:
                        seen.add(key)
                        ent["mentions"].append((eid, line))
    for ent in entities:  # the extractor's links stay, even where the name is written in a form not matched here
        have = {eid for eid, _ in ent["mentions"]}
        ent["mentions"] += [(u, None) for u in ent["used_by"] if u not in have]


def _texts(kb: KnowledgeBase, game: str):
    for eid, event in sorted(kb.events.items()):
        if event.game == game:
            yield eid, event.source.line, event.title
    yield from entry_texts(kb, game)


def _relate(entities: list[dict]) -> None:
    # Blocking keeps this linear in practice: names are compared only within one (lower-cased first letter) bucket.
    buckets: dict[str, list[dict]] = defaultdict(list)
    for ent in entities:
        buckets[(ent["game"], ent["name"][:1].lower())].append(ent)
    for items in buckets.values():
        if len(items) > 400:  # a bucket this large is not a hand-made gazetteer: skip the spelling hints
            items = items[:400]
        for i, a in enumerate(items):
            for b in items[i + 1:]:
                la, lb = a["name"].lower(), b["name"].lower()
                if la == lb:
                    rel = "same name, other kind (the case of the letters decides)"
                elif la.rstrip("s") == lb.rstrip("s"):
                    rel = "singular and plural of one name"
                elif one_edit_apart(la, lb) and min(len(la), len(lb)) >= 5:
                    rel = "spelt one letter apart: the same name?"
                elif lb in [x.lower() for x in a["aliases"]] or la in [x.lower() for x in b["aliases"]]:
                    rel = "alias"
                else:
                    continue
                a["related"].append((rel, b))
                b["related"].append((rel, a))
