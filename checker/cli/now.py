"""``rulekb now``: for a game in progress (a recorded log), what each event can do at the next draw."""

from __future__ import annotations

import argparse
import os

from ..report.answers import print_clauses
from .common import (
    EXIT_FINDINGS,
    EXIT_INCONCLUSIVE,
    EXIT_OK,
    UsageError,
    _console,
    format_arg,
    kb_arg,
    time_arg,
)
from .events import _explanation_items, game_view
from .kbroot import _load

HEADINGS = {"can_fire": "can fire at the next draw", "not_now": "not now",
            "never": "never again", "inconclusive": "inconclusive"}

NOW_EPILOG = """\
verdicts, one per event of the game (docs/now.md):
  can fire    some legal continuation fires it at the next draw (with the outcomes a draw can have)
  not now     it cannot fire at the next draw, but can later: the requirement clause that fails, its line,
              and what would make it true
  never       no legal continuation fires it again: the clauses that rule it out
  inconclusive  it depends on a sentence rulekb does not read, or a time limit was reached

the log is the one `rulekb order --check` reads (an empty file, or one with no entries, is the game's start):

  log:
    - {turn: 1, event: 7:VII, outcome: fired}
    - {turn: 2, event: 9:VII, outcome: rerolled}

exit codes: 0 answered, 1 the log itself is illegal (no verdicts), 2 usage error or malformed log (file and
line), 3 some verdict is inconclusive.
"""


def read_entries(path: str, known):
    """The log's entries; an empty log (an empty file, ``[]``, ``log:`` with nothing) is the game's start."""
    from ..kb.yamlio import YamlError, load_file
    from ..logic.logs import LogError, parse_log

    try:
        data, text = load_file(path)
    except YamlError as exc:
        raise LogError(exc.file, exc.line, exc.message) from None
    if data is None or data == [] or (isinstance(data, dict) and set(data) <= {"log"} and not data.get("log")):
        return []
    return parse_log(data, text, path, known)


def _verdict_dict(load, kb, v) -> dict:
    out = {"event": v.event, "title": kb.events[v.event].title, "verdict": v.verdict, "outcomes": v.outcomes,
           "failing": [{"clause": _explanation_items(load, [f["clause"]], kb.game)[0], "needs": f["needs"],
                        "unless": f["unless"]} for f in v.failing],
           "explanation": _explanation_items(load, v.explanation, kb.game)}
    if v.read_verdict:
        out["read_verdict"] = v.read_verdict
    if v.unread:
        from ..engine.locate import Locator

        locator = Locator(load)
        out["unread"] = [u.to_dict(*locator(u.event, u.line, kb.game)) for u in v.unread]
    if v.message:
        out["message"] = v.message
    return out


def cmd_now(args) -> int:
    from ..logic.logs import LogError
    from ..logic.now import what_can_fire

    if not os.path.isfile(args.log):
        raise UsageError(f"{args.log}: no such file")
    load = _load(args)
    kb = game_view(args, load.kb, [])
    try:
        entries = read_entries(args.log, kb.events)
    except LogError as exc:
        raise UsageError(str(exc)) from None
    result = what_can_fire(kb, entries, time_limit=args.time_limit)
    if result.status == "illegal" or (result.illegal is not None):
        return _illegal(args, load, kb, result)
    items = [_verdict_dict(load, kb, v) for v in result.verdicts]
    if args.format == "json":
        import json

        print(json.dumps({"version": 1, "log": args.log, "game": kb.game, "status": result.status,
                          "next_turn": result.next_turn, "verdicts": items,
                          **({"message": result.message} if result.message else {})}, indent=2, ensure_ascii=False))
    else:
        _print_text(args, result, items)
    return EXIT_INCONCLUSIVE if any(i["verdict"] == "inconclusive" for i in items) else EXIT_OK


def _illegal(args, load, kb, result) -> int:
    legal = result.illegal
    expl = _explanation_items(load, legal.explanation, kb.game)
    if args.format == "json":
        import json

        print(json.dumps({"version": 1, "log": args.log, "game": kb.game, "status": result.status,
                          "message": legal.message,
                          "step": legal.history[0].to_dict() if legal.status == "illegal" else None,
                          "explanation": expl, "verdicts": []}, indent=2, ensure_ascii=False))
    else:
        console = _console()
        console.print(f"{args.log}: {legal.status}: {legal.message} — no verdicts for an illegal log", markup=False)
        if expl:
            console.print("because:")
            print_clauses(console, expl)
    return EXIT_FINDINGS if legal.status == "illegal" else EXIT_INCONCLUSIVE


def _print_text(args, result, items) -> None:
    console = _console()
    counts = {k: sum(1 for i in items if i["verdict"] == k) for k in HEADINGS}
    console.print(f"{args.log}: next draw at turn {result.next_turn} — "
                  + ", ".join(f"{counts[k]} {HEADINGS[k]}" for k in HEADINGS), markup=False)
    if result.message:  # the reason every verdict shares (a time limit, a question too large to ask): said once
        console.print(f"  {result.message}", markup=False)
    for kind, heading in HEADINGS.items():
        group = [i for i in items if i["verdict"] == kind]
        if not group:
            continue
        console.print(f"\n{heading}:", markup=False)
        for i in group:
            _print_item(console, i, result.message)


def _print_item(console, i, shared: str = "") -> None:
    title = " ".join((i["title"] or "").split())
    draw = f" — a draw now: {', '.join(i['outcomes'])}" if i["outcomes"] else ""
    console.print(f"  {i['event']} {title}{draw}", markup=False)
    if i.get("message") and i["message"] != shared:
        console.print(f"      {i['message']}", markup=False)
    for f in i["failing"]:
        c = f["clause"]
        console.print(f"      fails: ({c['file']}:{c['line']}) {c['text']}", markup=False)
        if f["needs"]:
            console.print(f"        true when: {'; '.join(f['needs'])}", markup=False)
        if f["unless"]:
            console.print(f"        true when one of these no longer holds: {'; '.join(f['unless'])}", markup=False)
    if i["verdict"] == "never" or i.get("read_verdict") == "never":
        if i["explanation"]:
            console.print("      because:", markup=False)
            for c in i["explanation"]:
                console.print(f"        - {c['id']} ({c['file']}:{c['line']}): {c['text']}", markup=False)
        else:
            console.print("      because of docs/logic.md S1 (it has been played as often as its multiplicity "
                          "allows, or its period is past in a per-period deck) or S4 (the game has ended)",
                          markup=False)
    if i.get("read_verdict"):
        console.print(f"      over what was read: {HEADINGS[i['read_verdict']]}; it depends on sentences rulekb "
                      "does not read:", markup=False)
    for u in i.get("unread", []):
        words = u["words"] if len(u["words"]) <= 100 else u["words"][:99] + "…"
        console.print(f"        - {u['event']} ({u['file']}:{u['line']}) \"{words}\": {u['why']}", markup=False)


def add_parser(sub) -> None:
    p = sub.add_parser("now", help="what each event can do at the next draw of a game in progress",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="For a recorded game log, one verdict per event of the game: can fire at the "
                                   "next draw, not now, never again, or inconclusive; answered by clingo.",
                       epilog=NOW_EPILOG)
    p.add_argument("log", metavar="LOG.yaml", help="the game's log so far (the format `rulekb order --check` reads)")
    time_arg(p)
    format_arg(p)
    kb_arg(p)
    p.add_argument("--game", metavar="GAME", help="the game the log is of (a profile id of kb/games/); needed only "
                   "when the KB holds events of several games")
    p.set_defaults(func=cmd_now)

