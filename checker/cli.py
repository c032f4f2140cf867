"""``rulekb``: the command line.

Exit codes (the contract in DESIGN.md): 0 no error-level finding (found / legal); 1 error-level findings (or
warnings with ``--strict``; impossible / illegal); 2 usage, input or internal error; 3 inconclusive (a solver
time limit).

Every mistake in an argument is named (with "did you mean" for near misses) and exits 2 before any work is done;
an unreadable or unwritable file exits 2 with its path; nothing ends in a traceback except a real internal error.
Commands import what they need when they run (rich only for text output, clingo only for logic), so that
``rulekb --help`` and argument mistakes answer at once.
"""

from __future__ import annotations

import argparse
import os
import sys

from . import __version__

EXIT_OK, EXIT_FINDINGS, EXIT_ERROR, EXIT_INCONCLUSIVE = 0, 1, 2, 3

CATEGORIES_HELP = "categories: schema, reference, naming, structure, chronology, logic, style"
TEXT_SUFFIXES = (".txt",)
YAML_SUFFIXES = (".yaml", ".yml")
MAX_FOLDER_ENTRIES = 20_000  # a folder named on the command line is walked only this far (`check /` stops)


class UsageError(Exception):
    """A mistake in the command line or in what it names: printed as ``rulekb: <message>``, exit 2."""


def _err(message: str) -> None:
    sys.stderr.write(f"rulekb: {message}\n")
    sys.stderr.flush()


def _console():
    from rich.console import Console

    return Console(highlight=False, soft_wrap=True, emoji=False)  # "1:A:" is an id, not the :a: emoji


# --- the knowledge base root -------------------------------------------------------------------------------------

def _is_kb(folder: str) -> bool:
    return os.path.isdir(folder) and (os.path.isdir(os.path.join(folder, "games"))
                                      or os.path.isdir(os.path.join(folder, "schema")))


def find_kb_root(start: str | None = None) -> str | None:
    """The ``kb/`` folder (one holding ``games/`` or ``schema/``) of ``start`` or of the nearest folder above it,
    the way git finds ``.git``; None when there is none. Never the KB of the installed package by surprise."""
    here = os.path.abspath(start or os.getcwd())
    while True:
        candidate = os.path.join(here, "kb")
        if _is_kb(candidate):
            return candidate
        parent = os.path.dirname(here)
        if parent == here:
            return None
        here = parent


def _display_path(path: str) -> str:
    rel = os.path.relpath(os.path.abspath(path))
    return rel if not rel.startswith(os.pardir) else os.path.abspath(path)


def kb_root(args) -> str:
    """``--kb DIR`` (which must be a knowledge base), else the ``kb/`` folder found from the current folder up;
    a found root is said on stderr so that nobody checks another KB than they think."""
    given = getattr(args, "kb", None)
    if given:
        if not os.path.isdir(given):
            raise UsageError(f"--kb {given}: no such folder")
        if not _is_kb(given):
            raise UsageError(f"--kb {given}: not a knowledge base (it has no games/ or schema/ folder)")
        return given
    found = find_kb_root()
    if found is None:
        raise UsageError(f"no knowledge base found: no kb/ folder (with games/ or schema/) in {os.getcwd()} or a "
                         "folder above it; give --kb DIR")
    shown = _display_path(found)
    if getattr(args, "_kb_said", False) is False:
        _err(f"using the knowledge base in {shown}")
        args._kb_said = True
    return shown


def _project_dir(root: str) -> str:
    """The folder that holds the KB (``site/`` and ``site_build/`` go there, not into the current folder)."""
    return os.path.dirname(os.path.abspath(root))




# --- games and periods of texts (GAME / PERIOD lines, --game, --period VII, --period FILE=VII) ---------------------

def _resolve_game(value: str, root: str, where: str) -> tuple[str, list[str], str]:
    """(game, its periods, its profile's path) for a game id typed by a user or written in a GAME line."""
    from .games import profile_files
    from .ids import UnknownName, resolve_name

    profiles = profile_files(root)
    try:
        game = resolve_name(value, sorted(profiles), f"game (a profile in {_display_path(os.path.join(root, 'games'))})")
    except UnknownName as exc:
        raise UsageError(f"{where}: {exc}") from None
    path, data = profiles[game]
    periods = [str(p.get("id")) for p in data.get("periods") or [] if isinstance(p, dict)]
    return game, periods, _display_path(path)


def split_periods(values: list[str] | None, paths: list[str]) -> tuple[str | None, dict[str, str]]:
    """(period for every text, {file name: period}) as ``--period VII`` and ``--period FILE=VII`` give them; each is
    checked against its text's game profile by :func:`resolve_texts`."""
    every: str | None = None
    per_file: dict[str, str] = {}
    names = {os.path.basename(p) for p in paths}
    for value in values or []:
        file, sep, per = value.rpartition("=")
        if sep:
            base = os.path.basename(file)
            if base not in names:
                raise UsageError(f"--period {value}: {file} is not one of the files given")
            per_file[base] = per
        elif every is not None and every.upper() != per.upper():
            raise UsageError(f"--period given twice ({every}, {per}); use --period FILE=PERIOD for one file")
        else:
            every = per
    return every, per_file


def _text_header(path: str) -> tuple[str | None, str | None, str | None, int | None]:
    """(format, header game, header period, line of the first text line) of a text; all None if it cannot be read
    (the parser then reports why, with file and line)."""
    from .textformat import detect_format
    from .textformat.common import ParseError, read_text, split_lines
    from .textformat.eu_events import PERIOD_HEADER_RE, header_game

    try:
        text = read_text(path, path)
    except ParseError:
        return None, None, None, None
    lines = [ln for ln in split_lines(text) if not ln.blank][:2]
    fmt = detect_format(text)
    if fmt != "eu-events" or not lines:
        return fmt, None, None, None
    game = header_game(text)
    if game:
        lines = lines[1:]
    m = PERIOD_HEADER_RE.match(lines[0].text) if lines else None
    return fmt, game, (m["period"] if m else None), (lines[0].number if lines else None)


def resolve_texts(paths: list[str], root: str, game: str | None, period_values: list[str] | None
                  ) -> dict[str, tuple[str, str | None]]:
    """{file name: (game, period to give the parser)} for each event text: the game of its GAME line, else
    ``--game``, else the KB's one game (:func:`default_game`); the period of its PERIOD line, else ``--period``,
    checked against that game's profile (any case: ``vii`` is VII; ``7`` and ``XX`` are errors). A text without a
    game or period, or whose lines disagree with the options, is a usage error (exit 2) in every command that reads
    texts."""
    from .games import default_game, games_with_events, profile_files
    from .ids import UnknownName, normalize_period

    every, per_file = split_periods(period_values, paths)
    given_game = _resolve_game(game, root, "--game")[0] if game else None
    out: dict[str, tuple[str, str | None]] = {}
    for path in paths:
        if path.endswith(YAML_SUFFIXES):
            continue
        base = os.path.basename(path)
        fmt, header_game, header, line = _text_header(path)
        if fmt != "eu-events":
            out[base] = (given_game or default_game(root) or "", None)
            continue
        if header_game:
            g = _resolve_game(header_game, root, f"{path}: GAME {header_game}")[0]
            if given_game and given_game != g:
                raise UsageError(f"{path}: the text says GAME {g} but --game {given_game} was given")
        else:
            g = given_game or default_game(root)
            if g is None:
                raise UsageError(f"{path}: no 'GAME <id>' line, and the KB holds several games ("
                                 f"{', '.join(games_with_events(root) or sorted(profile_files(root)))}): give the game "
                                 "with --game or a 'GAME <id>' first line")
        game_id, periods, where = _resolve_game(g, root, f"{path}: game {g}")
        given = per_file.get(base, every)
        if given is not None:
            if not periods:
                raise UsageError(f"--period: the game profile {where} lists no periods")
            try:
                given = normalize_period(given, periods, where)
            except UnknownName as exc:
                raise UsageError(f"--period {given}: {exc}") from None
        if header and periods and header not in periods:
            raise UsageError(f"{path}:{line}: PERIOD {header} is not a period of {where} "
                             f"({', '.join(periods)})")
        if header and given and header != given:
            raise UsageError(f"{path}:{line}: the header says PERIOD {header} but --period {given} was given")
        if not header and not given:
            raise UsageError(f"{path}:{line}: no 'PERIOD <label> (<years>)' header: give the period with --period "
                             f"(e.g. --period {periods[-1] if periods else 'VII'}, or --period {base}="
                             f"{periods[-1] if periods else 'VII'} for this file only)")
        out[base] = (game_id, None if header else given)
    return out


# --- check ---------------------------------------------------------------------------------------------------------

def _expand_paths(paths: list[str], root: str) -> list[str]:
    """Files to check: a folder stands for the .txt and .yaml files in it (the KB root itself for the whole KB)."""
    out: list[str] = []
    for path in paths:
        if not os.path.exists(path):
            raise UsageError(f"{path}: no such file or folder")
        if os.path.isdir(path):
            if os.path.realpath(path) == os.path.realpath(root):
                continue  # the KB root: the whole KB
            found = []
            seen = 0
            for folder, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                seen += len(dirs) + len(files)
                if seen > MAX_FOLDER_ENTRIES:
                    raise UsageError(f"{path}: more than {MAX_FOLDER_ENTRIES} files and folders under it; name the "
                                     "folder of the texts to check")
                found += [os.path.join(folder, f) for f in sorted(files)
                          if f.endswith(TEXT_SUFFIXES + YAML_SUFFIXES)]
            if not found:
                raise UsageError(f"{path}: a folder with no .txt or .yaml files to check")
            out.extend(found)
        else:
            out.append(path)
    return out


def cmd_check(args) -> int:
    from .checks import matches_selection, resolve_selection

    try:
        select = resolve_selection(args.select, "--select")
        ignore = resolve_selection(args.ignore, "--ignore")
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    root = kb_root(args)
    whole_kb = not args.paths or all(os.path.isdir(p) and os.path.realpath(p) == os.path.realpath(root)
                                     for p in args.paths)
    paths = _expand_paths(args.paths, root)
    texts = resolve_texts(paths, root, args.game, args.period)
    if args.output:
        _writable(args.output)
    base = None
    if args.baseline:  # read before the run: a bad report is named at once
        from .baseline import BaselineError, load_baseline

        try:
            base = load_baseline(args.baseline)
        except BaselineError as exc:
            raise UsageError(str(exc)) from None

    from .checks.schema.acc001_stale_acceptance import apply_acceptances
    from .pipeline import check_paths

    period = {name: per for name, (_, per) in texts.items()}
    games = {name: game for name, (game, _) in texts.items()}
    run = check_paths(paths, root, period, game=games, one_shot=True)  # the process ends once it has reported
    findings = run.findings
    if whole_kb:
        findings = apply_acceptances(findings, run.kb.acceptances, run.kb.files.get("accepted"))
        if args.game:  # the whole KB, reported for one game (its entries, and files that belong to no game)
            only = _resolve_game(args.game, root, "--game")[0]
            findings = [f for f in findings if f.game in (None, only)]
    else:
        findings = apply_acceptances(findings, list(run.kb.acceptances), None)
        findings = [f for f in findings if f.rule != "ACC001"]
    if args.baseline or args.diff_from:
        from .baseline import BaselineError, baseline_from_git, new_findings

        if base is None:
            try:
                base = baseline_from_git(args.diff_from, root, paths, period, games)
            except BaselineError as exc:
                raise UsageError(str(exc)) from None
        findings = new_findings(findings, base)
    if select:
        findings = [f for f in findings if matches_selection(f, select)]
    if ignore:
        findings = [f for f in findings if not matches_selection(f, ignore)]
    shown = findings if args.show_accepted else [f for f in findings if f.accepted is None]
    color = args.format == "text" and sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    from .report import FORMATS

    out = FORMATS[args.format](shown, quotes=run.quotes, color=color)
    if args.output:
        from .kbio.yamlio import atomic_write

        atomic_write(args.output, out)
    else:
        sys.stdout.write(out)
    failing = {"error"} | ({"warning"} if args.strict else set())
    if any(f.severity in failing and f.accepted is None for f in findings):
        return EXIT_FINDINGS
    from .logic.undecided import undecided

    return EXIT_INCONCLUSIVE if any(undecided(f) and f.accepted is None for f in findings) else EXIT_OK


def _writable(path: str) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise UsageError(f"{path}: is a folder, not a file to write")
    if not os.path.isdir(folder):
        raise UsageError(f"{path}: its folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        raise UsageError(f"{path}: cannot write into {folder} (permission denied)")


# --- rules ---------------------------------------------------------------------------------------------------------

def _inline(text: str) -> str:
    import re

    text = re.sub(r"``(.+?)``", r"\1", text)
    return re.sub(r"(?<![\w`])`([^`\n]+)`(?![\w`])", r"\1", text)


def doc_blocks(doc: str) -> list[tuple[str, str]]:
    """A check's docstring as ("text" | "literal" | "item", content) blocks: paragraphs joined into one line each,
    literal blocks (after ``::`` or between ``` fences) kept verbatim, reST markup removed."""
    import inspect

    lines = inspect.cleandoc(doc or "").splitlines()
    blocks: list[tuple[str, str]] = []
    para: list[str] = []
    literal_next = False
    i = 0

    def flush():
        nonlocal literal_next
        if para:
            text = " ".join(s.strip() for s in para)
            if text.endswith("::"):
                text = text[:-2].rstrip()
                literal_next = True
                text = text + ":" if text and not text.endswith(":") else text
            if text:
                blocks.append(("item" if text[:2] in ("- ", "* ") else "text", _inline(text)))
            para.clear()

    while i < len(lines):
        line = lines[i]
        if line.strip().startswith("```"):
            flush()
            i += 1
            body = []
            while i < len(lines) and not lines[i].strip().startswith("```"):
                body.append(lines[i])
                i += 1
            i += 1
            blocks.append(("literal", "\n".join(body).rstrip()))
            continue
        if not line.strip():
            flush()
            i += 1
            continue
        if literal_next and line[:1].isspace():
            body = []
            while i < len(lines) and (not lines[i].strip() or lines[i][:1].isspace()):
                body.append(lines[i])
                i += 1
            import textwrap

            blocks.append(("literal", textwrap.dedent("\n".join(body)).strip("\n")))
            literal_next = False
            continue
        literal_next = False
        if line.lstrip()[:2] in ("- ", "* ") and para:
            flush()
        para.append(line)
        i += 1
    flush()
    return blocks


def doc_text(doc: str, width: int, indent: str = "") -> str:
    import textwrap

    out = []
    for kind, text in doc_blocks(doc):
        if kind == "literal":
            out.append("\n".join(indent + "    " + ln if ln else "" for ln in text.splitlines()))
        elif kind == "item":
            out.append(textwrap.fill(text, width, initial_indent=indent, subsequent_indent=indent + "  "))
        else:
            out.append(textwrap.fill(text, width, initial_indent=indent, subsequent_indent=indent))
    return "\n\n".join(out) + "\n"


def doc_summary(doc: str) -> str:
    """The first paragraph of a check's doc, whole (never cut mid-sentence)."""
    blocks = [text for kind, text in doc_blocks(doc) if kind == "text"]
    return blocks[0].rstrip(":") + ("" if blocks[0].rstrip(":").endswith((".", "?", "!")) else ".") if blocks else ""


def _width() -> int:
    import shutil

    return max(40, min(100, shutil.get_terminal_size((100, 24)).columns))


def cmd_rules(args) -> int:
    import textwrap

    from .checks import registry
    from .ids import suggestion

    reg = registry()
    width = _width()
    if args.code:
        info = reg.get(args.code.strip().upper())
        if info is None:
            raise UsageError(f"no check with code {args.code!r}{suggestion(args.code.upper(), reg)}; "
                             "`rulekb rules` lists them")
        from .checks.severity import REASONS

        why = REASONS.get(info.code, (info.severity, ""))[1]
        sys.stdout.write(f"{info.code} {info.name}  (category {info.category}, severity {info.severity}"
                         f"{': ' + why if why else ''})\n\n")
        sys.stdout.write(doc_text(info.doc, width))
        return EXIT_OK
    for info in reg.values():
        sys.stdout.write(f"{info.code}  {info.category:<11} {info.severity:<8} {info.name}\n")
        sys.stdout.write(textwrap.fill(doc_summary(info.doc) or info.name, width, initial_indent=" " * 8,
                                       subsequent_indent=" " * 8) + "\n")
    from .checks.severity import POLICY

    sys.stdout.write("\n" + POLICY.rstrip("\n") + "\n")
    return EXIT_OK


# --- render, ingest, gazetteer -------------------------------------------------------------------------------------

def _load(args):
    from .kbio.store import load_kb

    return load_kb(kb_root(args))


def cmd_render(args) -> int:
    from .ids import UnknownName, normalize_event_id, resolve_event_id, resolve_name
    from .textformat.render import entries_from, render_entry, render_source

    load = _load(args)
    kb = load.kb
    if args.source:
        name = os.path.basename(args.source)
        if not entries_from(kb, name):
            from .ids import suggestion

            sources = sorted({e.source.file for c in (kb.events, kb.rules, kb.glossaries, kb.documents)
                              for e in c.values() if e.source and e.source.file})
            raise UsageError(f"--source {args.source}: no KB entry came from {name!r}{suggestion(name, sources)}")
        sys.stdout.write(render_source(kb, name))
        return EXIT_OK
    typed_local = args.id.rpartition("/")[2]
    if normalize_event_id(typed_local, {e.period for e in kb.events.values()}):
        kb = game_view(args, kb, [args.id])
        args.id = typed_local
    collections = (kb.events, kb.rules, kb.glossaries, kb.documents)
    try:
        if normalize_event_id(args.id, {e.period for e in kb.events.values()}):
            key = resolve_event_id(args.id, kb.events)
        else:
            key = resolve_name(args.id, [k for c in collections for k in c], "entry id")
    except UnknownName as exc:
        raise UsageError(str(exc)) from None
    for coll in collections:
        if key in coll:
            sys.stdout.write(render_entry(coll[key]))
            return EXIT_OK
    raise UsageError(f"no KB entry with id {args.id!r}")


def cmd_ingest(args) -> int:
    from .ingest import ingest_file

    for path in args.paths:
        if os.path.isdir(path):
            raise UsageError(f"{path}: a folder; give the text files (e.g. {os.path.join(path, '*.txt')})")
        if not os.path.exists(path):
            raise UsageError(f"{path}: no such file")
    for path in args.paths:  # unreadable texts are named before anything is written
        from .textformat.common import read_text

        read_text(path, path)
    root = kb_root(args)
    texts = resolve_texts(args.paths, root, args.game, args.period)
    for path in args.paths:
        game, period = texts.get(os.path.basename(path), (None, None))
        report = ingest_file(path, root, period=period, force=args.force, game=game or None)
        for rel in report.written:
            _err(f"wrote {os.path.join(root, rel)}")
        if report.kept_curated:
            _err(f"{len(report.kept_curated)} entries kept curated fields (use --force to overwrite)")
        _err(f"{path}: {len(report.written)} written, {len(report.unchanged)} unchanged")
    return EXIT_OK


def cmd_gazetteer(args) -> int:
    from .games import default_game
    from .gazetteer import build_gazetteer
    from .ids import UnknownName, resolve_name
    from .kbio.store import save_data
    from .kbio.yamlio import dumps

    load = _load(args)
    kb = load.kb
    chosen = args.game or default_game(kb.root)
    if chosen is None:
        raise UsageError(f"--game: the KB holds several games ({', '.join(sorted(kb.games))}); say which")
    try:
        game = resolve_name(chosen, sorted(kb.games), "game (a profile in kb/games/)")
    except UnknownName as exc:
        raise UsageError(f"--game: {exc}") from None
    data = build_gazetteer(kb, game, kb.gazetteers.get(game))
    if args.write:
        rel = f"gazetteer/{game}.yaml"
        changed = save_data(kb.root, rel, data, "gazetteer")
        _err(f"{'wrote' if changed else 'unchanged'} {os.path.join(kb.root, rel)}: {len(data['entities'])} entities")
    else:
        sys.stdout.write(dumps(data))
    return EXIT_OK


# --- order, explain ------------------------------------------------------------------------------------------------

def _explanation_items(load, clauses, game=None):
    from .pipeline import Locator

    locator = Locator(load)
    out = []
    for c in clauses:
        file, line = locator(c.event, c.line, game)
        out.append({"id": c.event, "file": file, "line": line, "text": c.text})
    return out


def _print_clauses(console, items) -> None:
    for item in items:
        console.print(f"  - {item['id']} ({item['file']}:{item['line']}): {item['text']}", markup=False)


def _event_ids(values, kb, option: str) -> list[str]:
    """Event ids typed by a user, each canonical, within one game's view ``kb``; ``GAME/ID`` names the game too."""
    from .ids import UnknownName, resolve_event_id

    out = []
    for v in values:
        game, sep, local = v.rpartition("/")
        if sep and game.strip().lower() != (kb.game or "").lower():
            raise UsageError(f"{option} {v}: {game!r} is not the game of this command ({kb.game}); give one game's "
                             "events at a time")
        try:
            out.append(resolve_event_id(local if sep else v, kb.events))
        except UnknownName as exc:
            raise UsageError(f"{option} {v}: {exc}") from None
    return out


def game_view(args, kb, typed_ids: list[str]):
    """The one game a command about events works on: ``--game``, else the game a ``GAME/ID`` names, else the one game
    whose events the typed ids name, else the KB's one game with events. Several candidates are a usage error that
    lists them (two games may both have an event 1:I)."""
    from .ids import UnknownName, normalize_event_id, resolve_name

    with_events = sorted({e.game for e in kb.events.values()})
    games = kb.game_ids()
    if getattr(args, "game", None):
        try:
            game = resolve_name(args.game, games, "game (a profile in kb/games/)")
        except UnknownName as exc:
            raise UsageError(f"--game: {exc}") from None
        return kb.view(game)
    named = {v.rpartition("/")[0].strip() for v in typed_ids if "/" in v}
    if named:
        try:
            picked = {resolve_name(g, games, "game (a profile in kb/games/)") for g in named}
        except UnknownName as exc:
            raise UsageError(str(exc)) from None
        if len(picked) > 1:
            raise UsageError(f"events of several games ({', '.join(sorted(picked))}): one game at a time")
        return kb.view(picked.pop())
    if len(with_events) <= 1:
        return kb.view(with_events[0]) if with_events else kb.view("")
    holders: set[str] = set()
    for v in typed_ids:
        canon = normalize_event_id(v, {e.period for e in kb.events.values()})
        holders |= {g for g in with_events if canon and kb.event(g, canon) is not None}
    if len(holders) == 1:
        return kb.view(holders.pop())
    which = ", ".join(sorted(holders) or with_events)
    raise UsageError(f"the KB holds events of several games ({', '.join(with_events)}) and "
                     f"{' '.join(typed_ids) or 'this command'} does not single one out ({which}): give --game GAME "
                     "or write the id as GAME/ID (eu/8:VII)")


def _order_mode(args) -> str:
    mode = "goal" if args.goal else "check" if args.check else "count" if args.count is not None else None
    if mode is None:
        raise UsageError("order needs --goal ID, --check LOG.yaml or --count ID…")
    applies = {"avoid": "goal", "max_turns": "goal", "limit": "count"}
    for dest, only in applies.items():
        given = getattr(args, dest)
        if given not in (None, []) and mode != only:
            option = "--" + dest.replace("_", "-")
            raise UsageError(f"{option} applies only with --{only}, not with --{mode}")
    if args.max_turns is None:
        args.max_turns = 50
    if args.limit is None:
        args.limit = 10000
    return mode


def cmd_order(args) -> int:
    import json

    mode = _order_mode(args)
    load = _load(args)
    typed = [args.goal, *args.avoid] if mode == "goal" else list(args.count or []) if mode == "count" else []
    kb = game_view(args, load.kb, [t for t in typed if t])
    if mode == "goal":
        args.goal = _event_ids([args.goal], kb, "--goal")[0]
        args.avoid = _event_ids(args.avoid, kb, "--avoid")
        if args.goal in args.avoid:
            raise UsageError(f"--avoid {args.goal}: the goal itself cannot be avoided")
    elif mode == "count":
        if len(args.count) < 1:
            raise UsageError("--count needs at least one event id")
        args.count = _event_ids(args.count, kb, "--count")
    elif not os.path.isfile(args.check):
        raise UsageError(f"--check {args.check}: no such file")
    from .logic.orders import check_log, count_orders, shortest_history

    console = _console() if args.format == "text" else None
    if mode == "count":
        limit = args.limit or 10000
        try:
            counted = count_orders(kb, args.count, limit=limit, time_limit=args.time_limit)
        except ValueError as exc:
            raise UsageError(f"--count: {exc}") from None
        count, complete = counted.count, counted.complete
        if args.format == "json":
            print(json.dumps({"version": 1, "events": args.count, "count": count, "complete": complete,
                              "limit": limit, "message": counted.message}, indent=2))
        else:
            noun = "legal order" if count == 1 else "legal orders"
            more = f" ({counted.message})" if counted.message else ""
            console.print(f"{count} {noun} of {', '.join(args.count)}{more}", markup=False)
        if not complete:
            return EXIT_INCONCLUSIVE
        return EXIT_OK if count else EXIT_FINDINGS
    if mode == "check":
        from .logic.logs import LogError, read_log

        try:
            entries = read_log(args.check, kb.events)
        except LogError as exc:
            raise UsageError(str(exc)) from None
        result = check_log(kb, entries, time_limit=args.time_limit)
        expl = _explanation_items(load, result.explanation, kb.game)
        if args.format == "json":
            print(json.dumps({"version": 1, "log": args.check, "status": result.status, "message": result.message,
                              "step": result.history[0].to_dict() if result.status == "illegal" else None,
                              "explanation": expl}, indent=2, ensure_ascii=False))
        else:
            console.print(f"{args.check}: {result.status}" + (f": {result.message}" if result.message else ""),
                          markup=False)
            if expl:
                console.print("because:")
                _print_clauses(console, expl)
            elif result.status == "illegal":
                console.print("(no clause of the text is involved: the model's own rules forbid it — one event "
                              "played per turn, periods in order, nothing after the game has ended)")
        return {"legal": EXIT_OK, "illegal": EXIT_FINDINGS}.get(result.status, EXIT_INCONCLUSIVE)
    result = shortest_history(kb, args.goal, avoid=args.avoid, max_turns=args.max_turns or 50,
                              time_limit=args.time_limit)
    expl = _explanation_items(load, result.explanation, kb.game)
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
            console.print(f"{result.goal}: {result.status}" + (f": {result.message}" if result.message else ""),
                          markup=False)
            if expl:
                console.print("because:")
                _print_clauses(console, expl)
    return {"found": EXIT_OK, "impossible": EXIT_FINDINGS}.get(result.status, EXIT_INCONCLUSIVE)


def cmd_explain(args) -> int:
    load = _load(args)
    kb = game_view(args, load.kb, [args.id] if args.id else [])
    console = _console()
    if args.coverage:
        from .games import profile
        from .logic.coverage import coverage, format_coverage

        order = profile(kb.games, kb.game).period_index  # the game's period order, not Roman value
        events = sorted(kb.events.values(), key=lambda e: (order(e.period), e.period, e.number))
        if args.id:
            wanted = _event_ids([args.id], kb, "explain --coverage")[0]
            events = [e for e in events if e.id == wanted]
        console.print(format_coverage(*coverage(events)), markup=False)
        return EXIT_OK
    if args.id:
        goal = _event_ids([args.id], kb, "explain")[0]
        from .logic.orders import shortest_history

        event = kb.events[goal]
        result = shortest_history(kb, goal, time_limit=args.time_limit)
        reqs = [c for c in event.conditions if c.logic and c.logic.get("role") == "requirement"]
        if result.status == "found":
            steps = ", ".join(f"{s.event} {s.outcome} (turn {s.turn})" for s in result.history if s.event)
            console.print(f"{goal} {event.title} can fire. A shortest legal history: {steps}.", markup=False)
            if reqs:
                console.print("Its requirements, as the text states them:")
                for c in reqs:
                    file, line = _locate(load, goal, c.line, kb.game)
                    console.print(f"  - ({file}:{line}) {c.marker} {c.text}", markup=False)
            unknown = sum(1 for c in event.all_clauses() if c.logic is None)
            if unknown:
                console.print(f"({unknown} of its clauses have no structured logic and were read as text only.)")
            return EXIT_OK
        if result.status == "impossible":
            console.print(f"{goal} {event.title} can never fire. Together, these clauses rule it out:", markup=False)
            _print_clauses(console, _explanation_items(load, result.explanation, kb.game))
            return EXIT_FINDINGS
        console.print(f"{goal}: could not decide ({result.message})", markup=False)
        return EXIT_INCONCLUSIVE
    from .pipeline import check_paths

    run = check_paths([], kb.root, selected=None)
    logic = [f for f in run.findings if f.category == "logic" and f.game == kb.game]
    for f in sorted(logic, key=lambda f: f.sort_key()):
        console.print(f"{f.rule} {f.subject}: {f.message}", markup=False)
        for item in f.explanation or []:
            console.print(f"  because ({item.file}:{item.line}) {item.text}", markup=False)
    if not logic:
        console.print("no logic findings")
    return EXIT_OK


def _locate(load, event_id, line, game=None):
    from .pipeline import Locator

    return Locator(load)(event_id, line, game)


# --- site, deck, dispute -------------------------------------------------------------------------------------------

def cmd_site(args) -> int:
    import time

    from .kbio.store import load_kb
    from .site.build import SiteError, build_site, check_output_dir, generate_pages

    def say(msg: str) -> None:
        _err(f"site: {msg}")

    root = kb_root(args)
    project = _project_dir(root)
    docs = args.docs or os.path.join(project, "site", "docs_gen")
    out = args.out or os.path.join(project, "site_build")
    start = time.perf_counter()
    try:
        check_output_dir(docs)
        if not args.no_build:
            check_output_dir(out)
    except SiteError as exc:
        _err(f"site: {exc}")
        return EXIT_ERROR
    load = load_kb(root)
    say(f"loaded the knowledge base {load.kb.root}")
    try:
        pages = generate_pages(load, docs, compare_ref=args.compare, progress=say)
        say(f"wrote {pages} pages to {_display_path(docs)} in {time.perf_counter() - start:.1f} s")
        if args.no_build:
            return EXIT_OK
        start = time.perf_counter()
        say("building the static site with mkdocs")
        build_site(docs, out)
    except SiteError as exc:
        _err(f"site: {exc}")
        return EXIT_ERROR
    except OSError as exc:
        _err(f"site: cannot write {exc.filename or ''}: {exc.strerror or exc}")
        return EXIT_ERROR
    say(f"built {_display_path(out)} in {time.perf_counter() - start:.1f} s")
    if args.serve:
        return _serve_site(out, args.port)
    say(f"to view it, run `rulekb site --serve` (or `python -m http.server -d {_display_path(out)} -b 127.0.0.1 8000`) and "
        "open http://127.0.0.1:8000/ — opened straight from disk, its links lead to folder listings")
    return EXIT_OK


def _serve_site(root: str, port: int) -> int:
    """Serve the built site on 127.0.0.1 only (never on every interface) until interrupted."""
    import functools
    import http.server

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *a):
            pass

    try:
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Quiet, directory=root))
    except OSError as exc:
        _err(f"site: cannot listen on 127.0.0.1:{port}: {exc.strerror or exc}; try --port")
        return EXIT_ERROR
    _err(f"site: serving {root} at http://127.0.0.1:{httpd.server_address[1]}/ "
                      "(Ctrl-C stops)")
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return EXIT_OK


def _deck_findings(path: str, root: str):
    """What ``rulekb check`` reports on the deck file (schema, card ids, Ages, halves), and the loaded KB."""
    from .pipeline import check_paths

    run = check_paths([path], root)
    return run.findings, run


def cmd_deck(args) -> int:
    import time

    from .pop_deck import set_command_deadline

    set_command_deadline(time.monotonic() + args.time_limit)  # one limit for the whole command, as --help says
    try:
        return _cmd_deck(args)
    finally:
        set_command_deadline(None)


def _cmd_deck(args) -> int:
    import json

    from .kbio.yamlio import load_file
    from .pop_deck import deck_from, display, find_layout, layout_problem

    if not os.path.isfile(args.file):
        raise UsageError(f"{args.file}: {'a folder, not a deck file' if os.path.isdir(args.file) else 'no such file'}")
    root = kb_root(args)
    from .kbio.store import validate

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


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def cmd_dispute(args) -> int:
    from .games import profile_files
    import json

    from .ids import UnknownName
    from .logic.awaw_dispute import validate_dispute

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
    from .logic.awaw_dispute import legal_placements

    combos, only_eai = legal_placements(a, b, occupied, barred)
    if args.format == "json":
        print(json.dumps({"version": 1, "dispute": [a, b], "only_eai": only_eai,
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


# --- the parser ----------------------------------------------------------------------------------------------------

def _positive(kind):
    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a {'whole ' if kind is int else ''}number, not {text!r}")
        if not value > 0 or value != value:
            raise argparse.ArgumentTypeError(f"must be greater than 0, not {text}")
        if value > most:
            raise argparse.ArgumentTypeError(f"must be at most {most if kind is int else f'{most:g}'}, not {text}")
        return value
    most = 2**31 - 1 if kind is int else 1e6  # what the solver's options can hold (seconds: 11 days)
    parse.__name__ = f"positive {kind.__name__}"
    return parse


ORDER_EPILOG = """\
modes (give exactly one):
  --goal ID        the shortest legal history in which ID fires (with --avoid ID…, --max-turns N)
  --check LOG      is a recorded game log legal? the first illegal step and the clauses that forbid it
  --count ID…      how many legal orders fire all these events (with --limit N)

the log format (YAML): a list, or a mapping with a 'log:' key, of the draws in play order;
each entry has turn (a whole number from 1; a turn not listed drew nothing), event (an id,
8:VII or VII:8) and outcome: fired (the default), marked (marked off), refused (refused by
the player it targets; may be drawn again later) or rerolled (docs/logic.md says what each means):

  log:
    - {turn: 1, event: 7:VII, outcome: fired}
    - {turn: 2, event: 9:VII, outcome: rerolled}
    - {turn: 3, event: 8:VII, outcome: fired}

examples:
  rulekb order --goal 9:IV --avoid 7:IV
  rulekb order --check game-log.yaml --format json
  rulekb order --count 7:VII 8:VII 9:VII --limit 1000
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rulekb",
        description="Knowledge base and consistency checker for board-game event rules.",
        epilog="Exit codes: 0 no error-level finding (found / legal); 1 error-level findings (warnings too with "
               "--strict; impossible / illegal); 2 usage, input or internal error; 3 inconclusive (a solver time "
               "limit). The knowledge base is --kb DIR, else the kb/ folder of the current folder or the nearest "
               "folder above it.",
    )
    parser.add_argument("--version", action="version", version=f"rulekb {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    formats = {"text": "text", "json": "json"}

    def kb_arg(p):
        p.add_argument("--kb", metavar="DIR", help="knowledge base folder (default: the kb/ folder of the current "
                                                   "folder or the nearest folder above it; said on stderr)")

    def format_arg(p, choices=tuple(formats)):
        p.add_argument("--format", choices=list(choices), default="text",
                       help=f"output format: {', '.join(choices)} (default: text)")

    def time_arg(p):
        p.add_argument("--time-limit", type=_positive(float), default=10.0, metavar="S",
                       help="seconds the solver may take before answering inconclusive (exit 3; default 10)")

    p = sub.add_parser("check", help="check the KB, or new/edited event texts or KB files in its context",
                       description="Check the whole knowledge base, or the given files (plain event text in the "
                                   "seeds' format, KB YAML or deck files, or folders of them) in the context of "
                                   "the KB.",
                       epilog="Exit codes: 0 no error-level finding, 1 error-level findings (warnings too with "
                              "--strict), 2 usage or input error (a missing file, an unknown code, a text without "
                              "a period). Example: rulekb check --period VII new-events.txt")
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="event text (.txt), KB YAML or deck files, or folders of them; none = the whole KB")
    kb_arg(p)
    format_arg(p, ("text", "json", "sarif", "github"))
    p.add_argument("--period", action="append", metavar="PERIOD|FILE=PERIOD",
                   help="period of event texts without a 'PERIOD …' header (e.g. VII, any case; checked against "
                        "the game profile); FILE=PERIOD for one file only; may be repeated")
    p.add_argument("--game", metavar="GAME",
                   help="game of event texts without a 'GAME …' line (a profile id of kb/games/, any case); default: "
                        "the KB's one game with events. Without texts: report only this game's findings")
    p.add_argument("--strict", action="store_true", help="warnings fail the run too")
    p.add_argument("--select", action="append", metavar="CODES",
                   help=f"only these codes, code prefixes (REF) or categories, any case (comma-separated; "
                        f"{CATEGORIES_HELP})")
    p.add_argument("--ignore", action="append", metavar="CODES",
                   help="leave out these codes, code prefixes or categories (as --select)")
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
                                   "and summary. With a code (any case): its documentation (what it finds, why, a "
                                   "failing and a passing example, how to fix or accept it).",
                       epilog="example: rulekb rules REF006")
    p.add_argument("code", nargs="?", help="a check code such as REF001 (any case)")
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser("render", help="print KB entries back as text",
                       description="Print one entry (by id), or every entry that came from one source file, in "
                                   "source order: the text they were parsed from.",
                       epilog="examples: rulekb render 7:iv; rulekb render --source seeds/001_7c112c9c7645b661.txt")
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("id", nargs="?", help="an entry id such as 7:VII, IV:7 (any case) or pop-16.1")
    g.add_argument("--source", metavar="FILE", help="a source text (a path or its file name) that was ingested")
    kb_arg(p)
    p.add_argument("--game", metavar="GAME", help="the game whose events the ids name (a profile id of "
                   "kb/games/); needed only when several games have an event of that id (or write GAME/ID)")
    p.set_defaults(func=cmd_render)

    p = sub.add_parser("ingest", help="turn texts into KB YAML entries (atomic writes, curated fields kept)",
                       description="Parse event texts or rules documents and write one KB YAML file per entry. "
                                   "Each file is written to a temporary file and renamed, so an interrupted ingest "
                                   "leaves every file old or new; an unchanged text writes nothing; structured "
                                   "logic marked curated: true, notes and edited titles are kept unless --force. "
                                   "Every text is read and every period checked before anything is written.",
                       epilog="examples: rulekb ingest --period VII new-events.txt; "
                              "rulekb ingest seeds/*.txt --period 000_81b98fbe5e52caea.txt=VII")
    p.add_argument("paths", nargs="+", metavar="FILE", help="a text in the seeds' format")
    p.add_argument("--period", action="append", metavar="PERIOD|FILE=PERIOD",
                   help="period of event texts without a 'PERIOD …' header (checked against the game profile); "
                        "FILE=PERIOD for one file only; may be repeated")
    p.add_argument("--game", metavar="GAME",
                   help="game of event texts without a 'GAME …' line (a profile id of kb/games/, any case); default: "
                        "the KB's one game with events")
    p.add_argument("--force", action="store_true", help="overwrite curated fields too")
    kb_arg(p)
    p.set_defaults(func=cmd_ingest)

    p = sub.add_parser("order", help="shortest legal history to a goal; check a recorded log; count orders",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Legal event orders, answered by clingo. Exit codes: 0 found / legal, "
                                   "1 impossible / illegal, 2 usage or input error, 3 inconclusive (time limit).",
                       epilog=ORDER_EPILOG)
    g = p.add_mutually_exclusive_group()
    g.add_argument("--goal", metavar="ID", help="print the shortest legal history in which ID fires")
    g.add_argument("--check", metavar="LOG.yaml", help="say whether a recorded log (turn, event, outcome) is legal")
    g.add_argument("--count", nargs="+", metavar="ID", help="count the legal orders in which these events all fire")
    p.add_argument("--avoid", action="append", default=[], metavar="ID",
                   help="with --goal: ID must not fire (may be repeated)")
    p.add_argument("--max-turns", type=_positive(int), default=None, metavar="N",
                   help="with --goal: longest history searched (default 50)")
    p.add_argument("--limit", type=_positive(int), default=None, metavar="N",
                   help="with --count: stop counting at N (default 10000)")
    time_arg(p)
    format_arg(p)
    kb_arg(p)
    p.add_argument("--game", metavar="GAME", help="the game whose events the ids name (a profile id of "
                   "kb/games/); needed only when several games have an event of that id (or write GAME/ID)")
    p.set_defaults(func=cmd_order)

    p = sub.add_parser("explain", help="explain in the words of the text why an event can or cannot fire",
                       description="With an event id: whether it can fire, with a shortest history, or the minimal "
                                   "set of clauses that rule it out. Without: every logic finding and its clauses.")
    p.add_argument("id", nargs="?", help="an event id such as 8:VII or VII:8 (any case)")
    time_arg(p)
    p.add_argument("--coverage", action="store_true",
                   help="per event and in total: rule-shaped sentences, read fully, curated, not understood")
    kb_arg(p)
    p.add_argument("--game", metavar="GAME", help="the game whose events the ids name (a profile id of "
                   "kb/games/); needed only when several games have an event of that id (or write GAME/ID)")
    p.set_defaults(func=cmd_explain)

    p = sub.add_parser("site", help="build the browsable rules site (jinja2 → Markdown → mkdocs-material)",
                       description="Write one Markdown page per event, rule entry, check, entity, the glossary, the "
                                   "errata and the indexes, then build the static site with mkdocs (strict). The "
                                   "output folders must be new, empty, or made by rulekb site before (it leaves a "
                                   ".rulekb-site marker): any other folder is refused, never emptied.")
    p.add_argument("--docs", default=None, metavar="DIR",
                   help="where the Markdown goes (default: site/docs_gen next to the KB folder)")
    p.add_argument("--out", default=None, metavar="DIR",
                   help="where the static site goes (default: site_build next to the KB folder)")
    p.add_argument("--no-build", action="store_true", help="only write the Markdown")
    p.add_argument("--compare", metavar="GIT_REF", help="add a page per event changed since this git revision of "
                   "the KB: the text word by word and what changed in the logic (read with git show; nothing is "
                   "checked out)")
    p.add_argument("--serve", action="store_true", help="after building, serve the site on 127.0.0.1 (Ctrl-C stops)")
    p.add_argument("--port", type=int, default=8000, metavar="N", help="port for --serve (default 8000; 0 = any free)")
    kb_arg(p)
    p.set_defaults(func=cmd_site)

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

    p = sub.add_parser("gazetteer", help="extract countries, minors, provinces and areas from the KB texts",
                       description="List the names the event texts use (country codes, minors, provinces, areas), "
                                   "each with the entries that use it; --write saves them to "
                                   "kb/gazetteer/<game>.yaml, keeping aliases and notes written by hand.")
    p.add_argument("--game", help="game profile id, one of kb/games/ (default: the KB's one game with events)")
    p.add_argument("--write", action="store_true", help="write kb/gazetteer/<game>.yaml (aliases and notes kept)")
    kb_arg(p)
    p.set_defaults(func=cmd_gazetteer)
    return parser


def _describe_os_error(exc: OSError) -> str:
    path = exc.filename if exc.filename is not None else None
    what = exc.strerror or str(exc)
    if getattr(exc, "filename2", None):
        return f"{path} → {exc.filename2}: {what}"
    return f"{path}: {what}" if path is not None else what


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
    except UsageError as exc:
        _err(str(exc))
        return EXIT_ERROR
    except KeyboardInterrupt:
        return EXIT_ERROR
    except BrokenPipeError:
        return EXIT_OK
    except OSError as exc:  # a missing file, a read-only folder, a full disk: the path and what went wrong
        _err(_describe_os_error(exc))
        return EXIT_ERROR
    except (MemoryError, RecursionError) as exc:
        _err(f"out of resources ({type(exc).__name__}); the input is too large or too deeply nested")
        return EXIT_ERROR
    except Exception as exc:  # noqa: BLE001 - the contract: errors exit 2 with a message
        from .kbio.yamlio import YamlError
        from .textformat.common import ParseError

        if isinstance(exc, (ParseError, YamlError)):
            _err(str(exc))
            return EXIT_ERROR
        import traceback

        _err("internal error; please report it with this trace:")
        sys.stderr.write(traceback.format_exc())
        return EXIT_ERROR


if __name__ == "__main__":
    sys.exit(main())
