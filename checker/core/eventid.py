"""The one event-id syntax: every regular expression that reads an event id is built here.

An event id is ``NUMBER:PERIOD`` (``6:VII``, ``21:Early``); texts also write ``PERIOD:NUMBER`` (``IV:7``,
``Early:21``). Both name one event, whose canonical id is ``NUMBER:PERIOD`` with the number as an integer. The
period is one of a game's period labels; the Roman labels I–X are read in every game.

``EventIdSyntax.of(labels)`` is the syntax of a game whose period labels are ``labels``: the pattern that finds
ids in a text, its parser and canonical form, the terminal the reader's grammar uses, the form a user types on the
command line. Nothing outside ``checker/core`` writes an event-id pattern (``tests/test_eventid.py`` greps for
one); the module-level names below serve what has no game at hand.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from functools import cached_property

ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10}
ROMAN_BY_VALUE = {v: k for k, v in ROMAN.items()}
ROMAN_PERIODS = tuple(ROMAN)  # I–X, in order: period labels every game's ids may carry

NUMBER = r"\d{1,4}"  # an event's number (the title line's ``21:`` too)
LABEL = r"[A-Za-z0-9][A-Za-z0-9_-]{0,19}"  # the shape of a period label (a ``PERIOD <label>`` header)
BEFORE = r"(?<![\w:/])"  # an id does not continue a word, another id or a path
AFTER = r"(?![\w:])"  # … and is not followed by one
ID_SHAPE = rf"(?:{NUMBER}:\w+|\w+:{NUMBER})"  # anything shaped like an id, whatever the game's labels

# before an event's number written out: "event no. 12", "EVENT NR. 4", "card number 3", "event #12" (or nothing)
_NUMBER_SIGN = r"(?:(?i:no\.?\s*|nr\.?\s*|number\s+)|#\s?)?"
_ID_HINT = re.compile(r"\d:\w|\w:\d")
_LENIENT_NUMBER_FIRST = re.compile(rf"^(?P<num>{NUMBER}):(?P<per>{LABEL})$")
_LENIENT_LABEL_FIRST = re.compile(rf"^(?P<per>[A-Za-z][A-Za-z0-9_-]{{0,19}}):(?P<num>{NUMBER})$")
_TYPED = re.compile(rf"^\s*(?:(?P<num>{NUMBER})\s*:\s*(?P<per>[A-Za-z0-9_-]{{1,20}})|"
                    rf"(?P<per2>[A-Za-z0-9_-]{{1,20}})\s*:\s*(?P<num2>{NUMBER}))\s*$")


def alternation(words) -> str:
    """``words`` as one regular-expression alternation, longest first (``Mid-War`` before ``Mid``); a pattern
    that matches nothing when there are none."""
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) or "(?!x)x"


@dataclass(frozen=True)
class EventIdSyntax:
    """The event ids of one game: ``labels`` are its period labels in play order, then Roman I–X."""

    labels: tuple[str, ...]
    _compiled: dict = field(default_factory=dict, compare=False, hash=False, repr=False)

    @staticmethod
    def of(labels=()) -> EventIdSyntax:
        """The syntax for a game's period ``labels`` (any iterable; Roman I–X are added), one object per set."""
        return _syntax(tuple(labels))

    # --- pattern texts, to be composed into larger patterns ---------------------------------------------------
    @cached_property
    def period(self) -> str:
        """One of the period labels (an alternation, longest first)."""
        return alternation(self.labels)

    @cached_property
    def written(self) -> str:
        """An id in either form, no groups and no context: ``21:Early`` or ``Early:21``."""
        per = self.period
        return rf"(?:{NUMBER}:(?:{per})|(?:{per}):{NUMBER})"

    @cached_property
    def number_first(self) -> str:
        """An id in the canonical form only (``21:Early``), no groups and no context."""
        return rf"{NUMBER}:(?:{self.period})"

    @cached_property
    def terminal(self) -> str:
        """The reader grammar's ID terminal (a lexer sees no text before the token)."""
        return self.written + AFTER

    @cached_property
    def period_terminal(self) -> str:
        """The reader grammar's PERIOD terminal: a label standing alone (``before period Early``)."""
        return rf"(?:{self.period})(?![\w\/:])"

    @cached_property
    def token(self) -> str:
        """An id standing as a word of a text (not part of another word, id or path)."""
        return BEFORE + self.written + AFTER

    @cached_property
    def grouped(self) -> str:
        """An id with its parts as groups ``num``/``per`` (number first) or ``per2``/``num2``, not followed by a
        word; for a pattern that says what comes before it (``until event 8:VI``)."""
        per = self.period
        return rf"(?:(?P<num>{NUMBER}):(?P<per>{per})|(?P<per2>{per}):(?P<num2>{NUMBER})){AFTER}"

    @cached_property
    def spelled_out(self) -> str:
        """An id written out in words after "event" or "card", with its parts as groups ``num3``/``per3``: "event
        12 of period VII", "event #12 of period VII", "event no. 12 in period VII", "event 12 of the Mid War
        period", or ``per3``-``num3``: "event VII-12"."""
        per = self.period
        return (rf"(?i:\b(?:event|card)s?\s+){_NUMBER_SIGN}(?:(?P<num3>{NUMBER})\s+(?i:of|in)\s+"
                rf"(?i:the\s+)?(?i:period\s+)?(?P<per3>{per})(?:\s+(?i:period|war))?|(?P<per4>{per})[-/](?P<num4>{NUMBER})){AFTER}")

    def label_number(self, own_labels) -> str:
        """An id written as a period label and a number without a colon, groups ``per5``/``num5`` or
        ``per6``/``num6``, with ``own_labels`` only (a game's own periods: Roman I–X are not added, for "V-2" is a
        rocket in a game whose periods are not Roman):

        - joined by a hyphen or a dash, as wargame lists write it: "VII-8", "Evt IV-20", "Mid-1";
        - in parentheses after an event's name, with a space or "#": "Berlin Wall (Mid 3)", "Decolonization (Early
          #10)"; the match is the inside of the parentheses;
        - the number, a slash and the label, as magazine event tables write it (groups ``num7``/``per7``): "Evt
          9/VII", "12/VII ends 11/VII", "#7/VII" (not a date or a fraction: the label is one of the game's periods);
        - the number, a hyphen or a dash and the label, as a list in capitals writes it (groups ``num8``/``per8``):
          "NOT IF 16-IV OR 7-IV IN EFFECT" (not "pages 1-4": the label is one of the game's periods).
        """
        per = alternation(own_labels)
        none = '(?!x)x' if not own_labels else ''
        return (rf"(?<![\w:/\-–]){none}(?P<per5>{per})[-–](?P<num5>{NUMBER})(?![\w:\-–])"
                rf"|(?<=\()\s*(?P<per6>{per})\s+#?\s?(?P<num6>{NUMBER})\s*(?=\))"
                rf"|(?<![\w:/\-–#]){none}#?(?P<num7>{NUMBER})/(?P<per7>{per})(?![\w/\-–]|:\w)"
                rf"|(?<![\w:/\-–.#]){none}#?(?P<num8>{NUMBER})[-–](?P<per8>{per})(?![\w:/\-–])")

    @cached_property
    def in_this_period(self) -> str:
        """An event of the period of the text's own event, by its number: "event 4 of this period", "EVENT NR. 4 OF
        THE SAME PERIOD" (group ``num``)."""
        return (rf"(?i:\b(?:event|card)\s+){_NUMBER_SIGN}(?P<num>{NUMBER})\s+"
                rf"(?i:of|in|from)\s+(?i:this|the\s+same|the\s+present|the\s+current)\s+(?i:period|era|age){AFTER}")

    @cached_property
    def number_alone(self) -> str:
        """An event named by its number alone, with no period ("event 11", "EVENT #11", "card no. 11"), group
        ``num``: which period's event is meant, the text does not say."""
        return rf"(?i:\b(?:event|card)\s+){_NUMBER_SIGN}(?P<num>{NUMBER})(?![\w:]|\s*[-/:]\s*\w)"

    @cached_property
    def number_sign_alone(self) -> str:
        """An event named by a number sign and its number, with no period and no "event" ("Playable only after #7"),
        group ``num``: as ``number_alone``; a number with a period label ("Early #1", "#7/VII") is not this."""
        return rf"(?<![\w#&/])#(?P<num>{NUMBER})(?![\w:]|\s*[-/:]\s*\w)"

    # --- compiled patterns ------------------------------------------------------------------------------------
    def compiled(self, text: str, flags: int = 0) -> re.Pattern:
        """``text`` (built from this syntax's pieces) compiled once per syntax."""
        key = (text, flags)
        got = self._compiled.get(key)
        if got is None:
            got = self._compiled[key] = re.compile(text, flags)
        return got

    @cached_property
    def finder(self) -> re.Pattern:
        """Every id in a text, with its parts as groups (``finditer``; see :meth:`match_id`)."""
        return self.compiled(BEFORE + self.grouped)

    @cached_property
    def exact(self) -> re.Pattern:
        return self.compiled(rf"(?:{self.grouped})\Z")

    # --- reading ids ------------------------------------------------------------------------------------------
    @staticmethod
    def match_id(m: re.Match) -> tuple[int, str, str]:
        """(number, period, form) of a match of :attr:`finder` (or any pattern using :attr:`grouped`)."""
        if m["num"]:
            return int(m["num"]), m["per"], "number:period"
        return int(m["num2"]), m["per2"], "period:number"

    def parse(self, text: str) -> tuple[int, str] | None:
        """(number, period) of an id written in either form with one of the labels (surrounding space allowed),
        or None."""
        m = self.exact.match(str(text).strip())
        if m is None:
            return None
        num, per, _ = self.match_id(m)
        return num, per

    def canonical(self, text: str) -> str | None:
        """``"Early:21"`` and ``"21:Early"`` give ``"21:Early"``; None when ``text`` is no id of this game."""
        got = self.parse(text)
        return f"{got[0]}:{got[1]}" if got else None

    def find(self, text: str) -> list[str]:
        """The canonical ids written in ``text``, in order."""
        out = []
        for m in self.finder.finditer(text):
            num, per, _ = self.match_id(m)
            out.append(f"{num}:{per}")
        return out

    def typed(self, text: str) -> str | None:
        """An id as a user types it: ``8:vii``, ``VII:8``, `` 8 : VII `` give ``8:VII``, ``21:early`` gives
        ``21:Early``; None when the text is no id (a period neither a label nor Roman I–X)."""
        return typed_event_id(text, self.labels)


@functools.lru_cache(maxsize=64)
def _syntax(given: tuple[str, ...]) -> EventIdSyntax:
    return EventIdSyntax(tuple(dict.fromkeys([*(str(x) for x in given if x), *ROMAN_PERIODS])))


def roman_only(labels) -> bool:
    """Are all these period labels Roman numerals (I–X), which every syntax reads already?"""
    return all(label in ROMAN for label in labels)


def has_id_shape(text: str) -> bool:
    """Does ``text`` hold something shaped like an event id (a digit and a word joined by a colon)?"""
    return _ID_HINT.search(text) is not None


def canonical_event_id(text: str, labels=()) -> str | None:
    """The lenient reading of an id stored or given by a program: ``NUMBER:LABEL`` with any label-shaped period,
    or ``PERIOD:NUMBER`` when the period is Roman I–X or one of ``labels``; ``"IV:7"`` gives ``"7:IV"``."""
    text = text.strip()
    m = _LENIENT_NUMBER_FIRST.match(text)
    if m is None and (m := _LENIENT_LABEL_FIRST.match(text)) and m["per"] not in labels and m["per"] not in ROMAN:
        m = None
    return f"{int(m['num'])}:{m['per']}" if m else None


def typed_event_id(text: str, labels=()) -> str | None:
    """See :meth:`EventIdSyntax.typed`; ``labels`` are matched in any case, Roman I–X always."""
    m = _TYPED.match(text or "")
    if not m:
        return None
    num, per = (m["num"], m["per"]) if m["num"] else (m["num2"], m["per2"])
    by_lower = {str(x).lower(): str(x) for x in labels}
    if per.lower() in by_lower:
        per = by_lower[per.lower()]
    elif per.upper() in ROMAN:
        per = per.upper()
    else:
        return None
    return f"{int(num)}:{per}"


def typed_parts(text: str) -> tuple[int, str] | None:
    """(number, period as typed) of anything a user typed in the shape of an id, known label or not."""
    m = _TYPED.match(text or "")
    if not m:
        return None
    return int(m["num"] or m["num2"]), m["per"] or m["per2"]
