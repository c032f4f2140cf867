"""A sentence has the shape of a rule, but the logic reader's grammar cannot read it: the rule is not modelled.

It is a limit of rulekb, not an erratum, and is reported as such (severity info, counted apart from errata):
``rulekb check`` exits 3 (inconclusive) while such a sentence is reported and no error is, and every answer of
``order``, ``explain`` and ``now`` that depends on it (docs/logic.md S11) is inconclusive too.

Why: the logic checks (LOG001–LOG006, ``rulekb order``, ``rulekb explain``) reason only with the structured logic
the reader derives from the text. A requirement, a failure outcome, a state change, a cancellation or a scoping
condition that the grammar cannot place would otherwise vanish: an event would look playable, or an effect would
look unconditional, and nothing would say so. This check quotes the words the grammar could not place (from the
first word it could not read to the end of the sentence), so the sentence can be reworded into a form the grammar
reads (docs/logic.md, "Sentence forms") or its logic written by hand (``curated: true``).

Fails (a requirement with a condition the grammar has no form for)::

    1. Cannot occur if the moon is full. Otherwise re-roll.

Passes::

    1. Cannot occur if Prussia is currently active. Otherwise re-roll.

or the clause carries hand-written logic (``logic: {role: requirement, …, curated: true}``), or the finding is
accepted in ``kb/accepted.yaml`` with a reason (a sentence that only looks like a rule).
"""

from __future__ import annotations

from ...logic.basis import unread_items

CODE = "LOG007"
NAME = "rule-not-understood"
CATEGORY = "logic"
SEVERITY = "info"
SCOPE = "entry"  # the event's own unread clauses


def check(ctx):
    for event in ctx.events():
        for line, what, logic in unread_items(event):
            words = " ".join(str(logic.get("words", "")).split())
            if len(words) > 160:
                words = words[:157] + "…"
            yield ctx.finding(event.id, line,
                              f"rule sentence not understood ({logic.get('reason', 'not read')}): \"{words}\"; a limit "
                              "of rulekb, not an erratum: every answer that depends on it is inconclusive")
