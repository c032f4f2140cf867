"""One reading of an event's multiplicity marker (``Event.plays``): the ASP facts, the horizon bound and the site
agree on what "*", "2" and no marker mean (docs/logic.md S9)."""

from __future__ import annotations

import pytest

from checker.core.model import Event, KnowledgeBase, Source
from checker.logic.analysis import UNLIMITED_IN_BOUND, horizon_bound
from checker.logic.facts import UNLIMITED_PLAYS
from checker.site.build import multiplicity_words


def _event(eid, marker):
    number, period = eid.split(":")
    return Event(id=eid, game="eu", period=period, number=int(number), title="T", header="T",
                 source=Source("t.txt", 1), multiplicity=marker)


@pytest.mark.parametrize("marker, plays, words", [
    (None, 1, "occurs once"), ("1", 1, "occurs once (1)"), ("3", 3, "occurs 3 times (3)"),
    ("*", None, "may occur several times (*)"), ("x", 1, "occurs once")])
def test_the_marker_read_once(marker, plays, words):
    event = _event("1:VII", marker)
    assert event.plays == plays
    assert multiplicity_words(event) == words


def test_the_bound_and_the_facts_take_plays():
    kb = KnowledgeBase(root="kb")
    for i, marker in enumerate(["*", "3", None], start=1):
        kb.events[f"{i}:VII"] = _event(f"{i}:VII", marker)
    assert horizon_bound(kb, list(kb.events)) == 1 + UNLIMITED_IN_BOUND + 3 + 1
    assert UNLIMITED_PLAYS > horizon_bound(kb, list(kb.events))
