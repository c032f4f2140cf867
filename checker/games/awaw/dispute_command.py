"""``rulekb dispute``."""

from __future__ import annotations

from ...cli.common import EXIT_OK, UsageError, format_arg, kb_arg
from ...cli.kbroot import kb_root


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def cmd_dispute(args) -> int:
    import json

    from ...core.ids import UnknownName
    from ..profile import profile_files
    from .dispute import validate_dispute

    root = kb_root(args)
    profile = profile_files(root).get("awaw")
    minors = list(((profile or ("", {}))[1].get("facts") or {}).get("minor_countries") or [])
    if not minors:
        raise UsageError(f"no minor countries listed in the A World at War profile ({root}/games/awaw.yaml, "
                         "facts: minor_countries)")
    try:
        a, b, occupied, barred = validate_dispute(args.minor_a, args.minor_b, args.occupied, args.russia_barred,
                                                  minors)
    except (UnknownName, ValueError) as exc:
        raise UsageError(str(exc)) from None
    from .dispute import legal_placements

    combos, only_eai = legal_placements(a, b, occupied, barred)
    if args.format == "json":
        print(json.dumps({"version": 1, "dispute": [a, b], "only_eai": only_eai,
                          "placements": [[{"power": p, "minor": m, "counter": k} for p, m, k in c] for c in combos]},
                         indent=2))
        return EXIT_OK
    if only_eai:
        print("Both minor countries are occupied by the Axis: only the EAI effect applies.")
        return EXIT_OK
    from ...report.safe import visible

    print(f"{len(combos)} legal placements:")
    for c in combos:
        print("  " + visible("; ".join(f"{p.capitalize()} places {_article(k)} {k.replace('_', '-')} counter in {m}"
                               for p, m, k in c)) or "  (none)")
    return EXIT_OK


def add_parser(sub) -> None:
    p = sub.add_parser("dispute", help="A World at War: legal diplomatic placements in a minor country dispute",
                       description="List the legal diplomatic placements of a minor country dispute random event "
                                   "(seed 004), solved by clingo (asp/dispute.lp): the Axis supports one side, "
                                   "Russia or the Allies the other; a minor occupied by the Axis gets no counter, "
                                   "and if both are occupied only the EAI effect applies. Minor countries are "
                                   "those of the game profile (kb/games/awaw.yaml), in any case.",
                       epilog="example: rulekb dispute Hungary Rumania --occupied Rumania")
    p.add_argument("minor_a", help="one minor country of the dispute")
    p.add_argument("minor_b", help="the other minor country")
    p.add_argument("--occupied", action="append", default=[], metavar="MINOR",
                   help="a minor of the dispute occupied by the Axis (may be repeated)")
    p.add_argument("--russia-barred", action="append", default=[], metavar="MINOR",
                   help="a minor of the dispute Russia may not support (purge effect, or not an eligible Russian "
                        "target)")
    format_arg(p)
    kb_arg(p)
    p.set_defaults(func=cmd_dispute)
