"""A misspelled label in an event's header: ``(historica date: 1791)`` for ``(historical date: 1791)``.

Why: the header labels ("historical date", "duration", "non-historical", "no definite date") are the fixed
words of the event format; a slip in them looks careless in print and, for a stranger's text, may make a reader
(or a parser) miss the date. Each parenthesised part of the title line that is not a multiplicity (``(2)``,
``(*)``) is compared with the labels; one that is close to a label (similarity 75 or more) but not equal to it is
reported with the label meant.

Fails::

    11: THE CONFEDERATION OF BAR (historica date: 1791)

Passes::

    11: THE CONFEDERATION OF BAR (historical date: 1791)

Correct the label.
"""

from __future__ import annotations

import re

from rapidfuzz import fuzz

CODE = "STY005"
NAME = "header-label"
CATEGORY = "style"
SEVERITY = "info"
SCOPE = "entry"  # the event's own header

LABELS = ("historical date", "duration", "non-historical", "no definite date")
_PART = re.compile(r"\(([^()]{1,200})\)")


def slips(header: str):
    """(label as written, label meant) for each misspelled label in a header line."""
    for m in _PART.finditer(header):
        inner = m.group(1).strip()
        label = inner.split(":", 1)[0].strip().lower() if ":" in inner else inner.lower()
        if len(label) > 30 or label in LABELS:
            continue
        best = max(LABELS, key=lambda lab: fuzz.ratio(label, lab))
        if fuzz.ratio(label, best) >= 75:
            yield inner.split(":", 1)[0].strip() if ":" in inner else inner, best


def check(ctx):
    for event in ctx.events():
        for written, meant in slips(event.header):
            yield ctx.finding(event.id, event.source.line,
                              f"header label '{written}' is misspelled: '{meant}' is meant")
