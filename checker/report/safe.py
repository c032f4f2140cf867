"""The one place that makes contributed text safe to show in a terminal or a CI log.

Findings quote what strangers wrote (clauses, titles, file names). Written raw to a terminal, an ESC sequence in
such a text could clear a reviewer's screen, set the window title or write the clipboard (OSC 52); a bidi
control could make a line read differently from what it is (Trojan Source); a newline could forge a finding.
``visible`` shows every such character as a visible escape (``\\x1b``, ``\\u202e``, ``\\n``) instead.
``json_safe`` does the same job for JSON text (``\\u`` escapes, so the data is unchanged for a JSON reader).
"""

from __future__ import annotations

import re

# C0 controls and DEL, C1 controls, bidi embeddings/overrides/isolates and marks, zero-width characters, line and
# paragraph separators, the BOM, and interlinear annotation and object replacement controls.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _show(m: re.Match[str]) -> str:
    c = m.group()
    if c in _NAMED:
        return _NAMED[c]
    return f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}"


def visible(text: object) -> str:
    """``text`` with every control, bidi and invisible formatting character shown as an escape."""
    return _UNSAFE.sub(_show, str(text))


def visible_lines(text: object) -> str:
    """``text`` as :func:`visible` shows it, except that its line breaks (``\\n``) and tabs stay: for output made
    of lines (a rendered text, a listing), where each line's contents still show every other control, bidi and
    invisible formatting character as an escape."""
    return "\n".join(_UNSAFE.sub(lambda m: "\t" if m.group() == "\t" else _show(m), part)
                     for part in str(text).split("\n"))


def invisible(text: str) -> list[str]:
    """The bidi controls and invisible formatting characters in ``text`` (each once, in order), as escapes:
    what a reader of the text cannot see (``checker/checks/style/sty007_invisible_character.py``)."""
    out: list[str] = []
    for m in _FORMAT.finditer(text):
        shown = _show(m)
        if shown not in out:
            out.append(shown)
    return out


# What changes how a text reads without being seen: bidi embeddings, overrides, isolates and marks, zero-width
# characters, the word joiner and invisible operators, the BOM inside a text, interlinear annotation controls.
_FORMAT = re.compile("[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]")
BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


_JSON_UNSAFE = re.compile("[\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]")


def json_safe(json_text: str) -> str:
    """JSON text (as ``json.dumps(..., ensure_ascii=False)`` writes it) with the characters that JSON leaves raw
    but a terminal or log viewer would act on written as ``\\uXXXX`` escapes (valid only inside strings, which is
    the only place such characters can be in JSON text)."""
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", json_text)
