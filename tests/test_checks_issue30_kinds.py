"""Issue 30, the rest: a player code for a minor of its period (NAM006) and the profile citing such a line
(NAM004), continents in capitals (NAM007), A World at War's cards against their sub-type's description
(AWW005-AWW008), The Price of Power's auto-resolutions and case gaps (POP001, POP002). Every test starts from
text: a failing text and the passing one beside it."""

from __future__ import annotations

import shutil

from checker.engine.run import check_paths

from .conftest import REPO, make_kb

KB = REPO / "kb"

EU = """\
1: RETURN OF PORTUGAL (historical date: 1640)
(duration: permanent)
EVENTS PHASE:
1. Portugal is returned to play as a minor country.
2: CATHOLIC HELP (historical date: 1641)
(duration: permanent)
EVENTS PHASE:
1. The offer goes to any catholic country in the following order: SPA, FRA, {who}.
"""


def _rules(root, code, paths=(), **kw):
    return [f for f in check_paths([str(p) for p in paths], str(root), **kw).findings if f.rule == code]


def _eu(tmp_path, texts, period="IV", glossary=False):
    root = make_kb(tmp_path, texts, period)
    if glossary:
        shutil.copytree(KB / "glossary", root / "glossary")
    return root


# NAM006 ------------------------------------------------------------------------------------------------------

def test_nam006_code_of_a_minor_of_the_period(tmp_path):
    found = _rules(_eu(tmp_path, {"a.txt": EU.format(who="POR")}), "NAM006")
    assert [(f.subject, f.severity) for f in found] == [("2:IV", "warning")]
    assert "'POR'" in found[0].message and "Portugal" in found[0].message and "1:IV" in found[0].message


def test_nam006_passes_the_name_and_an_alternative(tmp_path):
    assert _rules(_eu(tmp_path, {"a.txt": EU.format(who="Portugal")}), "NAM006") == []
    # code written as an alternative to the minor's name: the writer leaves open which it is
    assert _rules(_eu(tmp_path, {"a.txt": EU.format(who="POR/Portugal")}), "NAM006") == []


def test_nam006_periods_are_separate(tmp_path):
    minor = EU.split("2: CATHOLIC")[0]
    use = "2: CATHOLIC" + EU.split("2: CATHOLIC")[1].format(who="POR")
    from checker.engine.ingest import ingest_file

    root = make_kb(tmp_path, {"a.txt": minor}, "IV")
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "b.txt").write_text(use, encoding="utf-8")
    ingest_file(str(tmp_path / "b" / "b.txt"), str(root), period="VII", game="eu")
    # POR in period VII, Portugal a minor in period IV only: nothing; the same texts in one period: reported
    assert _rules(root, "NAM006") == []
    assert len(_rules(_eu(tmp_path, {"a.txt": minor, "b.txt": use}), "NAM006")) == 1


def test_nam006_control_and_activity_need_the_glossary(tmp_path):
    text = """\
1: PRUSSIAN WAR (historical date: 1756)
(duration: permanent)
EVENTS PHASE:
1. Inactive Prussia declares war against AUS/Habsburgs/Austria.
2. PRU annexes Polish DANZIG.
"""
    # Without the glossary's "Control" and "Friendly inactive minors", "Inactive Prussia" proves nothing.
    assert _rules(_eu(tmp_path, {"a.txt": text}, "VII"), "NAM006") == []
    found = _rules(_eu(tmp_path, {"a.txt": text}, "VII", glossary=True), "NAM006")
    assert [(f.subject, f.line is not None) for f in found] == [("1:VII", True)]
    assert "Inactive Prussia" in found[0].message
    # AUS is written as an alternative to Austria: not reported although the text names Austria
    assert "AUS" not in found[0].message


def test_nam006_and_nam004_on_the_bundled_kb():
    run = check_paths([], str(KB))
    nam006 = sorted((f.subject, f.message.split("'")[1]) for f in run.findings if f.rule == "NAM006")
    assert nam006 == [("7:IV", "POR"), ("7:VII", "PRU"), ("7:VII", "PRU"), ("7:VII", "PRU"), ("8:VII", "PRU")]
    nam004 = [f.message for f in run.findings if f.rule == "NAM004"]
    assert len(nam004) == 2 and all("NAM006" in m for m in nam004)
    assert any("'PRU'" in m and "000_81b98fbe5e52caea.txt:264" in m for m in nam004)
    assert any("'POR'" in m and "001_7c112c9c7645b661.txt:298" in m for m in nam004)


# NAM007 ------------------------------------------------------------------------------------------------------

CONTINENT = """\
1: NATIVES (historical date: 1650)
(duration: permanent)
EVENTS PHASE:
1. Natives attack a randomly chosen COL in {a} or {b}.
"""


def test_nam007_continent_in_capitals(tmp_path):
    found = _rules(_eu(tmp_path, {"a.txt": CONTINENT.format(a="NORTH AMERICA", b="EUROPE")}), "NAM007")
    assert [f.severity for f in found] == ["info"]
    assert "'NORTH AMERICA'" in found[0].message and "'EUROPE'" in found[0].message


def test_nam007_passes_capitalised_continents_and_other_regions(tmp_path):
    assert _rules(_eu(tmp_path, {"a.txt": CONTINENT.format(a="North America", b="Europe")}), "NAM007") == []
    assert _rules(_eu(tmp_path, {"a.txt": CONTINENT.format(a="ROTW", b="South America")}), "NAM007") == []


# A World at War ----------------------------------------------------------------------------------------------

AWAW_HEAD = "RANDOM EVENTS\n\nNATIONAL RANDOM EVENTS\n\nThere are a number of types of national random events.\n\n"


def _awaw(tmp_path, code, body, head=AWAW_HEAD):
    path = tmp_path / "aw.txt"
    path.write_text(head + body, encoding="utf-8")
    return _rules(KB, code, [path], game="awaw")


ESPIONAGE = """\
RESEARCH

Espionage effect: A one-turn espionage effect applies to the specified research category of the major power that drew the random event:

{card}For the current turn, the Allies may allocate an extra research point to one intelligence project, at no cost.
"""


def test_aww005_missing_card(tmp_path):
    found = _awaw(tmp_path, "AWW005", ESPIONAGE.format(card=""))
    assert [(f.line, f.severity) for f in found] == [(11, "warning")]
    assert "Espionage effect" in found[0].message
    card = "Allied agents infiltrate Axis laboratories.\nAllied intelligence: espionage effect\n\n"
    assert _awaw(tmp_path, "AWW005", ESPIONAGE.format(card=card)) == []


COMPOUND = """\
DIPLOMACY

Compound: Diplomacy is modified in two targets:

Hungary threatens war over Transylvania.
Hungary: 1
EAI: +1

Germany receives a +1 modifier for diplomacy in Hungary{more}.
"""


def test_aww006_effect_not_explained(tmp_path):
    head = AWAW_HEAD.replace("NATIONAL", "GENERAL").replace("national", "general")
    found = _awaw(tmp_path, "AWW006", COMPOUND.format(more=""), head)
    assert [(f.line, f.severity) for f in found] == [(13, "info")] and "'EAI: +1'" in found[0].message
    passing = COMPOUND.format(more=", and the European Aggression Index is increased by one")
    assert _awaw(tmp_path, "AWW006", passing, head) == []


DOUBLE = """\
RESEARCH

Double: Two specified research projects each advance one step:

Deuxième Bureau given carte blanche.
{card}
+1 step each

Two French intelligence projects each advance one step.
"""


def test_aww007_choice_contradicts_description(tmp_path):
    found = _awaw(tmp_path, "AWW007", DOUBLE.format(card="Any two French intelligence projects"))
    assert [(f.line, f.severity) for f in found] == [(12, "warning")] and "'Any'" in found[0].message
    assert _awaw(tmp_path, "AWW007", DOUBLE.format(card="French agents and French codebreaking")) == []


def test_aww007_cap_units_and_uncapped_rule():
    from checker.games.awaw.checks.aww007_description_contradiction import contradictions

    rule = "Up to three research points assigned to the specified project in previous turns are doubled."
    assert ["points and steps" in p for p in contradictions(
        rule, "Double value of previous investment in radar research, up to a maximum of three steps.", True)] \
        == [True]
    assert list(contradictions(rule, "Double value of previous investment, up to three research points.", True)) \
        == []
    uncapped = "Atomic research is permitted; any previous research is doubled:"
    assert len(list(contradictions(uncapped, "double value of previous investment, up to a maximum of three steps",
                                   True))) == 1
    assert list(contradictions(uncapped, "Atomic research permitted; double value of previous investment", False)) \
        == []


ANCILLARY = """\
SUPPORT

Ancillary: The support level of a major power is increased or decreased for the current turn by the indicated amount in conjunction with other diplomatic or European Aggression Index effects:

Brazilian government endorses corporate state model.
{card}

The Italian support level is increased by +1 for the rest of the turn and the European Aggression Index is increased by +1 for the current turn.
"""


def test_aww008_effect_lines_run_together(tmp_path):
    found = _awaw(tmp_path, "AWW008", ANCILLARY.format(card="Italian support level: +1 EAI: +1"))
    assert [(f.line, f.severity) for f in found] == [(12, "info")]
    assert _awaw(tmp_path, "AWW008", ANCILLARY.format(card="Italian support level: +1\nEAI: +1")) == []


def test_aww008_running_head_inside_the_text(tmp_path):
    text = ANCILLARY.format(card="Italian support level: +1\nEAI: +1").replace(
        "\n\nThe Italian", "\n\nRANDOM EVENTS\n\nThe Italian")
    found = _awaw(tmp_path, "AWW008", text)
    assert [f.line for f in found] == [15] and "running head" in found[0].message


# The Price of Power ------------------------------------------------------------------------------------------

POP_HEAD = "16. Events\n\n16.5 Secondary Effects #\n\n"


def _pop(tmp_path, code, body, head=POP_HEAD):
    path = tmp_path / "pop.txt"
    path.write_text(head + body, encoding="utf-8")
    return _rules(KB, code, [path], game="pop")


def test_pop001_dropped_qualifier(tmp_path):
    text = ("Pirates #\n\nPlace a Pirate Ship into a Maritime Trade Node of your choice.\n\n"
            "Auto-resolution: Place the Pirate Ship into the {node} with the most Merchants. Tie breaker: random.\n")
    found = _pop(tmp_path, "POP001", text.format(node="Trade Node"))
    assert [(f.line, f.severity) for f in found] == [(9, "warning")] and "'Maritime'" in found[0].message
    assert _pop(tmp_path, "POP001", text.format(node="Maritime Trade Node")) == []


def test_pop001_exception_exclusion_restriction_limit_scope():
    from checker.games.pop.checks.pop001_auto_resolution_drops import drops

    assert [d.split("'")[0] for d in drops(["You must remove any C, except the Roma C, from the Papal Curia."],
                                            "Remove the rightmost C belonging to the PR with the most C.")] \
        == ["the exception "]
    assert drops(["You must remove any C, except the Roma C."], "Remove the rightmost C except the Roma C.") == []
    body = ["Place a token in an Area adjacent to a cluster. Orthodox or Muslim Areas may not be chosen.",
            "If you have placed less than 4 Q this Turn, place a new Q."]
    found = drops(body, "Spread tokens into adjacent Areas.")
    assert any("exclusion" in d for d in found) and any("limit" in d for d in found)
    assert drops(body, "Spread up to 4 tokens into adjacent Areas, never Orthodox or Muslim ones.") == []
    dnpr = ["For each symbol, pick a DNPR of that color (which is not currently an Active Ally)."]
    found = drops(dnpr, "All DNPRs of the same colors annex an adjacent NPR Province.")
    assert any("restriction" in d for d in found) and any("scope" in d for d in found)
    assert drops(dnpr, "The DNPR of that color that is not an Active Ally annexes an adjacent Province.") == []


GUIDELINE = """\
16.3 Event Guidelines #

General Event guidelines #

  • When required to make a choice between an A) and a B) option in an Event, if you cannot meet the requirements or pay the costs of one of the two options, you must pick the other option. {fallback}
"""


def test_pop002_fallback_narrower_than_its_rule(tmp_path):
    head = "16. Events\n\n"
    found = _pop(tmp_path, "POP002", GUIDELINE.format(fallback="If not able to pay for either option, pick either "
                                                      "one of them."), head)
    assert [(f.line, f.severity) for f in found] == [(7, "warning")] and "'meet the requirements'" in found[0].message
    assert _pop(tmp_path, "POP002", GUIDELINE.format(
        fallback="If not able to meet or pay for either option, pick either one of them."), head) == []


def test_pop002_superlative_without_tie_breaker(tmp_path):
    text = ("Pirates #\n\nPlace a Pirate Ship into a Maritime Trade Node of your choice.\n\n"
            "Auto-resolution: Place the Pirate Ship into the Maritime Trade Node with the most Merchants.{tie}\n")
    found = _pop(tmp_path, "POP002", text.format(tie=""))
    assert [f.line for f in found] == [9] and "ties" in found[0].message
    assert _pop(tmp_path, "POP002", text.format(tie=" Tie breaker: random.")) == []
