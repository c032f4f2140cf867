"""The Price of Power event decks (``kb/decks/*.yaml``): card ids, ages, A-events, realm events, halves."""

from __future__ import annotations

from ...model import Finding


def decks(ctx):
    for file in sorted(ctx.kb.decks):
        yield ctx.kb.decks[file]


def deck_finding(module, deck, card_id: str | None, message: str, severity: str | None = None,
                 explanation=None) -> Finding:
    line = deck.lines.get(card_id) if card_id else None
    return Finding(module.CODE, module.CATEGORY, severity or module.SEVERITY, deck.scenario, deck.file, line, message,
                   explanation)
