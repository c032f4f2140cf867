"""The logic engine on the bundled KB (the seed events' prerequisites, as the issue lists them) and on
planted defects."""

from __future__ import annotations

import re

import pytest

from checker.core.model import Clause
from checker.engine.run import check_paths
from checker.kb.store import load_kb
from checker.logic.analysis import analyse
from checker.logic.facts import build_model
from checker.logic.orders import check_log, clause_id, count_orders, query_model, shortest_history
from checker.logic.solver import asp_dir

from .conftest import KRAKOW_TWICE


@pytest.fixture(scope="module")
def kb():
    return load_kb("kb").kb.view("eu")


def lines(clauses):
    return [(c.event, c.line) for c in clauses]


@pytest.mark.slow
def test_6vii_needs_4vii_played_through(kb):
    r = shortest_history(kb, "6:VII")
    assert r.status == "found" and [(s.event, s.outcome) for s in r.history] == [("4:VII", "fired"), ("6:VII", "fired")]
    bad = check_log(kb, [{"turn": 1, "event": "6:VII", "outcome": "fired"}])
    assert bad.status == "illegal" and lines(bad.explanation) == [("6:VII", 218)]
    # While the rebellion of 4:VII is still in effect, 6:VII cannot fire.
    res, model = query_model(kb, ':- not fires("4:VII",1). :- not live("4:VII",2). :- not fires("6:VII",2).', 2)
    assert res.status == "unsat" and lines(model.clauses[c] for c in res.core) == [("6:VII", 218)]


@pytest.mark.slow
def test_8vii_needs_7vii_played_and_over(kb):
    assert check_log(kb, [{"turn": 1, "event": "7:VII"}, {"turn": 2, "event": "8:VII"}]).status == "legal"
    bad = check_log(kb, [{"turn": 1, "event": "8:VII"}])
    assert bad.status == "illegal" and lines(bad.explanation) == [("8:VII", 321)]
    res, _ = query_model(kb, ':- not fires("7:VII",1). :- not live("7:VII",2). :- not fires("8:VII",2).', 2)
    assert res.status == "unsat"


@pytest.mark.slow
def test_11vii_changes_to_7_8_9(kb):
    played = [{"turn": 1, "event": "7:VII"}, {"turn": 2, "event": "9:VII"}, {"turn": 3, "event": "8:VII"}]
    assert check_log(kb, played + [{"turn": 4, "event": "11:VII", "outcome": "marked"}]).status == "legal"
    bad = check_log(kb, played + [{"turn": 4, "event": "11:VII", "outcome": "fired"}])
    assert bad.status == "illegal" and lines(bad.explanation) == [("11:VII", 395)]
    # With 11:VII in effect, 7:VII is not played as Case III.
    model = build_model(kb)
    case3 = clause_id(model, "7:VII", 303)
    res, model = query_model(kb, f':- not live("11:VII",2). :- not scope_on({case3},2).', 2)
    assert res.status == "unsat" and ("7:VII", 303) in lines(model.clauses[c] for c in res.core)
    res, _ = query_model(kb, f':- live("11:VII",2). :- not scope_on({case3},2).', 2)
    assert res.status == "sat"


@pytest.mark.slow
def test_9iv_needs_7iv_and_protestant_eng(kb):
    r = shortest_history(kb, "9:IV")
    assert [(s.event, s.outcome) for s in r.history] == [("7:IV", "fired"), ("9:IV", "fired")]
    model = build_model(kb)
    royalists = clause_id(model, "7:IV", 325)
    parliament = clause_id(model, "7:IV", 326)
    res, model = query_model(kb, f':- not applies({royalists},1). :- not fires("9:IV",2).', 2)
    # The query forces the Royalist outcome; what then rules 9:IV out is its "ENG protestant" requirement.
    assert res.status == "unsat" and lines(model.clauses[c] for c in res.core) == [("9:IV", 358)]
    res, _ = query_model(kb, f':- not applies({parliament},1). :- not fires("9:IV",2).', 2)
    assert res.status == "sat"
    avoid = shortest_history(kb, "9:IV", avoid=["7:IV"])
    # 7:IV may still be marked off (ENG catholic), which counts as occurred (docs/logic.md S3); then only 9:IV's
    # "ENG protestant" rules it out, as 7:IV never fires to change the religion: both clauses are needed.
    assert avoid.status == "impossible" and lines(avoid.explanation) == [("9:IV", 358), ("9:IV", 359)]


def test_war_with_scotland_needs_6iv_and_can_make_8vi_impossible(kb):
    model = build_model(kb)
    scotland = next(c for c, i in model.clauses.items() if i.event == "7:IV" and i.text.startswith("WAR WITH SCOTLAND"))
    res, model = query_model(kb, f':- not scope_on({scotland},1).', 1)
    assert res.status == "unsat" and ("7:IV", 333) in lines(model.clauses[c] for c in res.core)
    res, _ = query_model(kb, f':- not scope_on({scotland},2). :- not never("8:VI",3).', 3)
    assert res.status == "sat"


@pytest.mark.slow
def test_16iv_while_20iv_in_effect(kb):
    # The clause's first sentence is the requirement; its second ("If … occurs later while this event lasts, apply
    # them both") is not read, so the re-ingested KB holds the clause unread (LOG007). The engine's semantics of the
    # requirement are tested on the reading a person gives it (curated logic, read exactly as derived: S8).
    [clause] = [c for c in kb.events["16:IV"].all_clauses() if c.line == 452]
    clause.logic = {"role": "requirement", "when": [{"kind": "not_in_effect", "event": "20:IV"}],
                    "on_fail": "mark_off", "curated": True}
    res, model = query_model(kb, ':- not live("20:IV",2). :- not fires("16:IV",2).', 2)
    assert res.status == "unsat" and lines(model.clauses[c] for c in res.core) == [("16:IV", 452)]
    res, _ = query_model(kb, ':- not live("20:IV",2). :- not marked("16:IV",2).', 2)
    assert res.status == "sat"  # drawn while Richelieu is in office: nothing happens, marked off


def test_nothing_fires_after_6vii_ends_the_game(kb):
    after = 'late :- nth("6:VII",T,2), fires(E,T2), T2 > T. :- not late.'
    res, model = query_model(kb, after, 5)
    assert res.status == "unsat"
    assert any(c.event == "6:VII" and "game ends" in c.text for c in (model.clauses[x] for x in res.core))
    res, _ = query_model(kb, ':- not nth("6:VII",_,2).', 4)
    assert res.status == "sat"


@pytest.mark.slow
def test_count_orders(kb):
    def pair(r):
        return r.count, r.complete

    assert pair(count_orders(kb, ["7:VII", "8:VII", "9:VII"])) == (3, True)
    assert pair(count_orders(kb, ["1:VII", "2:VII", "3:VII"])) == (6, True)
    assert pair(count_orders(kb, ["1:VII", "2:VII", "3:VII"], limit=4)) == (4, False)


@pytest.mark.slow
def test_bundled_kb_analysis(kb):
    a = analyse(kb)
    assert a.complete and {v.status for v in a.verdicts} == {"can"}
    assert len([v for v in a.verdicts if v.kind == "event"]) == 34
    # 8:VII's clauses d and e: KRAKOW, or if it does not exist PODLASIA, VOLHYNIA and GALICIA, to both owners. 7:IV's
    # "becomes neutral" (events phase) and "restored to VA … in all other cases … neutral" (peace phase, first_of) are
    # one after the other and alternatives, not a conflict.
    assert [(c.event, c.fluent) for c in a.conflicts] == [("7:VII", "owner(KRAKOW)")] * 3 + [
        ("8:VII", f"owner({p})") for p in ("KRAKOW", "PODLASIA", "VOLHYNIA", "GALICIA")]


PLANTED = """\
1: FIRST (historical date: 1780)
(duration: permanent)
1. Cannot occur before event 2:VII has occurred.
EVENTS PHASE:
1. Something happens.
2: SECOND (historical date: 1781)
(duration: permanent)
1. Cannot occur before event 1:VII has occurred.
EVENTS PHASE:
1. Something else happens.
3: THIRD (historical date: 1782)
(duration: permanent)
1. Cannot occur unless Prussia is currently inactive.
2. Cannot occur if Prussia is currently inactive.
3. Cannot occur if there is no Poland.
EVENTS PHASE:
1. Something.
4: FOURTH (historical date: 1783)
(duration: permanent)
EVENTS PHASE:
1. PRU annexes Polish DANZIG.
2. RUS annexes Polish DANZIG.
5: FIFTH (historical date: 1784)
(duration: permanent)
1. Cannot occur before event 4:VIII has occurred.
EVENTS PHASE:
1. Something.
"""


def test_planted_cycle_dead_event_double_owner(mini_kb):
    root = mini_kb({"p.txt": PLANTED}, "VII")
    findings = [f for f in check_paths([], str(root)).findings if f.category == "logic"]
    by = {}
    for f in findings:
        by.setdefault(f.rule, []).append(f)
    cycle = by["LOG001"][0]
    assert cycle.subject == "1:VII" and [e.id for e in cycle.explanation] == ["1:VII", "2:VII"]
    dead = [f for f in by["LOG002"] if f.subject == "3:VII"][0]
    # The minimal explanation: the two contradicting requirements, not the third (Poland) clause.
    assert sorted(e.text[:40] for e in dead.explanation) == [
        "1. Cannot occur unless Prussia is curren", "2. Cannot occur if Prussia is currently "]
    assert all(e.file and e.file.endswith("03.yaml") and e.line for e in dead.explanation)
    double = by["LOG003"][0]
    assert double.subject == "4:VII" and len(double.explanation) == 2
    # 5:VII needs 4:VIII, of a later period than any turn: it never fires (S7), as LOG005 says (issue 28)
    assert {f.subject for f in by["LOG002"]} == {"1:VII", "2:VII", "3:VII", "5:VII"}
    assert [f.subject for f in by["LOG005"]] == ["5:VII"]


def test_planted_always_true_and_cancellation(mini_kb):
    text = """\
PERIOD VII

1: FIRST (historical date: 1780)
(duration: permanent)
EVENTS PHASE:
1. The war goes on and event 2:VII can never occur.
2: SECOND (historical date: 1781)
(duration: permanent)
1. Cannot occur before event 1:VII has occurred.
EVENTS PHASE:
1. Something.
3: THIRD (historical date: 1782)
(duration: permanent)
1. Cannot occur before period VII. Otherwise re-roll.
EVENTS PHASE:
1. Something.
"""
    root = mini_kb({"p.txt": text})
    findings = [f for f in check_paths([], str(root)).findings if f.category == "logic"]
    assert [(f.rule, f.severity) for f in findings if f.rule == "LOG004"] == [("LOG004", "info")]
    contra = [f for f in findings if f.rule == "LOG006"]
    assert [f.subject for f in contra] == ["2:VII"]
    assert {e.id for e in contra[0].explanation} == {"1:VII", "2:VII"}
    assert not [f for f in findings if f.rule == "LOG002"]


@pytest.mark.slow
def test_order_cli_contract(tmp_path, capsys):
    import json

    from checker.cli import main

    # 8:VII's answer rests on 2:IV's unread sentence, which names Poland (S11): inconclusive, with what was found
    assert main(["order", "--kb", "kb", "--goal", "VII:8", "--format", "json"]) == 3
    data = json.loads(capsys.readouterr().out)
    assert data["version"] == 1 and data["goal"] == "8:VII" and data["status"] == "inconclusive"
    # (2:IV's sentences, and 7:VII's opening "There are three possible cases …", which is reported, not read)
    assert data["read_status"] == "found" and {u["event"] for u in data["unread"]} == {"2:IV", "7:VII"}
    assert {u["file"].rsplit("/", 1)[-1] for u in data["unread"]} == {"02.yaml", "07.yaml"}
    assert [h["event"] for h in data["history"]] == ["7:VII", "8:VII"]
    assert set(data["history"][0]) == {"turn", "period", "event", "outcome"}
    assert main(["order", "--kb", "kb", "--goal", "9:IV", "--avoid", "7:IV", "--format", "json"]) == 3
    data = json.loads(capsys.readouterr().out)  # 2:IV's unread sentence names ENG, which 9:IV's cone tests
    assert data["status"] == "inconclusive" and data["read_status"] == "impossible"
    assert data["explanation"][0]["file"].endswith("09.yaml")
    log = tmp_path / "log.yaml"
    log.write_text("log:\n  - {turn: 1, event: '8:VII'}\n", encoding="utf-8")
    assert main(["order", "--kb", "kb", "--check", str(log)]) == 3  # illegal over what was read; 2:IV unread
    out = capsys.readouterr().out
    assert "inconclusive (over what was read: illegal)" in out and "Cannot take place if event 7:VII" in out
    assert main(["order", "--kb", "kb", "--count", "7:VII", "8:VII", "9:VII"]) == 3
    out = capsys.readouterr().out
    assert out.startswith("over what was read: 3 legal orders") and "inconclusive" in out and "2:IV" in out
    assert main(["order", "--kb", "kb", "--count", "3:VII"]) == 0  # nothing unread in its cone: definite
    assert capsys.readouterr().out.startswith("1 legal order")
    assert main(["order", "--kb", "kb", "--goal", "99:VII"]) == 2


def test_explain_cli(capsys):
    from checker.cli import main

    # 6:VII waits for 4:VII, whose "considered as having been played" sentences are unread (S11)
    assert main(["explain", "--kb", "kb", "6:VII"]) == 3
    out = capsys.readouterr().out
    assert "over what was read, 6:VII" in out and "inconclusive" in out and "04.yaml" in out
    assert "can fire" in out and "4:VII fired (turn 1)" in out and "played through" in out
    assert main(["explain", "--kb", "kb"]) == 0
    assert "LOG003 7:VII" in capsys.readouterr().out


@pytest.mark.slow
def test_greedy_witness_agrees_with_clingo(kb, tmp_path):
    """Every event and scope the Python witness history claims playable, clingo confirms (bundled KB and a
    synthetic KB that follows the seeds' statistics)."""
    import random

    from bench.generate import generate
    from checker.logic.analysis import analyse
    from checker.logic.witness import greedy_witness

    w = greedy_witness(kb)
    assert len(w.fired) >= 25
    for eid in w.fired:
        assert shortest_history(kb, eid).status == "found", eid
    clingo_only = analyse(kb, use_witness=False)
    for v in clingo_only.verdicts:
        if v.kind != "event" and (v.event, v.line) in w.scopes:
            assert v.status == "can", v.subject
    generate(100, str(tmp_path / "kb100"), seed=3, quiet=True)
    synthetic = load_kb(str(tmp_path / "kb100")).kb.view("eu")
    ws = greedy_witness(synthetic)
    for eid in random.Random(1).sample(sorted(ws.fired), 25):
        assert shortest_history(synthetic, eid).status == "found", eid


@pytest.mark.parametrize("edges,expected", [
    ([("12:VII", "12:VII")], True),  # an event that requires itself
    ([("1:IV", "2:IV"), ("2:IV", "3:IV"), ("3:IV", "1:IV")], True),
    ([("1:IV", "2:IV"), ("2:IV", "3:IV"), ("1:IV", "3:IV")], False),  # a diamond is no cycle
    ([], False),
])
def test_has_cycle_is_the_cheap_gate_before_networkx(edges, expected):
    from checker.logic.analysis import has_cycle

    assert has_cycle(edges) is expected


def test_changed_effects_of_an_extending_event_are_checked(mini_kb):
    """8:VII-style: "repeats exactly event 1:VII, except …" followed by changed clauses; two of the changes give
    one province two owners, so LOG003 names the extending event; one owner alone passes."""
    text = """\
PERIOD VII

1: FIRST DIVISION (historical date: 1772)
(duration: immediate)
EVENTS PHASE:
1. Something happens.
2: SECOND DIVISION (historical date: 1793)
(duration: immediate)
The second division event repeats exactly the first division event (1:VII), except for the following modification:
I. Change the special peace conditions to read as follows:
a. PRU annexes Polish DANZIG.
b. RUS annexes Polish DANZIG.
"""
    root = mini_kb({"d.txt": text}, "VII")
    ev = load_kb(str(root)).kb.view("eu").events["2:VII"]
    assert ev.extends == "1:VII"
    double = [f for f in check_paths([], str(root)).findings if f.rule == "LOG003"]
    assert [f.subject for f in double] == ["2:VII"] and len(double[0].explanation) == 2
    root = mini_kb({"d.txt": text.replace("b. RUS annexes Polish DANZIG.", "b. RUS annexes Polish POSEN.")}, "VII")
    assert not [f for f in check_paths([], str(root)).findings if f.rule == "LOG003"]


def test_minor_made_neutral_and_vassal_at_once_is_a_conflict(mini_kb):
    """'becomes a neutral minor' and 'becomes a permanent VA of' are state effects (status of a minor): both in one
    firing is LOG003; in two different cases they are alternatives and pass."""
    both = """\
PERIOD VII

1: PARTITION (historical date: 1772)
(duration: immediate)
EVENTS PHASE:
1. Poland becomes a neutral minor.
2. Poland becomes a permanent VA of RUS.
"""
    found = [f for f in check_paths([], str(mini_kb({"s.txt": both}, "VII"))).findings if f.rule == "LOG003"]
    assert [f.subject for f in found] == ["1:VII"] and "Poland is made both neutral and vassal of RUS" in found[0].message
    cases = """\
PERIOD VII

1: PARTITION (historical date: 1772)
(duration: immediate)
CASE I: If Prussia is inactive.
EVENTS PHASE:
1. Poland becomes a neutral minor.
CASE II: If Prussia is active.
EVENTS PHASE:
1. Poland becomes a permanent VA of RUS.
"""
    root = mini_kb({"s.txt": cases}, "VII")
    assert [f for f in check_paths([], str(root)).findings if f.rule == "LOG003"] == []
    model = build_model(load_kb(str(root)).kb.view("eu"))
    assert 'status("Poland","neutral")' in model.program() and 'status("Poland","vassal of RUS")' in model.program()


def test_an_effects_exception_blocks_it_while_it_holds(mini_kb):
    """"PRU annexes Polish DANZIG unless event 1:VII is in effect": in no history does the annexation apply while
    1:VII is in effect, and it can apply otherwise."""
    from checker.logic.solver import Session

    text = """\
PERIOD VII

1: ALLIANCE (historical date: 1780)
(duration: permanent)
EVENTS PHASE:
1. Something happens.
2: ANNEXATION (historical date: 1781)
(duration: immediate)
EVENTS PHASE:
1. PRU annexes Polish DANZIG unless event 1:VII is in effect.
"""
    kb = load_kb(str(mini_kb({"a.txt": text}, "VII"))).kb.view("eu")
    logic = kb.view("eu").events["2:VII"].body[0].clauses[0].logic
    assert logic["unless"] == [{"kind": "in_effect", "event": "1:VII"}]
    model = build_model(kb)
    assert "effect_unless(" in model.program()
    applied_while_blocked = "bad :- applies(C,T), effect_unless(C,K), holds(K,T). :- not bad."
    applied = "good :- applies(C,T), effect(C,_,owner(_,_)). :- not good."
    for final, expected in ((applied_while_blocked, "unsat"), (applied, "sat")):
        session = Session(model, final=final)
        session.extend(3)
        session.finish()
        assert session.solve(time_limit=5).status == expected


@pytest.mark.slow
def test_effects_in_different_phases_or_alternatives_are_not_conflicts(kb):
    """7:IV: Scotland 'becomes neutral' when the event fires (EVENTS PHASE) and is 'restored to permanent VA of ENG'
    or else 'reverts to normal minor' when the war ends (PEACE PHASE, first_of): one after the other, and the two
    alternatives never apply together. Regression: both were reported as LOG003 after the grammar reader landed."""
    a = analyse(kb)
    assert not [c for c in a.conflicts if c.event == "7:IV"]


@pytest.mark.slow
def test_a_minor_created_when_the_event_fires_and_eliminated_when_its_war_ends_is_no_conflict(kb):
    """2:IV: the Cossacks are created in the events phase and eliminated in the peace phase after two turns of war:
    one after the other, not a minor that both exists and does not (the reader's 2:IV reading was held back
    because LOG003 reported this as a conflict)."""
    assert not [c for c in analyse(kb).conflicts if c.event == "2:IV"]


def test_greedy_witness_claims_one_case_per_firing():
    """The cases of one event are alternatives: the greedy witness may claim at most one of them per firing, or
    clingo refuses the whole witness (and every event then costs a solve of its own: a 100-event synthetic KB took
    9 s instead of 0.6 s)."""
    from checker.core.model import Event, KnowledgeBase, Section, Source
    from checker.logic.witness import certified_witness, greedy_witness

    def case(line, heading):
        return Section("case", heading, line, logic={"role": "case_condition", "when": [
            {"kind": "free", "value": heading}]})

    event = Event("1:VII", "eu", "VII", 1, "A", "1: A", Source("t.txt", 1), duration="immediate",
                  duration_kind="immediate", body=[case(3, "CASE I: x"), case(5, "CASE II: y")])
    kb = KnowledgeBase(root="kb", events={"1:VII": event})
    assert len(greedy_witness(kb).scopes) == 1
    assert certified_witness(kb).fired == {"1:VII": 1}


def _two_case_event(second_case_when):
    from checker.core.model import Event, KnowledgeBase, Section, Source

    def case(line, heading, when):
        return Section("case", heading, line, logic={"role": "case_condition", "when": when})

    first = Event("1:VII", "eu", "VII", 1, "A", "1: A", Source("t.txt", 1), duration="immediate",
                  duration_kind="immediate")
    second = Event("2:VII", "eu", "VII", 2, "B", "2: B", Source("t.txt", 10), duration="immediate",
                   duration_kind="immediate",
                   body=[case(13, "CASE I: x", [{"kind": "free", "value": "x"}]),
                         case(15, "CASE II: y", second_case_when)])
    return KnowledgeBase(root="kb", events={"1:VII": first, "2:VII": second})


def test_the_other_cases_come_from_a_second_certified_history(monkeypatch):
    """One firing plays one case, so the first greedy history shows CASE I; a second history that prefers the
    cases not shown yet shows CASE II, and clingo confirms it: no question of its own is asked."""
    from checker.logic import analysis as A

    kb = _two_case_event([{"kind": "free", "value": "y"}])
    monkeypatch.setattr(A, "_solve_event", lambda *a, **k: pytest.fail("asked clingo one event at a time"))
    verdicts = {v.subject: v.status for v in A.analyse(kb).verdicts}
    assert verdicts == {"1:VII": "can", "2:VII": "can", "2:VII / CASE I": "can", "2:VII / CASE II": "can"}


def test_a_second_history_clingo_refuses_shows_nothing(monkeypatch):
    """A case the second history claims counts only once clingo confirms it: here CASE II needs 1:VII not to have
    occurred, the (forged) greedy history claims it anyway after 1:VII, clingo refuses, and the case is asked
    of clingo, which proves it can never be played."""
    from checker.logic import witness as W
    from checker.logic.analysis import analyse

    kb = _two_case_event([{"kind": "not_occurred", "event": "1:VII"}])
    kb.events["2:VII"].conditions = [Clause("1.", "Cannot occur before event 1:VII has occurred.", 11, logic={
        "role": "requirement", "when": [{"kind": "occurred", "event": "1:VII"}], "on_fail": "reroll"})]
    real = W.greedy_witness

    def forged(kb_, avoid=frozenset()):
        w = real(kb_, avoid)
        if avoid and "2:VII" in w.fired:
            w.scopes.add(("2:VII", 15))
        return w

    monkeypatch.setattr(W, "greedy_witness", forged)
    verdicts = {v.subject: v.status for v in analyse(kb).verdicts}
    assert verdicts["2:VII / CASE I"] == "can" and verdicts["2:VII / CASE II"] == "never"


def _log005(periods, deck, requirement_period):
    """LOG005 on a game whose profile lists ``periods`` with ``deck``: 1:<first> requires 2:<requirement_period>."""
    from checker.checks import CheckContext, registry
    from checker.checks.logic import log005_later_period_requirement as log005
    from checker.core.model import Clause, Event, KnowledgeBase, Source

    kb = KnowledgeBase(root="<test>", games={"g": {"id": "g", "name": "G", "periods": [{"id": p} for p in periods],
                                                   "deck": deck}})
    first = Event(f"1:{periods[0]}", "g", periods[0], 1, "E1", "1: E1", Source("t.txt", 1))
    first.conditions = [Clause("1.", "Cannot occur before event 2 has occurred.", 2,
                               logic={"role": "requirement", "on_fail": "reroll",
                                      "when": [{"kind": "occurred", "event": f"2:{requirement_period}"}]})]
    second = Event(f"2:{requirement_period}", "g", requirement_period, 2, "E2", "2: E2", Source("t.txt", 5))
    kb.events = {first.id: first, second.id: second}
    ctx = CheckContext(kb, locate=lambda subject, line: ("t.txt", line))
    return [f.message for f in log005.check(ctx.for_check(registry()["LOG005"]))]


def test_log005_reads_the_profile_order_and_the_deck_kind():
    # per period: an Early card requiring a Mid card can never fire
    assert _log005(["Early", "Mid"], "per_period", "Mid") == [
        "requires occurred 2:Mid, an event of period Mid, but is itself an event of the earlier period Early"]
    # cumulative: the Early card stays in the deck and can fire in the Mid period
    assert _log005(["Early", "Mid"], "cumulative", "Mid") == []
    # the profile's order, not Roman values: a game that plays VII before IV
    assert _log005(["VII", "IV"], "per_period", "IV") != []
    assert _log005(["IV", "VII"], "per_period", "IV") == []
    # a period the profile does not list: placed by Roman value among Roman periods (III before IV: no finding)
    assert _log005(["IV", "VII"], "per_period", "III") == []
    assert _log005(["IV", "VII"], "per_period", "VI") != []


def test_conflicts_are_searched_in_the_effect_facts_as_in_the_whole_model(kb, mini_kb):
    """find_conflicts parses ``LogicModel.effect_facts`` (what asp/conflicts.lp reads), not the whole model: the
    conflicts found must be the same, on the bundled KB and on planted double owners, cases and alternatives."""
    from checker.logic.analysis import find_conflicts

    planted = load_kb(str(mini_kb({"a.txt": KRAKOW_TWICE}, "VII"))).kb.one_game()
    for one in (kb, planted):
        model = build_model(one)
        fast = find_conflicts(model)
        model.effect_facts = list(model.facts)
        assert [(c.event, c.fluent, c.values) for c in fast] == [
            (c.event, c.fluent, c.values) for c in find_conflicts(model)]
        assert fast or one is kb  # the planted double owner is found
    # Every fact of a predicate conflicts.lp reads (its "Input:" comment) is among the effect facts.
    inputs = re.search(r"% Input: (.*?)\n% Defines", (asp_dir() / "conflicts.lp").read_text(), re.S).group(1)
    names = set(re.findall(r"(\w+)\(", inputs))
    assert names >= {"effect", "effect_scope", "case_scope", "effect_body", "outcome", "alt", "effect_end"}
    for one in (kb, planted):
        model = build_model(one)
        read = [f for fact in model.facts for f in re.findall(r"(?:^|\. )(\w+\([^.]*\))", fact)
                if f.split("(")[0] in names]
        assert read and set(read) <= {f for fact in model.effect_facts for f in re.findall(r"(?:^|\. )(\w+\([^.]*\))", fact)}


def test_a_solve_that_wants_only_the_answer_reads_no_atoms(kb):
    """Session.solve(read_atoms=False) answers sat / unsat as before without turning the model's atoms into
    Python symbols (a certified log without #show shows every atom); by default the shown atoms are read."""
    from checker.logic.solver import Session

    session = Session(build_model(kb), extra="#show fires/2.\n", questions=False)
    session.extend(2)
    quiet, full = session.solve(read_atoms=False), session.solve()
    assert quiet.status == full.status == "sat"
    assert quiet.atoms == [] and all(a.name == "fires" for a in full.atoms)
