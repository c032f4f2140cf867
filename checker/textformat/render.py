"""Render KB entries back to text: the inverse of the parsers.

Every renderer yields ``(line, text)`` pieces, the line being where the piece stood in its source. One entry
renders on its own; ``render_source`` merges the pieces of every entry that came from one file, in line
order, which gives that file back (whitespace aside).
"""

from __future__ import annotations

from ..model import Event, Glossary, KnowledgeBase, RuleEntry
from .awaw import awaw_effect_pieces
from .blocks import block_text
from .eu_events import event_pieces
from .eurw_rules import glossary_pieces


def rule_pieces(entry: RuleEntry):
    pieces = [(b.line, block_text(b)) for b in entry.blocks]
    pieces.extend(awaw_effect_pieces(entry))
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


def entries_from(kb: KnowledgeBase, source_file: str) -> list[Event | RuleEntry | Glossary]:
    entries: list[Event | RuleEntry | Glossary] = []
    for coll in (kb.events, kb.rules, kb.glossaries, kb.documents):
        entries.extend(e for e in coll.values() if e.source.file == source_file)
    entries.sort(key=lambda e: e.source.line)
    return entries


def render_source(kb: KnowledgeBase, source_file: str) -> str:
    pieces = []
    for order, entry in enumerate(entries_from(kb, source_file)):
        pieces.extend((line, order, text) for line, text in entry_pieces(entry))
    pieces.sort(key=lambda p: (p[0], p[1]))
    return "\n".join(text for _, _, text in pieces) + ("\n" if pieces else "")
