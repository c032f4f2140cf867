"""Driving clingo through its Python API: one Control per job, grounding turn by turn, solving with a time limit.

The programs of ``asp/`` are loaded next to the facts of a ``LogicModel``. ``Session.extend(t)`` grounds the
parts ``step(t)`` and ``check(t)`` (the pattern of potassco's iclingo example, written in Python because the pip
package's ``python -m clingo`` ignores ``#include <incmode>``). Every solve runs asynchronously and is
cancelled at its time limit: the answer is then ``unknown``, never a guess.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path

import clingo

from .facts import LogicModel

PROGRAMS = ("time.lp", "draw.lp", "state.lp", "conditions.lp", "effects.lp", "query.lp")


def asp_dir() -> Path:
    """asp/ of the repository (a checkout or an editable install), or the copy installed with the package."""
    env = os.environ.get("RULEKB_ASP")
    if env:
        return Path(env)
    repo = Path(__file__).resolve().parents[2] / "asp"
    if (repo / "draw.lp").exists():
        return repo
    return Path(__file__).resolve().parents[1] / "asp_programs"


@dataclass
class SolveResult:
    status: str  # sat | unsat | unknown
    atoms: list[clingo.Symbol] = field(default_factory=list)
    core: list[int] = field(default_factory=list)  # clause ids whose on(C) is in the unsatisfiable core
    seconds: float = 0.0


@dataclass
class Stats:
    ground_seconds: float = 0.0
    solve_seconds: float = 0.0
    solves: int = 0
    unanswered: int = 0  # solves that gave no answer ("unknown": cut short by their time limit)


def control_args(threads: int = 1, seed: int = 1) -> list[str]:
    """The arguments a ``Session``'s clingo Control is made with."""
    args = ["--warn=none", f"--seed={seed}"]
    if threads > 1:
        args += [f"-t{threads}", "--parallel-mode=2,compete"]
    return args


class Session:
    """One clingo Control for one job (clingo issue 602: repeated Controls can grow memory)."""

    def __init__(self, model: LogicModel, extra: str = "", programs: tuple[str, ...] = PROGRAMS,
                 threads: int = 1, seed: int = 1, final: str = "", questions: bool = True):
        self.model = model
        # questions=False: nothing is asked through query(t) (a log checked as a whole, a count, a query over the
        # whole history), so the check(t) parts, whose constraints hold only while query(t) is on, are not
        # grounded (in a log of 40 events over 60 turns they were a quarter of the ground program), and
        # no_questions tells asp/query.lp not to remember what fired for them.
        self.questions = questions
        if not questions:
            extra += "\nno_questions.\n"
        self.stats = Stats()
        self.ctl = clingo.Control(control_args(threads, seed))
        self.ctl.add("base", [], model.program() + extra)
        for name in programs:
            self.ctl.load(str(asp_dir() / name))
        start = time.perf_counter()
        self.ctl.ground([("base", [])])
        self.stats.ground_seconds += time.perf_counter() - start
        self.horizon = 0
        self._on_literal: dict[int, int] = {}
        self._final = final  # rules over the whole history, grounded by finish()
        if final:
            self.ctl.add("final", [], final)

    def finish(self) -> None:
        """Ground the ``final`` part: constraints over all turns grounded so far (no further extend)."""
        if self._final:
            self.ctl.ground([("final", [])])

    def extend(self, until: int) -> None:
        start = time.perf_counter()
        parts = []
        while self.horizon < until:
            self.horizon += 1
            parts.append(("step", [clingo.Number(self.horizon)]))
            if self.questions:
                parts.append(("check", [clingo.Number(self.horizon)]))
        if parts:
            self.ctl.ground(parts)
        self.stats.ground_seconds += time.perf_counter() - start

    def set_query(self, t: int, value: bool) -> None:
        if not self.questions:
            raise ValueError("this session asks no questions (questions=False): query(t) is not grounded")
        self.ctl.assign_external(clingo.Function("query", [clingo.Number(t)]), value)

    def set_external(self, name: str, args: list, value: bool) -> None:
        # Every external of asp/ is a question (want, want_scope, query): a session that asks none does not ground
        # them, and clingo would take the assignment to a missing external without a word.
        if not self.questions:
            raise ValueError(f"this session asks no questions (questions=False): {name} is not grounded")
        self.ctl.assign_external(clingo.Function(name, [clingo.String(a) if isinstance(a, str) else clingo.Number(a)
                                                        for a in args]), value)

    def on_literals(self) -> dict[int, int]:
        if not self._on_literal:
            for cid in self.model.clauses:
                atom = self.ctl.symbolic_atoms[clingo.Function("on", [clingo.Number(cid)])]
                if atom is not None:
                    self._on_literal[atom.literal] = cid
        return self._on_literal

    def solve(self, assume_on: set[int] | None = None, time_limit: float = 5.0,
              extra_assumptions: list[tuple[clingo.Symbol, bool]] | None = None, read_atoms: bool = True) -> SolveResult:
        """Solve with on(C) assumed true for ``assume_on`` (all clauses when None). ``read_atoms=False``: only
        whether it is satisfiable is wanted, so the model's atoms are not read (a program without ``#show``
        shows every atom: a certified log of 2,000 events has some 100,000)."""
        ids = set(self.model.clauses) if assume_on is None else assume_on
        assumptions = [(clingo.Function("on", [clingo.Number(c)]), True) for c in sorted(ids)]
        assumptions += extra_assumptions or []
        atoms: list[clingo.Symbol] = []
        core: list[int] = []

        def on_model(m: clingo.Model) -> None:
            atoms[:] = m.symbols(shown=True)

        start = time.perf_counter()
        with self.ctl.solve(assumptions=assumptions, on_model=on_model if read_atoms else None, async_=True) as handle:
            finished = handle.wait(time_limit)
            if not finished:
                handle.cancel()
                handle.wait()
                elapsed = time.perf_counter() - start
                self._count(elapsed)
                self.stats.unanswered += 1
                return SolveResult("unknown", seconds=elapsed)
            result = handle.get()
            if result.unsatisfiable:
                core = handle.core()  # in async mode the core is read from the handle
        elapsed = time.perf_counter() - start
        self._count(elapsed)
        if result.satisfiable:
            return SolveResult("sat", atoms=atoms, seconds=elapsed)
        if result.unsatisfiable:
            lit_map = self.on_literals()
            return SolveResult("unsat", core=sorted({lit_map[x] for x in core if x in lit_map}), seconds=elapsed)
        self.stats.unanswered += 1
        return SolveResult("unknown", seconds=elapsed)

    def _count(self, elapsed: float) -> None:
        self.stats.solve_seconds += elapsed
        self.stats.solves += 1

    def minimise_core(self, core: list[int], time_limit: float = 5.0, **kw) -> list[int]:
        """Linear elimination: drop each clause whose removal keeps the problem unsatisfiable."""
        keep = list(core)
        for cid in list(core):
            trial = [c for c in keep if c != cid]
            res = self.solve(set(trial), time_limit=time_limit, read_atoms=False, **kw)
            if res.status == "unsat":
                keep = trial
        return keep
