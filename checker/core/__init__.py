"""The core: what every other part of rulekb builds on, importing nothing of theirs (``tests/test_layers.py``).

``model``: the plain dataclasses every part reads and writes (events, rules, glossaries, ``Finding``, the KB).
``eventid``: the one event-id syntax, built from a game's period labels.
``ids``: event ids and the references written in rule text.
``paths``: the names taken from texts and KB files that become parts of paths, checked.
``errors``: ``ParseError``, the error every reader of input raises.
"""
