"""The core: what every other part of rulekb builds on, importing nothing of theirs (``tests/test_layers.py``).

``eventid``: the one event-id syntax, built from a game's period labels.
"""
