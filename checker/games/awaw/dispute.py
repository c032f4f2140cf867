"""A World at War minor country disputes, answered by clingo (asp/dispute.lp): every legal combination of
diplomatic placements, given which minor countries the Axis occupies and whom Russia may not support."""

from __future__ import annotations


def validate_dispute(a: str, b: str, occupied: list[str], russia_barred: list[str],
                     minors: list[str]) -> tuple[str, str, list[str], list[str]]:
    """The dispute's names spelled as the game profile spells them (any case is accepted). Raises ValueError for
    a name that is not a minor country of the profile, the same minor twice, or an --occupied / --russia-barred
    minor that is not in the dispute."""
    from ...core.ids import resolve_name

    a = resolve_name(a, minors, "minor country")
    b = resolve_name(b, minors, "minor country")
    if a == b:
        raise ValueError(f"a dispute is between two different minor countries, not {a} and {a}")
    out = []
    for option, names in (("--occupied", occupied), ("--russia-barred", russia_barred)):
        canon = []
        for name in names:
            m = resolve_name(name, minors, "minor country")
            if m not in (a, b):
                raise ValueError(f"{option} {name}: {m} is not in the dispute between {a} and {b}")
            canon.append(m)
        out.append(sorted(set(canon)))
    return a, b, out[0], out[1]


def legal_placements(a: str, b: str, occupied: list[str] = (), russia_barred: list[str] = (),
                     limit: int = 1000) -> tuple[list[list[tuple[str, str, str]]], bool]:
    """(combinations, only_eai): each combination is a sorted list of (power, minor, counter)."""
    import clingo

    from ...logic.facts import q
    from ...logic.solver import asp_dir
    from . import ASP_PROGRAM

    facts = [f"dispute({q(a)},{q(b)})."]
    facts += [f"occupied({q(m)})." for m in occupied]
    facts += [f"barred(russia,{q(m)})." for m in russia_barred]
    ctl = clingo.Control([f"--models={limit}", "--warn=none"])
    ctl.add("base", [], "\n".join(facts))
    ctl.load(str(asp_dir() / ASP_PROGRAM))
    ctl.ground([("base", [])])
    combos: list[list[tuple[str, str, str]]] = []
    only_eai = False
    with ctl.solve(yield_=True) as handle:
        for model in handle:
            placements = []
            for sym in model.symbols(shown=True):
                if sym.name == "only_eai":
                    only_eai = True
                elif sym.name == "place":
                    p, m, k = sym.arguments
                    placements.append((p.name, m.string, k.name))
            combos.append(sorted(placements))
    return sorted(combos), only_eai
