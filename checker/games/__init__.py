"""Games: their profiles (data, ``kb/games/<game>.yaml``) and their packs (code, ``checker/games/<game>/``).

``profile.py`` reads a profile the way generic code needs it (period order, deck kind, default game);
``registry.py`` lists the packs and answers generic code's questions about them (``pack.py``: what a pack
declares). Each pack is a folder named by its game id: ``eu/`` (Europa Universalis, the events rewrite), ``pop/``
(The Price of Power), ``awaw/`` (A World at War). Generic code imports this package, never a pack.
"""

from __future__ import annotations

from .profile import (
    DECK_KINDS,
    GameProfile,
    default_game,
    games_with_events,
    phase_aliases_of,
    pick_default_game,
    profile,
    profile_files,
    profiles_on_disk,
)
from .registry import deck_games, decks_module, pack, packs, text_formats

__all__ = [
    "DECK_KINDS", "GameProfile", "deck_games", "decks_module", "default_game", "games_with_events", "pack", "packs",
    "phase_aliases_of", "pick_default_game", "profile", "profile_files", "profiles_on_disk", "text_formats",
]
