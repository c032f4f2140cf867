"""A worked example whose explanation states a number that its effect lines do not have.

Why: each example pairs a card ("Italian support level: -1") with a sentence explaining it ("The Italian
support level is decreased by -1"). When the two disagree — a different amount, another country, a cap the
card does not print — one of them is an erratum, and a player cannot tell which.

Fails::

    Italian support level: -2
    The Italian support level is decreased by -1 for the rest of the turn.

Passes: the card says -1.

Statements read: support level and income increased/decreased by N (digits or words), the European
Aggression Index increased by N, a ±N (pro-Axis) modifier for diplomacy in a country, a maximum (+N).
"""

from __future__ import annotations

import re

from . import examples, explanation, number, target_name

CODE = "AWW003"
NAME = "explanation-mismatch"
CATEGORY = "reference"
SEVERITY = "warning"
# each card's own rule entry: it walks the KB's rules itself (a scoped run narrows only the events)
SCOPE = "entry"

_N = r"([+-]?\d+|one|two|three|four|five)"
SUPPORT = re.compile(rf"\b((?:[A-Z][a-z]+(?:'s)?)(?: and [A-Z][a-z]+)?) support levels? (?:is|are) (increased|decreased) "
                     rf"by {_N}")
INCOME = re.compile(rf"\b([A-Z][a-z]+)(?:'s)? income is (increased|decreased) by {_N}")
EAI = re.compile(rf"European Aggression Index is (increased|decreased) by {_N}")
DIPLO = re.compile(r"([+-]\d+) (?:pro-Axis )?(?:diplomatic )?modifier (?:for diplomacy )?in ([A-Z][a-z]+)")
MAXIMUM = re.compile(r"to a maximum(?: of| increase of)? \+?(\d+)|maximum \+(\d+)")


def statements(text: str):
    for m in SUPPORT.finditer(text):
        sign = -1 if m.group(2) == "decreased" else 1
        for who in m.group(1).split(" and "):
            yield "support", target_name(who), sign * abs(number(m.group(3)) or 0)
    for m in INCOME.finditer(text):
        sign = -1 if m.group(2) == "decreased" else 1
        yield "income", target_name(m.group(1)), sign * abs(number(m.group(3)) or 0)
    for m in EAI.finditer(text):
        sign = -1 if m.group(1) == "decreased" else 1
        yield "eai", None, sign * abs(number(m.group(2)) or 0)
    for m in DIPLO.finditer(text):
        yield "diplomacy", m.group(2), abs(int(m.group(1)))


def check(ctx):
    for rule in examples(ctx):
        if not rule.effects:
            continue
        text = explanation(rule)
        for quantity, target, amount in statements(text):
            same = [e for e in rule.effects if e.quantity == quantity and (target is None or e.target == target)]
            if not same:
                yield ctx.finding(rule.id, rule.effects[0].line,
                                  f"the explanation speaks of {quantity} {amount:+d}"
                                  + (f" for {target}" if target else "") + ", which no effect line has")
            elif all(e.amount is not None and e.amount != amount for e in same):
                e = same[0]
                yield ctx.finding(rule.id, e.line, f"the explanation says {amount:+d} but the card says "
                                  f"'{e.text.splitlines()[0]}'")
        for m in MAXIMUM.finditer(text):
            cap = int(m.group(1) or m.group(2))
            caps = {e.cap for e in rule.effects if e.cap is not None}
            if caps and cap not in caps:
                yield ctx.finding(rule.id, rule.effects[0].line,
                                  f"the explanation states a maximum of +{cap}, the card a cap of "
                                  f"{', '.join('+' + str(c) for c in sorted(caps))}")
