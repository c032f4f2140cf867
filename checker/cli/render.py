"""``rulekb render``."""

from __future__ import annotations

import os
import sys

from .common import EXIT_OK, UsageError, kb_arg
from .events import game_view
from .kbroot import _load


def cmd_render(args) -> int:
    from ..core.ids import UnknownName, normalize_event_id, resolve_event_id, resolve_name
    from ..report.safe import visible_lines  # the text as written, every invisible or control character shown
    from ..textformat.render import render_entry, render_source

    load = _load(args)
    kb = load.kb
    if args.source is not None:  # '' is a source too (a usage error below), never "no --source"
        name = os.path.basename(args.source)
        if not name:
            raise UsageError(f"--source {args.source!r}: give a text's file name (or its path)")
        sys.stdout.write(visible_lines(render_source(kb, name, _source_game(args, kb, name))))
        return EXIT_OK
    typed_local = args.id.rpartition("/")[2]
    if normalize_event_id(typed_local, {e.period for e in kb.events.values()}):
        kb = game_view(args, kb, [args.id])
        args.id = typed_local
    collections = (kb.events, kb.rules, kb.glossaries, kb.documents)
    try:
        if normalize_event_id(args.id, {e.period for e in kb.events.values()}):
            key = resolve_event_id(args.id, kb.events)
        else:
            key = resolve_name(args.id, [k for c in collections for k in c], "entry id")
    except UnknownName as exc:
        raise UsageError(str(exc)) from None
    for coll in collections:
        if key in coll:
            sys.stdout.write(visible_lines(render_entry(coll[key])))
            return EXIT_OK
    raise UsageError(f"no KB entry with id {args.id!r}")


def _source_game(args, kb, name: str) -> str:
    """The game whose text named ``name`` ``render --source`` gives back: ``--game``, else the one game with entries
    from a text of that name. Two games' texts may share a file name (KB entries know a text by its file name
    only): then --game is needed, never both texts' lines interleaved."""
    from ..core.ids import UnknownName, resolve_name, suggestion
    from ..textformat.render import source_games

    holders = source_games(kb, name)
    if not holders:
        sources = sorted({e.source.file for c in (kb.events, kb.rules, kb.glossaries, kb.documents)
                          for e in c.values() if e.source and e.source.file})
        raise UsageError(f"--source {args.source}: no KB entry came from {name!r}{suggestion(name, sources)}")
    if not getattr(args, "game", None):
        if len(holders) > 1:
            raise UsageError(f"--source {args.source}: texts of several games are named {name!r} "
                             f"({', '.join(holders)}): say which with " + " or ".join(f"--game {g}" for g in holders))
        return holders[0]
    try:
        game = resolve_name(args.game, kb.game_ids(), "game (a profile in kb/games/)")
    except UnknownName as exc:
        raise UsageError(f"--game: {exc}") from None
    if game not in holders:
        raise UsageError(f"--source {args.source}: no entry of game {game} came from {name!r}; did you mean "
                         + " or ".join(f"--game {g}" for g in holders) + "?")
    return game


def add_parser(sub) -> None:
    p = sub.add_parser("render", help="print KB entries back as text",
                       description="Print one entry (by id), or every entry that came from one source file, in "
                                   "source order: the text they were parsed from.",
                       epilog="examples: rulekb render 7:iv; rulekb render --source seeds/001_7c112c9c7645b661.txt; "
                              "rulekb render --source events.txt --game eu (two games' texts share that name)")
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("id", nargs="?", help="an entry id such as 7:VII, IV:7 (any case) or pop-16.1")
    g.add_argument("--source", metavar="FILE", help="a source text (a path or its file name) that was ingested")
    kb_arg(p)
    p.add_argument("--game", metavar="GAME", help="the game whose events the ids name, or whose text --source gives "
                   "back (a profile id of kb/games/); needed only when several games have an event of that id (or "
                   "write GAME/ID) or texts of that file name")
    p.set_defaults(func=cmd_render)
