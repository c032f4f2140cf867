"""Does one text mention a word of another? The comparison of the checks that find what a summary leaves out of
the text it sums up: a worked example's explanation silent about one of the card's effects (AWW006), an
auto-resolution note that drops a qualifier, an exception or a limit of its rule (POP001).

A word is mentioned where it stands in the text starting at a word boundary ('Italy' is not in 'Sicitaly').
``whole``: it ends at one too ('Italy' is not in 'Italyan'); without it a longer word counts ('Area' names
'Areas', 'Catholic' names 'Catholics'). ``ignore_case``: 'trade node' names 'Trade Node'.
"""

from __future__ import annotations

import functools
import re


@functools.lru_cache(maxsize=4096)
def _pattern(word: str, whole: bool, ignore_case: bool) -> re.Pattern:
    flags = re.IGNORECASE if ignore_case else 0
    return re.compile(rf"(?<!\w){re.escape(word)}" + (r"(?!\w)" if whole else ""), flags)


def mentions(text: str, word: str, *, whole: bool = True, ignore_case: bool = False) -> bool:
    """Does ``text`` mention ``word`` (see the module's docstring for ``whole`` and ``ignore_case``)?"""
    return _pattern(word, whole, ignore_case).search(text) is not None


def mentions_any(text: str, words, *, whole: bool = True, ignore_case: bool = False) -> bool:
    """Does ``text`` mention one of ``words``?"""
    return any(mentions(text, w, whole=whole, ignore_case=ignore_case) for w in words)
