"""The Price of Power: the format of its rulebook chapter, its scenarios' event decks and ``rulekb deck``."""

from __future__ import annotations

from ..pack import GamePack, TextFormat

ASP_PROGRAM = "deck.lp"  # in asp/: the halves of a deck's Ages (deck.py)


def _is_chapter(lines: list[str]) -> bool:
    """A heading ending in `` #`` among the first lines."""
    return any(ln.endswith("#") and ln[-2:-1].isspace() for ln in lines[:10])


def _parse_chapter(text: str, file: str):
    from .chapter import parse_pop_chapter

    return parse_pop_chapter(text, file), []


PACK = GamePack(
    id="pop",
    formats=(TextFormat("pop-chapter", "'… #' headings", _is_chapter, _parse_chapter),),
    decks="deck",
    commands=("deck_command",),
    asp=(ASP_PROGRAM,),
    checks="checks",
)
