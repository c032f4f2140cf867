"""A numbered or lettered clause list that does not count 1, 2, 3 … (or a, b, c …): a gap, a restart, or a
list that starts at 2.

Why: clauses are cited by number ("as in clause 3", "Diplomacy Phase 3 above"). A list that starts at 2 has
lost its first clause or was cut from a longer list; a gap or restart makes those citations ambiguous.

Fails (starts at 2)::

    MONARCH SURVIVAL PHASE:
    2. SPA can freely remove Olivares from office …

Passes::

    MONARCH SURVIVAL PHASE:
    1. SPA can freely remove Olivares from office …

Renumber the list, or restore the missing clause. In rule documents (chapter texts) the same is checked for
numbered items; a list of several ``1.`` items in a row is reported as a restart.
"""

from __future__ import annotations

from . import containers

CODE = "STR003"
NAME = "numbering"
CATEGORY = "structure"
SEVERITY = "warning"
SCOPE = "entry"  # the event's (or rule's) own structure against the game profile


def _value(marker: str) -> tuple[str, int] | None:
    label = marker.rstrip(".").strip()
    if 0 < len(label) <= 2 and label.isdecimal():  # \d{1,2}: decimal digits (Unicode category Nd), as re reads \d
        return "number", int(label)
    if len(label) == 1 and "a" <= label <= "z":
        return "letter", ord(label) - ord("a") + 1
    return None


def _sequence(items):
    """Yield (item, problem) for a list of (marker, line, payload)."""
    expected: dict[str, int] = {}
    for marker, line, payload in items:
        v = _value(marker)
        if v is None:
            continue
        kind, n = v
        exp = expected.get(kind, 1)
        if n != exp:
            if kind not in expected and n != 1:
                problem = f"list starts at {marker.rstrip('.')}"
            elif n == 1:
                problem = f"numbering restarts at {marker.rstrip('.')} (expected {exp if kind == 'number' else chr(96 + exp)})"
            else:
                problem = f"numbering jumps to {marker.rstrip('.')} (expected {exp if kind == 'number' else chr(96 + exp)})"
            yield line, payload, problem
        expected[kind] = n + 1


def _clause_lists(clauses):
    yield clauses
    for c in clauses:
        if c.children:
            yield from _clause_lists(c.children)


def check(ctx):
    for event in ctx.events():
        for label, clauses in containers(event):
            for seq in _clause_lists(clauses):
                items = [(c.marker, c.line, c) for c in seq if c.marker]
                for line, _, problem in _sequence(items):
                    where = "the conditions" if label == "conditions" else f"'{label.rstrip(':')}'"
                    yield ctx.finding(event.id, line, f"in {where}: {problem}")
    for rid in sorted(ctx.kb.rules):
        rule = ctx.kb.rules[rid]
        # Items at one indentation form one list; a heading or paragraph in between does not break it.
        by_indent: dict[int, list] = {}
        for block in rule.blocks:
            if block.kind == "item" and _value(block.marker) and _value(block.marker)[0] == "number":
                by_indent.setdefault(block.indent, []).append((block.marker, block.line, block))
        for items in by_indent.values():
            for line, _, problem in _sequence(items):
                yield ctx.finding(rid, line, problem, "info")
