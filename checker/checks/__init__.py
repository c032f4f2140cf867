"""Lint checks: one check per module, grouped in one folder per family (reference/, structure/, …).

A check module declares ``CODE`` (stable, e.g. ``REF001``), ``CATEGORY``, ``SEVERITY``, ``NAME`` and ``SCOPE``;
its module docstring is the check's user documentation (what it finds, why, an example that fails and one that
passes, how to fix or accept it), shown by ``rulekb rules CODE``. ``check(ctx)`` yields findings, each made by
``ctx.finding(subject, source_line, message)`` (or ``ctx.finding_at`` for a file and line given directly): the
runner hands each check a context bound to it (``CheckContext.for_check``), which stamps the check's code,
category and severity on the finding, so a module never names itself.

``SCOPE`` is ``"entry"`` when every finding the check reports on an entry is computed from that entry itself plus
look-ups in the KB (then checking contributed texts runs it on the contributed entries alone), ``"kb"`` when it
reads an aggregate over all entries (a vocabulary, every spelling of a name, the logic analysis) or was not
reviewed for this (``checker/engine/incremental.py``). The module says why beside it;
``tests/test_check_registry.py`` fails on a module without one.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType

from ..core.model import Event, Finding, KnowledgeBase

FAMILIES = ("schema", "reference", "naming", "structure", "chronology", "style", "logic")  # a game's own checks: its pack


@dataclass
class CheckContext:
    """What a check sees: the KB, and how to turn an entry's source line into a reported file and line."""

    kb: KnowledgeBase
    locate: Callable[[str, int | None], tuple[str | None, int | None]]
    only: set[str] | None = None  # entry ids to report on (checking contributed texts); None = all
    only_files: set[str] = field(default_factory=set)  # contributed files: their findings are always reported
    unreadable: dict[str, str] = field(default_factory=dict)  # entry id -> its file, which failed to load
    load_findings: list[Finding] = field(default_factory=list)
    parse_findings: list[Finding] = field(default_factory=list)
    cache: dict = field(default_factory=dict)
    game: str | None = None  # the game of a per-game context (``for_game``)
    kb_state: tuple[str, str] | None = None  # (KB cache name, state) of the KB as loaded: key of cached aggregates
    replaced: dict = field(default_factory=dict)  # entry key -> the loaded entry a contribution replaced
    check: CheckInfo | None = None  # the check this context is handed to (``for_check``): its findings' code
    aggregates: dict | None = None  # aggregates already read under ``kb_state`` (``LoadResult.aggregates``), or None
    use_aggregates: bool = True  # with ``only``: whole-KB checks adjust ``base_aggregate``s (off: read every entry)

    def for_check(self, info: CheckInfo) -> CheckContext:
        """This context handed to one check: the same KB, cache and entries, and findings stamped with the check's
        code, category and severity."""
        return dataclasses.replace(self, check=info)

    def memo(self, key: str, compute: Callable[[], object]):
        """Work that several checks share (name extraction, vocabulary) is done once per run."""
        if key not in self.cache:
            self.cache[key] = compute()
        return self.cache[key]

    def wants(self, entry_id: str | None) -> bool:
        return self.only is None or entry_id in self.only

    def periods(self) -> set[str]:
        """The periods the KB holds events of."""
        return self.memo("periods", lambda: {e.period for e in self.kb.events.values()})

    def profile(self):
        """The game profile of this context's game (``checker.games.GameProfile``)."""
        from ..games import profile

        return self.memo("profile", lambda: profile(self.kb.games, self.kb.game))

    def event_order(self, event: Event) -> tuple:
        """An event's place in the game's id order: the profile's period order, then its number. Each period
        label is placed once per run, not once per event."""
        index = self.memo("period-index", dict)
        at = index.get(event.period)
        if at is None:
            at = index[event.period] = self.profile().period_index(event.period)
        return (at, event.period, event.number)

    def events(self) -> list[Event]:
        """The game's events in id order (:meth:`event_order`; sorted once per run)."""
        return self.memo("events", lambda: sorted(self.kb.events.values(), key=self.event_order))

    def for_game(self, game: str) -> CheckContext:
        """This context narrowed to one game (``kb.view(game)``): the checks of a KB holding several games run once
        per game, so references, names and the logic resolve within the citing entry's game. Load and parse
        findings stay with the whole KB's context (reported once)."""
        view = self.kb.view(game)
        prefix = game + "/"

        def local(keys):
            out = set()
            for key in keys:
                if key.startswith(prefix):
                    out.add(key[len(prefix):])
                elif key in view.rules or key in view.glossaries or key in view.documents \
                        or any(getattr(d, "scenario", None) == key for d in view.decks.values()):
                    out.add(key)
            return out

        locate = self.locate

        def locate_in(subject, source_line):
            return locate(subject, source_line, game)

        return CheckContext(view, locate_in, only=None if self.only is None else local(self.only),
                            only_files=self.only_files, unreadable={k.removeprefix(prefix): v
                                                                    for k, v in self.unreadable.items()},
                            game=game, kb_state=self.kb_state, aggregates=self.aggregates,
                            use_aggregates=self.use_aggregates,
                            replaced={k.removeprefix(prefix): v
                                      for k, v in self.replaced.items() if k.startswith(prefix) or "/" not in k})

    def base_aggregate(self, name: str, build: Callable[[], object]):
        """An aggregate over this game's part of the KB *as loaded* (before contributed entries were placed),
        read from the cache under the KB's state when it is there, else built and stored. Checks that need the
        whole KB (a vocabulary, every use of a name) adjust it by the contributed entries instead of reading every
        text again. ``build`` must compute from :meth:`base_events` (and the loaded rules) only. With ``aggregates``
        (the load's, kept by a long-lived caller), one read from the cache serves every later run on that load: the
        value is then shared between runs, so a check must never change what it is given."""
        if self.kb_state is None:
            return build()
        from ..kb.cache import read_aggregate, write_aggregate

        cache_name, state = self.kb_state
        key = f"{name}:{self.kb.game}"
        kept = self.aggregates
        if kept is not None and (state, key) in kept:
            return kept[(state, key)]
        got = read_aggregate(cache_name, state, key)
        if got is None:
            got = build()
            write_aggregate(cache_name, state, key, got)
        if kept is not None:
            kept[(state, key)] = got
        return got

    def base_events(self) -> list[Event]:
        """The game's events as loaded, in id order: contributed events are left out, or replaced by the loaded
        event they replace."""
        only = self.only or set()
        out = []
        for e in self.events():
            if e.id in only:
                old = self.replaced.get(e.id)
                if old is not None:
                    out.append(old)
            else:
                out.append(e)
        return out

    def finding(self, subject: str | None, source_line: int | None, message: str, severity: str | None = None,
                explanation=None) -> Finding:
        """A finding of the running check on entry ``subject``, at the file and line ``locate`` gives for the
        entry's source line ``source_line``; ``severity`` overrides the check's own."""
        file, line = self.locate(subject, source_line)
        return self._stamped(subject, file, line, message, severity, explanation, source_line)

    def finding_at(self, subject: str | None, file: str | None, line: int | None, message: str,
                   severity: str | None = None, explanation=None) -> Finding:
        """A finding of the running check at a file and line given directly (a deck list, a game profile, an
        event file's first line), not located from an entry's source line."""
        return self._stamped(subject, file, line, message, severity, explanation, None)

    def _stamped(self, subject, file, line, message, severity, explanation, source_line) -> Finding:
        info = self.check
        if info is None:
            raise RuntimeError("this CheckContext is handed to no check: run the check with run_checks, or give it "
                               "ctx.for_check(registry()[CODE])")
        return Finding(info.code, info.category, severity or info.severity, subject, file, line, message,
                       explanation, source_line=source_line, game=self.game)


@dataclass
class CheckInfo:
    code: str
    name: str
    category: str
    severity: str
    doc: str
    module: ModuleType = field(repr=False)

    @property
    def summary(self) -> str:
        return self.doc.strip().splitlines()[0] if self.doc.strip() else self.name


_REGISTRY: dict[str, CheckInfo] | None = None


def registry() -> dict[str, CheckInfo]:
    global _REGISTRY
    if _REGISTRY is None:
        found: dict[str, CheckInfo] = {}
        from ..games.registry import check_packages

        for pkg_name in [f"{__name__}.{family}" for family in FAMILIES] + check_packages():
            pkg = importlib.import_module(pkg_name)
            for info in pkgutil.iter_modules(pkg.__path__):
                mod = importlib.import_module(f"{pkg.__name__}.{info.name}")
                if hasattr(mod, "CODE"):
                    found[mod.CODE] = CheckInfo(mod.CODE, mod.NAME, mod.CATEGORY, mod.SEVERITY, mod.__doc__ or "", mod)
        _REGISTRY = dict(sorted(found.items()))
    return _REGISTRY


def run_checks(ctx: CheckContext, selected: set[str] | None = None,
               contexts: Callable[[CheckContext], Callable[[CheckInfo], CheckContext]] | None = None,
               ) -> list[Finding]:
    """Every (selected) check's findings. A whole KB's checks run once per game on that game's part
    (``CheckContext.for_game``), and once on what belongs to no game (the load and parse findings of its files).
    With ``ctx.only`` (contributed entries), only findings on contributed entries or files are kept, and
    ``contexts(ctx)`` says which context each check runs in (``checker/engine/incremental.py``: the entry-scoped
    checks on the contributed entries alone); without it every check runs on the whole game."""
    if ctx.game is None and ctx.kb.game is None:
        # Load and parse findings name entries by plain id: keep those of contributed entries of any game.
        only = None if ctx.only is None else ctx.only | {k.split("/", 1)[-1] for k in ctx.only}
        files_only = dataclasses.replace(ctx, kb=KnowledgeBase(root=ctx.kb.root, files=ctx.kb.files),
                                         cache={}, only=only)
        out = _run(files_only, selected, contexts)
        for game in ctx.kb.game_ids():
            sub = ctx.for_game(game)
            if not (sub.kb.events or sub.kb.rules or sub.kb.glossaries or sub.kb.documents or sub.kb.decks
                    or game in ctx.kb.games):
                continue
            found = _run(sub, selected, contexts)
            for f in found:
                f.game = game
            out.extend(found)
            ctx.cache.setdefault("games", {})[game] = sub.cache
        return out
    return _run(ctx, selected, contexts)


def _run(ctx: CheckContext, selected: set[str] | None, contexts) -> list[Finding]:
    from .._fast import clause_lists

    with clause_lists.kept():  # each event's clause lists built once while the checks read them
        return _run_each(ctx, selected, contexts)


def _run_each(ctx: CheckContext, selected: set[str] | None, contexts) -> list[Finding]:
    context_of = contexts(ctx) if contexts is not None and ctx.only is not None else None
    out: list[Finding] = []
    for code, info in registry().items():
        if selected is not None and code not in selected:
            continue
        if hasattr(info.module, "check"):
            use = context_of(info) if context_of is not None else ctx
            out.extend(f for f in info.module.check(use.for_check(info))
                       if f.subject is None or ctx.wants(f.subject) or f.file in ctx.only_files)
    return out

def may_match_ignorecase(text: str, *words: str) -> bool:
    """Can a case-insensitive (re.I) pattern that needs one of ``words`` (lower-case ASCII) match ``text``? Exact
    for a plain-ASCII text, which is skipped when it holds none of them; any other text may match (under re.I,
    'ſ' matches 's' and 'ı' matches 'i', which lower() does not give), so it is always scanned."""
    low = ignorecase_haystack(text)
    return low is None or any(word in low for word in words)


def ignorecase_haystack(text: str) -> str | None:
    """``text`` lowered, to test several words of ``may_match_ignorecase`` against one text with one lowering:
    a re.I pattern needing a lower-case ASCII word can match only if the word is in it. None for a text that is
    not plain ASCII: any such pattern may match it."""
    return text.lower() if text.isascii() else None


CATEGORIES = ("schema", "reference", "naming", "structure", "chronology", "logic", "style")
CATEGORIES_HELP = "categories: " + ", ".join(CATEGORIES)


def resolve_selection(values: list[str] | None, option: str = "--select") -> set[str]:
    """The codes, categories and code prefixes (``REF``) that ``--select`` / ``--ignore`` values name, canonical
    (codes upper-case, categories lower-case); matching is case-insensitive. Anything that names no check code,
    category or code prefix raises ValueError with a "did you mean"."""
    from ..core.ids import suggestion

    codes = set(registry())
    prefixes = {c.rstrip("0123456789") for c in codes}
    out: set[str] = set()
    for value in values or []:
        for item in (x.strip() for x in value.split(",")):
            if not item:
                continue
            if item.upper() in codes or item.upper() in prefixes:
                out.add(item.upper())
            elif item.lower() in CATEGORIES:
                out.add(item.lower())
            else:
                raise ValueError(f"{option} {item!r}: no check code, code prefix or category of that name"
                                 + (suggestion(item, [*codes, *CATEGORIES, *prefixes])
                                    or f" ({CATEGORIES_HELP}; `rulekb rules` lists the codes)"))
    return out


def codes_to_run(select: set[str], ignore: set[str]) -> set[str] | None:
    """The check codes ``--select`` / ``--ignore`` leave to run, so a check nobody asked for does not run at all
    (``--select STY`` runs no solver). None: every check. ACC001 (an acceptance that matches no finding) can only
    be judged over every finding: a selection that keeps it runs everything."""
    if not select and not ignore:
        return None

    def named(code: str, info, names: set[str]) -> bool:
        return code in names or info.category in names or code.rstrip("0123456789") in names

    codes = {code for code, info in registry().items()
             if (not select or named(code, info, select)) and not named(code, info, ignore)}
    return None if "ACC001" in codes else codes


def matches_selection(finding: Finding, names: set[str]) -> bool:
    """Does ``finding`` fall under a set returned by :func:`resolve_selection`?"""
    return finding.rule in names or finding.category in names or finding.rule.rstrip("0123456789") in names
