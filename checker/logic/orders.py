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

from ..ids import ROMAN_BY_VALUE, canonical_event_id
from ..model import KnowledgeBase
from .analysis import horizon_bound
from .facts import ClauseInfo, build_model, cone, q
from .solver import Session

OUTCOMES = ("fired", "marked", "rerolled")


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


def _history(atoms: list[clingo.Symbol]) -> list[Step]:
    periods: dict[int, str] = {}
    steps: dict[int, Step] = {}
    for a in atoms:
        if a.name == "at":
            periods[a.arguments[0].number] = ROMAN_BY_VALUE.get(a.arguments[1].number, str(a.arguments[1].number))
    for a in atoms:
        if a.name in ("fires", "marked", "draw"):
            t = a.arguments[1].number
            outcome = {"fires": "fired", "marked": "marked", "draw": "rerolled"}[a.name]
            old = steps.get(t)
            if old is None or old.outcome == "rerolled":
                steps[t] = Step(t, periods.get(t), a.arguments[0].string, outcome)
    for t in periods:
        steps.setdefault(t, Step(t, periods[t], None, "no event"))
    return [steps[t] for t in sorted(steps)]


SHOW = "#show at/2. #show fires/2. #show marked/2. #show draw/2."


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
    bound = horizon_bound(kb, sorted(cone(kb, {goal_id})))
    limit = min(bound, max_turns)
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
            result.status, result.history = "found", _history(res.atoms)
            break
        if res.status == "unknown":
            result.message = f"time limit of {time_limit:g} s reached at turn {t}"
            break
        last_core = res.core
    else:
        if bound <= max_turns and time.perf_counter() < deadline:
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


def check_log(kb: KnowledgeBase, entries: list[dict], time_limit: float = 10.0) -> OrderResult:
    """``entries``: [{"turn": 1, "event": "4:VII", "outcome": "fired"}, …] (turns 1…n; missing turns draw nothing)."""
    start = time.perf_counter()
    model = build_model(kb)
    facts = []
    turns = max((int(e["turn"]) for e in entries), default=0)
    by_turn = {int(e["turn"]): e for e in entries}
    for t in range(1, turns + 1):
        e = by_turn.get(t)
        if e is None:
            facts.append(f"lognone({t}).")
        else:
            eid = canonical_event_id(str(e["event"])) or str(e["event"])
            facts.append(f"logged({t},{q(eid)},{e.get('outcome', 'fired')}).")
    session = Session(model, extra="\n".join(facts) + "\n" + SHOW)
    deadline = start + time_limit
    result = OrderResult(None, "legal")
    for t in range(1, turns + 1):
        session.extend(t)
        res = session.solve(time_limit=max(0.05, deadline - time.perf_counter()))
        if res.status == "unknown":
            result.status, result.message = "inconclusive", f"time limit reached at turn {t}"
            break
        if res.status == "unsat":
            core = session.minimise_core(res.core, time_limit=max(0.05, deadline - time.perf_counter()))
            bad = by_turn.get(t)
            result.status = "illegal"
            result.history = [Step(t, None, bad and str(bad["event"]), bad.get("outcome", "fired") if bad else "no event")]
            result.explanation = [model.clauses[c] for c in core]
            what = f"{bad['event']} ({bad.get('outcome', 'fired')})" if bad else "nothing"
            result.message = f"turn {t}: {what} is not legal after the turns before it"
            break
        result.history = _history(res.atoms)
    result.seconds = time.perf_counter() - start
    return result


def count_orders(kb: KnowledgeBase, events: list[str], limit: int = 10000, time_limit: float = 10.0) -> tuple[int, bool, float]:
    """(number of orders found, complete?, seconds): orders in which each event fires once, one per turn."""
    start = time.perf_counter()
    ids = [canonical_event_id(e) or e for e in events]
    model = build_model(kb, set(ids))
    n = len(ids)
    extra = "".join(f"counted({q(e)}).\n" for e in ids) + "#show fires/2.\n"
    final = (":- counted(E), #count { T : fires(E,T) } != 1.\n"
             ":- fires(E,T), not counted(E).\n:- marked(E,T).\n")
    session = Session(model, extra=extra, final=final)
    session.extend(n)
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
        if not h.wait(time_limit):
            h.cancel()
            h.wait()
            complete = False
    if count > limit:
        count, complete = limit, False
    return count, complete, time.perf_counter() - start


def query_model(kb: KnowledgeBase, final: str, turns: int, events: set[str] | None = None,
                time_limit: float = 10.0):
    """Is there a legal history of ``turns`` turns that also satisfies ``final`` (rules and constraints over
    the whole history, in the vocabulary of asp/)? Returns (SolveResult, LogicModel); an unsatisfiable answer
    carries the minimal set of clauses that rule it out."""
    model = build_model(kb, events) if events else build_model(kb)
    session = Session(model, extra=SHOW, final=final)
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
