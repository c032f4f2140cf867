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
    return [(eid, r) for eid, r in entry_references(ctx) if r.kind == "event"]
