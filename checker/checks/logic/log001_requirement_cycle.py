"""Events that require each other in a cycle: none of them can ever be the first to occur.

Why: "Cannot occur before event 12:VII has occurred" in 14:VII and "Cannot occur before event 14:VII has
occurred" in 12:VII make both events unplayable. Cycles can be long (A needs B needs C needs A), which is why
they are looked for in the requirement graph of the whole KB (graphlib, then networkx), not by reading one event.

Fails::

    12: … 1. Cannot occur before event 14:VII has occurred.
    14: … 1. Cannot occur before event 12:VII has occurred.

Passes: the same requirement in one direction only.

The explanation lists the requirement clauses that form the cycle. Remove or reverse one of them. Where many
events require each other, only the shortest few cycles of the group are reported (at most three), with the
number of events in the group: listing every cycle is exponential.
"""

from __future__ import annotations

from . import analysis, explanation

CODE = "LOG001"
NAME = "requirement-cycle"
CATEGORY = "logic"
SEVERITY = "error"
SCOPE = "kb"  # the logic analysis of the whole game


def check(ctx):
    for members, cycles in analysis(ctx).cycle_groups:
        group = "" if len(members) == len(cycles[0]) else \
            f" (one of the shortest cycles among {len(members)} events that require each other: {', '.join(members)})"
        for cycle in cycles:
            names = " → ".join([c.event for c in cycle] + [cycle[0].event])
            yield ctx.finding(cycle[0].event, cycle[0].line, f"requirement cycle {names}: none of these events "
                              f"can occur first{group}", explanation=explanation(ctx, cycle))
