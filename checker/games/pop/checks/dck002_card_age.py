"""A card listed under an Age that its id does not belong to.

Why: "The first digit of the ID number identifies in which Age it belongs" (16.1). A card of Age II listed in the
Age I deck enters play an Age early.

Fails (under Age I)::

    - {id: 22A-1, half: "1"}

Passes (under Age II).

Move the card to its Age, or correct the id.
"""

from __future__ import annotations

from ..deck import age_name, age_number
from . import deck_finding, decks

CODE = "DCK002"
NAME = "card-age"
CATEGORY = "chronology"
SEVERITY = "error"
SCOPE = "entry"  # each deck alone: it walks the KB's decks itself (a scoped run narrows only the events)


def check(ctx):
    for deck in decks(ctx):
        for card in deck.cards:
            if card.id_age is not None and card.id_age != age_number(card.age):
                yield deck_finding(ctx, deck, card.id, f"card '{card.id}' belongs to Age {age_name(card.id_age)} "
                                   f"(its first digit) but is listed under Age {card.age}")
