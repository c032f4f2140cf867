"""A worked example whose card the section lacks, or a card that no sub-type of its section describes.

Why: each random-event type's sub-types are defined by a description ("Espionage effect: A one-turn espionage
effect applies to …:") that announces a worked example: the card (its title and effect lines) followed by an
explanation. When the section goes straight from the description to the explanation, the card the description
promises is lost: the explanation cannot be checked against it (AWW003, AWW004 compare the two), and a player
cannot tell which card it explains. The other way round, a card filed under a sub-type that its section's
description does not define is a card the category does not promise: a misplaced card or a lost definition.

Fails (the explanation follows the description with no card between)::

    Espionage effect: A one-turn espionage effect applies to the specified research category of the major
    power that drew the random event:

    For the current turn, the Allies may allocate an extra research point to one intelligence project, …

Passes: the card's title and effect lines stand between the two::

    Allied agents infiltrate Axis laboratories.
    Allied intelligence: espionage effect

Restore the card text, or move the card under the sub-type that describes it.
"""

from __future__ import annotations

from . import examples

CODE = "AWW005"
NAME = "card-coverage"
CATEGORY = "structure"
SEVERITY = "warning"
SCOPE = "kb"  # not reviewed for entry scope, so whole-KB (slower, never wrong)


def check(ctx):
    for rule in examples(ctx):
        subtype = rule.data.get("subtype")
        parent = ctx.kb.rules.get(rule.parent or "")
        if rule.data.get("card") is False:
            yield ctx.finding(rule.id, rule.source.line,
                              f"the {subtype or 'example'} sub-type's worked example has an explanation but no card "
                              f"(title and effect lines): the card its description promises is missing")
        elif parent is not None and parent.data.get("subtypes") and subtype \
                and subtype not in {st.get("name") for st in parent.data["subtypes"]}:
            yield ctx.finding(rule.id, rule.source.line,
                              f"card '{rule.title}' is filed under sub-type '{subtype}', which the "
                              f"{parent.title} section does not describe: a card the category does not promise")
