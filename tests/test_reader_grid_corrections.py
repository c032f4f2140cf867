"""A grid of corrections (errata) that quote the card's new wording: "add 'S'", "the prerequisite should read 'S'",
"the printed '…' should read 'S'", "the requirement should read 'A has been played'" (the new wording is then the
condition), and what must stay reported: a correction of another card, a correction whose new wording is not read.
A correction whose new wording the language reads is a rule sentence wherever it stands, never narrative. Written
from the language's parts, not copied from any corpus; every reading checked by hand.
"""

from __future__ import annotations

import pytest

from tests.reader_grid import assert_reported, reader

GAMES = {"eu": {"periods": ["IV", "VII"], "countries": ["SPA", "FRA", "PRU"],
                "events": {"2:VII": "SALE OF CORSICA BY GENOA", "4:VII": "WAR OF INDEPENDENCE IN THE COLONIES",
                           "7:VII": "FIRST DIVISION OF POLAND"}},
         "cw": {"periods": ["Early", "Mid", "Late"], "countries": ["USA", "USSR"],
                "events": {"2:Early": "NATO", "3:Early": "WARSAW PACT", "7:Early": "COMECON",
                           "1:Mid": "CUBAN MISSILE CRISIS", "2:Mid": "BAY OF PIGS", "1:Late": "DETENTE",
                           "5:Late": "STAR WARS", "6:Late": "GLASNOST"}}}


_read = reader(GAMES)


def st(kind, event):
    return {"kind": kind, "event": event}


def req(*when, on_fail=None):
    out = {"role": "requirement", "when": list(when)}
    if on_fail:
        out["on_fail"] = on_fail
    return out


CASES = [
    ("cw", "5:Late", "Star Wars: add 'Unplayable while Détente is in effect.'", req(st("not_in_effect", "1:Late"))),
    ("cw", "5:Late", "Erratum: add the sentence 'Playable only after Glasnost.'", req(st("occurred", "6:Late"))),
    ("cw", "2:Mid", "Bay of Pigs: the prerequisite should read 'Playable only if NATO is in effect' (the first "
                    "printing left out the word 'only').", req(st("in_effect", "2:Early"))),
    ("cw", "2:Mid", "The requirement should read 'Comecon has been played', not 'Comecon is in effect'.",
     req(st("occurred", "7:Early"))),
    ("cw", "5:Late", "Star Wars: the line 'Playable in the Mid War' should read 'Playable in the Late War'.",
     req({"kind": "period_at_least", "value": "Late"})),
    # the id before the colon is the event's own; the quoted old wording is no rule
    ("eu", "2:VII", "2:VII: the printed 'If France owns Corsica, re-roll' should read 'If France owns Corsica, mark "
                    "off the event'.",
     req({"kind": "owns", "subject": "France", "value": "Corsica", "negated": True}, on_fail="mark_off")),
]


@pytest.mark.parametrize("game,event,text,want", CASES, ids=[c[2][:60] for c in CASES])
@pytest.mark.parametrize("opening", [True, False])
def test_corrections_read(game, event, text, want, opening):
    assert _read(game, event, text, opening) == want


@pytest.mark.parametrize("game,event,text", [
    # a correction of another card, placed in this one's text: never read as this card's rule
    ("eu", "4:VII", "2:VII: the printed 'If France owns Corsica, re-roll' should read 'If France owns Corsica, mark "
                    "off the event'."),
    ("cw", "1:Late", "Star Wars: add 'Unplayable while Détente is in effect.'"),
    # a new wording the language does not read
    ("cw", "5:Late", "Star Wars: add 'Unplayable while the USSR has more Influence in Europe.'"),
])
@pytest.mark.parametrize("opening", [True, False])
def test_what_a_correction_does_not_give_is_reported(game, event, text, opening):
    got = _read(game, event, text, opening)
    assert_reported(got)
