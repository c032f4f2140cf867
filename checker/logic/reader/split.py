"""Split a clause's text into sentences and cut out parenthesised asides, in one linear pass.

A sentence ends at ``.`` followed by a space or the end of the text (not inside parentheses); a trailing ``:``
stays part of its sentence. Each top-level ``( … )`` group is replaced by a token ``⟨n⟩`` and kept aside, so the
grammar sees where an aside stood and the transformer can read (or refuse) what it says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

MAX_SENTENCE = 400  # characters; a longer sentence is reported as unread, never parsed


@dataclass
class Sentence:
    text: str  # as written
    labels: frozenset[str] | None = field(default=None, repr=False)  # the game's period labels (None: Roman)
    _masked: tuple[str, list[str]] | None = field(default=None, repr=False)

    def _mask(self) -> tuple[str, list[str]]:
        if self._masked is None:
            self._masked = mask(self.text, self.labels)
        return self._masked

    @property
    def masked(self) -> str:
        """The sentence with its asides replaced by ⟨n⟩ and its end punctuation removed."""
        return self._mask()[0]

    @property
    def asides(self) -> list[str]:
        return self._mask()[1]


# the words of a card template's field tag, a word or two in capitals between square brackets ("[REQ]", "[FAIL]"):
# written once here, for the splitter below and for the tokens (phrases.FIELD_TAG, phrases._HEADING_BRACKET)
TAG_WORDS = r"[A-Z]{2,12}(?: [A-Z]{2,12})?"
# a sentence ends after a dot before a space or the text's end, and before a card template's next field in brackets
# ("[REQ] A in effect [REQ] Spain owns B [FAIL] mark off", "… occurred · [BLOCK] …": each field a sentence)
_END = re.compile(rf"(?<=\.)(?= |$)|(?<=[^\s·•])(?=\s+(?:[·•]\s+)?\[{TAG_WORDS}\]\s)")


def split_sentences(text: str, labels: frozenset[str] | None = None,
                    unbroken: list[tuple[int, int]] | tuple = ()) -> list[Sentence]:
    """The sentences of ``text``; a sentence's asides are cut out only when it is parsed (``masked``).

    Pieces ending in ". " are cut with one regular-expression split; a piece inside an open parenthesis, ending in
    an abbreviation ("rule 53.3."), or followed by a word in lower case ("Truman Doct. ends for the UK only": no
    sentence starts so) is joined to the next: linear in the text's length. ``unbroken``: spans (start, end, …) of
    the text no sentence ends inside, in order (a title written short: "Bav. Succ. is in effect").
    """
    out: list[Sentence] = []
    buf: list[str] = []
    depth = 0
    # a quotation goes on past its own full stops ("the text should read 'Only after 6:VII. The game ends.'"), when
    # every quotation mark of the text is closed (a stray one holds nothing together)
    quoting = text.count('"') % 2 == 0 and text.count("“") == text.count("”")
    straight = curly = 0
    pieces = _END.split(text)
    at, s = 0, 0
    for k, piece in enumerate(pieces):
        buf.append(piece)
        at += len(piece)
        while s < len(unbroken) and unbroken[s][1] <= at:
            s += 1
        if s < len(unbroken) and unbroken[s][0] < at < unbroken[s][1]:
            continue  # a dot inside a title written short
        depth += piece.count("(") - piece.count(")")
        depth = max(depth, 0)
        if quoting:
            straight += piece.count('"')
            curly = max(curly + piece.count("“") - piece.count("”"), 0)
            if straight % 2 or curly:
                continue  # inside a quotation
        after = pieces[k + 1][:2] if k + 1 < len(pieces) else ""
        if after[:1] == " " and after[1:].islower() and not _FIELD.match(pieces[k + 1]):
            continue  # an abbreviation's dot: the sentence goes on (not before a field: "… exists. fail: reroll")
        if after[:1] == " " and after[1:].isdigit() and _PAGE_ABBREV.search(piece):
            continue  # "Star Wars, p. 14: replace …", "see sec. 4.2": a page or a section, not a sentence end
        if depth == 0 and not _abbrev_end(piece) and not _BARE_ANSWER.search(piece):
            _add(out, "".join(buf), labels)
            buf = []
    if buf:
        _add(out, "".join(buf), labels)
    return out


# a terse card's field in lower case after a sentence ("… Poland exists. fail: reroll", ". else: nothing", ". fail →
# nothing happens")
_FIELD = re.compile(r" [a-z]+(?: [a-z]+)?(?::|\s*(?:→|->|=>|=))(?:\s|$)")

# "Q: … ? A: No." with more after it: the answer goes on in the next sentence ("A: No. It cancels …"), and the
# answer is read whole (framing.py)
_BARE_ANSWER = re.compile(r"\?\s*A\s*[:.]\s*(?:yes|no)\.\s*$", re.IGNORECASE)


def _abbrev_end(piece: str) -> bool:
    # "53.28.A." or "rule 53.3." inside a sentence: a dot right after a digit or a lone capital is no sentence end;
    # nor is the dot of "No." / "Nr." before a number ("event no. 4", "EVENT NR. 4")
    s = piece.rstrip()
    return len(s) >= 2 and s.endswith(".") and (s[-2].isdigit() or (s[-2].isupper() and (len(s) < 3 or s[-3] in ". "))
                                                or bool(_NUMBER_ABBREV.search(s)) or bool(_RULE_ABBREV.search(s))
                                                or bool(_NAME_ABBREV.search(s))
                                                or bool(_PARAGRAPH.fullmatch(s)))


# a numbered paragraph's number alone before its text ("4(b). Event 7/VI …"): no sentence of its own
_PARAGRAPH = re.compile(r"\s*(?:(?i:para(?:graph)?)\.?\s*)?\d{1,3}\s?\([a-z]{1,2}\)\.")
_PAGE_ABBREV = re.compile(r"(?i:\b(?:p|pp|pg|para|paras|sec|secs|ch|chap|art|vol|fig|no|nr)\.)$")
_NUMBER_ABBREV = re.compile(r"(?i:\b(?:event|card)s?\s+(?:no|nr)\.)$")
# the abbreviations that stand before a name, never at a sentence's end ("the St. Bartholomew's Day Massacre", "Gen.
# Wolfe", "Mt. Hiei"): no sentence end
_NAME_ABBREV = re.compile(r"(?:^|[\s(\"'])(?:St|Ste|Mt|Ft|Dr|Mr|Mrs|Ms|Gen|Adm|Lt|Col|Capt|Maj|Gov)\.$")
# the abbreviations rules writers put before a requirement ("Req. 7:VII played.", "Prereq. NATO."): no sentence end
_RULE_ABBREV = re.compile(r"(?i:\b(?:req|reqs|prereq|prereqs|cf)\.)$")


def _add(out: list[Sentence], raw: str, labels: frozenset[str] | None = None) -> None:
    raw = raw.strip()
    if raw:
        out.append(Sentence(raw, labels))


def mask(raw: str, labels: frozenset[str] | None = None) -> tuple[str, list[str]]:
    asides: list[str] = []
    parts: list[str] = []
    depth = 0
    buf: list[str] = []
    for ch in raw:
        if ch == "(":
            if depth == 0:
                parts.append("".join(buf))
                buf = []
            else:
                buf.append(ch)
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
            if depth == 0:
                asides.append("".join(buf))
                parts.append(f" \u27e8{len(asides) - 1}\u27e9 ")
                buf = []
            else:
                buf.append(ch)
        else:
            buf.append(ch)
    parts.append("".join(buf))
    masked = " ".join("".join(parts).split())
    masked = masked.rstrip(".").rstrip()
    # "," and ":" are tokens of their own; "’"/"”" quotes are not words
    masked = masked.replace(",", " , ").replace(":", " : ").replace("”", "").replace("’", "'")
    masked = " ".join(masked.split())
    # put the event ids back together ("4 : VII" -> "4:VII", "21 : Early" -> "21:Early")
    masked = _rejoin_ids(masked, labels)
    return masked, asides


def _rejoin_ids(s: str, labels: frozenset[str] | None = None) -> str:
    toks = s.split(" ")
    res: list[str] = []
    i = 0
    while i < len(toks):
        if i + 2 < len(toks) and toks[i + 1] == ":" and _is_id(toks[i], toks[i + 2], labels):
            res.append(toks[i] + ":" + toks[i + 2])
            i += 3
        else:
            res.append(toks[i])
            i += 1
    return " ".join(res)


def _idpart(t: str) -> bool:
    return (t.isdigit() and len(t) <= 4) or (bool(t) and len(t) <= 6 and set(t) <= set("IVX"))


def _is_id(a: str, b: str, labels: frozenset[str] | None) -> bool:
    """``a : b`` is an event id: a number and a period label (Roman numerals always; the game's labels, which may
    be numbers too: ``21 : 1914``)."""
    if _idpart(a) and _idpart(b) and a.isdigit() != b.isdigit():
        return True
    if not labels:
        return False
    return (a.isdigit() and len(a) <= 4 and b in labels) or (b.isdigit() and len(b) <= 4 and a in labels)
