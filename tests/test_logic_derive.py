"""Structured logic derived from the seeds' sentence patterns."""

from __future__ import annotations

from checker.logic.derive import derive_requirement, parse_condition


def test_cannot_occur_before():
    logic = derive_requirement("Cannot occur before event 4:VII (War of Independence by the colonies) has occurred "
                               "and the rebellion, if there was one, has been played through. Otherwise re-roll "
                               "and do not mark off.")
    # "has occurred and the rebellion … has been played through": the event must be over, not just begun.
    assert logic["when"] == [{"kind": "over", "event": "4:VII"}] and logic["on_fail"] == "reroll"


def test_played_and_over_is_required_not_negated():
    logic = derive_requirement("Cannot take place if event 7:VII has not already been played and over.")
    assert logic["when"] == [{"kind": "over", "event": "7:VII"}]


def test_unless_inactive():
    logic = derive_requirement("Cannot occur unless Prussia and Austria/Habsburgs are currently inactive. "
                               "In that case re-roll and do not mark off.")
    assert [c["subject"] for c in logic["when"]] == ["Prussia", "Austria/Habsburgs"]


def test_all_of_events():
    logic = derive_requirement("Cannot occur if events 7:VII, 8:VII and 9:VII have all already taken place. "
                               "In that case consider as played.")
    assert [c["event"] for c in logic["unless"]] == ["7:VII", "8:VII", "9:VII"]
    assert logic["on_fail"] == "consider_played"


def test_only_if_any_and_period_form():
    logic = derive_requirement("Takes place only if Persia is inactive, removed from play or already at war with "
                               "TUR. Otherwise re-roll and do not mark as played.")
    assert [c["kind"] for c in logic["when_any"]] == ["inactive", "not_exists", "at_war"]
    logic = derive_requirement("Can occur only if event IV:7 (English civil war) has already occurred "
                               "(not necessarily ended). Otherwise re-roll.")
    assert logic["when"] == [{"kind": "occurred", "event": "7:IV"}]


def test_unrecognised_sentence_gives_no_logic():
    assert derive_requirement("There are three possible cases how this event is played.") is None
    assert parse_condition("the moon is blue") is None


def test_case_and_part_headings():
    from checker.logic.derive import derive_section

    case3 = derive_section("CASE III: Poland is currently neutral or controlled by RUS or AUS (unless event 11:VII "
                           "is in effect, in which case play as Case II above discarding the role of the controller):",
                           "case")
    assert case3["when"][0] == {"kind": "not_in_effect", "event": "11:VII"} and case3["when"][1]["kind"] == "free"
    part = derive_section("THE EVENT IF PERSIA IS ALREADY AT WAR WITH TURKEY:", "part")
    assert part["when"] == [{"kind": "at_war", "subject": "Persia", "value": "TUR"}]
    assert derive_section("EVENTS PHASE:", "phase") is None


def test_conditional_effects_are_optional():
    from checker.logic.derive import derive_effects

    royal = derive_effects("If Royalists win ENG looses 2 Stab and becomes catholic/counter-reform for the rest of the game.")
    assert royal["optional"] and royal["outcome"] == "Royalists win"
    assert royal["effects"] == [{"kind": "religion", "subject": "ENG", "value": "catholic/counter-reform"}]
    assert not derive_effects("PRU annexes Polish WEST PREUSSEN.").get("optional")


def test_special_status_cancelled_makes_a_neutral_minor():
    from checker.logic.derive import derive_effects

    logic = derive_effects("The special VA status of Poland is cancelled and it becomes a normal neutral minor.")
    assert logic["effects"] == [{"kind": "minor_neutral", "subject": "Poland"}] and not logic.get("optional")
    logic = derive_effects("If Prussia wins the war, or it ends in a draw (a white peace or an informal peace), the "
                           "special rules for Bavaria created by this event are cancelled and it becomes a neutral "
                           "minor. The controller of Prussia receives 20 VPs.")
    assert logic["effects"] == [{"kind": "minor_neutral", "subject": "Bavaria"}]
    assert logic["optional"] and logic["outcome"] == "Prussia wins the war"
    assert derive_effects("The special rules for Bavaria remain permanent until the rest of the game.") is None


def test_more_state_effects_of_the_seeds():
    from checker.logic.derive import derive_effects

    logic = derive_effects("The territories of Berg are annexed to Prussian and it is removed from the game.")
    assert logic["effects"] == [{"kind": "minor_removed", "subject": "Berg"}]
    logic = derive_effects("Scotland declares war against ENG and becomes neutral. Scotland is controlled by FRA.")
    assert logic["effects"] == [{"kind": "minor_neutral", "subject": "Scotland"}] and not logic.get("optional")
    logic = derive_effects("Prussia immediately annexes Polish DANZIG unless it is in VA of FRA (see event 4:VI) or "
                           "event 11:VII is in effect.")
    assert logic["effects"] == [{"kind": "owner", "subject": "DANZIG", "value": "Prussia"}]
    assert logic["optional"]  # the exception ("unless …") makes it apply in some histories only
    assert derive_effects("Scotland declares war against ENG.") is None
