"""Trick ``clause_lists``: while the checks run, each event's clause and section lists are built once and shared.

About 18 checks walk every event's clauses (``Event.all_clauses``, ``Event.all_sections``), and walking the trees
again each time cost more than some of the checks. While :func:`kept` lasts (a run of the checks: they read the KB
and never change it), the list built for an object the first time is handed out again, kept with the object itself
so that a reused ``id()`` is never mistaken for it: the trees must not change meanwhile. :func:`seeded`: each run
starts from lists built before instead of building them again, for objects that stay loaded from one run to the
next and whose trees no run changes (the language server's warm KB, ``checker/lsp/warm.py``). Outside a run a
fresh list is built at every call. Plain: a fresh list at every call, in a run too.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import contextmanager

from . import enabled

Lists = tuple[dict, dict]  # the clause lists and the section lists: id(object) -> (object, its list)

_KEPT: Lists | None = None  # the lists of the run going on (None: no run, or the trick is off)
_SEED: Lists | None = None  # the lists every run starts from (``seeded``)


@contextmanager
def kept():
    """A run: while this lasts, :func:`clauses` and :func:`sections` build each object's list once and hand out
    the same list. Yields the lists the run keeps (to seed later runs with, :func:`seeded`), or None when the
    trick is off. Nested: the outer run's lists."""
    global _KEPT
    outer = _KEPT
    if outer is None and enabled("clause_lists"):
        _KEPT = (dict(_SEED[0]), dict(_SEED[1])) if _SEED is not None else ({}, {})
    try:
        yield _KEPT
    finally:
        _KEPT = outer


@contextmanager
def seeded(lists: Lists | None):
    """While this lasts, each run (:func:`kept`) starts from ``lists`` (what an earlier :func:`kept` yielded)."""
    global _SEED
    outer = _SEED
    _SEED = lists
    try:
        yield
    finally:
        _SEED = outer


def clauses(obj: object, build: Callable[[], list]) -> list:
    """``build()`` (the plain walk of ``obj``'s clauses), or in a run the list built for ``obj`` the first time."""
    kept_now = _KEPT
    return build() if kept_now is None else _shared(kept_now[0], obj, build)


def sections(obj: object, build: Callable[[], list]) -> list:
    """``build()`` (the plain walk of ``obj``'s sections), or in a run the list built for ``obj`` the first time."""
    kept_now = _KEPT
    return build() if kept_now is None else _shared(kept_now[1], obj, build)


def _shared(lists: dict, obj: object, build: Callable[[], list]) -> list:
    hit = lists.get(id(obj))
    if hit is not None and hit[0] is obj:
        return hit[1]
    out = build()
    lists[id(obj)] = (obj, out)
    return out
