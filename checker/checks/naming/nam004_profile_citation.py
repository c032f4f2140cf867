"""A game-profile entry (phase, phase alias, country code, vocabulary word, abbreviation, name, region) that does
not cite the seed line defining it, or cites a line that does not contain it.

Why: the profile (``kb/games/<game>.yaml``) decides what the other checks accept: a code in ``countries`` is a
player country (NAM001 reports every other three-letter code), a word in ``vocabulary`` is not a misspelling
(STY002), a phase alias is not a variant heading (STR001). An entry that no seed supports silently hides
findings, so every entry cites the line that first uses it: ``source: {file, line}`` on phases and countries,
``facts.citations.<list>.<entry>`` for the word lists. The citation is checked against the KB's own copy of
that seed line (event headers, clauses and headings, rule paragraphs and glossary terms keep their source line),
so no file outside the KB is read. A cited line inside a hard-wrapped clause is looked up in that clause.

Fails::

    countries:
      - {code: AUT, name: Austria}                      # no source
      - {code: SPA, name: Spain, source: {file: 000_….txt, line: 5}}   # line 5 does not say SPA

Passes::

    countries:
      - {code: SPA, name: Spain, source: {file: 000_81b98fbe5e52caea.txt, line: 27}}   # "by SPA."

A country entry may not cite, as its only source, a line that another check flags for that very code: a line
where NAM006 reports the code as used for a country that is a minor in that period (``PRU`` cited from
``PRU annexes Polish WEST PREUSSEN`` in period VII, whose texts write "Inactive Prussia") supports no player
country; the profile would make the slip look like evidence.

Citations of a source file the KB holds no entries of cannot be checked: one info finding per profile says how
many. When the KB holds none of the files a profile cites (a KB built from other texts, such as a test KB), the
profile is not about its texts and nothing is reported for it.

Add the citation, correct it, or remove an entry no seed uses.
"""

from __future__ import annotations

import bisect
import re
from collections import defaultdict

CODE = "NAM004"
NAME = "profile-citation"
CATEGORY = "naming"
SEVERITY = "warning"
SCOPE = "kb"  # its findings are on the game profiles, whose citations are checked against every text

LISTS = ("vocabulary", "abbreviations", "names", "regions")


def seed_lines(ctx) -> dict[str, tuple[list[int], list[str]]]:
    """For each source file: the sorted start lines of the texts the KB keeps, and the texts."""
    found: dict[str, dict[int, str]] = defaultdict(dict)

    def put(file, line, text):
        if file and line and text:
            old = found[file].get(line)
            found[file][line] = f"{old} {text}" if old else text

    for event in ctx.kb.events.values():
        file = event.source.file
        put(file, event.source.line, event.header)
        for clause in event.all_clauses():
            put(file, clause.line, f"{clause.marker} {clause.text}")
        for section in event.all_sections():
            put(file, section.line, section.heading)
    for rule in ctx.kb.rules.values():
        for block in rule.blocks:
            put(rule.source.file, block.line, block.text)
    for glossary in ctx.kb.glossaries.values():
        for term in glossary.terms:
            put(glossary.source.file, term.line, f"{term.term}: {getattr(term, 'definition', '')}")
    return {f: (sorted(d), [d[k] for k in sorted(d)]) for f, d in found.items()}


def text_at(index, file: str, line: int) -> str | None:
    """The KB's text of the seed line (the text starting there, or the hard-wrapped one it belongs to)."""
    if file not in index:
        return None
    starts, texts = index[file]
    i = bisect.bisect_right(starts, line) - 1
    return texts[i] if i >= 0 else None


def _cites(index, source, entry: str) -> str | None:
    """None when the citation holds, else what is wrong with it."""
    if not isinstance(source, dict) or "file" not in source or "line" not in source:
        return "cites no seed line"
    if source["file"] not in index:
        return "unverifiable"
    text = text_at(index, source["file"], source["line"])
    if text is None:
        return f"cites {source['file']}:{source['line']}, which the KB holds no text of"
    words = " ".join(text.split())
    if not re.search(r"(?<!\w)" + re.escape(entry) + r"(?![^\W\d])", words, re.I):
        return f"cites {source['file']}:{source['line']}, which does not contain '{entry}'"
    return None


def _flagged_lines(ctx, index) -> dict[tuple[str, int], str]:
    """(source file, start line of the text) -> code, for each line NAM006 flags (the game's own profile only)."""
    from .countries import minor_code_uses

    out = {}
    for code, _name, entry, line, _evidence, period in minor_code_uses(ctx):
        event = ctx.kb.events.get(entry)
        if event is not None and event.source.file:
            out[(event.source.file, line)] = f"{code}:{period}"
    return out


def _start(index, file: str, line: int) -> int | None:
    starts = index.get(file, ([], []))[0]
    i = bisect.bisect_right(starts, line) - 1
    return starts[i] if i >= 0 else None


def _file(ctx, gid: str) -> str:
    """The profile's file as the KB reports it (under the KB folder's own name)."""
    return ctx.kb.files.get(f"game:{gid}") or f"kb/games/{gid}.yaml"


def check(ctx):
    # Findings are on the profiles: checking contributed texts alone reports none, so the KB's lines are not read.
    games = [gid for gid in sorted(ctx.kb.games)
             if ctx.only is None or ctx.wants(f"game:{gid}") or _file(ctx, gid) in ctx.only_files]
    if not games:
        return
    index = ctx.memo("seed-lines", lambda: seed_lines(ctx))
    for gid in games:
        game = ctx.kb.games[gid]
        subject = f"game:{gid}"
        entries = []
        for phase in game.get("phases", []):
            entries.append(("phase", phase["name"], phase.get("source")))
        citations = game.get("facts", {}).get("citations", {})
        for phase in game.get("phases", []):
            for alias in phase.get("aliases", []):
                entries.append(("phase alias", alias, citations.get("aliases", {}).get(alias)))
        for country in game.get("countries", []):
            entries.append(("country code", country["code"], country.get("source")))
        for name in LISTS:
            for word in game.get("facts", {}).get(name, []):
                entries.append((name.rstrip("s") if name != "names" else "name", word,
                                citations.get(name, {}).get(word)))
        unverifiable: dict[str, int] = defaultdict(int)
        flagged = _flagged_lines(ctx, index) if gid == ctx.kb.game else {}
        for kind, entry, source in entries:
            problem = _cites(index, source, entry)
            if problem is None and kind == "country code" and flagged:
                hit = flagged.get((source["file"], _start(index, source["file"], source["line"])))
                if hit and hit.split(":")[0] == entry:
                    problem = (f"cites as its only source {source['file']}:{source['line']}, a line where NAM006 "
                               f"reports '{entry}' as a code used for a minor of period {hit.split(':', 1)[1]}")
            if problem == "unverifiable":
                unverifiable[source["file"]] += 1
                continue
            if problem:
                yield ctx.finding_at(subject, _file(ctx, gid), None,
                                     f"game profile '{gid}': {kind} '{entry}' {problem}")
        if unverifiable and len(unverifiable) < len({src["file"] for _, _, src in entries if isinstance(src, dict)
                                                      and "file" in src}):
            files = ", ".join(f"{f} ({n})" for f, n in sorted(unverifiable.items()))
            yield ctx.finding_at(subject, _file(ctx, gid), None,
                                 f"game profile '{gid}': {sum(unverifiable.values())} citations name source "
                                 f"files the KB holds no entries of, so they cannot be checked: {files}", "info")
