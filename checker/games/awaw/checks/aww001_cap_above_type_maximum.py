"""An effect's cap is larger than the maximum its random-event type states.

Why: the conditional support types say "to a maximum increase of +3". A card whose line reads
``(max. +4)`` gives more than the rules allow; the card or the rule is wrong.

Fails (the sub-type allows at most +3)::

    German support level: -3 (max. +4)

Passes::

    German support level: -3 (max. +3)

Correct the cap, or accept the finding if the card deliberately overrides the rule.
"""

from __future__ import annotations

import re

from . import examples, subtype_definition

CODE = "AWW001"
NAME = "cap-above-type-maximum"
CATEGORY = "structure"
SEVERITY = "warning"
# each card's own rule entry: it walks the KB's rules itself (a scoped run narrows only the events)
SCOPE = "entry"


def check(ctx):
    for rule in examples(ctx):
        definition = subtype_definition(ctx, rule) or ""
        m = re.search(r"maximum increase of \+?(\d+)", definition)
        if not m:
            continue
        maximum = int(m.group(1))
        for effect in rule.effects:
            if effect.cap is not None and effect.cap > maximum:
                yield ctx.finding(rule.id, effect.line,
                                  f"cap +{effect.cap} in '{effect.text.splitlines()[0]}' exceeds the maximum of "
                                  f"+{maximum} that {rule.data.get('subtype')} events allow")
