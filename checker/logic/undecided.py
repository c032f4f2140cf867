"""Which findings are logic verdicts left undecided by a time limit (the exit code 3 "inconclusive").

Kept apart from ``analysis.py`` so that deciding the exit code of a check whose findings came from the cache
does not import clingo (issue 18: lean start)."""

from __future__ import annotations

UNDECIDED_RULE = "LOG002"


def undecided(finding) -> bool:
    """Is this finding a logic verdict that stayed undecided (a time limit)? Then ``rulekb check`` exits 3
    (inconclusive) unless an error-level finding makes it exit 1."""
    return (finding.rule == UNDECIDED_RULE and finding.severity == "info") or (
        finding.rule == "DCK005" and finding.severity == "info" and "undecided" in finding.message)
