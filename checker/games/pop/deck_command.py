"""``rulekb deck``."""

from __future__ import annotations

import os

from ...cli.common import (
    EXIT_FINDINGS,
    EXIT_INCONCLUSIVE,
    EXIT_OK,
    UsageError,
    _console,
    format_arg,
    kb_arg,
    time_arg,
)
from ...cli.kbroot import kb_root


def _deck_findings(path: str, root: str):
    """What ``rulekb check`` reports on the deck file (schema, card ids, Ages, halves), and the loaded KB."""
    from ...engine.run import Run
    from ...kb.store import load_kb

    run = Run(load_kb(root), [path]).check()
    return run.findings, run


def cmd_deck(args) -> int:
    import time

    from .deck import set_command_deadline

    set_command_deadline(time.monotonic() + args.time_limit)  # one limit for the whole command, as --help says
    try:
        return _cmd_deck(args)
    finally:
        set_command_deadline(None)


def _cmd_deck(args) -> int:
    import json

    from ...kb.yamlio import load_file
    from .deck import deck_from, display, find_layout, layout_problem

    if not os.path.isfile(args.file):
        raise UsageError(f"{args.file}: {'a folder, not a deck file' if os.path.isdir(args.file) else 'no such file'}")
    root = kb_root(args)
    from ...kb.store import validate

    data, text = load_file(args.file)
    findings = validate(data, "deck", root, args.file, text)  # not a deck at all: its schema errors, as check says
    deck = None
    if not findings:
        findings, run = _deck_findings(args.file, root)
        if not any(f.category == "schema" and f.severity == "error" for f in findings):
            deck = deck_from(data, args.file, run.kb.games.get("pop", {}).get("id_grammar", []), text)
    errors = [f for f in findings if f.severity == "error"]
    if deck is not None and args.check_layout:
        problem = layout_problem(deck)
        if problem:
            raise UsageError(f"{args.file}: --check-layout: {problem}")
    result = find_layout(deck, check_given=args.check_layout, time_limit=args.time_limit) if deck else None
    disp = display(deck.players, deck.optional_rules) if deck else None
    found = [f.to_dict() for f in sorted(findings, key=lambda f: f.sort_key())]
    if args.format == "json":
        print(json.dumps({"version": 1, "scenario": deck.scenario if deck else None,
                          "status": result.status if result else "invalid", "display": disp,
                          "halves": result.halves if result else {}, "message": result.message if result else "",
                          "findings": found,
                          "explanation": [{"id": c.id, "age": c.age, "half": c.half, "line": deck.lines.get(c.id)}
                                          for c in (result.explanation if result else [])]}, indent=2, default=str))
    else:
        console = _console()
        for f in sorted(findings, key=lambda f: f.sort_key()):
            console.print(f"{f.file}:{f.line}: {f.severity} {f.rule} {f.message}", markup=False)
        if deck is not None:
            console.print(f"{deck.scenario}: {deck.players} players; the display shows {disp['events']} events, "
                          f"{disp['face_up']} face up", markup=False)
            if result.status in ("found", "legal"):
                for age, halves in result.halves.items():
                    console.print(f"Age {age}: first half {', '.join(halves['1'])}; second half "
                                  f"{', '.join(halves['2'])}", markup=False)
            else:
                console.print(f"{result.status}: {result.message}", markup=False)
                for c in result.explanation:
                    console.print(f"  - {c.id} marked ({c.half}), Age {c.age} ({args.file}:{deck.lines.get(c.id)})",
                                  markup=False)
    if result is None:
        return EXIT_FINDINGS
    code = {"found": EXIT_OK, "legal": EXIT_OK, "impossible": EXIT_FINDINGS, "illegal": EXIT_FINDINGS}.get(
        result.status, EXIT_INCONCLUSIVE)
    return EXIT_FINDINGS if errors and code == EXIT_OK else code


def add_parser(sub) -> None:
    p = sub.add_parser("deck", help="The Price of Power: lay out a scenario's event deck, or check a layout",
                       description="Report what `rulekb check` reports on the deck file, then find a legal layout "
                                   "of each Age's halves (Optional Rule 6: X cards distributed so both halves have "
                                   "the same size), or say why none exists (the minimal set of cards); with "
                                   "--check-layout check the halves given as placed:. Also prints the display.")
    p.add_argument("file", help="a deck file (schema kb/schema/deck.schema.json)")
    p.add_argument("--check-layout", action="store_true",
                   help="check the layout given in the file (every card's placed: half) instead of finding one")
    time_arg(p)
    format_arg(p)
    kb_arg(p)
    p.set_defaults(func=cmd_deck)
