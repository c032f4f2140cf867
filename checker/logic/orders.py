"""Legal event orders: the shortest history reaching a goal, checking a recorded log, counting orders.

* ``shortest_history``: grounds one turn at a time (iclingo pattern) until the goal fires with its
  prerequisites met, so the first answer is a shortest history; ``impossible`` when the goal's horizon bound
  is reached without one (with the minimal set of clauses that rule it out), ``inconclusive`` at a time limit
  or when ``max_turns`` stops the search before that bound.
* ``check_log``: a recorded sequence of draws (turn, event, outcome) is legal when the model can follow it;
  otherwise the first step at which no legal history remains is named, with the clauses that forbid it.
* ``count_orders``: the number of orders in which a set of events can all fire (projected enumeration,
  with a limit).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import clingo

from ..core.ids import canonical_event_id
from ..core.model import KnowledgeBase
from .analysis import horizon_bound, repeats_matter, unproven_reason
from .facts import ClauseInfo, build_model, cone, q
from .logs import OUTCOMES  # noqa: F401  (re-exported)
from .solver import Session


@dataclass
class Step:
    turn: int
    period: str | None
    event: str | None
    outcome: str

    def to_dict(self):
        return {"turn": self.turn, "period": self.period, "event": self.event, "outcome": self.outcome}


@dataclass
class OrderResult:
    goal: str | None
    status: str  # found | impossible | inconclusive | legal | illegal
    history: list[Step] = field(default_factory=list)
    explanation: list[ClauseInfo] = field(default_factory=list)
    message: str = ""
    seconds: float = 0.0
    turns_searched: int = 0


def _history(atoms: list[clingo.Symbol], labels: dict[int, str]) -> list[Step]:
    """The steps of an answer; ``labels``: the model's period numbers -> the game's period labels."""
    periods: dict[int, str] = {}
    steps: dict[int, Step] = {}
    for a in atoms:
        if a.name == "at":
            periods[a.arguments[0].number] = labels.get(a.arguments[1].number, str(a.arguments[1].number))
    for a in atoms:
        if a.name in ("fires", "marked", "refused", "draw"):
            t = a.arguments[1].number
            outcome = {"fires": "fired", "marked": "marked", "refused": "refused", "draw": "rerolled"}[a.name]
            old = steps.get(t)
            if old is None or old.outcome == "rerolled":
                steps[t] = Step(t, periods.get(t), a.arguments[0].string, outcome)
    for t in periods:
        steps.setdefault(t, Step(t, periods[t], None, "no event"))
    return [steps[t] for t in sorted(steps)]


SHOW = "#show at/2. #show fires/2. #show marked/2. #show refused/2. #show draw/2."


def shortest_history(kb: KnowledgeBase, goal: str, avoid: list[str] | None = None, max_turns: int = 50,
                     time_limit: float = 10.0) -> OrderResult:
    start = time.perf_counter()
    goal_id = canonical_event_id(goal) or goal
    if goal_id not in kb.events:
        raise KeyError(goal)
    avoid_ids = [canonical_event_id(a) or a for a in avoid or []]
    model = build_model(kb, {goal_id, *[a for a in avoid_ids if a in kb.events]})
    extra = f"goal({q(goal_id)}).\n" + "".join(f"avoid({q(a)}).\n" for a in avoid_ids) + SHOW
    session = Session(model, extra=extra)
    goal_cone = sorted(cone(kb, {goal_id}))
    bound = horizon_bound(kb, goal_cone)
    repeaters = repeats_matter(kb, goal_cone)
    # the bound proves nothing when later firings of an unlimited event matter (S9): search to --max-turns instead
    limit = max_turns if repeaters else min(bound, max_turns)
    deadline = start + time_limit
    result = OrderResult(goal_id, "inconclusive")
    last_core: list[int] = []
    for t in range(1, limit + 1):
        if time.perf_counter() >= deadline:
            result.message = f"time limit of {time_limit:g} s reached after {t - 1} turns"
            break
        session.extend(t)
        session.set_query(t, True)
        res = session.solve(time_limit=max(0.01, deadline - time.perf_counter()))
        session.set_query(t, False)
        result.turns_searched = t
        if res.status == "sat":
            result.status, result.history = "found", _history(res.atoms, model.period_labels)
            break
        if res.status == "unknown":
            result.message = f"time limit of {time_limit:g} s reached at turn {t}"
            break
        last_core = res.core
    else:
        if repeaters and time.perf_counter() < deadline:
            result.message = unproven_reason(repeaters, limit, f"fires {goal_id}")
        elif bound <= max_turns and time.perf_counter() < deadline:
            session.set_query(limit, True)
            core = session.minimise_core(last_core, time_limit=max(0.05, deadline - time.perf_counter()))
            result.status = "impossible"
            result.explanation = [model.clauses[c] for c in core]
            result.message = f"no legal history of up to {limit} turns (the bound for this goal) fires {goal_id}"
        elif bound <= max_turns:
            result.message = f"time limit of {time_limit:g} s reached"
        else:
            result.message = f"no history within --max-turns {max_turns}; the bound for this goal is {bound} turns"
    result.seconds = time.perf_counter() - start
    return result


def check_log(kb: KnowledgeBase, entries, time_limit: float = 10.0) -> OrderResult:
    """``entries``: validated ``LogEntry`` values (logs.py), or dicts {"turn", "event", "outcome"} that are
    validated here (``LogError`` when malformed). Turns the log does not list draw nothing."""
    from .logs import LogEntry, entries_from_dicts

    start = time.perf_counter()
    if not all(isinstance(e, LogEntry) for e in entries):
        entries = entries_from_dicts(entries, kb.events)
    model = build_model(kb)
    facts = []
    turns = max((e.turn for e in entries), default=0)
    by_turn = {e.turn: e for e in entries}
    for t in range(1, turns + 1):
        e = by_turn.get(t)
        if e is None:
            facts.append(f"lognone({t}).")
        else:
            facts.append(f"logged({t},{q(e.event)},{q(e.outcome)}). given_draw({q(e.event)},{t}).")
    deadline = start + time_limit
    session = Session(model, extra="\n".join(facts) + "\n" + SHOW, questions=False)
    result = OrderResult(None, "legal")
    for t in range(1, turns + 1):
        if time.perf_counter() >= deadline:
            result.status, result.message = "inconclusive", f"time limit reached before turn {t}"
            break
        session.extend(t)
        res = session.solve(time_limit=max(0.01, deadline - time.perf_counter()))
        if res.status == "unknown":
            result.status, result.message = "inconclusive", f"time limit reached at turn {t}"
            break
        if res.status == "unsat":
            core = session.minimise_core(res.core, time_limit=max(0.05, deadline - time.perf_counter()))
            bad = by_turn.get(t)
            result.status = "illegal"
            result.history = [Step(t, None, bad.event if bad else None, bad.outcome if bad else "no event")]
            result.explanation = [model.clauses[c] for c in core]
            what = f"{bad.event} ({bad.outcome})" if bad else "nothing"
            result.message = f"turn {t}: {what} is not legal after the turns before it"
            break
        result.history = _history(res.atoms, model.period_labels)
    result.seconds = time.perf_counter() - start
    return result


@dataclass
class CountResult:
    count: int
    complete: bool
    seconds: float
    horizon: int = 0
    message: str = ""


def count_orders(kb: KnowledgeBase, events: list[str], limit: int = 10000, time_limit: float = 10.0) -> CountResult:
    """The number of distinct orders in which each of ``events`` fires exactly once and nothing else is played,
    within the events' horizon bound (docs/logic.md S9). ``ValueError`` for duplicates or a limit below 1."""
    start = time.perf_counter()
    deadline = start + time_limit
    ids = [canonical_event_id(e) or e for e in events]
    if len(set(ids)) != len(ids):
        dup = sorted({e for e in ids if ids.count(e) > 1})
        raise ValueError(f"listed more than once: {', '.join(dup)}")
    if limit < 1:
        raise ValueError("--limit must be at least 1")
    model = build_model(kb, set(ids))
    horizon = horizon_bound(kb, sorted(cone(kb, set(ids))))
    extra = "".join(f"counted({q(e)}).\n" for e in ids) + "#show prec/2.\n"
    final = (":- counted(E), #count { T : fires(E,T) } != 1.\n"
             ":- fires(E,T), not counted(E).\n:- marked(E,T).\n"
             "prec(E1,E2) :- fires(E1,T1), fires(E2,T2), counted(E1), counted(E2), T1 < T2.\n")
    session = Session(model, extra=extra, final=final, questions=False)
    for t in range(1, horizon + 1):
        if time.perf_counter() >= deadline:
            return CountResult(0, False, time.perf_counter() - start, horizon,
                               f"time limit of {time_limit:g} s reached while grounding turn {t}")
        session.extend(t)
    session.finish()
    session.ctl.configuration.solve.models = limit + 1
    session.ctl.configuration.solve.project = "show"
    count = 0
    complete = True

    def on_model(_m):
        nonlocal count
        count += 1

    with session.ctl.solve(on_model=on_model, async_=True,
                           assumptions=[(clingo.Function("on", [clingo.Number(c)]), True) for c in model.clauses]) as h:
        if not h.wait(max(0.01, deadline - time.perf_counter())):
            h.cancel()
            h.wait()
            complete = False
    message = ""
    if count > limit:
        count, complete = limit, False
    if not complete:
        message = f"stopped at the limit of {limit} or the time limit: there may be more"
    elif count == 0:
        # which of them can never fire: a proof only where the bound is one (no unlimited event whose later firings
        # matter in its cone, S9); elsewhere the search would run to its time limit and prove nothing
        never = [e for e in ids if not repeats_matter(kb, sorted(cone(kb, {e})))
                 and shortest_history(kb, e, max_turns=horizon + 1000,
                                      time_limit=max(0.1, deadline - time.perf_counter())).status == "impossible"]
        message = (f"no legal history of up to {horizon} turns (the bound) fires each of them once with nothing "
                   "else played" + (f"; {', '.join(never)} can never fire" if never else ""))
    return CountResult(count, complete, time.perf_counter() - start, horizon, message)


def query_model(kb: KnowledgeBase, final: str, turns: int, events: set[str] | None = None,
                time_limit: float = 10.0):
    """Is there a legal history of ``turns`` turns that also satisfies ``final`` (rules and constraints over
    the whole history, in the vocabulary of asp/)? Returns (SolveResult, LogicModel); an unsatisfiable answer
    carries the minimal set of clauses that rule it out."""
    model = build_model(kb, events) if events else build_model(kb)
    session = Session(model, extra=SHOW, final=final, questions=False)
    session.extend(turns)
    session.finish()
    res = session.solve(time_limit=time_limit)
    if res.status == "unsat":
        res.core = session.minimise_core(res.core, time_limit=time_limit)
    return res, model


def clause_id(model, event: str, line: int) -> int:
    """The model's clause id for the clause (or heading) of ``event`` at source ``line``."""
    for cid, info in model.clauses.items():
        if info.event == event and info.line == line:
            return cid
    raise KeyError((event, line))
