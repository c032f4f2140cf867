"""An event, a case of an event or a conditional part (an extension) that can never be played in any legal
history.

Why: an event that can never fire is dead text: players draw it and re-roll it for ever, or it silently
never applies. rulekb asks the ASP model, for every event, case and conditional part, whether some legal
history plays it (requirements met, in period order, with durations, cancellations and the end of the game
taken into account). Where no history up to the event's horizon bound does, the finding names the minimal set
of clauses that together rule it out. Questions that cannot be decided within the time limit are reported as
info ("unknown"), never guessed; so is a "never" that depends on a sentence rulekb does not read (docs/logic.md
S11: "inconclusive", with the sentence), and one the horizon bound cannot prove because an event of multiplicity
"*" whose later firings matter is in the cone (S9): all make ``rulekb check`` exit 3 unless an error makes it exit 1.

Fails::

    5: … 1. Cannot occur unless Prussia is currently inactive.
         2. Cannot occur if Prussia is currently inactive.

Passes: either condition alone.

Fix the clauses named in the explanation; accept the finding if the event is meant to be unplayable.
"""

from __future__ import annotations

from . import analysis, explanation

CODE = "LOG002"
NAME = "never-fires"
CATEGORY = "logic"
SEVERITY = "error"
SCOPE = "kb"  # the logic analysis of the whole game

CANCELLING = ("cancel", "can never occur", "are cancelled")


def cancellation_in(clauses) -> bool:
    return any(c.role == "effect" and any(w in c.text for w in CANCELLING) for c in clauses)


def unread_basis(ctx, event_id: str):
    """The unread sentences a verdict about ``event_id`` depends on (docs/logic.md S11), found once per run."""
    from ...logic.basis import unread_basis as basis
    from ...logic.facts import DependencyIndex

    index = ctx.memo("dependency-index", lambda: DependencyIndex(ctx.kb))
    return basis(ctx.kb, {event_id}, index=index)


def check(ctx):
    a = analysis(ctx)
    for v in a.verdicts:
        basis = unread_basis(ctx, v.event) if v.status == "never" else []
        if basis:  # over what was read nothing fires it, but an unread sentence may change that (S11)
            line = v.line if v.line else ctx.kb.events[v.event].source.line
            first = basis[0]
            file, at = ctx.locate(first.event, first.line)
            more = f" and {len(basis) - 1} more" if len(basis) > 1 else ""
            yield ctx.finding(v.event, line,
                              f"inconclusive: over what was read, {v.subject} can never be played, but the answer "
                              f"depends on a sentence rulekb does not read ({file}:{at}, {first.words[:80]!r}: "
                              f"{first.why}){more}", severity="info",
                              explanation=explanation(ctx, v.explanation))
        elif v.status == "never" and not cancellation_in(v.explanation):
            what = "event" if v.kind == "event" else v.kind
            line = v.line if v.line else ctx.kb.events[v.event].source.line
            yield ctx.finding(v.event, line,
                              f"{what} {v.subject} can never be played in a legal history "
                              f"(searched up to its bound of {a.horizon} turns or fewer)",
                              explanation=explanation(ctx, v.explanation))
        elif v.status == "unknown" and v.reason:
            line = v.line if v.line else ctx.kb.events[v.event].source.line
            yield ctx.finding(v.event, line, f"inconclusive: {v.subject}: {v.reason}", severity="info",
                              explanation=explanation(ctx, v.explanation))
        elif v.status == "unknown":
            line = v.line if v.line else ctx.kb.events[v.event].source.line
            yield ctx.finding(v.event, line, f"could not decide within the time limit whether {v.subject} can be "
                              "played (inconclusive)", severity="info")
