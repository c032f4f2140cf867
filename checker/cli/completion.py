"""``rulekb completion SHELL``: the shell completion script, generated from the argument parser by shtab.

Commands, options and option values (``--format``'s choices) complete; files complete where a command takes files.
Install it once, for example in bash: ``rulekb completion bash > ~/.local/share/bash-completion/completions/rulekb``;
in zsh: ``rulekb completion zsh > "${fpath[1]}/_rulekb"``.
"""

from __future__ import annotations

import sys

from .common import EXIT_OK, UsageError

SHELLS = ("bash", "zsh", "tcsh")


def cmd_completion(args) -> int:
    try:
        import shtab
    except ImportError:
        raise UsageError("shell completion needs the shtab package: pip install shtab") from None
    from . import build_parser

    sys.stdout.write(shtab.complete(build_parser(), shell=args.shell))
    return EXIT_OK


def add_parser(sub) -> None:
    p = sub.add_parser("completion", help="print the shell completion script (bash, zsh, tcsh)",
                       description="Print a completion script for rulekb's commands and options.",
                       epilog="bash: rulekb completion bash > ~/.local/share/bash-completion/completions/rulekb; "
                              "zsh: rulekb completion zsh > \"${fpath[1]}/_rulekb\"")
    p.add_argument("shell", choices=SHELLS, help="the shell to complete in")
    p.set_defaults(func=cmd_completion)
