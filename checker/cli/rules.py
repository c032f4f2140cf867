"""``rulekb rules``."""

from __future__ import annotations

import sys

from .common import EXIT_OK, UsageError
from .docs import _width, doc_summary, doc_text


def cmd_rules(args) -> int:
    import textwrap

    from ..checks import registry
    from ..core.ids import suggestion

    reg = registry()
    width = _width()
    if args.code:
        info = reg.get(args.code.strip().upper())
        if info is None:
            raise UsageError(f"no check with code {args.code!r}{suggestion(args.code.upper(), reg)}; "
                             "`rulekb rules` lists them")
        from ..checks.severity import REASONS

        why = REASONS.get(info.code, (info.severity, ""))[1]
        sys.stdout.write(f"{info.code} {info.name}  (category {info.category}, severity {info.severity}"
                         f"{': ' + why if why else ''})\n\n")
        sys.stdout.write(doc_text(info.doc, width))
        return EXIT_OK
    for info in reg.values():
        sys.stdout.write(f"{info.code}  {info.category:<11} {info.severity:<8} {info.name}\n")
        sys.stdout.write(textwrap.fill(doc_summary(info.doc) or info.name, width, initial_indent=" " * 8,
                                       subsequent_indent=" " * 8) + "\n")
    from ..checks.severity import POLICY

    sys.stdout.write("\n" + POLICY.rstrip("\n") + "\n")
    return EXIT_OK


def add_parser(sub) -> None:
    p = sub.add_parser("rules", help="list the checks, or print one check's documentation",
                       description="Without a code: every check with its code, category, default severity, name "
                                   "and summary. With a code (any case): its documentation (what it finds, why, a "
                                   "failing and a passing example, how to fix or accept it).",
                       epilog="example: rulekb rules REF006")
    p.add_argument("code", nargs="?", help="a check code such as REF001 (any case)")
    p.set_defaults(func=cmd_rules)
