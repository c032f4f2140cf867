"""``rulekb``: the command line.

Exit codes (the contract in DESIGN.md): 0 no error-level finding (found / legal); 1 error-level findings (or
warnings with ``--strict``; impossible / illegal); 2 usage, input or internal error; 3 inconclusive (a solver
time limit).

Every mistake in an argument is named (with "did you mean" for near misses) and exits 2 before any work is done;
an unreadable or unwritable file exits 2 with its path; nothing ends in a traceback except a real internal error.
Commands import what they need when they run (rich only for text output, clingo only for logic), so that
``rulekb --help`` and argument mistakes answer at once.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from .. import __version__
from .common import EXIT_ERROR, EXIT_OK, UsageError, _err
from .kbroot import find_kb_root  # noqa: F401 - the KB lookup other tools (the language server) share

# One module per command, in the order ``rulekb --help`` lists them; each has ``add_parser(sub)``. The game packs'
# commands (``checker/games/<game>/``, by name) are listed after PACK_COMMANDS_AFTER.
COMMANDS = ("check", "rules", "render", "ingest", "order", "now", "explain", "site", "gazetteer", "read", "lsp",
            "completion")
PACK_COMMANDS_AFTER = "site"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rulekb",
        description="Knowledge base and consistency checker for board-game event rules.",
        epilog="Exit codes: 0 no error-level finding (found / legal); 1 error-level findings (warnings too with "
               "--strict; impossible / illegal); 2 usage, input or internal error; 3 inconclusive (a solver time "
               "limit). The knowledge base is --kb DIR, else the kb/ folder of the current folder or the nearest "
               "folder above it.",
    )
    parser.add_argument("--version", action="version", version=f"rulekb {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    from ..games.registry import commands

    for name in COMMANDS:
        importlib.import_module(f".{name}", __name__).add_parser(sub)
        if name == PACK_COMMANDS_AFTER:
            for _, module in commands():
                module.add_parser(sub)
    return parser


def _describe_os_error(exc: OSError) -> str:
    path = exc.filename if exc.filename is not None else None
    what = exc.strerror or str(exc)
    if getattr(exc, "filename2", None):
        return f"{path} → {exc.filename2}: {what}"
    return f"{path}: {what}" if path is not None else what


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0) if exc.code in (0, None) else EXIT_ERROR
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_ERROR
    try:
        return args.func(args)
    except UsageError as exc:
        _err(str(exc))
        return EXIT_ERROR
    except KeyboardInterrupt:
        return EXIT_ERROR
    except BrokenPipeError:
        return EXIT_OK
    except OSError as exc:  # a missing file, a read-only folder, a full disk: the path and what went wrong
        _err(_describe_os_error(exc))
        return EXIT_ERROR
    except (MemoryError, RecursionError) as exc:
        _err(f"out of resources ({type(exc).__name__}); the input is too large or too deeply nested")
        return EXIT_ERROR
    except Exception as exc:  # noqa: BLE001 - the contract: errors exit 2 with a message
        from ..kb.yamlio import YamlError
        from ..textformat.common import ParseError

        if isinstance(exc, (ParseError, YamlError)):
            _err(str(exc))
            return EXIT_ERROR
        _err("internal error; please report it with this trace:")
        sys.stderr.write(_safe_trace(exc))
        return EXIT_ERROR


def _safe_trace(exc: BaseException) -> str:
    """The trace of ``exc`` as it may be printed: its frames (rulekb's own code) with their line breaks, every
    exception message (which may quote a file name or a title) on one line, control and bidi characters shown as
    escapes (``report/safe.py``), so that no message can forge a line of a CI log."""
    import traceback

    from ..report.safe import visible, visible_lines

    out = []
    for chunk in traceback.TracebackException.from_exception(exc).format():
        frame = chunk.startswith(("  File ", "Traceback ", "\nDuring ", "\nThe above ")) or not chunk.strip()
        out.append(visible_lines(chunk) if frame else visible(chunk.rstrip("\n")) + "\n")
    return "".join(out)


if __name__ == "__main__":
    sys.exit(main())
