"""Europa Universalis (the events rewrite): the format of its rule changes, variants and glossary, and the
rewrite's own sentence forms (``sentences.lark``, ``sentences.py``), read before the generic event language.

The rewrite's event lists are in the generic event-list format (``checker/textformat/event_list.py``), which
every game's events share; its place names are extracted by the generic gazetteer
(``checker/checks/naming/gazetteer.py``).
"""

from __future__ import annotations

from ..pack import GamePack, TextFormat


def _parse_rule_changes(text: str, file: str):
    from .eurw_rules import parse_eurw_rules

    return parse_eurw_rules(text, file)


PACK = GamePack(
    id="eu",
    formats=(TextFormat("eurw-rules", "'Rule Changes'", lambda lines: lines[0].lower() == "rule changes",
                        _parse_rule_changes),),
    reader_default=True,
    sentences="sentences",
)
