"""A clause's text and its structured logic name different events: text and logic drifted apart.

Why: the structured logic (``logic:`` next to a clause) is what the logic engine reasons with; the verbatim
text is what players read. When a text is edited ("event 4:VII" becomes "event 5:VII") and the logic is not,
or a person curates the logic and mistypes an id, the two disagree silently. This check compares the event
ids written in the clause with those its logic carries (conditions and effects).

Fails (the text was edited to 5:VII, the logic still says 4:VII)::

    - text: Cannot occur before event 5:VII has occurred.
      logic: {role: requirement, when: [{kind: occurred, event: "4:VII"}]}

Passes: text and logic both name 5:VII.

Only clauses that have structured logic are compared. A reference in the text that the logic deliberately
leaves out (a "see event …" aside) can be accepted with a reason.
"""

from __future__ import annotations

import sys

CODE = "REF004"
NAME = "logic-drift"
CATEGORY = "reference"
SEVERITY = "warning"


def logic_events(logic: dict) -> set[str]:
    out = set()
    for key in ("when", "when_any", "unless", "effects"):
        for item in logic.get(key, []) or []:
            if item.get("event"):
                out.add(item["event"])
            out.update(item.get("events", []))  # a free condition's context: "(see event 4:VI)"
    return out


def check(ctx):
    mod = sys.modules[__name__]
    for event in ctx.events():
        for clause in event.all_clauses():
            if not clause.logic or clause.logic.get("role") == "note":
                continue
            in_text = {r.target for r in clause.refs if r.kind == "event"}
            in_logic = logic_events(clause.logic)
            for missing in sorted(in_text - in_logic):
                yield ctx.finding(mod, event.id, clause.line,
                                  f"the text names event {missing}, but the clause's structured logic does not")
            for extra in sorted(in_logic - in_text):
                yield ctx.finding(mod, event.id, clause.line,
                                  f"the structured logic names event {extra}, which the clause's text does not mention")
