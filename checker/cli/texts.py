"""Contributed files named on the command line: folders expanded, each text's game and period resolved.

``place_texts`` is what ``check``, ``ingest``, ``explain`` and ``order`` (``--text``) all call; ``period_option`` and
``game_option`` are their ``--period`` and ``--game`` options.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from .common import MAX_FOLDER_ENTRIES, TEXT_SUFFIXES, YAML_SUFFIXES, UsageError
from .kbroot import _resolve_game


def period_option(p, texts: str = "event texts", note: str = "") -> None:
    """``--period PERIOD`` / ``--period FILE=PERIOD``, read by :func:`place_texts`."""
    p.add_argument("--period", action="append", metavar="PERIOD|FILE=PERIOD",
                   help=f"period of {texts} without a 'PERIOD …' header ({note}any case; checked against the game "
                        "profile); FILE=PERIOD for one file only; may be repeated")


def game_option(p, more: str = "") -> None:
    """``--game GAME``: the game of event texts without a GAME line, read by :func:`place_texts`."""
    p.add_argument("--game", metavar="GAME",
                   help="game of event texts without a 'GAME …' line (a profile id of kb/games/, any case); default: "
                        "the KB's one game with events" + more)


@dataclass
class PlacedTexts:
    """Files named on the command line, as ``check`` places them in the KB: ``paths`` (folders expanded), and for
    each event text (by file name) its game and the period to give the parser (None: its own PERIOD line)."""

    paths: list[str]
    period: dict[str, str | None]
    game: dict[str, str]

    def of(self, path: str) -> tuple[str | None, str | None]:
        """(game, period) of the text at ``path``; (None, None) for a KB YAML file."""
        base = os.path.basename(path)
        return self.game.get(base), self.period.get(base)


def place_texts(given: list[str], root: str, game: str | None, period_values: list[str] | None) -> PlacedTexts:
    """The files ``given`` on the command line (folders expanded, :func:`_expand_paths`), each text's game and
    period by :func:`resolve_texts` (GAME line, else ``--game``, else the KB's one game; PERIOD line, else
    ``--period``), the one way every command that takes texts reads them."""
    paths = _expand_paths(given, root)
    texts = resolve_texts(paths, root, game, period_values)
    return PlacedTexts(paths, {name: per for name, (_, per) in texts.items()},
                       {name: g for name, (g, _) in texts.items()})


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
    from ..textformat import EVENT_LIST, detect_format
    from ..textformat.common import ParseError, read_text, split_lines
    from ..textformat.event_list import PERIOD_HEADER_RE, header_game

    try:
        text = read_text(path, path)
    except ParseError:
        return None, None, None, None
    lines = [ln for ln in split_lines(text) if not ln.blank][:2]
    fmt = detect_format(text)
    if fmt != EVENT_LIST or not lines:
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
    from ..core.ids import UnknownName, normalize_period
    from ..games import default_game, games_with_events, profile_files
    from ..textformat import EVENT_LIST

    every, per_file = split_periods(period_values, paths)
    given_game = _resolve_game(game, root, "--game")[0] if game else None
    out: dict[str, tuple[str, str | None]] = {}
    for path in paths:
        if path.endswith(YAML_SUFFIXES):
            continue
        base = os.path.basename(path)
        fmt, header_game, header, line = _text_header(path)
        if fmt != EVENT_LIST:
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
