"""A rule the reader reads, with words it does not know added at its end, is reported: never dropped as if it stated
no rule. Each sentence the reader reads is tried with an unknown word after it ("… re-roll florp.") and with an
unknown name joined to it ("… and Zorblax."); the shape tests (checker/logic/reader/shape.py) must see a rule in
each, whatever words it is said in. A sentence the grammar reads but the shape tests do not mark is a silent drop
waiting for its first unknown word ("Only if Spain does not own Amsterdam and Paris." was one).

The sentences: every example of docs/language.md that reads (checker/logic/reader/language_examples.yaml), and
(slow) every sentence of the opened held-out dev sets (tests/heldout/dev2.yaml … dev15.yaml) that reads. Not the
test half of corpus.yaml, nor a dev set still unopened. An unknown name joined by "and" may be read as one more
place or country ("… if Spain owns Amsterdam and Zorblax"): that is a reading, not a drop, and passes.
"""

from __future__ import annotations

import pathlib
import re

import pytest
import yaml

from checker.logic.reader.language_doc import examples
from checker.logic.reader.read import read_text
from tests.heldout.score import vocabularies
from tests.test_language_doc import _vocab

HELDOUT = pathlib.Path(__file__).resolve().parent / "heldout"
OPENED = [f"dev{n}.yaml" for n in range(2, 16)]
READ = [(g, s) for _, g, rows in examples() for s, r in rows if r is not None]


def _tails(sentence: str) -> list[str]:
    body = re.sub(r"[.\s]+$", "", sentence)
    letters = [c for c in body if c.isalpha()]
    if letters and all(c.isupper() for c in letters):
        return [f"{body} FLORP.", f"{body} AND ZORBLAX."]  # a text in capitals, and its tail too
    return [f"{body} florp.", f"{body} and Zorblax."]


def _silent(text, event, vocab, opening=False):
    logic = read_text(text, event, vocab=vocab, opening=opening)
    return logic is None


@pytest.mark.parametrize("game, sentence", READ)
def test_a_read_example_with_unknown_words_after_it_is_reported(game, sentence):
    vocab, event = _vocab(game)
    for text in _tails(sentence):
        logic = read_text(text, event, vocab=vocab)
        assert logic is not None and logic["role"] == "unread", (text, logic)


def test_the_examples_are_many():
    assert len(READ) > 20


@pytest.mark.slow
@pytest.mark.parametrize("name", OPENED)
def test_no_read_sentence_of_a_dev_set_is_dropped_with_unknown_words_after_it(name):
    data = yaml.safe_load((HELDOUT / name).read_text(encoding="utf-8"))
    vocabs = vocabularies(data["games"])
    tried, dropped = 0, []
    for s in data["sentences"]:
        if s["reading"] in ("none", "ambiguous"):
            continue
        vocab = vocabs[s["game"]]
        logic = read_text(s["text"], s["event"], vocab=vocab, opening=s["position"] == "requirement")
        if not logic or logic.get("role") == "unread":
            continue
        for text in _tails(s["text"].strip()):
            tried += 1
            if _silent(text, s["event"], vocab):
                dropped.append((s["id"], text))
    assert tried > 100 and not dropped, dropped
