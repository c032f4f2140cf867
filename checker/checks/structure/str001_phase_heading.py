"""A phase heading is not the canonical name of a phase of the game profile.

Why: the phases are the turn's clock. A heading written another way (``DIPLOMATIC PHASE`` for ``DIPLOMACY
PHASE``) is still understood, because the profile lists it as an alias, but the text should use one spelling;
a heading the profile does not know at all (``DIPLOMATIK PHASE``) cannot be placed in the turn, so the
logic cannot tell when its clauses apply.

Fails (unknown: warning, with "did you mean DIPLOMACY PHASE?" for a near miss)::

    DIPLOMATIK PHASE:

Fails (alias of ``DIPLOMACY PHASE``: info)::

    DIPLOMATIC PHASE

Passes::

    DIPLOMACY PHASE:

Use the canonical heading, or, for a new phase, add it to ``kb/games/<game>.yaml``.
"""

from __future__ import annotations

import re

from ...core.ids import did_you_mean

CODE = "STR001"
NAME = "phase-heading"
CATEGORY = "structure"
SEVERITY = "warning"
SCOPE = "entry"  # the event's (or rule's) own structure against the game profile

_NAME_RE = re.compile(r"^(?P<name>(?:[A-Z]+ )*[A-Z]*PHASE|INTERPHASE)")


def _near(name: str, names: list[str]) -> list[str]:
    """The phases ``name`` may misspell, compared without the " PHASE" every heading shares (else "EVENT PHASE"
    is as close to "PEACE PHASE" as to "EVENTS PHASE")."""
    def stem(n: str) -> str:
        return n[: -len(" PHASE")] if n.endswith(" PHASE") else n

    by_stem = {stem(n): n for n in names}
    return [by_stem[s] for s in did_you_mean(stem(name), by_stem, n=2)]


def check(ctx):
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
                yield ctx.finding(event.id, section.line,
                                  f"phase heading '{name}' is a variant spelling of '{aliases[name]}'", "info")
            else:
                close = [aliases.get(c, c) for c in _near(name, [*canonical, *aliases])]
                close = list(dict.fromkeys(close))  # an alias's phase once, by its canonical name
                if close:
                    hint = f"did you mean {' or '.join(close)}?"
                else:
                    hint = f"known: {', '.join(canonical) or 'none (no game profile)'}"
                yield ctx.finding(event.id, section.line,
                                  f"phase heading '{name}' is not a phase of the game profile ({hint})")
