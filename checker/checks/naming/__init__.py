"""Naming checks: country codes, and one name spelled several ways."""

from __future__ import annotations

from ...gazetteer import name_uses


def uses(ctx, codes_only: bool = False):
    """The names the texts of this context's game use (learned once per run). ``codes_only``: the caller reads only
    the country-code uses, which depend on each text alone; in an incremental run (``checker/incremental.py``)
    they are read from the checked entries' texts only."""
    game = ctx.kb.game
    if codes_only and ctx.cache.get("scoped"):
        return ctx.memo(f"code_uses:{game}", lambda: name_uses(ctx.kb, game, [e.id for e in ctx.events()],
                                                               set(ctx.only or ())))
    return ctx.memo(f"name_uses:{game}", lambda: _all_uses(ctx))


def _all_uses(ctx):
    """Every name use of the game. With contributed entries, the uses in the KB as loaded come from the cache
    (``CheckContext.base_aggregate``), less those of the entries contributed, plus the contributed entries' own,
    read with the areas learned from the loaded KB. When the contribution adds or removes an area (an area named
    in one text changes how the others read), every text is read again."""
    from ... import incremental
    from ...gazetteer import NameExtractor, NameUse, area_counts, texts_of

    game, only = ctx.kb.game, ctx.only
    if only is None or not incremental.USE_AGGREGATES:
        return name_uses(ctx.kb, game)
    profile = ctx.kb.games.get(game, {})
    base_events = ctx.base_events()
    base_rules = {rid: ctx.replaced.get(rid, r) for rid, r in ctx.kb.rules.items()
                  if (rid not in only or rid in ctx.replaced) and r.game == game}

    def build():
        texts = list(texts_of(base_events, base_rules))
        counts = area_counts(texts)
        reader = NameExtractor(profile, set(counts))
        return counts, [(order, u.kind, u.name, u.entry, u.line, u.unknown_code)
                        for order, entry, line, text in texts for u in reader.names(entry, line, text)]

    counts, base_uses = ctx.base_aggregate("NAM-uses", build)
    removed = list(texts_of([e for e in base_events if e.id in only],
                            {rid: r for rid, r in base_rules.items() if rid in only}))
    added = list(texts_of([e for e in ctx.events() if e.id in only],
                          {rid: r for rid, r in ctx.kb.rules.items() if rid in only and r.game == game}))
    now = dict(counts)
    for area, n in area_counts(removed).items():
        now[area] = now.get(area, 0) - n
    for area, n in area_counts(added).items():
        now[area] = now.get(area, 0) + n
    if {a for a, n in now.items() if n > 0} != set(counts):
        return name_uses(ctx.kb, game)
    reader = NameExtractor(profile, set(counts))
    out = [u for u in base_uses if u[3] not in only]
    out += [(order, u.kind, u.name, u.entry, u.line, u.unknown_code)
            for order, entry, line, text in added for u in reader.names(entry, line, text)]
    out.sort(key=lambda u: u[0])  # stable: a text's own uses keep their order
    return [NameUse(kind, name, entry, line, code) for _, kind, name, entry, line, code in out]
