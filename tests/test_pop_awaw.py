"""The Price of Power decks and A World at War random events: checks, clingo queries, CLI."""

from __future__ import annotations

import json

import pytest
import yaml

from checker.cli import main
from checker.engine.run import check_paths
from checker.games.awaw.dispute import legal_placements
from checker.games.pop.deck import deck_from, display, find_layout
from checker.kb.store import load_kb

GRAMMAR = load_kb("kb").kb.games["pop"]["id_grammar"]


def age_cards(age: int, ones: int = 2, twos: int = 2, a_events: int = 8, realms=("FRA", "ENG")):
    """A legal Age: 8 A-events and 2 events per realm; `ones` cards marked (1), `twos` marked (2), the rest X."""
    cards = [{"id": f"{age}{1 + k // 4}A-{1 + k % 4}", "half": "X"} for k in range(a_events)]
    for r, realm in enumerate(realms):
        cards += [{"id": f"{age}0{r + 1}-{n}", "half": "X", "realm": realm} for n in (1, 2)]
    for k in range(ones):
        cards[k]["half"] = "1"
    for k in range(twos):
        cards[-1 - k]["half"] = "2"
    return cards


def deck(**ages):
    return {"game": "pop", "scenario": "Test", "players": 4, "optional_rules": [6], "realms": ["FRA", "ENG"],
            "ages": ages}


def _findings(tmp_path, data, code):
    path = tmp_path / "deck.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return [f for f in check_paths([str(path)], "kb").findings if f.rule == code]


@pytest.mark.slow
def test_clean_deck_passes(tmp_path):
    data = deck(I=age_cards(1), II=age_cards(2))
    path = tmp_path / "deck.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    assert [f for f in check_paths([str(path)], "kb").findings] == []


def test_dck001_card_id(tmp_path):
    cards = age_cards(1)
    cards[0]["id"] = "11-A1"
    found = _findings(tmp_path, deck(I=cards), "DCK001")
    assert len(found) == 1 and "11-A1" in found[0].message and found[0].line


def test_dck002_card_age(tmp_path):
    cards = age_cards(1)
    cards[0]["id"] = "21A-9"
    found = _findings(tmp_path, deck(I=cards), "DCK002")
    assert len(found) == 1 and "Age II" in found[0].message


def test_dck003_a_events(tmp_path):
    found = _findings(tmp_path, deck(I=age_cards(1, a_events=7)), "DCK003")
    assert len(found) == 1 and "7 A-events" in found[0].message


def test_dck004_realm_events(tmp_path):
    cards = age_cards(1, realms=("FRA", "SPA"))
    found = _findings(tmp_path, deck(I=cards), "DCK004")
    messages = " | ".join(f.message for f in found)
    assert "0 realm-specific events of ENG" in messages and "SPA, which is not in play" in messages


def test_dck005_impossible_layout_minimal_explanation(tmp_path):
    cards = age_cards(1, ones=7, twos=0)  # 12 cards, 7 marked (1): halves of 6 cannot hold them
    found = _findings(tmp_path, deck(I=cards), "DCK005")
    assert len(found) == 1 and "no legal layout" in found[0].message
    assert len(found[0].explanation) == 7  # every (1) card is needed: 6 of them would fit
    d = deck_from(deck(I=age_cards(1, ones=6, twos=0)), "d", GRAMMAR)
    assert find_layout(d).status == "found"


def test_dck005_odd_age_and_given_layout(tmp_path):
    cards = age_cards(1)[:-1]
    found = _findings(tmp_path, deck(I=cards), "DCK005")
    assert "odd number of cards" in found[0].message
    cards = age_cards(1)
    for k, c in enumerate(cards):
        c["placed"] = "1" if k < 6 else "2"
    assert _findings(tmp_path, deck(I=cards), "DCK005") == []
    cards[0]["placed"] = "2"  # a (1) card in the second half
    found = _findings(tmp_path, deck(I=cards), "DCK005")
    assert any("marked (1) but placed in half 2" in f.message for f in found)


def test_layout_without_optional_rule_6_follows_suggestions():
    data = deck(I=age_cards(1, ones=0, twos=0))
    data["optional_rules"] = []
    data["ages"]["I"][0]["suggested"] = "2"
    result = find_layout(deck_from(data, "d", GRAMMAR))
    assert result.status == "found" and data["ages"]["I"][0]["id"] in result.halves["I"]["2"]


def test_display():
    assert display(4, []) == {"events": 5, "face_up": 3, "face_down": 2}
    assert display(6, [7]) == {"events": 7, "face_up": 4, "face_down": 3}
    assert display(5, [7]) == {"events": 6, "face_up": 3, "face_down": 3}


def test_deck_cli(tmp_path, capsys):
    path = tmp_path / "deck.yaml"
    path.write_text(yaml.safe_dump(deck(I=age_cards(1, ones=7, twos=0))), encoding="utf-8")
    assert main(["deck", str(path), "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "impossible" and len(data["explanation"]) == 7 and data["display"]["events"] == 5
    assert main(["deck", "examples/pop-deck.yaml"]) == 0


def test_dispute_placements():
    combos, only_eai = legal_placements("Bulgaria", "Rumania")
    assert len(combos) == 18 and not only_eai  # 2×3 with the Axis in Bulgaria, 4×3 in Rumania (anti-Comintern)
    assert all({p for p, _, _ in c} & {"germany", "italy"} and {p for p, _, _ in c} & {"russia", "britain", "france"}
               for c in combos)
    combos, _ = legal_placements("Bulgaria", "Rumania", occupied=["Bulgaria"], russia_barred=["Rumania"])
    assert combos == [[("britain", "Rumania", "diplomatic")], [("france", "Rumania", "diplomatic")]]
    combos, only_eai = legal_placements("Bulgaria", "Rumania", occupied=["Bulgaria", "Rumania"])
    assert only_eai and combos == [[]]


AWAW = """\
RANDOM EVENTS

GENERAL RANDOM EVENTS

SUPPORT

Conditional (research results): The support level of a major power is decreased by the stated amount, to a maximum increase of +3.

Hitler endorses army expansion.
German support level: {line}
+1 for each military research result.

{explanation}

DIPLOMACY

Civil war event: Some events bring a civil war closer. These all increase the European Aggression Index as well:

Slovenian assembly dissolved.
Yugoslavia: 0
{eai}
A civil war counter is placed in Yugoslavia.
"""


def _awaw(mini_kb, line="-3 (max. +3)", explanation="Germany's support level is decreased by -3.", eai="EAI: +1"):
    root = mini_kb({"a.txt": AWAW.format(line=line, explanation=explanation, eai=eai)})
    return [(f.rule, f.message) for f in check_paths([], str(root)).findings if f.rule.startswith("AWW")]


def test_awaw_checks_pass(mini_kb):
    assert _awaw(mini_kb) == []


def test_aww001_cap_above_maximum(mini_kb):
    assert [r for r, _ in _awaw(mini_kb, line="-3 (max. +4)", explanation="Germany's support level is decreased by -3, to a maximum +4.")] == ["AWW001"]


def test_aww002_civil_war_without_eai(mini_kb):
    found = _awaw(mini_kb, eai="")
    assert [r for r, _ in found] == ["AWW002"]


def test_aww003_explanation_mismatch(mini_kb):
    found = _awaw(mini_kb, explanation="Germany's support level is decreased by -2.")
    assert [r for r, _ in found] == ["AWW003"] and "-2" in found[0][1]
    found = _awaw(mini_kb, explanation="Germany's support level is decreased by -3, to a maximum +2 German support increase.")
    assert [r for r, _ in found] == ["AWW003"] and "maximum of +2" in found[0][1]


def test_deck_page_on_the_site(tmp_path, mini_kb):
    from checker.site.build import generate_pages

    root = mini_kb({})
    (root / "decks").mkdir()
    (root / "decks" / "test.yaml").write_text(yaml.safe_dump(deck(I=age_cards(1))), encoding="utf-8")
    (root / "games" / "pop.yaml").exists()
    generate_pages(str(root), str(tmp_path / "docs"))
    page = (tmp_path / "docs" / "decks" / "test" / "index.md").read_text(encoding="utf-8")
    assert "Event deck: Test" in page and "display: 5 events, 3 face up" in page and "first half" in page
