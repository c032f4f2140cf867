"""``rulekb``: the command line.

Exit codes (the contract in DESIGN.md): 0 no error-level finding; 1 error-level findings (or warnings with
``--strict``); 2 usage, input or internal error.
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback

from rich.console import Console

from . import __version__
from .checks import CATEGORIES_HELP, registry
from .kbio.store import default_kb_root, load_kb
from .kbio.yamlio import YamlError
from .textformat import ParseError

EXIT_OK, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2

err_console = Console(stderr=True, highlight=False, soft_wrap=True)


def _split_codes(values: list[str] | None) -> set[str]:
    out: set[str] = set()
    for v in values or []:
        out.update(x.strip() for x in v.split(",") if x.strip())
    return out


def _matches(finding, patterns: set[str]) -> bool:
    return finding.rule in patterns or finding.category in patterns or \
        any(finding.rule.startswith(p) for p in patterns if p.isalpha() and p.isupper())


def cmd_check(args) -> int:
    from .checks.schema.acc001_stale_acceptance import apply_acceptances
    from .pipeline import check_paths
    from .report import FORMATS

    for path in args.paths:
        if not os.path.exists(path):
            err_console.print(f"rulekb: {path}: no such file")
            return EXIT_ERROR
    run = check_paths(args.paths, args.kb, args.period)
    findings = run.findings
    if not args.paths:
        findings = apply_acceptances(findings, run.kb.acceptances, run.kb.files.get("accepted"))
    else:
        findings = apply_acceptances(findings, [a for a in run.kb.acceptances], None)
        findings = [f for f in findings if f.rule != "ACC001"]
    if args.baseline or args.diff_from:
        from .baseline import BaselineError, baseline_from_git, load_baseline, new_findings

        try:
            base = load_baseline(args.baseline) if args.baseline else \
                baseline_from_git(args.diff_from, args.kb or default_kb_root(), args.paths, args.period)
        except BaselineError as exc:
            err_console.print(f"rulekb: {exc}", markup=False)
            return EXIT_ERROR
        findings = new_findings(findings, base)
    select, ignore = _split_codes(args.select), _split_codes(args.ignore)
    if select:
        findings = [f for f in findings if _matches(f, select)]
    if ignore:
        findings = [f for f in findings if not _matches(f, ignore)]
    shown = findings if args.show_accepted else [f for f in findings if f.accepted is None]
    color = args.format == "text" and sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    out = FORMATS[args.format](shown, quotes=run.quotes, color=color)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(out)
    else:
        sys.stdout.write(out)
    failing = {"error"} | ({"warning"} if args.strict else set())
    return EXIT_FINDINGS if any(f.severity in failing and f.accepted is None for f in findings) else EXIT_OK


def cmd_rules(args) -> int:
    reg = registry()
    console = Console(highlight=False)
    if args.code:
        info = reg.get(args.code.upper())
        if info is None:
            err_console.print(f"rulekb: no check with code {args.code!r}; `rulekb rules` lists them")
            return EXIT_ERROR
        console.print(f"[bold]{info.code}[/] {info.name}  (category {info.category}, severity {info.severity})\n")
        console.print(info.doc.strip(), markup=False)
        return EXIT_OK
    for info in reg.values():
        print(f"{info.code}  {info.category:<11} {info.severity:<8} {info.name:<20} {info.summary}")
    return EXIT_OK


def cmd_render(args) -> int:
    from .textformat.render import entries_from, render_entry, render_source

    load = load_kb(args.kb)
    kb = load.kb
    if args.source:
        if not entries_from(kb, args.source):
            err_console.print(f"rulekb: no KB entry came from {args.source!r}")
            return EXIT_ERROR
        sys.stdout.write(render_source(kb, args.source))
        return EXIT_OK
    from .ids import canonical_event_id

    key = canonical_event_id(args.id) or args.id
    for coll in (kb.events, kb.rules, kb.glossaries, kb.documents):
        if key in coll:
            sys.stdout.write(render_entry(coll[key]))
            return EXIT_OK
    err_console.print(f"rulekb: no KB entry with id {args.id!r}")
    return EXIT_ERROR


def cmd_ingest(args) -> int:
    from .ingest import ingest_file

    root = args.kb or default_kb_root()
    total_written = 0
    for path in args.paths:
        report = ingest_file(path, root, period=args.period, force=args.force)
        total_written += len(report.written)
        for rel in report.written:
            err_console.print(f"wrote {os.path.join(root, rel)}")
        if report.kept_curated:
            err_console.print(f"{len(report.kept_curated)} entries kept curated fields (use --force to overwrite)")
        err_console.print(f"{path}: {len(report.written)} written, {len(report.unchanged)} unchanged")
    return EXIT_OK


def cmd_gazetteer(args) -> int:
    from .gazetteer import build_gazetteer
    from .kbio.store import save_data
    from .kbio.yamlio import dumps

    load = load_kb(args.kb)
    kb = load.kb
    data = build_gazetteer(kb, args.game, kb.gazetteers.get(args.game))
    if args.write:
        rel = f"gazetteer/{args.game}.yaml"
        changed = save_data(kb.root, rel, data, "gazetteer")
        err_console.print(f"{'wrote' if changed else 'unchanged'} {kb.root}/{rel}: {len(data['entities'])} entities")
    else:
        sys.stdout.write(dumps(data))
    return EXIT_OK


EXIT_INCONCLUSIVE = 3


def _explanation_items(load, clauses):
    from .pipeline import Locator

    locator = Locator(load)
    out = []
    for c in clauses:
        file, line = locator(c.event, c.line)
        out.append({"id": c.event, "file": file, "line": line, "text": c.text})
    return out


def _print_clauses(console, items) -> None:
    for item in items:
        console.print(f"  - {item['id']} ({item['file']}:{item['line']}): {item['text']}", markup=False)


def cmd_order(args) -> int:
    import json

    from .kbio.yamlio import load_file
    from .logic.orders import check_log, count_orders, shortest_history

    load = load_kb(args.kb)
    kb = load.kb
    console = Console(highlight=False, soft_wrap=True)
    if args.count is not None:
        if len(args.count) < 1:
            err_console.print("rulekb: --count needs at least one event id")
            return EXIT_ERROR
        missing = [e for e in args.count if _canon(e) not in kb.events]
        if missing:
            err_console.print(f"rulekb: no such event: {', '.join(missing)}")
            return EXIT_ERROR
        count, complete, seconds = count_orders(kb, args.count, limit=args.limit, time_limit=args.time_limit)
        if args.format == "json":
            print(json.dumps({"version": 1, "events": [_canon(e) for e in args.count], "count": count,
                              "complete": complete, "limit": args.limit}, indent=2))
        else:
            more = "" if complete else f" (stopped at the limit of {args.limit} or the time limit: there may be more)"
            console.print(f"{count} legal orders of {', '.join(_canon(e) for e in args.count)}{more}")
        return EXIT_OK if complete else EXIT_INCONCLUSIVE
    if args.check:
        data, _ = load_file(args.check)
        entries = data.get("log") if isinstance(data, dict) else data
        if not isinstance(entries, list):
            err_console.print(f"rulekb: {args.check}: expected a list of {{turn, event, outcome}} (or a 'log:' key)")
            return EXIT_ERROR
        result = check_log(kb, entries, time_limit=args.time_limit)
        expl = _explanation_items(load, result.explanation)
        if args.format == "json":
            print(json.dumps({"version": 1, "log": args.check, "status": result.status, "message": result.message,
                              "step": result.history[0].to_dict() if result.status == "illegal" else None,
                              "explanation": expl}, indent=2, ensure_ascii=False))
        else:
            console.print(f"{args.check}: {result.status}" + (f": {result.message}" if result.message else ""))
            if expl:
                console.print("because:")
                _print_clauses(console, expl)
            elif result.status == "illegal":
                console.print("(no clause of the text is involved: the model's own rules forbid it — one draw per "
                              "turn, periods in order, nothing after the game has ended)")
        return {"legal": EXIT_OK, "illegal": EXIT_FINDINGS}.get(result.status, EXIT_INCONCLUSIVE)
    if not args.goal:
        err_console.print("rulekb: order needs --goal ID, --check LOG.yaml or --count IDS")
        return EXIT_ERROR
    if _canon(args.goal) not in kb.events:
        err_console.print(f"rulekb: no such event: {args.goal}")
        return EXIT_ERROR
    result = shortest_history(kb, args.goal, avoid=args.avoid, max_turns=args.max_turns, time_limit=args.time_limit)
    expl = _explanation_items(load, result.explanation)
    if args.format == "json":
        print(json.dumps({"version": 1, "goal": result.goal, "status": result.status,
                          "history": [s.to_dict() for s in result.history], "explanation": expl,
                          **({"message": result.message} if result.message else {})}, indent=2, ensure_ascii=False))
    else:
        if result.status == "found":
            n = len(result.history)
            console.print(f"shortest legal history in which {result.goal} fires ({n} turn{'' if n == 1 else 's'}):")
            for s in result.history:
                console.print(f"  turn {s.turn:>3}  period {s.period or '?':<4} {s.event or '-':<8} {s.outcome}",
                              markup=False)
        else:
            console.print(f"{result.goal}: {result.status}" + (f": {result.message}" if result.message else ""))
            if expl:
                console.print("because:")
                _print_clauses(console, expl)
    return {"found": EXIT_OK, "impossible": EXIT_FINDINGS}.get(result.status, EXIT_INCONCLUSIVE)


def _canon(event_id: str) -> str:
    from .ids import canonical_event_id

    return canonical_event_id(event_id) or event_id


def cmd_explain(args) -> int:
    from .logic.orders import shortest_history

    load = load_kb(args.kb)
    kb = load.kb
    console = Console(highlight=False, soft_wrap=True)
    if args.coverage:
        from .ids import event_sort_key
        from .logic.coverage import coverage, format_coverage

        events = [kb.events[e] for e in sorted(kb.events, key=event_sort_key)]
        if args.id:
            events = [e for e in events if e.id == _canon(args.id)]
        console.print(format_coverage(*coverage(events)), markup=False)
        return EXIT_OK
    if args.id:
        goal = _canon(args.id)
        if goal not in kb.events:
            err_console.print(f"rulekb: no such event: {args.id}")
            return EXIT_ERROR
        event = kb.events[goal]
        result = shortest_history(kb, goal, time_limit=args.time_limit)
        reqs = [c for c in event.conditions if c.logic and c.logic.get("role") == "requirement"]
        if result.status == "found":
            steps = ", ".join(f"{s.event} {s.outcome} (turn {s.turn})" for s in result.history if s.event)
            console.print(f"{goal} {event.title} can fire. A shortest legal history: {steps}.", markup=False)
            if reqs:
                console.print("Its requirements, as the text states them:")
                for c in reqs:
                    file, line = _locate(load, goal, c.line)
                    console.print(f"  - ({file}:{line}) {c.marker} {c.text}", markup=False)
            unknown = sum(1 for c in event.all_clauses() if c.logic is None)
            if unknown:
                console.print(f"({unknown} of its clauses have no structured logic and were read as text only.)")
            return EXIT_OK
        if result.status == "impossible":
            console.print(f"{goal} {event.title} can never fire. Together, these clauses rule it out:", markup=False)
            _print_clauses(console, _explanation_items(load, result.explanation))
            return EXIT_FINDINGS
        console.print(f"{goal}: could not decide ({result.message})")
        return EXIT_INCONCLUSIVE
    from .pipeline import check_paths

    run = check_paths([], args.kb, selected=None)
    logic = [f for f in run.findings if f.category == "logic"]
    for f in sorted(logic, key=lambda f: f.sort_key()):
        console.print(f"{f.rule} {f.subject}: {f.message}", markup=False)
        for item in f.explanation or []:
            console.print(f"  because ({item.file}:{item.line}) {item.text}", markup=False)
    if not logic:
        console.print("no logic findings")
    return EXIT_OK


def _locate(load, event_id, line):
    from .pipeline import Locator

    return Locator(load)(event_id, line)


def cmd_site(args) -> int:
    import time

    from .site.build import build_site, generate_pages

    start = time.perf_counter()
    load = load_kb(args.kb)
    with err_console.status("writing pages"):
        pages = generate_pages(load, args.docs)
    err_console.print(f"wrote {pages} pages to {args.docs} in {time.perf_counter() - start:.1f} s")
    if args.no_build:
        return EXIT_OK
    start = time.perf_counter()
    with err_console.status("building the site with mkdocs"):
        build_site(args.docs, args.out)
    err_console.print(f"built {args.out} in {time.perf_counter() - start:.1f} s; open {args.out}/index.html")
    return EXIT_OK


def cmd_deck(args) -> int:
    import json

    from .kbio.store import validate
    from .kbio.yamlio import load_file
    from .pop_deck import deck_from, display, find_layout

    kb = load_kb(args.kb).kb
    data, text = load_file(args.file)
    errors = validate(data, "deck", kb.root, args.file, text)
    if errors:
        for f in errors:
            err_console.print(f"{f.file}:{f.line}: {f.message}", markup=False)
        return EXIT_ERROR
    deck = deck_from(data, args.file, kb.games.get("pop", {}).get("id_grammar", []), text)
    result = find_layout(deck, check_given=args.check_layout, time_limit=args.time_limit)
    disp = display(deck.players, deck.optional_rules)
    if args.format == "json":
        print(json.dumps({"version": 1, "scenario": deck.scenario, "status": result.status, "display": disp,
                          "halves": result.halves, "message": result.message,
                          "explanation": [{"id": c.id, "age": c.age, "half": c.half, "line": deck.lines.get(c.id)}
                                          for c in result.explanation]}, indent=2))
    else:
        console = Console(highlight=False, soft_wrap=True)
        console.print(f"{deck.scenario}: {deck.players} players; the display shows {disp['events']} events, "
                      f"{disp['face_up']} face up", markup=False)
        if result.status in ("found", "legal"):
            for age, halves in result.halves.items():
                console.print(f"Age {age}: first half {', '.join(halves['1'])}; second half {', '.join(halves['2'])}",
                              markup=False)
        else:
            console.print(f"{result.status}: {result.message}", markup=False)
            for c in result.explanation:
                console.print(f"  - {c.id} marked ({c.half}), Age {c.age} ({args.file}:{deck.lines.get(c.id)})",
                              markup=False)
    return {"found": EXIT_OK, "legal": EXIT_OK, "impossible": EXIT_FINDINGS, "illegal": EXIT_FINDINGS}.get(
        result.status, EXIT_INCONCLUSIVE)


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def cmd_dispute(args) -> int:
    import json

    from .logic.awaw_dispute import legal_placements

    combos, only_eai = legal_placements(args.minor_a, args.minor_b, args.occupied, args.russia_barred)
    if args.format == "json":
        print(json.dumps({"version": 1, "dispute": [args.minor_a, args.minor_b], "only_eai": only_eai,
                          "placements": [[{"power": p, "minor": m, "counter": k} for p, m, k in c] for c in combos]},
                         indent=2))
        return EXIT_OK
    if only_eai:
        print("Both minor countries are occupied by the Axis: only the EAI effect applies.")
        return EXIT_OK
    print(f"{len(combos)} legal placements:")
    for c in combos:
        print("  " + "; ".join(f"{p.capitalize()} places {_article(k)} {k.replace('_', '-')} counter in {m}"
                               for p, m, k in c) or "  (none)")
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rulekb",
        description="Knowledge base and consistency checker for board-game event rules.",
        epilog="Exit codes: 0 no error-level finding, 1 error-level findings (warnings too with --strict), "
               "2 usage, input or internal error.",
    )
    parser.add_argument("--version", action="version", version=f"rulekb {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def kb_arg(p):
        p.add_argument("--kb", metavar="DIR", help="knowledge base folder (default: ./kb)")

    p = sub.add_parser("check", help="check the KB, or new/edited event texts or KB files in its context",
                       description="Check the whole knowledge base, or the given files (plain event text in the "
                                   "seeds' format, or KB YAML) in the context of the KB.")
    p.add_argument("paths", nargs="*", metavar="PATH", help="event text (.txt) or KB YAML files; none = the whole KB")
    kb_arg(p)
    p.add_argument("--format", choices=["text", "json", "sarif", "github"], default="text")
    p.add_argument("--period", help="period of event texts without a 'PERIOD …' header (e.g. VII)")
    p.add_argument("--strict", action="store_true", help="warnings fail the run too")
    p.add_argument("--select", action="append", metavar="CODES",
                   help=f"only these codes or categories (comma-separated; {CATEGORIES_HELP})")
    p.add_argument("--ignore", action="append", metavar="CODES", help="leave out these codes or categories")
    p.add_argument("--show-accepted", action="store_true", help="also list findings accepted in kb/accepted.yaml")
    p.add_argument("--output", "-o", metavar="FILE", help="write the report to FILE instead of stdout")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--baseline", metavar="REPORT.json",
                   help="report only findings not in this saved JSON report (matched by rule, subject and message)")
    g.add_argument("--diff-from", metavar="GIT_REF",
                   help="report only findings that the files and KB at GIT_REF did not have")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("rules", help="list the checks, or print one check's documentation",
                       description="Without a code: every check with its code, category, default severity, name "
                                   "and summary. With a code: its documentation (what it finds, why, a failing "
                                   "and a passing example, how to fix or accept it).",
                       epilog="example: rulekb rules REF006")
    p.add_argument("code", nargs="?", help="a check code such as REF001")
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser("render", help="print KB entries back as text",
                       description="Print one entry (by id), or every entry that came from one source file, in "
                                   "source order: the text they were parsed from.")
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("id", nargs="?", help="an entry id such as 7:VII, IV:7 or pop-16.1")
    g.add_argument("--source", metavar="FILE", help="a source file name such as 000_81b98fbe5e52caea.txt")
    kb_arg(p)
    p.set_defaults(func=cmd_render)

    p = sub.add_parser("ingest", help="turn texts into KB YAML entries (atomic writes, curated fields kept)",
                       description="Parse event texts or rules documents and write one KB YAML file per entry. "
                                   "Each file is written to a temporary file and renamed, so an interrupted ingest "
                                   "leaves every file old or new; an unchanged text writes nothing; structured "
                                   "logic marked curated: true, notes and edited titles are kept unless --force.",
                       epilog="example: rulekb ingest --period VII new-events.txt")
    p.add_argument("paths", nargs="+", metavar="FILE", help="a text in the seeds' format")
    p.add_argument("--period", help="period of event texts without a 'PERIOD …' header")
    p.add_argument("--force", action="store_true", help="overwrite curated fields too")
    kb_arg(p)
    p.set_defaults(func=cmd_ingest)

    p = sub.add_parser("order", help="shortest legal history to a goal; check a recorded log; count orders",
                       description="Legal event orders, answered by clingo. Exit codes: 0 found / legal, "
                                   "1 impossible / illegal, 2 usage or input error, 3 inconclusive (time limit).")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--goal", metavar="ID", help="print the shortest legal history in which ID fires")
    g.add_argument("--check", metavar="LOG.yaml", help="say whether a recorded log (turn, event, outcome) is legal")
    g.add_argument("--count", nargs="+", metavar="ID", help="count the legal orders in which these events all fire")
    p.add_argument("--avoid", action="append", default=[], metavar="ID", help="with --goal: ID must not fire")
    p.add_argument("--max-turns", type=int, default=50, metavar="N", help="with --goal: longest history searched")
    p.add_argument("--limit", type=int, default=10000, metavar="N", help="with --count: stop counting at N")
    p.add_argument("--time-limit", type=float, default=10.0, metavar="S", help="seconds before answering inconclusive")
    p.add_argument("--format", choices=["text", "json"], default="text")
    kb_arg(p)
    p.set_defaults(func=cmd_order)

    p = sub.add_parser("explain", help="explain in the words of the text why an event can or cannot fire",
                       description="With an event id: whether it can fire, with a shortest history, or the minimal "
                                   "set of clauses that rule it out. Without: every logic finding and its clauses.")
    p.add_argument("id", nargs="?", help="an event id such as 8:VII")
    p.add_argument("--time-limit", type=float, default=10.0, metavar="S")
    p.add_argument("--coverage", action="store_true",
                   help="per event and in total: rule-shaped sentences, read fully, curated, not understood")
    kb_arg(p)
    p.set_defaults(func=cmd_explain)

    p = sub.add_parser("site", help="build the browsable rules site (jinja2 → Markdown → mkdocs-material)",
                       description="Write one Markdown page per event, rule entry, entity, the glossary, the errata "
                                   "and the indexes, then build the static site with mkdocs (strict).")
    p.add_argument("--docs", default="site/docs_gen", metavar="DIR", help="where the Markdown goes (build output)")
    p.add_argument("--out", default="site_build", metavar="DIR", help="where the static site goes")
    p.add_argument("--no-build", action="store_true", help="only write the Markdown")
    kb_arg(p)
    p.set_defaults(func=cmd_site)

    p = sub.add_parser("deck", help="The Price of Power: lay out a scenario's event deck, or check a layout",
                       description="Find a legal layout of each Age's halves (Optional Rule 6: X cards distributed so "
                                   "both halves have the same size), or say why none exists (the minimal set of cards); "
                                   "with --check-layout check the halves given as placed:. Also prints the display.")
    p.add_argument("file", help="a deck file (schema kb/schema/deck.schema.json)")
    p.add_argument("--check-layout", action="store_true", help="check the layout given in the file (placed:)")
    p.add_argument("--time-limit", type=float, default=10.0, metavar="S")
    p.add_argument("--format", choices=["text", "json"], default="text")
    kb_arg(p)
    p.set_defaults(func=cmd_deck)

    p = sub.add_parser("dispute", help="A World at War: legal diplomatic placements in a minor country dispute",
                       description="List the legal diplomatic placements of a minor country dispute random event "
                                   "(seed 004), solved by clingo (asp/dispute.lp): the Axis supports one side, "
                                   "Russia or the Allies the other; a minor occupied by the Axis gets no counter, "
                                   "and if both are occupied only the EAI effect applies.",
                       epilog="example: rulekb dispute Hungary Rumania --occupied Rumania")
    p.add_argument("minor_a", help="one minor country of the dispute")
    p.add_argument("minor_b", help="the other minor country")
    p.add_argument("--occupied", action="append", default=[], metavar="MINOR", help="occupied by the Axis")
    p.add_argument("--russia-barred", action="append", default=[], metavar="MINOR",
                   help="Russia may not support it (purge effect, or not an eligible Russian target)")
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.set_defaults(func=cmd_dispute)

    p = sub.add_parser("gazetteer", help="extract countries, minors, provinces and areas from the KB texts",
                       description="List the names the event texts use (country codes, minors, provinces, areas), "
                                   "each with the entries that use it; --write saves them to "
                                   "kb/gazetteer/<game>.yaml, keeping aliases and notes written by hand.")
    p.add_argument("--game", default="eu", help="game profile id (default: eu)")
    p.add_argument("--write", action="store_true", help="write kb/gazetteer/<game>.yaml (aliases and notes kept)")
    kb_arg(p)
    p.set_defaults(func=cmd_gazetteer)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0) if exc.code in (0, None) else EXIT_ERROR
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_ERROR
    try:
        return args.func(args)
    except (ParseError, YamlError) as exc:
        err_console.print(f"rulekb: {exc}", markup=False)
        return EXIT_ERROR
    except KeyboardInterrupt:
        return EXIT_ERROR
    except BrokenPipeError:
        return EXIT_OK
    except Exception:  # noqa: BLE001 - the contract: internal errors exit 2 with a message
        err_console.print("rulekb: internal error; please report it with this trace:", markup=False)
        err_console.print(traceback.format_exc(), markup=False)
        return EXIT_ERROR


if __name__ == "__main__":
    sys.exit(main())
