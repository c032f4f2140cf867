"""Forms of stop 57, from the writers of the held-out dev23 (a translator's English, a formula writer, a chronicle's
past tense, a card game whose title opens with a number): a condition put first with "only when" and the frame
after a comma, "in case if", "you must re-roll", "must happened", a title that opens with a number, and a place
handed over in a tense, a voice or a sign no form reads (reported, never dropped). Each read from its text; what
must stay reported, and what must stay history, is asserted too."""

from __future__ import annotations

import pytest

from tests.reader_grid import assert_reported, owns, reader, req, st

GAMES = {
    "eu": {"periods": ["III", "IV"],
           "countries": [{"code": "SPA", "name": "Spain", "adjective": "Spanish"},
                         {"code": "FRA", "name": "France", "adjective": "French"},
                         {"code": "SWE", "name": "Sweden", "adjective": "Swedish"}],
           "events": {"1:IV": "THIRTY YEARS' WAR", "3:IV": "PEACE OF WESTPHALIA", "7:IV": "THE DELUGE",
                      "4:IV": "FRONDE"}},
    "ww": {"periods": ["Mobilization", "Limited", "Total"],
           "countries": [{"code": "GE", "name": "Germany", "adjective": "German"},
                         {"code": "AH", "name": "Austria-Hungary", "adjective": "Austro-Hungarian"}],
           "events": {"5:Limited": "11TH ARMY", "2:Total": "RUSSIAN REVOLUTION", "1:Limited": "U-BOATS UNLEASHED"}},
}

read = reader(GAMES)

READ = [
    # the condition first with "only when / only if", then the frame after a comma, not inverted
    ("eu", "3:IV", "Only when the Thirty Years' War has happened, this event can be played.", req(st("occurred", "1:IV"))),
    ("eu", "3:IV", "Only if the Thirty Years' War has occurred, this event can occur.", req(st("occurred", "1:IV"))),
    # "in case if": "if"
    ("eu", "3:IV", "In case if the Thirty Years' War is not yet happened, the event is marked off.",
     req(st("occurred", "1:IV"), on_fail="mark_off")),
    # the outcome with a modal, and a player or no subject before it
    ("eu", "3:IV", "If the Deluge is not in effect, you must reroll.", req(st("in_effect", "7:IV"), on_fail="reroll")),
    ("eu", "3:IV", "If the Deluge is not in effect, then must reroll.", req(st("in_effect", "7:IV"), on_fail="reroll")),
    # "must happened": "must have happened" without "have"
    ("eu", "3:IV", "The Thirty Years' War must happened.", req(st("occurred", "1:IV"))),
    # a title that opens with a number, in capitals or not
    ("ww", "2:Total", "Cannot be played unless 11th Army has been played.", req(st("occurred", "5:Limited"))),
    ("ww", "2:Total", "Cannot be played unless 11TH ARMY has been played.", req(st("occurred", "5:Limited"))),
    # an older English verb in "-eth": its modern form, when the lexicon knows it
    ("eu", "3:IV", "The Peace of Westphalia may be rolled only when Spain holdeth Flanders.",
     req(owns("Spain", "Flanders"))),
    # "waits until": it cannot occur until then; the wait said as the card kept, or first
    ("eu", "3:IV", "The Peace of Westphalia waits until the Deluge has been played; keep the card until then.",
     req(st("occurred", "7:IV"), on_fail="delay")),
    ("eu", "3:IV", "The event requires Spain to own Flanders and the Deluge to have been played; until both are true "
                   "the event is delayed.", req(owns("Spain", "Flanders"), st("occurred", "7:IV"), on_fail="delay")),
    # a period reached, said "or later" / "+" after "requires"
    ("eu", "3:IV", "Requires period IV or later.", {"role": "requirement",
                                                    "when": [{"kind": "period_at_least", "value": "IV"}]}),
    ("eu", "3:IV", "[REQ] period IV+ [BLOCK] THE DELUGE in effect",
     {"role": "requirement", "when": [{"kind": "period_at_least", "value": "IV"}, st("not_in_effect", "7:IV")]}),
    # a failure field named for the draw that fails ("Result if drawn anyway:")
    ("eu", "3:IV", "Unavailable once the Deluge has fired. Result if drawn anyway: nothing.",
     req(st("not_occurred", "7:IV"), on_fail="nothing")),
    # a card template's fields in brackets, one after another in one line: each a field, as "Req: …" is
    ("eu", "3:IV", "[REQ] THIRTY YEARS' WAR in effect [REQ] Spain owns Rome [FAIL] mark off",
     req(st("in_effect", "1:IV"), owns("Spain", "Rome"), on_fail="mark_off")),
    ("eu", "3:IV", "[BLOCK] 1:IV THIRTY YEARS' WAR occurred · [BLOCK] 7:IV THE DELUGE in effect · [FAIL] delay",
     req(st("not_occurred", "1:IV"), st("not_in_effect", "7:IV"), on_fail="delay")),
    ("eu", "3:IV", "[REQ] The Deluge (7:IV) over [FAIL] consider played",
     req(st("over", "7:IV"), on_fail="consider_played")),
]


@pytest.mark.parametrize("game, event, text, want", READ)
def test_read_among_the_opening_conditions(game, event, text, want):
    assert read(game, event, text, opening=True) == want


def test_square_brackets_not_a_field_tag_stay_an_aside():
    """Only a tag in capitals before a space is a field ("[REQ] …"); other square brackets are parentheses, as
    before: "[see 8.6]" is an aside, "[sic]" too."""
    from checker.logic.reader.phrases import unformatted

    assert unformatted("[REQ] A [sic] and [see 8.6] [FAIL] x") == "[REQ] A (sic) and (see 8.6) [FAIL] x"
    assert read("eu", "3:IV", "Cannot occur before the Deluge [see 8.6].", opening=True) == req(
        st("occurred", "7:IV"))


def test_a_new_arrow_is_an_arrow():
    """"Alsace ↦ FRA": the formula writer's arrow is the card's arrow ("Alsace → FRA")."""
    assert read("eu", "3:IV", "Alsace ↦ FRA.") == read("eu", "3:IV", "Alsace → FRA.") == {
        "role": "effect", "effects": [{"kind": "owner", "subject": "Alsace", "value": "FRA"}]}


def test_a_failure_field_of_one_bare_verb():
    """"Fail: delay.", "[FAIL] delay": the failure field's whole value a bare verb; "(delay)" elsewhere stays a
    gloss of the outcome beside it ("wait (delay) until …"), and "Block:" before a colon still prevents an event
    (only "[BLOCK]" in brackets is the field of what keeps the event from firing)."""
    assert read("eu", "3:IV", "Cannot occur before the Deluge. Fail: delay.", opening=True) == req(
        st("occurred", "7:IV"), on_fail="delay")
    assert read("eu", "3:IV", "Cannot occur before the Deluge. Fail → delay.", opening=True) == req(
        st("occurred", "7:IV"), on_fail="delay")
    assert read("eu", "3:IV", "Peace of Westphalia: wait (delay) until the Deluge over.", opening=True) == req(
        st("over", "7:IV"), on_fail="delay")
    assert read("eu", "3:IV", "Block: the Deluge (rest of game).") == {
        "role": "effect", "effects": [st("never_occurs", "7:IV")]}


@pytest.mark.parametrize("text", [
    # a place handed over in a tense or a voice no form reads: reported among the effects, never dropped
    "Milan give to France; if Sweden own Brescia, Brescia also give to France.",
    "Whereupon Alsace was taken and given unto the French.",
    "Trent passed unto the Swedes.",
    # an owner assigned as a formula writes it
    "owner(Rhodes) ← SWE.",
])
def test_a_place_handed_over_is_reported(text):
    assert_reported(read("eu", "3:IV", text))


@pytest.mark.parametrize("text", [
    "Alsace passed to France in 1648.",  # history told, with its year
    "The Swedish army passed to Germany.",  # a unit moved, no place handed over
])
def test_history_and_moves_stay_silent(text):
    assert read("eu", "3:IV", text) is None


def test_a_remark_beside_a_rule_is_commentary():
    """"Remark: …" says of itself it states no rule: beside a rule among the opening conditions it is neither read
    nor reported (it was reported with the rule before)."""
    got = read("eu", "3:IV", "Remark: the events 1:IV and 4:IV are historically linked, but nothing in the table links "
                             "their draws. Cannot occur before 1:IV.", opening=True)
    assert got == req(st("occurred", "1:IV"))


def test_an_older_verb_is_its_modern_form_only_when_the_lexicon_knows_it():
    from checker.logic.reader.phrases import lexicon_for, modern

    lex = lexicon_for(())
    assert modern("holdeth", lex) == "holds"
    assert modern("teeth", lex) == "teeth"  # too short to be a verb in "-eth"
    assert modern("frobnicateth", lex) == "frobnicateth"  # no modern form the lexicon knows
