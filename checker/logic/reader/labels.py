"""Names written in parentheses after an event id: "21:Early (NATO)", "event IV:20 (Richelieu)".

The reader takes such a name as the id's label, never as an unknown aside (``transform.ToLogic.event_ref`` keeps it
in ``labels``); ``id_labels`` finds every one in a text, read or not, for REF008, which compares it with the
event's title. Ids are found with the game's period labels (``grammar.Vocabulary``), one regular-expression pass.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from ...core.eventid import EventIdSyntax, has_id_shape
from .grammar import Vocabulary

MAX_NAME = 80  # characters between the parentheses; a longer aside is no name
MAX_WORDS = 8
# words that do not tell two names apart: articles and the short words a paraphrase changes
# ("War of Independence by the colonies" names "WAR OF INDEPENDENCE IN THE COLONIES")
FILLER = frozenset({"the", "a", "an", "of", "in", "by", "for", "to", "on", "at", "and"})


@dataclass(frozen=True)
class IdLabel:
    written: str  # the id as written ("Early:21")
    event: str  # its canonical id ("21:Early")
    name: str  # the name in parentheses, as written
    start: int  # offset of the id in the text


@functools.lru_cache(maxsize=32)
def _pattern(labels: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(rf"(?P<id>{EventIdSyntax.of(labels).token})[ \t]*\((?P<name>[^()\n]{{1,{MAX_NAME}}})\)")


def looks_like_name(text: str) -> bool:
    """A name, not a remark: it starts with a capital letter or a digit, has at most 8 words and holds no event
    id of its own ("(see event 4:VI)", "(annexation of Portugal by Spain)", "(if it took part …)" are remarks)."""
    text = text.strip()
    return bool(text) and (text[0].isupper() or text[0].isdigit()) and len(text.split()) <= MAX_WORDS \
        and not has_id_shape(text)


def id_labels(text: str, vocab: Vocabulary) -> list[IdLabel]:
    """Every event id of ``text`` followed by a parenthesised name, in text order."""
    out = []
    if ":" not in text or "(" not in text:
        return out  # an id has its colon, a name its bracket
    for m in _pattern(vocab.labels).finditer(text):
        name = m["name"].strip()
        cid = vocab.canonical_id(m["id"])
        if cid and looks_like_name(name):
            out.append(IdLabel(m["id"], cid, name, m.start()))
    return out


def name_words(text: str) -> frozenset[str]:
    """The words that identify a name: lower case, punctuation and filler words left out."""
    return frozenset(w for w in re.findall(r"[a-z0-9]+", text.lower().replace("'", "")) if w not in FILLER)


def names_match(written: str, title: str) -> bool:
    """``written`` names the event titled ``title``: one's identifying words contain the other's (a short name
    such as "Richelieu" for "RICHELIEU'S MINISTRY" matches; "Natto" for "NATO" does not)."""
    a, b = name_words(written), name_words(title)
    return bool(a) and bool(b) and (a <= b or b <= a)
