"""The language server's words for a reading (checker/lsp/words.py) say what docs/logic.md S1 says of a failed
requirement's outcome: a delayed draw, like "nothing happens", is re-rolled (nothing is played), never "marked as
played"."""

from __future__ import annotations

import pytest

from checker.core.model import KnowledgeBase
from checker.logic.reader.read import _REROLLED
from checker.lsp.words import ON_FAIL, logic_words


def _words(on_fail):
    return logic_words({"role": "requirement", "when": [{"kind": "occurred", "event": "1:IV"}], "on_fail": on_fail},
                       KnowledgeBase(root="."))


@pytest.mark.parametrize("on_fail", sorted(o for o in _REROLLED if o))
def test_a_rerolled_outcome_is_said_to_be_rerolled(on_fail):
    words = _words(on_fail)
    assert "re-rolled" in words or "R result" in words, words
    assert "marked as played" not in words and "marked off as played" not in words, words


@pytest.mark.parametrize("on_fail", ["mark_off", "consider_played"])
def test_a_marked_outcome_is_said_to_be_played(on_fail):
    assert "played" in _words(on_fail)


def test_every_outcome_has_words():
    assert set(ON_FAIL) >= {o for o in _REROLLED if o} | {"mark_off", "consider_played", "refused_renewable"}
