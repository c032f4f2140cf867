"""What a game pack declares: the interface between generic code and one game's code.

A pack (``checker/games/<game>/``, its ``__init__.py`` defines ``PACK``) holds what only one game needs: the text
formats of its rulebooks, its event decks, its extra commands, the ASP programs only its code loads, its own
sentence forms (a grammar read before the generic event language). Generic code
never imports a pack: it asks :mod:`checker.games.registry` ("which format is this text in", "which game reads
decks"). The game's profile (``kb/games/<game>.yaml``) stays data; a game without a pack (the example games) is
read by the generic code alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TextFormat:
    """A rulebook text format of one game."""

    name: str  # the format id a parsed text carries (ParsedDocument.format)
    opening: str  # how such a text is recognised, in the words of the unknown-format message ("'RANDOM EVENTS'")
    detect: Callable[[list[str]], bool]  # the text's non-blank lines -> is it in this format
    parse: Callable[[str, str], tuple[list[Any], list[Any]]]  # (text, file) -> (rule entries, glossaries)


@dataclass(frozen=True)
class GamePack:
    id: str  # the game id: kb/games/<id>.yaml, events/<id>/
    formats: tuple[TextFormat, ...] = ()  # tried in order, after the generic event list
    decks: str | None = None  # module of the pack reading kb/decks/ files: load_deck, display, find_layout
    commands: tuple[str, ...] = ()  # modules of the pack, each a command with add_parser(sub) like checker/cli's
    asp: tuple[str, ...] = ()  # programs of asp/ that only this pack's code loads
    checks: str | None = None  # the pack's package of check modules (one check per module, as checker/checks/'s)
    # the game whose profile (the KB's, else the bundled one) is the reader's vocabulary when a caller names no
    # game: the events rewrite, the bundled KB's first game
    reader_default: bool = False
    # module of the pack with the game's own sentence forms, read before the generic event language: GRAMMAR (a
    # Lark LALR grammar file), ToLogic (its transformer), CUES and KEYS (what makes a sentence of them rule-shaped)
    sentences: str | None = None

    def module(self, name: str):
        """One of the pack's modules (``decks``, a command), imported when first asked for."""
        import importlib

        return importlib.import_module(f"{__package__}.{self.id}.{name}")


DECK_FUNCTIONS = ("load_deck", "display", "find_layout")  # what a pack's decks module provides
