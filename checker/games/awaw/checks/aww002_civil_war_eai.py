"""A civil-war diplomacy random event that does not raise the European Aggression Index.

Why: the rules say civil-war events (Spain, Yugoslavia, Greece) "all increase the European Aggression Index as
well". A card of that kind without an ``EAI: +1`` line forgets half of its effect.

Fails::

    Slovenian assembly dissolved.
    Yugoslavia: 0

Passes::

    Slovenian assembly dissolved.
    Yugoslavia: 0
    EAI: +1

Add the EAI line. Examples whose card text is missing are not checked.
"""

from __future__ import annotations

from . import examples

CODE = "AWW002"
NAME = "civil-war-raises-eai"
CATEGORY = "structure"
SEVERITY = "warning"
# each card's own rule entry: it walks the KB's rules itself (a scoped run narrows only the events)
SCOPE = "entry"


def check(ctx):
    for rule in examples(ctx):
        if "civil war" not in (rule.data.get("subtype") or "").lower() or not rule.data.get("card"):
            continue
        if not any(e.quantity == "eai" and (e.amount or 0) > 0 for e in rule.effects):
            yield ctx.finding(rule.id, rule.source.line,
                              f"'{rule.title}' is a civil-war diplomacy event but does not raise the EAI")
