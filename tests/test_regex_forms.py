"""Patterns rewritten for speed find exactly what their first forms found.

A pattern that starts with a look-behind or a word boundary makes Python's regex engine try it at every position
of a text; written with its first letter first (the boundary checked after that letter), the engine skips to the
letters it can start with. The first forms are kept here as the reference, and each rewritten pattern must give
the same matches (spans and groups) on hypothesis-made texts from the characters that matter to it.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.core import ids
from checker.checks.naming import gazetteer
from checker.checks.naming import nam003_two_spellings_in_event as nam003
from checker.checks.style import sty004_real_word_errors as sty004

pytestmark = pytest.mark.slow  # not in the fast tier (issue 34): hypothesis, rewritten forms vs first forms

FIRST_FORMS = {
    "gazetteer upper-case runs": (gazetteer._UPPER_SEQ,
                                  re.compile(r"(?<![\w/+-])([A-ZÄÖÜ]{3,}(?: [A-ZÄÖÜ]{3,})*)(?![\w+-])"),
                                  "ABCÄÖÜabé/+- _1."),
    "STY004 articles": (sty004._ARTICLE, re.compile(r"\b(a(?= [aeiouhA-Z0-9])|an|An) ([A-Za-z0-9]+)"),
                        "aAnNhuxE8 _é-."),
    "NAM003 names": (nam003._NAME, re.compile(r"\b[A-Z][A-Za-z]{4,}\b"), "ABab _é1-"),
}


def _matches(pattern: re.Pattern, text: str):
    return [(m.span(), m.groups()) for m in pattern.finditer(text)]


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(sorted(FIRST_FORMS)), st.data())
def test_a_rewritten_pattern_matches_as_its_first_form(name, data):
    fast, first, alphabet = FIRST_FORMS[name]
    text = data.draw(st.text(alphabet=alphabet, max_size=40))
    assert _matches(fast, text) == _matches(first, text), (name, text)


_RULE_PIECES = ["rule", "rules", "political rules", "Rule", "(", ")", "1.2", "3.4.A", "12.3", "1.", ".2", " ", ".",
                "A", "x", "ES3", "7:VII"]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_RULE_PIECES), max_size=8).map("".join))
def test_rule_references_are_looked_for_only_where_they_can_be(text):
    """find_references runs the rule-number pattern only on a text holding "rule" or "(" and a digit, a dot and
    a digit: it finds what running it on every text with a dot found."""
    found = [r for r in ids.find_references(text, 1) if r.kind == "rule"]
    every = [m.group(0).lstrip("(") for m in ids._RULE_REF_RE.finditer(text)] if "." in text else []
    assert [r.text for r in found] == every, text


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="0123456789٣²aAzé.: ", max_size=5))
def test_list_markers_are_read_as_the_patterns_read_them(marker):
    """STR003 reads a marker's number or letter with string methods instead of re.fullmatch per clause."""
    from checker.checks.structure.str003_numbering import _value

    label = marker.rstrip(".").strip()
    if re.fullmatch(r"\d{1,2}", label):
        expected = ("number", int(label))
    elif re.fullmatch(r"[a-z]", label):
        expected = ("letter", ord(label) - ord("a") + 1)
    else:
        expected = None
    assert _value(marker) == expected


_PAIR_PIECES = ["the", "The", "THE", "a", "A", "an", "An", "this", "its", "each", "had", "x1", "_", " ", " ", ",",
                "-", "ab", "Ab", "1", "k"]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_PAIR_PIECES), max_size=10).map("".join))
def test_ascii_mode_pair_patterns_match_as_the_unicode_ones_on_ascii_texts(text):
    """STY004 scans a plain-ASCII text with its doubled-word and doubled-determiner patterns compiled in ASCII
    mode (faster): on such a text they match exactly as the Unicode patterns do."""
    for fast, first in zip(sty004._PAIRS_ASCII, sty004._PAIRS):
        assert _matches(fast, text) == _matches(first, text), text
