"""The game packs, and the questions generic code asks them.

Generic code names no game: it asks here which pack reads a text format, which game's decks a deck file holds,
which commands the packs add. A new pack is a folder ``checker/games/<game>/`` whose ``__init__.py`` defines
``PACK`` (a :class:`~checker.games.pack.GamePack`), listed in :func:`packs`.
"""

from __future__ import annotations

from functools import cache

from .pack import GamePack, TextFormat


@cache
def packs() -> tuple[GamePack, ...]:
    """Every pack, in the order their text formats are tried (a format recognised by its first line before one
    recognised by a heading anywhere near the top). Imported on first use: the packs import generic modules."""
    from . import awaw, eu, pop

    return (eu.PACK, awaw.PACK, pop.PACK)


def pack(game: str | None) -> GamePack | None:
    """The pack of ``game``, or None (a game without code of its own)."""
    return next((p for p in packs() if p.id == game), None)


def text_formats() -> tuple[TextFormat, ...]:
    """Every pack's rulebook text formats, in the order they are tried."""
    return tuple(f for p in packs() for f in p.formats)


def decks_module(game: str | None):
    """The module reading ``game``'s deck files (``load_deck``, ``display``, ``find_layout``), or None when the
    game has no decks."""
    found = pack(game)
    return found.module(found.decks) if found and found.decks else None


def deck_games() -> tuple[str, ...]:
    """The games whose scenarios list event decks (``kb/decks/``)."""
    return tuple(p.id for p in packs() if p.decks)


def commands() -> list[tuple[str, object]]:
    """(command name, module with ``add_parser``) of every pack's commands, by name."""
    return sorted(((name.rsplit(".", 1)[-1].removesuffix("_command"), p.module(name))
                   for p in packs() for name in p.commands), key=lambda nc: nc[0])


def check_packages() -> list[str]:
    """The packages of the packs' own check modules (``checker/games/<game>/checks/``), in the packs' order."""
    return [f"{__package__}.{p.id}.{p.checks}" for p in packs() if p.checks]


def reader_default_game() -> str | None:
    """The game whose vocabulary the reader uses when a caller names none (the pack that says so), or None."""
    return next((p.id for p in packs() if p.reader_default), None)


def sentence_forms(game: str | None):
    """The module with ``game``'s own sentence forms (``GRAMMAR``, ``ToLogic``, ``CUES``, ``KEYS``), or None when
    the game is read by the generic event language alone."""
    found = pack(game)
    return found.module(found.sentences) if found and found.sentences else None


def has_sentence_forms(game: str | None) -> bool:
    found = pack(game)
    return bool(found and found.sentences)
