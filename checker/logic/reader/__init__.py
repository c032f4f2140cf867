"""The logic reader: the event language (``core_lexicon.yaml``, ``phrases.py``, ``events.lark``, ``events.py``),
the sentence splitter (``split.py``) and the clause reader that puts readings together (``read.py``; a game pack's
own sentence forms, such as ``checker/games/eu/sentences.lark``, are tried first). ``checker.logic.derive.
derive_event_logic`` is the entry point the rest of rulekb calls."""
