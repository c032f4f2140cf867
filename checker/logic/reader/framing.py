"""A rule framed by something else: a question and its answer, a correction that quotes the new wording.

FAQ and errata texts state a rule inside another sentence:

* ``Q: When can Decolonization be played? A: Only once the Korean War has been played.`` — the answer after "A:"
  is the rule. An answer that starts with "Yes" or "No" ("A: No, Solidarity requires Glasnost to be in effect")
  holds part of its rule in the question, which is not read: the sentence is reported, never half-read.
* ``Errata: the Vietnam War card should read 'May only be played after the Korean War has ended', not 'after the
  Korean War'.`` and ``replace 'Requires NATO' with 'Requires NATO or the Marshall Plan'`` — the quoted new wording
  is the rule; the old wording after "not", "instead of", "rather than" (or in an aside) is not. The words before
  "should read" may name only this event ("the card", its own title) or be a label: a correction of another card is
  reported.

:func:`reframed` gives the text to read instead, or None when the sentence is not framed so.
"""

from __future__ import annotations

import re

from .phrases import Context, lexicon_for, tokens

_Q = "[\"'‘’“”]"
_ANSWER = re.compile(r"^\s*(?:Q\s*[:.]\s*)?[^?]{3,300}\?\s*A\s*[:.]\s*(?P<answer>.*)$", re.DOTALL)
_YES_NO = re.compile(r"^(?:yes|no)\b[\s.,;:!]*", re.IGNORECASE)
_REPLACE = re.compile(rf"^(?P<head>.*?)\breplace\s+{_Q}[^\"'‘’“”]{{1,300}}{_Q}\s+(?:with|by)\s+{_Q}(?P<new>[^\"‘’“”]{{1,300}}?)"
                      rf"{_Q}(?P<tail>.*)$", re.IGNORECASE | re.DOTALL)
_READS = re.compile(rf"^(?P<head>.*?)\b(?:should|shall|now|will|must)?\s*(?:read|reads|say|says)\s*:?\s*"
                    rf"{_Q}(?P<new>[^\"‘’“”]{{1,300}}?){_Q}(?P<tail>.*)$", re.IGNORECASE | re.DOTALL)
# what may follow the new wording: the old one ("not '…'", "instead of '…'"), or nothing
_OLD = re.compile(rf"^\s*(?:[,;]?\s*(?:not|instead of|rather than)\s+{_Q}[^\"‘’“”]{{0,300}}{_Q})?\s*"
                  rf"(?:\([^()]{{0,300}}\))?\s*\.?\s*$", re.IGNORECASE | re.DOTALL)
_HEAD_TOKENS = {"LABEL", "SEMI", "COMMA", "THIS", "X"}


class Unframed(Exception):
    """A framed sentence whose rule is partly in the question (an answer starting "Yes" / "No"): report it."""


def reframed(text: str, ctx: Context, extra: tuple = ()) -> str | None:
    """The rule inside a question-and-answer or a correction, or None when ``text`` is not framed so. Raises
    :class:`Unframed` for an answer that starts with "Yes" or "No"."""
    m = _ANSWER.match(text)
    if m:
        answer = m["answer"].strip()
        if _YES_NO.match(answer):
            # "A: No, X requires Y": the "No" answers the question, whose rule is not read; reading the rest alone
            # would be a half-reading
            raise Unframed("an answer that starts with 'yes' or 'no': part of its rule is in the question")
        return answer
    for pattern in (_REPLACE, _READS):
        m = pattern.match(text)
        if m and _OLD.match(m["tail"]) and _names_only_this(m["head"], ctx, extra):
            new = m["new"].strip()
            return new if new.endswith((".", "!")) else new + "."
    return None


def _names_only_this(head: str, ctx: Context, extra: tuple) -> bool:
    """The words before "should read": a label, this event's own title, "the card" — nothing that names another
    event or holds a rule."""
    if len(head) > 120:
        return False
    kinds = {t.kind for t in tokens(head, ctx, lexicon_for(extra), tolerant=True)}
    return kinds <= _HEAD_TOKENS
