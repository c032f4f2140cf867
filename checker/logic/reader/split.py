"""Split a clause's text into sentences and cut out parenthesised asides, in one linear pass.

A sentence ends at ``.`` followed by a space or the end of the text (not inside parentheses); a trailing ``:``
stays part of its sentence. Each top-level ``( … )`` group is replaced by a token ``⟨n⟩`` and kept aside, so the
grammar sees where an aside stood and the transformer can read (or refuse) what it says.
"""

from __future__ import annotations

from dataclasses import dataclass, field

MAX_SENTENCE = 400  # characters; a longer sentence is reported as unread, never parsed


@dataclass
class Sentence:
    text: str  # as written
    masked: str  # asides replaced by ⟨n⟩, end punctuation removed
    asides: list[str] = field(default_factory=list)


def split_sentences(text: str) -> list[Sentence]:
    out: list[Sentence] = []
    depth = 0
    start = 0
    n = len(text)
    i = 0
    while i < n:
        ch = text[i]
        if ch == "(":
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
        elif ch == "." and depth == 0 and (i + 1 == n or text[i + 1] == " ") and not _abbrev(text, i):
            _add(out, text[start:i + 1])
            start = i + 1
        i += 1
    _add(out, text[start:])
    return out


def _abbrev(text: str, i: int) -> bool:
    # "53.28.A," or "rule 53.3." inside a sentence: a dot right after a digit or a single capital is no sentence end
    # unless the text ends there.
    return i + 1 < len(text) and i > 0 and (text[i - 1].isdigit() or (text[i - 1].isupper() and text[i - 2:i - 1] in (".", " ")))


def _add(out: list[Sentence], raw: str) -> None:
    raw = raw.strip()
    if not raw:
        return
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
    out.append(Sentence(raw, masked, asides))


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
