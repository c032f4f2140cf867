"""Logic analyses of the whole KB: what can fire, requirement cycles, conflicting effects, impossible or vacuous
conditions, requirements on later periods. Each result carries the clauses that explain it.

"Can this event (case, part) ever be played?" is answered for the whole KB in one Control: the model is
grounded once to a horizon that is long enough for any witness (every event played as often as its
multiplicity allows, each followed by its fixed duration), then one assumption-based solve per event with a
time limit answers ``can``, ``never`` or ``unknown``. A ``never`` comes with the unsatisfiable core over the
clauses, shrunk to a minimal set by linear elimination with the question still assumed. Events the greedy
witness history fires are ``can`` only after clingo has confirmed that history (witness.certified_witness). An
overall time limit bounds the whole analysis; what it leaves undecided is ``unknown``. Requirement cycles are a
graph question, not an ASP one: graphlib says whether there is any cycle, and only then is networkx imported to
report the shortest few cycles of each group of events that require each other.
"""

from __future__ import annotations

import graphlib
import time
from dataclasses import dataclass, field

import clingo

from ..core.ids import event_sort_key as _roman_key
from ..core.model import KnowledgeBase
from . import solve_memo
from .facts import ClauseInfo, DependencyIndex, LogicModel, build_model
from .solver import PROGRAMS, Session, Stats, asp_dir, control_args
from .undecided import UNDECIDED_RULE, undecided  # noqa: F401 - where callers found them before
from .witness import Witness, certified_witness


def event_sort_key(eid: str):
    """Id order for listing (ties between free period labels broken by the id, so output is deterministic)."""
    return (*_roman_key(eid), eid)


DEFAULT_MAX_HORIZON = 60


@dataclass
class Verdict:
    subject: str  # event id, or "event id / heading" for a case or part
    event: str
    status: str  # can | never | unknown
    line: int | None = None
    explanation: list[ClauseInfo] = field(default_factory=list)
    kind: str = "event"  # event | case | part
    reason: str = ""  # why an "unknown" is unknown, when it is not a time limit


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
    cycle_groups: list[tuple[list[str], list[list[ClauseInfo]]]] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    horizon: int = 0
    complete: bool = True  # the horizon reached the bound, so "never" is a proof
    stats: Stats = field(default_factory=Stats)
    seconds: float = 0.0


# How many firings an event of multiplicity "*" adds to the horizon bound (docs/logic.md S9); within the horizon it
# may fire at any turn (the facts give it no limit, facts.UNLIMITED_PLAYS)
UNLIMITED_IN_BOUND = 2


def horizon_bound(kb: KnowledgeBase, events: list[str]) -> int:
    total = 1
    for eid in events:
        e = kb.events[eid]
        mult = UNLIMITED_IN_BOUND if e.plays is None else e.plays
        turns = e.duration_turns if e.duration_kind == "turns" and e.duration_turns else 1
        total += mult * turns
    return total


_STATE_KINDS = frozenset({"in_effect", "not_in_effect", "over"})


def repeats_matter(kb: KnowledgeBase, events: list[str]) -> list[str]:
    """The events among ``events`` of multiplicity "*" whose second and later firings can change what a later turn
    sees: the event has effects, cases or parts in its logic, or a rule of one of ``events`` asks whether it is in
    effect or over (a later firing opens a new window). For these the horizon bound (``horizon_bound``, "*" counted
    as ``UNLIMITED_IN_BOUND`` firings) is no proof: a history may need a firing for every turn that uses a window
    (docs/logic.md S9), so "never" and "impossible" are not claimed from it. An event whose later firings change
    nothing (only its first firing, ``occurred``, is asked about) needs no more than one."""
    unlimited = {eid for eid in events if eid in kb.events and kb.events[eid].plays is None}
    if not unlimited:
        return []
    out = set()
    for eid in unlimited:
        if any(_acts(logic) for logic in _logics(kb.events[eid])):
            out.add(eid)
    for eid in events:
        if eid in kb.events:
            for logic in _logics(kb.events[eid]):
                out |= _states_asked(logic, unlimited)
    return sorted(out)


def unproven_reason(repeaters: list[str], turns: int, what: str = "plays it") -> str:
    """Why no history of up to ``turns`` turns proves "never" when ``repeaters`` (``repeats_matter``) is not empty,
    in words (``what``: what no history did, "plays it" or "fires 7:VII"); "" when it is empty."""
    if not repeaters:
        return ""
    names = ", ".join(repeaters[:3]) + (f" and {len(repeaters) - 3} more" if len(repeaters) > 3 else "")
    return (f"no legal history of up to {turns} turns {what}, but {names} may fire any number of times and a later "
            f"firing can matter (a new window in effect, its effects again), so no number of turns proves that it "
            f"never can (docs/logic.md S9)")


def unproven_by_event(kb: KnowledgeBase, index, events, turns: int) -> dict[str, str]:
    """``unproven_reason`` for each of ``events`` (its cone by ``index``, a ``facts.DependencyIndex``); "" for all
    without looking at a cone when the whole game holds no unlimited event whose later firings matter (none in the
    game, none in any cone)."""
    if not repeats_matter(kb, sorted(kb.events)):
        return {eid: "" for eid in events}
    return {eid: unproven_reason(repeats_matter(kb, sorted(index.cone({eid}))), turns) for eid in events}


def _logics(event):
    for clause in event.all_clauses():
        if clause.logic:
            yield clause.logic
    for section in event.all_sections():
        if section.logic:
            yield section.logic


def _acts(logic: dict) -> bool:
    """Does a clause's or heading's logic change something, or pick a case or part (what a firing does)?"""
    return bool(logic.get("effects")) or logic.get("role") in ("effect", "case_condition", "part_condition")


def _states_asked(node, unlimited: set[str]) -> set[str]:
    """The events of ``unlimited`` whose being in effect or over ``node`` (a logic dict, at any depth) asks about."""
    found: set[str] = set()
    stack = [node]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            if x.get("event") in unlimited and x.get("kind") in _STATE_KINDS:
                found.add(x["event"])
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return found


def requirement_graph(kb: KnowledgeBase, model: LogicModel) -> dict[tuple[str, str], ClauseInfo]:
    """Edge E -> X for every requirement of E that X has occurred, is in effect or is over (with the clause)."""
    graph: dict[tuple[str, str], ClauseInfo] = {}
    for eid in model.events:  # the modelled events (all, or a cone), in id order
        for clause in kb.events[eid].conditions:
            logic = clause.logic or {}
            if logic.get("role") != "requirement":
                continue
            for cond in logic.get("when", []) or []:
                if cond.get("event") in kb.events and cond["kind"] in ("occurred", "over", "in_effect") \
                        and not cond.get("negated"):
                    info = ClauseInfo(0, eid, clause.line, f"{clause.marker} {clause.text}".strip(), "requirement")
                    graph[(eid, cond["event"])] = info  # the last clause stating the edge, as networkx kept it
    return graph


def has_cycle(edges) -> bool:
    sorter = graphlib.TopologicalSorter()
    for a, b in edges:
        sorter.add(a, b)
    try:
        sorter.prepare()
    except graphlib.CycleError:
        return True
    return False


MAX_CYCLES_PER_GROUP = 3


def find_cycles(graph: dict[tuple[str, str], ClauseInfo]) -> list[list[ClauseInfo]]:
    """The shortest requirement cycles, at most ``MAX_CYCLES_PER_GROUP`` per group of mutually requiring events
    (a strongly connected component), each as the clauses along it, starting at its lowest event. Listing every
    simple cycle is exponential (10 mutually requiring events have about a million); the number of events in
    each group is given by ``cycle_groups``."""
    return [c for _, cycles in cycle_groups(graph) for c in cycles]


def cycle_groups(graph: dict[tuple[str, str], ClauseInfo]) -> list[tuple[list[str], list[list[ClauseInfo]]]]:
    """(events of the group, its shortest cycles) for every group of events that require each other."""
    if not has_cycle(graph):
        return []
    import networkx as nx

    digraph = nx.DiGraph()
    digraph.add_edges_from(graph)
    out = []
    for comp in nx.strongly_connected_components(digraph):
        members = sorted(comp, key=event_sort_key)
        if len(members) == 1 and (members[0], members[0]) not in graph:
            continue
        sub = digraph.subgraph(comp)
        found: dict[tuple[str, ...], list[str]] = {}
        for start in members:  # the shortest cycle through each event: a BFS back to it (linear per event)
            path = _shortest_cycle(sub, start)
            if path:
                k = min(range(len(path)), key=lambda i: event_sort_key(path[i]))
                path = path[k:] + path[:k]
                found.setdefault(tuple(path), path)
        best = sorted(found.values(), key=lambda c: (len(c), [event_sort_key(e) for e in c]))[:MAX_CYCLES_PER_GROUP]
        out.append((members, [[graph[(a, b)] for a, b in zip(c, c[1:] + c[:1])] for c in best]))
    out.sort(key=lambda g: event_sort_key(g[0][0]))
    return out


def _shortest_cycle(graph, start: str) -> list[str] | None:
    from collections import deque

    parent: dict[str, str | None] = {start: None}
    todo = deque([start])
    while todo:
        node = todo.popleft()
        for nxt in sorted(graph.successors(node), key=event_sort_key):
            if nxt == start:
                path = [node]
                while parent[path[-1]] is not None:
                    path.append(parent[path[-1]])
                return path[::-1]
            if nxt not in parent:
                parent[nxt] = node
                todo.append(nxt)
    return None


def find_conflicts(model: LogicModel, stats: Stats | None = None) -> list[Conflict]:
    stats = stats if stats is not None else Stats()
    started = time.perf_counter()
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], "\n".join(model.effect_facts) + "\n")  # what conflicts.lp reads, not the whole model
    ctl.load(str(asp_dir() / "conflicts.lp"))
    ctl.ground([("base", [])])
    grounded = time.perf_counter()
    stats.ground_seconds += grounded - started
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
    stats.solve_seconds += time.perf_counter() - grounded
    stats.solves += 1
    found.sort(key=lambda c: (event_sort_key(c.event), c.clauses[0].line))
    return found


def analyse(kb: KnowledgeBase, time_limit: float = 2.0, max_horizon: int = DEFAULT_MAX_HORIZON,
            events: set[str] | None = None, use_witness: bool = True, overall_limit: float = 30.0,
            known_dependencies: dict | None = None) -> Analysis:
    """Decide can / never / unknown for every event, case and conditional part.

    First a greedy witness history (witness.py) proves most events and scopes playable at once. Each event left
    over is asked of clingo in a model of its cone: horizons double (1, 2, 4, …) up to the cone's bound; a
    satisfiable answer decides ``can``, one still unsatisfiable at the bound ``never`` (with the minimal set of
    clauses that rule it out), a time limit ``unknown``. ``known_dependencies``: the dependencies of events
    as they are in ``kb``, already computed (``facts.DependencyIndex``), to walk cones without reading every event.
    """
    start = time.perf_counter()
    index = DependencyIndex(kb, known_dependencies)
    # Asked about some events only (checking contributed texts): the model of their cone, which holds every cycle
    # through them and every conflict of their effects.
    model = build_model(kb, set(events), index) if events else build_model(kb)
    analysis = Analysis(model)
    analysis.cycle_groups = cycle_groups(requirement_graph(kb, model))
    analysis.cycles = [c for _, cycles in analysis.cycle_groups for c in cycles]
    stats = Stats()
    analysis.conflicts = find_conflicts(model, stats)
    witness = (certified_witness(kb, stats, deadline=start + overall_limit, only=events, index=index, model=model)
               if use_witness else Witness())
    scopes_of: dict[str, list[ClauseInfo]] = {}
    for cid, info in sorted(model.clauses.items()):
        if info.role in ("case", "part") and cid in model.scopes:
            scopes_of.setdefault(info.event, []).append(info)
    if use_witness:
        _more_cases(kb, index, witness, scopes_of, events, stats, start + overall_limit)
    worst_horizon = 0
    for eid in model.events:
        if events is not None and eid not in events:
            continue
        scopes = scopes_of.get(eid, [])
        open_scopes = [s for s in scopes if (eid, s.line) not in witness.scopes]
        if eid in witness.fired:
            analysis.verdicts.append(Verdict(eid, eid, "can", kind="event"))
            analysis.verdicts.extend(Verdict(_scope_subject(s), eid, "can", s.line, kind=s.role)
                                     for s in scopes if (eid, s.line) in witness.scopes)
            if not open_scopes:
                continue
        else:
            open_scopes = scopes
        left = overall_limit - (time.perf_counter() - start)
        if left <= 0:  # the overall limit: what is not decided yet stays unknown, never guessed
            if eid not in witness.fired:
                analysis.verdicts.append(Verdict(eid, eid, "unknown", kind="event"))
            analysis.verdicts.extend(Verdict(_scope_subject(s), eid, "unknown", s.line, kind=s.role)
                                     for s in open_scopes)
            continue
        verdicts, horizon = _solve_event(kb, index, eid, None if eid in witness.fired else eid, open_scopes,
                                         min(time_limit, left), max_horizon, stats, start + overall_limit)
        worst_horizon = max(worst_horizon, horizon)
        analysis.verdicts.extend(verdicts)
    analysis.complete = all(v.status != "unknown" for v in analysis.verdicts)
    analysis.horizon = max(worst_horizon, witness.turns)
    analysis.stats = stats
    analysis.seconds = time.perf_counter() - start
    return analysis


MAX_CASE_ROUNDS = 4


def _more_cases(kb, index, witness: Witness, scopes_of: dict[str, list[ClauseInfo]], events: set[str] | None,
                stats: Stats, deadline: float) -> None:
    """A firing plays one case of a group, so the first history leaves the other cases open. Each round builds
    another greedy history that plays cases not shown yet where it can, and adds what clingo confirms of it
    (witness.certified_witness with ``avoid``), until a round shows nothing new; what stays open is asked of
    clingo one event at a time."""
    for _ in range(MAX_CASE_ROUNDS):
        open_events = {eid for eid in witness.fired if (events is None or eid in events)
                       and any((eid, s.line) not in witness.scopes for s in scopes_of.get(eid, []))}
        if not open_events:
            return
        more = certified_witness(kb, stats, deadline=deadline, only=open_events, index=index, avoid=witness.scopes)
        new = more.scopes - witness.scopes
        if not new:
            return
        witness.scopes |= new


def _scope_subject(info: ClauseInfo) -> str:
    return f"{info.event} / {info.text.split(':')[0].strip()}"


def _solve_event(kb, index, eid: str, event_question: str | None, scopes: list[ClauseInfo], time_limit: float,
                 max_horizon: int, stats: Stats, deadline: float = float("inf")) -> tuple[list[Verdict], int]:
    """Ask clingo about one event (if not yet shown playable) and its open scopes, in the model of its cone. The
    same question about the same facts is answered from ``solve_memo`` (a re-check of an edit that left the logic
    as it was)."""
    events = index.cone({eid})
    model = build_model(kb, {eid}, index)
    bound = horizon_bound(kb, sorted(events))
    top = min(bound, max_horizon)
    repeaters = repeats_matter(kb, sorted(events))
    unproven = unproven_reason(repeaters, top) if bound <= max_horizon else ""
    local = {(i.event, i.line): cid for cid, i in model.clauses.items() if i.role in ("case", "part")}
    questions = []
    if event_question:
        questions.append(("want", eid, eid, None))
    for s in scopes:
        questions.append(("want_scope", local[(s.event, s.line)], _scope_subject(s), s))
    # Horizons double (1, 2, 4, … and the bound): a "can" needs some history, not the shortest one, and a
    # "never" is decided at the bound alone; asking at every turn cost a solve per turn of a deep cone.
    steps = sorted({min(2 ** k, top) for k in range(top.bit_length() + 1)})
    memo_key = solve_memo.key(model.program(), model.clauses, [asp_dir() / name for name in PROGRAMS],
                              control_args(), [(ext, arg, subject) for ext, arg, subject, _ in questions], steps,
                              (bound <= max_horizon, tuple(repeaters)))
    kept = solve_memo.get(memo_key)
    if kept is not None:
        horizon, answers = kept
        made: dict[str, Verdict] = {}  # a subject asked twice has the first question's verdict, as below
        for (_, _, subject, info), (status, core) in zip(questions, answers):
            if subject not in made:
                made[subject] = Verdict(subject, eid, status, info.line if info else None,
                                        [model.clauses[c] for c in core], info.role if info else "event",
                                        unproven if status == "unknown" and core else "")
        return [made[subject] for _, _, subject, _ in questions], horizon
    session = Session(model)
    decided: dict[str, Verdict] = {}
    cores: dict[str, list[int]] = {}  # subject -> the clause ids its verdict is explained by
    complete = True  # no time limit cut a question short: the answers can be kept
    for t in steps:
        if time.perf_counter() >= deadline:
            complete = False
            break
        session.extend(t)
        session.set_query(t, True)
        for ext, arg, subject, info in questions:
            if subject in decided:
                continue
            kind = info.role if info else "event"
            line = info.line if info else None
            session.set_external(ext, [arg], True)
            res = session.solve(time_limit=max(0.01, min(time_limit, deadline - time.perf_counter())), read_atoms=False)
            if res.status == "sat":
                decided[subject] = Verdict(subject, eid, "can", line, kind=kind)
            elif res.status == "unknown":
                decided[subject] = Verdict(subject, eid, "unknown", line, kind=kind)
            elif t == top:
                # The question stays assumed while the core shrinks: otherwise every trial is satisfiable and
                # nothing is removed.
                core = cores[subject] = session.minimise_core(res.core, time_limit=time_limit)
                status = "never" if bound <= max_horizon and not unproven else "unknown"
                decided[subject] = Verdict(subject, eid, status, line, [model.clauses[c] for c in core], kind,
                                           unproven if status == "unknown" else "")
            session.set_external(ext, [arg], False)
        session.set_query(t, False)
        if len(decided) == len(questions):
            break
    stats.ground_seconds += session.stats.ground_seconds
    stats.solve_seconds += session.stats.solve_seconds
    stats.solves += session.stats.solves
    stats.unanswered += session.stats.unanswered
    out = [decided.get(subject) or Verdict(subject, eid, "unknown", info.line if info else None,
                                           kind=info.role if info else "event")
           for _, _, subject, info in questions]
    if complete and not session.stats.unanswered and all(subject in decided for _, _, subject, _ in questions):
        solve_memo.put(memo_key, (session.horizon, [(decided[subject].status, cores.get(subject, []))
                                                    for _, _, subject, _ in questions]))
    return out, session.horizon

