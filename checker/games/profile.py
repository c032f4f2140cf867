"""Game profiles (``kb/games/<game>.yaml``) as the rest of rulekb reads them.

Everything game-specific lives in a profile: the game's name, its periods (free labels, in play order, with
optional years and names), whether its event deck is per period or cumulative, the country codes, the phases and
their aliases, and the vocabulary. Generic code asks this module; it never names a game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.ids import ROMAN

DECK_KINDS = ("per_period", "cumulative")


@dataclass(frozen=True)
class GameProfile:
    id: str
    name: str
    periods: tuple[str, ...] = ()  # period labels in play order
    deck: str = "per_period"  # per_period: an event is drawn in its own period only; cumulative: from it on
    countries: tuple[str, ...] = ()
    data: dict[str, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def period_index(self, label: str) -> float:
        """1, 2, … for the profile's periods in order (docs/logic.md S1; the logic's ``facts.period_number`` is
        this times 100). A period the profile does not list (an event of another period named as an outside
        reference: 7:III in a game listing IV and VII) stands by its Roman value among the listed periods when they
        all are Roman numerals (III before IV; V and VI, in that order, between IV and VII: 1.05 and 1.06),
        otherwise after them."""
        if label in self.periods:
            return self.periods.index(label) + 1
        if label in ROMAN and all(p in ROMAN for p in self.periods):
            return sum(1 for p in self.periods if ROMAN[p] < ROMAN[label]) + ROMAN[label] / 100
        return len(self.periods) + 1 + ROMAN.get(label, 0)

    def period_names(self) -> dict[str, str]:
        return {p["id"]: p["name"] for p in self.data.get("periods", []) if p.get("name")}


def profile(games: dict[str, dict[str, Any]], game: str | None) -> GameProfile:
    """The profile of ``game`` from a KB's ``games`` (``kb.games``); a game without a profile file gets the
    default reading (its id as its name, per-period deck, Roman period order)."""
    data = games.get(game or "", {}) or {}
    periods = tuple(str(p["id"]) for p in data.get("periods", []) if isinstance(p, dict) and "id" in p)
    return GameProfile(
        id=str(data.get("id", game or "")),
        name=str(data.get("name", game or "")),
        periods=periods,
        deck=data.get("deck", "per_period") if data.get("deck") in DECK_KINDS else "per_period",
        countries=tuple(c["code"] for c in data.get("countries", []) if isinstance(c, dict) and "code" in c),
        data=data,
    )


def profile_files(root: str) -> dict[str, tuple[str, dict[str, Any]]]:
    """Game id -> (profile file, data), read from ``root/games/*.yaml`` without loading the whole KB."""
    import os

    from ..kb.yamlio import load_file

    out: dict[str, tuple[str, dict[str, Any]]] = {}
    folder = os.path.join(root, "games")
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        if name.endswith((".yaml", ".yml")):
            path = os.path.join(folder, name)
            data, _ = load_file(path, path, root=root)
            if isinstance(data, dict):
                out[str(data.get("id") or name.rsplit(".", 1)[0])] = (path, data)
    return out


def profiles_on_disk(root: str) -> dict[str, dict[str, Any]]:
    """The game profiles of the KB folder ``root`` by id, read without loading the KB."""
    return {game: data for game, (_, data) in profile_files(root).items()}


def games_with_events(root: str) -> list[str]:
    """The games the KB folder ``root`` holds event files of (``events/<game>/``)."""
    import os

    folder = os.path.join(root, "events")
    return sorted(d for d in os.listdir(folder) if os.path.isdir(os.path.join(folder, d))) \
        if os.path.isdir(folder) else []


def pick_default_game(with_events, profiles: dict[str, dict[str, Any]]) -> str | None:
    """The game of an event text that names none: the KB's one game with events, else its one game profile that
    declares an event id form (``event_id``: its events are event lists); None when that does not single out a
    game (then a GAME line or --game must say it)."""
    with_events = sorted(set(with_events))
    if len(with_events) == 1:
        return with_events[0]
    if not with_events:
        listing = [g for g, data in profiles.items() if data.get("event_id")]
        if len(listing) == 1:
            return listing[0]
    return None


def default_game(root: str) -> str | None:
    """:func:`pick_default_game` for the KB folder ``root``, read without loading the KB."""
    with_events = games_with_events(root)
    return pick_default_game(with_events, {} if with_events else profiles_on_disk(root))


def phase_aliases_of(data: dict[str, Any]) -> dict[str, str]:
    """Phase heading (name or alias) -> canonical phase id, from one game profile's data."""
    out: dict[str, str] = {}
    for phase in (data or {}).get("phases", []):
        out[phase["name"]] = phase["id"]
        out.update({alias: phase["id"] for alias in phase.get("aliases", [])})
    return out
