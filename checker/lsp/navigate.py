"""Go to definition and find references for event ids, within the game of the buffer and the KB it belongs to."""

from __future__ import annotations

import os
import re

from ..core.model import Event
from .diagnose import YAML_SUFFIXES, Checked
from .locate import _kb_path, entry_location, event_ids_in, id_at, labels_of

# YAML lines that only record a reference the text already makes (refs lists, logic's event keys, the id itself)
_RECORD = re.compile(r"^\s*(?:-\s+)?(?:target|event|id|text):\s*'?[\w-]+:[\w-]+'?\s*$")

Location = tuple[str, int, int, int]  # absolute path, 0-based line, start column, end column


def _target(checked: Checked, line: int, column: int) -> tuple[str, str] | None:
    """(game, canonical id) of the event id under the cursor."""
    if checked.kb is None:
        return None
    rows = checked.text.splitlines()
    if line >= len(rows):
        return None
    game = checked.profile_game()
    span = id_at(rows[line], column, checked.labels())
    return (game, span.target) if span is not None and game else None


def _own_location(checked: Checked, event: Event) -> Location | None:
    if event.key not in {e.key for e in checked.own}:
        return None
    rows = checked.text.splitlines()
    if checked.path.endswith(YAML_SUFFIXES):
        line = next((k for k, raw in enumerate(rows) if raw.startswith("title:")), 0)
    else:
        line = max(event.source.line - 1, 0)
    return checked.path, line, 0, len(rows[line]) if line < len(rows) else 0


def definition(checked: Checked, line: int, column: int, open_texts: dict[str, str]) -> Location | None:
    target = _target(checked, line, column)
    if target is None:
        return None
    event = checked.kb.event(*target)
    if event is None:
        return None
    own = _own_location(checked, event)
    if own is not None:
        return own
    place = entry_location(checked.kb, event, open_texts)
    if place is None:
        return None
    path, number = place
    text = open_texts.get(path)
    rows = text.splitlines() if text is not None else []
    return path, number - 1, 0, len(rows[number - 1]) if 0 < number <= len(rows) else 0


def _mentions(path: str, text: str, target: str, labels: tuple[str, ...], yaml: bool) -> list[Location]:
    out = []
    for k, raw in enumerate(text.splitlines()):
        if ":" not in raw or (yaml and _RECORD.match(raw)):
            continue
        for span in event_ids_in(raw, labels):
            if span.target == target:
                out.append((path, k, span.start, span.end))
    return out


def references(checked: Checked, line: int, column: int, open_texts: dict[str, str],
               include_declaration: bool = True) -> list[Location]:
    """Every place in the game's KB files and in the open buffers of the same KB that writes the id under the
    cursor (any form: 7:VII, VII:7), the buffer's own first; with its definition when asked."""
    target = _target(checked, line, column)
    if target is None:
        return []
    game, eid = target
    kb = checked.kb
    labels = labels_of(kb, game)
    out: list[Location] = []
    seen_files: set[str] = set()
    texts = {checked.path: checked.text, **{p: t for p, t in open_texts.items() if p != checked.path}}
    root = os.path.abspath(kb.root)
    for path, text in texts.items():
        if path != checked.path and not path.startswith(os.path.dirname(root) + os.sep):
            continue  # an open file of another project
        seen_files.add(path)
        out += _mentions(path, text, eid, labels, path.endswith(YAML_SUFFIXES))
    for key, name in sorted(kb.files.items()):
        entry = kb.events.get(key) or kb.rules.get(key)
        if entry is None or getattr(entry, "game", None) != game or not name.endswith(YAML_SUFFIXES):
            continue
        path = _kb_path(kb, name)
        if path in seen_files:
            continue
        seen_files.add(path)
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except OSError:
            continue
        out += _mentions(path, text, eid, labels, True)
    if include_declaration:
        event = kb.event(game, eid)
        place = definition(checked, line, column, open_texts) if event is not None else None
        if place is not None and not any(p[:2] == place[:2] for p in out):
            out.insert(0, place)
    return out
