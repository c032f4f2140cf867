"""Page furniture left inside the rules text, and two effect lines run together on one line.

Why: the text of A World at War's random events was taken from printed pages. A running head ("RANDOM EVENTS"
at the top of each page) left between a card and its explanation, or between a sub-type's description and its
card, reads as a heading that opens a new section; two effect lines printed on one line ("Italian support level:
+1 EAI: +1") read as one effect whose amount is "+1 EAI: +1". Neither changes the rule once noticed, but both
mislead a reader and a parser. Running heads are the blocks the ingester keeps as artefacts (a line repeating the
document's title below its top); effect lines run together are two effects read from the same text line.

Fails::

    Brazilian government endorses corporate state model.
    Italian support level: +1 EAI: +1

Passes::

    Brazilian government endorses corporate state model.
    Italian support level: +1
    EAI: +1

Remove the running head; put each effect on its own line.
"""

from __future__ import annotations

from collections import defaultdict

from . import examples

CODE = "AWW008"
NAME = "page-layout"
CATEGORY = "style"
SEVERITY = "info"
SCOPE = "kb"  # not reviewed for entry scope, so whole-KB (slower, never wrong)


def check(ctx):
    entries = {**ctx.kb.rules, **ctx.kb.documents}
    for rid in sorted(entries):
        rule = entries[rid]
        if rule.game != "awaw":
            continue
        for block in rule.blocks:
            if block.kind == "artefact":
                yield ctx.finding(rid, block.line,
                                  f"running head '{block.text}' left inside the text (page furniture)")
    for rule in examples(ctx):
        by_line = defaultdict(list)
        for effect in rule.effects:
            by_line[effect.line].append(effect)
        for line, effects in sorted(by_line.items(), key=lambda kv: kv[0] or 0):
            texts = [e.text.splitlines()[0] for e in effects]
            if len(effects) > 1 and len(set(texts)) == len(texts):
                yield ctx.finding(rule.id, line,
                                  f"{len(effects)} effect lines run together on one line: "
                                  + " | ".join(f"'{t}'" for t in texts))
