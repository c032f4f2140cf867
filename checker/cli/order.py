"""``rulekb order``."""

from __future__ import annotations

import argparse
import os

from ..report import answers
from .common import (
    EXIT_FINDINGS,
    EXIT_INCONCLUSIVE,
    EXIT_OK,
    UsageError,
    _console,
    _positive,
    format_arg,
    kb_arg,
    time_arg,
)
from .events import (
    _event_ids,
    _explanation_items,
    basis_items,
    game_view,
    load_for_events,
    text_args,
)


def _order_mode(args) -> str:
    mode = "goal" if args.goal else "check" if args.check else "count" if args.count is not None else None
    if mode is None:
        raise UsageError("order needs --goal ID, --check LOG.yaml or --count ID…")
    applies = {"avoid": "goal", "max_turns": "goal", "limit": "count"}
    for dest, only in applies.items():
        given = getattr(args, dest)
        if given not in (None, []) and mode != only:
            option = "--" + dest.replace("_", "-")
            raise UsageError(f"{option} applies only with --{only}, not with --{mode}")
    if args.max_turns is None:
        args.max_turns = 50
    if args.limit is None:
        args.limit = 10000
    return mode


ORDER_EPILOG = """\
modes (give exactly one):
  --goal ID        the shortest legal history in which ID fires (with --avoid ID…, --max-turns N)
  --check LOG      is a recorded game log legal? the first illegal step and the clauses that forbid it
  --count ID…      how many legal orders fire all these events (with --limit N)

the log format (YAML): a list, or a mapping with a 'log:' key, of the draws in play order;
each entry has turn (a whole number from 1; a turn not listed drew nothing), event (an id,
8:VII or VII:8) and outcome: fired (the default), marked (marked off), refused (refused by
the player it targets; may be drawn again later) or rerolled (docs/logic.md says what each means):

  log:
    - {turn: 1, event: 7:VII, outcome: fired}
    - {turn: 2, event: 9:VII, outcome: rerolled}
    - {turn: 3, event: 8:VII, outcome: fired}

examples:
  rulekb order --goal 9:IV --avoid 7:IV
  rulekb order --goal "second division of poland"     (an event by its title, any case)
  rulekb order --goal 14:VII --text new.txt --period VII   (a contributed text, placed as check places it)
  rulekb order --check game-log.yaml --format json
  rulekb order --count 7:VII 8:VII 9:VII --limit 1000
"""


def cmd_order(args) -> int:

    mode = _order_mode(args)
    load = load_for_events(args)
    typed = [args.goal, *args.avoid] if mode == "goal" else list(args.count or []) if mode == "count" else []
    kb = game_view(args, load.kb, [t for t in typed if t])
    if mode == "goal":
        args.goal = _event_ids([args.goal], kb, "--goal")[0]
        args.avoid = _event_ids(args.avoid, kb, "--avoid")
        if args.goal in args.avoid:
            raise UsageError(f"--avoid {args.goal}: the goal itself cannot be avoided")
    elif mode == "count":
        if len(args.count) < 1:
            raise UsageError("--count needs at least one event id")
        args.count = _event_ids(args.count, kb, "--count")
    elif not os.path.isfile(args.check):
        raise UsageError(f"--check {args.check}: no such file")

    console = _console() if args.format == "text" else None
    if mode == "count":
        return _count(args, load, kb, console)
    if mode == "check":
        return _check(args, load, kb, console)
    return _goal(args, load, kb, console)


def _honest(status: str, definite: tuple[str, ...], unread: list[dict]) -> tuple[str, dict]:
    """The status an answer is given as: a definite one only when no unread sentence lies in its cone (S11); else
    "inconclusive", with what was found over what was read and the sentences it depends on."""
    if unread and status in definite:
        return "inconclusive", {"read_status": status, "unread": unread}
    return status, {"unread": unread} if unread else {}


def _bounded(args, fn, *fn_args, **kwargs):
    """One question under --time-limit (grounding included) and --memory-limit (checker/logic/bounded.py)."""
    from ..logic.bounded import run_bounded

    return run_bounded(fn, fn_args, kwargs, time_limit=args.time_limit, memory_mb=args.memory_limit)


def _count(args, load, kb, console) -> int:
    from ..logic.bounded import OutOfBounds
    from ..logic.orders import CountResult, count_orders

    limit = args.limit or 10000
    try:
        counted = _bounded(args, count_orders, kb, args.count, limit=limit, time_limit=args.time_limit)
    except ValueError as exc:
        raise UsageError(f"--count: {exc}") from None
    except OutOfBounds as exc:
        counted = CountResult(0, False, args.time_limit, 0, f"not counted: {exc}")
    count, complete = counted.count, counted.complete
    unread = basis_items(load, kb, args.count)
    status, basis = _honest("complete" if complete else "incomplete", ("complete",), unread)
    answers.order_count(console, args.format, args.count, counted, status, basis, limit, unread)
    if not complete or status == "inconclusive":
        return EXIT_INCONCLUSIVE
    return EXIT_OK if count else EXIT_FINDINGS


def _check(args, load, kb, console) -> int:
    from ..logic.logs import LogError, read_log
    from ..logic.orders import check_log

    try:
        entries = read_log(args.check, kb.events)
    except LogError as exc:
        raise UsageError(str(exc)) from None
    from ..logic.bounded import OutOfBounds
    from ..logic.orders import OrderResult

    try:
        result = _bounded(args, check_log, kb, entries, time_limit=args.time_limit)
    except OutOfBounds as exc:
        result = OrderResult("", "inconclusive", message=str(exc))
    expl = _explanation_items(load, result.explanation, kb.game)
    unread = basis_items(load, kb, {e.event for e in entries})
    status, basis = _honest(result.status, ("legal", "illegal"), unread)
    answers.order_check(console, args.format, args.check, result, status, basis, expl, unread)
    return {"legal": EXIT_OK, "illegal": EXIT_FINDINGS}.get(status, EXIT_INCONCLUSIVE)


def _goal(args, load, kb, console) -> int:
    from ..logic.bounded import OutOfBounds
    from ..logic.orders import OrderResult, shortest_history

    try:
        result = _bounded(args, shortest_history, kb, args.goal, avoid=args.avoid, max_turns=args.max_turns or 50,
                          time_limit=args.time_limit)
    except OutOfBounds as exc:
        result = OrderResult(args.goal, "inconclusive", message=str(exc))
    expl = _explanation_items(load, result.explanation, kb.game)
    unread = basis_items(load, kb, {args.goal, *args.avoid})
    status, basis = _honest(result.status, ("found", "impossible"), unread)
    answers.order_goal(console, args.format, result, status, basis, expl, unread)
    return {"found": EXIT_OK, "impossible": EXIT_FINDINGS}.get(status, EXIT_INCONCLUSIVE)


def add_parser(sub) -> None:
    p = sub.add_parser("order", help="shortest legal history to a goal; check a recorded log; count orders",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Legal event orders, answered by clingo. Exit codes: 0 found / legal, "
                                   "1 impossible / illegal, 2 usage or input error, 3 inconclusive (a time limit, or the answer "
                                   "depends on a sentence rulekb does not read: docs/logic.md S11).",
                       epilog=ORDER_EPILOG)
    g = p.add_mutually_exclusive_group()
    g.add_argument("--goal", metavar="ID", help="print the shortest legal history in which ID fires (an id, or the "
                   "event's title, any case)")
    g.add_argument("--check", metavar="LOG.yaml", help="say whether a recorded log (turn, event, outcome) is legal")
    g.add_argument("--count", nargs="+", metavar="ID", help="count the legal orders in which these events all fire")
    p.add_argument("--avoid", action="append", default=[], metavar="ID",
                   help="with --goal: ID must not fire (may be repeated)")
    p.add_argument("--max-turns", type=_positive(int), default=None, metavar="N",
                   help="with --goal: longest history searched (default 50)")
    p.add_argument("--limit", type=_positive(int), default=None, metavar="N",
                   help="with --count: stop counting at N (default 10000)")
    time_arg(p)
    p.add_argument("--memory-limit", type=_positive(int), default=4096, metavar="MB",
                   help="memory the solver may take (address space of the question's process) before answering "
                        "inconclusive (exit 3; default 4096)")
    format_arg(p)
    kb_arg(p)
    text_args(p)
    p.add_argument("--game", metavar="GAME", help="the game whose events the ids name (a profile id of "
                   "kb/games/); needed only when several games have an event of that id (or write GAME/ID)")
    p.set_defaults(func=cmd_order)
