"""A reference into a missing period that is most likely a typo for the citing event's own period.

Why: 8:VII says "ceded by the special conditions in event 7:VI". Period VI is not in the KB, so the reference
cannot be checked; but 8:VII is built on 7:VII (the First Division of Poland, whose special peace conditions
cede the provinces), "VI" is "VII" less one letter, and 8:VII names 7:VII elsewhere. Such a reference is
reported as a probable erratum, with the event that was probably meant, instead of as a plain external
reference (REF002).

Fails (period VI is not in the KB; 2:VII extends or names 1:VII elsewhere)::

    The second event repeats exactly the first event (1:VII), except: …
    1. … ceded by the special conditions in event 1:VI …

Passes: the same text with ``1:VII``; or ``4:VI`` in an event that has nothing else to do with 4:VII.

Fix the period, or, if the other period is meant, accept the finding in ``kb/accepted.yaml`` with a reason.
"""

from __future__ import annotations

from . import event_refs, form_note, period_typo_target

CODE = "REF006"
NAME = "period-typo"
CATEGORY = "reference"
SEVERITY = "warning"
# the event's references, resolved by look-up (the KB's periods are a look-up of the whole KB)
SCOPE = "entry"


def check(ctx):
    for subject, ref in event_refs(ctx):
        meant = period_typo_target(ctx, subject, ref)
        if meant:
            title = ctx.kb.events[meant].title
            yield ctx.finding(subject, ref.line,
                              f"'{ref.text}' refers to period {ref.target.split(':')[1]}, which the KB does not "
                              f"hold, but {subject} builds on {meant} ({title}) elsewhere: is {meant} meant?{form_note(ref)}")
