"""Cards in the wrong half of an Age's deck, or halves that cannot be laid out at all.

Why: cards marked (1) must go in the first half, (2) in the second; with Optional Rule 6 the X cards are
distributed so that both halves have the same size. A layout given in the deck file (``placed:``) is checked; in
every case clingo (asp/deck.lp) looks for a legal layout, and when there is none the finding names the minimal
set of cards that rule it out (five cards marked (1) in an Age of eight, under Optional Rule 6).

Fails (Optional Rule 6, an Age of 8 cards, 5 of them marked (1))::

    - {id: 11A-1, half: "1"}  … five times (1) …

Passes: at most 4 cards marked (1) and at most 4 marked (2).
"""

from __future__ import annotations

from ....core.model import ExplanationItem
from ..deck import find_layout
from . import deck_finding, decks

CODE = "DCK005"
NAME = "halves"
CATEGORY = "chronology"
SEVERITY = "error"
SCOPE = "entry"  # each deck alone: it walks the KB's decks itself (a scoped run narrows only the events)


def check(ctx):
    for deck in decks(ctx):
        given = any(c.placed for c in deck.cards)
        for c in deck.cards:
            if c.placed and c.half in ("1", "2") and c.placed != c.half:
                yield deck_finding(ctx, deck, c.id, f"'{c.id}' is marked ({c.half}) but placed in half {c.placed}")
        result = find_layout(deck, check_given=given)
        if result.status in ("impossible", "illegal"):
            what = "the given layout is not legal" if given else "no legal layout of the halves exists"
            expl = [ExplanationItem(c.id, deck.file, deck.lines.get(c.id), f"{c.id} marked ({c.half}), Age {c.age}")
                    for c in result.explanation]
            first = result.explanation[0].id if result.explanation else None
            yield deck_finding(ctx, deck, first, f"{what}: {result.message}", explanation=expl)
        elif result.status == "unknown":
            yield deck_finding(ctx, deck, None, f"deck layout undecided: {result.message}", "info")
