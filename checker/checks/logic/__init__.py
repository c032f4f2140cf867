"""Logic checks: answers of the ASP model (asp/) about the whole KB, each with the clauses that explain it."""

from __future__ import annotations

from ...logic.analysis import analyse
from ...model import ExplanationItem

TIME_LIMIT = 2.0


def analysis(ctx):
    return ctx.memo("logic-analysis", lambda: analyse(ctx.kb, time_limit=TIME_LIMIT))


def explanation(ctx, clauses) -> list[ExplanationItem]:
    items = []
    for info in clauses:
        file, line = ctx.locate(info.event, info.line)
        items.append(ExplanationItem(info.event, file, line, info.text))
    return items
