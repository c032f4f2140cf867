"""Generate a synthetic knowledge base that follows the statistics of the bundled KB's events.

The statistics are measured from ``kb/`` itself each time (clauses per event, share of events with
requirements, event references per event, durations, multiplicities, multi-turn bodies, multi-event bodies,
cases), and events are written as text in the seeds' format, then parsed and ingested like any contributed
text, so the synthetic KB exercises the same code as the real one. Requirements point at earlier events (of the
same or an earlier period); one chain of ``--chain`` events, each requiring the one before, gives
``order --goal`` a deep goal (its last event is printed). Deterministic for a given ``--seed``.

    python -m bench.generate --events 1000 --out /tmp/kb1000 [--seed 7] [--chain 20]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from checker.core.ids import ROMAN_BY_VALUE
from checker.kb.store import load_kb, save_entry
from checker.logic.derive import derive_event_logic
from checker.textformat.event_list import parse_event_text

ROOT = Path(__file__).resolve().parent.parent
PHASES = ["EVENTS PHASE:", "DIPLOMACY PHASE:", "ADMINISTRATION PHASE:", "MILITARY PHASE:", "PEACE PHASE:"]
MINORS = ["Poland", "Prussia", "Bavaria", "Sweden", "Denmark", "Persia", "Scotland", "Portugal", "Naples", "Savoia"]
COUNTRIES = ["SPA", "FRA", "ENG", "HOL", "AUS", "RUS", "TUR", "PRU"]
SENTENCES = [
    "{c} receives a bonus of +{n} to all diplomatic actions made in ROTW map.",
    "Place a revolt- in {p}. The revolt is controlled by {c}.",
    "{m} declares war against {c}. Allies can be called as per normal rules.",
    "{c} looses {n} levels of stability and {n}0d.",
    "All rebel units can use revolt counters as supply bases in the same way as fortresses.",
    "{c} annexes {p} and receives {n} VPs for it.",
    "{m} offers an immediate white peace to all its enemies.",
]


@dataclass
class Stats:
    clauses_per_event: float
    requirement_share: float
    refs_per_event: float
    durations: Counter
    multiplicities: Counter
    turn_share: float
    multi_event_share: float
    case_share: float


def measure(kb_root: str) -> Stats:
    kb = load_kb(kb_root).kb
    ev = list(kb.events.values())
    n = len(ev)
    return Stats(
        clauses_per_event=sum(1 for e in ev for _ in e.all_clauses()) / n,
        requirement_share=sum(1 for e in ev if any(c.logic and c.logic.get("role") == "requirement"
                                                  for c in e.conditions)) / n,
        refs_per_event=sum(1 for e in ev for c in e.all_clauses() for r in c.refs if r.kind == "event") / n,
        durations=Counter(e.duration_kind for e in ev),
        multiplicities=Counter(e.multiplicity for e in ev),
        turn_share=sum(1 for e in ev if any(s.kind == "turn" for s in e.all_sections())) / n,
        multi_event_share=sum(1 for e in ev if any(s.kind == "event" for s in e.body)) / n,
        case_share=sum(1 for e in ev if any(s.kind == "case" for s in e.body)) / n,
    )


def _pick(rng: random.Random, counter: Counter):
    items = sorted(counter.items(), key=lambda kv: str(kv[0]))
    return rng.choices([k for k, _ in items], weights=[v for _, v in items])[0]


def _sentence(rng: random.Random, k: int) -> str:
    return rng.choice(SENTENCES).format(c=rng.choice(COUNTRIES), m=rng.choice(MINORS), n=rng.randint(1, 5),
                                        p=f"PROVINCE{k % 97}")


def event_text(rng: random.Random, stats: Stats, number: int, period: str, earlier: list[str],
               chain_prev: str | None) -> str:
    mult = _pick(rng, stats.multiplicities)
    duration_kind = _pick(rng, stats.durations)
    duration = {"permanent": "permanent", "turns": f"{rng.choice([1, 1, 2, 6])} turns",
                "immediate": "immediate or until the end of a war caused by this event",
                "until": "until the end of the war"}[duration_kind or "until"]
    if duration == "1 turns":
        duration = "1 turn"
    year = 1400 + 40 * ROMAN_VALUES[period] + rng.randint(0, 39)
    marker = f" ({mult})" if mult and not (mult.isdigit() and int(mult) > 1) else ""
    bodies = 2 if rng.random() < stats.multi_event_share else 1
    if bodies == 2:
        marker = " (2)"
    lines = [f"{number}: SYNTHETIC EVENT {number}{marker} (historical date: {year})", f"(duration: {duration})"]
    k = 1
    if chain_prev:
        lines.append(f"{k}. Cannot occur before event {chain_prev} has occurred. Otherwise re-roll and do not mark off.")
        k += 1
    elif earlier and rng.random() < stats.requirement_share:
        target = rng.choice(earlier[-200:])
        lines.append(f"{k}. Cannot occur before event {target} has occurred. Otherwise re-roll and do not mark off.")
        k += 1
        if rng.random() < 0.3:
            lines.append(f"{k}. Cannot occur unless {rng.choice(MINORS)} is currently inactive. In that case re-roll "
                         "and do not mark off.")
            k += 1
    n_clauses = max(1, int(rng.gauss(stats.clauses_per_event, 3)) - (k - 1))
    use_turns = rng.random() < stats.turn_share
    use_cases = bodies == 1 and rng.random() < stats.case_share
    parts: list[list[str]] = []
    for b in range(bodies):
        body: list[str] = []
        if bodies == 2:
            body.append(["FIRST EVENT:", "SECOND EVENT:"][b])
        sections = (["CASE I: If Poland is an ally of another player.", "CASE II: Poland is currently neutral."]
                    if use_cases else [None])
        for case in sections:
            if case:
                body.append(case)
            turns = ["FIRST TURN:", "SECOND TURN:"] if use_turns else [None]
            for turn in turns:
                if turn:
                    body.append(turn)
                phases = rng.sample(PHASES, rng.randint(1, 3))
                phases.sort(key=PHASES.index)
                per_phase = max(1, n_clauses // (len(phases) * len(turns) * len(sections) * bodies))
                for phase in phases:
                    body.append(phase)
                    for j in range(1, per_phase + 1):
                        text = _sentence(rng, number + j)
                        if earlier and rng.random() < stats.refs_per_event / max(1, n_clauses):
                            text += f" See event {rng.choice(earlier[-200:])}."
                        body.append(f"{j}. {text}")
        parts.append(body)
    for body in parts:
        lines.extend(body)
    return "\n".join(lines) + "\n"


ROMAN_VALUES = {v: k for k, v in ROMAN_BY_VALUE.items()}


def _synthetic_periods(profile_path: str, periods: list[str]) -> None:
    """The synthetic KB's events use periods I-X: its copy of the game profile lists them (commands check every
    period against the profile)."""
    import yaml

    with open(profile_path, encoding="utf-8") as fh:
        text = fh.read()
    head = text.splitlines(keepends=True)[0] if text else ""
    profile = yaml.safe_load(text)
    profile["periods"] = [{"id": p, "start": None, "end": None, "note": "synthetic period of bench/generate.py"}
                          for p in periods]
    with open(profile_path, "w", encoding="utf-8") as fh:
        fh.write(head if head.startswith("#") else "")
        yaml.safe_dump(profile, fh, sort_keys=False, allow_unicode=True)


def generate(n_events: int, out: str, seed: int = 7, chain: int = 20, kb_root: str | None = None,
             quiet: bool = False, keep: bool = False) -> dict:
    """Write the KB (see the module docstring). ``keep``: a KB generated earlier with the same arguments is kept
    even if rulekb's code changed since (benchmarking a code change on the same data)."""
    kb_root = kb_root or str(ROOT / "kb")
    stamp = _stamp(n_events, seed, chain, kb_root)
    stamp_path = os.path.join(out, ".generated.json")
    if os.path.exists(stamp_path):
        with open(stamp_path, encoding="utf-8") as fh:
            previous = json.load(fh)
        if previous.get("stamp") == stamp:  # same inputs, same code: the KB on disk is what we would write
            return previous["info"]
        info = previous.get("info", {})
        if keep and (info.get("events"), info.get("seed"), info.get("chain_length")) == (n_events, seed, chain):
            return info
    stats = measure(kb_root)
    rng = random.Random(seed)
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(out)
    shutil.copytree(os.path.join(kb_root, "schema"), os.path.join(out, "schema"))
    shutil.copytree(os.path.join(kb_root, "games"), os.path.join(out, "games"))
    periods = [ROMAN_BY_VALUE[v] for v in range(1, 11)]
    _synthetic_periods(os.path.join(out, "games", "eu.yaml"), periods)
    per_period = -(-n_events // len(periods))
    earlier: list[str] = []
    chain_ids: list[str] = []
    texts: dict[str, list[str]] = {}
    made = 0
    for period in periods:
        for number in range(1, per_period + 1):
            if made >= n_events:
                break
            eid = f"{number}:{period}"
            chain_prev = chain_ids[-1] if chain_ids and len(chain_ids) < chain and period == periods[0] else None
            in_chain = period == periods[0] and len(chain_ids) < chain
            texts.setdefault(period, []).append(event_text(rng, stats, number, period, earlier, chain_prev))
            if in_chain:
                chain_ids.append(eid)
            earlier.append(eid)
            made += 1
    start = time.perf_counter()
    for period, items in texts.items():
        name = f"synthetic_{period}.txt"
        text = f"GAME eu\nPERIOD {period}\n\n" + "\n".join(items)
        with open(os.path.join(out, name), "w", encoding="utf-8") as fh:
            fh.write(text)
        parsed = parse_event_text(text, name)
        for event in parsed.events:
            derive_event_logic(event)
            save_entry(out, event)
    # Sources are kept next to the KB (not inside it: only YAML is KB).
    os.makedirs(os.path.join(out, "..", os.path.basename(out) + "-texts"), exist_ok=True)
    for period in texts:
        name = f"synthetic_{period}.txt"
        shutil.move(os.path.join(out, name), os.path.join(out, "..", os.path.basename(out) + "-texts", name))
    info = {"events": made, "chain_goal": chain_ids[-1] if chain_ids else None, "chain_length": len(chain_ids),
            "seconds": round(time.perf_counter() - start, 2), "seed": seed}
    with open(stamp_path, "w", encoding="utf-8") as fh:
        json.dump({"stamp": stamp, "info": info}, fh)
    if not quiet:
        print(info)
    return info


def _stamp(n_events: int, seed: int, chain: int, kb_root: str) -> str:
    """What the generated KB depends on: the arguments, the bundled KB it takes its statistics from, and the code
    that writes it (this file and the whole ``checker`` package). Any change means a fresh KB."""
    digest = hashlib.sha256(f"{n_events}/{seed}/{chain}".encode())
    sources = sorted(Path(ROOT, "checker").rglob("*.py")) + [Path(__file__)]
    sources += sorted(p for p in Path(kb_root).rglob("*") if p.is_file())
    for path in sources:
        digest.update(str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--events", type=int, required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--chain", type=int, default=20)
    args = p.parse_args(argv)
    generate(args.events, args.out, args.seed, args.chain)
    return 0


if __name__ == "__main__":
    sys.exit(main())
