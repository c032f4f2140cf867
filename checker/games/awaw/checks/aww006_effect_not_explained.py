"""A card's effect line that its worked example's explanation never mentions.

Why: AWW003 checks each number the explanation states against the card; this check goes the other way. An
explanation written to walk through a card and silent about one of its effect lines ("EAI: +1" on the card, no
word of the European Aggression Index below it) leaves a reader unsure whether the effect applies, or whether
the card line is a slip. An effect counts as mentioned when the explanation names its quantity for its target:
the European Aggression Index (or EAI) at all, a power's support level or income, a minor country's diplomacy
(any modifier in it, or its name), in the explanation or in the section's paragraphs that follow it before the
next sub-type. Effects of no amount (``Yugoslavia: 0``) are not checked.

Fails (the explanation says nothing of the EAI)::

    Hungary threatens war over Transylvania.
    Hungary: 1
    EAI: +1
    Germany receives a +1 modifier for diplomacy in Hungary.

Passes: "… in Hungary, and the European Aggression Index is increased by one."

Mention the effect in the explanation, or remove the card line if the effect is not meant.
"""

from __future__ import annotations

import re

from ....checks.wording import mentions, mentions_any
from . import ADJ, examples, explanation

CODE = "AWW006"
NAME = "effect-not-explained"
CATEGORY = "reference"
SEVERITY = "info"
SCOPE = "kb"  # not reviewed for entry scope, so whole-KB (slower, never wrong)

_NOUNS = {"support": r"support", "income": r"income"}


def _names(target: str) -> list[str]:
    """The target and its adjective ('Italy' -> ['Italy', 'Italian'])."""
    return [target] + [adj for adj, name in ADJ.items() if name == target]


def mentioned(effect, text: str) -> bool:
    if effect.quantity == "eai":
        return mentions_any(text, ("EAI", "European Aggression Index"))
    if effect.quantity in _NOUNS and effect.target:
        names = "|".join(re.escape(n) for n in _names(effect.target))
        return bool(re.search(rf"\b(?:{names})(?:'s)?\b[^.;]{{0,40}}\b{_NOUNS[effect.quantity]}\b", text))
    if effect.quantity == "diplomacy" and effect.target:
        return mentions(text, effect.target)
    return True  # other quantities (research, tiles, subversion) are not read here


def following_text(ctx, rule) -> str:
    """The section's paragraphs that follow the example up to the next sub-type description or heading: they go
    on explaining the card (the minor country dispute's rules after its example)."""
    parent = ctx.kb.rules.get(rule.parent or "")
    end = rule.source.end_line or rule.source.line
    if parent is None or end is None:
        return ""
    out = []
    for block in sorted(parent.blocks, key=lambda b: b.line or 0):
        if (block.line or 0) <= end:
            continue
        if block.kind != "paragraph":
            break
        out.append(block.text)
    return " ".join(out)


def check(ctx):
    for rule in examples(ctx):
        text = explanation(rule)
        if text:
            text = f"{text} {following_text(ctx, rule)}"
        if not rule.effects or not text:
            continue
        for effect in rule.effects:
            if effect.amount in (None, 0) or mentioned(effect, text):
                continue
            line = effect.text.splitlines()[0]
            yield ctx.finding(rule.id, effect.line,
                              f"the card's '{line}' is not mentioned in the explanation of '{rule.title}'")
