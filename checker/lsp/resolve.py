"""Which KB a file belongs to, and the game and period of an event text, read from the editor's buffer.

The rules are ``rulekb check``'s (``checker/cli``, ``resolve_texts``): the game of a text's ``GAME`` line, else
``--game``, else the KB's one game with events; the period of its ``PERIOD`` line, else ``--period`` (one for
every text, or ``FILE=PERIOD`` for one file name), checked against the game's profile. What ``check`` would stop
with as a usage error (exit 2) is a :class:`ResolveError` here, with the same words and the line it is about, and
the server shows it as one error diagnostic instead of the findings.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from ..cli import find_kb_root


class ResolveError(ValueError):
    """A text the check cannot run on (no KB, no period, a GAME or PERIOD line that names nothing)."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.line = line


@dataclass(frozen=True)
class Options:
    """The server's command-line options, as ``check`` has them."""

    kb: str | None = None  # --kb DIR: every file is checked against this KB
    game: str | None = None  # --game: game of texts without a GAME line
    period: str | None = None  # --period VII: period of every text without a PERIOD line
    periods: tuple[tuple[str, str], ...] = ()  # --period FILE=VII: (file name, period)
    debounce: float = 0.3  # seconds of quiet after a change before the buffer is checked

    def period_for(self, path: str) -> str | None:
        base = os.path.basename(path)
        for name, per in self.periods:
            if name == base:
                return per
        return self.period


def split_period_options(values: list[str] | None) -> tuple[str | None, tuple[tuple[str, str], ...]]:
    """``--period VII`` and ``--period FILE=VII`` values -> (period for every text, ((file name, period), …))."""
    every: str | None = None
    per_file: list[tuple[str, str]] = []
    for value in values or []:
        file, sep, per = value.rpartition("=")
        if not per:
            raise ValueError(f"--period {value}: no period given (--period VII or --period FILE=VII)")
        if sep:
            per_file.append((os.path.basename(file), per))
        elif every is not None and every.upper() != per.upper():
            raise ValueError(f"--period given twice ({every}, {per}); use --period FILE=PERIOD for one file")
        else:
            every = per
    return every, tuple(per_file)


def display_path(path: str) -> str:
    """A path as ``check`` names it: relative to the current folder when under it, else absolute."""
    rel = os.path.relpath(os.path.abspath(path))
    return rel if not rel.startswith(os.pardir) else os.path.abspath(path)


def kb_root_for(path: str, options: Options) -> str:
    """``--kb``, else the ``kb/`` folder of the file's folder or the nearest folder above it (as the CLI finds it
    from the current folder), else the one found from the current folder."""
    if options.kb:
        return options.kb
    found = find_kb_root(os.path.dirname(os.path.abspath(path))) or find_kb_root()
    if found is None:
        raise ResolveError(f"no knowledge base found: no kb/ folder (with games/ or schema/) in "
                           f"{os.path.dirname(os.path.abspath(path))} or a folder above it; start the server with "
                           "--kb DIR")
    return found


def _game(value: str, root: str, where: str, line: int | None) -> tuple[str, list[str], str]:
    from ..core.ids import UnknownName, resolve_name
    from ..games import profile_files

    profiles = profile_files(root)
    try:
        game = resolve_name(value, sorted(profiles),
                            f"game (a profile in {display_path(os.path.join(root, 'games'))})")
    except UnknownName as exc:
        raise ResolveError(f"{where}: {exc}", line) from None
    file, data = profiles[game]
    periods = [str(p.get("id")) for p in data.get("periods") or [] if isinstance(p, dict)]
    return game, periods, display_path(file)


def text_header(text: str) -> tuple[str | None, str | None, str | None, int | None, int | None]:
    """(format, GAME of the header, PERIOD of the header, line of the first text line, line of the GAME line)."""
    from ..textformat import detect_format
    from ..textformat.common import split_lines
    from ..textformat.event_list import PERIOD_HEADER_RE, header_game

    lines = [ln for ln in split_lines(text) if not ln.blank][:2]
    fmt = detect_format(text)
    if fmt != "eu-events" or not lines:
        return fmt, None, None, None, None
    game = header_game(text)
    game_line = lines[0].number if game else None
    if game:
        lines = lines[1:]
    m = PERIOD_HEADER_RE.match(lines[0].text) if lines else None
    return fmt, game, (m["period"] if m else None), (lines[0].number if lines else None), game_line


def resolve_text(path: str, text: str, root: str, options: Options) -> tuple[str, str | None]:
    """(game, period to give the parser) for the event text ``text`` of ``path``, as ``check`` resolves it."""
    from ..core.ids import UnknownName, normalize_period
    from ..games import default_game, games_with_events, profile_files

    name = display_path(path)
    base = os.path.basename(path)
    given_game = _game(options.game, root, "--game", None)[0] if options.game else None
    fmt, head_game, header, line, game_line = text_header(text)
    if fmt != "eu-events":
        return given_game or default_game(root) or "", None
    if head_game:
        g = _game(head_game, root, f"{name}: GAME {head_game}", game_line)[0]
        if given_game and given_game != g:
            raise ResolveError(f"{name}: the text says GAME {g} but --game {given_game} was given", game_line)
    else:
        g = given_game or default_game(root)
        if g is None:
            raise ResolveError(f"{name}: no 'GAME <id>' line, and the KB holds several games ("
                               f"{', '.join(games_with_events(root) or sorted(profile_files(root)))}): give the "
                               "game with --game or a 'GAME <id>' first line", line)
    game_id, periods, where = _game(g, root, f"{name}: game {g}", game_line)
    given = options.period_for(path)
    if given is not None:
        if not periods:
            raise ResolveError(f"--period: the game profile {where} lists no periods", line)
        try:
            given = normalize_period(given, periods, where)
        except UnknownName as exc:
            raise ResolveError(f"--period {given}: {exc}", line) from None
    if header and periods and header not in periods:
        raise ResolveError(f"{name}:{line}: PERIOD {header} is not a period of {where} ({', '.join(periods)})", line)
    if header and given and header != given:
        raise ResolveError(f"{name}:{line}: the header says PERIOD {header} but --period {given} was given", line)
    if not header and not given:
        example = periods[-1] if periods else "VII"
        raise ResolveError(f"{name}:{line}: no 'PERIOD <label> (<years>)' header: give the period with --period "
                           f"(e.g. --period {example}, or --period {base}={example} for this file only)", line)
    return game_id, (None if header else given)
