"""Style checks: placeholders left in text, spelling."""

from __future__ import annotations


def all_texts(ctx):
    """(entry id, source line, text) for every event clause and rule block, in KB order."""
    for _, entry, line, text in ordered_texts(ctx, ctx.events(), ctx.kb.rules):
        yield entry, line, text


def ordered_texts(ctx, events, rules):
    """(order, entry id, source line, text) of these events' clauses and rules' blocks: events in the order given
    (``order`` is their :meth:`CheckContext.event_order`), then rules by id."""
    for e in events:
        order = (0, *ctx.event_order(e), "")
        for clause in e.all_clauses():
            yield order, e.id, clause.line, clause.text
    for rid in sorted(rules):
        for block in rules[rid].blocks:
            yield (1, 0, "", 0, rid), rid, block.line, block.text
