"""The event-list format's former module name, kept for the one import of the language server
(``checker/lsp/resolve.py``); delete this module once that import reads ``..textformat.event_list``
(``tests/test_game_packs.py`` lists it as a generic module whose name still names a game)."""

from .event_list import PERIOD_HEADER_RE, header_game

__all__ = ["PERIOD_HEADER_RE", "header_game"]
