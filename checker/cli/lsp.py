"""``rulekb lsp``: the language server on stdio (checker/lsp/; docs/lsp.md)."""

from __future__ import annotations


def cmd_lsp(args) -> int:
    from ..lsp import run

    return run(args)


def add_parser(sub) -> None:
    from ..lsp import add_arguments

    p = sub.add_parser("lsp", help="the language server (stdio): errata as you type, hover, definitions, completion",
                       description="Run the language server on stdin/stdout for an editor: diagnostics are exactly "
                                   "the findings `rulekb check FILE` gives for the buffer as typed; hover shows an "
                                   "event or what the reader made of a sentence; go to definition and references "
                                   "on event ids; completion; quick fixes. See docs/lsp.md for editor set-up.")
    add_arguments(p)
    p.set_defaults(func=cmd_lsp)
