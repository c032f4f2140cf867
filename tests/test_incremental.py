"""Checking contributed texts and files: the entry-scoped checks run on the contributed entries alone
(checker/engine/incremental.py), and the findings equal those of running every check over the whole KB and keeping
the contributed entries' (and files') findings. A contributed KB file that fails its schema is an error."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

import checker.engine.incremental as inc
from checker.engine.run import check_paths

from .conftest import KB, REPO

pytestmark = pytest.mark.slow  # not in the fast tier (issue 34): incremental checks against full runs

NEW_VII = REPO / "bench" / "new_event_vii.txt"


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch):
    monkeypatch.setenv("RULEKB_NO_CACHE", "1")


def dicts(findings):
    return sorted((f.to_dict() for f in findings), key=lambda d: repr(sorted(d.items())))


def full_then_filtered(monkeypatch, *args, **kw):
    """The reference: every check over the whole KB, then the contributed entries' findings kept."""
    with monkeypatch.context() as m:
        m.setattr(inc, "entry_scoped", lambda info: False)  # every check over the whole KB
        m.setattr(inc, "USE_AGGREGATES", False)
        m.setenv("RULEKB_NO_CACHE", "1")
        return dicts(check_paths(*args, **kw).findings)


CORPUS = REPO / "tests" / "corpus"


def corpus_cases():
    import yaml

    expected = yaml.safe_load((CORPUS / "expected.yaml").read_text(encoding="utf-8"))
    return sorted((name, spec.get("period")) for name, spec in {**expected["defects"], **expected["clean"]}.items())


@pytest.mark.parametrize("name,period", corpus_cases())
def test_corpus_text_against_bundled_kb_equals_full_run(monkeypatch, name, period):
    paths = [str(CORPUS / name)]
    incremental = dicts(check_paths(paths, str(KB), period=period).findings)
    assert incremental == full_then_filtered(monkeypatch, paths, str(KB), period=period)


def test_several_texts_at_once_equal_full_run(tmp_path, monkeypatch):
    paths = []
    for k, name in enumerate(("ref_missing_event.txt", "structure_numbering.txt", "style_placeholder.txt")):
        text = (CORPUS / name).read_text(encoding="utf-8")
        assert text.startswith("20: ")
        (tmp_path / name).write_text(f"{21 + k}: " + text[4:], encoding="utf-8")  # one event id per text
        paths.append(str(tmp_path / name))
    paths += [str(CORPUS / "ref_period_typo.txt")]
    incremental = dicts(check_paths(paths, str(KB), period="VII").findings)
    assert incremental == full_then_filtered(monkeypatch, paths, str(KB), period="VII")
    assert {d["rule"] for d in incremental} >= {"REF001", "STR003", "STY001", "REF006"}


def test_edited_kb_files_equal_full_run(tmp_path, monkeypatch):
    root = tmp_path / "kb"
    shutil.copytree(KB, root)
    f = root / "events" / "eu" / "vii" / "11.yaml"
    # A reference to a missing event, a PERIOD:NUMBER form and a placeholder, so several checks report.
    text = f.read_text(encoding="utf-8").replace("events 7:VII, 8:VII and 9:VII", "events 7:VII, 14:VII and VII:9", 1)
    f.write_text(text, encoding="utf-8")
    paths = [str(f), str(root / "events" / "eu" / "vii" / "06.yaml"), str(root / "events" / "eu" / "iv" / "07.yaml")]
    monkeypatch.chdir(tmp_path)
    incremental = dicts(check_paths(paths, str(root)).findings)
    assert incremental == full_then_filtered(monkeypatch, paths, str(root))
    assert {d["rule"] for d in incremental} >= {"REF001", "REF003"}


def test_a_contributed_profile_is_checked_for_citations_and_a_text_is_not(tmp_path, monkeypatch):
    """NAM004 reports on game profiles: a contributed profile file gets its findings (named under the KB folder's
    own name) as in the full run, and a contributed text, which no NAM004 finding is about, does not read the
    KB's lines for them."""
    root = tmp_path / "rules"
    shutil.copytree(KB, root)
    profile = root / "games" / "eu.yaml"
    profile.write_text(profile.read_text(encoding="utf-8").replace(
        "{code: SPA, name: Spain, adjective: Spanish, source: {file: 000_81b98fbe5e52caea.txt, line: 27}}",
        "{code: SPA, name: Spain, adjective: Spanish, source: {file: 000_81b98fbe5e52caea.txt, line: 16}}", 1), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    found = dicts(check_paths([str(profile)], str(root)).findings)
    assert found == full_then_filtered(monkeypatch, [str(profile)], str(root))
    cites = [d for d in found if d["rule"] == "NAM004" and "'SPA'" in d["message"]]  # (and PRU, POR: issue 30)
    assert len(cites) == 1 and cites[0]["file"] == "rules/games/eu.yaml", cites
    text = dicts(check_paths([str(NEW_VII)], str(root), period="VII").findings)
    assert text == full_then_filtered(monkeypatch, [str(NEW_VII)], str(root), period="VII")
    assert not [d for d in text if d["rule"] == "NAM004"]


def test_spelling_of_a_replacing_text_from_the_cached_index_equals_reading_every_text(tmp_path, monkeypatch):
    """STY002 adjusts a cached word index of the loaded KB by the contributed entries (issue 18): a text that
    replaces 6:VII, drops its 'deat', keeps 'choise' (also in 1:IV and 2:IV) and adds 'supercede' (also in 20:IV,
    21:IV) gets the same findings from a cold cache, a warm cache and reading every text."""
    from checker.kb.store import load_kb
    from checker.textformat.render import render_entry

    monkeypatch.delenv("RULEKB_NO_CACHE")
    monkeypatch.setenv("RULEKB_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("RULEKB_STATE_DIR", str(tmp_path / "state"))
    text = render_entry(load_kb(str(KB)).kb.view("eu").events["6:VII"])
    assert "deat" in text and "choise" in text
    new = tmp_path / "six.txt"
    new.write_text("PERIOD VII\n\n" + re.sub(r"\bdeat\b", "death", text).replace(
        "choise", "choise; this supercede rule", 1), encoding="utf-8")
    cold = dicts(check_paths([str(new)], str(KB), selected=None).findings)
    warm = dicts(check_paths([str(new)], str(KB), selected=None).findings)
    reference = full_then_filtered(monkeypatch, [str(new)], str(KB))
    assert cold == warm == reference
    spelled = {d["message"].split("'")[1]: d["message"] for d in cold if d["rule"] == "STY002"}
    assert "deat" not in spelled and "also in 1:IV, 2:IV" in spelled["choise"]
    assert "also in 20:IV, 21:IV" in spelled["supercede"]


def test_step_names_of_a_replacing_text_from_the_cached_mentions_equal_reading_every_text(tmp_path, monkeypatch):
    """STR008 adjusts the cached step mentions of the loaded KB by the contributed entries: a text replacing 16:IV
    that writes 'peace phase' where 16:IV wrote 'peace step', and adds a 'war declarations step' and a 'peaceful
    phase', gets the same
    findings from a cold cache, a warm cache and reading every text."""
    from checker.kb.store import load_kb
    from checker.textformat.render import render_entry

    monkeypatch.delenv("RULEKB_NO_CACHE")
    monkeypatch.setenv("RULEKB_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("RULEKB_STATE_DIR", str(tmp_path / "state"))
    text = render_entry(load_kb(str(KB)).kb.view("eu").events["16:IV"])
    assert "peace step" in text
    new = tmp_path / "sixteen.txt"
    new.write_text("PERIOD IV (1615-1659)\n\n" + text.replace("peace step", "peace phase").replace(
        "\n1. ", "\n1. Nothing happens in the war declarations step or in the peaceful phase. ", 1),
        encoding="utf-8")
    cold = dicts(check_paths([str(new)], str(KB)).findings)
    warm = dicts(check_paths([str(new)], str(KB)).findings)
    assert cold == warm == full_then_filtered(monkeypatch, [str(new)], str(KB))
    steps = [d["message"] for d in cold if d["rule"] == "STR008"]
    assert len(steps) == 2 and "'war declarations step' in 16:IV" in " ".join(steps), steps
    # 16:IV's old 'peace step' is gone from the group its new 'peaceful phase' joins
    assert any("'peace step' in 1:IV;" in m and "'peaceful phase' in 16:IV" in m for m in steps), steps


def test_names_of_a_replacing_text_from_the_cached_uses_equal_reading_every_text(tmp_path, monkeypatch):
    """NAM002 adjusts the cached name uses of the loaded KB by the contributed entries: a text replacing 7:VII that
    writes UKRAINYA where 7:VII wrote UKRANYA, and adds a third spelling UKRANYAA, gets the same findings from a
    cold cache, a warm cache and reading every text; 7:VII's old UKRANYA is gone from the finding."""
    from checker.kb.store import load_kb
    from checker.textformat.render import render_entry

    monkeypatch.delenv("RULEKB_NO_CACHE")
    monkeypatch.setenv("RULEKB_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("RULEKB_STATE_DIR", str(tmp_path / "state"))
    text = render_entry(load_kb(str(KB)).kb.view("eu").events["7:VII"])
    assert text.count("UKRANYA,") == 3
    new = tmp_path / "seven.txt"
    new.write_text("PERIOD VII\n\n" + text.replace("UKRANYA,", "UKRAINYA,").replace(
        "SEWERIA.", "SEWERIA and UKRANYAA.", 1), encoding="utf-8")
    cold = dicts(check_paths([str(new)], str(KB)).findings)
    warm = dicts(check_paths([str(new)], str(KB)).findings)
    assert cold == warm == full_then_filtered(monkeypatch, [str(new)], str(KB))
    names = [d["message"] for d in cold if d["rule"] == "NAM002"]
    assert names == ["province spelled 3 ways: UKRAINYA in 2:IV, 7:VII; UKRANYA in 8:VII; UKRANYAA in 7:VII"], names


def test_a_text_that_names_a_new_area_reads_every_text_again(tmp_path, monkeypatch):
    """An area named in one text ("the areas UKRANYA and LIVONIA") changes how UKRANYA reads in every other text
    (an area, not a province): the cached uses cannot be adjusted, and the names are read again from every text."""
    monkeypatch.delenv("RULEKB_NO_CACHE")
    monkeypatch.setenv("RULEKB_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("RULEKB_STATE_DIR", str(tmp_path / "state"))
    new = tmp_path / "area.txt"
    new.write_text("PERIOD VII\n\n20: NEW AREAS (historical date: 1790)\n(duration: permanent)\nEVENTS PHASE:\n"
                   "1. RUS may move into the areas UKRAINYA and LIVONIA.\n", encoding="utf-8")
    cold = dicts(check_paths([str(new)], str(KB)).findings)
    warm = dicts(check_paths([str(new)], str(KB)).findings)
    assert cold == warm == full_then_filtered(monkeypatch, [str(new)], str(KB))


def test_logic_cone_of_a_replacing_text_from_the_cached_dependencies_equals_reading_every_text(tmp_path,
                                                                                                monkeypatch):
    """The logic analysis walks the cones of contributed events in cached dependencies of the loaded KB, with the
    contributed events' own read again: a text replacing 4:VII that now requires 6:VII (which requires 4:VII) is
    a requirement cycle from a cold cache, a warm cache and reading every text. With 4:VII's dependencies as
    loaded, its cone would not hold 6:VII and the cycle would pass unreported."""
    from checker.kb.store import load_kb
    from checker.textformat.render import render_entry

    monkeypatch.delenv("RULEKB_NO_CACHE")
    monkeypatch.setenv("RULEKB_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("RULEKB_STATE_DIR", str(tmp_path / "state"))
    text = render_entry(load_kb(str(KB)).kb.view("eu").events["4:VII"])
    head = "(duration: until the end of the rebellion)\n"
    assert head in text
    new = tmp_path / "four.txt"
    new.write_text("PERIOD VII\n\n" + text.replace(head, head + "1. Cannot occur before event 6:VII has occurred. "
                                                    "Otherwise re-roll and do not mark off.\n", 1), encoding="utf-8")
    cold = dicts(check_paths([str(new)], str(KB)).findings)
    warm = dicts(check_paths([str(new)], str(KB)).findings)
    assert cold == warm == full_then_filtered(monkeypatch, [str(new)], str(KB))
    cycles = [d["message"] for d in cold if d["rule"] == "LOG001"]
    assert cycles and "4:VII → 6:VII → 4:VII" in cycles[0], cycles


def _period_models(path: Path, aggregates: bool, load=None):
    """NAM006's period models of the bundled KB's game eu with the text ``path`` placed over it: adjusted from the
    cached models of the KB as loaded, or (``aggregates`` False) folded from every event."""
    import dataclasses

    from checker.checks.naming.countries import period_countries
    from checker.engine.run import Run
    from checker.kb.store import load_kb

    load = load or load_kb(str(KB))  # the overlay leaves it as loaded: a later call may place the text again
    ctx = dataclasses.replace(Run(load, [str(path)], period="VII").context(), use_aggregates=aggregates)
    return period_countries(ctx.for_game("eu")), load


def test_minor_models_of_a_replacing_text_from_the_cached_models_equal_reading_every_text(tmp_path, monkeypatch):
    """NAM006 adjusts the cached period models of the loaded KB by the contributed events: a text replacing 7:VII
    (its 'PRU annexes' becomes 'RUS annexes', a new 'Inactive Prussia' beside PRU) and adding 20:VII (PRU, FRA,
    the controller of Saxony) gives models equal, list order included, to folding every event, from a cold
    cache, from the cache and from the load's kept aggregates; and the same findings as the full run."""
    from checker.kb.store import load_kb
    from checker.textformat.render import render_entry

    monkeypatch.delenv("RULEKB_NO_CACHE")
    monkeypatch.setenv("RULEKB_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("RULEKB_STATE_DIR", str(tmp_path / "state"))
    text = render_entry(load_kb(str(KB)).kb.view("eu").events["7:VII"])
    assert "PRU annexes Polish WEST PREUSSEN." in text
    new = tmp_path / "seven.txt"
    new.write_text("PERIOD VII\n\n" + text.replace("PRU annexes Polish WEST PREUSSEN.", "RUS annexes Polish WEST "
                                                    "PREUSSEN; PRU and Inactive Prussia stay.", 1)
                   + "\n20: NEW TREATY (historical date: 1790)\n(duration: permanent)\nEVENTS PHASE:\n"
                   "1. PRU and FRA sign a treaty; the controller of Saxony joins PRU.\n", encoding="utf-8")
    reference, _ = _period_models(new, aggregates=False)
    cold, load = _period_models(new, aggregates=True)
    assert load.state and load.aggregates  # the cached path was taken
    kept, _ = _period_models(new, aggregates=True, load=load)  # the models the load keeps
    cached, _ = _period_models(new, aggregates=True)  # a new load: the models read from the cache
    assert cold == kept == cached == reference
    vii = reference["VII"]
    users = list(dict.fromkeys(e for e, _ in vii.players["PRU"]))
    assert users[-1] == "20:VII" and users.index("7:VII") < users.index("8:VII"), users  # in id order
    assert "Saxony" in vii.minors and "Prussia" in vii.minors
    found = dicts(check_paths([str(new)], str(KB)).findings)
    assert found == full_then_filtered(monkeypatch, [str(new)], str(KB))
    assert [d for d in found if d["rule"] == "NAM006" and d["subject"] == "20:VII"]


def test_invisible_characters_of_a_text_checked_alone_equal_the_full_run(tmp_path, monkeypatch):
    """STY007 is entry-scoped: a contributed text with a right-to-left override in a title and a zero-width space
    in a clause, against a KB where another event's text holds one too, gets the full run's findings (those on
    the text's own events, not on the KB's)."""
    root = tmp_path / "kb"
    shutil.copytree(KB, root)
    f = root / "events" / "eu" / "vii" / "11.yaml"
    f.write_text(f.read_text(encoding="utf-8").replace("events 7:VII, 8:VII", "events 7:VII,\u200b 8:VII", 1),
                 encoding="utf-8")
    new = tmp_path / "new.txt"
    new.write_text("PERIOD VII\n\n20: NEW \u202eTREATY (historical date: 1790)\n(duration: permanent)\n"
                   "EVENTS PHASE:\n1. RUS and\u200b FRA sign a treaty.\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    found = dicts(check_paths([str(new)], str(root)).findings)
    assert found == full_then_filtered(monkeypatch, [str(new)], str(root))
    assert sorted((d["subject"], d["severity"]) for d in found if d["rule"] == "STY007") == [
        ("20:VII", "error"), ("20:VII", "warning")]
    whole = check_paths([], str(root)).findings
    assert [x for x in whole if x.rule == "STY007" and x.subject == "11:VII"]


@pytest.mark.slow
def test_new_text_against_synthetic_kb_equals_full_run(tmp_path, monkeypatch):
    from bench.generate import generate

    root = tmp_path / "kb300"
    generate(300, str(root), seed=7, quiet=True)
    new = REPO / "bench" / "new_event_i.txt"
    incremental = dicts(check_paths([str(new)], str(root), period="I").findings)
    assert incremental == full_then_filtered(monkeypatch, [str(new)], str(root), period="I")
    assert incremental


# ------------------------------------------------------------------ issues 16 and 19: no silent pass

def broken_kb(tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    shutil.copytree(KB, root)
    f = root / "events" / "eu" / "vii" / "08.yaml"
    text = f.read_text(encoding="utf-8")
    assert "number: 8\n" in text and "duration_kind: " in text
    lines = ["duration_kind: forever" if ln.startswith("duration_kind: ") else ln for ln in text.split("\n")]
    f.write_text("\n".join(lines).replace("number: 8\n", "number: eight\n"), encoding="utf-8")
    return root


def test_schema_invalid_contributed_file_is_an_error(tmp_path, monkeypatch):
    broken_kb(tmp_path)
    monkeypatch.chdir(tmp_path)
    findings = check_paths(["kb/events/eu/vii/08.yaml"], "kb").findings
    sch = [f for f in findings if f.rule == "SCH001"]
    assert len(sch) == 2 and all(f.severity == "error" for f in sch)  # number and duration_kind, once each
    assert {f.file for f in sch} == {"kb/events/eu/vii/08.yaml"}
    assert {f.line for f in sch} == {5, 13} or len({f.line for f in sch}) == 2
    assert not [f for f in findings if f.rule == "REF001"]


def test_schema_invalid_contributed_file_fails_the_cli(tmp_path, monkeypatch):
    from checker.cli import main

    broken_kb(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["check", "kb/events/eu/vii/08.yaml", "--kb", "kb", "--format", "json"]) == 1


def test_no_follow_on_ref001_for_an_event_whose_file_fails_its_schema(tmp_path, monkeypatch):
    root = broken_kb(tmp_path)
    monkeypatch.chdir(tmp_path)
    full = check_paths([], "kb").findings
    assert [f for f in full if f.rule == "SCH001" and f.subject == "8:VII"]
    assert not [f for f in full if f.rule == "REF001" and "8:VII" in f.message]
    # Contributing a file that refers to the broken event: no REF001 either (SCH001 names the cause).
    other = check_paths(["kb/events/eu/vii/11.yaml"], "kb").findings
    assert not [f for f in other if f.rule == "REF001" and "8:VII" in f.message]
    # A reference to an event that really is missing is still reported.
    f = root / "events" / "eu" / "vii" / "11.yaml"
    f.write_text(f.read_text(encoding="utf-8").replace("events 7:VII, 8:VII", "events 7:VII, 14:VII", 1),
                 encoding="utf-8")
    again = check_paths(["kb/events/eu/vii/11.yaml"], "kb").findings
    assert [x for x in again if x.rule == "REF001" and "14:VII" in x.message]
