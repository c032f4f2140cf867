"""Completion items: the game's event ids (with titles), phase headings and country codes from the game profile,
and names from the game's gazetteer (countries, minors, provinces, areas)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .diagnose import Checked

_WORD_BEFORE = re.compile(r"[\w:'-]*$")


@dataclass(frozen=True)
class Item:
    label: str
    kind: str  # event | phase | country | place
    detail: str
    insert: str
    filter: str


def items(checked: Checked) -> list[Item]:
    """Everything that can be completed in the buffer's game (empty until the buffer was checked once)."""
    kb = checked.kb
    game = checked.profile_game()
    if kb is None or not game:
        return []
    out: list[Item] = []
    from ..core.ids import event_sort_key

    events = sorted((e for e in kb.events.values() if e.game == game), key=lambda e: _sort(event_sort_key, e.id))
    for e in events:
        out.append(Item(e.id, "event", f"{e.title} (period {e.period})", e.id, f"{e.id} {e.title}"))
    data = kb.games.get(game) or {}
    for phase in data.get("phases") or []:
        if isinstance(phase, dict) and phase.get("name"):
            heading = f"{phase['name']}:"
            out.append(Item(heading, "phase", f"phase heading ({phase.get('id')})", heading, heading))
            for alias in phase.get("aliases") or []:
                out.append(Item(f"{alias}:", "phase", f"variant of {phase['name']}", f"{alias}:", f"{alias}:"))
    codes = set()
    for country in data.get("countries") or []:
        if isinstance(country, dict) and country.get("code"):
            codes.add(country["code"])
            out.append(Item(country["code"], "country", str(country.get("name") or "country code"),
                            country["code"], f"{country['code']} {country.get('name') or ''}".strip()))
    gazetteer = kb.gazetteers.get(game) or {}
    for entity in gazetteer.get("entities") or []:
        if isinstance(entity, dict) and entity.get("name") and entity["name"] not in codes:
            out.append(Item(str(entity["name"]), "place", str(entity.get("kind") or "name"), str(entity["name"]),
                            str(entity["name"])))
    return out


def _sort(key, eid: str):
    try:
        return (0, key(eid))
    except (ValueError, KeyError):
        return (1, eid)


def prefix_at(line: str, column: int) -> str:
    """The word being typed before the cursor (letters, digits, ':', '-' and "'")."""
    m = _WORD_BEFORE.search(line[:column])
    return m.group(0) if m else ""


def complete(checked: Checked, line: int, column: int) -> list[Item]:
    """Items whose label or title starts with the word before the cursor (any case); all of them after a space."""
    rows = checked.text.splitlines()
    current = rows[line] if line < len(rows) else ""
    typed = prefix_at(current, column).lower()
    found = items(checked)
    if not typed:
        return found
    return [i for i in found if any(w.lower().startswith(typed) for w in (i.label, *i.filter.split()))]
