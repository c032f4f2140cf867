"""Where a finding points: an entry's source line turned into the file and line a reader should open."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.model import qualified
from ..kb.cache import line_index
from ..kb.store import LoadResult

if TYPE_CHECKING:
    from .overlay import Overlay


class Locator:
    """Maps (entry id, source line) to the file and line a reader should open. With an ``overlay`` (contributed
    texts and KB files), a contributed entry is cited in the contributor's own file and line."""

    def __init__(self, load: LoadResult, overlay: Overlay | None = None):
        self.kb = overlay.kb if overlay is not None else load.kb
        self.load = load
        self.texts: dict[str, str] = dict(overlay.texts) if overlay else {}  # contributed YAML files: file -> text
        self.indexes: dict[str, dict[int, int]] = {}
        # entry id -> contributed text file (lines are that file's own)
        self.overrides: dict[str, str] = dict(overlay.overrides) if overlay else {}

    def _entry_file(self, subject: str, game: str | None) -> tuple[str | None, bool]:
        """The file an entry is read from, and whether it is a contributed text (whose lines are its own)."""
        if game is not None:
            key = qualified(game, subject)  # an event of that game (rules and glossaries keep plain ids)
            if key in self.overrides or key in self.kb.files:
                subject = key
        if subject in self.overrides:
            return self.overrides[subject], True
        return self.kb.files.get(subject), False

    def _index(self, file: str) -> dict[int, int]:
        """A KB file's line index (source line -> YAML line), read once."""
        if file not in self.indexes:
            self.indexes[file] = line_index(self.texts[file]) if file in self.texts else self.load.line_index(file)
        return self.indexes[file]

    def lines_of(self, subject: str, game: str | None = None):
        """``lambda line: self(subject, line, game)[1]``, with the entry's file and line index looked up once
        instead of at every line."""
        file, own = self._entry_file(subject, game)
        if file is None or own:
            return lambda line: line
        return self._index(file).get

    def __call__(self, subject: str | None, source_line: int | None, game: str | None = None):
        if subject is None:
            return None, source_line
        file, own = self._entry_file(subject, game)
        if own:
            return file, source_line
        if file is None:
            return None, source_line
        if source_line is None:
            return file, None
        return file, self._index(file).get(source_line)
