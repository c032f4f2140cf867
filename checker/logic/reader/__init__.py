"""The logic reader: a Lark grammar for the rule sentences of the event texts (``rules.lark``), the sentence
splitter (``split.py``), the transformer to the logic dicts of the shared contract (``transform.py``) and the
clause reader that puts them together (``read.py``). ``checker.logic.derive.derive_event_logic`` is the entry
point the rest of rulekb calls."""
