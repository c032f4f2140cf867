"""The gazetteer of a game's texts: countries, minors, provinces and areas, each with the entries using it.

Extracted from the texts by the writing conventions of the glossary of seed 003, which every game's texts are
read by (the naming checks read names the same way):

* a three-letter upper-case code from the game profile is a player country (``SPA``, ``FRA``);
* continents and map regions the game profile lists (``facts.regions``: ``EUROPE``) are regions;
* other upper-case names are provinces (``CORSICA``, ``WEST PREUSSEN``), or areas where the text says so
  (``area CEYLAN``, ``areas JAVA, SUMATRA, …``);
* a capitalised name written next to "minor" (``minor Palatinate``, ``Corsica minor``, ``minor state Naples``)
  or as the subject of a minor's status (``Prussia is currently inactive``) is a minor.

The result is data for review (``kb/gazetteer/<game>.yaml``): aliases can be added by hand and are kept.

It lives with the naming checks because it is their reading of names (``NameExtractor``, ``name_uses``): NAM001-
NAM005 compare the names it extracts, and ``rulekb gazetteer`` (``checker/cli/gazetteer.py``) writes the list
they are compared with by the same reading, so the two cannot drift apart.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from ...core.model import KnowledgeBase

# What may stand before a run is checked after its first capital ('(?<![\w/+-].)'), so that the regex engine
# skips to capitals instead of trying every position (2.4 times as fast; a test compares it with the first form).
_UPPER_SEQ = re.compile(r"([A-ZÄÖÜ](?<![\w/+-].)[A-ZÄÖÜ]{2,}(?: [A-ZÄÖÜ]{3,})*)(?![\w+-])")
_AREA_LIST = re.compile(r"\bareas? ((?:[A-Z]{3,}(?: [A-Z]{3,})*)(?:(?:, | and )[A-Z]{3,}(?: [A-Z]{3,})*)*)")
_MINOR = re.compile(
    r"\b(?:[Mm]inor(?: state)?|minors) ([A-Z][a-z]{3,})\b|\b([A-Z][a-z]{3,}) minor\b"
    r"|\b([A-Z][a-z]{3,}) (?:is|are) (?:currently )?(?:inactive|inactivate|active|neutral)\b"
)
_NOT_PROVINCE = {"CASE", "PHASE", "EVENT", "TURN", "NORTH", "SOUTH"}
_ROMAN = re.compile(r"^[IVX]+$")


def entry_texts(kb: KnowledgeBase, game: str, events=None, rules=None):
    """(event id, source line, text) of every clause and text block of one game, in KB order; only of the events
    (plain ids) and rules named, when named."""
    chosen = [e for e in kb.events.values() if e.game == game and (events is None or e.id in events)]
    kept = {rid: r for rid, r in kb.rules.items() if r.game == game and (rules is None or rid in rules)}
    for _, entry, line, text in texts_of(chosen, kept):
        yield entry, line, text


@dataclass
class NameUse:
    kind: str  # country | minor | province | area
    name: str
    entry: str
    line: int
    unknown_code: bool = False


class NameExtractor:
    """Finds the names a text uses, by the writing conventions of the game's glossary."""

    def __init__(self, profile: dict[str, Any], areas: set[str] | None = None):
        self.codes = {c["code"] for c in profile.get("countries", [])}
        # A word in capitals as long as the game's codes (2-4 letters; EU's are all 3) is written like a code.
        self.code_lengths = {len(c) for c in self.codes} or {3}
        self.abbreviations = {a.upper() for a in profile.get("facts", {}).get("abbreviations", [])}
        # Continents and map regions (EUROPE, NORTH AMERICA) are written in capitals like provinces; the game
        # profile lists them (facts.regions, each cited), so they are filed as regions, not provinces.
        self.regions = {r.upper() for r in profile.get("facts", {}).get("regions", [])}
        self.areas = areas or set()

    def learn_areas(self, text: str) -> None:
        self.areas.update(areas_named(text))

    def names(self, entry: str, line: int, text: str):
        for seq in _UPPER_SEQ.findall(text):
            if " " in seq:
                # A code or abbreviation inside a run splits it: "RUS COL" is a country and a term, not a province.
                runs: list[list[str]] = [[]]
                for w in seq.split():
                    if w in self.codes or w in self.abbreviations or _ROMAN.match(w):
                        runs.extend([[w], []])
                    else:
                        runs[-1].append(w)
                found = [" ".join(run) for run in runs if run]
            else:
                found = [seq]  # one word (most runs): a run of its own, whatever it is
            for name in found:
                if name in self.codes:
                    yield NameUse("country", name, entry, line)
                elif name in self.regions:
                    yield NameUse("region", name, entry, line)
                elif name in self.abbreviations or name in _NOT_PROVINCE or _ROMAN.match(name):
                    continue
                elif len(name) in self.code_lengths:
                    yield NameUse("country", name, entry, line, unknown_code=True)
                else:
                    yield NameUse("area" if name in self.areas else "province", name, entry, line)
        if "inor" in text or "activ" in text or "neutral" in text:  # what each way of naming a minor needs
            for m in _MINOR.finditer(text):
                yield NameUse("minor", next(g for g in m.groups() if g), entry, line)


def areas_named(text: str) -> set[str]:
    """The areas a text names in a list ("areas X, Y and Z")."""
    if "area" not in text:  # the pattern needs the word (it is case-sensitive)
        return set()
    return {name for m in _AREA_LIST.finditer(text) for name in re.split(r", | and ", m.group(1))}


def texts_of(events, rules: dict):
    """(order, entry id, source line, text) of the clauses and text blocks of these events and rules, in KB order
    (events by id, then rules by id)."""
    for event in sorted(events, key=lambda e: e.id):
        for clause in event.all_clauses():
            yield (0, event.id), event.id, clause.line, clause.text
        for section in event.all_sections():
            if section.kind == "case":
                yield (0, event.id), event.id, section.line, section.heading.split(":", 1)[-1]
    for rid in sorted(rules):
        for block in rules[rid].blocks:
            if block.kind != "heading":
                yield (1, rid), rid, block.line, block.text


def area_counts(texts) -> dict[str, int]:
    """How many texts name each area ("areas X, Y and Z"): what :meth:`NameExtractor.learn_areas` learns."""
    out: dict[str, int] = defaultdict(int)
    for *_, text in texts:
        for area in areas_named(text):
            out[area] += 1
    return dict(out)


def name_uses(kb: KnowledgeBase, game: str, events=None, rules=None) -> list[NameUse]:
    """Every name use in one game's texts (or in those of the events and rules named)."""
    extractor = NameExtractor(kb.games.get(game, {}))
    texts = list(entry_texts(kb, game, None if events is None else set(events), rules))
    for _, _, text in texts:
        extractor.learn_areas(text)
    return [use for entry, line, text in texts for use in extractor.names(entry, line, text)]


def build_gazetteer(kb: KnowledgeBase, game: str, previous: dict[str, Any] | None = None) -> dict[str, Any]:
    used: dict[tuple[str, str], set[str]] = defaultdict(set)
    unknown_codes: set[str] = set()
    for use in name_uses(kb, game):
        used[(use.kind, use.name)].add(use.entry)
        if use.unknown_code:
            unknown_codes.add(use.name)
    previous = previous or {}
    aliases = {(e["kind"], e["name"]): e for e in previous.get("entities", [])}
    entities = []
    for (kind, name), ids in sorted(used.items(), key=lambda kv: (kv[0][0], kv[0][1])):
        entity: dict[str, Any] = {"name": name, "kind": kind}
        old = aliases.get((kind, name))
        if old and old.get("aliases"):
            entity["aliases"] = old["aliases"]
        if old and old.get("note"):
            entity["note"] = old["note"]
        elif kind == "country" and name in unknown_codes:
            entity["note"] = _UNKNOWN_CODE_NOTE
        entity["used_by"] = sorted(ids)
        entities.append(entity)
    # Entities written or completed by hand (aliases, or a note of a person's) that extraction no longer finds
    # are kept as they are: the tool proposes, it never deletes a person's work.
    for key, old in aliases.items():
        if key not in used and (old.get("aliases") or (old.get("note") and old["note"] != _UNKNOWN_CODE_NOTE)):
            entities.append(old)
    return {"game": game, "note": previous.get("note") or _FILE_NOTE, "entities": entities}


_UNKNOWN_CODE_NOTE = "written like a country code, but not a code of the game profile"
_FILE_NOTE = "extracted by `rulekb gazetteer --write`; aliases and notes added by hand are kept"
