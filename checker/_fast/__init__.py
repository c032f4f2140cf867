"""The one boundary for speed tricks: each trick is a module here, behind one switch, with a plain way beside it.

A trick is something that makes rulekb faster by leaning on a library's internals or on process state, never by
computing anything else: the plain way gives the same result (each trick's test uses it as its oracle,
``tests/test_fast.py``). ``RULEKB_PLAIN=1`` turns every trick off (also a way to tell whether a problem is a
trick's). The tricks:

``yaml_build``      KB YAML values built from the composed nodes, not by PyYAML's safe constructor
                    (plain: ``yaml.load`` with the KB loader)
``validator_paths`` fastjsonschema's generated code edited to pass nested items no path for error messages
                    nobody reads (plain: the code as fastjsonschema generates it)
``gc_pause``        the cyclic garbage collector paused while loading and checking, a large loaded KB frozen
                    (plain: the collector left alone)
``lazy_clauses``    an event read from the KB cache decodes its clause trees when first used
                    (plain: decoded with the event)
``clause_lists``    while the checks run, each event's clause and section lists built once and shared
                    (plain: built again at every call)
``parse_memo``      the event language's parse of each stream of token kinds kept (a bounded memo), since many
                    sentences share one stream (plain: every sentence parsed)

This package imports nothing of rulekb's: what a trick works on is handed to it.
"""

from __future__ import annotations

import os

TRICKS = ("yaml_build", "validator_paths", "gc_pause", "lazy_clauses", "clause_lists", "parse_memo")


def enabled(name: str) -> bool:
    """Is the trick ``name`` on? All are, unless ``RULEKB_PLAIN`` is set to anything but ``""`` or ``0``."""
    if name not in TRICKS:
        raise ValueError(f"no speed trick {name!r} (known: {', '.join(TRICKS)})")
    return os.environ.get("RULEKB_PLAIN", "") in ("", "0")
