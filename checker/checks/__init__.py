"""Lint checks: one check per module, grouped in one folder per family (reference/, structure/, …).

A check module declares ``CODE`` (stable, e.g. ``REF001``), ``CATEGORY``, ``SEVERITY`` and ``NAME``; its module
docstring is the check's user documentation (what it finds, why, an example that fails and one that passes,
how to fix or accept it), shown by ``rulekb rules CODE``. ``check(ctx)`` yields findings.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from types import ModuleType
from typing import Callable

from ..model import Event, Finding, KnowledgeBase

FAMILIES = ("schema", "reference", "naming", "structure", "chronology", "style", "logic", "awaw", "pop")


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

    def events(self) -> list[Event]:
        """The KB's events in id order (sorted once per run)."""
        return self.memo("events", lambda: [e for _, e in sorted(self.kb.events.items(),
                                                                  key=lambda kv: _event_key(kv[0]))])

    def finding(self, module: ModuleType, subject: str | None, source_line: int | None, message: str,
                severity: str | None = None, explanation=None) -> Finding:
        file, line = self.locate(subject, source_line)
        return Finding(module.CODE, module.CATEGORY, severity or module.SEVERITY, subject, file, line, message,
                       explanation, source_line=source_line)


def _event_key(event_id: str):
    from ..ids import event_sort_key

    return event_sort_key(event_id)


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
        for family in FAMILIES:
            pkg = importlib.import_module(f"{__name__}.{family}")
            for info in pkgutil.iter_modules(pkg.__path__):
                mod = importlib.import_module(f"{pkg.__name__}.{info.name}")
                if hasattr(mod, "CODE"):
                    found[mod.CODE] = CheckInfo(mod.CODE, mod.NAME, mod.CATEGORY, mod.SEVERITY, mod.__doc__ or "", mod)
        _REGISTRY = dict(sorted(found.items()))
    return _REGISTRY


def run_checks(ctx: CheckContext, selected: set[str] | None = None) -> list[Finding]:
    """Every (selected) check's findings. With ``ctx.only`` (contributed entries), the entry-scoped checks run on
    the contributed entries alone (``checker/incremental.py``); the others run on the whole KB, and only findings
    on contributed entries or files are kept."""
    scoped = None
    if ctx.only is not None:
        from ..incremental import entry_scoped, scoped_context

        scoped = scoped_context(ctx)
    out: list[Finding] = []
    for code, info in registry().items():
        if selected is not None and code not in selected:
            continue
        if hasattr(info.module, "check"):
            use = scoped if scoped is not None and entry_scoped(info) else ctx
            out.extend(f for f in info.module.check(use)
                       if f.subject is None or ctx.wants(f.subject) or f.file in ctx.only_files)
    return out

CATEGORIES = ("schema", "reference", "naming", "structure", "chronology", "logic", "style")
CATEGORIES_HELP = "categories: " + ", ".join(CATEGORIES)


def resolve_selection(values: list[str] | None, option: str = "--select") -> set[str]:
    """The codes, categories and code prefixes (``REF``) that ``--select`` / ``--ignore`` values name, canonical
    (codes upper-case, categories lower-case); matching is case-insensitive. Anything that names no check code,
    category or code prefix raises ValueError with a "did you mean"."""
    from ..ids import suggestion

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


def matches_selection(finding: Finding, names: set[str]) -> bool:
    """Does ``finding`` fall under a set returned by :func:`resolve_selection`?"""
    return finding.rule in names or finding.category in names or finding.rule.rstrip("0123456789") in names
