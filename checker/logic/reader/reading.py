"""What reading one sentence gives: a :class:`Reading`, or :class:`Unread` with the words that were not read.

Shared by every grammar the reader runs (the event language, ``events.py``; a game's own sentence forms, such as
``checker/games/eu/sentences.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class Unread(Exception):
    """A sentence not read: why (``reason``) and the words the reader could not place (``words``)."""

    def __init__(self, reason: str, words: str):
        super().__init__(reason)
        self.reason, self.words = reason, words


@dataclass
class Reading:
    kind: str  # requirement | failure | effect | heading | scope | repeats | compound
    logic: dict[str, Any] = field(default_factory=dict)
    # kind compound: one sentence that reads as several ("Only while A is in effect; cancels B": a requirement,
    # then an effect), each put together with the clause's other sentences (read.combine)
    parts: tuple["Reading", ...] = ()
    # an effect sentence opened by "otherwise": the effects of the firing only after a requirement in the same
    # clause ("Re-roll if A. Otherwise the event cancels B."); after an effect's own condition it would be that
    # condition's alternative, which the reader does not read (read.combine reports it)
    otherwise: bool = False
    # a requirement stated with no verb ("7:VII not in effect."): among an event's effects it may say what the
    # event does as well ("Berlin Wall no longer in effect."): read.py reports it there unless an outcome follows
    verbless: bool = False
    # a state said plainly among the opening conditions, read as a requirement ("Spain holds Flanders."): after an
    # effect in the same clause it is reported (read.py)
    declared: bool = False
