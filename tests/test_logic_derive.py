"""Structured logic derived from the seeds' sentence patterns."""

from __future__ import annotations

from checker.logic.derive import derive_requirement, parse_condition


def test_cannot_occur_before():
    logic = derive_requirement("Cannot occur before event 4:VII (War of Independence by the colonies) has occurred "
                               "and the rebellion, if there was one, has been played through. Otherwise re-roll "
                               "and do not mark off.")
    assert logic["when"] == [{"kind": "occurred", "event": "4:VII"}] and logic["on_fail"] == "reroll"


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
