"""What every command shares: exit codes, usage errors, messages on stderr, argument types and options."""

from __future__ import annotations

import argparse
import os
import sys

from ..engine import EXIT_FINDINGS, EXIT_INCONCLUSIVE, EXIT_OK  # noqa: F401 (re-exported: a check's outcomes)

EXIT_ERROR = 2  # a usage or input error

CATEGORIES_HELP = "categories: schema, reference, naming, structure, chronology, logic, style"


TEXT_SUFFIXES = (".txt",)


YAML_SUFFIXES = (".yaml", ".yml")


MAX_FOLDER_ENTRIES = 20_000  # a folder named on the command line is walked only this far (`check /` stops)


class UsageError(Exception):
    """A mistake in the command line or in what it names: printed as ``rulekb: <message>``, exit 2."""


def _err(message: str) -> None:
    """One message on stderr. It names files and quotes what strangers wrote, so it passes ``safe.visible``: a
    newline in a file name cannot forge a second line (a ``::error`` workflow command in a CI log), an ESC or a
    bidi control cannot reach the terminal."""
    from ..report.safe import visible

    sys.stderr.write(f"rulekb: {visible(message)}\n")
    sys.stderr.flush()


def _console():
    """The console commands print their text answers with: every string printed passes ``safe.visible_lines``
    (control, bidi and invisible formatting characters shown as escapes, line breaks kept); rich markup is ASCII,
    so it is left as it is."""
    from rich.console import Console

    from ..report.safe import visible_lines

    class SafeConsole(Console):
        def print(self, *objects, **kwargs):
            return super().print(*(visible_lines(o) if isinstance(o, str) else o for o in objects), **kwargs)

    return SafeConsole(highlight=False, soft_wrap=True, emoji=False)  # "1:A:" is an id, not the :a: emoji


def _writable(path: str) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise UsageError(f"{path}: is a folder, not a file to write")
    if not os.path.isdir(folder):
        raise UsageError(f"{path}: its folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        raise UsageError(f"{path}: cannot write into {folder} (permission denied)")


def _positive(kind):
    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a {'whole ' if kind is int else ''}number, not {text!r}")
        if not value > 0 or value != value:
            raise argparse.ArgumentTypeError(f"must be greater than 0, not {text}")
        if value > most:
            raise argparse.ArgumentTypeError(f"must be at most {most if kind is int else f'{most:g}'}, not {text}")
        return value
    most = 2**31 - 1 if kind is int else 1e6  # what the solver's options can hold (seconds: 11 days)
    parse.__name__ = f"positive {kind.__name__}"
    return parse


def kb_arg(p) -> None:
    p.add_argument("--kb", metavar="DIR", help="knowledge base folder (default: the kb/ folder of the current "
                                               "folder or the nearest folder above it; said on stderr)")


def format_arg(p, choices=("text", "json")) -> None:
    p.add_argument("--format", choices=list(choices), default="text",
                   help=f"output format: {', '.join(choices)} (default: text)")


def time_arg(p) -> None:
    p.add_argument("--time-limit", type=_positive(float), default=10.0, metavar="S",
                   help="seconds the solver may take before answering inconclusive (exit 3; default 10)")
