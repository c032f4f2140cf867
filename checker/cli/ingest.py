"""``rulekb ingest``."""

from __future__ import annotations

import os

from .common import EXIT_OK, UsageError, _err, kb_arg
from .kbroot import kb_root
from .texts import game_option, period_option, place_texts


def cmd_ingest(args) -> int:
    from ..engine.ingest import ingest_file
    from ..kb.store import load_kb

    for path in args.paths:
        if os.path.isdir(path):
            raise UsageError(f"{path}: a folder; give the text files (e.g. {os.path.join(path, '*.txt')})")
        if not os.path.exists(path):
            raise UsageError(f"{path}: no such file")
    for path in args.paths:  # unreadable texts are named before anything is written
        from ..textformat.common import read_text

        read_text(path, path)
    root = kb_root(args)
    texts = place_texts(args.paths, root, args.game, args.period)
    kb = load_kb(root).kb  # loaded once: each text's logic is derived in its context, as `check` derives it
    for path in args.paths:
        game, period = texts.of(path)
        report = ingest_file(path, root, period=period, force=args.force, game=game or None, kb=kb)
        for rel in report.written:
            _err(f"wrote {os.path.join(root, rel)}")
        for rel in report.removed:
            _err(f"removed {os.path.join(root, rel)} (the same document under its id without the game)")
        if report.kept_curated:
            _err(f"{len(report.kept_curated)} entries kept curated fields (use --force to overwrite)")
        _err(f"{path}: {len(report.written)} written, {len(report.unchanged)} unchanged")
    return EXIT_OK


def add_parser(sub) -> None:
    p = sub.add_parser("ingest", help="turn texts into KB YAML entries (atomic writes, curated fields kept)",
                       description="Parse event texts or rules documents and write one KB YAML file per entry. "
                                   "Each file is written to a temporary file and renamed, so an interrupted ingest "
                                   "leaves every file old or new; an unchanged text writes nothing; structured "
                                   "logic marked curated: true, notes and edited titles are kept unless --force. "
                                   "Every text is read and every period checked before anything is written.",
                       epilog="examples: rulekb ingest --period VII new-events.txt; "
                              "rulekb ingest seeds/*.txt --period 000_81b98fbe5e52caea.txt=VII")
    p.add_argument("paths", nargs="+", metavar="FILE", help="a text in the seeds' format")
    period_option(p)
    game_option(p)
    p.add_argument("--force", action="store_true", help="overwrite curated fields too")
    kb_arg(p)
    p.set_defaults(func=cmd_ingest)
