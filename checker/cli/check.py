"""``rulekb check``."""

from __future__ import annotations

import os
import sys

from .common import (
    CATEGORIES_HELP,
    UsageError,
    _err,
    _writable,
    format_arg,
    kb_arg,
)
from .kbroot import _resolve_game, kb_root
from .texts import game_option, period_option, place_texts


def cmd_check(args) -> int:
    from ..checks import codes_to_run, resolve_selection

    try:
        select = resolve_selection(args.select, "--select")
        ignore = resolve_selection(args.ignore, "--ignore")
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    root = kb_root(args)
    whole_kb = not args.paths or all(os.path.isdir(p) and os.path.realpath(p) == os.path.realpath(root)
                                     for p in args.paths)
    placed = place_texts(args.paths, root, args.game, args.period)
    paths, period, games = placed.paths, placed.period, placed.game
    if args.output:
        _writable(args.output)
    base = None
    if args.baseline:  # read before the run: a bad report is named at once
        from ..engine.baseline import BaselineError, load_baseline

        try:
            base = load_baseline(args.baseline)
        except BaselineError as exc:
            raise UsageError(str(exc)) from None

    from ..engine.run import Run, exit_code, selected
    from ..kb.store import load_kb

    running = codes_to_run(select, ignore)  # --select / --ignore decide what runs (None: every check)
    run = Run(load_kb(root), paths, period, games, whole=whole_kb).check(running, one_shot=True)
    findings = run.accepted()
    if whole_kb and args.game:  # the whole KB, reported for one game (its entries, and files that belong to no game)
        only = _resolve_game(args.game, root, "--game")[0]
        findings = [f for f in findings if f.game in (None, only)]
    if args.baseline or args.diff_from:
        from ..engine.baseline import BaselineError, baseline_from_git, new_findings

        if base is None:
            try:
                base = baseline_from_git(args.diff_from, root, paths, period, games)
            except BaselineError as exc:
                raise UsageError(str(exc)) from None
        kept = new_findings(findings, base)
        kept_ids = {id(f) for f in kept}
        hidden = selected([f for f in findings if id(f) not in kept_ids], select, ignore)
        findings = kept
    else:
        hidden = None
    findings = selected(findings, select, ignore)
    shown = findings if args.show_accepted else [f for f in findings if f.accepted is None]
    color = args.format == "text" and sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    from ..report import FORMATS

    extra = {}
    if hidden is not None:
        hidden = hidden if args.show_accepted else [f for f in hidden if f.accepted is None]
        extra = {"baseline": _hidden_summary(args, hidden)}
        _err(_hidden_message(extra["baseline"]))
    out = FORMATS[args.format](shown, color=color, **extra)
    if args.output:
        from ..kb.yamlio import atomic_write

        atomic_write(args.output, out)
    else:
        sys.stdout.write(out)
    return exit_code(findings, args.strict)


def _hidden_summary(args, hidden) -> dict:
    """What ``--baseline`` / ``--diff-from`` left out: how many findings, by severity (JSON's ``baseline`` key)."""
    by = {sev: sum(1 for f in hidden if f.severity == sev) for sev in ("error", "warning", "info")}
    source = {"baseline": args.baseline} if args.baseline else {"diff_from": args.diff_from}
    return {**source, "hidden": len(hidden), "hidden_by_severity": by}


def _hidden_message(summary: dict) -> str:
    n = summary["hidden"]
    where = (f"already in the baseline report {summary['baseline']}" if "baseline" in summary
             else f"already there at {summary['diff_from']}")
    by = ", ".join(f"{k} {sev}{'s' if k != 1 and sev != 'info' else ''}"
                   for sev, k in summary["hidden_by_severity"].items() if k)
    option = "--baseline" if "baseline" in summary else "--diff-from"
    return f"{option}: {n} finding{'' if n == 1 else 's'} hidden, {where}" + (f" ({by})" if by else "")


def add_parser(sub) -> None:
    p = sub.add_parser("check", help="check the KB, or new/edited event texts or KB files in its context",
                       description="Check the whole knowledge base, or the given files (plain event text in the "
                                   "seeds' format, KB YAML or deck files, or folders of them) in the context of "
                                   "the KB.",
                       epilog="Exit codes: 0 no error-level finding, 1 error-level findings (warnings too with "
                              "--strict), 2 usage or input error (a missing file, an unknown code, a text without "
                              "a period). Example: rulekb check --period VII new-events.txt")
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="event text (.txt), KB YAML or deck files, or folders of them; none = the whole KB")
    kb_arg(p)
    format_arg(p, ("text", "json", "sarif", "github"))
    period_option(p, note="e.g. VII, ")
    game_option(p, ". Without texts: report only this game's findings")
    p.add_argument("--strict", action="store_true", help="warnings fail the run too")
    p.add_argument("--select", action="append", metavar="CODES",
                   help=f"run and report only these codes, code prefixes (REF) or categories, any case "
                        f"(comma-separated; {CATEGORIES_HELP}); the others do not run")
    p.add_argument("--ignore", action="append", metavar="CODES",
                   help="do not run these codes, code prefixes or categories (as --select)")
    p.add_argument("--show-accepted", action="store_true", help="also list findings accepted in kb/accepted.yaml")
    p.add_argument("--output", "-o", metavar="FILE", help="write the report to FILE instead of stdout")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--baseline", metavar="REPORT.json",
                   help="report only findings not in this saved JSON report (matched by rule, subject and message)")
    g.add_argument("--diff-from", metavar="GIT_REF",
                   help="report only findings that the files and KB at GIT_REF did not have")
    p.set_defaults(func=cmd_check)
