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
    _masked: tuple[str, list[str]] | None = field(default=None, repr=False)

    def _mask(self) -> tuple[str, list[str]]:
        if self._masked is None:
            self._masked = mask(self.text)
        return self._masked

    @property
    def masked(self) -> str:
        """The sentence with its asides replaced by ⟨n⟩ and its end punctuation removed."""
        return self._mask()[0]

    @property
    def asides(self) -> list[str]:
        return self._mask()[1]


_END = re.compile(r"(?<=\.)(?= |$)")


def split_sentences(text: str) -> list[Sentence]:
    """The sentences of ``text``; a sentence's asides are cut out only when it is parsed (``masked``).

    Pieces ending in ". " are cut with one regular-expression split; a piece inside an open parenthesis, or
    ending in an abbreviation ("rule 53.3."), is joined to the next: linear in the text's length.
    """
    out: list[Sentence] = []
    buf: list[str] = []
    depth = 0
    for piece in _END.split(text):
        buf.append(piece)
        depth += piece.count("(") - piece.count(")")
        depth = max(depth, 0)
        if depth == 0 and not _abbrev_end(piece):
            _add(out, "".join(buf))
            buf = []
    if buf:
        _add(out, "".join(buf))
    return out


def _abbrev_end(piece: str) -> bool:
    # "53.28.A." or "rule 53.3." inside a sentence: a dot right after a digit or a lone capital is no sentence end
    s = piece.rstrip()
    return len(s) >= 2 and s.endswith(".") and (s[-2].isdigit() or (s[-2].isupper() and (len(s) < 3 or s[-3] in ". ")))


def _add(out: list[Sentence], raw: str) -> None:
    raw = raw.strip()
    if raw:
        out.append(Sentence(raw))


def mask(raw: str) -> tuple[str, list[str]]:
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
    # put the event ids back together ("4 : VII" -> "4:VII")
    masked = _rejoin_ids(masked)
    return masked, asides


def _rejoin_ids(s: str) -> str:
    toks = s.split(" ")
    res: list[str] = []
    i = 0
    while i < len(toks):
        if i + 2 < len(toks) and toks[i + 1] == ":" and _idpart(toks[i]) and _idpart(toks[i + 2]) \
                and toks[i].isdigit() != toks[i + 2].isdigit():
            res.append(toks[i] + ":" + toks[i + 2])
            i += 3
        else:
            res.append(toks[i])
            i += 1
    return " ".join(res)


def _idpart(t: str) -> bool:
    return (t.isdigit() and len(t) <= 4) or (bool(t) and len(t) <= 6 and set(t) <= set("IVX"))
