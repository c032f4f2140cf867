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

from ..core.ids import event_sort_key
from ..core.model import Event, KnowledgeBase
from .facts import effect_reading, opening_effect_clauses, stated_effects

INF = 10**9
EVENT_KINDS = {"occurred", "not_occurred", "in_effect", "not_in_effect", "over"}
ENV_KINDS = {"inactive", "active", "at_war", "at_peace", "free", "owns"}
DISRUPTIVE = {"game_ends", "cancel_event", "never_occurs"}


@dataclass
class Witness:
    fired: dict[str, int] = field(default_factory=dict)  # event -> turn
    scopes: set[tuple[str, int]] = field(default_factory=set)  # (event, heading line) of cases/parts shown playable
    turns: int = 0
    periods: dict[str, int] = field(default_factory=dict)  # event -> the period (its number) of the turn it fired


def _requirements(event: Event):
    return [c.logic for c in event.conditions if c.logic and c.logic.get("role") == "requirement"]


def _conditions(logic: dict[str, Any] | None):
    for key in ("when", "when_any", "unless"):
        yield from (logic or {}).get(key, []) or []


def _effects(event: Event):
    """The logic of every clause of the body that states effects, and of each opening requirement that states the
    effects of its firing (``facts.effect_reading`` gives them)."""
    for section in event.all_sections():
        for clause in section.clauses:
            for c in clause.walk():
                if effect_reading(c.logic):
                    yield c.logic
    for logic in _requirements(event):
        if effect_reading(logic):
            yield logic
    for c in opening_effect_clauses(event):
        yield c.logic


class _State:
    def __init__(self, kb: KnowledgeBase, avoid: frozenset[tuple[str, int]] | set = frozenset()):
        from .facts import game_profile

        self.kb = kb
        self.avoid = avoid  # cases (event, heading line) a firing plays only when no other of its group can
        self.profile = game_profile(kb)
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
        from .facts import period_number

        return (state.period >= period_number(state.profile, cond.get("value"))) != negated
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


def greedy_witness(kb: KnowledgeBase, avoid: frozenset[tuple[str, int]] | set = frozenset()) -> Witness:
    """The greedy history. ``avoid``: cases (event, heading line) already shown playable; a firing then plays
    another case of the group whose conditions hold, when there is one (a second history for the other cases)."""
    state = _State(kb, avoid)
    witness = Witness()
    kb_periods = {e.period for e in kb.events.values()}
    by_period: dict[int, list[str]] = defaultdict(list)
    from .facts import model_sort_key, period_number

    prof = state.profile
    for eid in sorted(kb.events, key=model_sort_key(kb, prof)):
        by_period[period_number(prof, kb.events[eid].period)].append(eid)
    disruptive = {eid for eid, e in kb.events.items()
                  if any(eff["kind"] in DISRUPTIVE for logic in _effects(e) for eff in stated_effects(logic))}
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
                                   for logic in _effects(kb.events[eid]) for eff in stated_effects(logic)
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
    witness.periods[eid] = state.period
    env = getattr(state, "env", {})
    avoid = state.avoid
    # The cases of one group are alternatives: one firing plays at most one of them, the first whose conditions
    # hold, or with ``avoid`` the first such case not in it (else the first such case in it).
    chosen: dict[int, tuple[int, int]] = {}  # group -> (preference, heading line)
    for section, conds, group in _scope_conditions(event, with_groups=True):
        rank = 1 if (eid, section.line) in avoid else 0
        if group is not None and group in chosen and chosen[group][0] <= rank:
            continue
        probe_d, probe_e = dict(decide), dict(env)
        if all(_check(state, c, t, probe_d, probe_e, set()) is True for c in conds) and not _disrupts(section):
            if group is None:
                witness.scopes.add((eid, section.line))
            else:
                chosen[group] = (rank, section.line)
    witness.scopes.update((eid, line) for _, line in chosen.values())


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
                if c.logic and any(e["kind"] in DISRUPTIVE for e in stated_effects(c.logic)):
                    return True
    return False


BATCH_EVENTS = 2000  # cone members per certification model (see certified_witness)


def certified_witness(kb: KnowledgeBase, stats=None, time_limit: float = 5.0,
                      deadline: float = float("inf"), only: set[str] | None = None, index=None,
                      avoid: set[tuple[str, int]] | None = None, model=None) -> Witness:
    """The greedy witness, counted only where clingo has checked it as a log.

    A log given draw by draw grounds in its length (asp/state.lp occ_read, asp/draw.lp pc_kept), but what a run
    or a state fluent carries from turn to turn still grows with the turns, and a refused log says nothing about
    which firing it refused. So the fired events are taken in batches of up to BATCH_EVENTS cone members (on the
    synthetic 10,000-event KB 2,000 cost least: 48 took twice as long, one batch of all a tenth more), in the
    order the history fires them, and each batch is checked in the model of its cone (the events its events depend on, facts.
    DependencyIndex), as the log of the cone's firings only: every firing at its turn, every case or part the
    greedy history claims for the batch's events played at that turn. That log is a history of the whole KB as
    well — every other event is simply never drawn (docs/logic.md S1: a turn may draw nothing), and nothing
    outside a cone changes what its events read — so a confirmed batch proves its events playable.

    The log's idle stretches are shortened to what lets the runs going at their start end as they did (one turn
    more, for effects that take place when a run is over); clingo checks the shortened log, and when it refuses
    it the log is checked as the history had it. A batch clingo refuses is split until its events stand alone; what clingo does
    not confirm, or cannot check before ``deadline``, proves nothing: those events are left to clingo's own
    questions (analysis._solve_event). With ``only``, just those events' firings are checked (each still with
    its cone). With ``avoid`` (cases already shown playable), the greedy history plays other cases where it can
    (greedy_witness) and only the events that claim a case or part not in ``avoid`` are checked: a second history
    for the cases a first one could not play.

    ``model``: a model the caller has built already (the analysis': the KB's, or the cone of the events asked
    about). All the firings to check are first checked in it at once, as one log (one session; a given log
    grounds in its length, and the batches' own models cost as much to build as this one): only when clingo does
    not confirm that log are the batches checked as above.
    """
    import dataclasses
    import time

    from .facts import DependencyIndex

    index = index or DependencyIndex(kb)
    greedy = (lambda k: greedy_witness(k, avoid)) if avoid else greedy_witness
    if only is None:
        witness = greedy(kb)
    else:  # the greedy history of the events' cone (nothing outside it changes what they read)
        cone = index.cone(set(only))
        witness = greedy(dataclasses.replace(kb, events={e: kb.events[e] for e in cone}))
    if not witness.fired:
        return witness
    news = {e for e, _ in witness.scopes - avoid} if avoid else None
    order = sorted((e for e in witness.fired if (only is None or e in only) and (news is None or e in news)),
                   key=lambda e: (witness.fired[e], event_sort_key(e), e))
    out = Witness(turns=witness.turns)
    if model is not None and order:
        members = index.cone(set(order))
        if members <= set(model.events) and _certify_batch(kb, index, witness, order, members, stats, time_limit,
                                                           deadline, compress=True, model=model):
            out.fired = {e: witness.fired[e] for e in order}
            out.scopes = {(e, line) for e, line in witness.scopes if e in out.fired}
            return out

    def certify(goals: list[str], job_stats) -> list[str]:
        """The events of ``goals`` whose firings clingo confirms (the batch split when it is refused)."""
        if time.perf_counter() >= deadline:
            return []
        members = index.cone(set(goals))
        if len(goals) > 1 and len(members) > BATCH_EVENTS:
            half = len(goals) // 2
            return certify(goals[:half], job_stats) + certify(goals[half:], job_stats)
        ok = _certify_batch(kb, index, witness, goals, members, job_stats, time_limit, deadline, compress=True)
        if not ok:
            ok = _certify_batch(kb, index, witness, goals, members, job_stats, time_limit, deadline, compress=False)
        if ok:
            return list(goals)
        if len(goals) > 1:
            half = len(goals) // 2
            return certify(goals[:half], job_stats) + certify(goals[half:], job_stats)
        return []

    # Events that depend on each other (weakly: a shared cone) are certified together; small groups share a batch.
    parent = {e: e for e in kb.events}

    def find(e: str) -> str:
        while parent[e] != e:
            parent[e] = parent[parent[e]]
            e = parent[e]
        return e

    for e in order:
        for other in index.cone({e}):
            a, b = find(e), find(other)
            if a != b:
                parent[b] = a
    groups: dict[str, list[str]] = {}
    for e in order:  # in firing order, so each group's list is too
        groups.setdefault(find(e), []).append(e)
    batches: list[list[str]] = []
    batch: list[str] = []
    size = 0
    for goals in groups.values():
        n = len(index.cone(set(goals)))
        if batch and size + n > BATCH_EVENTS:
            batches.append(batch)
            batch, size = [], 0
        batch += goals
        size += n
    if batch:
        batches.append(batch)
    by_turn = lambda e: (witness.fired[e], event_sort_key(e), e)

    def job(goals: list[str]):
        from .solver import Stats

        job_stats = Stats()
        return certify(sorted(goals, key=by_turn), job_stats), job_stats

    # One after the other: clingo's threads in one process share its symbol table, and two batches grounded on
    # two threads took twice as long as one after the other (1,000 synthetic events: 7.1 s against 3.7 s).
    results = [job(b) for b in batches]
    for goals, job_stats in results:
        for e in goals:
            out.fired[e] = witness.fired[e]
    out.scopes = {(e, line) for e, line in witness.scopes if e in out.fired}
    for _, job_stats in results:
        if stats is not None:
            stats.ground_seconds += job_stats.ground_seconds
            stats.solve_seconds += job_stats.solve_seconds
            stats.solves += job_stats.solves
    return out


def _certify_batch(kb, index, witness: Witness, goals: list[str], members: set[str], stats, time_limit: float,
                   deadline: float, compress: bool, model=None) -> bool:
    """Does clingo confirm the greedy history's firings of ``members`` as a log, with the scopes it claims for
    ``goals``, in the model of the members' cone (or in ``model``, which holds that cone: its other events are
    never drawn)?"""
    import time

    from .facts import build_model, q
    from .solver import Session

    fired = sorted(((witness.fired[e], e) for e in members if e in witness.fired),
                   key=lambda x: (x[0], event_sort_key(x[1]), x[1]))
    if not fired:
        return False
    turn_of = _log_turns(kb, fired, compress)
    if model is None:
        model = build_model(kb, set(members), index)
    facts = [f"wfires({q(e)},{t}). given_draw({q(e)},{t})." for e, t in turn_of.items()]
    # Each turn's period as the history had it (asp/time.lp), when it records them: a turn between two firings lies
    # in the period of the one before it, the turns before the first firing in the first one's period.
    if all(e in witness.periods for e in turn_of):
        period_at = {t: witness.periods[e] for e, t in turn_of.items()}
        current = period_at[min(period_at)]
        for t in range(1, max(period_at) + 1):
            current = period_at.get(t, current)
            facts.append(f"given_period({t},{current}).")
    at_line = {(i.event, i.line): cid for cid, i in model.clauses.items() if cid in model.scopes}
    for eid, line in sorted(witness.scopes):
        if eid not in goals:
            continue
        cid = at_line.get((eid, line))
        if cid is None:
            return False
        facts.append(f"wscope({cid},{turn_of[eid]}).")
    final = (":- wfires(E,T), not fires(E,T).\n:- fires(E,T), not wfires(E,T).\n"
             ":- wscope(S,T), not scope_on(S,T).\n")
    # Every clause is on (asp/draw.lp on/1), as a rule rather than as an assumption each: the log is checked with
    # the whole text in force, and no unsatisfiable core is asked of it (20,000 assumptions, each a clingo
    # symbol built and looked up in Python, cost more than solving the log).
    facts.append("on(C) :- clause(C).")
    session = Session(model, extra="\n".join(facts) + "\n", final=final, questions=False)
    session.extend(max(turn_of.values()))
    session.finish()
    left = deadline - time.perf_counter()
    if left <= 0:
        return False
    res = session.solve(set(), time_limit=min(time_limit, left), read_atoms=False)
    if stats is not None:
        stats.ground_seconds += session.stats.ground_seconds
        stats.solve_seconds += session.stats.solve_seconds
        stats.solves += session.stats.solves
    return res.status == "sat"


def _log_turns(kb: KnowledgeBase, fired: list[tuple[int, str]], compress: bool) -> dict[str, int]:
    """The turn of each firing in the log to check: as in the history, or (``compress``) with every idle stretch
    shortened to what lets the runs going at its start be over as they were, and one turn more for an effect
    that takes place when a run is over."""
    turn_of: dict[str, int] = {}
    # The first turn at which every run of a fixed number of turns started so far is over: an event's later run
    # ends later than its earlier ones (turns only grow), so the latest end of all runs is their running maximum.
    last_end = None
    t_new, t_prev = 0, None
    for t, e in fired:
        if not compress:
            t_new = t
        elif t_prev is None:
            t_new = 1
        else:
            left = max(last_end - t_prev, 0) if last_end is not None else 0
            t_new += min(t - t_prev, max(1, left + 1))
        turn_of[e] = t_new
        fixed = _fixed_turns(kb.events[e])
        if fixed:
            last_end = t + fixed if last_end is None else max(last_end, t + fixed)
        t_prev = t
    return turn_of


def _fixed_turns(event: Event) -> int:
    """The longest stretch a run of the event can be in effect for a fixed number of turns (0: none)."""
    return max(event.duration_turns or 0, 0)
