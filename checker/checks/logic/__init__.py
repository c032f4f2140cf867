"""Logic checks: answers of the ASP model (asp/) about the whole KB, each with the clauses that explain it."""

from __future__ import annotations

from ...logic.analysis import analyse
from ...model import ExplanationItem

TIME_LIMIT = 2.0


def analysis(ctx):
    """The whole-KB analysis, or, when only some entries are reported (checking contributed texts), the analysis
    of those events (their cones are still taken from the whole KB)."""
    wanted = None if ctx.only is None else {e for e in ctx.only if e in ctx.kb.events}
    return ctx.memo("logic-analysis", lambda: analyse(ctx.kb, time_limit=TIME_LIMIT, events=wanted))


def explanation(ctx, clauses) -> list[ExplanationItem]:
    items = []
    for info in clauses:
        file, line = ctx.locate(info.event, info.line)
        items.append(ExplanationItem(info.event, file, line, info.text))
    return items
