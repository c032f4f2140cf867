"""An upper-case code that the game profile does not define as a country.

Why: the glossary's convention is that ``SPA``, ``HOL`` etc. are player countries. A code written the same way
but not in the profile's country list (``AUT`` where every other text writes ``AUS``, ``ROS`` for ``RUS``) is a
typo, or a country the profile is missing; either way a reader cannot tell which power is meant. A word counts
as code-like when it is written in capitals and is as long as the profile's codes (2-4 letters; EU's are three);
a game whose profile lists no countries is not checked.

Fails (the profile knows AUS, not AUT)::

    8. … If none or several follow this list of preferences: SPA, ENG, HOL, AUT, RUS, TUR.

Passes::

    8. … If none or several follow this list of preferences: SPA, ENG, HOL, AUS, RUS, TUR.

Fix the code, or add the country to ``kb/games/<game>.yaml`` (or, for a term that is not a country, to its
``facts.abbreviations``).
"""

from __future__ import annotations

from . import uses

CODE = "NAM001"
NAME = "unknown-country-code"
CATEGORY = "naming"
SEVERITY = "warning"
# each code-like word alone, against the profile's country codes (the words are read from the checked entries'
# own texts: naming/__init__.py, uses)
SCOPE = "entry"


def check(ctx):
    codes = sorted(c["code"] for c in ctx.kb.games.get(ctx.kb.game, {}).get("countries", []))
    if not codes:
        return  # a game whose profile lists no country codes has nothing to compare a code-like word with
    for use in uses(ctx):
        if use.unknown_code:
            yield ctx.finding(use.entry, use.line,
                              f"'{use.name}' is written like a country code but is not one of the game's codes "
                              f"({', '.join(codes)})")
