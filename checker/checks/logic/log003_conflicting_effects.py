"""Two effects that can apply in the same firing set one fact two ways: a province gets two owners, a
country two religions.

Why: "d. AUS (if it took part in the war) may annex Polish KRAKOW" and "e. Austria/Habsburgs annexes Polish
KRAKOW" in the same peace conditions leave KRAKOW with two owners when AUS took part. Effects in different
cases, or optional effects that name different outcomes ("If Royalists win" / "If Parliamentarists win"), are
alternatives and not reported.

Fails::

    PEACE PHASE:
    1. … the following is added to normal peace conditions:
        d. AUS may annex Polish KRAKOW.
        e. Austria/Habsburgs annexes Polish KRAKOW.

Passes: one of the two clauses names another province, or both name the same owner.

The explanation names both clauses. Decide which effect wins and say so in the text.
"""

from __future__ import annotations

import sys

from . import analysis, explanation

CODE = "LOG003"
NAME = "conflicting-effects"
CATEGORY = "logic"
SEVERITY = "warning"


def check(ctx):
    mod = sys.modules[__name__]
    for c in analysis(ctx).conflicts:
        first = c.clauses[0]
        yield ctx.finding(mod, c.event, first.line,
                          f"{c.fluent} is set to both {c.values[0]} and {c.values[1]} by effects that apply together",
                          explanation=explanation(ctx, c.clauses))
