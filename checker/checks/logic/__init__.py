"""Logic checks: answers of the ASP model (asp/) about the whole KB, each with the clauses that explain it."""

from __future__ import annotations

from ...core.model import ExplanationItem

TIME_LIMIT = 2.0
MEMO = "logic-analysis"  # the analysis, kept in the (per-game) context's memo


def kept_analyses(ctx) -> list:
    """The analyses the logic checks of a run made: one per game a whole-KB context checked (``run_checks`` keeps
    each game's context cache), or a per-game context's own; none when no logic check ran."""
    caches = ctx.cache.get("games", {}).values() if ctx.game is None else [ctx.cache]
    return [c[MEMO] for c in caches if c.get(MEMO) is not None]


def analysis(ctx):
    """The whole-KB analysis, or, when only some entries are reported (checking contributed texts), the analysis
    of those events (their cones are still taken from the whole KB)."""
    from ...logic.analysis import analyse  # clingo is imported when the logic runs (not for a cached result)

    wanted = None if ctx.only is None else {e for e in ctx.only if e in ctx.kb.events}
    return ctx.memo(MEMO, lambda: analyse(ctx.kb, time_limit=TIME_LIMIT, events=wanted,
                                                      known_dependencies=known_dependencies(ctx)))


def known_dependencies(ctx) -> dict | None:
    """With contributed entries: what every event of the KB as loaded tests and changes (the cones are walked
    in it), from the cache under the KB's state (``CheckContext.base_aggregate``), less the contributed and
    replaced events, whose dependencies are read again. None (read every event) for a whole-KB check, or when
    the profile's periods or country names differ from those the cached dependencies were read with (a contributed
    profile)."""
    if ctx.only is None or ctx.kb_state is None or not ctx.use_aggregates:
        return None
    from ...logic.facts import country_aliases, event_dependencies, game_profile

    prof = game_profile(ctx.kb)
    periods, aliases = tuple(prof.periods), country_aliases(prof)
    read_as = (periods, tuple(sorted(aliases.items())))

    def build():
        return read_as, {e.id: event_dependencies(e, periods, aliases) for e in ctx.base_events()}

    read_with, deps = ctx.base_aggregate("LOGIC-dependencies", build)
    if (tuple(read_with[0]), tuple(tuple(pair) for pair in read_with[1])) != read_as:
        return None  # read with other periods or country names (a contributed profile): read every event again
    return {eid: d for eid, d in deps.items() if eid not in ctx.only}


def explanation(ctx, clauses) -> list[ExplanationItem]:
    items = []
    for info in clauses:
        file, line = ctx.locate(info.event, info.line)
        items.append(ExplanationItem(info.event, file, line, info.text))
    return items
