"""How much of the texts' rules the logic reader reads: per event and in total (``rulekb explain --coverage``).

A rule-shaped item is a clause or case/part heading that carries logic (read by the grammar, curated by hand, or
reported unread). Read fully: logic other than ``unread``; curated: ``curated: true`` (whatever the grammar reads);
not understood: ``role: unread``, or read but not used whole by the engine (``basis.unread_items``); each one is a
LOG007 finding.
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


def event_coverage(event, label: str | None = None) -> Coverage:
    """A sentence counts as read only when the engine uses what was read: a reading the engine uses only in part
    (``basis.unread_items``) counts as not understood."""
    from .basis import unread_items

    cov = Coverage(label or event.id)
    items = [s.logic for s in event.all_sections()] + [c.logic for c in event.all_clauses()]
    unused = sum(1 for _, _, logic in unread_items(event) if logic.get("reason") != "" and logic not in items)
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
    cov.read -= unused
    cov.not_understood += unused
    return cov


def coverage(events) -> tuple[list[Coverage], Coverage]:
    """One row per event (its id; ``game/id`` when the events are of several games, whose ids may repeat)."""
    events = list(events)
    several = len({getattr(e, "game", None) for e in events}) > 1
    rows = [event_coverage(e, f"{e.game}/{e.id}" if several else None) for e in events]
    total = Coverage("total")
    for row in rows:
        total.add(row)
    return rows, total


def format_coverage(rows: list[Coverage], total: Coverage) -> str:
    width = max([10, *(len(r.event) for r in rows)])
    head = f"{'event':<{width}} {'rule-shaped':>11} {'read fully':>10} {'curated':>7} {'not understood':>14}"
    lines = [head]
    for r in rows:
        if r.rule_shaped:
            lines.append(f"{r.event:<{width}} {r.rule_shaped:>11} {r.read:>10} {r.curated:>7} {r.not_understood:>14}")
    lines.append(f"{'total':<{width}} {total.rule_shaped:>11} {total.read:>10} {total.curated:>7} {total.not_understood:>14}")
    return "\n".join(lines)
