"""Style checks: placeholders left in text, spelling."""

from __future__ import annotations


def all_texts(ctx):
    """(entry id, source line, text) for every event clause and rule block, in KB order."""
    for event in ctx.events():
        for clause in event.all_clauses():
            yield event.id, clause.line, clause.text
    for rid in sorted(ctx.kb.rules):
        for block in ctx.kb.rules[rid].blocks:
            yield rid, block.line, block.text
