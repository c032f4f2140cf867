"""Realm-specific events that do not match the realms in play: a realm in play without its 2 events in an Age,
or events of a realm that is not in play.

Why: "There are 2 Realm-specific Events per Age for each of the Major Powers and featured Realms. The Event Deck
will always include all Events associated with the PRs that are in play in the chosen scenario, and no other
Realm-specific Events" (16.1).

Fails (realms in play: FRA, ENG; Age I lists one FRA event and one SPA event)::

    - {id: 101-1, half: X, realm: FRA}
    - {id: 105-1, half: X, realm: SPA}

Passes: two events each for FRA and ENG, none for other realms.
"""

from __future__ import annotations

from . import deck_finding, decks

CODE = "DCK004"
NAME = "realm-events"
CATEGORY = "structure"
SEVERITY = "error"
SCOPE = "entry"  # each deck alone: it walks the KB's decks itself (a scoped run narrows only the events)


def check(ctx):
    per_age = ctx.kb.games.get("pop", {}).get("facts", {}).get("realm_events_per_age", 2)
    for deck in decks(ctx):
        ages = sorted({c.age for c in deck.cards}, key=lambda a: ["I", "II", "III", "IV"].index(a))
        for age in ages:
            realm_cards = [c for c in deck.cards if c.age == age and c.kind == "realm_event" and c.realm]
            for realm in deck.realms:
                n = sum(1 for c in realm_cards if c.realm == realm)
                if n != per_age:
                    first = next((c.id for c in deck.cards if c.age == age), None)
                    yield deck_finding(ctx, deck, first, f"Age {age} has {n} realm-specific events of {realm}; a "
                                       f"realm in play has {per_age} per Age")
            for c in realm_cards:
                if c.realm not in deck.realms:
                    yield deck_finding(ctx, deck, c.id, f"'{c.id}' is an event of {c.realm}, which is not in play "
                                       f"(realms in play: {', '.join(deck.realms) or 'none'})")
