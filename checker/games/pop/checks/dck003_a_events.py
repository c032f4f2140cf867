"""An Age of the deck without exactly 8 A-events.

Why: "All scenarios must include 8 A-Events per Age" (16.1): A-events make the engine tick and control the
mortality of characters.

Fails: an Age with 7 cards of the form 11A-n. Passes: exactly 8.

Add or remove A-events.
"""

from __future__ import annotations

from . import deck_finding, decks

CODE = "DCK003"
NAME = "a-events-per-age"
CATEGORY = "structure"
SEVERITY = "error"
SCOPE = "entry"  # each deck alone: it walks the KB's decks itself (a scoped run narrows only the events)


def check(ctx):
    required = ctx.kb.games.get("pop", {}).get("facts", {}).get("a_events_per_age", 8)
    for deck in decks(ctx):
        for age in sorted({c.age for c in deck.cards}, key=lambda a: ["I", "II", "III", "IV"].index(a)):
            a_events = [c for c in deck.cards if c.age == age and c.kind == "a_event"]
            if len(a_events) != required:
                first = next((c.id for c in deck.cards if c.age == age), None)
                yield deck_finding(ctx, deck, first, f"Age {age} has {len(a_events)} A-events; every scenario must "
                                   f"include {required} per Age")
