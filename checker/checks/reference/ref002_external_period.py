"""An event reference points into a period the knowledge base does not hold: recorded as external.

Why: references such as ``event 4:VI`` or ``III:7`` cannot be resolved until that period's events are in the KB.
They are not errors, but they are listed so that nothing is silently dropped, and so that a typo of the period
(``7:VI`` written for ``7:VII``) can be spotted by a reader.

Fails, i.e. is reported (period VI is not in the KB)::

    CASE I: If event 4:VI is in effect and Poland is in VA of FRA.

Passes: ``event 4:VII`` when period VII is in the KB. A reference that looks like a typo of the period is
reported as REF006 instead. A reference that is also written PERIOD:NUMBER (``III:7``) is one finding naming both
aspects (REF003 does not report it again).

Nothing to fix unless the period is a typo; add the period's events to resolve them.
"""

from __future__ import annotations

from . import event_refs, form_note, period_typo_target

CODE = "REF002"
NAME = "external-period"
CATEGORY = "reference"
SEVERITY = "info"
# the event's references, resolved by look-up (the KB's periods are a look-up of the whole KB)
SCOPE = "entry"


def check(ctx):
    periods = ctx.periods()
    for subject, ref in event_refs(ctx):
        period = ref.target.split(":")[1]
        if period not in periods and not period_typo_target(ctx, subject, ref):  # REF006 reports those
            yield ctx.finding(subject, ref.line,
                              f"'{ref.text}' refers to period {period}, which the KB does not hold: external reference"
                              f"{form_note(ref)}")
