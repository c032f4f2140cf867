"""Game profiles (``kb/games/<game>.yaml``) as the rest of rulekb reads them.

Everything game-specific lives in a profile: the game's name, its periods (free labels, in play order, with
optional years and names), whether its event deck is per period or cumulative, the country codes, the phases and
their aliases, and the vocabulary. Generic code asks this module; it never names a game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .ids import ROMAN

DECK_KINDS = ("per_period", "cumulative")


@dataclass(frozen=True)
class GameProfile:
    id: str
    name: str
    periods: tuple[str, ...] = ()  # period labels in play order
    deck: str = "per_period"  # per_period: an event is drawn in its own period only; cumulative: from it on
    countries: tuple[str, ...] = ()
    data: dict[str, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def period_index(self, label: str) -> int:
        """1, 2, … for the profile's periods in order; a period the profile does not list comes after them,
        ordered by its Roman value where it has one (events of other periods are external references)."""
        if label in self.periods:
            return self.periods.index(label) + 1
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


def period_sort_key(games: dict[str, dict[str, Any]], game: str | None, label: str) -> tuple[int, str]:
    return (profile(games, game).period_index(label), label)
