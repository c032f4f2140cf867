"""A grid of the forms stop 55 taught the reader, each beside a sentence it must not read as well: a sentence with no
capital at all (a forum post, a chat) names an event by its whole title and a country by its adjective, as a
capitalised one would ("cannot occur while the thirty years war is in effect"; a title written short still names
nothing); "unto" as an older English "to" ("Danzig shall pass unto Prussia"); a negative frame over events joined
by a bare "and" ("cannot occur while A and B are in effect": while both, or while either?) is ambiguous, "both"
before the events or "both" / "all" after their verb settles it; an aside that says something of its own ("(Bavaria becomes a minor)", "(cancelling Richelieu)") is
judged alone, a condition in an aside ("(even if Bavaria no longer exists)") only with its sentence; a change of
owner with words between the verb and the place ("transfers the province of Danzig to Prussia"); an event and
"the occurrence of" another ("forecloses any occurrence of Richelieu"). Written from these forms, not from any
corpus; every reading checked by hand.
"""

from __future__ import annotations

import pytest

from tests.reader_grid import assert_reported, reader, req, st

GAMES = {"eu": {"periods": ["IV", "VII"],
                "countries": [{"code": "PRU", "name": "Prussia", "adjective": "Prussian"},
                              {"code": "FRA", "name": "France", "adjective": "French"}],
                "events": {"1:IV": "THIRTY YEARS WAR", "16:IV": "FRONDE IN FRANCE", "20:IV": "RICHELIEU",
                           "21:IV": "OLIVARES", "7:VII": "FIRST DIVISION OF POLAND",
                           "8:VII": "SECOND DIVISION OF POLAND", "12:VII": "THE WAR OF BAVARIAN SUCCESSION"}}}

read = reader(GAMES)


@pytest.mark.parametrize("text, event, want", [
    ("cannot occur while the thirty years war is in effect.", "16:IV", req(st("not_in_effect", "1:IV"))),
    ("cannot occur while richelieu is in effect, otherwise re-roll.", "16:IV",
     req(st("not_in_effect", "20:IV"), on_fail="reroll")),
    ("Cannot occur while both Richelieu and Olivares are in effect.", "8:VII",
     {"role": "requirement", "when_any": [st("not_in_effect", "20:IV"), st("not_in_effect", "21:IV")]}),
    # a time word without a negative frame over it: both, as before
    ("Shall not occur before Richelieu and Olivares.", "8:VII", req(st("occurred", "20:IV"), st("occurred", "21:IV"))),
    # "both" / "all" after the verb says which: not all of them
    ("Cannot occur if Richelieu and Olivares have both taken place.", "8:VII",
     {"role": "requirement", "when_any": [st("not_occurred", "20:IV"), st("not_occurred", "21:IV")]}),
    ("Cannot occur if events 7:VII, 20:IV and 21:IV have all already taken place.", "8:VII",
     {"role": "requirement", "unless": [st("occurred", "7:VII"), st("occurred", "20:IV"), st("occurred", "21:IV")]}),
])
def test_read(text, event, want):
    assert read("eu", event, text, opening=True) == want


@pytest.mark.parametrize("text, want", [
    ("Danzig shall pass unto Prussia.", {"role": "effect", "effects": [{"kind": "owner", "subject": "Danzig",
                                                                        "value": "Prussia"}]}),
    ("It transfers the province of Danzig to Prussia.", {"role": "effect", "effects": [
        {"kind": "owner", "subject": "Danzig", "value": "Prussia"}]}),
])
def test_read_effects(text, want):
    assert read("eu", "8:VII", text) == want


@pytest.mark.parametrize("text", [
    "Cannot occur while Richelieu and Olivares are in effect.",
    "Shall not occur after Richelieu and Olivares.",
    "Cannot occur if Richelieu and Olivares have occurred.",
])
def test_a_negative_frame_over_a_bare_and_is_ambiguous(text):
    assert_reported(read("eu", "8:VII", text, opening=True), "ambiguous: a negative frame")


@pytest.mark.parametrize("event, text", [
    # no capital at all: the adjective is the country's, the whole title its event (read or reported, never dropped)
    ("16:IV", "when this fires, danzig becomes prussian."),
    ("16:IV", "when this fires, the war is over and the thirty years war is cancelled."),
    # an aside that says something of its own
    ("8:VII", "Place the marker on the map (Bavaria becomes a minor)."),
    ("8:VII", "Remove the marker from the track (cancelling Richelieu)."),
    # words between the verb and the place; an event and the occurrence of another
    ("8:VII", "It transfers the whole of the lands of Danzig to Prussia."),
    ("8:VII", "The Second Division of Poland forecloses any occurrence of Richelieu."),
])
def test_reported(event, text):
    assert_reported(read("eu", event, text))


@pytest.mark.parametrize("text", [
    # lower case that names no title whole: "the war" alone, a word of a title
    "the war was long and the years were hard.",
    "richelieu is a great card and the first division of poland too.",
    # a condition in an aside is judged with its sentence only
    "The Austrians move in (even if Bavaria no longer exists).",
    "Remove the marker from the track (see the map).",
    # an instruction on its sentence in an aside is none of its own (the seeds' "(do not apply the results before
    # phase 6)")
    "All enemies of France accept a white peace (do not apply the results before phase 6).",
])
def test_states_nothing(text):
    assert read("eu", "8:VII", text) is None


def test_a_title_in_lower_case_beside_capitals_is_not_read_as_one():
    # a capital elsewhere in the sentence: lower case is the writer's choice, and "thirty years war" names no event
    assert_reported(read("eu", "16:IV", "Cannot occur while the thirty years war is in effect.", opening=True))
