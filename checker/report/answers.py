"""How answers about events are shown (``order``, ``explain``): the clauses an answer rests on, the unread
sentences it depends on (docs/logic.md S11), and ``order``'s three answers (a count, a checked log, a shortest
history) as text or JSON. The commands compute; these print."""

from __future__ import annotations

import json


def emit_json(data: dict) -> None:
    print(json.dumps({"version": 1, **data}, indent=2, ensure_ascii=False))


def print_clauses(console, items) -> None:
    for item in items:
        console.print(f"  - {item['id']} ({item['file']}:{item['line']}): {item['text']}", markup=False)


def print_basis(console, items) -> None:
    console.print("inconclusive: the answer depends on sentences rulekb does not read (a limit of rulekb, not an "
                  "erratum; reword them — `rulekb read` shows what it reads — or write their logic by hand):",
                  markup=False)
    for it in items:
        words = it["words"] if len(it["words"]) <= 100 else it["words"][:99] + "…"
        console.print(f"  - {it['event']} ({it['file']}:{it['line']}) \"{words}\": {it['why']}", markup=False)


def order_count(console, fmt: str, events, counted, status: str, basis: dict, limit: int, unread) -> None:
    if fmt == "json":
        emit_json({"events": events, "count": counted.count, "complete": counted.complete, "status": status,
                   "limit": limit, "message": counted.message, **basis})
        return
    noun = "legal order" if counted.count == 1 else "legal orders"
    more = f" ({counted.message})" if counted.message else ""
    over = "over what was read: " if unread else ""
    console.print(f"{over}{counted.count} {noun} of {', '.join(events)}{more}", markup=False)
    if unread:
        print_basis(console, unread)


def order_check(console, fmt: str, log: str, result, status: str, basis: dict, expl, unread) -> None:
    if fmt == "json":
        emit_json({"log": log, "status": status, "message": result.message,
                   "step": result.history[0].to_dict() if result.status == "illegal" else None,
                   "explanation": expl, **basis})
        return
    over = f"inconclusive (over what was read: {result.status})" if status == "inconclusive" else status
    console.print(f"{log}: {over}" + (f": {result.message}" if result.message else ""), markup=False)
    if expl:
        console.print("because:")
        print_clauses(console, expl)
    elif result.status == "illegal":
        console.print("(by docs/logic.md S1: one event played per turn, periods in order, an event of a "
                      "per-period deck only in its period, at most as often as its multiplicity; or S4: nothing "
                      "after the game has ended)")
    if unread:
        print_basis(console, unread)


def order_goal(console, fmt: str, result, status: str, basis: dict, expl, unread) -> None:
    if fmt == "json":
        emit_json({"goal": result.goal, "status": status, "history": [s.to_dict() for s in result.history],
                   "explanation": expl, **({"message": result.message} if result.message else {}), **basis})
        return
    over = "over what was read, " if unread else ""
    if result.status == "found":
        n = len(result.history)
        console.print(f"{over}shortest legal history in which {result.goal} fires "
                      f"({n} turn{'' if n == 1 else 's'}):", markup=False)
        for s in result.history:
            console.print(f"  turn {s.turn:>3}  period {s.period or '?':<4} {s.event or '-':<8} {s.outcome}",
                          markup=False)
    else:
        console.print(f"{over}{result.goal}: {result.status}" + (f": {result.message}" if result.message else ""),
                      markup=False)
        if expl:
            console.print("because:")
            print_clauses(console, expl)
    if unread:
        print_basis(console, unread)
