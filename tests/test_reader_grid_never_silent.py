"""A grid of sentences that hold what the logic models in words no form expected (a change of owner "shall be
transferred", "passes under French sovereignty"; the game "shall forthwith terminate"; an event "deemed incapable of
occurring"; a minor "suppressed"): each is read, or reported, never dropped as narrative. And what stays narrative:
history told with a year, income and troops received, a question who chooses. A state with no verb among an event's
effects ("Berlin Wall no longer in effect.") is reported there: a requirement, or what the event does? Written from
the language's parts, not copied from any corpus; every reading checked by hand.
"""

from __future__ import annotations

import pytest

from tests.reader_grid import assert_reported, reader

GAMES = {"eu": {"periods": ["IV", "VII"], "countries": ["SPA", "FRA", "PRU", "AUS"],
                "events": {"4:IV": "NATIONAL REVOLT OF PORTUGAL", "2:VII": "SALE OF CORSICA BY GENOA",
                           "11:VII": "THE CONFEDERATION OF BAR", "12:VII": "THE WAR OF BAVARIAN SUCCESSION"}},
         "cw": {"periods": ["Early", "Mid", "Late"], "countries": ["USA", "USSR"],
                "events": {"3:Early": "WARSAW PACT", "10:Early": "DECOLONIZATION", "3:Mid": "BERLIN WALL",
                           "4:Late": "SOLIDARITY", "7:Late": "FALL OF THE BERLIN WALL"}}}


_read = reader(GAMES)


def effect(*items):
    return {"role": "effect", "effects": list(items)}


READ = [
    ("eu", "12:VII", "The province of Silesia shall be transferred to Austria with immediate effect.",
     effect({"kind": "owner", "subject": "Silesia", "value": "Austria"})),
    ("eu", "12:VII", "Austria receives the province of Silesia, and the minor of Bavaria is suppressed.",
     effect({"kind": "owner", "subject": "Silesia", "value": "Austria"},
            {"kind": "minor_removed", "subject": "Bavaria"})),
    # the countries' adjectives are the bundled eu profile's (Prussian, French)
    ("eu", "12:VII", "Ansbach and Bayreuth become Prussian.",
     effect({"kind": "owner", "subject": "Ansbach", "value": "PRU"}, {"kind": "owner", "subject": "Bayreuth",
                                                                      "value": "PRU"})),
    ("eu", "12:VII", "Savoy passes under French sovereignty.", effect({"kind": "owner", "subject": "Savoy",
                                                                      "value": "FRA"})),
    ("eu", "12:VII", "Upon resolution of this event the game shall forthwith terminate.", effect({"kind": "game_ends"})),
    ("eu", "12:VII", "Event 4:IV shall be deemed incapable of occurring from the resolution hereof.",
     effect({"kind": "never_occurs", "event": "4:IV"})),
    ("eu", "12:VII", "Saxony passes to Prussia and is removed as a minor state.",
     effect({"kind": "owner", "subject": "Saxony", "value": "Prussia"}, {"kind": "minor_removed", "subject": "Saxony"})),
    ("eu", "12:VII", "The game ends at the end of this turn.", effect({"kind": "game_ends"})),
    ("cw", "4:Late", "Solidarity permanently removes the Warsaw Pact from the game.",
     effect({"kind": "never_occurs", "event": "3:Early"})),
    # in capitals every word looks like a name: "SPAIN LOSES NAPLES" is no one place
    ("eu", "12:VII", "SPAIN LOSES NAPLES TO AUSTRIA.", effect({"kind": "owner", "subject": "NAPLES", "value": "AUSTRIA"})),
    ("eu", "12:VII", "AUSTRIA GETS UPPER AUSTRIA.", effect({"kind": "owner", "subject": "UPPER AUSTRIA", "value": "AUSTRIA"})),
    # a minor gone, then an event made impossible: both (the first half was dropped as narrative)
    ("eu", "12:VII", "Saxony ceases to exist and event 11:VII can never occur.",
     effect({"kind": "minor_removed", "subject": "Saxony"}, {"kind": "never_occurs", "event": "11:VII"})),
    # the rule a place comes under, in other words than "sovereignty"
    ("eu", "12:VII", "Silesia passes under Austrian domination.", effect({"kind": "owner", "subject": "Silesia",
                                                                          "value": "AUS"})),
    ("eu", "12:VII", "Savoy falls under French dominion.", effect({"kind": "owner", "subject": "Savoy", "value": "FRA"})),
    # an event ended and made impossible in one breath; two events ending together
    ("cw", "7:Late", "The Solidarity card ends and can never be played again.",
     effect({"kind": "cancel_event", "event": "4:Late"}, {"kind": "never_occurs", "event": "4:Late"})),
    ("cw", "7:Late", "Solidarity and the Berlin Wall both end.",
     effect({"kind": "cancel_event", "event": "4:Late"}, {"kind": "cancel_event", "event": "3:Mid"})),
]


@pytest.mark.parametrize("game,event,text,want", READ, ids=[c[2][:60] for c in READ])
def test_read(game, event, text, want):
    assert _read(game, event, text) == want


@pytest.mark.parametrize("game,event,text", [
    ("eu", "12:VII", "Saxony ceases to exist by the terms of the treaty."),
    ("cw", "4:Late", "Solidarity takes the Warsaw Pact card out of the game: it can never be played again."),
    ("cw", "7:Late", "Finally, and quite dramatically, the Fall of the Berlin Wall brings the game to an immediate close, "
                     "at which point players proceed to the final count."),
    # a minor named like an event (THE CONFEDERATION OF BAR): which is created? reported, never dropped
    ("eu", "12:VII", "Create the Confederation of Bar."),
    ("eu", "12:VII", "CREATE THE MINOR CONFEDERATION OF BAR. EVENT 11:VII IS CANCELLED IF IN EFFECT."),
    # a state with no verb among the effects: a requirement, or what the event does?
    ("cw", "4:Late", "Berlin Wall no longer in effect."),
    # an owner or a minor in words no form reads (control in a card game is the profile's to define)
    ("cw", "4:Late", "Poland comes under American control."),
    ("cw", "4:Late", "In my version Solidarity puts Hungary under American control."),
    ("cw", "10:Early", "Nigeria enters play (minor)."),
    ("cw", "10:Early", "Q: Does it create minors? A: Yes, two: Ghana and Kenya both enter play when it is resolved."),
    ("eu", "12:VII", "Danzig: removed as minor."),
    ("eu", "12:VII", "Savoy: to FRA. Genoa: removed."),
    ("eu", "12:VII", "Saxony becomes a separate minor on the map."),
    ("eu", "12:VII", "Place Saxony as a minor."),
    # a failed draw's outcome after a condition, with a word no form reads after it
    ("eu", "12:VII", "If France owns Corsica when this event is drawn, it is treated as a 'No Event' result florp."),
])
def test_reported_never_silent(game, event, text):
    got = _read(game, event, text)
    assert_reported(got)


def test_a_state_with_no_verb_is_a_requirement_among_the_opening_conditions():
    got = _read("cw", "4:Late", "Berlin Wall no longer in effect.", opening=True)
    assert got == {"role": "requirement", "when": [{"kind": "over", "event": "3:Mid"}]}
    got = _read("cw", "4:Late", "Berlin Wall not in effect; discard without effect.")
    assert got == {"role": "requirement", "when": [{"kind": "not_in_effect", "event": "3:Mid"}], "on_fail": "mark_off"}


@pytest.mark.parametrize("game,event,text", [
    ("eu", "12:VII", "Genoa ceded Corsica to France in 1768 by the Treaty of Versailles."),
    ("eu", "12:VII", "France receives 200 ducats and one extra diplomat."),
    ("eu", "12:VII", "Portugal receives 2 infantry and 1 cavalry in Lisbon."),
    ("cw", "10:Early", "Q: Who places the influence for Decolonization? A: The USSR player, but no more than two per "
                       "region."),
    ("cw", "10:Early", "Q: When Decolonization is played, who places the marker? A: The USSR player, in Africa."),
    ("cw", "10:Early", "The Decolonization card lets the USSR player place four influence, no more than one per country."),
    ("eu", "12:VII", "Portugal receives 2 infantry under Spanish command in Lisbon."),
    # a state that lasts, not a change ("remains under the control of")
    ("eu", "12:VII", "The capital of France remains under the control of FRA until conquered by the rebels."),
    ("cw", "10:Early", "The card enters the deck in the Early War."),
    ("cw", "10:Early", "The Soviet player should consider how much influence to commit, as the region can become a "
                       "drain on resources."),
])
def test_narrative_stays_narrative(game, event, text):
    assert _read(game, event, text) is None
