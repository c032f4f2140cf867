"""Build the LALR(1) parser for ``rules.lark`` with the game's vocabulary from its profile (``kb/games/*.yaml``).

Country codes and country names are the game's, not the grammar's: they are appended as the terminals ``CODE``
and ``CNAME`` when the parser is built, so another game profile gives another vocabulary.
"""

from __future__ import annotations

import functools
import os
import re

import yaml
from lark import Lark

_HERE = os.path.dirname(__file__)
_DEFAULT_PROFILE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(_HERE))), "kb", "games", "eu.yaml")


@functools.lru_cache(maxsize=8)
def profile_vocabulary(path: str = _DEFAULT_PROFILE) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """(country codes, (country name, code) pairs) of a game profile; empty when the profile is missing."""
    try:
        with open(path, encoding="utf-8") as fh:
            data = yaml.load(fh, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {}
    except OSError:
        return (), ()
    codes, names = [], []
    for country in data.get("countries", []) or []:
        code = str(country.get("code", ""))
        if re.fullmatch(r"[A-Z]{2,5}", code):
            codes.append(code)
            name = re.match(r"[A-Z][a-z]+", str(country.get("name", "")))
            if name:
                names.append((name.group(0), code))
    return tuple(codes), tuple(names)


def country_name_code(name: str) -> str | None:
    """"Turkey" -> "TUR" (from the profile)."""
    return dict(profile_vocabulary(profile_path())[1]).get(name)


def profile_path(game: str = "eu") -> str:
    """The game profile of the KB in use (``./kb`` or the one next to the package), else the bundled one."""
    from ...kbio.store import default_kb_root

    path = os.path.join(default_kb_root(), "games", f"{game}.yaml")
    return path if os.path.isfile(path) else _DEFAULT_PROFILE


def parser(profile: str | None = None) -> Lark:
    return _parser(profile or profile_path())


@functools.lru_cache(maxsize=8)
def _parser(profile: str) -> Lark:
    codes, names = profile_vocabulary(profile)
    with open(os.path.join(_HERE, "rules.lark"), encoding="utf-8") as fh:
        text = fh.read()
    code_rx = "|".join(sorted(codes, key=len, reverse=True)) or "(?!x)x"
    text += f"\nCODE.3: /(?:{code_rx})(?![\\w\\/])/\n"
    return Lark(text, parser="lalr", lexer="contextual", start="start", maybe_placeholders=False)
