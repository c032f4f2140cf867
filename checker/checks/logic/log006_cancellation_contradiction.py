"""A cancellation contradicts a requirement: an effect that cancels an event, or says it can never occur,
makes another event (or case) impossible.

Why: "event 8:VI can never occur" in one event and "cannot occur before event 8:VI has occurred" in another
are fine on their own; together they kill the second event whenever the first applies in every history that
could lead to it. This is reported separately from LOG002 because the fix is usually in the cancelling
event, not in the requirement.

Fails::

    1: … EVENTS PHASE: 1. Event 2:VII can never occur.   (1:VII required by 3:VII)
    3: … 1. Cannot occur before event 1:VII has occurred.
         2. Cannot occur before event 2:VII has occurred.

Passes: the cancellation is optional ("in all other cases …") or the requirement is dropped.

The explanation names the cancelling effect and the requirements it contradicts.
"""

from __future__ import annotations

from . import analysis, explanation
from .log002_never_fires import cancellation_in

CODE = "LOG006"
NAME = "cancellation-contradiction"
CATEGORY = "logic"
SEVERITY = "error"
SCOPE = "kb"  # the logic analysis of the whole game


def check(ctx):
    for v in analysis(ctx).verdicts:
        if v.status == "never" and cancellation_in(v.explanation):
            line = v.line if v.line else ctx.kb.events[v.event].source.line
            yield ctx.finding(v.event, line,
                              f"{v.subject} can never be played: a cancellation contradicts its requirements",
                              explanation=explanation(ctx, v.explanation))
