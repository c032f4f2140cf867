"""A KB file is not valid YAML or does not match its JSON Schema (``kb/schema/*.schema.json``).

Why: every other check, the logic engine and the site read the KB through its schema; a file that does not
validate is left out of everything else, so it must be fixed first.

Fails (``number`` must be an integer)::

    id: "7:VII"
    number: seven

Passes::

    id: "7:VII"
    number: 7

The message names the path inside the file and what the schema expected; the line and column point at it.
Editors that read the ``# yaml-language-server: $schema=…`` first line show the same errors while typing.
"""

from __future__ import annotations

CODE = "SCH001"
NAME = "schema"
CATEGORY = "schema"
SEVERITY = "error"
SCOPE = "entry"  # the load findings of the files as loaded: the same in a scoped run


def check(ctx):
    # SCH002 (duplicate keys and ids, found while loading) reports its own; every other load finding is here.
    yield from (f for f in getattr(ctx, "load_findings", []) if f.rule != "SCH002")
