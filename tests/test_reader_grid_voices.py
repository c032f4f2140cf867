"""A grid of the forms stop 53 taught the reader, each beside sentences it must not read so: a country named by its
people or player ("the British", "the Americans", "the French player": its code, by the adjective its profile
gives); a numbered paragraph's number ("12.", "4(b).", "Para 5.") before a rule; a glossary's headword with its
title turned round ("POLISH SUCCESSION, WAR OF THE (VI-8): …"); a title without its articles ("War of Polish
Succession"); "is played only if" / "SHALL be executed only if"; "not playable once A has been played and B is in
effect" (the two together); "creates the minor X (unless it already exists)"; a card's "Remove from game after
play." (never again); failed draws said as "the card is lost", "it is returned and another card is drawn", "the
same shall be treated as played", "in other case …", "counts as played for no effect", "discard it permanently";
an older English ("ere", "hath", "come to pass"); a writer's hedge ("Generally speaking, …", "It's worth noting that
…"). Reported, never dropped: "take(s) possession of", "transfers control of". Written from these forms, not from
any corpus; every reading checked by hand.
"""

from __future__ import annotations

import pytest

from tests.reader_grid import assert_reported, owns, reader, req, st

GAMES = {"awi": {"periods": ["Early", "Mid", "Late"],
                 "countries": [{"code": "BR", "name": "Britain", "adjective": "British"},
                               {"code": "AM", "name": "America", "adjective": "American"},
                               {"code": "FR", "name": "France", "adjective": "French"}],
                 "events": {"1:Early": "COMMON SENSE", "2:Early": "LEXINGTON AND CONCORD", "1:Mid": "SARATOGA",
                            "2:Mid": "FRENCH ALLIANCE", "3:Mid": "VALLEY FORGE", "1:Late": "YORKTOWN",
                            "2:Late": "TREATY OF PARIS", "4:Late": "MUTINY OF THE PENNSYLVANIA LINE",
                            "5:Mid": "SPAIN DECLARES WAR", "5:Late": "LORD NORTH RESIGNS"}},
         "eu": {"periods": ["V", "VI"], "countries": ["SPA", "FRA", "AUS", "RUS", "PRU"],
                "events": {"1:V": "GLORIOUS REVOLUTION", "6:V": "GREAT NORTHERN WAR",
                           "5:V": "DEATH OF CHARLES II OF SPAIN", "2:VI": "WAR OF THE SPANISH SUCCESSION",
                           "3:VI": "TREATY OF UTRECHT", "7:VI": "PRAGMATIC SANCTION",
                           "8:VI": "WAR OF THE POLISH SUCCESSION"}}}
_read = reader(GAMES)


READ = [
    # a country by its people or its player, as its profile's adjective says
    ("awi", "1:Late", True, "Playable only if the Americans hold Virginia.", req(owns("AM", "Virginia"))),
    ("awi", "1:Late", True, "Cannot be played if the British hold Charleston.", req(owns("BR", "Charleston", True))),
    ("awi", "1:Late", True, "Playable only if the French player owns Newport.", req(owns("FR", "Newport"))),
    ("awi", "2:Late", False, "Cancels Yorktown for the Americans only.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "1:Late", "only_for": "AM"}]}),
    ("awi", "2:Late", False, "New York passes to the Americans.",
     {"role": "effect", "effects": [{"kind": "owner", "subject": "New York", "value": "AM"}]}),
    # a numbered paragraph's number before the rule
    ("awi", "2:Mid", True, "12. FRENCH ALLIANCE SHALL NOT be played until SARATOGA has been played.",
     req(st("occurred", "1:Mid"))),
    ("awi", "2:Mid", True, "4(b). This event shall not be played until Saratoga has been played.",
     req(st("occurred", "1:Mid"))),
    ("awi", "2:Mid", True, "Para 5. This event shall not be played until Saratoga has been played.",
     req(st("occurred", "1:Mid"))),
    # a glossary's headword, its title turned round at a comma
    ("eu", "8:VI", True, "POLISH SUCCESSION, WAR OF THE (VI-8): Not before the Pragmatic Sanction (VI-7).",
     req(st("occurred", "7:VI"))),
    ("eu", "6:V", False, "NORTHERN WAR, GREAT (V-6): Creates the minor Holstein unless it already exists.",
     {"role": "effect", "effects": [{"kind": "minor_created", "subject": "Holstein"}],
      "when": [{"kind": "not_exists", "subject": "Holstein"}]}),
    # a title without its articles, as a writer whose language has none writes it
    ("eu", "3:VI", True, "Event can be played only after War of Spanish Succession.", req(st("occurred", "2:VI"))),
    ("awi", "2:Late", False, "This card cancels Mutiny of Pennsylvania Line.",
     {"role": "effect", "effects": [st("cancel_event", "4:Late")]}),
    # "is played only if", "shall be executed only if" (shall be: a copula), "executed" as played
    ("eu", "7:VI", True, "This event is played only if Austria holds Silesia.", req(owns("Austria", "Silesia"))),
    ("eu", "7:VI", True, "This event SHALL be executed only if AUSTRIA holds Silesia.",
     req(owns("AUSTRIA", "Silesia"))),
    ("eu", "3:VI", True, "The event SHALL NOT be executed until event 2:VI has been executed.",
     req(st("occurred", "2:VI"))),
    # "not … once A has been played and B is in effect": not both
    ("awi", "3:Mid", True, "Not playable once Saratoga has been played and the French Alliance is in effect.",
     {"role": "requirement", "when_any": [st("not_occurred", "1:Mid"), st("not_in_effect", "2:Mid")]}),
    # a card removes itself after play: it never occurs again
    ("awi", "2:Late", False, "Remove from game after play.", {"role": "effect", "effects": [st("never_occurs", "2:Late")]}),
    ("awi", "2:Late", False, "This card is removed from the game after play.",
     {"role": "effect", "effects": [st("never_occurs", "2:Late")]}),
    # failed draws in a writer's own words
    ("awi", "1:Late", True, "Playable only after Saratoga; otherwise the card is lost for good.",
     req(st("occurred", "1:Mid"), on_fail="mark_off")),
    ("awi", "1:Late", True, "Playable only after Saratoga; otherwise it is returned and another card is drawn.",
     req(st("occurred", "1:Mid"), on_fail="reroll")),
    ("awi", "1:Late", True, "Playable only after Saratoga; otherwise the same shall be treated as played.",
     req(st("occurred", "1:Mid"), on_fail="consider_played")),
    ("awi", "1:Late", True, "Playable only after Saratoga, in other case roll again.",
     req(st("occurred", "1:Mid"), on_fail="reroll")),
    ("awi", "1:Late", True, "Playable only after Saratoga; otherwise the card counts as played for no effect.",
     req(st("occurred", "1:Mid"), on_fail="consider_played")),
    ("awi", "1:Late", True, "Playable only after Saratoga; otherwise discard it permanently.",
     req(st("occurred", "1:Mid"), on_fail="mark_off")),
    # an older English
    ("eu", "3:VI", True, "The Treaty of Utrecht shall not be drawn ere the War of the Spanish Succession hath come to "
     "pass.", req(st("occurred", "2:VI"))),
    # an officialese: "is not to be played in case …", "applicable", "shall stand cancelled", a cross-reference to the
    # same event in parentheses, "…, vide para 4" at the end, "failing which the die shall be re-rolled"
    ("eu", "7:VI", True, "The Pragmatic Sanction is not to be played in case the Treaty of Utrecht has not yet taken "
     "place.", req(st("occurred", "3:VI"))),
    ("eu", "7:VI", True, "This event is applicable only after the Treaty of Utrecht.", req(st("occurred", "3:VI"))),
    ("eu", "3:VI", False, "The Glorious Revolution shall stand cancelled for Spain only.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "1:V", "only_for": "Spain"}]}),
    ("eu", "3:VI", True, "This event shall be playable only after the Death of Charles II of Spain (vide event 5:V), "
     "failing which the die shall be re-rolled.", req(st("occurred", "5:V"), on_fail="reroll")),
    ("eu", "3:VI", False, "Gibraltar passes to England, vide para 4 above.",
     {"role": "effect", "effects": [{"kind": "owner", "subject": "Gibraltar", "value": "England"}]}),
    # the progressive of owning; a card that "comes out"; "at least once"
    ("awi", "3:Mid", True, "Playable only while the British are holding Philadelphia.", req(owns("BR", "Philadelphia"))),
    ("awi", "2:Mid", True, "The French Alliance can't come out until Saratoga has been played.",
     req(st("occurred", "1:Mid"))),
    ("awi", "2:Mid", True, "Requires that Saratoga has fired at least once.", req(st("occurred", "1:Mid"))),
    # a plain-language writer's requirements over several sentences, an ownership among them, and its outcome
    ("eu", "8:VI", True, "This event needs France to own Lorraine. This event also needs the Pragmatic Sanction to be "
     "in effect. If this is not true, mark off the War of the Polish Succession.",
     req(owns("France", "Lorraine"), st("in_effect", "7:VI"), on_fail="mark_off")),
    # treated as played, and marked off: one outcome
    ("eu", "8:VI", True, "Should the Pragmatic Sanction not yet have taken place when this event is rolled, the event is "
     "treated as having been played and is marked off.", req(st("occurred", "7:VI"), on_fail="consider_played")),
    # a title that is a clause, written in another tense after an auxiliary
    ("awi", "2:Late", True, "Playable only after Lord North hath resigned.", req(st("occurred", "5:Late"))),
    ("awi", "2:Late", True, "Cannot be played if Spain has not declared war.", req(st("occurred", "5:Mid"))),
    ("awi", "2:Late", True, "May not be played when Yorktown was not played and Lord North did not resign.",
     {"role": "requirement", "when_any": [st("occurred", "1:Late"), st("occurred", "5:Late")]}),
    ("awi", "5:Mid", True, "Spain shall not declare war while the French Alliance is not in effect.",
     req(st("in_effect", "2:Mid"))),
    # a writer's hedge
    ("eu", "3:VI", True, "Generally speaking, this event requires the War of the Spanish Succession to be over.",
     req(st("over", "2:VI"))),
    ("awi", "2:Mid", True, "It's worth noting that this card can only be played after Saratoga.",
     req(st("occurred", "1:Mid"))),
]


@pytest.mark.parametrize("game, event, opening, text, want", READ, ids=[r[3][:50] for r in READ])
def test_read(game, event, opening, text, want):
    assert _read(game, event, text, opening=opening) == want


REPORTED = [
    # a change of owner in words no form reads: reported, never dropped
    ("eu", "6:V", False, "Russia shall take possession of the said duchy, provided that Russia holds Riga.", ""),
    ("awi", "1:Early", False, "When played, transfers control of the Ohio Country to the British.", ""),
    # a cross-reference in parentheses to another event than the title before it: which is meant?
    ("eu", "3:VI", True, "This event shall be playable only after the Death of Charles II of Spain (see event 6:V).", ""),
    # "the card is lost" alone: out of the game, or lost for this turn? (one writer meant either)
    ("awi", "1:Late", True, "Playable only after Saratoga; otherwise the card is lost.", ""),
    # a minor created in words no form reads
    ("eu", "6:V", False, "Creates the nice Holstein.", ""),
    # "the Spanish Netherlands" is a place, not Spain's people: never read as the country
    ("eu", "5:V", False, "The Spanish Netherlands pass to the Austrians if the Americans hold nothing.", ""),
]


@pytest.mark.parametrize("game, event, opening, text, reason", REPORTED, ids=[r[3][:50] for r in REPORTED])
def test_reported(game, event, opening, text, reason):
    got = _read(game, event, text, opening=opening)
    assert_reported(got, reason)


NOTHING = [
    # a title that is a clause, told in the past with a year: history
    ("awi", "5:Mid", "Spain declared war on Britain in 1779."),
    # history told with a year: a person "executed" is no event played
    ("eu", "1:V", "King Charles I was executed in 1649, long before the Glorious Revolution."),
    # a number at the start of a sentence that is no paragraph's number
    ("awi", "1:Mid", "3 victory points go to the player who plays this card."),
]


@pytest.mark.parametrize("game, event, text", NOTHING, ids=[r[2][:50] for r in NOTHING])
def test_no_rule(game, event, text):
    assert _read(game, event, text) is None


def test_a_people_is_its_country_only_where_the_profile_gives_its_adjective():
    from checker.logic.reader.read import read_text
    from tests.heldout.score import vocabularies

    plain = vocabularies({"awi": {**GAMES["awi"], "countries": ["BR", "AM", "FR"]}})["awi"]
    got = read_text("Playable only if the Americans hold Virginia.", "1:Late", vocab=plain, opening=True)
    # without the adjective the writer's word stays as written (the engine compares it by name)
    assert got["when"] == [owns("Americans", "Virginia")]
