"""Parse each stream of token kinds once: the event language's Earley parse depends on the kinds alone.

``events.read_event_sentence`` turns a sentence into a stream of token kinds ("CANNOT OCCUR BEFORE REF HAS
OCCURRED") and parses that stream; the words themselves come back in only afterwards, by position. Many sentences
of a knowledge base share one stream (every "Cannot occur before event 4:VII has occurred." with another id), and an
Earley parse costs tens of milliseconds even for a short stream, so the parse of each stream is kept: a tree is
never changed by what reads it (Lark's transformers build new trees), and a stream that does not parse keeps where
it failed. Plain: every stream parsed again.
"""

from __future__ import annotations

import collections
import threading
from typing import Any, Callable

MAX_STREAMS = 4096  # streams kept (least recently used dropped first): a bounded memory, whatever the KB's size


class Failed:
    """A stream the parser refused, with where it stopped (``pos``: an offset into the stream, or None)."""

    __slots__ = ("pos", "error")

    def __init__(self, pos: int | None, error: BaseException):
        self.pos = pos
        self.error = error


class ParseMemo:
    """``parse(stream)`` through a bounded memo: a tree, or a ``Failed`` for a stream the parser refuses with one of
    ``refusals`` (any other error is raised, not kept)."""

    def __init__(self, parse: Callable[[str], Any], refusals: tuple[type[BaseException], ...],
                 size: int = MAX_STREAMS):
        self._parse = parse
        self._refusals = refusals
        self._size = size
        self._kept: collections.OrderedDict[str, Any] = collections.OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, stream: str) -> Any:
        with self._lock:
            if stream in self._kept:
                self._kept.move_to_end(stream)
                return self._kept[stream]
        result = self.plain(stream)
        with self._lock:
            self._kept[stream] = result
            while len(self._kept) > self._size:
                self._kept.popitem(last=False)
        return result

    def plain(self, stream: str) -> Any:
        """The parse itself, kept nowhere (the trick's oracle)."""
        try:
            return self._parse(stream)
        except self._refusals as exc:
            return Failed(getattr(exc, "pos_in_stream", None), exc)

    def __len__(self) -> int:
        return len(self._kept)
