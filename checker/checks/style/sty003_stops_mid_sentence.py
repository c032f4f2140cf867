"""A clause or paragraph that stops mid-sentence: it ends on a word that cannot end a sentence ("at", "the",
"of", "and", "is"…) or on a dangling sign ("+", ","), with no full stop.

Why: a text that ends "… is accelerated two spaces at" has lost the amount, object or condition it announces;
the rule cannot be applied as written. When the next paragraph of the same entry starts in lower case, the
sentence was probably split by a stray blank line: the finding says so (info) instead of calling the rule
incomplete (warning).

Fails::

    1. Sweden receives a free CB against Denmark for the duration of the

Passes::

    1. Sweden receives a free CB against Denmark for the duration of the event.

Complete the sentence (or join the split paragraph).
"""

from __future__ import annotations

import re

from ..quote import tail

CODE = "STY003"
NAME = "stops-mid-sentence"
CATEGORY = "style"
SEVERITY = "warning"
SCOPE = "entry"  # each clause or block alone

# Words after which an English sentence cannot end (prepositions, articles, conjunctions, auxiliaries).
DANGLING = {"the", "a", "an", "of", "to", "at", "by", "with", "and", "or", "nor", "for", "in", "on", "from", "into",
            "onto", "is", "are", "be", "was", "were", "than", "its", "their", "his", "her", "each", "every", "per",
            "as", "if", "when", "unless", "whose", "which", "but", "both", "either", "neither", "until", "between"}
_LAST = re.compile(r"(\w+|[+,\-–])\s*\Z")


def dangling_end(text: str) -> str | None:
    """The word or sign the text dangles on, or None when it can end there."""
    end = text[-40:]  # bounded: only the end of the text is read
    last_char = end.rstrip()[-1:]  # what _LAST can end on: a word character (\w) or a sign
    if not last_char or not (last_char.isalnum() or last_char in "_+,-–"):
        return None  # most clauses end with a full stop: no need to try the pattern at every position
    m = _LAST.search(end)
    if m is None:
        return None
    last = m.group(1)
    return last if last.lower() in DANGLING or last in "+,-–" else None


def check(ctx):
    for event in ctx.events():
        for clause in event.all_clauses():
            if clause.children:
                continue  # a clause that introduces sub-clauses may end on 'and', ':' and the like
            word = dangling_end(clause.text)
            if word:
                yield ctx.finding(event.id, clause.line,
                                  f"the clause stops mid-sentence on '{word}': \"{tail(clause.text)}\"")
    for rid in sorted(ctx.kb.rules):
        blocks = sorted(ctx.kb.rules[rid].blocks, key=lambda b: b.line)
        for i, block in enumerate(blocks):
            if block.kind not in ("paragraph", "item", "effect"):
                continue
            word = dangling_end(block.text)
            if not word:
                continue
            nxt = blocks[i + 1] if i + 1 < len(blocks) else None
            if nxt is not None and nxt.text[:1].islower():
                yield ctx.finding(rid, block.line,
                                  f"the paragraph stops mid-sentence on '{word}' (\"{tail(block.text)}\") and "
                                  f"the next one goes on in lower case (\"{' '.join(nxt.text.split()[:6])}…\"): "
                                  f"one sentence split by a blank line?", severity="info")
            else:
                yield ctx.finding(rid, block.line,
                                  f"the paragraph stops mid-sentence on '{word}': \"{tail(block.text)}\"")
