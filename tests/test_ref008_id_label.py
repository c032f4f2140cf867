"""REF008 id-label-mismatch: a name in parentheses after an event id that is not that event's title, in the EU
texts (Roman periods, through the whole pipeline) and in a card game whose periods are Early / Mid / Late (a
one-game view, as the checks see it)."""

from __future__ import annotations

import sys

import pytest

from checker.checks import CheckContext, registry
from checker.checks.reference import ref008_id_label as ref008
from checker.core.model import KnowledgeBase
from checker.engine.run import check_paths
from checker.logic.reader.grammar import Vocabulary
from checker.logic.reader.labels import id_labels, names_match
from checker.textformat import parse_document

from .conftest import TWO_EVENTS
from .test_checks_growth import _cpu, mixed_text

CW_PROFILE = {"id": "cw", "name": "A cold-war card game", "deck": "cumulative",
              "periods": [{"id": "Early"}, {"id": "Mid"}, {"id": "Late"}],
              "countries": [{"code": "US", "name": "United States"}, {"code": "USSR", "name": "Soviet Union"}]}

CW_TEXT = """\
21: NATO (historical date: 1949)
(duration: permanent)
EVENTS PHASE:
1. The US may place influence in Western Europe.
23: MARSHALL PLAN (historical date: 1947)
(duration: permanent)
EVENTS PHASE:
1. The US places influence in Western Europe.
5: WARSAW PACT (historical date: 1955)
(duration: permanent)
EVENTS PHASE:
1. Cancels the effects of 21:Early ({name}) for USSR only.
"""


def ref008_findings(kb_root):
    return [f for f in check_paths([], str(kb_root), selected={"REF008"}).findings if f.rule == "REF008"]


def test_ref008_finds_a_misspelled_name_after_an_id(mini_kb):
    root = mini_kb({"a.txt": TWO_EVENTS.format(ref="1:VII (Frist)")}, "VII")
    (f,) = ref008_findings(root)
    assert (f.subject, f.severity, f.category) == ("2:VII", "warning", "reference")
    assert "did you mean 'FIRST'" in f.message and f.file.endswith("02.yaml")


def test_ref008_passes_the_right_name_in_any_case(mini_kb):
    root = mini_kb({"a.txt": TWO_EVENTS.format(ref="VII:1 (first)")}, "VII")
    assert ref008_findings(root) == []


def test_ref008_names_the_event_whose_title_was_written(mini_kb):
    root = mini_kb({"a.txt": TWO_EVENTS.format(ref="1:VII (Second)")}, "VII")
    (f,) = ref008_findings(root)
    assert "'Second' is the title of 2:VII" in f.message


def _cw_view(name: str):
    doc = parse_document(CW_TEXT.format(name=name), "cw.txt", "Early", game="cw")
    kb = KnowledgeBase(root=".", events={e.key: e for e in doc.events}, games={"cw": CW_PROFILE})
    return kb.view("cw")


def _run(view):
    ctx = CheckContext(view, lambda subject, line: (f"{subject}.yaml", line))
    return list(ref008.check(ctx.for_check(registry()["REF008"])))


def test_ref008_in_a_card_game_with_free_period_labels():
    (f,) = _run(_cw_view("Natto"))
    assert f.subject == "5:Early" and f.line == 12
    assert "21:Early is titled 'NATO'" in f.message and "did you mean 'NATO'" in f.message


def test_ref008_card_game_passes_and_catches_another_cards_name():
    assert _run(_cw_view("NATO")) == []
    (f,) = _run(_cw_view("Marshall Plan"))
    assert "'Marshall Plan' is the title of 23:Early" in f.message


def test_remarks_after_an_id_are_not_names():
    vocab = Vocabulary(periods=("Early", "Mid"))
    text = ("If 21:Early (see event 4:Mid) has been played, 22:Early (annexation of Portugal) and "
            "Mid:3 (Glasnost) …")
    assert [(h.event, h.name) for h in id_labels(text, vocab)] == [("3:Mid", "Glasnost")]
    assert names_match("War of Independence by the colonies", "WAR OF INDEPENDENCE IN THE COLONIES")
    assert names_match("Richelieu", "RICHELIEU") and not names_match("Natto", "NATO")


def test_ref008_is_registered():
    assert registry()["REF008"].severity == "warning" and sys.modules[ref008.__name__].CODE == "REF008"


def _mixed(n: int, seed: int = 3) -> str:
    return mixed_text(["21:Early", " (", "NATO", ")", "(", "Early:21 ", "Natto", " ", "1:", ":1", "(see event 4:Mid)",
                       "Early", "  ", "\n"], n, seed)


@pytest.mark.slow
def test_id_labels_grow_linearly():
    vocab = Vocabulary(periods=("Early", "Mid", "Late"))
    t10k = _cpu(lambda t: id_labels(t, vocab), _mixed(10_000))
    t100k = _cpu(lambda t: id_labels(t, vocab), _mixed(100_000))
    t1m = _cpu(lambda t: id_labels(t, vocab), _mixed(1_000_000))
    assert t100k / t10k <= 20 and t1m / t100k <= 20, (t10k, t100k, t1m)
    assert id_labels(_mixed(100_000), vocab)  # the input does hold pairs
