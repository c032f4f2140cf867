"""The logic reader on card-game texts: the vocabulary comes from the game profile (period labels such as Early,
Mid, Late or 1914, country codes of 2-4 letters), and the card forms ("May only be played if …", "after A and
before B", "Cancels …", "… can no longer be played", "Prevents …") are read fully or reported as not understood
(never half-read). Each form has an example that is read and a near miss that is reported."""

from __future__ import annotations

import pytest

from checker.games import profile
from checker.logic.derive import derive_event_logic
from checker.logic.reader.grammar import _parser, vocabulary_of
from checker.logic.reader.read import read_text
from checker.textformat import parse_document

COLD_WAR = {"id": "cw", "name": "A cold-war card game", "deck": "cumulative",
            "periods": [{"id": "Early"}, {"id": "Mid"}, {"id": "Late"}],
            "countries": [{"code": "US", "name": "United States"}, {"code": "USSR", "name": "Soviet Union"},
                          {"code": "UK", "name": "United Kingdom"}]}
GREAT_WAR = {"id": "gw", "name": "A great-war card game", "deck": "per_period",
             "periods": [{"id": "1914"}, {"id": "1915"}, {"id": "1916"}, {"id": "1917"}],
             "countries": [{"code": "GE", "name": "Germany"}, {"code": "AH", "name": "Austria"},
                           {"code": "RU", "name": "Russia"}, {"code": "BR", "name": "Britain"}]}
CW = vocabulary_of(profile({"cw": COLD_WAR}, "cw"))
GW = vocabulary_of(profile({"gw": GREAT_WAR}, "gw"))


def cw(text):
    return read_text(text, "5:Mid", None, CW)


def gw(text):
    return read_text(text, "7:1916", None, GW)


def occurred(e):
    return {"kind": "occurred", "event": e}


def not_occurred(e):
    return {"kind": "not_occurred", "event": e}


def unread(logic):
    return logic is not None and logic["role"] == "unread"


# ---------------------------------------------------------------- the vocabulary comes from the profile
def test_ids_with_the_profiles_period_labels_in_both_forms():
    assert cw("May only be played if 21:Early has been played.")["when"] == [occurred("21:Early")]
    assert cw("May only be played if Early:21 has been played.")["when"] == [occurred("21:Early")]
    assert gw("May only be played if 12:1915 has been played.")["when"] == [occurred("12:1915")]
    assert gw("May only be played if 1915:12 has been played.")["when"] == [occurred("12:1915")]
    # Roman periods outside the profile are still event ids (external references), as in the EU texts
    assert cw("May only be played if 4:VI has been played.")["when"] == [occurred("4:VI")]
    # "Early" is not a period of the great-war profile: the sentence is reported, not read with a wrong id
    assert unread(gw("May only be played if 21:Early has been played."))
    assert unread(read_text("May only be played if 21:Early has been played.", "5:VII"))  # the EU default


def test_country_codes_of_two_to_four_letters_from_the_profile():
    assert cw("May only be played if USSR is at war with US.")["when"] == [
        {"kind": "at_war", "subject": "USSR", "value": "US"}]
    assert gw("Can only be played if RU is at war.")["when"] == [{"kind": "at_war", "subject": "RU"}]
    # a code of 2-4 letters that is not the profile's is still read as a capitalised name (a province, a
    # region), as in the EU texts; NAM001 reports unknown codes


def test_one_parser_per_vocabulary():
    # a game whose pack has sentence forms of its own (the events rewrite) gets one parser per vocabulary; a game
    # without (these card games) is read by the event language alone and builds none
    eu_a = vocabulary_of(profile({"eu": {**COLD_WAR, "id": "eu"}}, "eu"))
    eu_b = vocabulary_of(profile({"eu": {**GREAT_WAR, "id": "eu"}}, "eu"))
    assert eu_a.forms == eu_b.forms == "eu" and CW.forms is None and GW.forms is None
    _parser.cache_clear()
    for _ in range(3):
        assert cw("May only be played if 21:Early has been played.")["when"] == [occurred("21:Early")]
        assert gw("May only be played if 12:1915 has been played.")["when"] == [occurred("12:1915")]
    assert _parser.cache_info().currsize == 0
    for _ in range(3):
        read_text("May only be played if 21:Early has been played.", "5:Mid", None, eu_a)
        read_text("May only be played if 12:1915 has been played.", "7:1916", None, eu_b)
    assert _parser.cache_info().currsize == 2 and _parser.cache_info().misses == 2


def test_derive_event_logic_takes_the_game_profile():
    text = ("5: WARSAW PACT (historical date: 1955)\n(duration: permanent)\n"
            "1. May only be played after 21:Early (NATO) and before 3:Late (Glasnost).\n"
            "EVENTS PHASE:\n1. Cancels the effects of 21:Early (NATO) for USSR only.\n")
    (event,) = parse_document(text, "cw.txt", "Mid", game="cw").events
    derive_event_logic(event, {}, profile({"cw": COLD_WAR}, "cw"))
    assert event.conditions[0].logic["when"] == [occurred("21:Early"), not_occurred("3:Late")]
    (clause,) = event.body[0].clauses
    assert clause.logic["effects"] == [{"kind": "cancel_event", "event": "21:Early", "only_for": "USSR"}]
    # without the profile the event's own period is still a label, but USSR is no country code of the default
    (event,) = parse_document(text, "cw.txt", "Mid", game="eu").events
    derive_event_logic(event)
    assert unread(event.body[0].clauses[0].logic)


# ---------------------------------------------------------------- requirements
@pytest.mark.parametrize("text", ["May only be played if 21:Early (NATO) is in effect.",
                                  "Can only be played if 21:Early is in effect.",
                                  "May be played only if 21:Early is in effect.",
                                  "This card may only be played as an event if 21:Early is in effect.",
                                  "This event can be played only if 21:Early is in effect."])
def test_may_only_be_played_if(text):
    logic = cw(text)
    assert logic["role"] == "requirement" and logic["when"] == [{"kind": "in_effect", "event": "21:Early"}]


def test_may_only_be_played_if_alternatives_and_lists():
    assert cw("May only be played if 21:Early or 22:Early has been played.")["when_any"] == [
        occurred("21:Early"), occurred("22:Early")]
    assert cw("May only be played if 21:Early and 22:Early have been played.")["when"] == [
        occurred("21:Early"), occurred("22:Early")]
    assert cw("May only be played if 21:Early has not been played.")["when"] == [not_occurred("21:Early")]
    # "has been played and <another condition>" is no "has been played and is over" (the EU form stays read)
    assert cw("May only be played if 21:Early has been played and USSR is at war.")["when"] == [
        occurred("21:Early"), {"kind": "at_war", "subject": "USSR"}]
    # "cannot occur if 7:Mid has been played and is over": not (occurred and over), i.e. not over (over implies
    # occurred); the event language keeps both literals
    assert cw("Cannot occur if event 7:Mid has been played and is over.")["when_any"] == [
        not_occurred("7:Mid"), {"kind": "over", "event": "7:Mid", "negated": True}]
    logic = cw("May only be played if the moon is full.")
    assert unread(logic) and "moon is full" in logic["words"]


def test_after_a_and_before_b():
    want = [occurred("21:Early"), not_occurred("3:Late")]
    assert cw("May only be played after 21:Early (NATO) and before 3:Late (Glasnost).")["when"] == want
    assert cw("May only be played after 21:Early has been played and before 3:Late has been played.")["when"] == want
    assert gw("May only be played after 12:1915 and before 3:1917.")["when"] == [occurred("12:1915"),
                                                                                 not_occurred("3:1917")]
    assert cw("May only be played after 21:Early.")["when"] == [occurred("21:Early")]
    assert cw("May only be played before 3:Late.")["when"] == [not_occurred("3:Late")]
    assert unread(cw("May only be played after the Berlin crisis and before 3:Late."))
    assert unread(cw("May only be played after 21:Early and before the end of the war."))


def test_cannot_be_played_before_and_after():
    assert cw("Cannot be played before 21:Early.")["when"] == [occurred("21:Early")]
    assert cw("Cannot be played before 21:Early has been played.")["when"] == [occurred("21:Early")]
    assert cw("Cannot be played after 3:Late has been played.")["when"] == [not_occurred("3:Late")]
    assert cw("May not be played as an event after 3:Late.")["when"] == [not_occurred("3:Late")]
    assert cw("This card cannot be played after 3:Late.")["when"] == [not_occurred("3:Late")]
    assert cw("Requires 21:Early (NATO).")["when"] == [occurred("21:Early")]
    assert unread(cw("Cannot be played after the Cuban crisis."))


def test_cannot_be_played_if_unless_and_before_a_period():
    assert cw("Cannot be played if 21:Early is in effect.")["when"] == [{"kind": "not_in_effect",
                                                                         "event": "21:Early"}]
    assert cw("Cannot be played unless 21:Early has been played.")["when"] == [occurred("21:Early")]
    assert cw("Cannot be played before period Mid.")["when"] == [{"kind": "period_at_least", "value": "Mid"}]
    assert gw("May not be played before 1916.")["when"] == [{"kind": "period_at_least", "value": "1916"}]
    assert unread(cw("Cannot be played before period Middle."))


# ---------------------------------------------------------------- effects
@pytest.mark.parametrize("text", ["Cancels 21:Early.", "Cancels the effects of 21:Early (NATO).",
                                  "The effects of 21:Early (NATO) are cancelled.", "21:Early is cancelled."])
def test_cancels(text):
    assert cw(text)["effects"] == [{"kind": "cancel_event", "event": "21:Early"}]


def test_cancellation_for_one_country_only():
    want = [{"kind": "cancel_event", "event": "21:Early", "only_for": "USSR"}]
    assert cw("Cancels the effects of 21:Early (NATO) for USSR only.")["effects"] == want
    assert cw("Cancels the effects of 21:Early for the USSR only.")["effects"] == want
    assert cw("The effects of 21:Early are cancelled for USSR only.")["effects"] == want
    # a country the profile does not know is not half-read as a cancellation for everyone
    assert unread(cw("Cancels the effects of 21:Early for the Warsaw Pact countries only."))


@pytest.mark.parametrize("text", ["21:Early (NATO) can no longer be played as an event.",
                                  "21:Early may no longer be played.", "Prevents 21:Early (NATO).",
                                  "Prevents 21:Early from being played as an event.",
                                  "21:Early cannot be played as an event for the rest of the game.",
                                  "Event 21:Early can never occur."])
def test_no_longer_played_and_prevents_are_never_occurs(text):
    assert cw(text)["effects"] == [{"kind": "never_occurs", "event": "21:Early"}]


def test_several_cards_cancelled_and_prevented():
    assert cw("Cancels 21:Early and prevents 22:Early.")["effects"] == [
        {"kind": "cancel_event", "event": "21:Early"}, {"kind": "never_occurs", "event": "22:Early"}]
    assert cw("Prevents 21:Early and 22:Early.")["effects"] == [
        {"kind": "never_occurs", "event": "21:Early"}, {"kind": "never_occurs", "event": "22:Early"}]


def test_cancel_and_prevent_near_misses_are_reported():
    assert unread(cw("Cancels the bonus of the US player."))
    assert unread(cw("Prevents the USSR from placing influence."))
    # "cannot be played" with no end stated may be a ban while this card is in effect: reported, not guessed
    assert unread(cw("21:Early cannot be played."))
    # an id after "and" with no cancellation before it is not read as one
    assert unread(cw("USSR annexes BERLIN and 21:Early."))
    # a requirement and an effect in one clause are read together (tests/test_reader_compound.py), but an effect
    # whose "unless" its items cannot hold is reported, never half-read
    assert unread(cw("May only be played if 21:Early is in effect. Cancels 21:Early unless 22:Early is in effect."))
    # card cues leave narrative alone
    assert cw("This card can be played at any time.") is None
    assert cw("The US player places two influence in Western Europe.") is None


def test_names_in_parentheses_are_the_ids_labels_not_unknown_asides():
    logic = cw("May only be played if event 21:Early (NATO) is in effect.")
    assert logic["role"] == "requirement"
    # an aside that opens a clause of its own is a remark, not a name: refused as any unknown aside
    logic = cw("Cancels 21:Early (if the US player agrees) for USSR only.")
    assert unread(logic) and "agrees" in logic["words"]



@pytest.mark.slow
def test_card_reading_stays_linear_on_long_lines():
    """Five 200,000-character lines of card sentences and ids (1 MiB) with the cold-war vocabulary are read in about
    the time five 12,500-character lines take (the reader's limits: 400 characters a sentence, 12 rule sentences a
    clause, 400 an event, so the work is bounded whatever the length), and never near a hang.

    Timed as a ratio, not against a fixed second: the reading of 1 MiB took 0.6-1.06 s on one machine from run to
    run (the first reading of a process the slowest), on this stop's starting code as on its end, so a fixed bound
    of 1.0 s failed at random. A reading that grew with the length (quadratic: 256 times for 16 times the text)
    fails the ratio at once."""
    import gc
    import random
    import time

    words = ["Cancels", "21:Early", "(NATO)", "and", "prevents", "Early:22", "USSR", "only", "for", "the",
             "May", "be", "played", "after", "before", "3:Late.", "(", ")"]
    text = "5: LONG (historical date: 1960)\n(duration: permanent)\nEVENTS PHASE:\n" + "".join(
        f"{i}. Placeholder.\n" for i in range(1, 6))

    def event_of(length, seed):
        rnd = random.Random(seed)
        (event,) = parse_document(text, "long.txt", "Mid", game="cw").events
        for clause in event.all_clauses():
            clause.text = " ".join(rnd.choice(words) for _ in range(length // 5 + 10))[:length]
        return event

    cw = profile({"cw": COLD_WAR}, "cw")

    def timed(event):
        # the garbage collector is held while the reading is timed (as in tests/test_checks_growth.py)
        gc.collect()
        gc.disable()
        try:
            start = time.process_time()
            derive_event_logic(event, {}, cw)
            return time.process_time() - start
        finally:
            gc.enable()

    timed(event_of(12_500, 6))  # what the reader builds once per process and vocabulary, built before the timing
    short = timed(event_of(12_500, 5))
    event = event_of(200_000, 5)
    took = timed(event)
    assert took < 4 * short + 0.2 and took < 5.0, (took, short)
    assert all(c.logic is None or c.logic["role"] == "unread" for c in event.all_clauses())


def test_coverage_names_the_game_when_the_events_are_of_several_games():
    from checker.logic.coverage import coverage, format_coverage

    text = "1: FIRST (historical date: 1950)\n(duration: permanent)\n1. Cancels 2:Mid.\n"
    (a,) = parse_document(text, "a.txt", "Mid", game="eu").events
    (b,) = parse_document(text, "b.txt", "Mid", game="cw").events
    for e in (a, b):
        derive_event_logic(e, {}, profile({"cw": COLD_WAR}, "cw"))
    rows, total = coverage([a, b])
    assert [r.event for r in rows] == ["eu/1:Mid", "cw/1:Mid"] and total.read == 2
    assert format_coverage(rows, total).splitlines()[-1].split() == ["total", "2", "2", "0", "0"]
    assert [r.event for r in coverage([a])[0]] == ["1:Mid"]  # one game: plain ids, as before
