"""Structure checks: headings, turn order, numbering, multiplicity, durations, empty sections, effect lines."""

from __future__ import annotations


def containers(event):
    """(label, clause list) for the conditions and every section of an event."""
    yield "conditions", event.conditions
    for section in event.all_sections():
        yield section.heading, section.clauses
