"""A continent written in capitals, the way the game writes provinces.

Why: the glossary's conventions give each kind of name its own writing: ``HESSEN`` (capitals) is a province,
``Hessen`` (capitalised) a minor, and continents are written capitalised, as its own entry ”America” ("refers to
continents in ROTW map") does and as the other texts do (”North America”, ”Asia”). ``NORTH AMERICA`` or ``EUROPE``
in capitals reads as a province of that name; the game profile lists such names under ``facts.regions`` so that
they are not taken for unknown provinces, but the writing still breaks the convention. A continent is a name
whose words include one the glossary defines as a continent, or one of the continents' English names (Africa,
America, Asia, Australia, Europe, Oceania). One finding per text line, for the names an entry has not used before.

Fails::

    b. If the result is odd, natives in a randomly chosen COL in NORTH AMERICA or SOUTH AMERICA attack.

Passes::

    b. If the result is odd, natives in a randomly chosen COL in North America or South America attack.

Write the continent capitalised (``Europe``, ``North America``).
"""

from __future__ import annotations

import re

from . import uses

CODE = "NAM007"
NAME = "continent-in-capitals"
CATEGORY = "naming"
SEVERITY = "info"
# a finding depends on its own entry's text (and the glossary): a re-check reads the edited one
SCOPE = "entry"

CONTINENTS = {"Africa", "America", "Americas", "Asia", "Australia", "Europe", "Oceania", "Antarctica"}


def continents(ctx) -> set[str]:
    """The continents' names: the English ones and those the game's glossary defines as continents."""
    out = set(CONTINENTS)
    for glossary in ctx.kb.glossaries.values():
        if getattr(glossary, "game", None) not in (None, ctx.kb.game):
            continue
        for term in glossary.terms:
            if "continent" in (term.meaning or "").lower():
                out.update(w for w in re.findall(r"[A-Za-z]+", term.term) if w[:1].isupper())
    return out


def check(ctx):
    known = {c.lower() for c in continents(ctx)}
    per_line: dict[tuple[str, int], list[str]] = {}
    seen: set[tuple[str, str]] = set()
    for use in uses(ctx):
        if use.kind != "region" or not use.name.isupper() or len(use.name) < 4:
            continue
        if any(word.lower() in known for word in use.name.split()) and (use.entry, use.name) not in seen:
            seen.add((use.entry, use.name))
            names = per_line.setdefault((use.entry, use.line), [])
            if use.name not in names:
                names.append(use.name)
    for (entry, line), names in sorted(per_line.items(), key=lambda kv: (kv[0][0], kv[0][1])):
        if not ctx.wants(entry):
            continue
        shown = ", ".join(f"'{n}'" for n in names)
        fixed = ", ".join(f"'{n.title()}'" for n in names)
        yield ctx.finding(entry, line,
                          f"continent{'s' if len(names) > 1 else ''} {shown} written in capitals like a province; "
                          f"the glossary writes continents capitalised (”America”): write {fixed}")
