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
    code, out = _read(capsys, "--event", "8:VII", "If the First Division of Poland has occurd, re-roll.")
    assert code == 3 and "7:VII" in out["nearest"] and "<event>" not in out["nearest"], out
    code, out = _read(capsys, "--event", "8:VII", "If the First Division of Poland has not occurred, it can no longer "
                      "occur.")
    assert code == 3 and "(7:VII, or this event (8:VII)?)" in out["logic"]["reason"], out
    # (stop 52: an ambiguous sentence is told to say which reading it means, not offered one form of one reading)
    assert out["nearest"] is None and "instead of 'it'" in out["advice"], out


AMBIGUOUS = "If event 3:VII is still in effect, it is cancelled; in addition, Poland becomes an independent country."


def test_an_ambiguous_sentence_is_told_to_say_which_reading_not_offered_an_unrelated_form(capsys):
    # stop 51's "did you mean: Unplayable if 3:VII is in effect." for a sentence that reads two ways: a form of one
    # reading (or of neither) hides the question; the writer is told to say which reading is meant
    code, out = _read(capsys, "--event", "8:VII", AMBIGUOUS)
    assert code == 3 and out["logic"]["reason"].startswith("ambiguous"), out
    assert out["nearest"] is None and "only the reading you mean" in out["advice"], out
    assert main(["read", "--event", "8:VII", AMBIGUOUS]) == 3
    text = capsys.readouterr().out
    assert "did you mean" not in text and "split it into sentences" in text, text
    # a sentence not read for another reason keeps its nearest form and has no advice
    code, out = _read(capsys, "Cannot occur untill event 3:IV has occurred.")
    assert out["nearest"] and out["advice"] is None, out


def test_the_hover_on_an_ambiguous_sentence_gives_the_same_advice():
    from checker.core.model import Clause
    from checker.kb.store import load_kb
    from checker.logic.reader.read import read_text
    from checker.lsp.hover import _clause_hover

    logic = read_text(AMBIGUOUS, "8:VII")
    assert logic["role"] == "unread" and logic["reason"].startswith("ambiguous"), logic
    value = _clause_hover(Clause(marker="", text=AMBIGUOUS, line=1, logic=logic), load_kb("kb").kb)
    assert "The sentence reads more than one way" in value and "Nearest form" not in value, value


def test_the_nearest_form_keeps_the_sentences_polarity(capsys):
    # "Event 3:IV must have occurred" was offered "Cannot occur if event 3:IV has occurred": the opposite rule in
    # words that look alike
    code, out = _read(capsys, "Event 3:IV must hav occurred.")
    assert code == 3 and out["nearest"] == "Can occur only after event 3:IV has occurred. Otherwise re-roll.", out
    code, out = _read(capsys, "Cannot occur if 3:IV has hapened.")
    assert code == 3 and out["nearest"] == "Cannot occur if event 3:IV has occurred. Otherwise re-roll.", out
