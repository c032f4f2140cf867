"""Which knowledge base a command works on, and loading it."""

from __future__ import annotations

import os

from .common import UsageError, _err


def _is_kb(folder: str) -> bool:
    return os.path.isdir(folder) and (os.path.isdir(os.path.join(folder, "games"))
                                      or os.path.isdir(os.path.join(folder, "schema")))


def find_kb_root(start: str | None = None) -> str | None:
    """The ``kb/`` folder (one holding ``games/`` or ``schema/``) of ``start`` or of the nearest folder above it,
    the way git finds ``.git``; None when there is none. Never the KB of the installed package by surprise."""
    here = os.path.abspath(start or os.getcwd())
    while True:
        candidate = os.path.join(here, "kb")
        if _is_kb(candidate):
            return candidate
        parent = os.path.dirname(here)
        if parent == here:
            return None
        here = parent


def _display_path(path: str) -> str:
    rel = os.path.relpath(os.path.abspath(path))
    return rel if not rel.startswith(os.pardir) else os.path.abspath(path)


def kb_root(args) -> str:
    """``--kb DIR`` (which must be a knowledge base), else the ``kb/`` folder found from the current folder up;
    a found root is said on stderr so that nobody checks another KB than they think."""
    given = getattr(args, "kb", None)
    if given:
        if not os.path.isdir(given):
            raise UsageError(f"--kb {given}: no such folder")
        if not _is_kb(given):
            raise UsageError(f"--kb {given}: not a knowledge base (it has no games/ or schema/ folder)")
        return given
    found = find_kb_root()
    if found is None:
        raise UsageError(f"no knowledge base found: no kb/ folder (with games/ or schema/) in {os.getcwd()} or a "
                         "folder above it; give --kb DIR")
    shown = _display_path(found)
    if getattr(args, "_kb_said", False) is False:
        _err(f"using the knowledge base in {shown}")
        args._kb_said = True
    return shown


def _project_dir(root: str) -> str:
    """The folder that holds the KB (``site/`` and ``site_build/`` go there, not into the current folder)."""
    return os.path.dirname(os.path.abspath(root))


def _resolve_game(value: str, root: str, where: str) -> tuple[str, list[str], str]:
    """(game, its periods, its profile's path) for a game id typed by a user or written in a GAME line."""
    from ..core.ids import UnknownName, resolve_name
    from ..games import profile_files

    profiles = profile_files(root)
    try:
        game = resolve_name(value, sorted(profiles), f"game (a profile in {_display_path(os.path.join(root, 'games'))})")
    except UnknownName as exc:
        raise UsageError(f"{where}: {exc}") from None
    path, data = profiles[game]
    periods = [str(p.get("id")) for p in data.get("periods") or [] if isinstance(p, dict)]
    return game, periods, _display_path(path)


def _load(args):
    from ..kb.store import load_kb

    return load_kb(kb_root(args))
