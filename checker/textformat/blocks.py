"""Line-level helpers for rule documents: one verbatim block per non-blank line, grouped by blank lines."""

from __future__ import annotations

import re
from collections import Counter

from ..core.model import Block
from .common import TextLine

ITEM_RE = re.compile(
    r"^(?P<m>(?:\d{1,2}\.|[a-z]\.|[A-Z]\.(?:\d+\.)*\d*|[A-Z](?:\.\d+)+|[A-Z][/;][;\\]|•|-)(?=\s))\s+(?P<t>.*)$"
)


def line_block(ln: TextLine, kind: str | None = None) -> Block:
    text = ln.text
    if kind is None:
        m = ITEM_RE.match(text)
        if m:
            return Block("item", m["t"], ln.number, marker=m["m"], indent=ln.indent)
        kind = "paragraph"
    return Block(kind, text, ln.number, indent=ln.indent)


def block_text(block: Block) -> str:
    body = f"{block.marker} {block.text}" if block.marker else block.text
    return " " * block.indent + body


def groups(lines: list[TextLine], min_blank: int = 1) -> list[list[TextLine]]:
    """Runs of non-blank lines separated by at least ``min_blank`` blank lines."""
    out: list[list[TextLine]] = []
    current: list[TextLine] = []
    blanks = 0
    for ln in lines:
        if ln.blank:
            blanks += 1
            continue
        if current and blanks >= min_blank:
            out.append(current)
            current = []
        blanks = 0
        current.append(ln)
    if current:
        out.append(current)
    return out


_STOP = {
    "The", "A", "An", "It", "In", "If", "Its", "This", "These", "All", "When", "While", "New", "No", "Note", "Both",
    "Former", "Separate", "Players", "Allies", "However", "Furthermore", "Conquest", "Stacking", "Friendly",
    "Thus", "After", "Each", "Any", "Of", "For", "From", "During", "Minor", "Non", "Only", "Such", "There",
}


def subject_word(text: str) -> str | None:
    """The most frequent capitalised name in a passage (Hungary/Hungarian count as one), for naming entries."""
    words = re.findall(r"\b[A-Z][a-z]{3,}\b", text)
    stems: Counter[str] = Counter()
    first_form: dict[str, str] = {}
    for w in words:
        if w in _STOP:
            continue
        stem = w[:5]
        stems[stem] += 1
        first_form.setdefault(stem, w)
    if not stems:
        return None
    order = {stem: k for k, stem in enumerate(first_form)}  # first occurrence breaks ties (no list.index per stem)
    stem, count = max(stems.items(), key=lambda kv: (kv[1], -order[kv[0]]))
    if count < 2:
        return None
    word = first_form[stem]
    for suffix, repl in (("ian", "y"), ("ish", ""), ("ese", "")):
        cand = word[: -len(suffix)] + repl if word.endswith(suffix) else None
        if cand and any(w == cand for w in words):
            return cand
    return word
