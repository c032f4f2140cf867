"""The text-level differential: random formulas rendered into sentences (tests/surface.py), read back by the
reader, and the reading held to the formula by truth table (docs/logic.md S3's states). A reading that means
something else is a disagreement; a sentence reported as not read is counted, never a disagreement.

``python -m tests.text_differential --cases 10000 --seed 900000`` prints
``cases: N, read exactly: R, not read: U, disagreements: D`` (and each disagreement with ``-v``).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys

from tests.heldout.score import equivalent, reader_effects, requirement_formula
from tests.surface import Surface

GAMES = {"eu": ("kb", "9:VII"), "coldwar": ("examples/coldwar/kb", "4:Mid")}
REROLLED = {None, "reroll", "nothing", "delay", "treat_as_R"}


def _vocab(root: str, game: str):
    from checker.games import profile
    from checker.kb.store import load_kb
    from checker.logic.reader.grammar import vocabulary_of
    from checker.logic.reader.phrases import TitleIndex

    kb = load_kb(root).kb.view(game)
    vocab = vocabulary_of(profile(kb.games, game))
    vocab = dataclasses.replace(vocab, titles=TitleIndex([(e.title, e.id) for e in kb.events.values()]))
    return vocab, {e.id: e.title for e in kb.events.values()}, list(profile(kb.games, game).periods)


def _expected(f):
    """The generator's formula in the scorer's form: ("atom", name, (args,)), not, and, or."""
    if f[0] == "atom":
        return ("atom", f[1], (f[2],))
    if f[0] == "not":
        return ("not", _expected(f[1]))
    return (f[0], [_expected(x) for x in f[1]])


def judge(case, logic, this: str, periods) -> str:
    if not logic or logic.get("role") == "unread":
        return "unread"
    if case.formula is not None:
        if logic.get("role") != "requirement":
            return "disagree"
        if not equivalent(requirement_formula(logic), _expected(case.formula), periods):
            return "disagree"
        want, got = case.on_fail, logic.get("on_fail")
        if (want in REROLLED and got not in REROLLED) or (want not in REROLLED and got != want):
            return "disagree"
        return "exact"
    if logic.get("role") != "effect":
        return "disagree"
    got = sorted(e for e, _ in reader_effects(logic, this))
    want = sorted("game_ends" if k == "game_ends" else f"{k}({e})" for k, e in case.effects)
    return "exact" if got == want else "disagree"


def run(cases: int, seed: int, verbose: bool = False, out=sys.stdout) -> dict:
    from checker.logic.reader.read import read_text

    games = {g: _vocab(root, g) for g, (root, _) in GAMES.items()}
    counts = {"exact": 0, "unread": 0, "disagree": 0}
    bad, unread_cases = [], []
    for i in range(cases):
        rng = random.Random(seed + i)
        game = rng.choice(sorted(GAMES))
        vocab, titles, periods = games[game]
        this = GAMES[game][1]
        events = {k: v for k, v in titles.items() if k != this}
        case = Surface(events, periods, rng).case()
        logic = read_text(case.text, this, vocab=vocab)
        verdict = judge(case, logic, this, periods)
        counts[verdict] += 1
        if verdict == "disagree":
            bad.append((seed + i, case.style, case.text, logic))
        elif verdict == "unread":
            unread_cases.append((seed + i, case.style, case.text, logic))
    print(f"cases: {cases} (seeds {seed}..{seed + cases - 1}), read exactly: {counts['exact']}, "
          f"not read: {counts['unread']}, disagreements: {counts['disagree']}", file=out)
    if verbose:
        for s, style, text, logic in unread_cases[:40]:
            print(f"  not read: seed {s} [{style}] {text}\n      {logic.get('reason') if logic else None}: "
                  f"{(logic or {}).get('words', '')[:120]}", file=out)
        for s, style, text, logic in bad:
            print(f"  seed {s} [{style}] {text}\n      read {logic}", file=out)
    return {"counts": counts, "disagreements": bad}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=900000)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    result = run(args.cases, args.seed, args.verbose)
    return 1 if result["disagreements"] else 0


if __name__ == "__main__":
    sys.exit(main())
