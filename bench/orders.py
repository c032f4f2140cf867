"""Time ``order --goal`` for every event of a KB (the bundled one by default), each in the same loaded process.

    python -m bench.orders [KB_DIR] [--runs 5]

Prints, per event, the median and max of ``--runs`` timed calls of the shortest-history search after one
warm-up call, its status and length, then the slowest median. Loading the KB is done once, before any clock.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time


def main(argv: list[str] | None = None) -> int:
    from checker.core.ids import event_sort_key
    from checker.kb.store import load_kb
    from checker.logic.orders import shortest_history

    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("kb", nargs="?", default="kb")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = p.parse_args(argv)
    kb = load_kb(args.kb).kb
    rows = []
    for eid in sorted(kb.events, key=event_sort_key):
        shortest_history(kb, eid)  # warm-up
        secs = []
        for _ in range(args.runs):
            start = time.perf_counter()
            result = shortest_history(kb, eid)
            secs.append(time.perf_counter() - start)
        rows.append({"goal": eid, "status": result.status, "turns": len(result.history),
                     "median": round(statistics.median(secs), 4), "max": round(max(secs), 4)})
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        for r in rows:
            print(f"{r['goal']:>7}  {r['status']:<12} {r['turns']:>3} turns  median {r['median']:.3f} s"
                  f"  max {r['max']:.3f} s")
    worst = max(rows, key=lambda r: r["median"])
    print(f"slowest median: {worst['goal']} {worst['median']:.3f} s over {len(rows)} goals, {args.runs} runs each")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
