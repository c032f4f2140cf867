"""Naming checks: country codes, and one name spelled several ways."""

from __future__ import annotations

from .gazetteer import name_uses

PLACE_KINDS = ("province", "area", "minor")


def uses(ctx):
    """The country-code uses of the checked entries' texts (learned once per run); they depend on each text
    alone, so in an incremental run (``checker/engine/incremental.py``) they are read from the checked entries
    only."""
    game = ctx.kb.game
    if ctx.cache.get("scoped"):
        return ctx.memo(f"code_uses:{game}", lambda: name_uses(ctx.kb, game, [e.id for e in ctx.events()],
                                                               set(ctx.only or ())))
    return _every_use(ctx)


def _every_use(ctx):
    """Every name use of the game's texts, read once per run (NAM001's uses and NAM002's places share it)."""
    game = ctx.kb.game
    return ctx.memo(f"name_uses:{game}", lambda: name_uses(ctx.kb, game))


def places(ctx) -> dict[tuple[str, str], dict[str, tuple]]:
    """Where each province, area and minor name of the game is used: (kind, name) -> {entry: (order, number of
    uses, line of its first use)}; the entry whose ``order`` is lowest holds the name's first use in KB order
    (learned once per run)."""
    return ctx.memo(f"name_places:{ctx.kb.game}", lambda: _places(ctx))


def _summary(rows) -> dict[tuple[str, str], dict[str, tuple]]:
    """(order, kind, name, entry, line) rows, in text order, summed up per name and entry."""
    out: dict[tuple[str, str], dict[str, tuple]] = {}
    for order, kind, name, entry, line in rows:
        if kind not in PLACE_KINDS:
            continue
        per = out.setdefault((kind, name), {})
        old = per.get(entry)
        per[entry] = (order, 1, line) if old is None else (old[0], old[1] + 1, old[2])
    return out


def _read_every_text(ctx) -> dict[tuple[str, str], dict[str, tuple]]:
    """Every place name's uses, read from every text of the game."""
    every = _every_use(ctx)
    return _summary((i, u.kind, u.name, u.entry, u.line) for i, u in enumerate(every))


def _places(ctx):
    """Every place name's uses. With contributed entries, those of the KB as loaded come from the cache
    (``CheckContext.base_aggregate``), less the entries contributed, plus the contributed entries' own, read with
    the areas learned from the loaded KB. When the contribution adds or removes an area (an area named in one
    text changes how the others read), every text is read again."""
    from .gazetteer import NameExtractor, area_counts, texts_of

    game, only = ctx.kb.game, ctx.only
    if only is None or not ctx.use_aggregates:
        return _read_every_text(ctx)
    profile = ctx.kb.games.get(game, {})
    base_events = ctx.base_events()
    base_rules = {rid: ctx.replaced.get(rid, r) for rid, r in ctx.kb.rules.items()
                  if (rid not in only or rid in ctx.replaced) and r.game == game}

    def build():
        texts = list(texts_of(base_events, base_rules))
        counts = area_counts(texts)
        reader = NameExtractor(profile, set(counts))
        return counts, _summary((order, u.kind, u.name, u.entry, u.line)
                                for order, entry, line, text in texts for u in reader.names(entry, line, text))

    counts, base = ctx.base_aggregate("NAM-places", build)
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
        return _read_every_text(ctx)
    reader = NameExtractor(profile, set(counts))
    out: dict[tuple[str, str], dict[str, tuple]] = {}
    for key, per in base.items():
        kept = {entry: v for entry, v in per.items() if entry not in only}
        if kept:
            out[key] = kept
    for key, per in _summary((order, u.kind, u.name, u.entry, u.line) for order, entry, line, text in added
                             for u in reader.names(entry, line, text)).items():
        out.setdefault(key, {}).update(per)
    return out
