"""What can fire now: for a game in progress (a recorded log), one verdict per event (docs/now.md).

The question is posed to clingo over the programs of ``asp/`` and the facts of ``facts.build_model``, with the
log's draws as ``logged``/``lognone`` facts (asp/query.lp) and the question text ``QUESTION_STEP`` and ``QUESTION_FINAL`` below, grounded
turn by turn to the horizon ``len(log) + bound`` (``analysis.horizon_bound`` of the game's events). The rules
site's companion page poses the very same program (``question_program``) to clingo compiled to WebAssembly:

* one brave solve (all clauses on) collects what some legal continuation can do: at the next turn (the turn
  after the log's last) which events can be drawn, fire, be marked, refused or re-rolled, which requirement
  clauses fail and which of their conditions are unmet; and which events fire at any turn from then on;
* for each event that fires in no continuation (*never*), one solve assuming ``nv_goal(E)`` gives an
  unsatisfiable core over ``on/1``, shrunk by linear elimination (``Session.minimise_core``): the clauses that
  rule it out.

Verdicts: ``can_fire`` (some continuation fires it at the next draw), ``not_now`` (it can fire later, not at the
next draw), ``never``, ``inconclusive`` (an unread sentence in its cone, ``basis.unread_basis``, or a time limit).
Nothing here decides a rule: the semantics is asp/'s; Python only reads the answer sets.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import clingo

from ..core.model import KnowledgeBase
from .analysis import horizon_bound, unproven_by_event
from .facts import ClauseInfo, DependencyIndex, LogicModel, build_model, q
from .solver import Session

# The question, in the vocabulary of asp/ (draw.lp, conditions.lp, query.lp). next_turn(N): the turn after the log.
QUESTION_STEP = """\
% now: what a legal continuation of the log can do at the next turn and later (checker/logic/now.py).
#program step(t).
nx_draw(E) :- next_turn(t), draw(E,t).
nx_fires(E) :- next_turn(t), fires(E,t).
nx_marked(E) :- next_turn(t), marked(E,t).
nx_refused(E) :- next_turn(t), refused(E,t).
nx_rerolled(E) :- next_turn(t), draw(E,t), not fires(E,t), not marked(E,t), not refused(E,t).
nx_fails(E,C) :- next_turn(t), draw(E,t), req(E,C), fails(C,t).
nx_unmet(E,C,K) :- next_turn(t), draw(E,t), req(E,C), fails(C,t), when(C,K), not holds(K,t).
nx_unmet(E,C,K) :- next_turn(t), draw(E,t), req(E,C), fails(C,t), any(C,K), not holds(K,t).
nx_unless(E,C,K) :- next_turn(t), draw(E,t), req(E,C), fails(C,t), unless(C,K), holds(K,t).
later(E) :- fires(E,t), next_turn(N), t >= N.
#program base.
"""
# Grounded once after the last turn (Session.finish): nv_goal(E) assumed asks "can E still fire?".
QUESTION_FINAL = """\
{ nv_goal(E) : event(E) }.
:- nv_goal(E), not later(E).
#show nx_draw/1. #show nx_fires/1. #show nx_marked/1. #show nx_refused/1. #show nx_rerolled/1.
#show nx_fails/2. #show nx_unmet/3. #show nx_unless/3. #show later/1.
"""

VERDICTS = ("can_fire", "not_now", "never", "inconclusive")
OUTCOME_WORDS = {"fires": "fires", "marked": "marked off", "refused": "refused", "rerolled": "re-roll"}


# The question grounds every event at every turn of the horizon, and clingo's grounding cannot be stopped by a time
# limit. Its cost grows faster than events x turns (synthetic games, ``bench.generate``: 100 events over 126 turns
# ground in 1 s and 120 MB; 200 over 276 in 14 s and 1.1 GB; 300 over 424 in 53 s and 3.2 GB; 1,000 events passed
# 13 GB before they were stopped). Above this many event-turns the question is not asked: every verdict is
# inconclusive and says why (the bundled games: at most 1,564).
MAX_EVENT_TURNS = 25_000


def too_large(kb: KnowledgeBase, entries) -> str | None:
    """Why the question for ``kb`` after ``entries`` is not asked (its size), or None."""
    turns = horizon(kb, entries)
    size = len(kb.events) * turns
    if size <= MAX_EVENT_TURNS:
        return None
    return (f"the question is too large to ask: {len(kb.events):,} events over a horizon of "
            f"{turns:,} turns ({size:,} event-turns; the limit is {MAX_EVENT_TURNS:,}, as grounding "
            "it cannot be cut short)")


def log_facts(entries) -> str:
    """``logged``/``lognone`` facts for validated log entries (logs.py), and ``next_turn``."""
    by_turn = {e.turn: e for e in entries}
    turns = max(by_turn, default=0)
    out = [f"logged({t},{q(by_turn[t].event)},{q(by_turn[t].outcome)})." if t in by_turn else f"lognone({t})."
           for t in range(1, turns + 1)]
    out.append(f"next_turn({turns + 1}).")
    return "\n".join(out) + "\n"


def horizon(kb: KnowledgeBase, entries) -> int:
    """Turns grounded: the log, then the game's horizon bound (docs/logic.md S9) for what can still fire."""
    return max((e.turn for e in entries), default=0) + horizon_bound(kb, sorted(kb.events))


def question_program(model: LogicModel, entries) -> str:
    """The whole question as one text (what the companion page gives clingo): the model's facts, the log, asp/'s
    programs and the question; grounded as base, step(1..H), final."""
    from .solver import PROGRAMS, asp_dir

    asp = "".join((asp_dir() / name).read_text(encoding="utf-8") + "\n#program base.\n" for name in PROGRAMS)
    return (model.program() + log_facts(entries) + "no_questions.\n" + asp + QUESTION_STEP
            + "#program final.\n" + QUESTION_FINAL)


@dataclass
class Verdict:
    event: str
    verdict: str
    outcomes: list[str] = field(default_factory=list)  # what a draw at the next turn can lead to
    failing: list[dict] = field(default_factory=list)  # {clause: ClauseInfo, needs: [words], unless: [words]}
    explanation: list[ClauseInfo] = field(default_factory=list)
    read_verdict: str | None = None  # for inconclusive: what was found over what was read
    unread: list = field(default_factory=list)
    message: str = ""


@dataclass
class NowResult:
    status: str  # answered | illegal | inconclusive
    next_turn: int
    verdicts: list[Verdict] = field(default_factory=list)
    illegal: object = None  # orders.OrderResult of check_log when the log is illegal
    message: str = ""
    seconds: float = 0.0


def _brave(session: Session, time_limit: float):
    conf = session.ctl.configuration.solve
    conf.enum_mode, conf.models = "brave", "0"
    try:
        return session.solve(time_limit=time_limit)
    finally:
        conf.enum_mode, conf.models = "auto", "1"


def _read(atoms) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for a in atoms:
        e = a.arguments[0].string
        d = out.setdefault(e, {"outcomes": set(), "fails": {}, "later": False, "draw": False})
        name = a.name
        if name == "later":
            d["later"] = True
        elif name == "nx_draw":
            d["draw"] = True
        elif name in ("nx_fires", "nx_marked", "nx_refused", "nx_rerolled"):
            d["outcomes"].add(name[3:])
        elif name == "nx_fails":
            d["fails"].setdefault(a.arguments[1].number, {"needs": set(), "unless": set()})
        elif name in ("nx_unmet", "nx_unless"):
            f = d["fails"].setdefault(a.arguments[1].number, {"needs": set(), "unless": set()})
            f["needs" if name == "nx_unmet" else "unless"].add(str(a.arguments[2]))
    return out


def verdicts_from(model: LogicModel, atoms, describe) -> list[Verdict]:
    """One verdict per event of the model from the brave consequences (never: explanation filled in later)."""
    seen = _read(atoms)
    out = []
    order = ("fires", "marked", "refused", "rerolled")
    for eid in model.events:
        d = seen.get(eid, {"outcomes": set(), "fails": {}, "later": False, "draw": False})
        outcomes = [OUTCOME_WORDS[o] for o in order if o in d["outcomes"]]
        if "fires" in d["outcomes"]:
            out.append(Verdict(eid, "can_fire", outcomes))
        elif d["later"]:
            failing = [{"clause": model.clauses[c], "needs": sorted(describe(k) for k in f["needs"]),
                        "unless": sorted(describe(k) for k in f["unless"])} for c, f in sorted(d["fails"].items())]
            msg = "" if d["draw"] else "no legal draw of it at the next turn (none of its cases can be played then)"
            out.append(Verdict(eid, "not_now", outcomes, failing, message=msg))
        else:
            out.append(Verdict(eid, "never", outcomes))
    return out


def what_can_fire(kb: KnowledgeBase, entries, time_limit: float = 10.0, describe=None) -> NowResult:
    """The verdicts for the game after the validated log ``entries`` (an empty log: the game's start)."""
    from .basis import unread_basis
    from .orders import check_log

    start = time.perf_counter()
    deadline = start + time_limit
    model = build_model(kb)
    describe = describe or Describer(model)
    nxt = max((e.turn for e in entries), default=0) + 1
    result = NowResult("answered", nxt)
    large = too_large(kb, entries)
    if large:
        result.status, result.message = "inconclusive", large
        result.verdicts = [Verdict(e, "inconclusive", message=large) for e in model.events]
        result.seconds = time.perf_counter() - start
        return result
    session = Session(model, extra=log_facts(entries) + QUESTION_STEP, final=QUESTION_FINAL, questions=False)
    session.extend(horizon(kb, entries))
    session.finish()
    res = _brave(session, max(0.05, deadline - time.perf_counter()))
    if res.status == "unsat":
        legal = check_log(kb, entries, time_limit=max(0.5, deadline - time.perf_counter()))
        if legal.status == "legal":
            raise RuntimeError("the log is legal but has no legal next turn: a bug in the question")
        result.status, result.illegal, result.message = ("illegal" if legal.status == "illegal" else "inconclusive",
                                                         legal, legal.message)
        result.seconds = time.perf_counter() - start
        return result
    if res.status == "unknown":
        result.status, result.message = "inconclusive", f"time limit of {time_limit:g} s reached"
        result.verdicts = [Verdict(e, "inconclusive", message=result.message) for e in model.events]
    else:
        result.verdicts = verdicts_from(model, res.atoms, describe)
    index = DependencyIndex(kb)
    unproven_of = unproven_by_event(kb, index, [v.event for v in result.verdicts if v.verdict == "never"],
                                    horizon_bound(kb, sorted(kb.events)))
    for v in result.verdicts:
        if v.verdict != "never":
            continue
        unproven = unproven_of[v.event]
        if unproven:  # the horizon proves nothing here (S9)
            v.verdict, v.message = "inconclusive", unproven
            continue
        core = explain_never(session, v.event, candidates(model, index, v.event), deadline)
        if core is None:
            v.verdict, v.message = "inconclusive", f"time limit of {time_limit:g} s reached"
        else:
            v.explanation = [model.clauses[c] for c in core]
    for v in result.verdicts:
        unread = unread_basis(kb, {v.event})
        if unread:
            v.read_verdict, v.verdict, v.unread = v.verdict, "inconclusive", unread
    if any(v.verdict == "inconclusive" for v in result.verdicts) and result.status == "answered":
        result.status = "inconclusive"
    result.seconds = time.perf_counter() - start
    return result


def candidates(model: LogicModel, index: DependencyIndex, event: str) -> list[int]:
    """The clauses an explanation of "``event`` can never fire" is looked for in first: those of its cone."""
    cone = index.cone({event})
    return sorted(c for c, info in model.clauses.items() if info.event in cone)


def explain_never(session: Session, event: str, first: list[int], deadline: float) -> list[int] | None:
    """A minimal set of clauses that rules out every later firing of ``event`` (None at the time limit): none when
    the model's own rules do (no clause assumed); else linear elimination over ``first`` (its cone's clauses), or
    over all clauses when those alone do not rule it out. The companion page runs the same steps (companion.js)."""
    goal = [(clingo.Function("nv_goal", [clingo.String(event)]), True)]

    def unsat(ids) -> bool | None:
        r = session.solve(set(ids), time_limit=max(0.05, deadline - time.perf_counter()), extra_assumptions=goal,
                          read_atoms=False)
        return None if r.status == "unknown" else r.status == "unsat"

    for trial in ([], first, sorted(session.model.clauses)):
        answer = unsat(trial)
        if answer is None:
            return None
        if answer:
            break
    else:
        return None
    keep = list(trial)
    for cid in list(trial):
        smaller = [c for c in keep if c != cid]
        answer = unsat(smaller)
        if answer is None:
            return None
        if answer:
            keep = smaller
    return keep


class Describer:
    """A condition term of the model (``pos(occurred("6:Mid"))``) in words: what would make it true."""

    def __init__(self, model: LogicModel):
        self.labels = model.period_labels
        self.env = model.env
        self.cmp: dict[int, tuple[str, list[str]]] = {}
        for fact in model.program().split("\n"):
            for piece in fact.split(". "):
                piece = piece.strip().rstrip(".")
                if piece.startswith(("cmp_kind(", "cmp_arg(")):
                    sym = clingo.parse_term(piece)
                    n = sym.arguments[0].number
                    kind, args = self.cmp.setdefault(n, ("all", []))
                    if sym.name == "cmp_kind":
                        self.cmp[n] = (sym.arguments[1].name, args)
                    else:
                        args.append(str(sym.arguments[1]))

    def __call__(self, term: str) -> str:
        return self.words(clingo.parse_term(term))

    def words(self, sym) -> str:
        if sym.name in ("pos", "neg") and sym.arguments:
            return self.fluent(sym.arguments[0], sym.name == "neg")
        return str(sym)

    def fluent(self, f, neg: bool) -> str:
        arg = [a.string if a.type == clingo.SymbolType.String else str(a) for a in f.arguments]
        no = "not " if neg else ""
        name = f.name.removeprefix("out_")
        if name == "cmp":
            kind, args = self.cmp.get(f.arguments[0].number, ("all", []))
            parts = [self(a) for a in args]
            if kind == "negation":
                text = f"not ({'; '.join(parts)})"
            else:
                text = (" or " if kind == "any" else " and ").join(parts)
            return f"not ({text})" if neg else text
        if name == "occurred":
            return f"{arg[0]} has {no}been played"
        if name == "in_effect":
            return f"{arg[0]} is {no}in effect"
        if name == "over":
            return f"{arg[0]} is {no}over"
        if name == "exists":
            return f"{arg[0]} does {'not ' if neg else ''}exist" if neg else f"{arg[0]} exists"
        if name == "period_at_least":
            label = self.labels.get(f.arguments[0].number, arg[0])
            return f"the period is {'before' if neg else f'{label} or later'}" + (f" {label}" if neg else "")
        if name == "env":
            return ("it is not so that " if neg else "") + self.env.get(arg[0], arg[0])
        if name == "religion":
            return f"{arg[0]} is {no}{arg[1]}"
        if name == "owner":
            return f"{arg[1]} {'does not own' if neg else 'owns'} {arg[0]}"
        if name == "status":
            return f"{arg[0]} is {no}{arg[1]}"
        return ("not " if neg else "") + str(f)
