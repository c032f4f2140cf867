"""An event of a game that has no profile in ``kb/games/``: ``game: eu2`` where only ``eu`` has a profile.

Why: a game's profile gives its periods, phases, country codes and id forms; an event of a game without one is
checked against nothing (any period, any phase, any country passes) and a typo in ``game:`` moves an event out of
its game without a word. Every event's game must be one of the profiles.

Fails (no kb/games/eu2.yaml)::

    id: 1:VII
    game: eu2

Passes::

    id: 1:VII
    game: eu

Correct the event's ``game:``, or add the game's profile to ``kb/games/``.
"""

from __future__ import annotations

CODE = "SCH003"
NAME = "game-without-profile"
CATEGORY = "schema"
SEVERITY = "error"
SCOPE = "kb"  # not reviewed for entry scope, so whole-KB (slower, never wrong)


def check(ctx):
    games = ctx.kb.games
    for event in ctx.events():
        if event.game not in games:
            known = ", ".join(sorted(games)) or "none"
            yield ctx.finding(event.id, event.source.line if event.source else 1,
                              f"its game {event.game!r} has no profile in kb/games/ (profiles: {known}); it is "
                              "checked against nothing")
