"""A player-country code used for a country that the same period's texts treat as a minor.

Why: by the glossary's conventions a code (``PRU``) is "a country currently controlled by a player", while
"Control" is "political control of a minor" and being active, inactive or neutral are a minor's states. When the
texts of one period write ``Inactive Prussia``, ``the controller of Prussia`` or ``Portugal is returned to play as
a minor country``, Prussia (Portugal) is a minor in that period, and ``PRU annexes Polish WEST PREUSSEN`` names a
player that does not exist then: the annexation goes to whoever controls the minor, or to the minor itself, and
the text does not say which. The model of which countries exist and which are players in each period is built
from the game profile's codes and the period's own texts (``checker/checks/naming/countries.py``). A code
written as an alternative to the minor's name (``AUS/Habsburgs/Austria``) leaves open which of the two the country
is, and is not reported; nor is a code in a period whose texts never treat its country as a minor.

Fails (period VII, whose texts write "Inactive Prussia declares war against AUS/Habsburgs/Austria")::

    c. PRU annexes Polish WEST PREUSSEN.

Passes::

    c. Prussia annexes Polish WEST PREUSSEN.

Write the minor's name (or "the controller of Prussia"), or, if the country is meant to be a player in that
period, correct the texts that treat it as a minor.
"""

from __future__ import annotations

from .countries import minor_code_uses

CODE = "NAM006"
NAME = "minor-as-player-code"
CATEGORY = "naming"
SEVERITY = "warning"
SCOPE = "kb"  # which countries a period's texts treat as minors is read from every text of the period


def check(ctx):
    for code, name, entry, line, (ev_entry, ev_line, words), period in minor_code_uses(ctx):
        if not ctx.wants(entry):
            continue
        where = "this event" if ev_entry == entry else ev_entry
        yield ctx.finding(entry, line,
                          f"'{code}' is a player-country code, but the texts of period {period} treat {name} as a "
                          f"minor ({where}: '{words}'): write '{name}' or say who acts for it")
