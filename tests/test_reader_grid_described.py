"""A grid of events named by the writer's own words with their id in parentheses ("the colonial war (4:VII)", "his
ministry (20:IV)"), outcomes said of a card that is discarded or struck off "without effect", a state left out after
"must not" ("NATO must have been played, Détente must not"), a period "or later only", and an outcome clause after a
requirement and "otherwise, <effect>". Written from the language's parts, not copied from any corpus; every
reading checked by hand.
"""

from __future__ import annotations

import pytest

from checker.logic.reader.read import read_text
from tests.heldout.score import vocabularies
from tests.reader_grid import assert_reported, reader

GAMES = {"eu": {"periods": ["IV", "VII"], "countries": ["SPA", "FRA", "PRU", "RUS", "AUS", "POR"],
                "events": {"4:IV": "NATIONAL REVOLT OF PORTUGAL", "20:IV": "RICHELIEU", "21:IV": "OLIVARES",
                           "4:VII": "WAR OF INDEPENDENCE IN THE COLONIES", "7:VII": "FIRST DIVISION OF POLAND",
                           "8:VII": "SECOND DIVISION OF POLAND", "11:VII": "THE CONFEDERATION OF BAR",
                           "12:VII": "THE WAR OF BAVARIAN SUCCESSION"}},
         "cw": {"periods": ["Early", "Mid", "Late"], "countries": ["USA", "USSR"],
                "events": {"1:Early": "MARSHALL PLAN", "2:Early": "NATO", "3:Early": "WARSAW PACT",
                           "1:Mid": "CUBAN MISSILE CRISIS", "1:Late": "DETENTE", "5:Late": "STAR WARS",
                           "6:Late": "GLASNOST"}}}
VOCABS = vocabularies(GAMES)


_read = reader(GAMES)


def st(kind, event):
    return {"kind": kind, "event": event}


def req(*when, on_fail=None, **extra):
    out = {"role": "requirement", "when": list(when)}
    if on_fail:
        out["on_fail"] = on_fail
    out.update(extra)
    return out


REQUIREMENTS = [
    # the writer's name for the event, then its id: the id says which event
    ("eu", "8:VII", "Cannot occur until the Polish partition (7:VII) has occurred.", req(st("occurred", "7:VII"))),
    ("eu", "12:VII", "Requires the colonial uprising (event 4:VII) played through.", req(st("over", "4:VII"))),
    ("eu", "21:IV", "Only if his ministry (20:IV) is over.", req(st("over", "20:IV"))),
    # a country's adjective inside the words is one of them (POR's adjective is in the bundled eu profile)
    ("eu", "21:IV", "Cannot occur after the Portuguese uprising (IV:4) has happened.", req(st("not_occurred", "4:IV"))),
    # a card discarded or struck off without effect is spent to no effect: marked (docs/logic.md S1)
    ("cw", "5:Late", "Discard this card without effect unless NATO is in effect.",
     req(st("in_effect", "2:Early"), on_fail="mark_off")),
    ("cw", "5:Late", "Playable only while Détente is in effect; otherwise the card is discarded and has no effect.",
     req(st("in_effect", "1:Late"), on_fail="mark_off")),
    ("eu", "8:VII", "If Poland no longer exists, strike the event off.",
     req({"kind": "exists", "subject": "Poland"}, on_fail="mark_off")),
    ("cw", "5:Late", "If Glasnost has not been played, nothing is produced.",
     req(st("occurred", "6:Late"), on_fail="nothing")),
    ("eu", "21:IV", "Delayed while 20:IV is in effect.", req(st("not_in_effect", "20:IV"), on_fail="delay")),
    # a state left out after "must not": the state of the requirement before it, negated
    ("cw", "5:Late", "NATO must have been played, Warsaw Pact must not.",
     req(st("occurred", "2:Early"), st("not_occurred", "3:Early"))),
    ("cw", "5:Late", "Détente must be in effect; Glasnost must not.",
     req(st("in_effect", "1:Late"), st("not_in_effect", "6:Late"))),
    ("eu", "11:VII", "Period VII or later only.", req({"kind": "period_at_least", "value": "VII"})),
    # a card's period, "only" left unsaid
    ("cw", "5:Late", "Playable during the Late War.", req({"kind": "period_at_least", "value": "Late"})),
    # a state left out after "once … has happened, provided …"
    ("eu", "12:VII", "Only once VII:7 has happened, provided VII:8 has not.",
     req(st("occurred", "7:VII"), st("not_occurred", "8:VII"))),
    # a title with its own number as "(EVENT 21)"
    ("eu", "12:VII", "ONLY IF OLIVARES (EVENT 21) HAS OCCURRED AND RICHELIEU (EVENT 20) IS STILL IN EFFECT.",
     req(st("occurred", "21:IV"), st("in_effect", "20:IV"))),
    # a title without the words before its head noun (NATIONAL REVOLT OF PORTUGAL)
    ("eu", "21:IV", "Cannot occur after the Revolt of Portugal.", req(st("not_occurred", "4:IV"))),
    # the designer's reason, then "so I made …" and the rule; "we just roll again"
    ("eu", "21:IV", "Richelieu and Olivares were rivals, so I made this event impossible while Richelieu is in "
                    "effect; if it comes up then, we just roll again.",
     req(st("not_in_effect", "20:IV"), on_fail="reroll")),
    ("cw", "5:Late", "I made it unplayable while Détente is in effect.", req(st("not_in_effect", "1:Late"))),
    # "come to power": the infinitive written like the participle
    ("eu", "21:IV", "Olivares cannot come to power while Richelieu is in effect; mark off.",
     req(st("not_in_effect", "20:IV"), on_fail="mark_off")),
    ("cw", "5:Late", "Playable while NATO is in effect.", req(st("in_effect", "2:Early"))),
    ("cw", "5:Late", "Playable in Mid War or later.", req({"kind": "period_at_least", "value": "Mid"})),
    # French word order: "exists no more"
    ("eu", "11:VII", "Cannot occur if Spain owns Lisbon and Portugal exists no more.",
     {"role": "requirement", "when_any": [{"kind": "owns", "subject": "Spain", "value": "Lisbon", "negated": True},
                                          {"kind": "exists", "subject": "Portugal"}]}),
    # outcomes as other writers word them
    ("eu", "12:VII", "The event cannot take place if Olivares has already taken place; it is then struck out, but it "
                     "can renew itself later.", req(st("not_occurred", "21:IV"), on_fail="refused_renewable")),
    ("eu", "12:VII", "Requires that Austria owns Silesia; if it does not, the event is marked off but may recur in a "
                     "later turn.", req({"kind": "owns", "subject": "Austria", "value": "Silesia"},
                                        on_fail="refused_renewable")),
    ("eu", "12:VII", "Cannot occur before event VII:8 has occurred. If rolled earlier, roll again and do not mark it "
                     "off.", req(st("occurred", "8:VII"), on_fail="reroll")),
    ("eu", "12:VII", "May only be rolled while Richelieu is going on; otherwise ignore it and roll again.",
     req(st("in_effect", "20:IV"), on_fail="reroll")),
    ("cw", "5:Late", "Not playable if Glasnost is in effect; card is removed from game.",
     req(st("not_in_effect", "6:Late"), on_fail="mark_off")),
    ("eu", "12:VII", "If Richelieu is in progress, this event cannot happen: cross it off the list.",
     req(st("not_in_effect", "20:IV"), on_fail="mark_off")),
    ("eu", "12:VII", "Saxony must still exist for this event to happen; otherwise re-roll.",
     req({"kind": "exists", "subject": "Saxony"}, on_fail="reroll")),
    # French calques: "intervene" (intervenir), "terminated" (terminé)
    ("eu", "12:VII", "This event can intervene only from the period VII and if the event 8:VII is terminated.",
     req({"kind": "period_at_least", "value": "VII"}, st("over", "8:VII"))),
    ("eu", "12:VII", "Event to strike off without effect if the Austria possesses already the Silesia.",
     req({"kind": "owns", "subject": "Austria", "value": "Silesia", "negated": True}, on_fail="mark_off")),
    ("eu", "12:VII", "If the Saxony does not exist anymore, the event is considered as having been played and is struck "
                     "off.", req({"kind": "exists", "subject": "Saxony"}, on_fail="consider_played")),
    ("eu", "12:VII", "The War of Bavarian Succession shall be postponed for so long as Saxony does not exist.",
     req({"kind": "exists", "subject": "Saxony"}, on_fail="delay")),
    ("eu", "12:VII", "The event cannot have place if Olivares is in course. The event is then barred and is considered "
                     "as played.", req(st("not_in_effect", "21:IV"), on_fail="consider_played")),
    ("eu", "12:VII", "The card is put aside and can be played anew later if Richelieu has not had place.",
     req(st("occurred", "20:IV"), on_fail="refused_renewable")),
    ("eu", "12:VII", "Saxony must still be on the map as a minor.", req({"kind": "exists", "subject": "Saxony"})),
    ("eu", "12:VII", "Austria must own Silesia, and Saxony must still be a free minor.",
     req({"kind": "owns", "subject": "Austria", "value": "Silesia"}, {"kind": "exists", "subject": "Saxony"})),
    # a requirement, its outcome, then "otherwise" and the event's effect
    ("eu", "12:VII", "If the event is drawn after the Confederation of Bar has occurred, it is crossed out without "
                     "effect; otherwise, the First Division of Poland is cancelled.",
     req(st("not_occurred", "11:VII"), on_fail="mark_off", effects=[{"kind": "cancel_event", "event": "7:VII"}])),
]


@pytest.mark.parametrize("game,event,text,want", REQUIREMENTS, ids=[c[2][:60] for c in REQUIREMENTS])
def test_requirements(game, event, text, want):
    assert _read(game, event, text, True) == want


def test_a_named_event_in_its_own_words_as_an_effect():
    got = _read("eu", "12:VII", "From now on the Bar confederation (11:VII) can never happen.", False)
    assert got == {"role": "effect", "effects": [{"kind": "never_occurs", "event": "11:VII"}]}


def test_the_designer_lets_a_card_cancel_another():
    got = _read("cw", "5:Late", "I let Star Wars cancel the Warsaw Pact for the USSR only.", False)
    assert got == {"role": "effect", "effects": [{"kind": "cancel_event", "event": "3:Early", "only_for": "USSR"}]}


@pytest.mark.parametrize("text", ["I made a new counter for the Star Wars card.", "We let the players choose a card."])
def test_the_designer_making_things_is_no_rule(text):
    assert _read("cw", "5:Late", text, False) is None


@pytest.mark.parametrize("game,event,text", [
    # a title's number that is not its own: which period's event 22?
    ("eu", "12:VII", "ONLY IF OLIVARES (EVENT 22) HAS OCCURRED."),
    # the reason states something of an event: not cut
    ("eu", "21:IV", "Richelieu was in effect, so I made this event impossible."),
    # no article or possessive before the words: a place named before an id, not the event's own name
    ("eu", "11:VII", "Prussia gains Danzig (8:VII)."),
    # a verb among the words: no name of an event
    ("eu", "11:VII", "Cannot occur until Poland is divided (7:VII)."),
    # "must not" with no state before it to stand for
    ("cw", "5:Late", "Warsaw Pact must not, NATO must have been played."),
])
def test_what_is_not_a_name_is_reported(game, event, text):
    got = _read(game, event, text, True)
    assert_reported(got)


def test_a_title_of_three_words_turned_round_with_of():
    # "the War of Thirty Years" for THIRTY YEARS WAR, as a translation writes it
    import dataclasses

    from checker.logic.reader.phrases import TitleIndex

    vocab = dataclasses.replace(VOCABS["eu"], titles=TitleIndex([("THIRTY YEARS WAR", "1:IV")]))
    got = read_text("This event cannot arrive during the War of Thirty Years.", "7:IV", vocab=vocab,
                    opening=True)
    got.pop("derived_from", None)
    assert got == req(st("not_in_effect", "1:IV"))


def test_a_cancellation_for_one_country_by_its_name():
    got = _read("eu", "12:VII", "Olivares is cancelled for Spain only.", False)
    assert got == {"role": "effect", "effects": [{"kind": "cancel_event", "event": "21:IV", "only_for": "Spain"}]}


@pytest.mark.parametrize("text,event", [
    ("The Confederation of Bar cannot any more be produced until the end of the game.", "11:VII"),
    ("Richelieu (20:IV) can no more have place during all the rest of the game.", "20:IV"),
])
def test_never_again_in_french_word_order(text, event):
    assert _read("eu", "12:VII", text, False) == {"role": "effect", "effects": [{"kind": "never_occurs",
                                                                                 "event": event}]}


def test_a_period_label_in_capitals_in_an_id():
    got = _read("cw", "5:Late", "THIS CARD CANCELS THE EFFECTS OF NATO (2:EARLY) FOR USSR ONLY.", False)
    assert got == {"role": "effect", "effects": [{"kind": "cancel_event", "event": "2:Early", "only_for": "USSR"}]}


def test_a_title_then_no_longer_playable():
    assert _read("cw", "5:Late", "Glasnost: no longer playable.", False) == {
        "role": "effect", "effects": [{"kind": "never_occurs", "event": "6:Late"}]}


def test_upon_its_occurrence_the_effects():
    got = _read("eu", "12:VII", "This event shall occur only if event 8:VII has been played through, failing which it "
                                "shall be marked off; upon its occurrence, Saxony shall cease to exist as a minor.", True)
    assert got == {"role": "requirement", "when": [st("over", "8:VII")], "on_fail": "mark_off",
                   "effects": [{"kind": "minor_removed", "subject": "Saxony"}]}
    got = _read("eu", "12:VII", "Upon occurrence, the province of Silesia shall pass to Prussia, and the minor of Saxony "
                                "shall cease to exist.", False)
    assert got == {"role": "effect", "effects": [{"kind": "owner", "subject": "Silesia", "value": "Prussia"},
                                                 {"kind": "minor_removed", "subject": "Saxony"}]}


@pytest.mark.parametrize("game,text,want", [
    ("eu", "Each of events 7:VII, 8:VII and 11:VII shall be cancelled with immediate effect.",
     [{"kind": "cancel_event", "event": e} for e in ("7:VII", "8:VII", "11:VII")]),
    ("cw", "NATO shall be cancelled as regards the USSR only.",
     [{"kind": "cancel_event", "event": "2:Early", "only_for": "USSR"}]),
])
def test_legal_english_effects(game, text, want):
    assert _read(game, "5:Late" if game == "cw" else "12:VII", text, False) == {"role": "effect", "effects": want}


def test_french_word_for_word_come_to_the_power():
    got = _read("eu", "21:IV", "Olivares can not come to the power as long as Richelieu is in course. To re-throw.", True)
    assert got == req(st("not_in_effect", "20:IV"), on_fail="reroll")
