"""Parsers of seeds 002 (The Price of Power chapter 16), 003 (rule changes and glossary) and 004 (AWAW)."""

from __future__ import annotations

from checker.games.awaw.random_events import parse_card_effects, parse_effect_line
from checker.textformat import parse_document
from checker.textformat.common import split_lines

from .conftest import SEEDS


def _doc(name):
    return parse_document((SEEDS / name).read_text(encoding="utf-8"), name, game="eu")


def test_pop_entries_and_auto_resolution():
    rules = {r.id: r for r in _doc("002_568a83585fc6f9de.txt").rules}
    assert rules["pop-or6"].kind == "optional_rule" and rules["pop-or7"].kind == "optional_rule"
    assert rules["pop-16.1"].kind == "section"
    assert rules["pop-16.5-pirates"].kind == "secondary_effect"
    assert rules["pop-16.5-pirates"].auto_resolution.startswith("Place the Pirate Ship")
    assert rules["pop-16.3-gain-merchant"].kind == "standard_effect"
    assert rules["pop-16.3-general-event-guidelines"].kind == "guideline"
    assert rules["pop-document"].blocks[0].kind == "artefact"  # the page title line


def test_eurw_rule_changes_variants_glossary():
    doc = _doc("003_d6ab6c302bafecac.txt")
    rules = {r.id: r for r in doc.rules}
    assert {"eurw-rule-13.A.6", "eurw-rule-30.2.F", "eurw-rule-50.16"} <= set(rules)
    assert {"eurw-variant-hungary", "eurw-variant-naples", "eurw-variant-burgundy", "eurw-variant-dutch"} <= set(rules)
    terms = {t.term: t for t in doc.glossaries[0].terms}
    assert terms["HESSEN"].convention == "UPPER CASE = province"
    assert terms["Hessen"].convention == "Capitalised = minor"
    assert terms["(*)"].convention == "event multiplicity marker"
    assert terms["Austria"].separator == ";"


def test_awaw_examples_and_artefacts():
    rules = {r.id: r for r in _doc("004_2d115e517a26ff43.txt").rules}
    doc = rules["awaw-document"]
    assert [b.kind for b in doc.blocks].count("artefact") == 4
    ex = rules["awaw-general-support-ancillary-1"]
    assert [(e.quantity, e.target, e.amount) for e in ex.effects] == [
        ("diplomacy", "Austria", 2), ("support", "Germany", 1), ("eai", None, 1)]
    assert rules["awaw-national-research-espionage-effect-1"].data["card"] is False


def test_effect_grammar():
    e = parse_effect_line("German support level: -3 (max. +3)", 1)
    assert (e.quantity, e.target, e.amount, e.cap, e.parsed) == ("support", "Germany", -3, 3, True)
    missing = parse_effect_line("Italian support level: + (max. +3)", 1)
    assert not missing.parsed and "missing amount" in missing.problem
    garbled = parse_effect_line("Italian support level: (max. +/3)", 1)
    assert not garbled.parsed and "garbled cap" in garbled.problem
    assert parse_effect_line("British support level: (max. +/-3)", 1).cap == 3
    assert not parse_effect_line("Something odd happens", 1).parsed


def test_two_effects_on_one_line_and_conditions():
    lines = split_lines("Italian support level: +1 EAI: +1\nGerman support level: -3 (max. +3)\n"
                        "+1 for each military research result.")
    effects = parse_card_effects([ln for ln in lines if not ln.blank])
    assert [e.quantity for e in effects] == ["support", "eai", "support"]
    assert effects[2].condition == "+1 for each military research result."
