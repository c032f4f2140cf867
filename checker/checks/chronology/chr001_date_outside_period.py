"""An event's historical date lies outside the years of its period.

Why: the events of a period are drawn during that period's turns; an event dated decades before the period
starts is either misplaced in the wrong period or misdated. A date that ends a few years (up to 15) before
the period starts is common for events that open the period, so it is only noted (info); further out it is a
warning. A date range that overlaps the period is fine. Periods whose years no source states are not checked.

Fails (period IV is 1615–1659)::

    8: CREATION OF THE LONDON STOCK EXCHANGE (historical date: 1554)

Fails with info only::

    6: PERSONAL UNION BETWEEN ENGLAND AND SCOTLAND (historical date: 1603)

Passes::

    20: RICHELIEU (historical date: 1624-1642)

Fix the date or move the event to its period; accept the finding if the event is deliberately anachronistic.
"""

from __future__ import annotations

import sys

from . import period_range

CODE = "CHR001"
NAME = "date-outside-period"
CATEGORY = "chronology"
SEVERITY = "warning"

JUST_BEFORE = 15


def check(ctx):
    mod = sys.modules[__name__]
    for event in ctx.events():
        rng = period_range(ctx, event.game, event.period)
        if rng is None or event.date_start is None:
            continue
        start, end = rng
        lo, hi = event.date_start, event.date_end or event.date_start
        if hi >= start and lo <= end:
            continue
        years = f"{start}–{end}"
        if hi < start and start - hi <= JUST_BEFORE:
            yield ctx.finding(mod, event.id, event.source.line,
                              f"historical date {event.date} is {start - hi} year{'s' if start - hi != 1 else ''} before period {event.period} "
                              f"starts ({years})", "info")
        else:
            where = f"{start - hi} years before" if hi < start else f"{lo - end} years after"
            yield ctx.finding(mod, event.id, event.source.line,
                              f"historical date {event.date} lies {where} period {event.period} ({years})")
