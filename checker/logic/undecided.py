"""Which findings are logic verdicts left undecided by a time limit (the exit code 3 "inconclusive").

Kept apart from ``analysis.py`` so that deciding the exit code of a check whose findings came from the cache
does not import clingo (issue 18: lean start)."""

from __future__ import annotations

UNDECIDED_RULE = "LOG002"
# Findings that are limits of rulekb, not errata: a sentence it does not read (docs/logic.md S11). While one is
# reported, answers that depend on it are inconclusive, and so is the check.
LIMIT_RULES = frozenset({"LOG007"})


def undecided(finding) -> bool:
    """Is this finding a logic verdict that stayed undecided (a time limit, or an unread sentence it depends on), or
    an unread sentence itself (LOG007)? Then ``rulekb check`` exits 3
    (inconclusive) unless an error-level finding makes it exit 1."""
    return (finding.rule == UNDECIDED_RULE and finding.severity == "info") or finding.rule in LIMIT_RULES or (
        finding.rule == "DCK005" and finding.severity == "info" and "undecided" in finding.message)
