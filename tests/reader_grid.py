"""What the reader's grid tests (tests/test_reader_grid_*.py) share: a reader for a small games block, that reads a
sentence as it stands in an event's text (``opening``: among the event's opening conditions) and gives its logic
without the ``derived_from`` mark, or None when the sentence states no rule."""

from __future__ import annotations

from checker.logic.reader.read import read_text
from tests.heldout.score import vocabularies


def reader(games: dict):
    """``read(game, event, text, opening=False)`` for the games of ``games`` (the held-out corpora's block)."""
    vocabs = vocabularies(games)

    def read(game, event, text, opening=False):
        got = read_text(text, event, vocab=vocabs[game], opening=opening)
        if got is not None:
            got.pop("derived_from", None)
        return got

    return read


def assert_reported(got, reason: str = "") -> None:
    """``got`` is a sentence reported as not read (the words it could not read and why), never dropped (None) nor
    read; its reason starts with ``reason`` when one is given."""
    assert got is not None and got["role"] == "unread", got
    assert got["reason"].startswith(reason), got


def st(kind: str, event: str) -> dict:
    """An event's state, or an effect on an event, as the reader writes it (``{kind, event}``)."""
    return {"kind": kind, "event": event}


def owns(subject: str, value: str, negated: bool = False) -> dict:
    """``subject`` owns ``value`` (or does not), as the reader writes it."""
    return {"kind": "owns", "subject": subject, "value": value, **({"negated": True} if negated else {})}


def req(*when, on_fail=None, effects=None) -> dict:
    """A requirement of ``when`` (all of them), its outcome and the effects it states, as the reader writes it."""
    return {"role": "requirement", "when": list(when), **({"on_fail": on_fail} if on_fail else {}),
            **({"effects": effects} if effects else {})}
