"""Reference checks: event, rule and other references resolve, in one form."""

from __future__ import annotations

from ...model import Reference


def entry_references(ctx):
    """(entry id, reference) for every reference in every event clause and rule entry, in KB order."""
    for event in ctx.events():
        for clause in event.all_clauses():
            for ref in clause.refs:
                yield event.id, ref
    for rid in sorted(ctx.kb.rules):
        for ref in ctx.kb.rules[rid].refs:
            yield rid, ref


def event_refs(ctx) -> "list[tuple[str, Reference]]":
    """Event references, one per (entry, line, written form): a clause naming III:7 three times is one place."""
    seen: dict[tuple, tuple[str, Reference]] = {}
    for eid, r in entry_references(ctx):
        if r.kind == "event":
            seen.setdefault((eid, r.line, r.text), (eid, r))
    return list(seen.values())
