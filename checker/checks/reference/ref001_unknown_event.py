"""An event reference names an event that does not exist, although its period is in the knowledge base.

Why: "Cannot occur before event 4:VII" is only checkable when 4:VII exists. A reference to a missing event of a
period the KB holds is a typo or an event that was renumbered or dropped.

Fails (period VII is in the KB, 14:VII is not)::

    1. Cannot occur before event 14:VII has occurred.

Passes::

    1. Cannot occur before event 4:VII has occurred.

Fix the number, or add the missing event. If the reference is intended (an event still to be written),
accept the finding in ``kb/accepted.yaml`` with a reason.
"""

from __future__ import annotations

from . import event_refs

CODE = "REF001"
NAME = "unknown-event"
CATEGORY = "reference"
SEVERITY = "error"
# the event's references, resolved by look-up (the KB's periods and event counts are look-ups of the whole KB)
SCOPE = "entry"


def check(ctx):
    periods = {e.period for e in ctx.kb.events.values()}
    for subject, ref in event_refs(ctx):
        period = ref.target.split(":")[1]
        if period in periods and ref.target not in ctx.kb.events and ref.target not in ctx.unreadable:
            # (an event whose file fails its schema exists: SCH001 reports that file, not every reference to it)
            yield ctx.finding(
                subject, ref.line,
                f"'{ref.text}' names event {ref.target}, which does not exist (period {period} has "
                f"{sum(1 for e in ctx.kb.events.values() if e.period == period)} events)")
