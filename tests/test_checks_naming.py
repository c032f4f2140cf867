"""Naming checks: unknown country codes, one name spelled several ways (case convention respected)."""

from __future__ import annotations

from checker.pipeline import check_paths

TEXT = """\
1: FIRST (historical date: 1780)
(duration: permanent)
EVENTS PHASE:
1. RUS may annex Polish {a} and KRAKOW. Preferences: SPA, {code}.
2: SECOND (historical date: 1781)
(duration: permanent)
EVENTS PHASE:
1. Provinces {b}, VOLHYNIA and KRAKOW form a new minor state Cossacks.
2. The minor Hessen offers peace; HESSEN is occupied.
3. WEST POMMERN and OST POMMERN are ceded. The Habsburg army helps Habsburgs.
"""


def _naming(mini_kb, **kw):
    root = mini_kb({"a.txt": TEXT.format(**kw)}, "VII")
    return [f for f in check_paths([], str(root)).findings if f.category == "naming" and f.rule != "NAM004"]


def test_nam001_unknown_code(mini_kb):
    found = _naming(mini_kb, a="UKRAINYA", b="UKRAINYA", code="AUT")
    assert [(f.rule, f.subject) for f in found] == [("NAM001", "1:VII")] and "'AUT'" in found[0].message


def test_nam002_near_miss_reported_once_with_every_place(mini_kb):
    found = _naming(mini_kb, a="UKRANYA", b="UKRAINYA", code="FRA")
    assert [f.rule for f in found] == ["NAM002"]
    assert "UKRANYA in 1:VII" in found[0].message and "UKRAINYA in 2:VII" in found[0].message


def test_naming_passes_case_convention_compass_words_and_plural(mini_kb):
    # HESSEN (province) vs Hessen (minor), WEST/OST POMMERN, Habsburg/Habsburgs: none is a near-miss.
    assert _naming(mini_kb, a="UKRAINYA", b="UKRAINYA", code="FRA") == []


def test_gazetteer_alias_accepts_a_variant(mini_kb):
    root = mini_kb({"a.txt": TEXT.format(a="UKRANYA", b="UKRAINYA", code="FRA")}, "VII")
    (root / "gazetteer").mkdir()
    (root / "gazetteer" / "eu.yaml").write_text(
        "game: eu\nentities:\n  - {name: UKRAINYA, kind: province, aliases: [UKRANYA]}\n", encoding="utf-8")
    assert [f for f in check_paths([], str(root)).findings if f.rule == "NAM002"] == []
