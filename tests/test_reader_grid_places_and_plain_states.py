"""Titles named by the place they are named after, states said plainly among the opening conditions, and the
terse fields of wikis, threads and quick-reference cards (stop 56, from the held-out dev22's writers).

- A title "X OF <place>" is named by its place alone ("Westphalia" for PEACE OF WESTPHALIA, "Roskilde"), and a
  title by the end of its head noun with no article ("Armada" for SPANISH ARMADA), when no other title has that
  word. Such a word is a place's name too ("Spain owns Westphalia"): the sentence is read both ways; the reading
  that parses is the reading, and two readings that differ are reported, never settled.
- Among an event's opening conditions, a state said plainly with its verb ("Spain holds Flanders.", "The Deluge is
  over.") is a requirement, as a verbless one ("Deluge over.") already was. Among the effects it is not read so.
- A field left empty ("Prerequisite: none.") says nothing; a known field before an arrow or "=" ("fail → nothing
  happens", "Fail = counts as played") is the field; a thread's post number ("2/ …") is no word of the rule.
"""

from __future__ import annotations

import pytest

from tests.reader_grid import assert_reported, owns, reader, req, st

GAMES = {
    "eu": {"periods": ["III", "IV"],
           "countries": [{"code": "SPA", "name": "Spain", "adjective": "Spanish"},
                         {"code": "FRA", "name": "France", "adjective": "French"},
                         {"code": "SWE", "name": "Sweden", "adjective": "Swedish"}],
           "events": {"1:III": "ST. BARTHOLOMEW'S DAY MASSACRE", "2:III": "SPANISH ARMADA", "3:III": "EDICT OF NANTES",
                      "1:IV": "THIRTY YEARS' WAR", "3:IV": "PEACE OF WESTPHALIA", "4:IV": "FRONDE",
                      "7:IV": "THE DELUGE", "8:IV": "TREATY OF ROSKILDE", "9:IV": "REVOCATION OF THE EDICT OF NANTES"}},
    # clans: each one's adjective is its name ("the Oda"), and the capitals of the name are the code (ODA)
    "sengoku": {"periods": ["Onin", "Warring"],
                "countries": [{"code": "ODA", "name": "Oda", "adjective": "Oda"},
                              {"code": "IKK", "name": "Ikko-ikki", "adjective": "Ikko"}],
                "events": {"1:Onin": "ONIN WAR", "1:Warring": "BATTLE OF OKEHAZAMA",
                           "2:Warring": "IKKO-IKKI UPRISING", "4:Warring": "SIEGE OF ISHIYAMA HONGAN-JI"}},
}

read = reader(GAMES)


READ = [
    # a title by its place
    ("eu", "4:IV", "Westphalia must have occurred.", req(st("occurred", "3:IV"))),
    ("eu", "4:IV", "Cannot occur after Roskilde.", req(st("not_occurred", "8:IV"))),
    ("sengoku", "2:Warring", "Cannot occur before Okehazama.", req(st("occurred", "1:Warring"))),
    ("sengoku", "2:Warring", "Cannot occur while Ishiyama Hongan-ji is in effect.",
     req(st("not_in_effect", "4:Warring"))),
    # … and the same word as the place: the reading that parses
    ("eu", "4:IV", "Spain must own Westphalia.", req(owns("Spain", "Westphalia"))),
    ("eu", "4:IV", "Westphalia exists.", req({"kind": "exists", "subject": "Westphalia"})),
    # a title by the end of its head noun, no article
    ("eu", "4:IV", "Armada played. Else: redraw.", req(st("occurred", "2:III"), on_fail="reroll")),
    ("eu", "4:IV", "Not once Armada played.", req(st("not_occurred", "2:III"))),
    # a title with an abbreviation's dot inside: no sentence end
    ("eu", "4:IV", "Not after the St. Bartholomew's Day Massacre. Fail = counts as played.",
     req(st("not_occurred", "1:III"), on_fail="consider_played")),
    # states said plainly among the opening conditions
    ("eu", "4:IV", "Spain holds Flanders.", req(owns("Spain", "Flanders"))),
    ("eu", "4:IV", "The Deluge is over.", req(st("over", "7:IV"))),
    ("eu", "4:IV", "The Deluge has occurred. Spain holds Flanders. Else: wait.",
     req(st("occurred", "7:IV"), owns("Spain", "Flanders"), on_fail="delay")),
    ("eu", "8:IV", "Roskilde. The Deluge is over.", req(st("over", "7:IV"))),
    ("eu", "4:IV", "Cannot occur while the Thirty Years' War is in effect. Spain holds Flanders.",
     req(st("not_in_effect", "1:IV"), owns("Spain", "Flanders"))),
    # the fields of a wiki, a thread, a quick-reference card
    ("eu", "4:IV", "The Deluge is over. Prerequisite: none.", req(st("over", "7:IV"))),
    ("eu", "4:IV", "Requires: the Deluge in effect; or France owns Calais.",
     {"role": "requirement", "when_any": [st("in_effect", "7:IV"), owns("France", "Calais")]}),
    ("eu", "4:IV", "Precondition: the Deluge is over. Unmet → marked off.", req(st("over", "7:IV"), on_fail="mark_off")),
    ("eu", "4:IV", "The Deluge must be over. fail → nothing happens.", req(st("over", "7:IV"), on_fail="nothing")),
    ("eu", "4:IV", "The Deluge must be over. If blocked: card removed from game.",
     req(st("over", "7:IV"), on_fail="mark_off")),
    ("eu", "4:IV", "2/ Fronde can't fire before the Deluge.", req(st("occurred", "7:IV"))),
    ("sengoku", "2:Warring", "Trigger condition: IKK does not own Kaga. Outcome: Kaga → IKK.",
     {"role": "requirement", "when": [owns("IKK", "Kaga", negated=True)],
      "effects": [{"kind": "owner", "subject": "Kaga", "value": "IKK"}]}),
    # a field's list: events alone (they have occurred), states with no verb, conditions
    ("sengoku", "2:Warring", "Needs: Okehazama (Warring-1); IKK owns Settsu.",
     req(st("occurred", "1:Warring"), owns("IKK", "Settsu"))),
    ("sengoku", "2:Warring", "Requires: Onin War (Onin-1) occurred; or Warring period reached. Otherwise delayed.",
     {"role": "requirement", "when_any": [st("occurred", "1:Onin"), {"kind": "period_at_least", "value": "Warring"}],
      "on_fail": "delay"}),
    ("sengoku", "4:Warring", "Playable if: Okehazama (Warring-1) in effect or over. Otherwise: nothing.",
     {"role": "requirement", "when_any": [st("in_effect", "1:Warring"), st("over", "1:Warring")],
      "on_fail": "nothing"}),
    # a clan by its name or its code, never an adjective
    ("sengoku", "2:Warring", "Prerequisite: the Onin War is over; ODA owns Owari.",
     req(st("over", "1:Onin"), owns("ODA", "Owari"))),
    ("sengoku", "2:Warring", "Oda holds Kaga. fail → nothing happens.", req(owns("Oda", "Kaga"), on_fail="nothing")),
]


@pytest.mark.parametrize("game, event, text, want", READ)
def test_read(game, event, text, want):
    assert read(game, event, text, opening=True) == want


@pytest.mark.parametrize("game, event, text", [
    # "Nantes" names two titles: neither
    ("eu", "4:IV", "Cannot occur after Nantes."),
    # a past: history, or a rule in a verb no form reads? Beside a rule, reported
    ("eu", "4:IV", "Cannot occur while the Thirty Years' War is in effect. France held Paris and Lyon."),
    # a question is read as a question and its answer (framing.py), never as a state said plainly
    ("eu", "4:IV", "Is the Deluge over? Then play it."),
    # the event removed from play, or the place? The event's reading is itself ambiguous: reported
    ("eu", "4:IV", "Westphalia is removed from play."),
])
def test_reported(game, event, text):
    assert_reported(read(game, event, text, opening=True))


@pytest.mark.parametrize("text", ["Spain holds Flanders.", "The Deluge is over."])
def test_a_state_said_plainly_among_the_effects_is_no_requirement(text):
    """Among the effects a state said plainly may tell what the event brings about: not read as a requirement."""
    got = read("eu", "4:IV", text)
    assert got is None or got["role"] != "requirement", got


def test_an_empty_field_alone_says_nothing():
    assert read("eu", "4:IV", "Prerequisite: none.", opening=True) is None
    assert read("eu", "4:IV", "Exclusions: n/a", opening=True) is None


def test_a_place_word_alone_does_not_make_history_a_rule():
    """A title's place in a sentence of history is judged as the place: no rule, nothing reported. (Judged as the
    event NATIONAL REVOLT OF PORTUGAL, "Portugal … put an end to …" would be an event ended: rule-shaped, reported.)"""
    portugal = reader({"eu": {"periods": ["IV"], "countries": [{"code": "SPA", "name": "Spain", "adjective": "Spanish"}],
                              "events": {"4:IV": "NATIONAL REVOLT OF PORTUGAL", "1:IV": "THIRTY YEARS' WAR"}}})
    assert portugal("eu", "1:IV", "Portugal, in 1640, put an end to sixty years of union with Spain.") is None


@pytest.mark.parametrize("text", [
    # a heading other than the event's own title says what follows is something else
    "Effect: Spain holds Flanders.",
    "Outcome: Spain holds Flanders.",
    # a state joined to its consequence: no list of states
    "Cannot occur before the Deluge. The Deluge is over; then Spain holds Flanders.",
    # after an effect: the event's requirement, the effect's condition, or what it brings about?
    "France gets Calais. The Deluge is over.",
    # an ambiguous state: reported with the writer's words, never raised out of the reader
    "Cannot occur before the Deluge. Spain holds Flanders or Sweden holds Scania and France holds Calais.",
])
def test_no_state_said_plainly(text):
    got = read("eu", "4:IV", text, opening=True)
    assert_reported(got)
    assert got["words"] in text
