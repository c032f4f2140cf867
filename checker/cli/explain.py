"""``rulekb explain``."""

from __future__ import annotations

from ..report.answers import print_basis, print_clauses
from .common import EXIT_FINDINGS, EXIT_INCONCLUSIVE, EXIT_OK, _console, kb_arg, time_arg
from .events import (
    _event_ids,
    _explanation_items,
    _locate,
    basis_items,
    game_view,
    load_for_events,
    text_args,
)


def cmd_explain(args) -> int:
    load = load_for_events(args)
    kb = game_view(args, load.kb, [args.id] if args.id else [])
    console = _console()
    if args.coverage:
        from ..games import profile
        from ..logic.coverage import coverage, format_coverage

        order = profile(kb.games, kb.game).period_index  # the game's period order, not Roman value
        events = sorted(kb.events.values(), key=lambda e: (order(e.period), e.period, e.number))
        if args.id:
            wanted = _event_ids([args.id], kb, "explain --coverage")[0]
            events = [e for e in events if e.id == wanted]
        console.print(format_coverage(*coverage(events)), markup=False)
        return EXIT_OK
    if args.id:
        goal = _event_ids([args.id], kb, "explain")[0]
        from ..logic.orders import shortest_history

        event = kb.events[goal]
        result = shortest_history(kb, goal, time_limit=args.time_limit)
        unread = basis_items(load, kb, {goal})
        over = "over what was read, " if unread and result.status in ("found", "impossible") else ""
        reqs = [c for c in event.conditions if c.logic and c.logic.get("role") == "requirement"]
        if result.status == "found":
            steps = ", ".join(f"{s.event} {s.outcome} (turn {s.turn})" for s in result.history if s.event)
            console.print(f"{over}{goal} {event.title} can fire. A shortest legal history: {steps}.", markup=False)
            if reqs:
                console.print("Its requirements, as the text states them:")
                for c in reqs:
                    file, line = _locate(load, goal, c.line, kb.game)
                    console.print(f"  - ({file}:{line}) {c.marker} {c.text}", markup=False)
            unknown = sum(1 for c in event.all_clauses() if c.logic is None)
            if unknown:
                console.print(f"({unknown} of its clauses have no structured logic and were read as text only.)")
        elif result.status == "impossible":
            console.print(f"{over}{goal} {event.title} can never fire. Together, these clauses rule it out:",
                          markup=False)
            print_clauses(console, _explanation_items(load, result.explanation, kb.game))
        else:
            console.print(f"{goal}: could not decide ({result.message})", markup=False)
        if unread:
            print_basis(console, unread)
        if over or result.status not in ("found", "impossible"):
            return EXIT_INCONCLUSIVE
        return EXIT_OK if result.status == "found" else EXIT_FINDINGS
    from ..engine.run import Run

    run = getattr(load, "run", None) or Run(load)  # the KB (with the --text files placed) as `check` checks it
    logic = [f for f in run.check().findings if f.category == "logic" and f.game == kb.game]
    for f in sorted(logic, key=lambda f: f.sort_key()):
        console.print(f"{f.rule} {f.subject}: {f.message}", markup=False)
        for item in f.explanation or []:
            console.print(f"  because ({item.file}:{item.line}) {item.text}", markup=False)
    if not logic:
        console.print("no logic findings")
    return EXIT_OK


def add_parser(sub) -> None:
    p = sub.add_parser("explain", help="explain in the words of the text why an event can or cannot fire",
                       description="With an event id: whether it can fire, with a shortest history, or the minimal "
                                   "set of clauses that rule it out. Without: every logic finding and its clauses. "
                                   "--text FILE places a contributed text in the KB as `check FILE` does.",
                       epilog="examples: rulekb explain 8:VII; rulekb explain \"second division of poland\"; "
                              "rulekb explain 14:VII --text new.txt --period VII")
    p.add_argument("id", nargs="?", help="an event: its id such as 8:VII or VII:8, or its title (\"SECOND DIVISION "
                   "OF POLAND\"), any case")
    time_arg(p)
    p.add_argument("--coverage", action="store_true",
                   help="per event and in total: rule-shaped sentences, read fully, curated, not understood")
    kb_arg(p)
    text_args(p)
    p.add_argument("--game", metavar="GAME", help="the game whose events the ids name (a profile id of "
                   "kb/games/); needed only when several games have an event of that id (or write GAME/ID)")
    p.set_defaults(func=cmd_explain)
