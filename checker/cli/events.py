"""Events named on the command line (ids, GAME/ID) and clauses cited in answers."""

from __future__ import annotations

from .common import UsageError
from .texts import period_option


def text_args(p) -> None:
    """``--text PATH`` and ``--period``, as ``check`` takes contributed files (``explain`` and ``order``)."""
    p.add_argument("--text", action="append", default=[], metavar="PATH",
                   help="a contributed event text (.txt), KB YAML file, or a folder of them, placed in the KB "
                        "exactly as `rulekb check PATH` places it: its events can be named, and answers cite its "
                        "own file and line (may be repeated)")
    period_option(p, "the --text files", "as for check; ")


def load_for_events(args):
    """The KB a command about events answers on: the loaded KB, with the ``--text`` files placed in it as
    ``check`` places them (the same game and period rules, the same usage errors). A contributed file that cannot
    be read (a parse or schema error) stops the command (exit 2) with its file, line and message."""
    from .kbroot import _load, kb_root
    from .texts import place_texts

    given = list(getattr(args, "text", None) or [])
    if not given:
        if getattr(args, "period", None):
            raise UsageError("--period applies to the texts given with --text")
        return _load(args)
    import dataclasses

    from ..engine.run import Run
    from ..kb.store import load_kb

    root = kb_root(args)
    placed = place_texts(given, root, getattr(args, "game", None), args.period)
    run = Run(load_kb(root), placed.paths, placed.period, placed.game)
    unreadable = [f for f in run.overlay.findings if f.rule in ("PAR001", "SCH001")]
    if unreadable:
        raise UsageError("--text: cannot read the contributed files (`rulekb check` reports the same):\n" + "\n".join(
            f"  {f.file}{':' + str(f.line) if f.line else ''}: {f.message}" for f in unreadable))
    load = dataclasses.replace(run.load, kb=run.kb)  # the KB with the contributed entries over it
    load.run = run  # every answer cites the contributor's file and line (``run.locator``); explain checks it
    return load


def locator_of(load):
    """The locator answers cite through: the one that placed ``--text`` files, else the loaded KB's."""
    from ..engine.locate import Locator

    run = getattr(load, "run", None)
    return run.locator if run is not None else Locator(load)


def _explanation_items(load, clauses, game=None):
    locator = locator_of(load)
    out = []
    for c in clauses:
        file, line = locator(c.event, c.line, game)
        out.append({"id": c.event, "file": file, "line": line, "text": c.text})
    return out


def split_game(value: str, games, labels=()) -> tuple[str | None, str]:
    """``eu/8:VII`` -> ("eu", "8:VII"); a title with a '/' in it (``THE TIME OF TROUBLES IN RUSSIA / COSSACK
    REVOLT``) stays whole: the part before the first '/' names a game only when it is one of ``games`` or looks
    like a game id and the rest is an event id."""
    from ..core.ids import normalize_event_id
    from ..core.paths import GAME_RE

    game, sep, local = value.partition("/")
    prefix = game.strip()
    if sep and (prefix.lower() in {str(g).lower() for g in games}
                or (GAME_RE.match(prefix.lower()) and normalize_event_id(local, labels))):
        return prefix, local
    return None, value


def _event_ids(values, kb, option: str) -> list[str]:
    """Events named by a user within one game's view ``kb``, each as its canonical id: by id (any case, either
    form), by title (any case), or both (``21:Early (NATO)``); ``GAME/ID`` names the game too."""
    from ..core.ids import UnknownName, resolve_event_id

    out = []
    labels = {e.period for e in kb.events.values()}
    for v in values:
        game, local = split_game(v, _games(kb), labels)
        if game is not None and game.lower() != (kb.game or "").lower():
            raise UsageError(f"{option} {v}: {game!r} is not the game of this command ({kb.game}); give one game's "
                             "events at a time")
        try:
            out.append(resolve_event_id(local, kb.events))
        except UnknownName as exc:
            raise UsageError(f"{option} {v}: {exc}") from None
    return out


def _games(kb) -> list[str]:
    try:
        return list(kb.game_ids())
    except Exception:  # noqa: BLE001 - a view without profiles: its own game only
        return [kb.game] if kb.game else []


def game_view(args, kb, typed_ids: list[str]):
    """The one game a command about events works on: ``--game``, else the game a ``GAME/ID`` names, else the one game
    whose events the typed ids name, else the KB's one game with events. Several candidates are a usage error that
    lists them (two games may both have an event 1:I)."""
    from ..core.ids import UnknownName, normalize_event_id, resolve_name

    with_events = sorted({e.game for e in kb.events.values()})
    games = kb.game_ids()
    if getattr(args, "game", None):
        try:
            game = resolve_name(args.game, games, "game (a profile in kb/games/)")
        except UnknownName as exc:
            raise UsageError(f"--game: {exc}") from None
        return kb.view(game)
    labels = {e.period for e in kb.events.values()}
    named = {g for g in (split_game(v, games, labels)[0] for v in typed_ids) if g is not None}
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
    from ..core.ids import events_titled

    for v in typed_ids:
        canon = normalize_event_id(v, labels)
        holders |= {g for g in with_events if canon and kb.event(g, canon) is not None}
        if canon is None:  # a title: the games with an event so titled
            holders |= {g for g in with_events if events_titled(v, kb.view(g).events)}
    if len(holders) == 1:
        return kb.view(holders.pop())
    which = ", ".join(sorted(holders) or with_events)
    raise UsageError(f"the KB holds events of several games ({', '.join(with_events)}) and "
                     f"{' '.join(typed_ids) or 'this command'} does not single one out ({which}): give --game GAME "
                     "or write the id as GAME/ID (eu/8:VII)")


def _locate(load, event_id, line, game=None):
    return locator_of(load)(event_id, line, game)


def basis_items(load, kb, events, whole: bool = False) -> list[dict]:
    """The unread sentences an answer about ``events`` depends on (docs/logic.md S11), each located in the file a
    reader opens: ``{event, file, line, words, reason, why}``. Empty: the answer is definite."""
    from ..logic.basis import unread_basis

    locator = locator_of(load)
    out = []
    for u in unread_basis(kb, set(events), whole=whole):
        file, line = locator(u.event, u.line, kb.game)
        out.append(u.to_dict(file, line))
    return out


