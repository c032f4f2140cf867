"""A card id that fits none of the id forms the rules give (A-event ``11A-1``, B-event ``354B``,
realm-specific event ``202-2``), or a realm event without its realm.

Why: the id says what kind of event a card is and which Age it belongs to (16.1); a deck list with a garbled id
cannot be checked for its A-events and realm events, and a player will not find the card.

Fails::

    - {id: 11-A1, half: "1"}

Passes::

    - {id: 11A-1, half: "1"}

Correct the id. The forms are data in ``kb/games/pop.yaml`` (``id_grammar``).
"""

from __future__ import annotations

from . import deck_finding, decks

CODE = "DCK001"
NAME = "card-id"
CATEGORY = "naming"
SEVERITY = "error"
SCOPE = "entry"  # each deck alone: it walks the KB's decks itself (a scoped run narrows only the events)


def check(ctx):
    for deck in decks(ctx):
        for card in deck.cards:
            if card.kind is None:
                yield deck_finding(ctx, deck, card.id, f"card id '{card.id}' fits none of the forms 11A-1 (A-event), "
                                   "354B (B-event) or 202-2 (realm-specific event)")
            elif card.kind == "realm_event" and not card.realm:
                yield deck_finding(ctx, deck, card.id, f"realm-specific event '{card.id}' does not say whose realm "
                                   "it is (realm:)", "warning")
