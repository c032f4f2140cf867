"""Render KB entries back to text: the inverse of the parsers.

Every renderer yields ``(line, text)`` pieces, the line being where the piece stood in its source. One entry
renders on its own; ``render_source`` merges the pieces of every entry that came from one file, in line
order, which gives that file back (whitespace aside).
"""

from __future__ import annotations

from ..core.model import Event, Glossary, KnowledgeBase, RuleEntry
from .blocks import block_text
from .event_list import event_pieces


def effect_pieces(entry: RuleEntry):
    """A rule's effect lines (a card's, A World at War's random events) as (line, text) pieces; a multi-line effect
    keeps its line order."""
    for e in entry.effects:
        for k, part in enumerate(e.text.split("\n")):
            yield e.line + k, part


def glossary_pieces(glossary: Glossary):
    """A glossary's terms as ``term: meaning`` lines, each with the separator it was written with."""
    for t in glossary.terms:
        yield t.line, f"{t.term}{t.separator} {t.meaning}"


def rule_pieces(entry: RuleEntry):
    pieces = [(b.line, block_text(b)) for b in entry.blocks]
    pieces.extend(effect_pieces(entry))
    pieces.sort(key=lambda p: p[0])
    return pieces


def entry_pieces(entry: Event | RuleEntry | Glossary):
    if isinstance(entry, Event):
        return list(event_pieces(entry))
    if isinstance(entry, Glossary):
        return list(glossary_pieces(entry))
    return rule_pieces(entry)


def render_entry(entry: Event | RuleEntry | Glossary) -> str:
    return "\n".join(text for _, text in entry_pieces(entry)) + "\n"


class SeveralGames(ValueError):
    """Entries of several games came from texts of one file name (texts are known by their file name only): which
    game's text is meant must be said."""

    def __init__(self, source_file: str, games: list[str]):
        super().__init__(f"entries of several games ({', '.join(games)}) came from texts named {source_file!r}")
        self.source_file, self.games = source_file, games


def source_games(kb: KnowledgeBase, source_file: str) -> list[str]:
    """The games that have an entry taken from a text named ``source_file``, sorted."""
    return sorted({e.game for coll in (kb.events, kb.rules, kb.glossaries, kb.documents) for e in coll.values()
                   if e.source.file == source_file})


def entries_from(kb: KnowledgeBase, source_file: str, game: str | None = None) -> list[Event | RuleEntry | Glossary]:
    """The entries taken from the text named ``source_file`` (of ``game`` only, when given), in source order."""
    entries: list[Event | RuleEntry | Glossary] = []
    for coll in (kb.events, kb.rules, kb.glossaries, kb.documents):
        entries.extend(e for e in coll.values() if e.source.file == source_file and game in (None, e.game))
    entries.sort(key=lambda e: e.source.line)
    return entries


def render_source(kb: KnowledgeBase, source_file: str, game: str | None = None) -> str:
    """The text named ``source_file`` given back from its entries. Two games' texts may share a file name: without
    ``game`` that is :class:`SeveralGames`, never the two texts' lines interleaved."""
    if game is None and len(games := source_games(kb, source_file)) > 1:
        raise SeveralGames(source_file, games)
    pieces = []
    for order, entry in enumerate(entries_from(kb, source_file, game)):
        pieces.extend((line, order, text) for line, text in entry_pieces(entry))
    pieces.sort(key=lambda p: (p[0], p[1]))
    return "\n".join(text for _, _, text in pieces) + ("\n" if pieces else "")
