"""What every text parser shares: reading a text file safely (the error it raises, ``ParseError``, is the
core's: ``checker/core/errors.py``)."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass

from ..core.errors import ParseError

# Limits on what one text may hold (README "Limits"). The seeds' longest line has 849 characters; a line or a
# clause far beyond these is damage (a lost line break, a pasted binary), reported with its line.
MAX_TEXT_BYTES = 2 * 1024 * 1024
MAX_LINE_CHARS = 10_000
MAX_CLAUSE_CHARS = 20_000


@dataclass
class TextLine:
    number: int  # 1-based
    raw: str

    @property
    def text(self) -> str:
        return self.raw.strip()

    @property
    def indent(self) -> int:
        expanded = self.raw.expandtabs(4)
        return len(expanded) - len(expanded.lstrip())  # spaces, tabs and no-break spaces alike

    @property
    def blank(self) -> bool:
        return not self.raw.strip()


def decode_text(data: bytes, name: str) -> str:
    """UTF-8 (with or without BOM); a clear error with the line of the first bad byte otherwise."""
    if len(data) > MAX_TEXT_BYTES:
        raise ParseError(name, None, f"file is {len(data)} bytes; the limit for one text is {MAX_TEXT_BYTES}")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise ParseError(name, line, f"not valid UTF-8 (byte 0x{data[exc.start]:02x}); save the file as UTF-8",
                         col) from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise ParseError(name, line, "contains a NUL character: this is not a text file")
    return text


def check_line_lengths(text: str, name: str) -> None:
    """ParseError for the first line longer than MAX_LINE_CHARS (one linear pass)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    start = 0
    number = 1
    size = len(text)
    while start <= size:
        end = text.find("\n", start)
        if end < 0:
            end = size
        if end - start > MAX_LINE_CHARS:
            raise ParseError(name, number, f"line is {end - start} characters long; the limit is {MAX_LINE_CHARS} "
                             "(a lost line break?)")
        start = end + 1
        number += 1


def regular_file_error(path: str) -> str | None:
    """Why ``path`` is not a regular file that may be read (a named pipe would block, a device never ends)."""
    try:
        st = os.stat(path)
    except OSError as exc:
        return f"cannot read: {exc.strerror}"
    if not stat.S_ISREG(st.st_mode):
        return "not a regular file (a folder, named pipe, device or socket): refused"
    return None


def read_text(path: str, name: str | None = None) -> str:
    name = name or path
    problem = regular_file_error(path)
    if problem:
        raise ParseError(name, None, problem)
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_TEXT_BYTES + 1)
    except OSError as exc:
        raise ParseError(name, None, f"cannot read: {exc.strerror}") from None
    return decode_text(data, name)


def split_lines(text: str) -> list[TextLine]:
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return [TextLine(i + 1, raw) for i, raw in enumerate(text.split("\n"))]


def tokens(text: str) -> list[str]:
    """The sequence of non-whitespace tokens: what a lossless round trip must preserve."""
    return text.split()
