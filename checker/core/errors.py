"""The error every reader of input raises: the file and line where it went wrong."""

from __future__ import annotations


class ParseError(Exception):
    """Input that cannot be read or parsed, with the file and line where it went wrong."""

    def __init__(self, file: str, line: int | None, message: str, column: int | None = None):
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        where = file + (f":{line}" if line else "") + (f":{column}" if column else "")
        super().__init__(f"{where}: {message}")
