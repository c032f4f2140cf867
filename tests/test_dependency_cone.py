"""The logic's dependency cone held to the full model (issue 29).

An event's verdict (can / never fire, per event, case and conditional part: what LOG001-LOG003 report) is asked of
clingo in the model of the event's *cone*: the events it needs, and those whose effects change what it tests
(``checker/logic/facts.py``: ``event_dependencies`` says by hand which effect changes which fluent, and
``DependencyIndex.cone`` walks them). An effect the mapping misses leaves its event out of the cone, and the
fluent it changes is then constant at a free initial value in the model: a goal that needs the change is answered
"never" where the full model says "can", silently. Here the answers with the cone are compared with those of the
full model (every event of the KB in every model) on random small KBs of two kinds:

* relays, one per kind of change the mapping covers: C needs a fluent at one value, A needs C to have occurred and
  the fluent at another value, and B, linked to neither by a requirement, is the only event that changes it
  (religion, owner, a minor's status either way, a minor created or removed, an event cancelled). A is playable
  only through B, so a mapping that misses B's effect gives A "never" in its cone;
* the differential harness's random KBs (``tests/differential.py``: every condition, duration and effect kind).
"""

from __future__ import annotations

import random

import pytest

from checker.logic import analysis, facts
from checker.core.model import Clause, Event, KnowledgeBase, Section, Source

from . import differential

pytestmark = pytest.mark.slow  # clingo on every event of 51 small KBs, twice

# family -> variants of (what C needs, what A needs besides C having occurred, B's effect)
RELAYS = {
    "religion": [({"kind": "religion", "subject": "ENG", "value": a},
                  {"kind": "religion", "subject": "ENG", "value": b},
                  {"kind": "religion", "subject": "ENG", "value": b})
                 for a, b in (("catholic", "protestant"), ("protestant", "catholic"))],
    "owner": [({"kind": "owns", "subject": a, "value": "KRAKOW"}, {"kind": "owns", "subject": b, "value": "KRAKOW"},
               {"kind": "owner", "subject": "KRAKOW", "value": b}) for a, b in (("AUS", "PRU"), ("PRU", "AUS"))],
    "status": [({"kind": "status", "subject": "Poland", "value": "vassal of RUS"},
                {"kind": "status", "subject": "Poland", "value": "neutral"},
                {"kind": "minor_neutral", "subject": "Poland"}),
               ({"kind": "status", "subject": "Poland", "value": "neutral"},
                {"kind": "status", "subject": "Poland", "value": "vassal of RUS"},
                {"kind": "minor_vassal", "subject": "Poland", "value": "RUS"})],
    "exists": [({"kind": "exists", "subject": "Bavaria"}, {"kind": "not_exists", "subject": "Bavaria"},
                {"kind": "minor_removed", "subject": "Bavaria"}),
               ({"kind": "not_exists", "subject": "Bavaria"}, {"kind": "exists", "subject": "Bavaria"},
                {"kind": "minor_created", "subject": "Bavaria"})],
    "event": [None],  # C lasts; A needs C occurred and no longer in effect; B cancels C
}
CASES = [(family, k) for family in sorted(RELAYS) for k in range(len(RELAYS[family]))]  # every variant
LABELS = [["IV", "VII"], ["Early", "Mid", "Late"], ["1914", "1917"]]


def _event(eid: str, line: int, needs: list[dict], effects: list[dict], duration: str = "immediate") -> Event:
    num, period = eid.split(":")
    event = Event(eid, "g", period, int(num), f"E{num}", f"{num}: E{num}", Source("<relay>", line))
    event.duration_kind = event.duration = duration
    event.conditions = [Clause("1.", "requirement", line + 1 + k,
                               logic={"role": "requirement", "when": [c], "on_fail": "reroll"})
                        for k, c in enumerate(needs)]
    phase = Section("phase", "EVENTS PHASE:", line + 5, canonical="events")
    if effects:
        phase.clauses = [Clause("1.", "effect", line + 6, logic={"role": "effect", "effects": effects})]
    event.body = [phase]
    return event


def relay(rng: random.Random, family: str, variant: int = 0, without_b: bool = False) -> tuple[KnowledgeBase, str]:
    """A relay KB of ``family``'s ``variant`` (``RELAYS``) with random ids, period labels and order, and A's id."""
    labels = rng.choice(LABELS)
    period = rng.choice(labels)
    a, b, c = (f"{n}:{period}" for n in rng.sample(range(1, 12), 3))
    if family == "event":
        events = [_event(c, 10, [], [], "permanent"),
                  _event(a, 20, [{"kind": "occurred", "event": c}, {"kind": "not_in_effect", "event": c}], []),
                  _event(b, 30, [], [{"kind": "cancel_event", "event": c}])]
    else:
        c_needs, a_needs, b_does = RELAYS[family][variant]
        events = [_event(c, 10, [c_needs], []), _event(a, 20, [{"kind": "occurred", "event": c}, a_needs], []),
                  _event(b, 30, [], [b_does])]
    if without_b:
        events.pop()
    profile = {"id": "g", "name": "Relay", "periods": [{"id": p} for p in labels]}
    kb = KnowledgeBase(root="<relay>", games={"g": profile})
    for event in sorted(events, key=lambda e: e.number):
        kb.events[event.id] = event
    return kb, a


def verdicts(kb: KnowledgeBase, full: bool) -> dict:
    """(subject, kind) -> can / never / unknown, each asked of clingo (no witness history) in the model of its
    cone, or (``full``) in the model of every event of the KB."""
    cone = facts.DependencyIndex.cone
    if full:
        facts.DependencyIndex.cone = lambda self, goals: set(self.kb.events)
    try:
        found = analysis.analyse(kb, time_limit=10.0, use_witness=False)
    finally:
        facts.DependencyIndex.cone = cone
    return {(v.subject, v.kind): v.status for v in found.verdicts}


def differs(kb: KnowledgeBase) -> dict:
    with_cone, full = verdicts(kb, full=False), verdicts(kb, full=True)
    return {k: (with_cone.get(k), full.get(k)) for k in with_cone.keys() | full.keys()
            if with_cone.get(k) != full.get(k) and "unknown" not in (with_cone.get(k), full.get(k))}


@pytest.mark.parametrize("family,variant", CASES)
def test_a_relay_needs_its_changer(family, variant):
    """What makes the comparison below able to fail: in each relay, A can fire, and cannot without B."""
    kb, a = relay(random.Random(0), family, variant)
    assert verdicts(kb, full=True)[(a, "event")] == "can"
    kb, a = relay(random.Random(0), family, variant, without_b=True)
    assert verdicts(kb, full=True)[(a, "event")] == "never"


@pytest.mark.parametrize("seed", range(3 * len(CASES)))
def test_cone_answers_equal_the_full_model_on_relays(seed):
    family, variant = CASES[seed % len(CASES)]
    kb, _ = relay(random.Random(seed), family, variant)
    assert differs(kb) == {}, (family, variant, differential.describe(kb))


@pytest.mark.parametrize("seed", range(24))
def test_cone_answers_equal_the_full_model_on_random_kbs(seed):
    kb = differential.random_kb(random.Random(seed))
    assert differs(kb) == {}, differential.describe(kb)
