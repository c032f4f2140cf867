"""clingo's answers about an event's cone are kept (checker/logic/solve_memo.py) and given again only for exactly
the same facts and questions: an unchanged KB, or a change that leaves the logic as it was, is answered from the
memo; a changed requirement is asked of clingo again; an answer cut short by a time limit is not kept."""

from __future__ import annotations

import pytest

from checker.kb.store import load_kb
from checker.logic import analysis, solve_memo
from checker.logic.solver import SolveResult

TEXT = """\
PERIOD VII

1: FIRST (historical date: 1780)
(duration: permanent)
1. Cannot occur {when} event 2:VII has occurred.
EVENTS PHASE:
1. Something happens.
2: {title} (historical date: 1781)
(duration: permanent)
1. Cannot occur before event 1:VII has occurred.
EVENTS PHASE:
1. Something else.
"""


@pytest.fixture
def sessions(monkeypatch):
    """How many clingo sessions ``_solve_event`` starts (a memo hit starts none)."""
    made = []
    real = analysis.Session

    def counted(*args, **kw):
        made.append(1)
        return real(*args, **kw)

    monkeypatch.setattr(analysis, "Session", counted)
    solve_memo.clear()
    yield made
    solve_memo.clear()


def verdicts(mini_kb, title="SECOND", when="if"):
    kb = load_kb(str(mini_kb({"p.txt": TEXT.format(title=title, when=when)}))).kb.view("eu")
    found = analysis.analyse(kb, use_witness=False).verdicts
    return {v.subject: (v.status, [(c.event, c.line, c.text) for c in v.explanation]) for v in found}


def test_the_same_facts_are_answered_from_the_memo(mini_kb, sessions):
    first = verdicts(mini_kb)
    assert first["1:VII"][0] == first["2:VII"][0] == "can" and len(sessions) == 2
    assert verdicts(mini_kb) == first and len(sessions) == 2  # asked again: no new session
    assert verdicts(mini_kb, title="THE SECOND") == first and len(sessions) == 2  # a title is no fact


def test_a_changed_requirement_is_not_answered_from_the_memo(mini_kb, sessions):
    """1:VII's requirement turns from 'if 2:VII has occurred' to 'before 2:VII has occurred': the same events,
    cones, horizons and questions, other facts; now the two require each other and neither can fire."""
    assert verdicts(mini_kb)["2:VII"][0] == "can"
    before = len(sessions)
    changed = verdicts(mini_kb, when="before")
    assert len(sessions) == before + 2  # both asked of clingo again
    status, why = changed["1:VII"]
    cycle = ("1:VII", "1. Cannot occur before event 2:VII has occurred.")
    assert status == changed["2:VII"][0] == "never" and cycle in [(e, t) for e, _, t in why], why
    assert verdicts(mini_kb, when="before") == changed and len(sessions) == before + 2  # now those are kept


def test_an_answer_cut_short_by_the_time_limit_is_not_kept(mini_kb, sessions, monkeypatch):
    def timed_out(self, *args, **kw):
        self.stats.unanswered += 1
        return SolveResult("unknown")

    with monkeypatch.context() as m:
        m.setattr("checker.logic.solver.Session.solve", timed_out)
        cut = verdicts(mini_kb)
    assert cut["2:VII"][0] == "unknown" and len(sessions) == 2
    again = verdicts(mini_kb)  # asked of clingo again, not answered "unknown" from the memo
    assert again["2:VII"][0] == "can" and len(sessions) == 4
