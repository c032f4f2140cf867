"""A clause's text and its structured logic name different events: text and logic drifted apart.

Why: the structured logic (``logic:`` next to a clause) is what the logic engine reasons with; the verbatim
text is what players read. When a text is edited ("event 4:VII" becomes "event 5:VII") and the logic is not,
or a person curates the logic and mistypes an id, the two disagree silently. This check compares the event
ids written in the clause with those its logic carries (conditions and effects).

Fails (the text was edited to 5:VII, the logic still says 4:VII)::

    - text: Cannot occur before event 5:VII has occurred.
      logic: {role: requirement, when: [{kind: occurred, event: "4:VII"}]}

Passes: text and logic both name 5:VII.

Only clauses that have structured logic are compared (not ``role: unread`` ones: LOG007 reports those). An
event's logic may name the event itself ("this event", "the rest of the event") without the text naming it. A
reference in the text that the logic deliberately leaves out can be accepted with a reason.

Hand-written logic (``curated: true``) is also compared with what the logic reader's grammar reads from the same
text today: when they differ, the text or the grammar has moved on since the person wrote the logic (or the
person corrected a reading on purpose: accept it with a reason).
"""

from __future__ import annotations

CODE = "REF004"
NAME = "logic-drift"
CATEGORY = "reference"
SEVERITY = "warning"
# the event's references, resolved by look-up (the KB's periods are a look-up of the whole KB)
SCOPE = "entry"


def logic_events(logic) -> set[str]:
    """Every event id the logic names, at any depth (composite conditions, first_of alternatives, per-item when)."""
    out: set[str] = set()
    if isinstance(logic, dict):
        if logic.get("inherited_from"):
            return out  # the cases of a repeated event: named by that event's text, not by this clause's
        if isinstance(logic.get("event"), str):
            out.add(logic["event"])
        out.update(logic.get("events", []) or [])  # a condition's context: "(see event 4:VI)"
        for key in ("when", "when_any", "unless", "effects", "of"):
            out |= logic_events(logic.get(key) or [])
    elif isinstance(logic, list):
        for item in logic:
            out |= logic_events(item)
    return out


def _comparable(logic: dict) -> str:
    import json

    def norm(x):
        if isinstance(x, dict):
            return {k: norm(v) for k, v in sorted(x.items()) if k not in ("derived_from", "curated")}
        if isinstance(x, list):
            return sorted((norm(v) for v in x), key=lambda v: json.dumps(v, sort_keys=True))
        return x

    return json.dumps(norm(logic), sort_keys=True)


def _curated_drift(ctx, event):
    if not any(c.logic and c.logic.get("curated") for c in event.all_clauses()):
        return  # no hand-written logic in the event (most events): nothing to compare
    from ...logic.derive import event_vocabulary, read_clause

    # The vocabulary depends on the game's profile and the event's period alone: built once per period and run.
    vocab = ctx.memo(f"REF004-vocabulary:{event.period}", lambda: event_vocabulary(event, ctx.profile()))

    def walk(clauses, scope):
        for clause in clauses:
            logic = clause.logic or {}
            if logic.get("curated"):
                read = read_clause(clause, event.id, scope, vocab=vocab)
                if read is None or _comparable(read) != _comparable(logic):
                    said = "nothing rule-shaped" if read is None else (
                        "a sentence it cannot read" if read.get("role") == "unread" else "different logic")
                    yield ctx.finding(event.id, clause.line,
                                      f"the clause's hand-written (curated) logic differs from what the grammar reads "
                                      f"from its text today ({said}): check that the text and the logic still agree")
            child_scope = scope
            if logic.get("role") == "case_condition":
                child_scope = [*(scope or []), *logic.get("when", [])]
            yield from walk(clause.children, child_scope)

    yield from walk(event.conditions, None)
    for section in event.all_sections():
        yield from walk(section.clauses, None)


def _with_parent_refs(event) -> list:
    """(clause, event ids its text names, event ids its parent clauses' texts name), in text order: a sub-clause's
    logic carries its parent's condition ("If event 4:VI is in effect, the following is added …: a. …")."""
    out: list = []

    def walk(clauses, above: frozenset) -> None:
        for clause in clauses:
            own = frozenset(r.target for r in clause.refs if r.kind == "event") if clause.refs else _NONE
            out.append((clause, own, above))
            if clause.children:
                walk(clause.children, above | own)

    walk(event.conditions, _NONE)
    for section in event.all_sections():
        walk(section.clauses, _NONE)
    return out


_NONE: frozenset = frozenset()


def check(ctx):
    for event in ctx.events():
        for clause, in_text, above in _with_parent_refs(event):
            if not clause.logic or clause.logic.get("role") in ("note", "unread"):
                continue
            in_logic = logic_events(clause.logic) - ({event.id} - in_text) - (above - in_text)  # itself, parents
            for missing in sorted(in_text - in_logic):
                yield ctx.finding(event.id, clause.line,
                                  f"the text names event {missing}, but the clause's structured logic does not")
            for extra in sorted(in_logic - in_text):
                yield ctx.finding(event.id, clause.line,
                                  f"the structured logic names event {extra}, which the clause's text does not mention")
        yield from _curated_drift(ctx, event)
