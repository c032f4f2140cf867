"""``rulekb lsp``: the language server (stdio). Errata as you type: every finding ``rulekb check FILE`` gives, on
the buffer as it is typed, plus hover, go to definition, references, completion and quick fixes (docs/lsp.md).

The CLI wires ``rulekb lsp`` to :func:`add_arguments` and :func:`run`; ``python -m checker.lsp`` runs the same.
Modules, one job each: ``resolve`` (which KB, game and period), ``diagnose`` (one check of one buffer),
``convert`` (protocol types), ``words`` and ``hover``, ``locate`` and ``navigate``, ``complete``, ``suggest``
(did-you-mean edits), ``accept`` (kb/accepted.yaml), ``server`` (the pygls wiring).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .resolve import Options

EXIT_OK, EXIT_ERROR = 0, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``rulekb lsp``."""
    parser.add_argument("--kb", metavar="DIR",
                        help="check every file against this knowledge base (default: the kb/ folder of each file's "
                             "folder or the nearest folder above it, as `check` finds it)")
    parser.add_argument("--game", metavar="GAME",
                        help="game of event texts without a 'GAME …' line (as `check --game`)")
    parser.add_argument("--period", action="append", metavar="PERIOD|FILE=PERIOD",
                        help="period of event texts without a 'PERIOD …' header (as `check --period`); FILE=PERIOD "
                             "for the file of that name only; may be repeated")
    parser.add_argument("--debounce", type=int, default=300, metavar="MS",
                        help="milliseconds of quiet after an edit before the buffer is checked (default 300)")
    parser.add_argument("--log-file", metavar="FILE",
                        help="write the server's log here (stdout is the protocol's; default: warnings to stderr)")


def options_from(args) -> Options:
    """Options from parsed arguments; ValueError with the reason for a bad one."""
    from .resolve import Options, split_period_options

    kb = getattr(args, "kb", None)
    if kb:
        if not os.path.isdir(kb):
            raise ValueError(f"--kb {kb}: no such folder")
        if not any(os.path.isdir(os.path.join(kb, sub)) for sub in ("games", "schema")):
            raise ValueError(f"--kb {kb}: not a knowledge base (it has no games/ or schema/ folder)")
        kb = os.path.abspath(kb)
    debounce = getattr(args, "debounce", 300)
    if debounce is None or debounce < 0 or debounce > 60_000:
        raise ValueError(f"--debounce {debounce}: give milliseconds from 0 to 60000")
    every, per_file = split_period_options(getattr(args, "period", None))
    return Options(kb=kb, game=getattr(args, "game", None), period=every, periods=per_file,
                   debounce=debounce / 1000)


def run(args) -> int:
    """Start the stdio server; returns the exit code when the client ends the session."""
    try:
        options = options_from(args)
    except ValueError as exc:
        from ..cli.common import _err

        _err(str(exc))
        return EXIT_ERROR
    log_file = getattr(args, "log_file", None)
    try:
        handler = logging.FileHandler(log_file, encoding="utf-8") if log_file else logging.StreamHandler(sys.stderr)
    except OSError as exc:
        from ..cli.common import _err

        _err(f"--log-file {log_file}: {exc.strerror}")
        return EXIT_ERROR
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO if log_file else logging.WARNING)
    from .server import build_server

    build_server(options).start_io()
    return EXIT_OK
