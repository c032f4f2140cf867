"""Check the form of a held-out corpus written from BRIEF.md: ``python validate.py FILE [PREFIX]``.

Copied beside the brief for the writer, who runs it and never reads it (its checks are listed in the brief). PREFIX is
the letter of the corpus' ids (``j`` for dev24). Prints each problem, then the counts; exits 1 when there is a
problem. It checks form only: ids, fields, games and events, the notation of readings (``score.parse_notation``),
the predicates and outcomes the notation has, the forms of effects.
"""

from __future__ import annotations

import collections
import importlib.util
import os
import re
import sys

import yaml

_SCORE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "score.py")
VOICES = {"wargame-rewrite", "wargame-caps", "terse-card", "card-rulebook", "card-faq", "card-errata",
          "verbose-modern", "designer-notes", "translated-french", "legalistic"}
OUTCOMES = {"reroll", "mark_off", "consider_played", "refused_renewable", "nothing", "delay", "treat_as_R"}
PREDICATES = {"occurred": 1, "in_effect": 1, "over": 1, "period_at_least": 1, "exists": 1, "owns": 2}
EFFECT = re.compile(r"(cancel\((\d+:\w+|this)(, only_for=\w+)?\)|never\((\d+:\w+|this)\)|game_ends|"
                    r"owner\([^(),]+, [^(),]+\)|minor_created\([^(),]+\)|minor_removed\([^(),]+\))")


def _score():
    spec = importlib.util.spec_from_file_location("score", _SCORE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _formula_problems(f, s: dict, games: dict, where: str) -> list[str]:
    if f[0] == "not":
        return _formula_problems(f[1], s, games, where)
    if f[0] != "atom":
        return [p for x in f[1] for p in _formula_problems(x, s, games, where)]
    name, args = f[1], f[2]
    if name not in PREDICATES:
        return [f"{s['id']}: {where}: unknown predicate {name}"]
    out = []
    if len(args) != PREDICATES[name]:
        out.append(f"{s['id']}: {where}: {name} takes {PREDICATES[name]} argument(s)")
    game = games.get(s.get("game"), {})
    if (name in ("occurred", "in_effect", "over") and args and args[0] not in (game.get("events") or {})
            and not re.fullmatch(r"\d+:[A-Za-z]+", str(args[0]))):
        out.append(f"{s['id']}: {where}: {args[0]} is not an event id")
    if name == "period_at_least" and args and args[0] not in [str(p) for p in game.get("periods", [])]:
        out.append(f"{s['id']}: {where}: {args[0]} is not a period of {s.get('game')}")
    return out


def check(data: dict, prefix: str, score) -> tuple[list[str], collections.Counter, collections.Counter]:
    problems: list[str] = []
    games = data.get("games") or {}
    seen: set = set()
    kinds: collections.Counter = collections.Counter()
    voices: collections.Counter = collections.Counter()
    for s in data.get("sentences") or []:
        sid = s.get("id")
        if not re.fullmatch(re.escape(prefix) + r"\d{3}", str(sid)):
            problems.append(f"{sid}: id must be {prefix} followed by 3 digits")
        if sid in seen:
            problems.append(f"{sid}: duplicate id")
        seen.add(sid)
        problems += [f"{sid}: missing {k}" for k in ("game", "event", "position", "voice", "text", "reading")
                     if k not in s]
        if s.get("game") not in games:
            problems.append(f"{sid}: unknown game {s.get('game')}")
            continue
        if str(s.get("event")) not in {str(e) for e in games[s["game"]].get("events", {})}:
            problems.append(f"{sid}: event {s.get('event')} is not in game {s['game']}")
        if s.get("position") not in ("requirement", "effect"):
            problems.append(f"{sid}: position must be requirement or effect")
        if s.get("voice") not in VOICES:
            problems.append(f"{sid}: voice {s.get('voice')} not one of {sorted(VOICES)}")
        voices[s.get("voice")] += 1
        r = s.get("reading")
        if r in ("none", "ambiguous"):
            kinds[r] += 1
            continue
        if not isinstance(r, dict) or not set(r) <= {"require", "on_fail", "effects"} or not {"require", "effects"} & set(r):
            problems.append(f"{sid}: reading must be none, ambiguous, or a map with require/on_fail/effects")
            continue
        kinds["rule"] += 1
        if "require" in r:
            try:
                problems += _formula_problems(score.parse_notation(str(r["require"]), str(s["event"])), s, games,
                                              "require")
            except Exception as exc:  # noqa: BLE001 - any parse failure is the writer's to fix
                problems.append(f"{sid}: require does not parse: {exc}")
        if r.get("on_fail", "reroll") not in OUTCOMES:
            problems.append(f"{sid}: on_fail {r.get('on_fail')} not in {sorted(OUTCOMES)}")
        if "on_fail" in r and "require" not in r:
            problems.append(f"{sid}: on_fail without require")
        for item in r.get("effects") or []:
            eff, _, cond = str(item).partition(" if ")
            if not EFFECT.fullmatch(eff.strip()):
                problems.append(f"{sid}: effect {item!r} is not of the notation's forms")
            if cond:
                try:
                    problems += _formula_problems(score.parse_notation(cond, str(s["event"])), s, games,
                                                  "effect condition")
                except Exception as exc:  # noqa: BLE001
                    problems.append(f"{sid}: effect condition does not parse: {exc}")
    return problems, kinds, voices


def main(argv: list[str]) -> int:
    with open(argv[1], encoding="utf-8") as fh:
        data = yaml.safe_load(fh)
    problems, kinds, voices = check(data, argv[2] if len(argv) > 2 else "j", _score())
    for p in problems:
        print("PROBLEM", p)
    print(f"{len(problems)} problems; sentences {sum(kinds.values())}: {dict(kinds)}; voices {dict(voices)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
