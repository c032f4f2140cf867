"""Chronology checks: historical dates against the period's stated years."""

from __future__ import annotations


def period_range(ctx, game: str, period: str) -> tuple[int, int] | None:
    for p in ctx.kb.games.get(game, {}).get("periods", []):
        if p["id"] == period and p.get("start") is not None and p.get("end") is not None:
            return p["start"], p["end"]
    return None
