"""A worked example whose effect line and explanation count different turns: the card says "current
investment", the explanation "all previous investments … not … the current turn" (or the other way round).

Why: "Double value of current investment in battleship design research" and "All previous investments in
battleship design are doubled … This does not apply to research points assigned in the current turn" tell a
player to double different research points. One of them is an erratum; AWW003 compares amounts, this check the
turns counted.

Each text is given a scope: *current* when it speaks of the current investment, this turn or the current
turn's points (and does not exclude them), *previous* when it speaks of previous investments or turns, or says
the current turn's points do not count. Texts with no scope are not compared; a text with both is *both*.
Effect line and explanation with different scopes (current vs previous) are reported.

Fails::

    Double value of current investment in battleship design research.
    All previous investments in battleship design are doubled. This does not apply to research points
    assigned in the current turn.

Passes: the card says "Double value of previous investment in battleship design research".

Correct the card or the explanation.
"""

from __future__ import annotations

import re

from . import examples, explanation

CODE = "AWW004"
NAME = "counted-turns"
CATEGORY = "reference"
SEVERITY = "warning"
SCOPE = "kb"  # reviewed and listed whole-KB with the logic checks

_CURRENT = re.compile(r"\bcurrent (?:investment|research points?|turn's)\b|\bthis turn's\b|\bin the current turn\b",
                      re.IGNORECASE)
_PREVIOUS = re.compile(r"\bprevious(?:ly)? (?:investments?|turns?|invested)\b|\bin previous turns\b", re.IGNORECASE)
_EXCLUDES_CURRENT = re.compile(r"\b(?:does not|do not|doesn't) apply to [^.]{0,80}\bcurrent turn\b", re.IGNORECASE)


def scope(text: str) -> str | None:
    excluded = _EXCLUDES_CURRENT.search(text)
    current = bool(_CURRENT.search(_EXCLUDES_CURRENT.sub(" ", text)))
    previous = bool(_PREVIOUS.search(text)) or bool(excluded)
    if current and previous:
        return "both"
    return "current" if current else "previous" if previous else None


def check(ctx):
    for rule in examples(ctx):
        told = scope(explanation(rule))
        if told not in ("current", "previous"):
            continue
        for effect in rule.effects:
            card = scope(effect.text)
            if card in ("current", "previous") and card != told:
                yield ctx.finding(rule.id, effect.line,
                                  f"the card counts the {card} turn's research ('{' '.join(effect.text.split()[:8])}…'), "
                                  f"the explanation the {told} turns'")
