"""A contributed event text cannot be parsed.

Why: a text that cannot be read into the model cannot be checked at all. The message says what was expected
where, for example an event title ``N: TITLE (historical date: YEAR)`` or a ``(duration: …)`` line.

Fails::

    REVOLT IN INDONESIA (historical date: 1750)

Passes::

    1: REVOLT IN INDONESIA (*) (historical date: no definite date)
    (duration: until the suppression of the revolts)

Fix the line named in the finding.
"""

from __future__ import annotations

CODE = "PAR001"
NAME = "unparsable-text"
CATEGORY = "schema"
SEVERITY = "error"
SCOPE = "entry"  # the read errors of the contributed texts, found while placing them


def check(ctx):
    yield from getattr(ctx, "parse_findings", [])
