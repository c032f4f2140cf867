"""The gazetteer extracted from the KB texts."""

from __future__ import annotations

from checker.checks.naming.gazetteer import build_gazetteer
from checker.kb.store import load_kb


def _entities():
    kb = load_kb("kb").kb
    return kb, {(e["kind"], e["name"]): e for e in build_gazetteer(kb, "eu")["entities"]}


def test_provinces_areas_minors_countries_with_users():
    _, ents = _entities()
    assert "7:VII" in ents[("province", "KRAKOW")]["used_by"]
    assert ("province", "DEN HAAG") in ents and ("province", "WEST PREUSSEN") in ents
    assert ("area", "CEYLAN") in ents and ("minor", "Palatinate") in ents
    assert "ENG" in {n for k, n in ents if k == "country"}
    # Both spellings of one province are there, each with its users: the naming checks start from this.
    assert ents[("province", "UKRANYA")]["used_by"] != ents[("province", "UKRAINYA")]["used_by"]


def test_codes_outside_the_profile_are_marked():
    _, ents = _entities()
    assert "not a code of the game profile" in ents[("country", "AUT")]["note"]
    assert "note" not in ents[("country", "SPA")]
    assert ("province", "RUS COL") not in ents and ("province", "VII") not in ents


def test_bundled_gazetteer_is_up_to_date():
    kb, _ = _entities()
    assert build_gazetteer(kb, "eu", previous=kb.gazetteers.get("eu")) == kb.gazetteers["eu"]


def test_regions_of_the_profile_are_not_provinces():
    """EUROPE, NORTH AMERICA (the profile's facts.regions) are written in capitals like provinces but are regions."""
    kb = load_kb("kb").kb
    kinds = {(e["name"]): e["kind"] for e in build_gazetteer(kb, "eu")["entities"]}
    assert kinds["EUROPE"] == kinds["NORTH AMERICA"] == "region"
    assert kinds["CORSICA"] == "province"
