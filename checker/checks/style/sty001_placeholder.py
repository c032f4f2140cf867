"""A placeholder left in the text: a lone ``?`` where a name or symbol belongs, ``???``, ``TBD``, ``XXX``.

Why: "Bavaria is automatically provided with a leader ? unless …" leaves the reader to guess which leader;
in a converted rulebook a lone ``?`` is usually a game symbol that was lost in conversion.

Severity follows what is lost (the severity policy). Where the placeholder is the very thing the rule tells a
player to handle — counted ("place a number of ? equal to the Tax Value", "place 2 ?") or the object of a verb
of placing, adding, removing, taking or gaining ("add ? to the t/v") in a sentence that is not negated — the
rule cannot be played at all: error. Elsewhere (a name beside a noun that says what it is, "a leader ?", "an
excellent minister ? with values 8/8/8", or "do not need to place any ?") the rule can be played by supplying
the name: warning.

Fails (error: what is placed is lost)::

    Of the Areas that qualify, … must then place a number of ? equal to the Tax Value of their v in this Area.

Fails (warning: the leader's name is lost, the rule still gives a leader)::

    1. Bavaria is automatically provided with a leader ? unless there is a named Bavarian leader active.

Passes::

    1. Bavaria is automatically provided with a leader (Tilly) unless there is a named Bavarian leader active.

Fill in the name or symbol, or accept the finding if the text must stay as printed.
"""

from __future__ import annotations

import re

from ..quote import around
from . import all_texts

CODE = "STY001"
NAME = "placeholder"
CATEGORY = "style"
SEVERITY = "error"
SCOPE = "entry"  # the entry's own texts

_WORDS = ("TBD", "TODO", "XXX", "FIXME")
# What comes right before a placeholder that a player must count or handle: "a number of", a number, a quantity
# word, or a verb of placing / adding / removing / taking / gaining (with an optional article).
_HANDLED = re.compile(r"(?:\b(?:a |the )?number of|\b\d+|\b(?:one|two|three|four|five|six|each|every|all|more|"
                      r"fewer)|\b(?:place|places|placing|add|adds|remove|removes|take|takes|gain|gains|put|puts|"
                      r"return|returns|flip|flips)(?: (?:a|an|the|one|their|your|its))?)\s*$", re.I)
_NEGATED = re.compile(r"\b(?:not|never|no|nor|cannot|without)\b|n't\b", re.I)


def _level(text: str, start: int) -> str:
    """error when the placeholder at ``start`` is what the sentence tells a player to count or handle, and the
    sentence is not negated; warning otherwise."""
    sentence_start = max(text.rfind(". ", 0, start), text.rfind("; ", 0, start), text.rfind(": ", 0, start)) + 1
    before = text[sentence_start:start]
    if _HANDLED.search(before) and not _NEGATED.search(before):
        return "error"
    return "warning"


_PLACEHOLDER = re.compile(r"(?:(?<=\s)|^)(\?+)(?=\s|$|[,.;:])|\b(TBD|TODO|XXX|FIXME)\b")


def check(ctx):
    for entry, line, text in all_texts(ctx):
        if "?" not in text and not any(word in text for word in _WORDS):
            continue  # the pattern needs one of these (it is case-sensitive): the same findings, fewer scans
        for m in _PLACEHOLDER.finditer(text):
            level = _level(text, m.start())
            what = "what the rule tells a player to handle is lost, so it cannot be played" if level == "error" \
                else "left in the text"
            yield ctx.finding(entry, line, f"placeholder '{m.group(0)}' {what}: "
                                                f"{around(text, m.start(), m.end())}", level)
