"""Logic analyses of the whole KB: what can fire, requirement cycles, conflicting effects, impossible or vacuous
conditions, requirements on later periods. Each result carries the clauses that explain it.

"Can this event (case, part) ever be played?" is answered for the whole KB in one Control: the model is
grounded once to a horizon that is long enough for any witness (every event played as often as its
multiplicity allows, each followed by its fixed duration), then one assumption-based solve per event with a
time limit answers ``can``, ``never`` or ``unknown``. A ``never`` comes with the unsatisfiable core over the
clauses, shrunk to a minimal set by linear elimination. Requirement cycles are a graph question (networkx),
not an ASP one.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import clingo
import networkx as nx

from ..ids import ROMAN, event_sort_key
from ..model import KnowledgeBase
from .facts import ClauseInfo, LogicModel, build_model, cone
from .solver import Session, Stats, asp_dir

DEFAULT_MAX_HORIZON = 60


@dataclass
class Verdict:
    subject: str  # event id, or "event id / heading" for a case or part
    event: str
    status: str  # can | never | unknown
    line: int | None = None
    explanation: list[ClauseInfo] = field(default_factory=list)
    kind: str = "event"  # event | case | part


@dataclass
class Conflict:
    event: str
    fluent: str
    values: tuple[str, str]
    clauses: list[ClauseInfo]


@dataclass
class Analysis:
    model: LogicModel
    verdicts: list[Verdict] = field(default_factory=list)
    cycles: list[list[ClauseInfo]] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    horizon: int = 0
    complete: bool = True  # the horizon reached the bound, so "never" is a proof
    stats: Stats = field(default_factory=Stats)
    seconds: float = 0.0


def horizon_bound(kb: KnowledgeBase, events: list[str]) -> int:
    total = 1
    for eid in events:
        e = kb.events[eid]
        mult = 2 if e.multiplicity == "*" else int(e.multiplicity) if (e.multiplicity or "").isdigit() else 1
        turns = e.duration_turns if e.duration_kind == "turns" and e.duration_turns else 1
        total += mult * turns
    return total


def requirement_graph(kb: KnowledgeBase, model: LogicModel) -> nx.DiGraph:
    """Edge E -> X for every requirement of E that X has occurred, is in effect or is over (with the clause)."""
    graph = nx.DiGraph()
    for eid in sorted(kb.events, key=event_sort_key):
        for clause in kb.events[eid].conditions:
            logic = clause.logic or {}
            if logic.get("role") != "requirement":
                continue
            for cond in logic.get("when", []) or []:
                if cond.get("event") in kb.events and cond["kind"] in ("occurred", "over", "in_effect") \
                        and not cond.get("negated"):
                    info = ClauseInfo(0, eid, clause.line, f"{clause.marker} {clause.text}".strip(), "requirement")
                    graph.add_edge(eid, cond["event"], clause=info)
    return graph


def find_cycles(graph: nx.DiGraph) -> list[list[ClauseInfo]]:
    out = []
    for cycle in sorted(nx.simple_cycles(graph), key=lambda c: sorted(c)):
        start = min(range(len(cycle)), key=lambda k: event_sort_key(cycle[k]))
        cycle = cycle[start:] + cycle[:start]
        out.append([graph.edges[a, b]["clause"] for a, b in zip(cycle, cycle[1:] + cycle[:1])])
    return out


def find_conflicts(model: LogicModel) -> list[Conflict]:
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], model.program())
    ctl.load(str(asp_dir() / "conflicts.lp"))
    ctl.ground([("base", [])])
    found: list[Conflict] = []
    with ctl.solve(yield_=True) as handle:
        for m in handle:
            for sym in m.symbols(shown=True):
                c1, c2, fluent, v1, v2 = sym.arguments
                i1, i2 = model.clauses[c1.number], model.clauses[c2.number]
                found.append(Conflict(i1.event, str(fluent).replace('"', ""), (v1.string if v1.type == clingo.SymbolType.String
                                      else str(v1), v2.string if v2.type == clingo.SymbolType.String else str(v2)),
                                      [i1, i2]))
            break
    found.sort(key=lambda c: (event_sort_key(c.event), c.clauses[0].line))
    return found


def analyse(kb: KnowledgeBase, time_limit: float = 2.0, max_horizon: int = DEFAULT_MAX_HORIZON,
            events: set[str] | None = None) -> Analysis:
    """Decide can / never / unknown for every event, case and conditional part.

    Horizons grow one turn at a time. At each horizon every undecided question is asked once; a satisfiable
    answer decides it (and the witness history decides every other event it fires). A question is answered
    ``never`` when it is still unsatisfiable at its bound: the horizon bound of its event's cone.
    """
    start = time.perf_counter()
    model = build_model(kb)
    analysis = Analysis(model)
    analysis.cycles = find_cycles(requirement_graph(kb, model))
    analysis.conflicts = find_conflicts(model)
    session = Session(model, extra="#show fires/2. #show scope_on/2.")
    scopes = {cid: info for cid, info in sorted(model.clauses.items())
              if info.role in ("case", "part") and _is_scope(model, cid)}
    bounds = {eid: horizon_bound(kb, sorted(cone(kb, {eid}))) for eid in model.events}
    questions: list[tuple[str, object, str, ClauseInfo | None, str]] = [
        ("want", eid, eid, None, "event") for eid in model.events if events is None or eid in events]
    questions += [("want_scope", cid, info.event, info, info.role) for cid, info in scopes.items()
                  if events is None or info.event in events]
    decided: dict[tuple[str, object], Verdict] = {}
    fired_anywhere: set[str] = set()
    scopes_anywhere: set[int] = set()
    top = min(max(bounds.values(), default=1), max_horizon)
    analysis.complete = max(bounds.values(), default=1) <= max_horizon
    for t in range(1, top + 1):
        session.extend(t)
        session.set_query(t, True)
        for ext, arg, event, info, kind in questions:
            if (ext, arg) in decided:
                continue
            subject = event if info is None else f"{event} / {info.text.split(':')[0].strip()}"
            line = info.line if info else None
            if (ext == "want" and arg in fired_anywhere) or (ext == "want_scope" and arg in scopes_anywhere):
                decided[(ext, arg)] = Verdict(subject, event, "can", line, kind=kind)
                continue
            bound = min(bounds[event], max_horizon)
            session.set_external(ext, [arg], True)
            res = session.solve(time_limit=time_limit)
            if res.status == "sat":
                decided[(ext, arg)] = Verdict(subject, event, "can", line, kind=kind)
                fired_anywhere |= {a.arguments[0].string for a in res.atoms if a.name == "fires"}
                scopes_anywhere |= {a.arguments[0].number for a in res.atoms if a.name == "scope_on"}
            elif res.status == "unknown":
                decided[(ext, arg)] = Verdict(subject, event, "unknown", line, kind=kind)
            elif t >= bound:
                core = session.minimise_core(res.core, time_limit=time_limit)
                status = "never" if bounds[event] <= max_horizon else "unknown"
                decided[(ext, arg)] = Verdict(subject, event, status, line,
                                              [model.clauses[c] for c in core], kind)
            session.set_external(ext, [arg], False)
        session.set_query(t, False)
        if len(decided) == len(questions):
            break
    analysis.horizon = session.horizon
    for ext, arg, event, info, kind in questions:
        verdict = decided.get((ext, arg))
        if verdict is None:  # horizon cap reached
            subject = event if info is None else f"{event} / {info.text.split(':')[0].strip()}"
            verdict = Verdict(subject, event, "unknown", info.line if info else None, kind=kind)
        analysis.verdicts.append(verdict)
    analysis.stats = session.stats
    analysis.seconds = time.perf_counter() - start
    return analysis


def _is_scope(model: LogicModel, cid: int) -> bool:
    prefix = f"scope({cid},"
    return any(f.startswith(prefix) for f in model.facts)


def period_number(period: str) -> int:
    return ROMAN.get(period, 0)
