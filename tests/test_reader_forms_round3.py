"""Forms the event language reads since round 3, each from text with a near miss that is reported, never read
another way: commentary cut beside a rule (a clause after ';' that states no rule), a state left out ("… and B is
not"), who owns what, events named by a title the KB lacks, dotted labels ("N.B."), legal English ("shall be", "unless and until", "where")."""

from __future__ import annotations

import dataclasses

import pytest

from checker.games import profile
from checker.logic.reader.grammar import vocabulary_of
from checker.logic.reader.phrases import TitleIndex
from checker.logic.reader.read import read_text

GAME = {"id": "cw", "name": "A cold-war card game", "deck": "cumulative",
        "periods": [{"id": "Early"}, {"id": "Mid"}, {"id": "Late"}],
        "countries": [{"code": "USA", "name": "United States"}, {"code": "USSR", "name": "Soviet Union"},
                      {"code": "UK", "name": "United Kingdom"}]}
TITLES = [("MARSHALL PLAN", "1:Early"), ("COMECON", "7:Early"), ("DETENTE", "1:Late"), ("GLASNOST", "6:Late"),
          ("FALL OF THE BERLIN WALL", "7:Late")]
VOCAB = dataclasses.replace(vocabulary_of(profile({"cw": GAME}, "cw")), titles=TitleIndex(TITLES))


def read(text, event="7:Late"):
    return read_text(text, event, None, VOCAB, opening=True)


def test_a_clause_that_states_no_rule_is_cut_and_the_rule_read():
    logic = read("The game ends immediately; the player with the most VP wins.")
    assert logic["role"] == "effect" and logic["effects"] == [{"kind": "game_ends"}]
    logic = read("Cannot be played before 1:Late; victory points are then counted.")
    assert logic["role"] == "requirement" and logic["when"] == [{"kind": "occurred", "event": "1:Late"}]


def test_a_clause_that_qualifies_the_rule_is_never_cut():
    # "however", an event named, two names related: each may change the rule, so the sentence is reported
    for text in ("The game ends immediately; however the Soviet player wins.",
                 "Cannot be played before 1:Late; the same goes for 6:Late.",
                 "Cannot be played before 1:Late; Cuba keeps Florida."):
        assert read(text)["role"] == "unread", text


def test_a_state_left_out_is_the_negative_of_the_state_before_it():
    logic = read("Playable only if the Marshall Plan is in effect and COMECON is not.")
    assert logic["when"] == [{"kind": "in_effect", "event": "1:Early"}, {"kind": "not_in_effect", "event": "7:Early"}]
    # "A is not in effect and B is not": B is not in effect either (not the double negative)
    logic = read("Cannot be played if the Marshall Plan is not in effect and COMECON is not.")
    assert logic["when_any"] == [{"kind": "in_effect", "event": "1:Early"}, {"kind": "in_effect", "event": "7:Early"}]
    assert read("Playable only if COMECON is not.")["role"] == "unread"  # nothing before it to stand for


def test_who_owns_what():
    assert read("Unplayable if USSR owns Cuba.")["when"] == [
        {"kind": "owns", "subject": "USSR", "value": "Cuba", "negated": True}]
    assert read("Playable only if Cuba is held by the USSR.")["when"] == [
        {"kind": "owns", "subject": "USSR", "value": "Cuba"}]
    # "control" is a game's own word (a revolt controlled by a player, influence on a map), not ownership: reported
    assert read("Unplayable if USSR controls Cuba.")["role"] == "unread"


def test_an_event_named_by_a_title_the_kb_lacks_is_reported_not_dropped():
    assert read("Cannot be played if the Pact of Warsaw is still in effect.")["role"] == "unread"
    assert read("The effects of the Pact of Warsaw are annulled.")["role"] == "unread"
    # in an event's body (not where requirements stand), a state word that qualifies a noun names no event
    assert read_text("Dimitri is an active rebel.", "7:Late", None, VOCAB) is None


def test_dotted_label_and_a_trailing_instead():
    logic = read("N.B. If Detente is still in effect at the moment of the draw, re-roll instead.")
    assert logic["when"] == [{"kind": "not_in_effect", "event": "1:Late"}] and logic["on_fail"] == "reroll"


def test_legal_english():
    logic = read("Notwithstanding any other provision, this Event shall not occur unless and until Detente shall "
                 "have occurred and shall no longer be in effect.")
    assert {c["kind"] for c in logic["when"]} == {"occurred", "over"}
    logic = read("Where Glasnost is in effect at the time of play, the game shall terminate.")
    assert logic["effects"] == [{"kind": "game_ends"}] and logic["when"] == [{"kind": "in_effect", "event": "6:Late"}]


def test_the_player_as_the_subject_of_a_frame():
    logic = read("You may not play this card as an event while Detente remains in effect; the player draws another "
                 "card instead.")
    assert logic["when"] == [{"kind": "not_in_effect", "event": "1:Late"}] and logic["on_fail"] == "reroll"
    assert read("No player may play this card unless the Marshall Plan has been played.")["when"] == [
        {"kind": "occurred", "event": "1:Early"}]


def test_a_title_after_an_article_that_reaches_further_wins():
    # "The Berlin …" would otherwise be taken as a short form of another title starting "THE BERLIN"
    titles = [*TITLES, ("THE BERLIN AIRLIFT", "9:Early"), ("BERLIN WALL CRISIS", "3:Mid")]
    vocab = dataclasses.replace(VOCAB, titles=TitleIndex(titles))
    logic = read_text("Cannot be played before The Berlin Wall Crisis has occurred.", "7:Late", None, vocab)
    assert logic["when"] == [{"kind": "occurred", "event": "3:Mid"}]


def test_except_and_save_name_the_exception():
    assert read("Cannot be played except during the Marshall Plan.")["when"] == [
        {"kind": "in_effect", "event": "1:Early"}]
    assert read("This card shall be unplayable save after Detente.")["when"] == [{"kind": "occurred", "event": "1:Late"}]
    assert read("The Event shall be unplayable save in the Late War period or thereafter.")["when"] == [
        {"kind": "period_at_least", "value": "Late"}]
    assert read("This card is only available if COMECON has not yet been played.")["when"] == [
        {"kind": "not_occurred", "event": "7:Early"}]


def test_every_form_of_the_core_lexicon_is_a_string():
    # YAML reads a bare `on`, `off`, `yes` or `no` as a boolean (a form, or a token named NO): it would silently
    # be True or False
    from checker.logic.reader.phrases import core_table

    table = core_table()
    assert all(isinstance(k, str) for k in table["tokens"]), [k for k in table["tokens"] if not isinstance(k, str)]
    forms = [f for v in table["tokens"].values() for f in v] + list(table["fillers"]) + list(table["sequences"])
    assert all(isinstance(f, str) for f in forms), [f for f in forms if not isinstance(f, str)]


def test_terse_card_text_is_read_whole_or_reported_never_half_read():
    # two requirement sentences of one clause: both hold
    assert read("After Marshall Plan. Not during COMECON.")["when"] == [
        {"kind": "occurred", "event": "1:Early"}, {"kind": "not_in_effect", "event": "7:Early"}]
    assert read("From Mid War on. Needs: Marshall Plan played.")["when"] == [
        {"kind": "period_at_least", "value": "Mid"}, {"kind": "occurred", "event": "1:Early"}]
    assert read("Needs: Marshall Plan + COMECON played.")["when"] == [
        {"kind": "occurred", "event": "1:Early"}, {"kind": "occurred", "event": "7:Early"}]
    logic = read("Only before Detente is played. If fails: remove from game.")
    assert logic["on_fail"] == "mark_off"
    assert read("Cancel: Detente (USSR only).")["effects"] == [
        {"kind": "cancel_event", "event": "1:Late", "only_for": "USSR"}]
    # a sentence beside the rule that the reader cannot read is reported with it, never skipped
    assert read("Remove COMECON. Cancel: Detente.")["role"] == "unread"  # (remove: cancelled, or for good?)
    assert read("Remove: GDR. Cancel: Detente.")["effects"] == [  # a minor removed from the map
        {"kind": "minor_removed", "subject": "GDR"}, {"kind": "cancel_event", "event": "1:Late"}]
    # "revolt+" is a counter, not "and"
    assert read_text("Place a revolt+ in Warsaw.", "7:Late", None, VOCAB) is None


def test_this_card_among_other_events():
    assert read("Unplayable if COMECON or this card is in effect.")["when"] == [
        {"kind": "not_in_effect", "event": "7:Early"}, {"kind": "not_in_effect", "event": "7:Late"}]
    # "When <this card> is played, …" in its own text: when it fires, no condition
    assert read_text("When the Fall of the Berlin Wall is played, COMECON is cancelled for the USSR only.", "7:Late",
                     None, VOCAB) == {"role": "effect", "effects": [
                         {"kind": "cancel_event", "event": "7:Early", "only_for": "USSR"}], "derived_from": "grammar"}


def test_remarks_around_a_rule_are_cut():
    assert read("Variant rule: this card cannot be played before Detente.")["when"] == [
        {"kind": "occurred", "event": "1:Late"}]
    assert read("COMECON cannot be played if the Marshall Plan has not yet been played, which is how the designers "
                "wanted it.", "7:Early")["when"] == [{"kind": "occurred", "event": "1:Early"}]
    # a closing piece that carries a state or a qualifier is part of the rule: reported, not cut
    assert read("This card cannot be played before Detente, which must still be in effect.")["role"] == "unread"


def test_composed_outcome_considered_as_played():
    for text in ("If COMECON has not yet been played, the event is to be considered as played.",
                 "The event shall be deemed to have been played where COMECON has not been played.",
                 ("Should COMECON not yet have been played, the card is treated as having been played and is "
                  "marked off.")):
        logic = read(text)
        assert logic["when"] == [{"kind": "occurred", "event": "7:Early"}], text
        assert logic["on_fail"] == "consider_played", text


def test_its_effects_name_the_event_of_the_condition():
    logic = read_text("If COMECON is in effect, its effects are cancelled.", "7:Late", None, VOCAB)
    assert logic["effects"] == [{"kind": "cancel_event", "event": "7:Early"}]
    # "its" with two events before it names none of them for sure: reported
    assert read_text("If COMECON or Detente is in effect, its effects are cancelled.", "7:Late", None,
                     VOCAB)["role"] == "unread"


def test_the_events_own_id_is_this_event():
    assert read("Event 7:Late shall occur only where Detente has occurred.")["when"] == [
        {"kind": "occurred", "event": "1:Late"}]


def test_lead_ins_headings_and_word_order():
    assert read("Per the rulebook, this card cannot be played while COMECON is in effect.")["when"] == [
        {"kind": "not_in_effect", "event": "7:Early"}]
    assert read("The ruling is that this card needs Detente to be over.")["when"] == [
        {"kind": "over", "event": "1:Late"}]
    # a lead-in that qualifies ("Unless …,") is never cut
    assert read("Unless COMECON, this card needs Detente to be over.")["role"] == "unread"
    # a heading that stands for "requires" only before a colon
    assert read("Condition: COMECON played, Detente not in effect.")["when"] == [
        {"kind": "occurred", "event": "7:Early"}, {"kind": "not_in_effect", "event": "1:Late"}]
    assert read_text("The special conditions in 7:Early are unchanged.", "7:Late", None, VOCAB) is None
    # verb-final states (translated texts) and a comma between frame and condition
    assert read("Not playable, as long as COMECON in force is.")["when"] == [
        {"kind": "not_in_effect", "event": "7:Early"}]
    assert read("Playable after Detente only.")["when"] == [{"kind": "occurred", "event": "1:Late"}]
    assert read("Requires 7:Early (COMECON); not if 1:Late (Detente) is in effect.")["when"] == [
        {"kind": "occurred", "event": "7:Early"}, {"kind": "not_in_effect", "event": "1:Late"}]


def test_a_clause_saying_what_does_not_matter_adds_nothing():
    logic = read("This card is playable provided that COMECON has been played; it need not still be in effect.")
    assert logic["when"] == [{"kind": "occurred", "event": "7:Early"}]
    logic = read("This card requires COMECON to have been played; it does not matter whether COMECON is still in "
                 "effect.")
    assert logic["when"] == [{"kind": "occurred", "event": "7:Early"}]
    # with a second clause in it, the remark may carry a rule: reported
    assert read("This card requires COMECON to have been played; it does not matter whether COMECON is still in "
                "effect, but Detente must be over.")["role"] == "unread"
    assert read("This card shall not be played save where each of COMECON and Detente has been played.")["when"] == [
        {"kind": "occurred", "event": "7:Early"}, {"kind": "occurred", "event": "1:Late"}]


def test_outcomes_where_the_card_goes():
    logic = read("Not playable before COMECON is over. If unplayable, set aside; returns at next reshuffle.")
    assert logic["on_fail"] == "refused_renewable"
    # "set aside" alone does not say whether the card comes back: reported, never settled
    assert read("Not playable before COMECON is over. If unplayable, set it aside.")["role"] == "unread"
    logic = read("Condition: COMECON finished. If not met: return this card to the deck and draw another.")
    assert logic["when"] == [{"kind": "over", "event": "7:Early"}] and logic["on_fail"] == "reroll"


def test_capitals_and_terse_forms():
    # a sentence in capitals is judged as in sentence case: never dropped for its case
    assert read_text("PRU ANNEXES DANZIG.", "7:Late", None, VOCAB)["effects"] == [
        {"kind": "owner", "subject": "DANZIG", "value": "PRU"}]
    assert read_text("PRU ANNEXES DANZIG FROM POLAND.", "7:Late", None, VOCAB)["role"] == "unread"
    assert read_text("Game ends immediately.", "7:Late", None, VOCAB)["effects"] == [{"kind": "game_ends"}]
    assert read_text("If Detente is in effect, the effects of this event are cancelled.", "7:Late", None,
                     VOCAB)["effects"] == [{"kind": "cancel_event", "event": "7:Late"}]


def test_corpus_voice_forms():
    assert read("Not playable before Mid.")["when"] == [{"kind": "period_at_least", "value": "Mid"}]
    assert read("This card is playable no sooner than the Mid War.")["when"] == [
        {"kind": "period_at_least", "value": "Mid"}]
    assert read("Only after COMECON, never after Detente.")["when"] == [
        {"kind": "occurred", "event": "7:Early"}, {"kind": "not_occurred", "event": "1:Late"}]
    assert read("Cannot be played unless COMECON has been played. If drawn before that, mark off.")["on_fail"] == \
        "mark_off"
    assert read("Cannot be played if there is no Cuba.")["when"] == [{"kind": "exists", "subject": "Cuba"}]
    assert read("This card can only be played if COMECON has been played and its effects are still in force.")[
        "when"] == [{"kind": "occurred", "event": "7:Early"}, {"kind": "in_effect", "event": "7:Early"}]
    assert read("Cannot be played if Cuba is no longer owned by the USSR.")["when"] == [
        {"kind": "owns", "subject": "USSR", "value": "Cuba"}]


def test_questions_and_corrections():
    logic = read("Q: When can this card be played? A: Only while Detente is in effect.")
    assert logic["when"] == [{"kind": "in_effect", "event": "1:Late"}]
    # a bare "no" to whether a play is allowed is the question's denial: the rule
    for text in ("Q: Can this card be played while Detente is in effect? A: No.",
                 "Q: May this card still be played as an event while Detente is in effect? A: no",
                 "Q: Is this card playable while Detente is in effect? A: No!"):
        logic = read(text)
        assert logic["role"] == "requirement" and logic["when"] == [{"kind": "not_in_effect", "event": "1:Late"}], text
    # its outcome in the next sentence joins it, as beside any requirement
    logic = read("Q: Can this card be played while Detente is in effect? A: No. Return it to the deck and draw again.")
    assert logic["when"] == [{"kind": "not_in_effect", "event": "1:Late"}] and logic["on_fail"] == "reroll"
    # a bare yes, a question about something else, or about another card: part of the rule is in the question,
    # which is not read: reported, never dropped or half-read
    for text in ("Q: Can this card be played while Detente is in effect? A: Yes.",
                 "Q: Does this card still work after Detente has ended? A: No.",
                 "Q: Can COMECON be played while Detente is in effect? A: No."):
        assert read(text)["role"] == "unread", text
    # "No, S" to whether a play is allowed states the denial and S; the two hold together
    logic = read("Q: Can this card be played after Detente has ended? A: No, this card requires COMECON to be in "
                 "effect.")
    assert logic["role"] == "requirement", logic
    assert logic["when"] == [{"kind": "over", "event": "1:Late", "negated": True},
                             {"kind": "in_effect", "event": "7:Early"}], logic
    # the answer goes on in the next sentence: one answer ("A: No. …")
    logic = read("Q: After COMECON, can this card still be played as an event? A: No. It may only be played while "
                 "Detente is in effect.")
    assert logic["role"] == "requirement" and {"kind": "in_effect", "event": "1:Late"} in logic["when"], logic
    assert {"kind": "not_occurred", "event": "7:Early"} in logic["when"], logic
    # "Yes, S" allows what was asked: S alone is the rule
    logic = read("Q: Can this card be played while Detente is in effect? A: Yes, it only requires COMECON to have "
                 "been played.")
    assert logic["when"] == [{"kind": "occurred", "event": "7:Early"}], logic
    # "No, S" to whether the card requires something: S states what it requires instead
    logic = read("Q: Does this card require COMECON to be in effect? A: No, it only requires COMECON to have been "
                 "played.")
    assert logic["when"] == [{"kind": "occurred", "event": "7:Early"}], logic
    # a pronoun that may stand for the other card the question asks about first: reported
    for text in ("Q: Does COMECON have to be over? A: No, it only has to have been played.",
                 "Q: Is COMECON restricted? A: Yes, it may only be played after Detente.",
                 "Q: Does this card still work after Detente has ended? A: No, it requires Detente in effect."):
        assert read(text)["role"] == "unread", text
    logic = read("Errata: the card should read 'May only be played after Detente has ended', not 'after Detente'.")
    assert logic["when"] == [{"kind": "over", "event": "1:Late"}]
    assert read("Errata: replace 'Requires COMECON' with 'Requires COMECON or the Marshall Plan'.")["when_any"] == [
        {"kind": "occurred", "event": "7:Early"}, {"kind": "occurred", "event": "1:Early"}]
    # a correction of another card is not this card's rule: reported
    assert read("Errata: COMECON should read 'May only be played after Detente has ended'.")["role"] == "unread"


def test_more_corpus_voice_forms():
    assert read("This event will only be able to occur provided that Detente has not yet broken out.")["when"] == [
        {"kind": "not_occurred", "event": "1:Late"}]
    assert read("This card is not permitted to occur until such time as both COMECON and Detente have been brought "
                "to a conclusion.")["when"] == [{"kind": "over", "event": "7:Early"}, {"kind": "over", "event": "1:Late"}]
    assert read("Can occur only while COMECON is in effect. Otherwise nothing happens.")["on_fail"] == "nothing"
    logic = read_text("After this card is played, COMECON may no longer be played as an event for the rest of the "
                      "game.", "7:Late", None, VOCAB)
    assert logic["effects"] == [{"kind": "never_occurs", "event": "7:Early"}] and not logic.get("when")
    logic = read_text("Should COMECON already be in effect when this event is played, COMECON is cancelled.", "7:Late",
                      None, VOCAB)
    assert logic["effects"] == [{"kind": "cancel_event", "event": "7:Early"}]
    assert logic["when"] == [{"kind": "in_effect", "event": "7:Early"}]


def test_no_event_in_a_state():
    assert read("Req.: COMECON (Early:7) played; no Marshall Plan in effect.")["when"] == [
        {"kind": "occurred", "event": "7:Early"}, {"kind": "not_in_effect", "event": "1:Early"}]


SHORT = dataclasses.replace(VOCAB, titles=TitleIndex(TITLES + [
    ("FRONDE IN FRANCE", "3:Mid"), ("SALT NEGOTIATIONS", "2:Late"), ("FRENCH REVOLUTION", "4:Mid"),
    ("WAR OF THE ROSES", "5:Mid"), ("WAR OF INDEPENDENCE", "6:Mid"), ("BERLIN BLOCKADE", "4:Early")]))


def read_short(text, event="7:Late"):
    return read_text(text, event, None, SHORT, opening=True)


def test_a_title_cut_to_its_first_word_names_its_event_only_where_it_cannot_be_an_adjective():
    # before a preposition in the title ("FRONDE IN FRANCE"), or an acronym written in capitals ("SALT NEGOTIATIONS")
    assert read_short("Unplayable during the Fronde.")["when"] == [{"kind": "not_in_effect", "event": "3:Mid"}]
    assert read_short("Unplayable if SALT is in effect.")["when"] == [{"kind": "not_in_effect", "event": "2:Late"}]
    # "French" (FRENCH REVOLUTION) could be an adjective; "Salt" is not written as an acronym; "War" and "Berlin"
    # stand in several titles: none of them names an event alone, so each sentence is reported
    for text in ("Unplayable if the French is in effect.", "Unplayable if Salt is in effect.",
                 "Unplayable during the War.", "Unplayable while Berlin is in effect."):
        assert read_short(text)["role"] == "unread", text
    # the event's own title cut short is not taken from its own text alone: only the KB's index knows if it is unique
    from checker.logic.reader.phrases import TitleIndex as Index

    own = Index([]).merged(Index([("WAR OF THE ROSES", "5:Mid")]))
    assert ("war",) not in own.by_words and ("war", "of", "the", "roses") in own.by_words


def test_a_minor_placed_on_the_map_in_an_apposition_is_reported_in_the_body_not_dropped():
    def body(text):
        return read_text(text, "7:Late", None, VOCAB, opening=False)

    assert body("Georgia is placed on the map.")["effects"] == [{"kind": "minor_created", "subject": "Georgia"}]
    # "a new minor" and its name in apposition (read since stop 49)
    assert body("A new minor, Georgia, is placed on the map.")["effects"] == [{"kind": "minor_created",
                                                                                "subject": "Georgia"}]
    # the name first, then the apposition: a state change the logic models that the grammar does not read: reported
    assert body("Georgia, a new country, is placed on the map.")["role"] == "unread"
    # a sentence about counters, with no state the logic models, stays clean
    assert body("Roll two dice for each German minor to see which side it joins.") is None


def test_outcomes_after_if_it_is_not():
    logic = read_short("Glasnost requires COMECON to be in effect; if it isn't, re-roll.", event="6:Late")
    assert logic["when"] == [{"kind": "in_effect", "event": "7:Early"}] and logic["on_fail"] == "reroll"
    logic = read_short("Requires COMECON to be in effect; if it is not, set the card aside and it returns to the deck "
                       "at the next reshuffle.", event="6:Late")
    assert logic["on_fail"] == "refused_renewable"
    # "if it is not" with no outcome after it is no outcome: reported
    assert read_short("Requires COMECON to be in effect; if it is not, the Soviet player smiles.",
                      event="6:Late")["role"] == "unread"


def test_a_bare_group_beside_the_other_connective_is_ambiguous_and_reported():
    # "A or B is in effect and C has not been played": (A or B) and not C, or A or (B and not C)?
    for text in ("Cannot be played while Detente or Glasnost is in effect and COMECON has not been played.",
                 "Playable only if Detente and Glasnost have been played or COMECON is in effect."):
        logic = read_short(text, event="2:Late")
        assert logic["role"] == "unread" and logic["reason"].startswith("ambiguous"), text
    # a word that groups ("either", "both") or one connective throughout settles it
    logic = read_short("Cannot be played while either Detente or Glasnost is in effect and COMECON has not been "
                       "played.", event="2:Late")
    assert logic["role"] == "requirement"
    logic = read_short("Playable only if Detente or Glasnost has been played or COMECON is in effect.", event="2:Late")
    assert logic["when_any"] == [{"kind": "occurred", "event": "1:Late"}, {"kind": "occurred", "event": "6:Late"},
                                 {"kind": "in_effect", "event": "7:Early"}]


def test_before_this_event_can_take_place_frames_a_requirement():
    logic = read_short("Before this event can take place, the Marshall Plan must already have taken place; if it has "
                       "not, simply re-roll the die.", event="6:Late")
    assert logic["when"] == [{"kind": "occurred", "event": "1:Early"}] and logic["on_fail"] == "reroll"
    assert read_short("Glasnost needs COMECON to be over before it can be played.", event="6:Late")["when"] == [
        {"kind": "over", "event": "7:Early"}]


def test_a_permission_after_an_event_with_a_while_beside_it():
    logic = read("This card can be played as an event at any time after COMECON has been played, as long as Detente "
                 "is not in effect.")
    assert logic["when"] == [{"kind": "occurred", "event": "7:Early"}, {"kind": "not_in_effect", "event": "1:Late"}]
    logic = read("If COMECON is in effect, you cannot play this card as an event; return the card to the deck and "
                 "draw again.")
    assert logic["when"] == [{"kind": "not_in_effect", "event": "7:Early"}] and logic["on_fail"] == "reroll"


@pytest.mark.parametrize("label", ["2nd ed.:", "Second edition:", "Solo mode:", "Bot:", "Automa:", "RAW,", "RAW:",
                                   "As written,", "Just to confirm:", "In our variant,", "At our club,"])
def test_a_label_for_an_edition_a_solo_player_or_a_variant_opens_the_rule(label):
    logic = read(f"{label} this card may only be played after COMECON has been played.")
    assert logic["role"] == "requirement" and logic["when"] == [{"kind": "occurred", "event": "7:Early"}], logic



def test_a_designers_reason_that_names_nothing_is_cut_and_one_that_names_a_state_is_kept():
    for text in ("This card may only be played after COMECON has been played, since it makes no sense without it.",
                 "This card may only be played after COMECON has been played; we tested other versions, and this one "
                 "worked best."):
        assert read(text)["when"] == [{"kind": "occurred", "event": "7:Early"}], text
    # a reason that names an event, a period or a country may carry a condition: the sentence is reported
    for text in ("This card may only be played after COMECON has been played, since Detente must be in effect too.",
                 "This card may only be played after COMECON has been played, which is why it sits in the Mid War deck.",
                 "This card may only be played after COMECON has been played, because otherwise the USSR would win."):
        assert read(text)["role"] == "unread", text
