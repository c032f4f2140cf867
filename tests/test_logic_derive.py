"""Structured logic derived from the seeds' sentences (checker.logic.derive through the reader's grammar)."""

from __future__ import annotations

from checker.core.model import Clause, Section
from checker.logic.derive import derive_section, read_clause
from checker.logic.reader.read import read_heading, read_text


def req(text):
    return read_text(text, "1:VII")


def test_cannot_occur_before():
    logic = req("Cannot occur before event 4:VII (War of Independence by the colonies) has occurred "
                "and the rebellion, if there was one, has been played through. Otherwise re-roll "
                "and do not mark off.")
    # "has occurred and the rebellion … has been played through": the event must be over, not just begun.
    assert logic["when"] == [{"kind": "over", "event": "4:VII"}] and logic["on_fail"] == "reroll"


def test_unless_inactive():
    logic = req("Cannot occur unless Prussia and Austria/Habsburgs are currently inactive. "
                "In that case re-roll and do not mark off.")
    assert [c["subject"] for c in logic["when"]] == ["Prussia", "Austria/Habsburgs"]


def test_only_if_any():
    logic = req("Takes place only if Persia is inactive, removed from play or already at war with "
                "TUR. Otherwise re-roll and do not mark as played.")
    assert [c["kind"] for c in logic["when_any"]] == ["inactive", "not_exists", "at_war"]
    logic = req("Can occur only if event IV:7 (English civil war) has already occurred "
                "(not necessarily ended). Otherwise re-roll.")
    assert logic["when"] == [{"kind": "occurred", "event": "7:IV"}]


def test_sentence_without_a_rule_gives_no_logic():
    assert req("There are three possible cases how this event is played.") is None


def test_case_and_part_headings():
    case3 = read_heading("CASE III: Poland is currently neutral or controlled by RUS or AUS (unless event 11:VII "
                         "is in effect, in which case play as Case II above discarding the role of the controller):",
                         "7:VII")
    assert case3["when"][1] == {"kind": "not_in_effect", "event": "11:VII"}
    assert case3["when"][0]["kind"] == "any"
    part = derive_section(Section("part", "THE EVENT IF PERSIA IS ALREADY AT WAR WITH TURKEY:", 1))
    assert part["when"] == [{"kind": "at_war", "subject": "Persia", "value": "TUR"}]
    assert derive_section(Section("phase", "EVENTS PHASE:", 1)) is None
    assert derive_section(Section("part", "CIVIL WAR:", 1)) is None


def test_war_outcomes_are_optional_and_named():
    royal = read_clause(Clause("2.", "If Royalists win ENG looses 2 Stab and becomes catholic/counter-reform for the "
                               "rest of the game loosing all protestant advantages.", 1), "7:IV")
    assert royal["optional"] and royal["outcome"] == "Royalists wins the war"
    assert royal["effects"] == [{"kind": "religion", "subject": "ENG", "value": "catholic/counter-reform"}]
    assert not read_clause(Clause("c.", "PRU annexes Polish WEST PREUSSEN.", 1), "7:VII").get("optional")


def test_special_status_cancelled_makes_a_neutral_minor():
    logic = req("The special VA status of Poland is cancelled and it becomes a normal neutral minor.")
    assert logic["effects"] == [{"kind": "minor_neutral", "subject": "Poland"}] and not logic.get("optional")
    logic = read_clause(Clause("1.", "If Prussia wins the war, or it ends in a draw (a white peace or an informal "
                                     "peace), the special rules for Bavaria created by this event are cancelled and "
                                     "it becomes a neutral minor. The controller of Prussia receives 20 VPs.", 1),
                        "12:VII")
    assert logic["effects"] == [{"kind": "minor_neutral", "subject": "Bavaria"}]
    assert logic["when"] == [{"kind": "any", "of": [{"kind": "wins_war", "subject": "Prussia"},
                                                   {"kind": "draw", "subject": "the war"}]}]
    assert req("The special rules for Bavaria remain permanent until the rest of the game.") is None


def test_more_state_effects_of_the_seeds():
    logic = req("The territories of Berg are annexed to Prussian and it is removed from the game.")
    assert logic["effects"] == [{"kind": "minor_removed", "subject": "Berg"}]
    logic = req("Scotland declares war against ENG and becomes neutral. Scotland is controlled by FRA.")
    assert logic["effects"] == [{"kind": "minor_neutral", "subject": "Scotland"}] and not logic.get("optional")
    logic = req("Prussia immediately annexes Polish DANZIG unless it is in VA of FRA (see event 4:VI) or "
                "event 11:VII is in effect.")
    assert logic["effects"] == [{"kind": "owner", "subject": "DANZIG", "value": "Prussia"}]
    assert logic["unless"] == [{"kind": "any", "of": [
        {"kind": "va_of", "subject": "Prussia", "value": "FRA", "events": ["4:VI"]},
        {"kind": "in_effect", "event": "11:VII"}]}]
    assert req("Scotland declares war against ENG.") is None


def test_a_repeated_event_is_found_by_its_key_and_never_in_another_game():
    """``others`` may be a whole KB's events keyed by ``Event.key`` (``eu/7:VII``): the repeated event is the one of
    the repeating event's game; another game's event with the same plain id is not inherited from."""
    import copy

    from checker.kb.store import load_kb
    from checker.logic.derive import derive_event_logic
    from checker.textformat import parse_document

    from .conftest import REPO

    kb = load_kb(str(REPO / "kb")).kb
    seven = next(e for e in kb.events.values() if e.game == "eu" and e.id == "7:VII")
    text = (REPO / "tests" / "corpus" / "logic_inherited_case.txt").read_text(encoding="utf-8")

    def inherited(others):
        (event,) = parse_document(text, "t.txt", "VII", game="eu").events
        derive_event_logic(event, others)
        (clause,) = [c for c in event.all_clauses() if c.line == 6]
        return [c.get("inherited_from") for c in clause.logic.get("when", [])], clause.logic["role"]

    assert inherited({seven.key: seven}) == (["7:VII"], "effect")
    other = copy.deepcopy(seven)
    other.game = "cw"
    # the other game's 7:VII under its plain id is not the repeated event: the changed clause is reported
    assert inherited({"7:VII": other}) == ([], "unread")


def test_ingest_and_check_read_repeats_exactly_alike(tmp_path, monkeypatch):
    """A text whose event "repeats exactly … (7:VII)" of the KB: ``check`` derived its logic against the KB (the
    changed clause inherits 7:VII's cases), ``ingest`` against the text alone, and wrote the changed clause as
    unread ("inherits the cases of 7:VII, which is not in the knowledge base": LOG007 once ingested). Both now
    derive it one way (``derive_text_logic``): the ingested YAML holds the logic ``check`` reads from the text."""
    import shutil

    from checker.cli import main
    from checker.engine.run import Run
    from checker.kb.store import load_kb

    from .conftest import KB, REPO

    monkeypatch.setenv("RULEKB_NO_CACHE", "1")
    root = tmp_path / "kb"
    shutil.copytree(KB, root)
    text = tmp_path / "third.txt"
    text.write_text("PERIOD VII\n\n" + (REPO / "tests" / "corpus" / "logic_inherited_case.txt").read_text(
        encoding="utf-8"), encoding="utf-8")

    def logic(event):
        return ([(c.line, c.text, c.logic) for c in event.all_clauses()],
                [(s.heading, s.logic) for s in event.all_sections()])

    checked = logic(Run(load_kb(str(root)), [str(text)]).kb.event("eu", "20:VII"))
    assert main(["ingest", "--kb", str(root), str(text)]) == 0
    ingested = logic(load_kb(str(root)).kb.event("eu", "20:VII"))
    assert ingested == checked
    (changed,) = [c for c in checked[0] if c[1] == "PRU annexes Polish MAZOVIA."]
    assert changed[2]["role"] == "effect" and changed[2]["when"][0]["inherited_from"] == "7:VII"
