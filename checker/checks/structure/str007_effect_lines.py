"""An A World at War effect line that does not fit its type's grammar: a missing amount or a garbled cap.

Why: an effect line is what a player applies ("Italian support level: -1"). ``Italian support level: +
(max. +3)`` has lost its number; ``(max. +/3)`` is neither a cap of +3 nor one of +/-3. The line is kept
verbatim and flagged, never dropped.

Fails::

    Italian support level: + (max. +3)
    Italian support level: (max. +/3)

Passes::

    German support level: -3 (max. +3)
    British support level: (max. +/-3)

Fix the line in the source text, or accept the finding with the reading you chose.
"""

from __future__ import annotations

CODE = "STR007"
NAME = "effect-line"
CATEGORY = "structure"
SEVERITY = "warning"
SCOPE = "entry"  # the event's (or rule's) own structure against the game profile


def check(ctx):
    for rid in sorted(ctx.kb.rules):
        for effect in ctx.kb.rules[rid].effects:
            if not effect.parsed:
                yield ctx.finding(rid, effect.line, f"effect line '{effect.text.splitlines()[0]}': {effect.problem}")
