"""`rulekb read`'s "did you mean": the nearest form the reader reads, filled with the sentence's own event ids; a
sentence that names no event is offered a form with "<event>" where the event goes, never one about "this event"
(it read "Can occur only after event this event has been played through", an event that would wait for itself)."""

from __future__ import annotations

import json

from checker.cli import main


def _read(capsys, *args):
    code = main(["read", "--format", "json", *args])
    return code, json.loads(capsys.readouterr().out)


def test_the_nearest_form_uses_the_ids_the_sentence_names(capsys):
    code, out = _read(capsys, "Cannot occur untill event 3:IV has occurred.")
    assert code == 3 and out["nearest"] == "Cannot occur before event 3:IV has occurred. Otherwise re-roll."


def test_a_sentence_naming_no_event_gets_no_form_about_an_event(capsys):
    # ("right away" is a filler since stop 50: an unknown word keeps the sentence unread)
    code, out = _read(capsys, "--event", "20:IV", "The game ends at the end of the turn florp")
    assert code == 3 and out["nearest"] == "The game ends immediately."
    code, out = _read(capsys, "--event", "20:IV", "Cannot occur before the treaty has occurred")
    assert code == 3 and out["nearest"] == "Cannot occur before event <event> has occurred. Otherwise re-roll.", out


def test_a_form_about_two_events_needs_two(capsys):
    # "May only be played after 3:IV and before 3:IV" was offered for a sentence naming one event
    code, out = _read(capsys, "May only be played if the moon is full and 3:IV is on.")
    assert code == 3 and out["nearest"] and out["nearest"].count("3:IV") == 1, out
    code, out = _read(capsys, "--event", "20:IV", "Cannot occur if the moon is full. Otherwise re-roll.")
    assert code == 3 and out["nearest"] == "Cannot occur if event <event> has occurred. Otherwise re-roll.", out


def test_events_named_by_title_fill_the_form_and_an_ambiguous_it_names_both(capsys):
    # the form is filled with the event the sentence names by its title (not "<event>"), and "it" after another
    # event names both events it may stand for
    code, out = _read(capsys, "--event", "8:VII", "If the First Division of Poland has not occurred, it can no longer "
                      "occur.")
    assert code == 3 and "(7:VII, or this event (8:VII)?)" in out["logic"]["reason"], out
    assert "7:VII" in out["nearest"] and "<event>" not in out["nearest"], out
