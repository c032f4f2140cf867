"""Reference checks: event, rule and other references resolve, in one form."""

from __future__ import annotations

from rapidfuzz.distance import Levenshtein

from ...core.ids import event_references
from ...core.model import Reference


def entry_references(ctx):
    """(entry id, reference) for every reference in every event (duration line, clauses, section headings) and
    rule entry, in KB order."""
    for event in ctx.events():
        for ref in event_references(event):
            yield event.id, ref
    for rid in sorted(ctx.kb.rules):
        for ref in ctx.kb.rules[rid].refs:
            yield rid, ref


def event_refs(ctx) -> list[tuple[str, Reference]]:
    """Event references, one per (entry, line, written form): a clause naming III:7 three times is one place.
    Collected once per run and shared by the reference checks."""

    def collect() -> list[tuple[str, Reference]]:
        seen: dict[tuple, tuple[str, Reference]] = {}
        for eid, r in entry_references(ctx):
            if r.kind == "event":
                seen.setdefault((eid, r.line, r.text), (eid, r))
        return list(seen.values())

    return ctx.memo("event-refs", collect)


def period_typo_target(ctx, subject: str, ref: Reference) -> str | None:
    """The event a reference into a missing period probably meant, or None.

    ``7:VI`` written in 8:VII is taken for ``7:VII`` when period VI is not in the KB, the two period numerals
    differ by one letter, 7:VII exists, and 8:VII builds on 7:VII elsewhere (it ``extends`` it, or names it
    anywhere else: a clause, its duration, a heading). Without that last link a same-numbered event is a coincidence, not evidence.
    """
    event = ctx.kb.events.get(subject)
    number, period = ref.target.split(":")
    if event is None or period == event.period or period in ctx.periods():
        return None
    if Levenshtein.distance(period, event.period) != 1:
        return None
    meant = f"{number}:{event.period}"
    if meant not in ctx.kb.events:
        return None
    cited = {r.target for r in event_references(event) if r.kind == "event"}
    return meant if event.extends == meant or meant in cited else None


def form_note(ref: Reference) -> str:
    """The second aspect of a reference into a missing period written PERIOD:NUMBER: one finding names both
    (REF003 leaves such references to REF002 / REF006)."""
    return f"; it is also written PERIOD:NUMBER (canonical form {ref.target})" if ref.form == "period:number" else ""
