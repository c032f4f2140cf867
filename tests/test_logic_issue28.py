"""Issue 28's unsound corners of the logic, each from event text through the reader (tests/conftest.py ``mini_kb``)
into the engine, each against the rule of docs/logic.md it breaks. Every test failed on the code before the fix."""

from __future__ import annotations

from checker.kb.store import load_kb
from checker.logic.analysis import analyse
from checker.logic.orders import check_log, count_orders, shortest_history
from checker.textformat.event_list import classify_duration

HEAD = "PERIOD VII\n\n"


def _kb(mini_kb, text: str, period: str | None = None):
    return load_kb(str(mini_kb({"a.txt": text}, period=period))).kb.view("eu")


def _log(*entries):
    return [{"turn": t, "event": e, "outcome": o} for t, e, o in entries]


def _logic(kb, eid: str, line_words: str) -> dict:
    for clause in kb.events[eid].all_clauses():
        if line_words in clause.text:
            return clause.logic
    raise AssertionError(f"no clause of {eid} says {line_words!r}")


# --- 1. marking off is playing (S1, S3) -----------------------------------------------------------------------

MARK_AS_R = HEAD + """\
1: SALE OF CORSICA (historical date: 1759)
(duration: permanent)
1. In case there is no Corsica minor nor Genoese CORSICA treat this event as an R result in Corsica and mark it off.
EVENTS PHASE:
1. Corsica becomes a neutral minor.

2: AFTER THE SALE (historical date: 1760)
(duration: immediate)
1. Cannot occur before event 1:VII has occurred. Otherwise re-roll.
EVENTS PHASE:
1. Saxony becomes a neutral minor.
"""


def test_treat_as_an_R_result_and_mark_it_off_is_marked_and_occurred(mini_kb):
    kb = _kb(mini_kb, MARK_AS_R)
    assert _logic(kb, "1:VII", "R result")["on_fail"] == "mark_off"
    # 2:VII (S2: drawn before Corsica's sale) marked off: it has occurred, so 2:VII can fire next turn
    assert check_log(kb, _log((1, "1:VII", "marked"), (2, "2:VII", "fired"))).status == "legal"
    # and, being played once (multiplicity 1), it is never drawn again
    assert check_log(kb, _log((1, "1:VII", "marked"), (2, "1:VII", "fired"))).status == "illegal"


MARK_APPLY_LATER = HEAD + """\
1: ANNEXATION OF BERG (historical date: 1614)
(duration: permanent)
1. This event can take place even if German empire has been created and Prussia no longer exists. In such a case mark as played and apply immediately if Prussia later returns to the game.
EVENTS PHASE:
1. Berg becomes a neutral minor.

2: AFTER BERG (historical date: 1615)
(duration: immediate)
1. Cannot occur before event 1:VII has occurred. Otherwise re-roll.
EVENTS PHASE:
1. Saxony becomes a neutral minor.
"""


def test_mark_as_played_and_apply_if_it_returns_is_marked_and_reported(mini_kb, capsys):
    from checker.cli import main

    kb = _kb(mini_kb, MARK_APPLY_LATER)
    assert _logic(kb, "1:VII", "mark as played")["on_fail"] == "mark_off"
    assert check_log(kb, _log((1, "1:VII", "marked"), (2, "2:VII", "fired"))).status == "legal"
    # the effects applied once Prussia returns are not modelled: every answer through it says so (S8, S11)
    root = str(mini_kb({"b.txt": MARK_APPLY_LATER}))
    assert main(["order", "--kb", root, "--goal", "2:VII", "--format", "json"]) == 3
    assert "apply immediately" in capsys.readouterr().out


# --- 2. "or if such a province does not exist": the province's owner (Sentence forms, 8:VII b–e) -------------

SUCH_A_PROVINCE = HEAD + """\
1: FIRST DIVISION (historical date: 1772)
(duration: immediate)
EVENTS PHASE:
1. PRU annexes Polish WEST PREUSSEN.

2: SECOND DIVISION (historical date: 1793)
(duration: immediate)
EVENTS PHASE:
1. PRU annexes Polish WEST PREUSSEN, or if such a province does not exist Polish POSEN.

3: POLISH POSEN (historical date: 1794)
(duration: immediate)
1. Cannot occur unless there is a Polish POSEN. Otherwise re-roll.
EVENTS PHASE:
1. Saxony becomes a neutral minor.
"""


def test_such_a_province_is_the_owned_province(mini_kb):
    kb = _kb(mini_kb, SUCH_A_PROVINCE)
    first, other = _logic(kb, "2:VII", "such a province")["effects"][0]["of"]
    assert first[0]["when"] == [{"kind": "owns", "subject": "Polish", "value": "WEST PREUSSEN"}]
    assert other == [{"kind": "owner", "subject": "POSEN", "value": "PRU"}]
    # 1:VII gave WEST PREUSSEN to PRU: no Polish WEST PREUSSEN is left, so 2:VII annexes POSEN instead
    assert check_log(kb, _log((1, "1:VII", "fired"), (2, "2:VII", "fired"), (3, "3:VII", "fired"))).status \
        == "illegal"
    # without the first division, a Polish WEST PREUSSEN (chosen at the start) is what 2:VII annexes
    assert check_log(kb, _log((1, "2:VII", "fired"), (2, "3:VII", "fired"))).status == "legal"


# --- 3. events outside the KB (S7) ----------------------------------------------------------------------------

NEEDS_A_LATER_PERIOD = """\
PERIOD IV

1: NEEDS VI (historical date: 1620)
(duration: immediate)
1. Cannot occur before event 4:VI has occurred. Otherwise re-roll.
EVENTS PHASE:
1. Saxony becomes a neutral minor.
"""


def test_an_outside_event_of_a_later_period_has_not_occurred(mini_kb, capsys):
    from checker.cli import main

    kb = _kb(mini_kb, NEEDS_A_LATER_PERIOD)
    res = shortest_history(kb, "1:IV", max_turns=4)
    assert res.status == "impossible", res
    root = str(mini_kb({"b.txt": NEEDS_A_LATER_PERIOD}))
    main(["check", "--kb", root, "--format", "json"])
    out = capsys.readouterr().out
    assert "LOG005" in out and "LOG002" in out  # check and order agree: 1:IV needs an event of a later period


NEVER_OUTSIDE = HEAD + """\
1: FORBIDS (historical date: 1770)
(duration: immediate)
EVENTS PHASE:
1. Event 20:VII can never occur.

2: NEEDS IT (historical date: 1771)
(duration: immediate)
1. Cannot occur before event 20:VII has occurred. Otherwise re-roll.
EVENTS PHASE:
1. Saxony becomes a neutral minor.
"""


def test_an_outside_event_that_can_never_occur_does_not_occur(mini_kb):
    kb = _kb(mini_kb, NEVER_OUTSIDE)
    # 20:VII (of the KB's own period, not in the KB) may occur at turn 1 and 2:VII fire at 2 …
    assert check_log(kb, _log((2, "2:VII", "fired"))).status == "legal"
    # … but once it can never occur (1:VII at turn 1) it never has occurred later
    assert check_log(kb, _log((1, "1:VII", "fired"), (3, "2:VII", "fired"))).status == "illegal"


CANCEL_OUTSIDE = HEAD + """\
1: CANCELS (historical date: 1770)
(duration: immediate)
EVENTS PHASE:
1. All effects of event 20:VII are cancelled and Saxony is returned to play as a minor country.

2: WHILE IN EFFECT (historical date: 1771)
(duration: immediate)
1. Cannot occur unless event 20:VII is in effect. Otherwise re-roll.
EVENTS PHASE:
1. Bavaria becomes a neutral minor.
"""


def test_a_cancelled_outside_event_is_no_longer_in_effect(mini_kb):
    kb = _kb(mini_kb, CANCEL_OUTSIDE)
    assert check_log(kb, _log((2, "2:VII", "fired"))).status == "legal"
    assert check_log(kb, _log((2, "1:VII", "fired"), (3, "2:VII", "fired"))).status == "illegal"
    # cancelled before it occurred: a later occurrence starts a new run (S4)
    assert check_log(kb, _log((1, "1:VII", "fired"), (3, "2:VII", "fired"))).status == "legal"


# --- 4. a repeated event plays its model's cases (S6) ---------------------------------------------------------

REPEATS = HEAD + """\
1: FIRST DIVISION (historical date: 1772)
(duration: immediate)
1. Cannot occur if there is no Poland. In that case consider as played.
CASE I: If Poland is in VA of FRA.
PEACE PHASE:
1. If FRA looses the war, the following is added to normal peace conditions:
a. PRU annexes Polish WEST PREUSSEN.
CASE II: If Poland is an ally of another player save RUS or AUS.
PEACE PHASE:
2. If the controller of Poland looses the war, the following is added to normal peace conditions:
a. PRU annexes Polish WEST PREUSSEN.

2: SECOND DIVISION (historical date: 1793)
(duration: immediate)
1. Cannot occur if there is no Poland. In that case consider as played.
The second division of Poland event repeats exactly the first division of Poland event (1:VII), except for the following two additions or modifications:
I. Change the special peace conditions in all two cases to read as follows:
a. PRU annexes Polish WEST PREUSSEN, or if such a province does not exist Polish POSEN.
"""


def test_a_repeated_event_cannot_fire_when_none_of_its_models_cases_holds(mini_kb):
    from checker.logic.facts import build_model

    kb = _kb(mini_kb, REPEATS)
    model = build_model(kb, {"2:VII"})
    inherited = [c for c in model.clauses.values() if c.role == "inherited_case"]
    assert [c.event for c in inherited] == ["1:VII", "1:VII"] and all("CASE" in c.text for c in inherited)
    assert any(f.startswith("scope(") and '"2:VII"' in f for f in model.facts)
    # both can fire (some case holds) …
    assert shortest_history(kb, "1:VII", max_turns=3).status == "found"
    assert shortest_history(kb, "2:VII", max_turns=3).status == "found"
    # … and the count of orders is that of events that can each fire once
    assert count_orders(kb, ["1:VII", "2:VII"], limit=100).count == 2
    # every verdict: no case of 2:VII of its own is asked about, 1:VII's cases are its own
    a = analyse(kb)
    assert {v.event for v in a.verdicts if v.kind != "event"} == {"1:VII"}


def test_a_repeated_event_inherits_case_conditions_that_never_hold(mini_kb):
    # 1:VII's only case needs a condition no history meets (Poland exists and does not): neither event can fire
    never = REPEATS.replace("CASE I: If Poland is in VA of FRA.", "CASE I: If Poland exists and there is no Poland.")
    never = never.replace("CASE II: If Poland is an ally of another player save RUS or AUS.",
                          "CASE II: If there is no Poland and Poland exists.")
    kb = _kb(mini_kb, never)
    assert shortest_history(kb, "1:VII", max_turns=3).status == "impossible"
    assert shortest_history(kb, "2:VII", max_turns=3).status == "impossible"


# --- 5. a duration is never shortened (S3) --------------------------------------------------------------------

def test_immediate_or_until_a_war_is_an_until_duration():
    assert classify_duration("immediate or until a war resulting from this event is over") == ("until", None)
    assert classify_duration("immediate, or until the end of a war caused by this event") == ("until", None)
    assert classify_duration("immediate") == ("immediate", None)


LASTING = HEAD + """\
1: DIVISION (historical date: 1772)
(duration: immediate or until a war resulting from this event is over)
EVENTS PHASE:
1. Saxony becomes a neutral minor.

2: DURING THE WAR (historical date: 1773)
(duration: immediate)
1. Cannot occur unless event 1:VII is in effect. Otherwise re-roll.
EVENTS PHASE:
1. Bavaria becomes a neutral minor.
"""


def test_a_war_resulting_from_the_event_keeps_it_in_effect(mini_kb):
    kb = _kb(mini_kb, LASTING)
    assert kb.events["1:VII"].duration_kind == "until"
    assert check_log(kb, _log((1, "1:VII", "fired"), (2, "2:VII", "fired"))).status == "legal"
