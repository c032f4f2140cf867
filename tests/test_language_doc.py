"""docs/language.md is generated from the lexicon and its examples, and every example reads as it is shown."""

from __future__ import annotations

import dataclasses
import pathlib

import pytest

from checker.games import profile
from checker.kb.store import load_kb
from checker.logic.reader.describe import notation
from checker.logic.reader.grammar import vocabulary_of
from checker.logic.reader.language_doc import examples, render
from checker.logic.reader.phrases import TitleIndex
from checker.logic.reader.read import read_text

REPO = pathlib.Path(__file__).resolve().parents[1]
KBS = {"eu": (REPO / "kb", "9:VII"), "coldwar": (REPO / "examples" / "coldwar" / "kb", "4:Mid")}


def _vocab(game):
    root, event = KBS[game]
    kb = load_kb(str(root)).kb.view(game)
    vocab = vocabulary_of(profile(kb.games, game))
    return dataclasses.replace(vocab, titles=TitleIndex([(e.title, e.id) for e in kb.events.values()])), event


@pytest.mark.parametrize("game, sentence, reading", [(g, s, r) for _, g, rows in examples() for s, r in rows])
def test_every_example_reads_as_shown(game, sentence, reading):
    vocab, event = _vocab(game)
    logic = read_text(sentence, event, vocab=vocab)
    if reading is None:
        assert logic is not None and logic["role"] == "unread", logic
    else:
        assert notation(logic) == reading


def test_docs_language_md_is_generated():
    assert (REPO / "docs" / "language.md").read_text(encoding="utf-8") == render(), \
        "regenerate: python -m checker.logic.reader.language_doc > docs/language.md"
