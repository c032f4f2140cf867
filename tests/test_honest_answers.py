"""No command gives a definite answer that depends on a sentence rulekb does not read (docs/logic.md S11).

Every test starts from event text: an unread requirement ("Cannot occur if the moon is full") stands in 2:VII; the
answers about 2:VII are inconclusive (exit 3) and name that sentence, while the answers about 1:VII, whose cone
holds nothing unread, stay definite. A sentence in another event that names 1:VII brings it into 1:VII's basis."""

from __future__ import annotations

import json

import pytest

from checker.cli import main

TEXT = """\
PERIOD VII

1: FIRST EVENT (historical date: 1770)
(duration: immediate)
EVENTS PHASE:
1. Saxony becomes a neutral minor.

2: SECOND EVENT (historical date: 1771)
(duration: immediate)
1. Cannot occur if the moon is full. Otherwise re-roll.
EVENTS PHASE:
1. Saxony becomes a permanent VA of PRU.
"""

NEVER = """
3: THIRD EVENT (historical date: 1772)
(duration: immediate)
1. Cannot occur if event 1:VII has occurred. Otherwise re-roll.
2. Cannot occur unless event 1:VII has occurred. Otherwise re-roll.
EVENTS PHASE:
1. Saxony becomes a neutral minor.
"""

NAMES_FIRST = """
4: FOURTH EVENT (historical date: 1773)
(duration: immediate)
EVENTS PHASE:
1. Event 1:VII can never occur once the moon is full.
"""


@pytest.fixture
def kb(mini_kb):
    return lambda extra="": str(mini_kb({"a.txt": TEXT + extra}))


def _json(capsys):
    return json.loads(capsys.readouterr().out)


@pytest.mark.slow
def test_order_goal_is_inconclusive_through_an_unread_requirement(kb, capsys):
    root = kb()
    assert main(["order", "--kb", root, "--goal", "2:VII", "--format", "json"]) == 3
    data = _json(capsys)
    assert data["status"] == "inconclusive" and data["read_status"] == "found"
    [u] = data["unread"]
    assert u["event"] == "2:VII" and u["file"].endswith("02.yaml") and "moon is full" in u["words"]
    assert main(["order", "--kb", root, "--goal", "1:VII", "--format", "json"]) == 0  # nothing unread in its cone
    data = _json(capsys)
    assert data["status"] == "found" and "unread" not in data


@pytest.mark.slow
def test_a_sentence_naming_an_event_is_in_its_basis(kb, capsys):
    root = kb(NAMES_FIRST)
    assert main(["order", "--kb", root, "--goal", "1:VII", "--format", "json"]) == 3
    data = _json(capsys)
    assert [u["event"] for u in data["unread"]] == ["4:VII"] and "names 1:VII" in data["unread"][0]["why"]


@pytest.mark.slow
def test_order_check_and_count_are_inconclusive(kb, tmp_path, capsys):
    root = kb()
    log = tmp_path / "log.yaml"
    log.write_text("log:\n  - {turn: 1, event: '2:VII'}\n", encoding="utf-8")
    assert main(["order", "--kb", root, "--check", str(log)]) == 3
    out = capsys.readouterr().out
    assert "inconclusive (over what was read: legal)" in out and "moon is full" in out
    log.write_text("log:\n  - {turn: 1, event: '1:VII'}\n", encoding="utf-8")
    assert main(["order", "--kb", root, "--check", str(log)]) == 0
    assert capsys.readouterr().out.endswith("legal\n")
    assert main(["order", "--kb", root, "--count", "2:VII", "--format", "json"]) == 3
    data = _json(capsys)
    assert data["status"] == "inconclusive" and data["count"] == 1
    assert main(["order", "--kb", root, "--count", "1:VII", "--format", "json"]) == 0


def test_explain_is_inconclusive(kb, capsys):
    root = kb()
    assert main(["explain", "--kb", root, "2:VII"]) == 3
    out = capsys.readouterr().out
    assert "over what was read, 2:VII SECOND EVENT can fire" in out and "inconclusive" in out
    assert main(["explain", "--kb", root, "1:VII"]) == 0


@pytest.mark.slow
def test_check_exits_3_and_never_fires_through_an_unread_sentence_is_not_an_error(kb, mini_kb, capsys):
    root = kb()
    assert main(["check", "--kb", root, "--format", "json"]) == 3  # LOG007: a limit, not an erratum
    findings = _json(capsys)["findings"]
    assert [(f["rule"], f["severity"]) for f in findings if f["rule"] == "LOG007"] == [("LOG007", "info")]
    # 3:VII can never fire over what was read: with nothing unread in its basis it is an error (exit 1) ...
    clean = str(mini_kb({"a.txt": "PERIOD VII\n" + TEXT.split("\n2: ")[0].split("PERIOD VII\n")[1] + NEVER}))
    assert main(["check", "--kb", clean, "--format", "json", "--select", "LOG002"]) == 1
    assert [f["severity"] for f in _json(capsys)["findings"]] == ["error"]
    # ... and with an unread requirement of its own it is an inconclusive info finding, not an error (exit 3)
    unread = NEVER.replace("2. Cannot occur unless", "3. Cannot occur if the moon is full. Otherwise re-roll.\n"
                                                      "2. Cannot occur unless")
    root = kb(unread)
    assert main(["check", "--kb", root, "--format", "json", "--select", "LOG002"]) == 3
    [f] = [f for f in _json(capsys)["findings"] if f["rule"] == "LOG002"]
    assert f["severity"] == "info" and f["message"].startswith("inconclusive") and "moon is full" in f["message"]


BODY_REQUIREMENT = """\
PERIOD VII

1: FIRST EVENT (historical date: 1770)
(duration: immediate)
EVENTS PHASE:
1. Saxony becomes a neutral minor.

5: FIFTH EVENT (historical date: 1774)
(duration: immediate)
EVENTS PHASE:
1. Cannot occur if event 1:VII has occurred. Otherwise re-roll.
"""


@pytest.mark.slow
def test_a_requirement_in_the_body_is_modelled_and_counted_as_read(mini_kb, capsys):
    """A requirement inside the body (under EVENTS PHASE) reaches the engine (docs/logic.md S8): it is not
    reported as a limit, answers through it are definite, and coverage counts it as read."""
    root = str(mini_kb({"a.txt": BODY_REQUIREMENT}))
    assert main(["check", "--kb", root, "--format", "json", "--select", "LOG007"]) == 0
    assert _json(capsys)["findings"] == []
    assert main(["order", "--kb", root, "--goal", "5:VII", "--format", "json"]) == 0
    assert _json(capsys)["status"] == "found"
    assert main(["explain", "--kb", root, "--coverage"]) == 0
    row = [ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("5:VII")][0]
    assert row.split()[1:] == ["1", "1", "0", "0"]  # rule-shaped 1, read 1, curated 0, not understood 0


def test_every_role_the_reader_emits_is_one_the_engine_places():
    """A reader that emits a role the engine does not list in USED_ROLES would be read and then silently dropped."""
    import pathlib
    import re

    from checker.logic.basis import USED_ROLES

    root = pathlib.Path(__file__).resolve().parents[1] / "checker" / "logic"
    emitted = set()
    for path in [*root.glob("reader/*.py"), root / "derive.py"]:
        emitted |= set(re.findall(r'"role": "([a-z_]+)"', path.read_text(encoding="utf-8")))
    assert emitted and emitted <= set(USED_ROLES), emitted - set(USED_ROLES)


def test_effect_items_on_every_role_the_reader_emits_reach_the_engine():
    """Effect items ride on role effect and, in a clause that states its event's requirement too, on role
    requirement (docs/logic.md): for each, where the clause stands (in the body; a requirement also among the
    opening conditions), the engine's facts hold the effect and the cone sees what it changes; the requirement's
    conditions stay the requirement's. A role the reader emits with effects that the engine does not place fails
    here."""
    from checker.core.model import Clause, Event, KnowledgeBase, Section, Source
    from checker.logic.basis import USED_ROLES
    from checker.logic.facts import build_model, effect_reading, event_dependencies
    from checker.logic.reader.read import read_text

    texts = ("Event 4:VII is cancelled.", "Only while event 3:VII is in effect; cancels 4:VII.",
             "Can occur only if event 3:VII is in effect. Otherwise re-roll. Event 4:VII is cancelled.")
    readings = [read_text(t, "1:VII") for t in texts]
    assert {r["role"] for r in readings} == {"effect", "requirement"}
    for logic in readings:
        assert logic["role"] in USED_ROLES and logic["effects"] == [{"kind": "cancel_event", "event": "4:VII"}]
        assert effect_reading(logic)["effects"] == logic["effects"]
        for opening in (True, False)[logic["role"] == "effect":]:
            clause = Clause("1.", "the clause", 3, logic=logic)
            event = Event("1:VII", "eu", "VII", 1, "A", "1: A", Source("t.txt", 1), duration="immediate",
                          duration_kind="immediate", conditions=[clause] if opening else [],
                          body=[] if opening else [Section("phase", "EVENTS PHASE:", 2, clauses=[clause])])
            model = build_model(KnowledgeBase(root="kb", events={"1:VII": event}))
            [effect] = [c for c, info in model.clauses.items() if info.role == "effect"]
            assert f'effect({effect},"1:VII",cancel("4:VII")).' in model.facts
            assert not [f for f in model.facts if f.startswith(f"effect_when({effect},")]  # not the requirement's
            assert ("requirement" in {i.role for i in model.clauses.values()}) == (logic["role"] == "requirement")
            assert event_dependencies(event)["changes"] == {"event:4:VII"}


def test_every_effect_kind_of_the_contract_is_modelled_or_said_not_to_be():
    """Each effect kind the schema allows is translated by the engine, changes no fluent (with why), or is recorded
    but not modelled and then reported (so a curated 'annex' cannot be dropped without a word)."""
    import json
    import pathlib

    from checker.logic.facts import EFFECTS_MODELLED, EFFECTS_NO_FLUENT, EFFECTS_NOT_MODELLED, _Builder

    schema = json.loads((pathlib.Path(__file__).resolve().parents[1] / "kb" / "schema" / "event.schema.json")
                        .read_text(encoding="utf-8"))
    kinds = set(schema["definitions"]["effect"]["properties"]["kind"]["enum"])
    sets = (set(EFFECTS_MODELLED), set(EFFECTS_NO_FLUENT), set(EFFECTS_NOT_MODELLED))
    assert kinds == set().union(*sets) and sum(len(x) for x in sets) == len(kinds)
    builder = object.__new__(_Builder)
    builder.owners, builder.minors, builder.statuses, builder.religions = {}, set(), {}, {}
    builder.name = lambda x: x
    for kind in EFFECTS_MODELLED - {"first_of"}:  # first_of opens into its alternatives (effect_items)
        eff = {"kind": kind, "subject": "Poland", "value": "FRA", "event": "1:VII"}
        assert builder.effect_term(eff), kind


@pytest.mark.slow
def test_a_curated_effect_the_engine_does_not_model_is_reported(mini_kb, capsys):
    import yaml

    root = mini_kb({"a.txt": BODY_REQUIREMENT})
    path = root / "events" / "eu" / "vii" / "01.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    clause = data["body"][0]["clauses"][0]
    clause["logic"] = {"role": "effect", "effects": [{"kind": "annex", "subject": "Saxony", "value": "PRU"}],
                       "curated": True}
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    assert main(["check", "--kb", str(root), "--format", "json", "--select", "LOG007"]) == 3  # inconclusive
    [f] = _json(capsys)["findings"]
    assert f["subject"] == "1:VII" and "'annex' is recorded, not modelled" in f["message"]
