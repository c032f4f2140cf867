"""Naming checks: country codes, and one name spelled several ways."""

from __future__ import annotations

from ...gazetteer import name_uses


def uses(ctx):
    """The names the texts of this context's game use (learned once per run)."""
    game = ctx.kb.game
    return ctx.memo(f"name_uses:{game}", lambda: name_uses(ctx.kb, game))
