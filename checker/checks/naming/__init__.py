"""Naming checks: country codes, and one name spelled several ways."""

from __future__ import annotations

from ...gazetteer import name_uses


def uses(ctx, codes_only: bool = False):
    """The names the texts of this context's game use (learned once per run). ``codes_only``: the caller reads only
    the country-code uses, which depend on each text alone; in an incremental run (``checker/incremental.py``)
    they are read from the checked entries' texts only."""
    game = ctx.kb.game
    if codes_only and ctx.cache.get("scoped"):
        return ctx.memo(f"code_uses:{game}", lambda: name_uses(ctx.kb, game, [e.id for e in ctx.events()],
                                                               set(ctx.only or ())))
    return ctx.memo(f"name_uses:{game}", lambda: name_uses(ctx.kb, game))
