"""A World at War random events: effects against their type's rules and against their own explanation."""

from __future__ import annotations

import re

ADJ = {"German": "Germany", "Italian": "Italy", "British": "Britain", "French": "France", "Russian": "Russia",
       "Japanese": "Japan", "American": "United States", "Turkish": "Turkey"}
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def examples(ctx):
    for rid in sorted(ctx.kb.rules):
        rule = ctx.kb.rules[rid]
        if rule.game == "awaw" and rule.kind == "example":
            yield rule


def explanation(rule) -> str:
    return " ".join(b.text for b in rule.blocks if b.kind == "paragraph")


def subtype_definition(ctx, rule) -> str | None:
    parent = ctx.kb.rules.get(rule.parent or "")
    if not parent:
        return None
    for st in parent.data.get("subtypes", []):
        if st["name"] == rule.data.get("subtype"):
            return st.get("definition")
    return None


def number(text: str) -> int | None:
    t = text.strip().lstrip("+")
    if t.lower() in WORDS:
        return WORDS[t.lower()]
    try:
        return int(t)
    except ValueError:
        return None


def target_name(word: str) -> str:
    word = re.sub(r"'s$", "", word)
    return ADJ.get(word, word)
