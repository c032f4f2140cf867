"""Events named on the command line (ids, GAME/ID) and clauses cited in answers."""

from __future__ import annotations

from .common import UsageError


def _explanation_items(load, clauses, game=None):
    from ..pipeline import Locator

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
    from ..ids import UnknownName, resolve_event_id

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
    from ..ids import UnknownName, normalize_event_id, resolve_name

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


def _locate(load, event_id, line, game=None):
    from ..pipeline import Locator

    return Locator(load)(event_id, line, game)


def basis_items(load, kb, events, whole: bool = False) -> list[dict]:
    """The unread sentences an answer about ``events`` depends on (docs/logic.md S11), each located in the file a
    reader opens: ``{event, file, line, words, reason, why}``. Empty: the answer is definite."""
    from ..logic.basis import unread_basis
    from ..pipeline import Locator

    locator = Locator(load)
    out = []
    for u in unread_basis(kb, set(events), whole=whole):
        file, line = locator(u.event, u.line, kb.game)
        out.append(u.to_dict(file, line))
    return out


def print_basis(console, items) -> None:
    console.print("inconclusive: the answer depends on sentences rulekb does not read (a limit of rulekb, not an "
                  "erratum; reword them — `rulekb read` shows what it reads — or write their logic by hand):",
                  markup=False)
    for it in items:
        words = it["words"] if len(it["words"]) <= 100 else it["words"][:99] + "…"
        console.print(f"  - {it['event']} ({it['file']}:{it['line']}) \"{words}\": {it['why']}", markup=False)
