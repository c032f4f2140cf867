"""'Did you mean' suggestions that findings spell out in their messages, turned into text edits.

The checks say their suggestion in words (STY002 "'recieving' … (did you mean 'receiving'?)", STY004 "'looses':
'loses' is meant", STY005 "header label 'historicl date' is misspelled: 'historical date' is meant", REF006 "'7:VI'
refers to … is 7:VII meant?", REF008 "… did you mean 'NATO'?"). The word written is looked for on the finding's
line and the lines after it (a clause may wrap), and replaced in the case it was written in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_LINES_AHEAD = 12  # a wrapped clause's later lines: the misspelled word may stand there

_PATTERNS = (
    re.compile(r"^'(?P<w>[^']+) \((?P<name>[^)]+)\)':.*?did you mean '(?P<s>[^']+)'\?"),  # REF008: the name part
    re.compile(r"'(?P<w>[^']+)'[^']*\(did you mean '(?P<s>[^']+)'\?\)"),  # STY002
    re.compile(r"'(?P<w>[^']+)' is misspelled: '(?P<s>[^']+)' is meant"),  # STY005
    re.compile(r"^'(?P<w>[^']+)' refers to .*: is (?P<s>\S+) meant\?"),  # REF006
)
_REAL_WORD = re.compile(r"'(?P<w>[^']+)': '(?P<s>[^']+)' is meant")  # STY004, one per slip


@dataclass(frozen=True)
class Replacement:
    line: int  # 0-based
    start: int
    end: int
    written: str
    new: str


def pairs(message: str) -> list[tuple[str, str]]:
    """(as written, suggested) pairs a finding's message offers."""
    for pattern in _PATTERNS:
        m = pattern.search(message)
        if m:
            written = m.group("name") if "name" in pattern.groupindex else m.group("w")
            return [(written, m.group("s"))]
    return [(m.group("w"), m.group("s")) for m in _REAL_WORD.finditer(message)]


def same_case(found: str, new: str) -> str:
    """``new`` written the way ``found`` was: in capitals, capitalised, or as suggested."""
    if found.isupper() and len(found) > 1 and not new.isupper():
        return new.upper()
    if found[:1].isupper() and new[:1].islower():
        return new[:1].upper() + new[1:]
    return new


def replacements(message: str, rows: list[str], line: int | None) -> list[Replacement]:
    """Edits for the suggestions of a finding on the 1-based ``line`` of a buffer of ``rows``."""
    if line is None:
        return []
    out = []
    for written, new in pairs(message):
        if written == new:
            continue
        pattern = re.compile(r"(?<![\w])" + re.escape(written) + r"(?![\w])", re.IGNORECASE)
        for k in range(line - 1, min(len(rows), line - 1 + MAX_LINES_AHEAD)):
            m = pattern.search(rows[k]) if k >= 0 else None
            if m:
                out.append(Replacement(k, m.start(), m.end(), m.group(0), same_case(m.group(0), new)))
                break
    return out
