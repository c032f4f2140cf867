"""The one place where names taken from texts, KB files and options become parts of paths.

A period (``--period``, an event's ``period``), a game (an entry's ``game``), an entry id (a rule's or glossary's
``id``) and an event number are checked against what they can legitimately be before any path is built from
them, and every path built is checked to stay inside the folder it is meant for (the KB, the site's docs
folder). ``ingest --period ../../../X`` and an entry with ``game: ../../dir`` are refused with a clear error
(exit 2), never written.
"""

from __future__ import annotations

import os
import re

from .errors import ParseError

PERIOD_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$")  # a period label (IV, Early, 1914), as the schema has it
GAME_RE = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")
ENTRY_ID_RE = re.compile(r"^[a-z0-9][a-zA-Z0-9._-]{0,119}$")  # the rule schema's id pattern, bounded
MAX_EVENT_NUMBER = 9999


class UnsafePath(ParseError):
    """A name that would make a path leave its folder, or is not a name of its kind at all."""


def _refuse(what: str, value: object, expected: str, where: str | None = None) -> UnsafePath:
    shown = repr(value)[:80]
    return UnsafePath(where or what, None, f"{what} {shown} is not {expected}: refused (it would be used in a path)")


def check_period(period: object, where: str | None = None) -> str:
    """A period label such as ``VII`` or ``Early``: letters, digits, '-' and '_' (never '.', '/' or '\\')."""
    if not isinstance(period, str) or not PERIOD_RE.match(period):
        raise _refuse("period", period, "a period label such as VII or Early (letters, digits, '-', '_')", where)
    return period


def check_game(game: object, where: str | None = None) -> str:
    """A game id such as ``eu``, ``pop`` or ``awaw``: lower-case letters, digits, '-' and '_'."""
    if not isinstance(game, str) or not GAME_RE.match(game):
        raise _refuse("game", game, "a game id such as eu (lower-case letters, digits, '-', '_')", where)
    return game


def check_entry_id(entry_id: object, where: str | None = None) -> str:
    """A rule or glossary id such as ``pop-16.1``: letters, digits, '.', '-', '_', starting with a letter or
    digit (so never ``..`` or a hidden name)."""
    if not isinstance(entry_id, str) or not ENTRY_ID_RE.match(entry_id):
        raise _refuse("entry id", entry_id, "an id such as pop-16.1 (at most 120 letters, digits, '.', '-', '_')",
                      where)
    return entry_id


def check_number(number: object, where: str | None = None) -> int:
    if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number <= MAX_EVENT_NUMBER:
        raise _refuse("event number", number, f"a whole number from 0 to {MAX_EVENT_NUMBER}", where)
    return number


def inside(path: str, root: str) -> bool:
    """Whether ``path`` lies inside ``root`` once both are made absolute and every symlink is resolved."""
    real, base = os.path.realpath(path), os.path.realpath(root)
    return real == base or real.startswith(base.rstrip(os.sep) + os.sep)


def safe_join(root: str, rel: str) -> str:
    """``root``/``rel``, refusing an absolute ``rel``, a ``..`` component, or a result (symlinks resolved) that is
    not inside ``root``."""
    parts = rel.replace("\\", "/").split("/")
    if os.path.isabs(rel) or any(p in ("..",) for p in parts) or "\0" in rel:
        raise UnsafePath(rel, None, f"the path {rel[:120]!r} would leave {root}: refused")
    path = os.path.join(root, *[p for p in parts if p not in ("", ".")])
    if not inside(path, root):
        raise UnsafePath(rel, None, f"the path {rel[:120]!r} leads outside {root} (through a symbolic link): refused")
    return path
