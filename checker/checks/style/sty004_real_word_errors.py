"""Real-word errors a dictionary cannot see: a confusable word ('looses' for 'loses'), a doubled word or
determiner ('the the', 'the this'), and 'a' / 'an' before the wrong sound ('an permanent ally').

Why: each word is spelled correctly, so the spelling check (STY002) passes them, yet the sentence is wrong.
No grammar library fits: LanguageTool needs Java and a server; ``inflect`` installs and runs offline, but
importing it takes seconds (its typeguard decorators) and it writes 'a 8' and 'a MA' where these texts need
'an 8' and 'an MA'. So this is a small rule set that suits these texts; each rule is listed below.

Rules:

* Confusables: 'looses' / 'loosing' → 'loses' / 'losing'; 'loose' before an object ('loose the control',
  'loose VPs', 'to loose') → 'lose'; 'according' not followed by 'to' or 'as' → 'according to'; a comparative
  followed by 'then' ('higher then', 'more then', 'rather then') → 'than'.
* Doubled words: the same word twice ('the the', 'of of'; 'had had' and 'that that' can be right and are
  left alone), and two determiners in a row ('the this', 'a the', 'its the').
* a / an: 'an' before a consonant sound, 'a' before a vowel sound. Sound, not letter: 'a unit', 'a European',
  'a one', 'an hour', 'an honest'; abbreviations in capitals are read letter by letter ('an HRE', 'a VP',
  'an MA'); numbers by their first word ('an 8', 'an 11', 'an 18').

Fails::

    1. Bavaria offers to become an permanent ally of AUS.
    2. Such an owner looses the control of Prussia.

Passes::

    1. Bavaria offers to become a permanent ally of AUS.
    2. Such an owner loses the control of Prussia; an HRE minor joins a union.

Correct the word, or accept the finding with a reason when the text must stay as printed.
"""

from __future__ import annotations

import re

from .. import ignorecase_haystack
from ..style import all_texts

CODE = "STY004"
NAME = "real-word-error"
CATEGORY = "style"
SEVERITY = "info"
SCOPE = "entry"  # each text alone

_OBJECT = r"(?:the|its|his|her|their|all|any|one|two|a|an|control|VPs?|income|provinces?|[A-Z]{3}\b)"
# (the word each pattern needs, in lower case: a text without it is not scanned; pattern; the word meant)
CONFUSABLES = [
    ("loos", re.compile(r"\b(looses|loosing)\b", re.I),
     lambda m: "loses" if m.group(1).casefold().endswith("es") else "losing"),  # 'looſes' too (re.I)
    ("loose", re.compile(r"\b(?:to|must|may|can|cannot|will|would|shall) (loose)\b", re.I), lambda m: "lose"),
    ("loose", re.compile(r"\b(loose) " + _OBJECT), lambda m: "lose"),
    ("according", re.compile(r"\b(according) (?!to\b|as\b)[a-z]+", re.I), lambda m: "according to"),
    ("then", re.compile(r"\b(?:more|less|higher|lower|greater|fewer|better|worse|rather|other) (then)\b", re.I),
     lambda m: "than"),
]
_DETERMINERS = "the|a|an|this|these|those|its|their|his|her|each|every"
# The same words with their common beginnings written once (the regex then tries fewer branches at each word):
_DETERMINERS_FACTORED = "th(?:e(?:se|ir)?|is|ose)|an?|its|h(?:is|er)|e(?:ach|very)"
_DOUBLE_DET = re.compile(rf"\b(?i:{_DETERMINERS_FACTORED}) (?:{_DETERMINERS_FACTORED})\b")  # the second in lower case ('an A' is a counter)
_DOUBLED = re.compile(r"\b(\w+) \1\b", re.I)
_DOUBLE_OK = {"had", "that", "is", "can", "do"}
# 'a' or 'an' and the word after it ('A' alone is also a counter type, left alone). 'a' is matched only before a
# word that can want 'an' (a vowel letter, 'h', a capital, a digit): before any other word (a lower-case consonant)
# wants_an says 'a', so those matches could never be findings, and skipping them changes no other match (the word
# such a match would consume is never an article). Most articles of a text are such, and are now left to the regex.
# Written letter first, its word boundary checked after it ('(?<!\w.)' is '\b' before that letter), so that the
# regex engine skips to an 'a' or 'A' instead of trying every position (twice as fast; a test compares the two).
_ARTICLE = re.compile(r"([aA](?<!\w.)(?:(?<=a)(?= [aeiouhA-Z0-9])|n)) ([A-Za-z0-9]+)")


def _ascii(pattern: re.Pattern) -> re.Pattern:
    """The same pattern in ASCII mode, for plain-ASCII texts: on such a text it matches exactly as the Unicode
    pattern does (its \\w, \\b and case-insensitive letters see only ASCII), and Python's engine tests \\w and \\b
    faster in ASCII mode (the doubled-word pattern in half the time)."""
    return re.compile(pattern.pattern, (pattern.flags & ~re.UNICODE) | re.ASCII)


# (doubled determiners, doubled words) for plain-ASCII texts, and for any other text
_PAIRS_ASCII, _PAIRS = (_ascii(_DOUBLE_DET), _ascii(_DOUBLED)), (_DOUBLE_DET, _DOUBLED)

# Words that begin with a vowel letter but a consonant sound, and with 'h' but a vowel sound.
_YOO = re.compile(r"^(?:uni(?!nt|mp|nd|nh|nf|ns|nl|nc|nv|nw|nk)|use|usu|uti|ura|ure|euro|eu|one|once|ubi)", re.I)
_SILENT_H = re.compile(r"^(?:hour|honou?r|honest|heir)", re.I)
_VOWEL_LETTER_NAMES = set("AEFHILMNORSX")


def wants_an(word: str) -> bool | None:
    """Whether ``word`` takes 'an' (True), 'a' (False), or None when the rule set cannot tell."""
    if word.isdigit():
        return word.startswith("8") or word in ("11", "18") or (len(word) in (5, 6) and word[:2] in ("11", "18"))
    if word.lower() in ("or", "and", "to", "above", "below"):
        return None  # 'neither a or b above': the article is a label
    if len(word) == 1 and word.islower():
        return None  # 'a or b': a letter used as a label
    if word.isupper() and 1 <= len(word) <= 4:
        return word[0] in _VOWEL_LETTER_NAMES  # read letter by letter
    if _SILENT_H.match(word):
        return True
    if _YOO.match(word):
        return False
    return word[0].lower() in "aeiou"


def findings_in(text: str) -> list[tuple[str, str]]:
    """(written, suggestion) for each real-word error in a text (a list: most texts have none, and a generator
    per text cost more than some of the patterns)."""
    found: list[tuple[str, str]] = []
    low = ignorecase_haystack(text)  # a pattern runs only on a text that may hold its word (may_match_ignorecase)
    for needed, pattern, fix in CONFUSABLES:
        if low is None or needed in low:
            found.extend((m.group(0), fix(m)) for m in pattern.finditer(text))
    double_det, doubled = _PAIRS if low is None else _PAIRS_ASCII
    for m in double_det.finditer(text):
        found.append((m.group(0), "one of the two determiners"))
    for m in doubled.finditer(text):
        if double_det.fullmatch(m.group(0)):
            continue  # 'the the' is reported once, as two determiners
        if m.group(1).lower() not in _DOUBLE_OK and not m.group(1).isdigit():
            found.append((m.group(0), m.group(1)))
    for m in _ARTICLE.finditer(text):
        article, word = m.group(1).lower(), m.group(2)
        an = wants_an(word)
        if an is None or (article == "an") == an:
            continue
        found.append((m.group(0), f"{'an' if an else 'a'} {word}"))
    return found


def check(ctx):
    for entry, line, text in all_texts(ctx):
        found = findings_in(text)
        if found:
            found = list(dict.fromkeys(found))  # one finding per clause, naming every slip in it
            yield ctx.finding(entry, line, "; ".join(
                f"'{w}': {b} is meant" if b.startswith("one of") else f"'{w}': '{b}' is meant" for w, b in found))
