"""A placeholder left in the text: a lone ``?`` where a name or symbol belongs, ``???``, ``TBD``, ``XXX``.

Why: "Bavaria is automatically provided with a leader ? unless …" leaves the reader to guess which leader;
in a converted rulebook a lone ``?`` is usually a game symbol that was lost in conversion. Either way the
rule cannot be applied as written.

Fails::

    1. Bavaria is automatically provided with a leader ? unless there is a named Bavarian leader active.

Passes::

    1. Bavaria is automatically provided with a leader (Tilly) unless there is a named Bavarian leader active.

Fill in the name or symbol, or accept the finding if the text must stay as printed.
"""

from __future__ import annotations

import re
import sys

from ..quote import around
from . import all_texts

CODE = "STY001"
NAME = "placeholder"
CATEGORY = "style"
SEVERITY = "warning"

_WORDS = ("TBD", "TODO", "XXX", "FIXME")
_PLACEHOLDER = re.compile(r"(?:(?<=\s)|^)(\?+)(?=\s|$|[,.;:])|\b(TBD|TODO|XXX|FIXME)\b")


def check(ctx):
    mod = sys.modules[__name__]
    for entry, line, text in all_texts(ctx):
        if "?" not in text and not any(word in text for word in _WORDS):
            continue  # the pattern needs one of these (it is case-sensitive): the same findings, fewer scans
        for m in _PLACEHOLDER.finditer(text):
            yield ctx.finding(mod, entry, line, f"placeholder '{m.group(0)}' left in the text: "
                                                f"{around(text, m.start(), m.end())}")
