"""Requirements inside an event's body reach the engine (issue 35, docs/logic.md S8), read from text.

A requirement under EVENTS PHASE applies to every draw; one under FIRST EVENT / SECOND EVENT only to the draw that
would be that firing; one inside a conditional part only when the part's conditions hold at the draw; one inside a
case only when that case is the one played. Each test starts from an event text and asks ``check`` or ``order``.
"""

from __future__ import annotations

import json

import pytest

from checker.cli import main

pytestmark = pytest.mark.slow  # clingo on small KBs, several solves a test

# 1:VII needs 5:VII to have occurred (an opening condition); 5:VII's body needs 1:VII: neither can ever fire.
CYCLE_THROUGH_BODY = """\
PERIOD VII

1: FIRST EVENT (historical date: 1770)
Cannot occur before event 5:VII has occurred. Otherwise re-roll.
(duration: immediate)
EVENTS PHASE:
1. Saxony becomes a neutral minor.

5: FIFTH EVENT (historical date: 1774)
(duration: immediate)
EVENTS PHASE:
1. Cannot occur before event 1:VII has occurred. Otherwise re-roll.
2. Bavaria becomes a neutral minor.
"""

# 5:VII may fire twice: the first time only while 1:VII has not occurred, the second only after it.
NUMBERED_BODIES = """\
PERIOD VII

1: FIRST EVENT (historical date: 1770)
(duration: immediate)
EVENTS PHASE:
1. Saxony becomes a neutral minor.

5: FIFTH EVENT (2) (historical date: 1774)
(duration: immediate)
FIRST EVENT:
1. Cannot occur if event 1:VII has occurred. Otherwise re-roll.
2. Bavaria becomes a neutral minor.
SECOND EVENT:
1. Cannot occur before event 1:VII has occurred. Otherwise re-roll.
2. Bavaria becomes a vassal of France.
"""


def _json(capsys):
    return json.loads(capsys.readouterr().out)


def _log(tmp_path, entries):
    path = tmp_path / "log.yaml"
    path.write_text("log:\n" + "".join(f"  - {{turn: {t}, event: '{e}', outcome: {o}}}\n" for t, e, o in entries),
                    encoding="utf-8")
    return str(path)


def test_a_requirement_in_the_events_phase_makes_a_cycle_that_never_fires(mini_kb, capsys):
    root = str(mini_kb({"a.txt": CYCLE_THROUGH_BODY}))
    assert main(["check", "--kb", root, "--format", "json", "--select", "LOG002,LOG007"]) == 1
    found = _json(capsys)["findings"]
    assert {f["subject"] for f in found if f["rule"] == "LOG002"} == {"1:VII", "5:VII"}, found
    assert not [f for f in found if f["rule"] == "LOG007"], found
    assert main(["order", "--kb", root, "--goal", "5:VII", "--format", "json"]) == 1
    assert _json(capsys)["status"] == "impossible"


def test_a_requirement_under_first_event_applies_to_the_first_firing_only(mini_kb, tmp_path, capsys):
    root = str(mini_kb({"a.txt": NUMBERED_BODIES}))
    assert main(["check", "--kb", root, "--format", "json", "--select", "LOG007"]) == 0
    legal = _log(tmp_path, [(1, "5:VII", "fired"), (2, "1:VII", "fired"), (3, "5:VII", "fired")])
    assert main(["order", "--kb", root, "--check", legal, "--format", "json"]) == 0, capsys.readouterr()
    capsys.readouterr()
    # the first firing after 1:VII: FIRST EVENT's requirement fails
    late = _log(tmp_path, [(1, "1:VII", "fired"), (2, "5:VII", "fired")])
    assert main(["order", "--kb", root, "--check", late, "--format", "json"]) == 1
    capsys.readouterr()
    # the second firing before 1:VII: SECOND EVENT's requirement fails
    early = _log(tmp_path, [(1, "5:VII", "fired"), (2, "5:VII", "fired")])
    assert main(["order", "--kb", root, "--check", early, "--format", "json"]) == 1
    capsys.readouterr()
    # and a re-roll of the second draw before 1:VII is what the text says happens
    reroll = _log(tmp_path, [(1, "5:VII", "fired"), (2, "5:VII", "rerolled"), (3, "1:VII", "fired")])
    assert main(["order", "--kb", root, "--check", reroll, "--format", "json"]) == 0, capsys.readouterr()


# 5:VII's CASE I needs 2:VII not to have occurred; CASE II has no requirement. When both cases hold the environment
# may play CASE II, so the requirement of CASE I does not stop the draw.
CASES = """\
PERIOD VII

1: FIRST EVENT (historical date: 1770)
(duration: immediate)
EVENTS PHASE:
1. Saxony becomes a neutral minor.

2: SECOND EVENT (historical date: 1771)
(duration: immediate)
EVENTS PHASE:
1. Hanover becomes a neutral minor.

3: THIRD EVENT (historical date: 1772)
(duration: immediate)
EVENTS PHASE:
1. Baden becomes a neutral minor.

5: FIFTH EVENT (historical date: 1774)
(duration: immediate)
EVENTS PHASE:
CASE I: If event 1:VII has occurred.
1. Cannot occur if event 2:VII has occurred. Otherwise re-roll.
2. Bavaria becomes a neutral minor.
CASE II: If event 3:VII has occurred.
1. Bavaria becomes a vassal of France.
"""

# A requirement inside a conditional part applies only when the part's conditions hold at the draw.
PART = """\
PERIOD VII

1: FIRST EVENT (historical date: 1770)
(duration: immediate)
EVENTS PHASE:
1. Saxony becomes a neutral minor.

2: SECOND EVENT (historical date: 1771)
(duration: immediate)
EVENTS PHASE:
1. Hanover becomes a neutral minor.

5: FIFTH EVENT (historical date: 1774)
(duration: immediate)
EVENTS PHASE:
1. Bavaria becomes a neutral minor.
THE EVENT IF PERSIA IS INACTIVE:
1. Cannot occur if event 2:VII has occurred. Otherwise re-roll.
2. Saxony becomes a vassal of France.
"""


def test_a_requirement_inside_a_case_applies_only_when_that_case_is_played(mini_kb, tmp_path, capsys):
    root = str(mini_kb({"a.txt": CASES}))
    assert main(["check", "--kb", root, "--format", "json", "--select", "LOG007"]) == 0
    only_case_one = _log(tmp_path, [(1, "1:VII", "fired"), (2, "2:VII", "fired"), (3, "5:VII", "fired")])
    assert main(["order", "--kb", root, "--check", only_case_one, "--format", "json"]) == 1
    capsys.readouterr()
    also_case_two = _log(tmp_path, [(1, "1:VII", "fired"), (2, "3:VII", "fired"), (3, "2:VII", "fired"),
                                    (4, "5:VII", "fired")])
    assert main(["order", "--kb", root, "--check", also_case_two, "--format", "json"]) == 0, capsys.readouterr()
    capsys.readouterr()
    rerolled = _log(tmp_path, [(1, "1:VII", "fired"), (2, "2:VII", "fired"), (3, "5:VII", "rerolled")])
    assert main(["order", "--kb", root, "--check", rerolled, "--format", "json"]) == 0, capsys.readouterr()


def test_a_requirement_inside_a_conditional_part_applies_when_the_part_does(mini_kb, tmp_path, capsys):
    root = str(mini_kb({"a.txt": PART}))
    assert main(["check", "--kb", root, "--format", "json", "--select", "LOG007"]) == 0
    # after 2:VII, 5:VII fires only while Persia is active (the part and its requirement then do not apply)
    after = _log(tmp_path, [(1, "2:VII", "fired"), (2, "5:VII", "fired")])
    assert main(["order", "--kb", root, "--check", after, "--format", "json"]) == 0, capsys.readouterr()
    capsys.readouterr()
    assert main(["order", "--kb", root, "--goal", "5:VII", "--avoid", "1:VII", "--format", "json"]) == 0


# A country written by its profile name (France) and by its code (FRA) is one country (docs/logic.md S7).
NAME_AND_CODE = """\
PERIOD VII

1: FIRST EVENT (historical date: 1770)
(duration: immediate)
EVENTS PHASE:
1. CORSICA passes to France.

5: FIFTH EVENT (historical date: 1774)
Cannot occur if FRA owns CORSICA. Otherwise re-roll.
(duration: immediate)
EVENTS PHASE:
1. Bavaria becomes a neutral minor.
"""


def test_a_country_by_its_name_and_by_its_code_is_one_owner(mini_kb, tmp_path, capsys):
    root = str(mini_kb({"a.txt": NAME_AND_CODE}))
    after = _log(tmp_path, [(1, "1:VII", "fired"), (2, "5:VII", "fired")])
    assert main(["order", "--kb", root, "--check", after, "--format", "json"]) == 1, capsys.readouterr()
    capsys.readouterr()
    rerolled = _log(tmp_path, [(1, "1:VII", "fired"), (2, "5:VII", "rerolled")])
    assert main(["order", "--kb", root, "--check", rerolled, "--format", "json"]) == 0, capsys.readouterr()
