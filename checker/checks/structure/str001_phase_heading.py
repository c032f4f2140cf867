"""A phase heading is not the canonical name of a phase of the game profile.

Why: the phases are the turn's clock. A heading written another way (``DIPLOMATIC PHASE`` for ``DIPLOMACY
PHASE``) is still understood, because the profile lists it as an alias, but the text should use one spelling;
a heading the profile does not know at all (``DIPLOMATIK PHASE``) cannot be placed in the turn, so the
logic cannot tell when its clauses apply.

Fails (unknown: warning)::

    DIPLOMATIK PHASE:

Fails (alias of ``DIPLOMACY PHASE``: info)::

    DIPLOMATIC PHASE

Passes::

    DIPLOMACY PHASE:

Use the canonical heading, or, for a new phase, add it to ``kb/games/<game>.yaml``.
"""

from __future__ import annotations

import re
import sys

CODE = "STR001"
NAME = "phase-heading"
CATEGORY = "structure"
SEVERITY = "warning"

_NAME_RE = re.compile(r"^(?P<name>(?:[A-Z]+ )*[A-Z]*PHASE|INTERPHASE)")


def check(ctx):
    mod = sys.modules[__name__]
    for event in ctx.events():
        phases = ctx.kb.games.get(event.game, {}).get("phases", [])
        canonical = {p["name"]: p["id"] for p in phases}
        aliases = {a: p["name"] for p in phases for a in p.get("aliases", [])}
        for section in event.all_sections():
            if section.kind != "phase":
                continue
            m = _NAME_RE.match(section.heading)
            name = m["name"] if m else section.heading
            if name in canonical:
                continue
            if name in aliases:
                yield ctx.finding(mod, event.id, section.line,
                                  f"phase heading '{name}' is a variant spelling of '{aliases[name]}'", "info")
            else:
                known = ", ".join(canonical) or "none (no game profile)"
                yield ctx.finding(mod, event.id, section.line,
                                  f"phase heading '{name}' is not a phase of the game profile (known: {known})")
