"""A card whose choice or cap contradicts the description of its sub-type.

Why: the sub-type's description is the rule; the card applies it. Three contradictions are read:

* **choice**: the description fixes what is affected ("Two *specified* research projects each advance one step")
  and the card leaves it to the player ("*Any* two French intelligence projects"); whether the card may let the
  player choose is exactly what the rule settles, so one of them is wrong;
* **cap unit**: the description caps in one unit ("Up to three *research points* … are doubled") and the card in
  another ("up to a maximum of three *steps*"): three points and three steps are different amounts;
* **uncapped rule, capped card**: the description doubles without limit ("*any* previous research is doubled")
  and the card caps the doubling ("up to a maximum of three steps"), unless another sub-type of the section
  caps doubling for the card's target (the Doubling sub-type lists atomic research and caps it: the Atomic
  sub-type's "any previous research" is read with it).

Fails::

    Double: Two specified research projects each advance one step:
    Deuxième Bureau given carte blanche.
    Any two French intelligence projects +1 step each

Passes: the card names the two projects ("French agents and French codebreaking +1 step each"), or the
description says "Two research projects of the player's choice".

Correct the card or the description. AWW001 reports a cap above the description's maximum.
"""

from __future__ import annotations

import re

from . import WORDS, examples, subtype_definition

CODE = "AWW007"
NAME = "description-contradiction"
CATEGORY = "reference"
SEVERITY = "warning"
SCOPE = "kb"  # not reviewed for entry scope, so whole-KB (slower, never wrong)

_SPECIFIED = re.compile(r"\b(?:a|one|two|three|\d) specified\b", re.IGNORECASE)
_ANY = re.compile(r"\bany\b", re.IGNORECASE)
_CAP_UNIT = re.compile(r"\bup to (?:a maximum of )?(\w+) (research points?|steps?|levels?)\b", re.IGNORECASE)
_UNCAPPED = re.compile(r"\b(?:any|all) previous (?:research|investments?)\b[^.:;]*\bdoubled\b", re.IGNORECASE)


def _unit(word: str) -> str:
    return word.lower().rstrip("s").replace("research ", "")


def _amount(word: str):
    return WORDS.get(word.lower(), int(word) if word.isdigit() else word.lower())


def contradictions(definition: str, card: str, capped: bool):
    """What the card's text contradicts in the sub-type's description."""
    if _SPECIFIED.search(definition) and _ANY.search(card):
        yield (f"the description's '{_SPECIFIED.search(definition).group(0)}' fixes what is affected, the card's "
               f"'{_ANY.search(card).group(0)}' leaves it to the player")
    rule_cap, card_cap = _CAP_UNIT.search(definition), _CAP_UNIT.search(card)
    if rule_cap and card_cap and _amount(rule_cap.group(1)) == _amount(card_cap.group(1)) \
            and _unit(rule_cap.group(2)) != _unit(card_cap.group(2)):
        yield (f"the description caps at '{rule_cap.group(0)}', the card at '{card_cap.group(0)}': "
               f"{_unit(rule_cap.group(2))}s and {_unit(card_cap.group(2))}s are different amounts")
    if _UNCAPPED.search(definition) and capped and not _CAP_UNIT.search(definition):
        yield (f"the description doubles without limit ('{_UNCAPPED.search(definition).group(0)}'), the card caps "
               f"the doubling")


def capped_by_sibling(ctx, rule) -> bool:
    """Does another sub-type of the section cap doubling for the card's target ("Doubling events may occur for …
    atomic research. Up to three research points …")? Then the sub-type's own "any previous research" is completed
    by it, not contradicted."""
    parent = ctx.kb.rules.get(rule.parent or "")
    targets = {str(e.target).lower() for e in rule.effects if e.target}
    for st in (parent.data.get("subtypes", []) if parent else []):
        text = st.get("definition") or ""
        if st.get("name") != rule.data.get("subtype") and _CAP_UNIT.search(text) \
                and any(t and t in text.lower() for t in targets):
            return True
    return False


def check(ctx):
    for rule in examples(ctx):
        definition = subtype_definition(ctx, rule)
        if not definition or not rule.effects:
            continue
        card = " ".join(" ".join(e.text.split()) for e in rule.effects)
        capped = any(e.cap is not None for e in rule.effects) and not capped_by_sibling(ctx, rule)
        for problem in contradictions(definition, card, capped):
            yield ctx.finding(rule.id, rule.effects[0].line,
                              f"{rule.data.get('subtype')} card '{rule.title}': {problem}")
