"""Where things are in a buffer: event ids under the cursor, the clause a line belongs to, an event's place.

Lines here are 1-based as in the model and in findings; the server turns them into the protocol's 0-based ones.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from ..core.model import Event, KnowledgeBase

_LINE_KEY = re.compile(r"^\s*(?:-\s+)?line:\s*(\d+)\s*$")
_ITEM_START = re.compile(r"^\s*-\s+\w+:")


@dataclass(frozen=True)
class IdSpan:
    """An event id written in a line: where (columns, 0-based, end exclusive), as written, and canonical."""

    start: int
    end: int
    written: str
    target: str


def labels_of(kb: KnowledgeBase | None, game: str | None) -> tuple[str, ...]:
    if kb is None:
        return ()
    from ..games import profile

    own = tuple(sorted(kb.periods(game))) if game else ()
    return tuple(dict.fromkeys((*profile(kb.games, game).periods, *own)))


def event_ids_in(line: str, labels: tuple[str, ...] = ()) -> list[IdSpan]:
    """Every event id in ``line`` (7:VII, VII:7, 21:Early with the game's labels), in order, with its columns."""
    from ..core.ids import find_references

    out: list[IdSpan] = []
    at = 0
    for ref in find_references(line, labels=labels):
        if ref.kind != "event":
            continue
        start = line.find(ref.text, at)
        if start < 0:
            continue
        at = start + len(ref.text)
        out.append(IdSpan(start, at, ref.text, ref.target))
    return out


def id_at(line: str, column: int, labels: tuple[str, ...] = ()) -> IdSpan | None:
    for span in event_ids_in(line, labels):
        if span.start <= column <= span.end:
            return span
    return None


def yaml_line_index(text: str) -> dict[int, int]:
    """Source line -> YAML line (1-based) of the first ``line: N`` naming it, as ``kb/cache.line_index``."""
    from ..kb.cache import line_index

    return line_index(text)


def _item_start(lines: list[str], yaml_line: int) -> int:
    """The line of the ``- key:`` that opens the list item holding the key on ``yaml_line`` (1-based)."""
    k = yaml_line - 1
    while k > 0 and not _ITEM_START.match(lines[k]):
        k -= 1
    return k + 1


def anchors(events: list[Event], text: str, yaml: bool) -> list[tuple[int, object]]:
    """(line in the buffer where it starts, clause / section / event) for each part of the buffer's events, in
    line order: a cursor belongs to the last anchor at or above it."""
    index = yaml_line_index(text) if yaml else None
    lines = text.splitlines() if yaml else []
    out: list[tuple[int, object]] = []

    def place(source_line: int | None, obj: object) -> None:
        if source_line is None:
            return
        if index is None:
            out.append((source_line, obj))
            return
        y = index.get(source_line)
        if y is not None:
            out.append((_item_start(lines, y) if _ITEM_START.match(lines[y - 1]) is None else y, obj))

    for event in events:
        if not yaml:
            place(event.source.line, event)
        for section in event.all_sections():
            place(section.line, section)
        for clause in event.all_clauses():
            place(clause.line, clause)
    out.sort(key=lambda pair: pair[0])
    return out


def thing_at(events: list[Event], text: str, yaml: bool, line: int) -> object | None:
    """The clause, section or event the 1-based ``line`` of the buffer belongs to (None: none of them)."""
    best = None
    for start, obj in anchors(events, text, yaml):
        if start > line:
            break
        best = obj
    return best


def entry_location(kb: KnowledgeBase, event: Event, open_texts: dict[str, str]) -> tuple[str, int] | None:
    """(absolute path, 1-based line) where ``event`` is defined: its KB file, at its title, or the open buffer of
    a text that holds it (``open_texts``: absolute path -> text, for texts checked against this KB)."""
    name = kb.files.get(event.key) or kb.files.get(event.id)
    if name and name.endswith((".yaml", ".yml")):
        path = _kb_path(kb, name)
        text = open_texts.get(path)
        if text is None:
            try:
                with open(path, encoding="utf-8") as fh:
                    text = fh.read()
            except OSError:
                return path, 1
        for k, raw in enumerate(text.splitlines(), start=1):
            if raw.startswith("title:"):
                return path, k
        return path, 1
    for path, text in open_texts.items():
        if path.endswith(".txt") and os.path.basename(path) == event.source.file:
            return path, event.source.line
    return None


def _kb_path(kb: KnowledgeBase, name: str) -> str:
    """A KB file's name in ``kb.files`` (``kb/events/…``: under the KB folder's own name) as an absolute path."""
    if os.path.isabs(name):
        return name
    root = os.path.abspath(kb.root)
    here = os.path.join(os.path.dirname(root), name)
    return here if os.path.exists(here) else os.path.abspath(name)
