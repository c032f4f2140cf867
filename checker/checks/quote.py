"""Quotes in finding messages: text cut at a word, with "…" where it was cut (one helper for every check)."""

from __future__ import annotations


def head(text: str, limit: int = 60) -> str:
    """The start of a text, at most ``limit`` characters, cut at a word: 'Each HRE minor (active or…'."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit + 1].rsplit(" ", 1)[0] if " " in text[:limit + 1] else text[:limit]
    return cut.rstrip(",;: ") + "…"


def tail(text: str, limit: int = 50) -> str:
    """The end of a text, cut at a word: '…is accelerated two spaces at'."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[-limit - 1:]
    return "…" + (cut.split(" ", 1)[1] if " " in cut else cut[1:])


def around(text: str, start: int, end: int, before: int = 40, after: int = 30) -> str:
    """The words around text[start:end], cut at words on both sides, '…' marking each cut."""
    left = text[max(0, start - before - 1):start]
    right = text[end:end + after + 1]
    if start - before - 1 > 0 and " " in left:
        left = "…" + left.split(" ", 1)[1]
    elif start - before - 1 > 0:
        left = "…" + left
    if end + after + 1 < len(text) and " " in right:
        right = right.rsplit(" ", 1)[0] + "…"
    elif end + after + 1 < len(text):
        right = right + "…"
    return " ".join((left + text[start:end] + right).split())
