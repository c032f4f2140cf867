"""An event's historical date lies outside the years of its period; with a date of several ranges
(``1605-1613 / 1654-1667``, an event that joins two historical episodes), each range is checked on its own.

Why: the events of a period are drawn during that period's turns; an event dated decades before the period
starts is either misplaced in the wrong period or misdated. A date range that overlaps the period is fine.
Periods whose years no source states are not checked. A historical date never changes how the event is played,
so the finding is info (the severity policy: a record to correct, nothing a player must decide); a date that
ends a few years (up to 15) before the period starts, common for events that open the period, says so.

A date of two ranges is read range by range: ``1605-1613 / 1654-1667`` in period IV (1615–1659) overlaps the
period as a whole, but its first range, the Time of Troubles, ends before the period starts, so one of the two
episodes is dated outside its period.

Fails (period IV is 1615–1659)::

    8: CREATION OF THE LONDON STOCK EXCHANGE (historical date: 1554)
    6: PERSONAL UNION BETWEEN ENGLAND AND SCOTLAND (historical date: 1603)       (12 years before)
    2: THE TIME OF TROUBLES IN RUSSIA / COSSACK REVOLT (2) (historical date: 1605-1613 / 1654-1667)

Passes::

    20: RICHELIEU (historical date: 1624-1642)
    2: … (historical date: 1615-1618 / 1654-1667)

Fix the date or move the event to its period; accept the finding if the event is deliberately anachronistic.
"""

from __future__ import annotations

from ...textformat.event_list import date_ranges
from . import period_range

CODE = "CHR001"
NAME = "date-outside-period"
CATEGORY = "chronology"
SEVERITY = "info"
SCOPE = "entry"  # the event's date against its game profile's periods

JUST_BEFORE = 15


def _outside(lo: int, hi: int, start: int, end: int) -> str | None:
    """How the range lo–hi lies outside start–end, or None when it overlaps."""
    if hi >= start and lo <= end:
        return None
    if hi < start and start - hi <= JUST_BEFORE:
        return f"is {start - hi} year{'s' if start - hi != 1 else ''} before"
    return f"lies {start - hi} years before" if hi < start else f"lies {lo - end} years after"


def _tail(where: str, period: str) -> str:
    """'is 12 years before period IV starts' (just before) or 'lies 61 years before period IV'."""
    return f"{where} period {period} starts" if where.startswith("is ") else f"{where} period {period}"


def check(ctx):
    for event in ctx.events():
        rng = period_range(ctx, event.game, event.period)
        if rng is None or event.date_start is None:
            continue
        start, end = rng
        years = f"{start}–{end}"
        lo, hi = event.date_start, event.date_end or event.date_start
        where = _outside(lo, hi, start, end)
        if where is not None:
            yield ctx.finding(event.id, event.source.line,
                              f"historical date {event.date} {_tail(where, event.period)} ({years})")
            continue
        ranges = date_ranges(event.date)
        if len(ranges) < 2:
            continue
        for i, (a, b) in enumerate(ranges):
            where = _outside(a, b, start, end)
            if where is None:
                continue
            what = f"{a}-{b}" if a != b else str(a)
            nth = ("first", "second", "third")[i] if i < 3 else f"{i + 1}th"
            yield ctx.finding(event.id, event.source.line,
                              f"the {nth} range {what} of the historical date {event.date} "
                              f"{_tail(where, event.period)} ({years}): "
                              f"one of the episodes the event joins is dated outside its period")
