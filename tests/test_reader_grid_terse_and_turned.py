"""Card shorthand and titles turned round. A card's terse requirement names an event after "not" alone ("Req.: not
NATO": it has not been played), or a period beside states ("Requires period VII and 7:VII over"); "Req." and "Play
req.:" are abbreviations, no sentence end; an arrow gives a place to a country or ends an event ("Thorn → PRU",
"NATO → cancelled"). A translation turns a title round ("the pact of Warsaw", "the plan Marshall", "the war of
thirty years"), and says an event "is terminated": over in a condition, cancelled among the effects. What is not
read is reported: "not A or B" (each, or the group?), an event's end after a requirement stays one more condition.
Written from the language's parts, not copied from any corpus; every reading checked by hand.
"""

from __future__ import annotations

import pytest

from tests.reader_grid import assert_reported, reader

GAMES = {"eu": {"periods": ["IV", "VII"], "countries": ["SPA", "FRA", "PRU", "AUS", "TUR", "ENG"],
                "events": {"1:IV": "THIRTY YEARS WAR", "7:IV": "ENGLISH CIVIL WAR", "20:IV": "RICHELIEU",
                           "7:VII": "FIRST DIVISION OF POLAND", "9:VII": "ANNEXATION OF DANZIG BY PRUSSIA",
                           "11:VII": "THE CONFEDERATION OF BAR"}},
         "cw": {"periods": ["Early", "Mid", "Late"], "countries": ["USA", "USSR", "UK"],
                "events": {"1:Early": "MARSHALL PLAN", "2:Early": "NATO", "3:Early": "WARSAW PACT",
                           "4:Early": "BERLIN BLOCKADE", "1:Mid": "CUBAN MISSILE CRISIS", "3:Mid": "BERLIN WALL",
                           "1:Late": "DETENTE", "2:Late": "SALT NEGOTIATIONS", "6:Late": "GLASNOST"}}}


_read = reader(GAMES)


def _req(*when):
    return {"role": "requirement", "when": list(when)}


def _st(kind, event):
    return {"kind": kind, "event": event}


READ = [
    # an event after "not" alone has not been played
    ("cw", "6:Late", "Req.: not Detente.", _req(_st("not_occurred", "1:Late"))),
    ("cw", "6:Late", "Prerequisite: not 3:Mid.", _req(_st("not_occurred", "3:Mid"))),
    ("cw", "6:Late", "Requires 1:Mid played, not 3:Mid.", _req(_st("occurred", "1:Mid"), _st("not_occurred", "3:Mid"))),
    # a period beside states
    ("eu", "9:VII", "Requires period VII and 7:VII over.",
     _req({"kind": "period_at_least", "value": "VII"}, _st("over", "7:VII"))),
    ("cw", "6:Late", "Requires the Late War and Detente in effect.",
     _req({"kind": "period_at_least", "value": "Late"}, _st("in_effect", "1:Late"))),
    # abbreviations that end in a dot
    ("cw", "6:Late", "Req. Detente over.", _req(_st("over", "1:Late"))),
    ("cw", "6:Late", "Prereq. 1:Mid played.", _req(_st("occurred", "1:Mid"))),
    ("cw", "6:Late", "Play req.: NATO in effect, 1:Mid played.",
     _req(_st("in_effect", "2:Early"), _st("occurred", "1:Mid"))),
    # the arrow of a card's shorthand
    ("eu", "9:VII", "Thorn → PRU.", {"role": "effect", "effects": [{"kind": "owner", "subject": "Thorn", "value": "PRU"}]}),
    ("eu", "9:VII", "Elbing → PRU if 7:VII over.",
     {"role": "effect", "effects": [{"kind": "owner", "subject": "Elbing", "value": "PRU"}],
      "when": [_st("over", "7:VII")]}),
    ("cw", "6:Late", "Berlin Wall → cancelled.", {"role": "effect", "effects": [{"kind": "cancel_event", "event": "3:Mid"}]}),
    ("cw", "6:Late", "NATO → cancelled for the USSR only.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "2:Early", "only_for": "USSR"}]}),
    # a printed list's outcome kept whole ("RE-ROLL, DO NOT MARK OFF"), "W/O EFFECT"
    ("eu", "20:IV", "NOT POSSIBLE IF 7:IV IS IN PROGRESS -- RE-ROLL, DO NOT MARK OFF.",
     {**_req(_st("not_in_effect", "7:IV")), "on_fail": "reroll"}),
    ("eu", "20:IV", "POLAND MUST STILL EXIST, IF NOT EVENT IS MARKED OFF W/O EFFECT.",
     {**_req({"kind": "exists", "subject": "POLAND"}), "on_fail": "mark_off"}),
    # titles turned round, in lower case
    ("cw", "6:Late", "Not playable while the pact of Warsaw is in course.", _req(_st("not_in_effect", "3:Early"))),
    ("cw", "6:Late", "Only if the plan Marshall has had place.", _req(_st("occurred", "1:Early"))),
    ("cw", "6:Late", "Cannot arrive if the negotiations SALT are in course.", _req(_st("not_in_effect", "2:Late"))),
    ("eu", "20:IV", "Cannot have place while the war of thirty years is in course.", _req(_st("not_in_effect", "1:IV"))),
    ("eu", "20:IV", "Can only arrive after the civil war English.", _req(_st("occurred", "7:IV"))),
    # the participle of ending: over in a condition, cancelled among the effects
    ("eu", "20:IV", "Only if the Thirty Years War is terminated.", _req(_st("over", "1:IV"))),
    ("eu", "20:IV", "Can only occur if 7:IV is in course and 1:IV is finished.",
     _req(_st("in_effect", "7:IV"), _st("over", "1:IV"))),
    ("cw", "6:Late", "The effects of the blockade of Berlin are terminated.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "4:Early"}]}),
    ("cw", "6:Late", "If Detente is in course, the plan Marshall is ended.",
     {"role": "effect", "effects": [{"kind": "cancel_event", "event": "1:Early"}], "when": [_st("in_effect", "1:Late")]}),
]


@pytest.mark.parametrize("game, event, text, want", READ)
def test_shorthand_and_turned_titles_are_read(game, event, text, want):
    assert _read(game, event, text) == want


REPORTED = [
    ("cw", "6:Late", "Req.: not NATO or Detente."),  # not (A or B), or not A, or B?
    ("cw", "6:Late", "Req.: not NATO florp."),
    ("eu", "9:VII", "Requires period VII and 7:VII florp."),
    ("eu", "9:VII", "Thorn → PRU florp."),
    ("eu", "20:IV", "Cannot occur while 7:IV and/or 1:IV is in effect."),  # a slash is no word: "and or" reads not
    ("cw", "6:Late", "Berlin Wall → florp."),
    ("cw", "6:Late", "The effects of the pact of Warsaw are terminated florp."),
    ("cw", "6:Late", "The pact of Warsaw is in course florp."),
]


@pytest.mark.parametrize("game, event, text", REPORTED)
def test_what_is_not_read_is_reported(game, event, text):
    got = _read(game, event, text, opening=True) if text.startswith("Req") else _read(game, event, text)
    assert_reported(got)


CLEAN = [
    ("cw", "6:Late", "The plan was a success."),
    ("eu", "20:IV", "A French province pays 2 ducats."),  # "French" alone names no event (FRENCH … titles)
    ("cw", "6:Late", "Players take turns; the round is finished when both have passed."),
    ("cw", "6:Late", "See the Berlin Wall card, e.g. for its art."),
]


@pytest.mark.parametrize("game, event, text", CLEAN)
def test_sentences_that_state_no_rule_raise_nothing(game, event, text):
    assert _read(game, event, text) is None
