"""A rule whose cases leave one out: a fallback that covers fewer of the conditions than the rule it completes, or
an auto-resolution that picks by a superlative with no way to break a tie.

Why: a case split is complete only when every situation it opens falls under some case. Two gaps are read:

* **fallback narrower than its rule**: "if you cannot *meet the requirements* or *pay the costs* of one of the
  two options, you must pick the other option. If not able to *pay* for either option, pick either one of them."
  The first sentence opens two conditions; the fallback for both options closes only one, so a player who cannot
  meet the requirements of either option has no rule;
* **superlative without a tie-breaker**: an auto-resolution (which no player decides) that picks "the Trade Node
  with the most Merchants" or "the NPR with the lowest Tax Income" and says nothing of ties (no "tie", "tied",
  "tie breaker", "alphabetic" or "random") leaves a tied game with no resolution.

Fails::

    If you cannot meet the requirements or pay the costs of one of the two options, you must pick the other
    option. If not able to pay for either option, pick either one of them.

Passes: "If you can meet the requirements of and pay for neither option, pick either one of them."

Add the missing case.
"""

from __future__ import annotations

import re

CODE = "POP002"
NAME = "case-gap"
CATEGORY = "structure"
SEVERITY = "warning"
SCOPE = "kb"  # not reviewed for entry scope, so whole-KB (slower, never wrong)

_NEG = r"(?:cannot|can't|can not|are unable to|is unable to|unable to|(?:are |is )?not able to)"
_ONE_CASE = re.compile(rf"\b{_NEG} ((?:\w+ ){{1,4}}?)or ((?:\w+ ){{1,4}}?)(?:of|for) one of\b", re.IGNORECASE)
_BOTH_CASE = re.compile(rf"\b{_NEG} ((?:\w+ ){{1,4}}?)(?:of |for )?(?:either|both|neither)\b", re.IGNORECASE)
_SUPERLATIVE = re.compile(r"\bwith (?:the )?(?:most|fewest|least|lowest|highest|largest|smallest)\b[^.;:]*", re.IGNORECASE)
_TIE = re.compile(r"\bti(?:e|es|ed)\b|\btie[- ]?breakers?\b|\balphabetic|\brandom", re.IGNORECASE)


def _verb(phrase: str) -> str:
    return phrase.split()[0].lower() if phrase.split() else ""


def fallback_gaps(text: str):
    """(opening sentence's conditions, the fallback's, what is missing) for each fallback narrower than its rule."""
    sentences = re.split(r"(?<=[.!?])\s+", " ".join(text.split()))
    for i, sentence in enumerate(sentences):
        one = _ONE_CASE.search(sentence)
        if not one:
            continue
        opened = {_verb(one.group(1)): one.group(1).strip(), _verb(one.group(2)): one.group(2).strip()}
        for later in sentences[i + 1:i + 3]:
            both = _BOTH_CASE.search(later)
            if both:
                closed = {_verb(part) for part in re.split(r"\b(?:or|and|nor)\b", both.group(1))}
                missing = [phrase for verb, phrase in opened.items() if verb not in closed]
                if missing and len(missing) < len(opened):
                    yield one.group(0), both.group(0), missing
                break


def check(ctx):
    for rid in sorted(ctx.kb.rules):
        rule = ctx.kb.rules[rid]
        for block in rule.blocks:
            for opening, fallback, missing in fallback_gaps(block.text):
                yield ctx.finding(rid, block.line,
                                  f"'{opening}' opens {len(missing) + 1} conditions, but the fallback '{fallback}' "
                                  f"does not cover them all: no rule when a player cannot "
                                  + " and ".join(f"'{m}'" for m in missing) + " of either option")
        note = getattr(rule, "auto_resolution", None)
        if note:
            for m in _SUPERLATIVE.finditer(note):
                if not _TIE.search(note):
                    line = next((b.line for b in rule.blocks if b.text.lower().startswith("auto-resolution")),
                                rule.source.line)
                    yield ctx.finding(rid, line,
                                      f"the auto-resolution of '{rule.title}' picks by '{m.group(0).strip()}' and "
                                      f"says nothing of ties: a tied game has no resolution")
                    break
