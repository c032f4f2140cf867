"""An event reference is written PERIOD:NUMBER (``IV:7``) where the canonical form is NUMBER:PERIOD (``7:IV``).

Why: both forms name the same event, and rulekb resolves both, but one text using both forms is harder to
search and to read, and the mixture is a sign of text pasted from different editions.

Fails::

    2. Can occur only if event IV:7 (English civil war) has already occurred.

Passes::

    2. Can occur only if event 7:IV (English civil war) has already occurred.

A reference into a period the KB does not hold is reported once, by REF002 (or REF006), naming both aspects.

Rewrite the reference in the canonical form, or accept the finding if the text must stay as printed.
"""

from __future__ import annotations

from . import event_refs

CODE = "REF003"
NAME = "reference-form"
CATEGORY = "style"
SEVERITY = "info"
# the event's references, resolved by look-up (the KB's periods are a look-up of the whole KB)
SCOPE = "entry"


def check(ctx):
    periods = ctx.periods()
    for subject, ref in event_refs(ctx):
        if ref.form == "period:number" and ref.target.split(":")[1] in periods:
            yield ctx.finding(subject, ref.line,
                              f"'{ref.text}' is written PERIOD:NUMBER; the canonical form is {ref.target}")
