"""A condition that is always true, or always false, where it stands.

Why: "Cannot occur before period IV" in an event of period IV can never fail: it is dead text, or the period
is wrong. A requirement on the event itself ("cannot occur before event 5:VII has occurred" in 5:VII), or the
same fluent required both ways in one event's requirements, can never hold.

Fails (always true; info)::

    12: REBELLION OF LA ROCHELLE …   (an event of period IV)
    1. Cannot occur before period IV. Otherwise re-roll.

Fails (always false; error)::

    5: … 1. Cannot occur before event 5:VII has occurred.

Passes: a period condition that can go either way (in a cumulative deck, where an event stays in the deck in later
periods, "cannot occur before period Mid" on an Early card), a requirement on another event. Periods are compared
in the game profile's order.

Remove the condition or correct it.
"""

from __future__ import annotations

from ...core.model import ExplanationItem

CODE = "LOG004"
NAME = "vacuous-condition"
CATEGORY = "logic"
SEVERITY = "warning"
SCOPE = "entry"  # the event's own requirement clauses


def _conds(logic):
    for key in ("when", "when_any"):
        for c in logic.get(key, []) or []:
            yield key, c


def _key(c):
    kind = {"not_occurred": "occurred", "not_in_effect": "in_effect", "not_exists": "exists", "active": "inactive",
            "at_peace": "at_war"}.get(c["kind"], c["kind"])
    positive = (c["kind"] == kind) != bool(c.get("negated"))
    return (kind, c.get("event"), c.get("subject"), c.get("value")), positive


def check(ctx):
    for event in ctx.events():
        seen: dict[tuple, tuple[bool, object]] = {}
        for clause in event.conditions:
            logic = clause.logic or {}
            if logic.get("role") != "requirement":
                continue
            for key, c in _conds(logic):
                if c["kind"] == "period_at_least" and key == "when":
                    prof = ctx.profile()
                    need, own = prof.period_index(str(c.get("value"))), prof.period_index(event.period)
                    if own >= need:
                        yield ctx.finding(event.id, clause.line, f"'period {c['value']} or later' always holds "
                                          f"for an event of period {event.period}", severity="info")
                    elif prof.deck != "cumulative":  # a cumulative deck draws the card in that later period too
                        yield ctx.finding(event.id, clause.line, f"'period {c['value']} or later' never holds for "
                                          f"an event of period {event.period}", severity="error")
                if c.get("event") == event.id and c["kind"] in ("occurred", "over", "in_effect") and key == "when" \
                        and not c.get("negated"):
                    yield ctx.finding(event.id, clause.line, f"requires itself ({c['kind']} {event.id}): "
                                      "this can never hold when it is drawn", severity="error")
                if key == "when":
                    k, positive = _key(c)
                    if k in seen and seen[k][0] != positive:
                        other = seen[k][1]
                        file, line = ctx.locate(event.id, other.line)
                        yield ctx.finding(
                            event.id, clause.line,
                            f"requires {k[0]} of {k[1] or k[2]} both to hold and not to hold: never true together",
                            severity="error",
                            explanation=[ExplanationItem(event.id, file, line, f"{other.marker} {other.text}".strip()),
                                         ExplanationItem(event.id, *ctx.locate(event.id, clause.line),
                                                         f"{clause.marker} {clause.text}".strip())])
                    seen.setdefault(k, (positive, clause))
