"""Parsing then rendering is lossless: token-equal for all five seeds, from the parser and from the bundled KB."""

from __future__ import annotations

import pytest

from checker.kb.store import load_kb
from checker.textformat import parse_document, tokens
from checker.textformat.render import entry_pieces, render_source

from .conftest import KB, SEED_PERIODS, seed_files


def _render(doc) -> str:
    pieces = []
    for order, entry in enumerate([*doc.events, *doc.rules, *doc.glossaries]):
        pieces.extend((line, order, text) for line, text in entry_pieces(entry))
    pieces.sort(key=lambda p: (p[0], p[1]))
    return "\n".join(t for *_, t in pieces)


@pytest.mark.parametrize("seed", seed_files(), ids=lambda p: p.name)
def test_parse_render_is_token_equal(seed):
    text = seed.read_text(encoding="utf-8")
    doc = parse_document(text, seed.name, SEED_PERIODS.get(seed.name), game="eu")
    assert tokens(_render(doc)) == tokens(text)


@pytest.mark.parametrize("seed", seed_files(), ids=lambda p: p.name)
def test_bundled_kb_renders_every_seed_back(seed):
    kb = load_kb(str(KB)).kb
    assert tokens(render_source(kb, seed.name)) == tokens(seed.read_text(encoding="utf-8"))


def test_a_dropped_line_is_noticed():
    """The round-trip comparison is sharp: losing one clause breaks it."""
    seed = seed_files()[0]
    text = seed.read_text(encoding="utf-8")
    doc = parse_document(text, seed.name, "VII", game="eu")
    doc.events[0].body[0].clauses.pop()
    assert tokens(_render(doc)) != tokens(text)


def test_bundled_kb_holds_every_seed_entry():
    kb = load_kb(str(KB)).kb
    assert len([e for e in kb.events.values() if e.period == "IV"]) == 21
    assert len([e for e in kb.events.values() if e.period == "VII"]) == 13
    kinds = {r.kind for r in kb.rules.values()}
    assert {"rule_change", "variant", "section", "optional_rule", "guideline", "standard_effect",
            "secondary_effect", "event_type", "example"} <= kinds
    assert "eurw-glossary" in kb.glossaries
    assert {"eu", "pop", "awaw"} <= set(kb.games)
