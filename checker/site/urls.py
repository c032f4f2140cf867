"""Where each page lives: stable permalinks (``eu/vii/7/``) and relative links between pages.

Every path segment that comes from KB data (a game, a period, an entity's name, a deck's scenario) passes
``segment`` or ``slug`` first, so no KB value can make a page be written outside the docs folder.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
import unicodedata

from ..core.model import Event, RuleEntry

SAFE_SEGMENT = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
# Letters that Unicode does not decompose into a base letter and an accent.
_FOLD = str.maketrans({"ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss", "ł": "l",
                       "Ł": "L", "đ": "d", "Đ": "D", "þ": "th", "Þ": "Th", "ı": "i"})


def segment(value: str) -> str:
    """A KB value (game, period) as one safe path segment: itself in lower case when it is a plain word, else a
    slug with a short hash of the value (so two different values never share a folder)."""
    low = str(value).lower()
    if SAFE_SEGMENT.fullmatch(low):
        return low
    return f"{slug(low)[:30]}-{hashlib.sha1(str(value).encode('utf-8')).hexdigest()[:8]}"


def event_url(event: Event) -> str:
    return f"{segment(event.game)}/{segment(event.period)}/{int(event.number)}/"


def period_url(game: str, period: str) -> str:
    return f"{segment(game)}/{segment(period)}/"


def game_url(game: str) -> str:
    return f"{segment(game)}/"


def changes_url(game: str) -> str:
    return f"{segment(game)}/changes/"


def rule_url(rule: RuleEntry) -> str:
    return f"rules/{segment(rule.game)}/{slug(rule.id)}/"


def check_url(code: str) -> str:
    return f"checks/{slug(code)}/"


def slug(text: str) -> str:
    """Lower-case ASCII words joined by '-': accents folded (Västergötland -> vastergotland), never empty."""
    folded = unicodedata.normalize("NFKD", str(text).translate(_FOLD))
    folded = "".join(c for c in folded if not unicodedata.combining(c))
    s = re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-")
    return s[:80].strip("-") or "x"


def entity_url(kind: str, name: str) -> str:
    # Case matters for entities (HESSEN the province, Hessen the minor), so the kind is part of the URL.
    return f"entities/{slug(kind)}/{slug(name)}/"


def markdown_path(url: str) -> str:
    """The docs file mkdocs serves at ``url``: every page is ``<url>/index.md`` (no file/folder ambiguity)."""
    return (url.strip("/") + "/index.md") if url.strip("/") else "index.md"


def rel(from_url: str, to_url: str, anchor: str | None = None) -> str:
    """Relative link from the page at ``from_url`` to ``to_url`` (both directory URLs)."""
    target = posixpath.relpath("/" + to_url, "/" + from_url) if to_url != from_url else "."
    link = target.rstrip("/") + "/" if target not in (".",) else "./"
    if link == "./" and to_url == from_url and anchor:
        return f"#{anchor}"
    return link + (f"#{anchor}" if anchor else "")
