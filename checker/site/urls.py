"""Where each page lives: stable permalinks (``eu/vii/7/``) and relative links between pages."""

from __future__ import annotations

import posixpath
import re

from ..model import Event, RuleEntry


def event_url(event: Event) -> str:
    return f"{event.game}/{event.period.lower()}/{event.number}/"


def period_url(game: str, period: str) -> str:
    return f"{game}/{period.lower()}/"


def game_url(game: str) -> str:
    return f"{game}/"


def rule_url(rule: RuleEntry) -> str:
    return f"rules/{rule.game}/{rule.id}/"


def slug(text: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return s or "x"


def entity_url(kind: str, name: str) -> str:
    # Case matters for entities (HESSEN the province, Hessen the minor), so the kind is part of the URL.
    return f"entities/{kind}/{slug(name)}/"


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
