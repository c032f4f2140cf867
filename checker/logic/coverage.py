"""How much of the texts' rules the logic reader reads: per event and in total (``rulekb explain --coverage``).

A rule-shaped item is a clause or case/part heading that carries logic (read by the grammar, curated by hand, or
reported unread). Read fully: logic other than ``unread``; curated: ``curated: true`` (whatever the grammar reads);
not understood: ``role: unread`` (each one is a LOG007 finding).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Coverage:
    event: str
    rule_shaped: int = 0
    read: int = 0
    curated: int = 0
    not_understood: int = 0

    def add(self, other: "Coverage") -> None:
        self.rule_shaped += other.rule_shaped
        self.read += other.read
        self.curated += other.curated
        self.not_understood += other.not_understood


def event_coverage(event) -> Coverage:
    cov = Coverage(event.id)
    items = [s.logic for s in event.all_sections()] + [c.logic for c in event.all_clauses()]
    for logic in items:
        if not logic:
            continue
        cov.rule_shaped += 1
        if logic.get("curated"):
            cov.curated += 1
        elif logic.get("role") == "unread":
            cov.not_understood += 1
        else:
            cov.read += 1
    return cov


def coverage(events) -> tuple[list[Coverage], Coverage]:
    rows = [event_coverage(e) for e in events]
    total = Coverage("total")
    for row in rows:
        total.add(row)
    return rows, total


def format_coverage(rows: list[Coverage], total: Coverage) -> str:
    head = f"{'event':<10} {'rule-shaped':>11} {'read fully':>10} {'curated':>7} {'not understood':>14}"
    lines = [head]
    for r in rows:
        if r.rule_shaped:
            lines.append(f"{r.event:<10} {r.rule_shaped:>11} {r.read:>10} {r.curated:>7} {r.not_understood:>14}")
    lines.append(f"{'total':<10} {total.rule_shaped:>11} {total.read:>10} {total.curated:>7} {total.not_understood:>14}")
    return "\n".join(lines)
