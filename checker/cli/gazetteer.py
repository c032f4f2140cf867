"""``rulekb gazetteer``."""

from __future__ import annotations

import os
import sys

from .common import EXIT_OK, UsageError, _err, kb_arg
from .kbroot import _load


def cmd_gazetteer(args) -> int:
    from ..checks.naming.gazetteer import build_gazetteer
    from ..core.ids import UnknownName, resolve_name
    from ..games import default_game
    from ..kb.store import save_data
    from ..kb.yamlio import dumps

    load = _load(args)
    kb = load.kb
    chosen = args.game or default_game(kb.root)
    if chosen is None:
        raise UsageError(f"--game: the KB holds several games ({', '.join(sorted(kb.games))}); say which")
    try:
        game = resolve_name(chosen, sorted(kb.games), "game (a profile in kb/games/)")
    except UnknownName as exc:
        raise UsageError(f"--game: {exc}") from None
    data = build_gazetteer(kb, game, kb.gazetteers.get(game))
    if args.write:
        rel = f"gazetteer/{game}.yaml"
        changed = save_data(kb.root, rel, data, "gazetteer")
        _err(f"{'wrote' if changed else 'unchanged'} {os.path.join(kb.root, rel)}: {len(data['entities'])} entities")
    else:
        sys.stdout.write(dumps(data))
    return EXIT_OK


def add_parser(sub) -> None:
    p = sub.add_parser("gazetteer", help="extract countries, minors, provinces and areas from the KB texts",
                       description="List the names the event texts use (country codes, minors, provinces, areas), "
                                   "each with the entries that use it; --write saves them to "
                                   "kb/gazetteer/<game>.yaml, keeping aliases and notes written by hand.")
    p.add_argument("--game", help="game profile id, one of kb/games/ (default: the KB's one game with events)")
    p.add_argument("--write", action="store_true", help="write kb/gazetteer/<game>.yaml (aliases and notes kept)")
    kb_arg(p)
    p.set_defaults(func=cmd_gazetteer)
