"""A historical date that cannot be read as a year, a range, or one of the accepted phrases.

Why: the chronology checks and the site's period lists need a year. ``1773-74``, ``1605-1613 / 1654-1667``,
``1789/1792``, ``no definite date`` and ``(non-historical)`` are all understood; ``17??`` or ``late century``
are not.

Fails::

    5: SOME EVENT (historical date: late century)

Passes::

    5: SOME EVENT (historical date: 1785-87)

Write the year (or range), or ``no definite date``. A title without any date is reported (info) only in a game
whose profile gives years to its periods: a card deck whose periods have no years writes no historical dates.
"""

from __future__ import annotations

from ...textformat.event_list import date_ranges

CODE = "CHR002"
NAME = "unreadable-date"
CATEGORY = "chronology"
SEVERITY = "warning"
SCOPE = "entry"  # the event's date against its game profile's periods

ACCEPTED = {"no definite date", "non-historical"}


def check(ctx):
    dated = any(p.get("start") is not None for p in ctx.kb.games.get(ctx.kb.game, {}).get("periods", []))
    for event in ctx.events():
        if event.date is None and not dated:
            continue  # a game whose profile dates no period (a card deck) writes no historical dates
        if event.date is None:
            yield ctx.finding(event.id, event.source.line,
                              "the title has no '(historical date: …)' (write 'no definite date' if there is none)",
                              "info")
        elif event.date not in ACCEPTED and event.date_start is None:
            yield ctx.finding(event.id, event.source.line, f"historical date '{event.date}' has no year")
        elif any(end < start for start, end in date_ranges(event.date)):
            yield ctx.finding(event.id, event.source.line,
                              f"historical date '{event.date}' ends before it starts")
