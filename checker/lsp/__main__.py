"""``python -m checker.lsp [options]``: the language server on stdio, as ``rulekb lsp`` runs it."""

from __future__ import annotations

import argparse
import sys

from . import add_arguments, run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rulekb lsp", description="The rulekb language server (stdio).")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
