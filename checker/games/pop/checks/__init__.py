"""The Price of Power event decks (``kb/decks/*.yaml``): card ids, ages, A-events, realm events, halves."""

from __future__ import annotations

from ....core.model import Finding


def decks(ctx):
    for file in sorted(ctx.kb.decks):
        yield ctx.kb.decks[file]


def deck_finding(ctx, deck, card_id: str | None, message: str, severity: str | None = None,
                 explanation=None) -> Finding:
    """A finding of the running check on a deck, at the line of card ``card_id`` in the deck file (none: the deck)."""
    line = deck.lines.get(card_id) if card_id else None
    return ctx.finding_at(deck.scenario, deck.file, line, message, severity, explanation)
