"""Naming checks: unknown country codes, one name spelled several ways (case convention respected)."""

from __future__ import annotations

from checker.engine.run import check_paths

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


# NAM002 at every length, NAM005 unknown place ---------------------------------------------------------------

SHORT = """\
1: FIRST (historical date: 1780)
(duration: permanent)
EVENTS PHASE:
1. AUS annexes Polish KRAKOW, DANZIG and SILESIA.
2: SECOND (historical date: 1781)
(duration: permanent)
EVENTS PHASE:
1. PRU annexes Polish {a}, {b} and {c}.
"""


def _gazetteer(root, names):
    (root / "gazetteer").mkdir()
    body = "".join(f"  - {{name: {n}, kind: province}}\n" for n in names)
    (root / "gazetteer" / "eu.yaml").write_text(f"game: eu\nentities:\n{body}", encoding="utf-8")


def test_nam002_short_names_one_edit(mini_kb):
    """Six letters or fewer, one letter changed, missing or swapped: KRAKOV, DANSIG, SILESA are found."""
    root = mini_kb({"a.txt": SHORT.format(a="KRAKOV", b="DANSIG", c="SILESA")}, "VII")
    found = sorted(f.message for f in check_paths([], str(root)).findings if f.rule == "NAM002")
    assert len(found) == 3
    assert any("KRAKOV in 2:VII" in m and "KRAKOW in 1:VII" in m for m in found)
    assert any("DANSIG" in m and "DANZIG" in m for m in found)
    assert any("SILESA" in m and "SILESIA" in m for m in found)
    # Swapped neighbours are one edit too; two changes in a six-letter name, or a three-letter code, are not.
    root = mini_kb({"a.txt": SHORT.format(a="KRAKWO", b="DANXIX", c="SILESIA")}, "VII")
    found = [f.message for f in check_paths([], str(root)).findings if f.rule == "NAM002"]
    assert len(found) == 1 and "KRAKWO" in found[0]


def test_nam002_gazetteer_is_the_dictionary(mini_kb):
    """A name no other text uses is still compared with the gazetteer's names."""
    root = mini_kb({"a.txt": SHORT.format(a="POSEN", b="MAZOVIA", c="KRAKOV").replace("KRAKOW, ", "")}, "VII")
    _gazetteer(root, ["KRAKOW", "DANZIG", "SILESIA", "POSEN", "MAZOVIA"])
    found = [f.message for f in check_paths([], str(root)).findings if f.rule == "NAM002"]
    assert found == ["province spelled 2 ways: KRAKOV in 2:VII; KRAKOW in the gazetteer"]


def test_nam005_unknown_place(mini_kb):
    root = mini_kb({"a.txt": SHORT.format(a="WOLGAST", b="KRAKOV", c="POSEN")}, "VII")
    _gazetteer(root, ["KRAKOW", "DANZIG", "SILESIA", "POSEN"])
    found = [(f.subject, f.message) for f in check_paths([], str(root)).findings if f.rule == "NAM005"]
    # WOLGAST is unknown; KRAKOV is NAM002's (one edit from KRAKOW); POSEN is known.
    assert found == [("2:VII", "province 'WOLGAST' is not in the gazetteer of 'eu' and is no near-miss of a name "
                               "it holds: a new place or a misspelling")]
    root = mini_kb({"a.txt": SHORT.format(a="DANZIG", b="KRAKOW", c="POSEN")}, "VII")
    _gazetteer(root, ["KRAKOW", "DANZIG", "SILESIA", "POSEN"])
    assert [f for f in check_paths([], str(root)).findings if f.rule == "NAM005"] == []


def test_nam005_game_without_gazetteer_is_not_checked(mini_kb):
    root = mini_kb({"a.txt": SHORT.format(a="WOLGAST", b="KRAKOW", c="POSEN")}, "VII")
    assert [f for f in check_paths([], str(root)).findings if f.rule == "NAM005"] == []
