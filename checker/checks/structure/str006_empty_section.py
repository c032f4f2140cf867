"""A heading with nothing under it.

Why: an empty ``MILITARY PHASE:`` or ``CASE II:`` is text that was lost (a page break, a paste), or a heading
that should be removed; either way the reader is told something happens and then nothing does.

Fails::

    DIPLOMACY PHASE:
    ADMINISTRATION PHASE:
    1. …

Passes: every heading has at least one clause or sub-heading under it. A case heading carries its condition in
the heading itself, so an empty case is still reported (its body is missing).

Add the missing text or remove the heading.
"""

from __future__ import annotations

CODE = "STR006"
NAME = "empty-section"
CATEGORY = "structure"
SEVERITY = "warning"
SCOPE = "entry"  # the event's (or rule's) own structure against the game profile


def check(ctx):
    for event in ctx.events():
        for section in event.all_sections():
            if not section.clauses and not section.sections:
                yield ctx.finding(event.id, section.line, f"'{section.heading.rstrip(':')}' has nothing under it")
