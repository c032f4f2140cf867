"""A greedy witness history, built in Python, that proves most events playable at once.

Asking clingo "can E fire?" once per event is what makes whole-KB reachability slow at scale (one solve per
event over a model of every event). Most events are easy: their requirements speak only of other events
having occurred, being in effect or over, of the period, and of things the environment decides. For those, a
greedy history — fire every event as soon as its requirements can be met, period by period, waiting for
fixed durations to run out and ending free durations when a requirement needs them over — is a witness.

The simulation follows asp/ for that fragment only, and it proves nothing on its own: ``certified_witness``
hands the history to clingo as a log (every firing at its turn, every case it claims) and it counts only when
clingo confirms it; otherwise every question goes to clingo. Events
whose conditions test the state fluents of effects (a minor exists, a religion), and events whose effects end
the game, cancel an event or make one never occur (fired last, after the others), are handled conservatively:
what the greedy history cannot show is left to clingo, never claimed.
"""

from __future__ import annotations

import heapq
from collections import defaultdict, deque
from dataclasses import dataclass, field
from typing import Any

from ..ids import ROMAN, event_sort_key
from ..model import Event, KnowledgeBase

INF = 10**9
EVENT_KINDS = {"occurred", "not_occurred", "in_effect", "not_in_effect", "over"}
ENV_KINDS = {"inactive", "active", "at_war", "at_peace", "free", "owns"}
DISRUPTIVE = {"game_ends", "cancel_event", "never_occurs"}


@dataclass
class Witness:
    fired: dict[str, int] = field(default_factory=dict)  # event -> turn
    scopes: set[tuple[str, int]] = field(default_factory=set)  # (event, heading line) of cases/parts shown playable
    turns: int = 0


def _requirements(event: Event):
    return [c.logic for c in event.conditions if c.logic and c.logic.get("role") == "requirement"]


def _conditions(logic: dict[str, Any] | None):
    for key in ("when", "when_any", "unless"):
        yield from (logic or {}).get(key, []) or []


def _effects(event: Event):
    for section in event.all_sections():
        for clause in section.clauses:
            for c in clause.walk():
                if c.logic and c.logic.get("role") == "effect":
                    yield c.logic


class _State:
    def __init__(self, kb: KnowledgeBase):
        self.kb = kb
        self.fired: dict[str, int] = {}
        self.ended: dict[str, int] = {}  # free durations: turn from which the event is no longer live
        self.period = 0
        self.turn = 0

    def live_at(self, eid: str, t: int, decide: dict[str, str]) -> bool | None:
        """Is the event in effect at turn t? None: free duration not yet decided (either is possible)."""
        if eid not in self.fired or self.fired[eid] >= t:
            return False
        e = self.kb.events[eid]
        f = self.fired[eid]
        if e.duration_kind == "turns" and e.duration_turns:
            return t < f + e.duration_turns
        if e.duration_kind == "permanent":
            return True
        end = self.ended.get(eid)
        if end is not None:
            return t < end
        choice = decide.get(eid)
        return None if choice is None else choice == "live"


def _check(state: _State, cond: dict[str, Any], t: int, decide: dict[str, str], env: dict[str, bool],
           kb_periods: set[str]) -> bool | None:
    """True / False, or None when the greedy history does not model this condition."""
    kind = cond["kind"]
    negated = bool(cond.get("negated"))
    if kind in EVENT_KINDS:
        eid = cond["event"]
        base = {"not_occurred": "occurred", "not_in_effect": "in_effect"}.get(kind, kind)
        want = not (negated ^ kind.startswith("not_"))
        if eid not in state.kb.events:
            # An event outside the model: its fluents are free choices of the environment.
            return _env(env, f"{base} {eid}", want)
        if base == "occurred":
            return (eid in state.fired and state.fired[eid] < t) == want
        live = state.live_at(eid, t, decide)
        if base == "in_effect":
            if live is None:
                decide[eid] = "live" if want else "ended"
                return True
            return live == want
        # over: occurred and not live
        occurred = eid in state.fired and state.fired[eid] < t
        if not occurred:
            return not want
        if live is None:
            decide[eid] = "ended" if want else "live"
            return True
        return (not live) == want
    if kind in ENV_KINDS:
        key = {"active": "inactive", "at_peace": "at_war"}.get(kind, kind)
        positive = (kind == key) != negated
        return _env(env, f"{key} {cond.get('subject')} {cond.get('value')}", positive)
    if kind == "period_at_least":
        return (state.period >= ROMAN.get(cond.get("value"), 0)) != negated
    return None  # exists, religion, …: state fluents of effects, left to clingo


def _env(env: dict[str, bool], key: str, value: bool) -> bool:
    if key in env:
        return env[key] == value
    env[key] = value
    return True


def _first_that_holds(state: _State, conds: list[dict[str, Any]], t: int, decide: dict[str, str],
                      env: dict[str, bool], kb_periods: set[str]):
    """(decisions, environment) of the first alternative that can hold; False if none can; None if unmodelled."""
    for cond in conds:
        trial_d, trial_e = dict(decide), dict(env)
        r = _check(state, cond, t, trial_d, trial_e, kb_periods)
        if r is None:
            return None
        if r:
            return trial_d, trial_e
    return False


def _requirements_hold(state: _State, event: Event, t: int, kb_periods: set[str]):
    """(holds?, free-duration decisions, modelled?); the environment's choices are left in ``state.env``."""
    state.env = {}
    decide: dict[str, str] = {}
    env: dict[str, bool] = {}
    for logic in _requirements(event):
        for cond in logic.get("when", []) or []:
            r = _check(state, cond, t, decide, env, kb_periods)
            if r is None:
                return False, {}, False
            if not r:
                return False, {}, True
        anys = logic.get("when_any", []) or []
        # when_any: one must hold; unless: the event passes when one of them does not hold.
        unless = [dict(c, negated=not c.get("negated")) for c in logic.get("unless", []) or []]
        for alternatives in (anys, unless):
            if not alternatives:
                continue
            found = _first_that_holds(state, alternatives, t, decide, env, kb_periods)
            if found is None:
                return False, {}, False
            if found is False:
                return False, {}, True
            decide, env = found
    state.env = env
    return True, decide, True


def greedy_witness(kb: KnowledgeBase) -> Witness:
    state = _State(kb)
    witness = Witness()
    kb_periods = {e.period for e in kb.events.values()}
    by_period: dict[int, list[str]] = defaultdict(list)
    for eid in sorted(kb.events, key=event_sort_key):
        by_period[ROMAN.get(kb.events[eid].period, 0)].append(eid)
    disruptive = {eid for eid, e in kb.events.items()
                  if any(eff["kind"] in DISRUPTIVE for logic in _effects(e) for eff in logic.get("effects", []))}
    t = 0
    for period in sorted(by_period):
        state.period = period
        queue = deque(e for e in by_period[period] if e not in disruptive)
        last = deque(e for e in by_period[period] if e in disruptive)
        wake: list[tuple[int, str]] = []  # (turn, event) to retry when a fixed duration has run out
        waiting: dict[str, list[str]] = defaultdict(list)  # event -> events to retry when it fires
        while queue or wake or last:
            t += 1
            fired_now = None
            tried = 0
            while queue and tried < len(queue) + 1:
                eid = queue.popleft()
                tried += 1
                ok, decide, modelled = _requirements_hold(state, kb.events[eid], t, kb_periods)
                if ok:
                    _fire(state, witness, kb.events[eid], eid, t, decide)
                    fired_now = eid
                    queue.extend(waiting.pop(eid, []))
                    break
                if modelled:
                    _park(state, kb, eid, t, waiting, wake)
            if fired_now is None:
                while wake and wake[0][0] <= t + 1:
                    queue.append(heapq.heappop(wake)[1])
                if not queue:
                    if wake:
                        continue  # an idle turn: wait for a duration to run out
                    if last:
                        eid = last.popleft()
                        ok, decide, _ = _requirements_hold(state, kb.events[eid], t, kb_periods)
                        if ok:
                            _fire(state, witness, kb.events[eid], eid, t, decide)
                            if any(eff["kind"] == "game_ends" and not logic.get("optional")
                                   for logic in _effects(kb.events[eid]) for eff in logic.get("effects", [])
                                   if not _in_body_other_than_first(kb.events[eid], logic)):
                                witness.turns = t
                                return witness
                        continue
                    break
    witness.turns = t
    return witness


def _in_body_other_than_first(event: Event, logic) -> bool:
    for section in event.body:
        if section.kind == "event" and section.canonical not in (None, "1"):
            for sub in section.walk_sections():
                for clause in sub.clauses:
                    if any(c.logic is logic for c in clause.walk()):
                        return True
    return False


def _park(state: _State, kb: KnowledgeBase, eid: str, t: int, waiting, wake) -> None:
    """Put a blocked event where it is retried: after an event it needs has fired, or after a duration runs out."""
    parked = False
    for logic in _requirements(kb.events[eid]):
        for cond in _conditions(logic):
            dep = cond.get("event")
            if not dep or dep not in kb.events or cond["kind"] not in EVENT_KINDS:
                continue
            if dep not in state.fired:
                waiting[dep].append(eid)
                return
            e = kb.events[dep]
            if e.duration_kind == "turns" and e.duration_turns:
                end = state.fired[dep] + e.duration_turns
                if end > t:
                    heapq.heappush(wake, (end, eid))
                    parked = True
    if not parked:
        return  # blocked for good in this greedy history: left to clingo


def _fire(state: _State, witness: Witness, event: Event, eid: str, t: int, decide: dict[str, str]) -> None:
    for other, choice in decide.items():
        if choice == "ended" and other not in state.ended:
            state.ended[other] = t
    state.fired[eid] = t
    witness.fired[eid] = t
    env = getattr(state, "env", {})
    claimed: set[int] = set()  # the cases of one group are alternatives: one firing plays at most one of them
    for section, conds, group in _scope_conditions(event, with_groups=True):
        if group is not None and group in claimed:
            continue
        probe_d, probe_e = dict(decide), dict(env)
        if all(_check(state, c, t, probe_d, probe_e, set()) is True for c in conds) and not _disrupts(section):
            witness.scopes.add((eid, section.line))
            if group is not None:
                claimed.add(group)


def _scope_conditions(event: Event, with_groups: bool = False):
    """(case or part section, all conditions it and its enclosing parts need) for every scope of an event; with
    ``with_groups``, also the case group (sibling cases share one; None for parts)."""
    def walk(sections, inherited):
        for section in sections:
            group = id(sections) if section.kind == "case" else None
            conds = list(inherited)
            if section.kind in ("case", "part", "extension"):
                conds += list(_conditions(section.logic))
                for clause in section.clauses:
                    if clause.logic and clause.logic.get("role") == "case_condition":
                        conds += list(_conditions(clause.logic))
                yield (section, conds, group) if with_groups else (section, conds)
            yield from walk(section.sections, conds)
    yield from walk(event.body, [])


def _disrupts(section) -> bool:
    for sub in section.walk_sections():
        for clause in sub.clauses:
            for c in clause.walk():
                if c.logic and any(e["kind"] in DISRUPTIVE for e in c.logic.get("effects", []) or []):
                    return True
    return False


def certified_witness(kb: KnowledgeBase, stats=None, time_limit: float = 5.0) -> Witness:
    """The greedy witness, counted only after clingo has checked it as a log: every firing at its turn, every
    scope it claims played at that turn. A witness clingo does not confirm (or cannot check in time) proves
    nothing: an empty Witness is returned and every question goes to clingo."""
    from .facts import build_model, q
    from .solver import Session

    witness = greedy_witness(kb)
    if not witness.fired:
        return witness
    model = build_model(kb)
    facts = [f"wfires({q(e)},{t}). given_draw({q(e)},{t})." for e, t in sorted(witness.fired.items(), key=lambda x: x[1])]
    at_line = {(i.event, i.line): cid for cid, i in model.clauses.items() if cid in model.scopes}
    for eid, line in sorted(witness.scopes):
        cid = at_line.get((eid, line))
        if cid is None:
            return Witness()
        facts.append(f"wscope({cid},{witness.fired[eid]}).")
    final = (":- wfires(E,T), not fires(E,T).\n:- fires(E,T), not wfires(E,T).\n"
             ":- wscope(S,T), not scope_on(S,T).\n")
    session = Session(model, extra="\n".join(facts) + "\n", final=final)
    session.extend(max(witness.turns, max(witness.fired.values())))
    session.finish()
    res = session.solve(time_limit=time_limit)
    if stats is not None:
        stats.ground_seconds += session.stats.ground_seconds
        stats.solve_seconds += session.stats.solve_seconds
        stats.solves += session.stats.solves
    return witness if res.status == "sat" else Witness()
