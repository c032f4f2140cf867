"""Turn a sentence into the tokens of the event language: references resolved, every other word matched against the
lexicon (``core_lexicon.yaml`` plus the game's own forms), in one left-to-right pass.

A reference is an event id in any form the game's period labels allow (``7:VII``, ``VII:7``, ``21:Early``, with an
optional title in parentheses after it), an event's title as the KB spells it (any case, but written with a capital,
optionally in quotes), a period (``period VII``, ``the Mid War``), or a country code. The lexicon is matched longest
form first. A word that is neither a reference, a lexicon form nor a filler stops the pass: the sentence is not in
the event language (``Unknown``), so nothing is ever half-read.
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import itertools
import os
import re
from dataclasses import dataclass, field

import yaml

from .split import TAG_WORDS

_HERE = os.path.dirname(__file__)
MAX_PHRASE_WORDS = 12


@dataclass(frozen=True)
class Lexicon:
    """Surface forms (tuples of lower-case words) -> tokens; the longest form's length bounds each look-up."""

    forms: dict = field(default_factory=dict)  # tuple[str, ...] -> tuple[str, ...] (tokens; () for a filler)
    longest: int = 1
    headings: dict = field(default_factory=dict)  # a sentence's heading before ':' -> its token ("Condition:")
    turn_parts: frozenset = frozenset()  # the lexicon's ``parts: turn`` ("phase", "turn", …)
    heading_parts: frozenset = frozenset()  # the lexicon's ``parts: headings`` ("phase", "variant", …)
    words: frozenset = frozenset()  # every word of every form (``modern``: which modern form an older one is)
    tags: dict = field(default_factory=dict)  # a card template's field tag in brackets -> its token ("[BLOCK]")

    def __hash__(self) -> int:
        return id(self)


_LETTERS = r"[^\W\d_]+"  # letters of any script ("Détente")


def _words(text: str) -> tuple[str, ...]:
    return tuple(w for w in re.findall(rf"{_LETTERS}(?:[-']{_LETTERS})*|n't", text.lower().replace("’", "'")) if w)


def build_lexicon(*tables: dict) -> Lexicon:
    """A lexicon from tables of the core file's shape (``tokens``, ``sequences``, ``fillers``); later tables add
    forms (a form given twice keeps every token list it was given: the grammar sees the ambiguity)."""
    forms: dict[tuple[str, ...], tuple[str, ...]] = {}
    for table in tables:
        for token, surfaces in (table.get("tokens") or {}).items():
            for s in surfaces or []:
                forms[_words(str(s))] = (str(token),)
        for s, tokens in (table.get("sequences") or {}).items():
            forms[_words(str(s))] = tuple(str(t) for t in tokens)
        for token, form in (_core_composed() if table is core_table() else composed_forms(table)):
            forms.setdefault(form, (token,))  # (a form the table lists itself keeps what it says)
        for s in table.get("fillers") or []:
            forms.setdefault(_words(str(s)), ())
    for form, kinds in list(forms.items()):  # "the game ends" is also "game ends" (terse texts drop articles)
        if len(form) > 1 and form[0] in ("the", "a", "an") and kinds:
            forms.setdefault(form[1:], kinds)
    forms.pop((), None)
    longest = max((len(k) for k in forms), default=1)
    headings = {_words(str(h)): str(token) for table in tables
                for token, heads in (table.get("headings") or {}).items() for h in heads or []}
    parts = {key: frozenset(str(w).lower() for table in tables for w in ((table.get("parts") or {}).get(key) or []))
             for key in ("turn", "headings")}
    tags = {_words(str(h)): str(token) for table in tables
            for token, heads in (table.get("tags") or {}).items() for h in heads or []}
    return Lexicon(forms, min(longest, MAX_PHRASE_WORDS), headings, parts["turn"], parts["headings"],
                   frozenset(w for form in forms for w in form), tags)


def modern(word: str, lexicon: Lexicon) -> str:
    """An older English verb in the third person in its modern form, when the lexicon knows that form and not the
    older one ("holdeth" is "holds", "cometh" is "comes", "endureth" is "endures"); any other word as it is."""
    if len(word) < 6 or not word.endswith("eth") or word in lexicon.words:
        return word
    stem = word[:-3]
    return next((w for w in (stem + "s", stem + "es") if w in lexicon.words), word)


MAX_COMPOSED = 20000  # forms one pattern of ``composed`` may make (a bounded table, whatever the data)


def composed_forms(table: dict):
    """(token, form) for every form of the table's ``composed`` patterns: a pattern is a list of slots, each a list
    of choices ("" leaves the slot out), and stands for every sequence of one choice per slot ("the card" + "shall
    be returned" + "to the deck" + "at the next reshuffle"). A pattern of more than ``MAX_COMPOSED`` forms, or a
    slot that is no list, is an error of the table (ValueError). A key that starts with "_" holds slots the patterns
    share, and makes no forms."""
    for token, patterns in (table.get("composed") or {}).items():
        if str(token).startswith("_"):
            continue  # a slot the patterns share (a YAML anchor), no token
        for pattern in patterns or []:
            if not isinstance(pattern, list) or not all(isinstance(slot, list) and slot for slot in pattern):
                raise ValueError(f"composed {token}: a pattern is a list of slots, each a non-empty list of choices")
            if not all(isinstance(choice, str) for slot in pattern for choice in slot):
                # (YAML reads a bare off, on, yes or no as true or false: such a word is quoted in the table)
                raise ValueError(f"composed {token}: every choice is a string (quote off, on, yes, no)")
            size = 1
            for slot in pattern:
                size *= len(slot)
            if size > MAX_COMPOSED:
                raise ValueError(f"composed {token}: a pattern of {size} forms (at most {MAX_COMPOSED})")
            for choice in itertools.product(*pattern):
                form = _words(" ".join(str(c) for c in choice if c))
                if form:
                    yield str(token), form


@functools.lru_cache(maxsize=1)
def _core_composed() -> tuple:
    return tuple(composed_forms(core_table()))


@functools.lru_cache(maxsize=1)
def core_table() -> dict:
    with open(os.path.join(_HERE, "core_lexicon.yaml"), encoding="utf-8") as fh:
        return yaml.load(fh, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {}


def lexicon_tokens() -> list[str]:
    """The tokens the lexicon stands for: the core table's (listed or composed) and those of the contractions
    ("cannot" is MODAL NEG). The grammar declares these (events.py), and a game's ``reader:`` table may name only
    these (the profile schema's list, written by ``language_doc --schema``)."""
    composed = {str(k) for k in core_table().get("composed") or {} if not str(k).startswith("_")}
    headings = {str(k) for k in core_table().get("headings") or {}}  # ("Blocked by:" is a field of its own)
    return sorted(set(core_table().get("tokens", {})) | composed | headings | {"MODAL", "NEG", "DOES", "HAS", "COP"})


@functools.lru_cache(maxsize=16)
def lexicon_for(extra: tuple = ()) -> Lexicon:
    """The core lexicon with a game's additions (``extra``: its ``reader`` table frozen as sorted items)."""
    tables = [core_table()]
    if extra:
        tables.append({k: (dict(v) if k in ("tokens", "sequences", "headings", "parts") else list(v)) for k, v in extra})
    table = {"sequences": {"cannot": ["MODAL", "NEG"], "can not": ["MODAL", "NEG"], "can't": ["MODAL", "NEG"],
                           "won't": ["MODAL", "NEG"], "mustn't": ["MODAL", "NEG"], "must not": ["MODAL", "NEG"],
                           "doesn't": ["DOES", "NEG"], "didn't": ["DOES", "NEG"], "don't": ["DOES", "NEG"],
                           "hasn't": ["HAS", "NEG"], "haven't": ["HAS", "NEG"], "isn't": ["COP", "NEG"],
                           "aren't": ["COP", "NEG"], "wasn't": ["COP", "NEG"], "may not": ["MODAL", "NEG"]}}
    return build_lexicon(table, *tables)


@dataclass(frozen=True)
class Token:
    kind: str  # a lexicon token, or REF / THIS / PERIOD / CODE / COMMA / SEMI / LPAR / RPAR
    value: str = ""  # REF: the canonical id; PERIOD: the label; CODE: the code
    start: int = 0  # offset in the sentence
    by_title: bool = False  # a REF found by the event's title, not by its id
    # a REF found by a word of its title that may be a name of its own, as written: the place the title is named
    # after ("Westphalia" for PEACE OF WESTPHALIA) or the end of its head noun with no article ("Armada" for SPANISH
    # ARMADA). The sentence may mean that name (a NAME: "Spain owns Westphalia"); events.py parses both (two readings
    # that differ are reported)
    place: str = ""


class Unknown(Exception):
    """A word the event language does not hold: where it stands and the words from there on."""

    def __init__(self, pos: int, words: str):
        super().__init__(words)
        self.pos, self.words = pos, words


@dataclass(frozen=True)
class Context:
    """What references resolve against: the game's labels, codes, period names and the KB's event titles."""

    labels: tuple[str, ...] = ()  # every label an id may carry (the profile's, then Roman I–X)
    periods: tuple[str, ...] = ()  # the profile's periods in play order
    codes: tuple[str, ...] = ()
    titles: "TitleIndex | None" = field(default=None, compare=False, hash=False)
    period_names: tuple[tuple[str, str], ...] = ()  # (name, label): "Mid War" -> Mid
    adjectives: tuple[tuple[str, str], ...] = ()  # (adjective, code): "Prussian" -> PRU
    event_id: str | None = None
    own_period_numbers: bool = False  # "EVENT 11" is 11 of the own event's period (Vocabulary.own_period_numbers)


_ORDINALS = {"1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth", "5th": "fifth", "6th": "sixth"}


def fold(word: str) -> str:
    """A word in lower case without its accents ("Détente" and "DETENTE" are one title); an ordinal in figures as
    in words ("the 1st Division of Poland" is FIRST DIVISION OF POLAND); British -isation as -ization
    ("Decolonisation" is DECOLONIZATION)."""
    import unicodedata

    if word.isascii():
        low = word.lower()
        low = _ORDINALS.get(low, low)
    else:
        low = "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(c))
    return low.replace("isation", "ization") if "isation" in low else low


_DANGLING = {"of", "the", "in", "and", "by", "a", "an", "to", "for", "on", "at", "with", "between", "from"}


# a verb in the third person singular ("resigns", "declares", "dies"). A noun ending in "s" matches too ("STAR WARS",
# "CUBAN MISSILE CRISIS"): harmless, as its "other tenses" ("star warred", "missile crisied") stand in no text
_THIRD_PERSON = re.compile(r"[a-z]{2,}[^s\W]s")


def _bases(verb: str) -> set[str]:
    """The base forms a verb in the third person may have: "resigns" resign, "declares" declare, "dies" die/dy,
    "marches" march/marche."""
    out = {verb[:-1]}
    if verb.endswith("es"):
        out.add(verb[:-2])
    if verb.endswith("ies"):
        out.add(verb[:-3] + "y")
    return out


def _past(base: str) -> str:
    """The regular past of a base form: "resign" resigned, "declare" declared, "carry" carried."""
    if base.endswith("e"):
        return base + "d"
    if base.endswith("y") and len(base) > 2 and base[-2] not in "aeiou":
        return base[:-1] + "ied"
    return base + "ed"


# the words that may stand between a verb title's subject and its verb ("Lord North hath not yet resigned")
_VERB_TITLE_AUX = frozenset({"has", "have", "had", "hath", "did", "does", "do", "shall", "will", "may", "can", "could",
                             "would", "should", "must", "not", "never", "yet", "already", "still", "to", "doesn't",
                             "didn't", "hasn't", "hadn't", "won't", "can't", "cannot", "shan't"})


class TitleIndex:
    """The KB's event titles by their lower-case words: a title is found by looking up the words that start at a
    capitalised word, longest first (no pattern over all titles: linear in the sentence whatever the KB's size)."""

    def __init__(self, pairs, cut_short: bool = True):
        """``cut_short``: also name a title by its first word, its initials, the end of its head noun or with a word
        left out, when no other title reads so (False: the index does not know the game's other titles, ``merged``
        into an empty index)."""
        pairs = list(pairs)  # read twice: the titles, then the titles with a word left out
        self.pairs: tuple = tuple(pairs)  # kept for ``merged``: an index of more titles is made from all of them
        self._merges: dict[tuple, "TitleIndex"] = {}
        self.by_words: dict[tuple[str, ...], str] = {}
        self._longest_of: dict[str, tuple[str, ...]] | None = None  # ``title_words``, made on first use
        self._abbreviations: dict | None = None  # ``abbreviated``, made on first use
        # whole titles of three words or more: written in lower case they still name the event when a word of
        # theirs is a proper name ("the war between Persia and Turkey"); no shortened title is read in lower case
        self.whole: set[tuple[str, ...]] = set()
        # every title whole (and without its article): what a sentence written all in lower case names ("when
        # spartacus goes off and the social war is still in effect"), where no capital tells a title from words
        self.full: set[tuple[str, ...]] = set()
        for title, ident in pairs:
            words = _words_of(title)
            if words and len(words) <= MAX_PHRASE_WORDS:
                self.by_words.setdefault(words, ident)
                self.full.update(w for w in (words, words[1:] if words[0] in ("the", "a", "an") else ()) if w)
                if len(words) > 1 and words[0] in ("the", "a", "an"):  # "THE CONFEDERATION OF BAR", written
                    self.by_words.setdefault(words[1:], ident)       # "the Confederation of Bar"
                for whole in (words, words[1:] if words[0] in ("the", "a", "an") else ()):
                    if len(whole) >= 3 and self.by_words.get(whole) == ident:
                        self.whole.add(whole)
        # a title of two words turned round with "of", as a translation writes it ("the Wall of Berlin" for BERLIN
        # WALL, "the Pact of Warsaw" for WARSAW PACT): when no title already reads so
        # Written in lower case ("the pact of Warsaw", "the war of thirty years"), a title turned round names its
        # event when a later word of it is capitalised (a proper name) or it has four words (``inverted``)
        self.inverted: set[tuple[str, ...]] = set()

        turned_keys: dict[tuple[str, ...], str] = {}  # added last: no shortened form is made from them

        def turned(key: tuple[str, ...], ident: str) -> None:
            if key not in self.by_words:
                turned_keys.setdefault(key, ident)

        for words, ident in list(self.by_words.items()):
            if len(words) == 2 and all(w.isalpha() and w not in _DANGLING for w in words):
                turned((words[1], "of", words[0]), ident)
                # … or with the proper name after the noun, as a Romance language orders them ("the plan
                # Marshall", "the negotiations SALT")
                turned((words[1], words[0]), ident)
            # … and of three ("the War of Thirty Years" for THIRTY YEARS WAR): the last word, "of", the first two;
            # "the civil war English" (ENGLISH CIVIL WAR): the first word last
            if len(words) == 3 and all(w.isalpha() and w not in _DANGLING for w in words):
                turned((words[2], "of", words[0], words[1]), ident)
                turned((words[1], words[2], words[0]), ident)
        # a title without the words before its head noun ("the Revolt of Portugal" for NATIONAL REVOLT OF PORTUGAL,
        # "the Invasion of Afghanistan"): from the noun before its first "of" / "in" / "by" … to its end, three
        # words or more, when no other title ends so ("Division of Poland" ends two titles: it names neither)
        tails: dict[tuple[str, ...], set[str]] = {}
        for words, ident in list(self.by_words.items()):
            head = next((k for k, w in enumerate(words) if w in _DANGLING), 0) - 1
            if head >= 1 and len(words) - head >= 3 and words[head].isalpha():
                tails.setdefault(words[head:], set()).add(ident)
        for tail, idents in tails.items():
            if len(idents) == 1 and tail not in self.by_words:
                self.by_words[tail] = next(iter(idents))
        # a title shortened by its writer ("the Sale of Corsica" for SALE OF CORSICA BY GENOA): a beginning of two
        # words or more that begins one title only
        starts: dict[tuple[str, ...], set[str]] = {}
        for words, ident in list(self.by_words.items()):
            for n in range(2, len(words)):
                starts.setdefault(words[:n], set()).add(ident)
        for start, idents in starts.items():
            # (an article and one word is no title cut short: "The war ended …" names no THE WAR OF … SUCCESSION)
            if (len(idents) == 1 and start not in self.by_words and start[-1] not in _DANGLING
                    and not (len(start) == 2 and start[0] in ("the", "a", "an"))):
                self.by_words[start] = next(iter(idents))
        # a title without a word that qualifies the noun after it ("the Fall of the Wall" for FALL OF THE BERLIN
        # WALL, "the War of Succession" for WAR OF BAVARIAN SUCCESSION): one word left out, neither the first nor the
        # last, nor "of" / "the" …, nor before one of them; three words or more stay; when no other title reads so
        dropped: dict[tuple[str, ...], set[str]] = {}
        for title, ident in pairs:
            words = _words_of(title)
            words = words[1:] if words[:1] in (("the",), ("a",), ("an",)) else words
            if len(words) > MAX_PHRASE_WORDS:
                continue
            for k in range(1, len(words) - 1):
                if (len(words) >= 4 and words[k].isalpha() and words[k] not in _DANGLING
                        and words[k + 1] not in _DANGLING):
                    dropped.setdefault(words[:k] + words[k + 1:], set()).add(str(ident))
            # … and without its articles inside, as a writer whose language has none drops them ("War of Polish
            # Succession" for WAR OF THE POLISH SUCCESSION, "Mutiny of Pennsylvania Line")
            bare = tuple(w for w in words if w not in ("the", "a", "an"))
            if len(bare) >= 2 and bare != words:
                dropped.setdefault(bare, set()).add(str(ident))
        for key, idents in dropped.items():
            if cut_short and len(idents) == 1 and key not in self.by_words:
                self.by_words[key] = next(iter(idents))
        # a title shortened to its first word: "the Fronde" (FRONDE IN FRANCE), "SALT" (SALT NEGOTIATIONS). Only a
        # word that stands in no other title at all, and only where it cannot be an adjective of the title's noun:
        # before a preposition ("Fronde in …", "Sale of …"), or, written in capitals in the text, an acronym.
        # "French" (FRENCH REVOLUTION) or "First" (FIRST DIVISION OF POLAND) never name an event alone.
        self.acronyms: dict[str, str] = {}
        seen: dict[str, set[str]] = {}
        for words, ident in self.by_words.items():
            for w in words:
                seen.setdefault(w, set()).add(ident)
        for words, ident in list(self.by_words.items()):
            first = words[0]
            if (not cut_short or len(words) < 2 or len(first) < 3 or not first.isalpha() or first in _DANGLING
                    or seen.get(first) != {ident}):
                continue
            if words[1] in _DANGLING and (first,) not in self.by_words:
                self.by_words[first,] = ident
            else:
                self.acronyms.setdefault(first, ident)
        # a title by its initials, as wargamers write them ("the TYW" for THIRTY YEARS WAR, "ECW", "CMC"): the first
        # letters of its words but "of", "the" …, three letters or more, read only written in capitals (as the
        # acronyms above). Initials two titles share, or that are a word of any title, name neither.
        initials: dict[str, set[str]] = {}
        for words in (self.whole if cut_short else ()):
            letters = "".join(w[0] for w in words if w not in _DANGLING and w[:1].isalpha())
            if len(letters) >= 3 and letters.isascii():
                initials.setdefault(letters, set()).add(self.by_words[words])
        for letters, idents in initials.items():
            if len(idents) == 1 and letters not in seen and letters not in self.acronyms:
                self.acronyms[letters] = next(iter(idents))
        # a title named by the end of its head noun phrase after an article: "the Blockade" (BERLIN BLOCKADE), "the
        # Test Ban" (NUCLEAR TEST BAN), "the Revolt" (NATIONAL REVOLT OF PORTUGAL). Only words that stand in no other
        # title at all (so "the Wall" names neither BERLIN WALL nor FALL OF THE BERLIN WALL), after "the" (with no
        # article only as ``by_noun_end``, read both as the event and as a name; "Portugal" after "of" is a place,
        # ``by_place``)
        # An end of two words or more may share a word with another title when the end as a whole ends no other
        # title's head and one of its words stands in no other title ("Missile Crisis": CUBAN MISSILE CRISIS, beside
        # SUEZ CRISIS); such an end names its title without the article too ("Test Ban: needs …")
        self.by_head_end: dict[tuple[str, ...], str] = {}
        ends: dict[tuple[str, ...], set[str]] = {}
        titles = [(words, ident) for words, ident in self.by_words.items() if ident and words and cut_short]
        for words, ident in titles:
            head = words[1:] if words[0] in ("the", "a", "an") else words
            cut = next((k for k, w in enumerate(head) if w in _DANGLING), len(head))
            head = head[:cut]
            for n in range(1, len(head) + (cut < len(words))):
                end = head[-n:] if n <= len(head) else head
                ends.setdefault(end, set()).add(ident)
        for end, idents in ends.items():
            ident = next(iter(idents))
            if (len(idents) > 1 or end in self.by_words or not all(w.isalpha() and w not in _DANGLING for w in end)):
                continue
            if (not any(seen.get(w, set()) - {ident} for w in end)
                    or (len(end) >= 2 and any(seen.get(w) == {ident} for w in end))):
                self.by_head_end[end] = ident
        for key, ident in turned_keys.items():
            if key not in self.by_words:
                self.by_words[key] = ident
                self.inverted.add(key)
        # a title named by the place after its last "of", as wargamers write it ("Westphalia" for PEACE OF
        # WESTPHALIA, "Roskilde" for TREATY OF ROSKILDE, "Ishiyama Hongan-ji"): one to three capitalised words, the
        # first of which stands in no other title at all (so "Nantes" names neither EDICT OF NANTES nor REVOCATION OF
        # THE EDICT OF NANTES, and "Poland" neither division). The words are a place's name as well: such a reference is marked
        # (``Token.place``) and read both ways
        self.by_place: dict[tuple[str, ...], str] = {}
        for title, ident in pairs if cut_short else ():
            words = _words_of(title)
            at = max((k for k, w in enumerate(words) if w == "of"), default=-1)
            place = words[at + 1:]
            place = place[1:] if place[:1] == ("the",) else place
            if (at < 1 or not 1 <= len(place) <= 3 or len(place[0]) < 3 or place in self.by_words
                    or seen.get(place[0]) != {ident} or not all(w.isalpha() and w not in _DANGLING for w in place)):
                continue
            self.by_place[place] = ident
        # … and the last word of a head noun of two words or more written with no article ("Armada" for SPANISH
        # ARMADA, "Revolution" for FRENCH REVOLUTION), never a title's first word ("Peace", "Treaty", "Battle": a
        # common noun that opens titles) nor one of a title of one word
        titled = [_words_of(title) for title, _ in self.pairs]
        firsts = {w[1] if w[0] in ("the", "a", "an") and len(w) > 1 else w[0] for w in titled if w}
        self.by_noun_end: dict[tuple[str, ...], str] = {
            end: ident for end, ident in self.by_head_end.items() if len(end) == 1 and end[0] not in firsts}
        self.longest = max((len(k) for k in self.by_words), default=0)
        # every beginning of a key (the key too): a scan stops as soon as the words it has read begin no title
        self.prefixes: frozenset[tuple[str, ...]] = frozenset(k[:n] for k in self.by_words for n in range(1, len(k) + 1))
        # a title that is a clause, its verb in the third person ("LORD NORTH RESIGNS", "SPAIN DECLARES WAR"): written
        # as the clause in another tense ("Lord North hath resigned", "Spain did not declare war") it names its event
        # (``_verb_titles``): {subject words: [(past forms, base forms, words after the verb, id)]}
        self.verb_titles: dict[tuple[str, ...], list] = {}
        for title, ident in pairs:
            words = _words_of(title)
            k = next((i for i, w in enumerate(words[:4]) if i and _THIRD_PERSON.fullmatch(w)), 0)
            if k and all(w.isalpha() and w not in _DANGLING for w in words[:k]):
                base = _bases(words[k])
                self.verb_titles.setdefault(words[:k], []).append(
                    ({_past(b) for b in base}, base, words[k + 1:], str(ident)))

    def abbreviated(self, letters: tuple[str, ...]) -> list[tuple[tuple[str, ...], str]]:
        """The runs of two words or more of the titles' words (but "of", "the" …) whose first letters are
        ``letters``, each with its event: what a title written short may stand for ("Bav. Succ.", "W. Pact", "2nd Div.
        Poland"). Made on first use, from the whole titles (a few entries per title)."""
        if self._abbreviations is None:
            runs: dict[tuple[str, ...], list[tuple[tuple[str, ...], str]]] = {}
            for title, ident in self.pairs:
                words = _words_of(title)
                content = [w for w in words if w not in _DANGLING and w.isalpha()]
                if len(content) > MAX_PHRASE_WORDS:
                    continue
                for a in range(len(content)):
                    for b in range(a + 2, len(content) + 1):
                        run = tuple(content[a:b])
                        runs.setdefault(tuple(w[0] for w in run), []).append((run, str(ident)))
            self._abbreviations = runs
        return self._abbreviations.get(letters, [])

    def short_titles(self, text: str, words: list | None = None) -> list[tuple[int, int, int, str]]:
        """The titles written short in ``text``, left to right: (start, end, number of words, event). Two to four
        words, capitalised (or an ordinal: "2nd"), at least one of them cut short before a dot ("Bav. Succ.", "W.
        Pact", "Fr. Rev.", "2nd Div. Poland"), each the beginning of a word of a run of one title's words, in order;
        a run two titles share names neither. The end takes in the last word's dot. Linear in the text."""
        # only runs that hold a word cut before a dot are looked at: a run starts at most three words before one. A
        # word cut short is capitalised (or an ordinal), never in capitals: that is an acronym or a code ("Danzig →
        # PRU."). A text with no such word costs one scan of its dots.
        dots = [m.end(1) for m in _WORD_DOT.finditer(text)
                if (m[1][:1].isupper() or m[1][:1].isdigit()) and not (len(m[1]) > 1 and m[1].isupper())]
        if not dots:
            return []
        words = list(_TITLE_WORD.finditer(text)) if words is None else words
        out: list[tuple[int, int, int, str]] = []
        ends = [w.end() for w in words]
        cuts: set[int] = set()
        for at in dots:
            k = bisect.bisect_left(ends, at)
            if k < len(words) and ends[k] == at:
                cuts.add(k)
        starts = sorted({j for k in cuts for j in range(max(0, k - 3), k + 1)})
        for i in starts:
            if out and i < out[-1][4]:
                continue  # inside the run found before
            hit = None
            for n in range(min(4, len(words) - i), 1, -1):
                run = words[i:i + n]
                cut = [k in cuts for k in range(i, i + n)]
                if (not any(cut) or not all(w.group(0)[:1].isupper() or w.group(0)[:1].isdigit() for w in run)
                        or not _joined(text, words, i, n)):
                    continue
                said = [fold(w.group(0)) for w in run]  # ("2nd" is "second")
                if not all(s.isalpha() for s in said):
                    continue
                idents = {ident for title_run, ident in self.abbreviated(tuple(s[0] for s in said))
                          if all(t.startswith(s) if c else t == s for s, t, c in zip(said, title_run, cut))
                          and any(c and len(s) < len(t) for s, t, c in zip(said, title_run, cut))}
                if len(idents) == 1:
                    hit = (run[0].start(), run[-1].end() + cut[-1], n, idents.pop(), i + n)
                    break
            if hit:
                out.append(hit)
        return [h[:4] for h in out]

    def title_words(self, ident: str) -> tuple[str, ...]:
        """The longest title an event has here, as its lower-case words (one pass over the index, then cached)."""
        if self._longest_of is None:
            longest: dict[str, tuple[str, ...]] = {}
            for words, ev in self.by_words.items():
                if len(words) > len(longest.get(ev, ())):
                    longest[ev] = words
            self._longest_of = longest
        return self._longest_of.get(ident, ())

    def merged(self, other: "TitleIndex") -> "TitleIndex":
        """The index of this index's titles and ``other``'s. It is made again from all of them, never by joining two
        indexes' keys: a shortened key (a beginning, a tail, a word left out, the first word, a title turned round)
        names a title only when no other title reads so, which only an index of every title can tell ("Division of
        Poland" names neither FIRST nor SECOND DIVISION OF POLAND). Into an empty index (a text read with no KB) no
        title is cut to its first word or read with a word left out: "War" would name WAR OF THE ROSES only because no
        other war is known. Kept per ``other``'s titles (the language server checks one text again and again)."""
        key = other.pairs
        out = self._merges.get(key)
        if out is None:
            if len(self._merges) > 3:
                self._merges.clear()
            out = self._merges[key] = TitleIndex(self.pairs + other.pairs, cut_short=bool(self.pairs))
        return out


# An aside after an event id that opens a clause of its own ("21:Early (if the US player agrees)") is a remark, not
# the event's name: it is not taken into the reference, so its words stay to be read (or reported)
_REMARK = (r"(?i:(?:if|unless|when|whenever|while|until|except|but|and|or|only|not|provided|even|so|then|which|who"
           r"|that|see|i\.e\.|e\.g\.)\b)")

# a bare period label stands right after one of these ("before Mid"): one fixed-width look-behind per word
_AFTER_TIME_WORD = "|".join(rf"(?<=\b{w} )" for t in ("before", "after", "from", "until", "during", "in", "period")
                            for w in (t, t.capitalize())) + "|(?<=: )"  # … or a field's colon ("Req: Late")


@functools.lru_cache(maxsize=32)
def _ref_patterns(ctx: Context):
    # a label as the profile writes it, or in capitals, as an event list in capitals prints it ("6:MID")
    labels = sorted(set(ctx.labels) | {x.upper() for x in ctx.labels}, key=lambda x: (-len(x), x))
    per = "|".join(re.escape(x) for x in labels) or "(?!x)x"
    codes = "(?:" + "|".join(re.escape(c) for c in ctx.codes) + ")" if ctx.codes else "(?!x)x"
    # an id with its title in parentheses ("4:VII (War of Independence)") is one reference; not a remark or a
    # qualifier anywhere in the parentheses ("5:Late (USA only)", "(if still in effect)"), nor a country alone ("(USA)")
    titled = rf"(?:\s*\((?![^()]{{0,80}}?\b{_REMARK})(?!\s*{codes}\s*\))(?P<label>[^()]{{1,80}})\))?"
    ident = re.compile(rf"(?<![\w:/])(?:(?P<num>\d{{1,4}})\s?:\s?(?P<per>{per})|(?P<per2>{per})\s?:\s?(?P<num2>\d{{1,4}}))"
                       rf"(?![\w:])" + titled)
    names = sorted(ctx.period_names, key=lambda t: -len(t[0]))
    nalt = "|".join(re.escape(n) for n, _ in names) or "(?!x)x"
    # a period: "period VII", "the Mid War", a period's name, or a bare label right after a time word ("Not playable
    # before Mid.", "from VII on")
    period = re.compile(rf"(?<![\w])(?:(?:(?i:the)\s+)?(?i:period|era|age)\s+(?P<l1>{per})|(?:(?i:the)\s+)?(?P<l2>{per})\s+(?:(?:(?i:war)\s+)?(?i:period|era|age)|(?i:war))"
                        rf"|(?:the\s+)?(?P<n>{nalt})(?:\s+(?:period|era|age))?"
                        rf"|(?:{_AFTER_TIME_WORD})(?P<l3>{per}))"
                        rf"(?![\w:])")
    code = re.compile(rf"(?<![\w/]){codes}(?![\w/])")
    # a country's adjective as the profile writes it, or in capitals ("Prussian", "PRUSSIAN"), and its code
    from ...core.eventid import alternation

    by_adjective = {form: c for a, c in ctx.adjectives for form in (a, a.upper())}
    # (not before a capitalised word: "the Dutch Republic", "the Spanish Netherlands" are names of their own)
    adjective = (re.compile(rf"(?<![\w-])(?:{alternation(by_adjective)})(?![\w-])(?!\s+[A-Z][a-z])") if by_adjective
                 else None)
    # a country's people or player by its adjective: "the British", "the Americans", "the French player" (not before a
    # capitalised word: "the Spanish Netherlands" is a place)
    people = re.compile(rf"(?<![\w-])(?i:the)\s+(?P<adj>{alternation(by_adjective)})[sS]?(?:\s+(?i:players?|side))?"
                        rf"(?![\w-])(?!\s+[A-Z])") if by_adjective else None
    # the same title in parentheses after an id written another way ("11/VII (Conf. of Bar)")
    # in a sentence with no capital at all ("livonia and ingria become russian"), the adjective in lower case
    lower_adjective = {a.lower(): c for a, c in by_adjective.items()}
    return ident, period, dict(names), code, (adjective, people), by_adjective, lower_adjective, re.compile(titled)


_TITLE_WORD = re.compile(r"[^\W_]+(?:['’][^\W\d_]+)?")
_LOWER_WORD = re.compile(r"(?<![\w-])[^\W\d_]+(?![\w-])")
# a glossary's headword at the start of a sentence, its words turned round at a comma, before a colon or a dot (an id
# in parentheses may stand between): "POLISH SUCCESSION, WAR OF THE (VI-8): …"
_INVERTED_HEAD = re.compile(r"[^\w,:.]{0,3}(?P<a>[^\W\d_][\w'’]*(?:[ \t]+[\w'’]+){0,4}),[ \t]+"
                            r"(?P<b>[^\W\d_][\w'’]*(?:[ \t]+[\w'’]+){0,3})(?=\s*(?:\([^()]{1,30}\)\s*)?[:.])")


def _words_of(title) -> tuple[str, ...]:
    """A title's words as the index keys them (``_TITLE_WORD``, folded)."""
    return tuple(fold(w) for w in _TITLE_WORD.findall(str(title or "")))
_WORD_DOT = re.compile(r"(?<![^\W_])([^\W_]+)\.")  # a word right before a dot: where a title written short may be cut
# what never stands between two words of one title: punctuation, an arrow, a list's joiners ("Danzig → PRU", "Bar +
# Bav. Succ.", "7:VII / 8:VII")
_TITLE_BREAK = re.compile(r"[,;:()\[\]!?→⇒⟶+&/|]|->|=>|\s[-–—]+\s")


def _joined(text: str, words: list, i: int, n: int) -> bool:
    """Do words ``i`` … ``i + n - 1`` of ``text`` stand together as one title's? A title's words never stand across a
    comma, a colon or a bracket ("After the crisis, Suez passes to the USSR" is no SUEZ CRISIS turned round)."""
    return n < 2 or not _TITLE_BREAK.search(text, words[i].end(), words[i + n - 1].start())


def _singulars(words: list[str]) -> list[tuple[str, ...]]:
    """``words`` with one of its plural words in the singular, each in turn ("divisions of poland" → "division of
    poland"): a title written in the plural."""
    return [(*words[:k], w[:-1], *words[k + 1:]) for k, w in enumerate(words) if len(w) > 3 and w.endswith("s")]


def _verb_titles(text: str, words: list, index: "TitleIndex", own: str | None, free) -> list:
    """A title that is a clause, written as the clause in another tense: "Lord North hath resigned" (LORD NORTH
    RESIGNS has occurred), "Spain did not declare war", "Spain shall not declare war": the subject's words are the
    event (REF, or THIS in its own text), the verb with the title's words after it the event's occurring (PART_A for
    the past participle, VINF for the base form: "did not resign", "shall not resign"), always after an auxiliary
    ("Spain declared war in 1779" tells history). At most three words of subject and four auxiliaries between: linear
    in the text."""
    out = []
    for i, first in enumerate(words):
        if not first.group(0)[:1].isupper():
            continue
        for n in (1, 2, 3):
            entries = index.verb_titles.get(tuple(fold(w.group(0)) for w in words[i:i + n])) if i + n <= len(words) else None
            for past, base, rest, ident in entries or ():
                j = i + n
                while j < len(words) and j - i - n < 4 and fold(words[j].group(0)) in _VERB_TITLE_AUX:
                    j += 1
                if j >= len(words):
                    continue
                verb = fold(words[j].group(0))
                # (an auxiliary at least: "Spain declared war in 1779" tells history)
                kind = None if j == i + n else "PART_A" if verb in past else "VINF" if verb in base else None
                end = j + len(rest)
                if (kind is None or end >= len(words)
                        or tuple(fold(w.group(0)) for w in words[j + 1:end + 1]) != rest or not _joined(text, words, i, end + 1 - i)):
                    continue
                a, b = words[i].start(), words[i + n - 1].end()
                if free(a, b) and free(words[j].start(), words[end].end()):
                    out.append((a, b, Token("THIS" if ident == own else "REF", ident, a, True)))
                    out.append((words[j].start(), words[end].end(), Token(kind, "", words[j].start())))
    return out


def references(text: str, ctx: Context):
    """The references of ``text`` (ids, titles, periods, codes) left to right, and their spans."""
    ident, period, names, code, (adjective, people), by_adjective, lower_adjective, titled = _ref_patterns(ctx)
    canon = {x.upper(): x for x in reversed(ctx.labels)}
    canon.update({x: x for x in ctx.labels})
    found: list[tuple[int, int, Token]] = []
    own = None  # (number, period) of the text's own event, when its id has one of the game's labels

    def free(a: int, b: int) -> bool:
        return all(b <= s or a >= e for s, e, _ in found)

    def id_token(ident_: str, start: int) -> Token:
        # the event's own id in its own text is the event itself ("Event 12:VII shall occur only where …")
        return Token("THIS" if ident_ == ctx.event_id else "REF", ident_, start)

    for m in ident.finditer(text) if ":" in text else ():
        num, per = (m["num"], m["per"]) if m["num"] else (m["num2"], m["per2"])
        found.append((m.start(), m.end(), id_token(f"{int(num)}:{canon.get(per, per)}", m.start())))
    from ...core.eventid import EventIdSyntax

    syntax = EventIdSyntax.of(ctx.labels)  # one per set of labels (cached)
    if ctx.labels and re.search(r"(?i:event|card)", text):
        for m in syntax.compiled(syntax.spelled_out).finditer(text):  # "event 12 of period VII", "event VII-12"
            if free(m.start(), m.end()):
                found.append((m.start(), m.end(), id_token(f"{int(m['num3'] or m['num4'])}:{m['per3'] or m['per4']}",
                                                           m.start())))
        own = syntax.parse(ctx.event_id) if ctx.event_id else None
        for m in syntax.compiled(syntax.in_this_period).finditer(text) if own else ():  # "event 4 of this period"
            if free(m.start(), m.end()):
                found.append((m.start(), m.end(), id_token(f"{int(m['num'])}:{own[1]}", m.start())))
        for m in syntax.compiled(syntax.number_alone).finditer(text):  # "EVENT 11": no period, never guessed
            if free(m.start(), m.end()):
                found.append((m.start(), m.end(), Token("BAREID", m["num"], m.start())))
    if ctx.periods and ("-" in text or "–" in text or "(" in text or "/" in text):
        for m in syntax.compiled(syntax.label_number(ctx.periods)).finditer(text):  # "VII-8", "(Mid 3)", "9/VII", "16-IV"
            if free(m.start(), m.end()):
                num, per = next((m[f"num{k}"], m[f"per{k}"]) for k in (5, 6, 7, 8) if m[f"num{k}"])
                end = titled.match(text, m.end()).end()  # with its title in parentheses, one reference
                found.append((m.start(), end if free(m.start(), end) else m.end(),
                              id_token(f"{int(num)}:{per}", m.start())))
    if "#" in text and ctx.labels:
        own = own or (syntax.parse(ctx.event_id) if ctx.event_id else None)
        labels = {x.casefold() for x in ctx.labels}
        for m in syntax.compiled(syntax.number_sign_alone).finditer(text):  # "after #7": no period, never guessed
            word = _LAST_WORD.search(text, max(0, m.start() - 24), m.start())
            if word and word[1].casefold() in labels:
                continue  # "Comecon, Early #7: …": the number of a period's event, read (or not) as that
            if free(m.start(), m.end()):
                found.append((m.start(), m.end(), Token("BAREID", m["num"], m.start())))
    for m in period.finditer(text):
        said = _words_of(m.group(0)) if m["l2"] and ctx.titles is not None else ()
        if said and (said in ctx.titles.by_words or (said[0] == "the" and said[1:] in ctx.titles.by_words)):
            continue  # "the Onin War" is the event ONIN WAR, though "the Mid War" is a period
        label = m["l1"] or m["l2"] or m["l3"] or names.get(m["n"], "")
        label = canon.get(label, label)
        if label and free(m.start(), m.end()):
            found.append((m.start(), m.end(), Token("PERIOD", label, m.start())))
    index = ctx.titles
    head = _INVERTED_HEAD.match(text) if index is not None and "," in text[:120] else None
    if head:
        # a glossary's headword, its title turned round at a comma: "WAR OF THE POLISH SUCCESSION" entered as "POLISH
        # SUCCESSION, WAR OF THE (VI-8): …", "TEA PARTY, BOSTON." (only as the sentence's heading)
        ident_ = index.by_words.get(_words_of(head["b"]) + _words_of(head["a"]))
        if ident_:
            found.append((head.start("a"), head.end("b"),
                          Token("THIS" if ident_ == ctx.event_id else "REF", ident_, head.start("a"), True)))
    if index is not None and index.longest:
        words = list(_TITLE_WORD.finditer(text))
        folded = [fold(w.group(0)) for w in words]  # (once: each position's lookups reuse them)

        def reach(i: int) -> int:
            # how many words from ``i`` on may still be a key (a title in the possessive: its last word without
            # "'s"): the longest lookup worth making there
            n, top = 0, min(index.longest, len(words) - i)
            while n < top:
                if tuple(folded[i:i + n + 1]) in index.prefixes:
                    n += 1
                    continue
                if folded[i + n].endswith(("'s", "’s")) and (*folded[i:i + n], folded[i + n][:-2]) in index.prefixes:
                    n += 1
                break
            return n
        if index.verb_titles:
            found.extend(_verb_titles(text, words, index, ctx.event_id, free))
        i = 0
        short = {s: (n, ident_, e) for s, e, n, ident_ in index.short_titles(text, words) if free(s, e)}
        all_caps = text.isupper()  # (once: the scan stays linear)
        all_lower = not all_caps and text.islower()

        def joined(i: int, n: int) -> bool:
            return _joined(text, words, i, n)

        def title_at(i: int):
            first = words[i].group(0)[:1]
            # a title is written with a capital ("Thaw" the card), or opens with a number, which has no case ("11th
            # Army" for 11TH ARMY)
            if not (first.isupper() or first.isdigit()):
                return whole_lower_at(i) if all_lower else lower_title_at(i)
            for n in range(reach(i), 0, -1):
                key = tuple(folded[i:i + n])
                if key[-1].endswith(("'s", "’s")):  # a title in the possessive: "the Marshall Plan's effects"
                    key = (*key[:-1], key[-1][:-2])
                if key in index.by_words and free(words[i].start(), words[i + n - 1].end()) and joined(i, n):
                    if n == 1 and i and not all_caps and _in_a_name(text, words[i - 1], words[i]):
                        continue  # "the Kalmar Union": the last word of another name, not UNION OF KALMAR …
                    return (n, index.by_words[key])
            word = words[i].group(0)
            # an acronym written in capitals in a sentence that is not all capitals ("SALT is in effect")
            if (word.isupper() and len(word) >= 2 and fold(word) in index.acronyms and word not in ctx.codes
                    and not text.isupper() and free(words[i].start(), words[i].end())):
                return (1, index.acronyms[fold(word)])
            return None

        def lower_title_at(i: int):
            # a whole title of three words or more in lower case, one of its words a proper name: "the war between
            # Persia and Turkey", "the first division of Poland" (never a shortened title: "the war" names nothing)
            for n in range(reach(i), 1, -1):
                key = tuple(folded[i:i + n])
                named = any(w.group(0)[:1].isupper() for w in words[i + 1:i + n])
                if (((n > 2 and key in index.whole and named) or (key in index.inverted and (named or n >= 4)))
                        and free(words[i].start(), words[i + n - 1].end()) and joined(i, n)):
                    return (n, index.by_words[key])
            return None

        def whole_lower_at(i: int):
            # a sentence with no capital at all (a forum post, a chat): a title written whole names its event, as a
            # capitalised one would (never a title written short: "social" alone names nothing)
            for n in range(reach(i), 0, -1):
                key = tuple(folded[i:i + n])
                if key[-1].endswith(("'s", "’s")):
                    key = (*key[:-1], key[-1][:-2])
                if key in index.full and free(words[i].start(), words[i + n - 1].end()) and joined(i, n):
                    return (n, index.by_words[key])
            return None

        def head_end_at(i: int, least: int = 1):
            if not words[i].group(0)[:1].isupper():
                return None
            for n in range(min(3, len(words) - i), least - 1, -1):
                key = tuple(folded[i:i + n])
                if key in index.by_head_end and free(words[i].start(), words[i + n - 1].end()) and joined(i, n):
                    return (n, index.by_head_end[key])
            return None

        def plural_at(i: int):
            # "the First and Second Divisions of Poland": one word of the second title in the plural
            for n in range(min(index.longest, len(words) - i), 1, -1):
                for key in _singulars(folded[i:i + n]):
                    if key in index.by_words and joined(i, n):
                        return (n, index.by_words[key])
            return None

        def elided_at(i: int):
            # a capitalised word, "or" / "and" / "nor" (and an article), then a title whose first word it replaces
            first = words[i].group(0)
            if not first[:1].isupper() or i + 2 >= len(words):
                return None
            j = i + 1
            if fold(words[j].group(0)) not in ("or", "and", "nor") or text[words[i].end():words[j].start()].strip():
                return None
            m = j + 1 + (fold(words[j + 1].group(0)) == "the" and j + 2 < len(words))
            second = title_at(m) or plural_at(m)
            if not second or second[0] < 2:
                return None
            rest = folded[m + 1:m + second[0]]
            # the second title in the plural ("Divisions of Poland"): the first one's words in the singular
            keys = [(fold(first), *rest)] + [(fold(first), *key) for key in _singulars(rest)]
            ident_ = next((index.by_words[k] for k in keys if k in index.by_words), None)
            if ident_ is None or ident_ == second[1] or not free(words[i].start(), words[i].end()):
                return None
            return (1, ident_, m)

        while i < len(words):
            hit = title_at(i)
            if i + 1 < len(words) and fold(words[i].group(0)) in ("the", "a", "an"):
                # "The War of Independence in the Colonies": the title after the article when it reaches further
                # than a title that takes the article in ("The War" of THE WAR OF BAVARIAN SUCCESSION)
                later = title_at(i + 1) or head_end_at(i + 1)
                if later and (hit is None or later[0] + 1 > hit[0]):
                    i, hit = i + 1, later
            if hit is None:
                hit = head_end_at(i, 2)
            if hit is None and words[i].start() in short:
                n, ident_, end = short[words[i].start()]  # "Bav. Succ.": a title written short (its last dot in)
                found.append((words[i].start(), end, Token("THIS" if ident_ == ctx.event_id else "REF", ident_,
                                                           words[i].start(), True)))
                i += n
                continue
            if hit is None:
                hit = elided_at(i)
                if hit:  # "the First or the Second Division of Poland": the first title, its end left out
                    n, ident_, m = hit
                    found.append((words[i].start(), words[i].end(),
                                  Token("THIS" if ident_ == ctx.event_id else "REF", ident_, words[i].start(), True)))
                    i, hit = m, title_at(m) or plural_at(m)
            if (hit is None and not all_caps and words[i].group(0)[:1].isupper()
                    and (index.by_place or index.by_head_end)):
                # "Westphalia" for PEACE OF WESTPHALIA, "Armada" for SPANISH ARMADA with no article: the event, or a
                # place of that name (read both ways, events.py). Not in a text all in capitals, where every word
                # looks like a name ("PORTUGAL INDEPENDENT: LISBON TO PORTUGAL")
                for n in range(min(3, len(words) - i), 0, -1):
                    key = tuple(folded[i:i + n])
                    a, b = words[i].start(), words[i + n - 1].end()
                    ident_ = index.by_place.get(key) or (index.by_noun_end.get(key) if n == 1 else None)
                    if (ident_ and free(a, b) and joined(i, n) and not text[b:b + 3].lstrip().startswith("(")
                            and not (i and not all_caps and _in_a_name(text, words[i - 1], words[i]))):
                        # (before parentheses the words are a name of the writer's own for the id in them: "Conf.
                        # of Bar (VII-11)", ``_described``)
                        found.append((a, b, Token("THIS" if ident_ == ctx.event_id else "REF", ident_, a, True,
                                                  place=text[a:b])))
                        break
                else:
                    n = 0
                if n:
                    i += n
                    continue
            if hit:
                n, ident_ = hit
                a, b = words[i].start(), words[i + n - 1].end()
                # an event's own title in its own text is the event itself ("Détente cannot be played …"), or
                # the thing it is named after (Richelieu the minister): THIS, never a reference to another event
                kind = "THIS" if ident_ == ctx.event_id else "REF"
                found.append((a, b, Token(kind, ident_, a, by_title=True)))
                i += n
            else:
                i += 1
    for m in people.finditer(text) if people else ():  # "if the British hold New York": the country (its code)
        if free(m.start(), m.end()):
            found.append((m.start(), m.end(), Token("CODE", by_adjective[m["adj"]], m.start())))
    for m in adjective.finditer(text) if adjective else ():  # "Danzig becomes Prussian", "IF CORSICA IS ALREADY FRENCH"
        if free(m.start(), m.end()):
            found.append((m.start(), m.end(), Token("ADJ", by_adjective[m.group(0)], m.start())))
    if lower_adjective and text.islower():  # a sentence with no capital at all: "livonia and ingria become russian"
        for m in _LOWER_WORD.finditer(text):
            if m.group(0) in lower_adjective and free(m.start(), m.end()):
                found.append((m.start(), m.end(), Token("ADJ", lower_adjective[m.group(0)], m.start())))
    for m in code.finditer(text):
        if free(m.start(), m.end()):
            found.append((m.start(), m.end(), Token("CODE", m.group(0), m.start())))
    found.sort(key=lambda x: x[0])
    # "Olivares (21:IV)", "the Thirty Years War (event 1:IV)": a title with its own id in parentheses is one reference
    out: list[tuple[int, int, Token]] = []
    for s, e, t in found:
        if out and t.kind == "BAREID" and s < out[-1][1]:
            continue  # "OLIVARES (EVENT 21)": the title's own number, taken in with it below
        if (out and t.kind in ("REF", "THIS") and out[-1][2].kind in ("REF", "THIS") and out[-1][2].value == t.value
                and _ASIDE_OPEN.fullmatch(text[out[-1][1]:s]) and re.match(r"\s*\)", text[e:])):
            # "the Fronde (16:IV)", "the Suez Crisis event (7:Mid)": one event, named twice
            close = e + text[e:].index(")") + 1
            out[-1] = (out[-1][0], close, out[-1][2])
            continue
        if (out and t.kind in ("REF", "THIS") and out[-1][2].kind in ("REF", "THIS") and out[-1][2].value == t.value
                and not text[out[-1][1]:s].strip()):
            # "8:VII Second Division of Poland", "`8:VII` **Second Division of Poland**": an id and its own title
            # side by side, as a list prints an entry: one event, named twice
            out[-1] = (out[-1][0], e, out[-1][2])
            continue
        if (out and t.kind in ("REF", "THIS") and out[-1][2].kind in ("REF", "THIS") and out[-1][2].value == t.value
                and re.fullmatch(r"\s*,\s*(?:(?i:the)\s+)?", text[out[-1][1]:s]) and re.match(r"\s*,", text[e:])):
            # "VII:4, the War of Independence in the Colonies, has occurred": one event, named twice between commas
            close = e + text[e:].index(",") + 1
            out[-1] = (out[-1][0], close, out[-1][2])
            continue
        if (out and t.kind in ("REF", "THIS") and t.by_title and out[-1][2].kind == "BAREID"
                and t.value.split(":")[0] == out[-1][2].value
                and _PAREN_OPEN.fullmatch(text, out[-1][1], s) and re.match(r"\s*\)", text[e:])):
            # "EVENT 4 (NATIONAL REVOLT OF PORTUGAL)", "event 7 (the English Civil War)": the number, and the title that says which period's it is
            close = e + text[e:].index(")") + 1
            out[-1] = (out[-1][0], close, Token(t.kind, t.value, out[-1][0], by_title=True))
            continue
        if t.kind in ("REF", "THIS") and t.by_title:
            # a title with its own number in parentheses, as printed lists write it ("OLIVARES (21)"): one
            # reference (another number is left to be read, or reported)
            num = _OWN_NUMBER.match(text, e)
            if num and t.value.split(":")[0] == str(int(num["num"])):
                e = num.end()
        out.append((s, e, t))
    if ctx.own_period_numbers and own and any(t.kind == "BAREID" for _, _, t in out):
        # a game that numbers its events per period: "EVENT 11" is the own period's 11 (a number a title beside it
        # places was taken in above)
        # a number with a title beside it that names another event ("EVENT 12 (THE CONFEDERATION OF BAR)") stays
        # a bare number: which of the two is meant is not guessed (it is reported)
        out = [(s, e, id_token(f"{int(t.value)}:{own[1]}", t.start)
                if t.kind == "BAREID" and not (k + 1 < len(out) and _PAREN_OPEN.fullmatch(text, e, out[k + 1][0]))
                else t) for k, (s, e, t) in enumerate(out)]
    return [t for _, _, t in out], [(s, e) for s, e, _ in out]


# an opening parenthesis, and "the" before a title in it ("EVENT 7 (the English Civil War)")
_PAREN_OPEN = re.compile(r"\s*\(\s*(?:(?i:the)\s+)?")
# ("« X » (…)"; a cross-reference to the same event: "(see event 5:V)", "(vide 5:V)", "(cf. 5:V)")
_ASIDE_OPEN = re.compile(r"\s*[\"'”’»›]?\s*(?:(?i:event|card)\s*)?\(\s*(?:(?i:see|vide|cf\.?)\s+)?(?:(?i:event|card)\s+)?")
_OWN_NUMBER = re.compile(r"\s*\(\s*(?:(?i:event|card)\s+|(?i:no)\.\s*|#)?(?P<num>\d{1,4})\s*\)")


# an arrow is one sign however it is typed ("→", "->", "=>", "⇒", "⟶", "↦" …)
_WORD = re.compile(r"(?:[^\W\d_]\.){2,}|[^\W\d_]+(?:[-'’][^\W\d_]+)*|n['’]t|[,;:()—–]|\s[-+&]\s|->|=>|\.|\S")
_PUNCT = {",": "COMMA", ";": "SEMI", ":": "SEMI", "—": "SEMI", "–": "SEMI", "(": "LPAR", ")": "RPAR", "+": "AND",
          "&": "AND", "→": "ARROW", "->": "ARROW", "=>": "ARROW", "⇒": "ARROW", "⟶": "ARROW",
          "↦": "ARROW", "⟹": "ARROW", "➔": "ARROW", "➜": "ARROW", "⇨": "ARROW", "⟼": "ARROW"}


# ("ENDS PRAGUE SPRING + COMECON (BOTH!)": "both" in parentheses after a list only stresses that it is each of them)
_OR_BOTH = re.compile(r"\s*\((?i:or\s+both|or\s+both\s+of\s+them|both\s*!*|each|both\s+of\s+them\s*!*)\)")
# a short name defined in passing ("the Nuclear Test Ban (hereinafter the 'Ban')"): no word of the rule
_HEREINAFTER = re.compile(r"\s*\((?i:hereinafter|hereafter|henceforth)\b[^()]{0,80}\)")
_IFF = re.compile(r"\b(?i:if),\s+(?i:and\s+only\s+if),?")
# "unto", an older English "to" ("shall pass unto Spain", "transferred unto the Russian Crown"): read as "to" (the
# two letters left over set aside as spaces: offsets stay the text's)
_UNTO = re.compile(r"(?<![\w-])(?:(?P<l>unto)|(?P<u>Unto)|(?P<c>UNTO))(?![\w-])")
# a rules version ("v2.0", "v2.1.3"): with a dot, so "V2 rockets" is none (framing.py's old wordings use it too)
VERSION = r"v\d+(?:\.\d+)+"
# (a numbered paragraph too: "12. …", "4(a). …", "Para 5. …", "Art. 3 …")
_SECTION_MARK = re.compile(r"^\s*(?:(?:[\[(]\s*v?\d+(?:\.\d+)*[a-z]?\s*[\])]|§\s*\d+(?:\.\d+)*|\d+(?:\.\d+)+[a-z]?\.?"
                           r"|(?:(?i:para(?:graph)?|art(?:icle)?)\.?\s+)?\d{1,3}(?:\s?\([a-z]{1,2}\))?\."
                           r"|(?i:para(?:graph)?|art(?:icle)?)\.?\s+\d{1,3}(?:\s?\([a-z]{1,2}\))?"
                           rf"|{VERSION}(?:\s+[-–—])?"  # … or a patch note's version ("v1.1.0 - …")
                           r"|\d{1,3}/(?:\d{1,3})?)\s+)+")  # … or a thread's post number ("1/ …", "3/10 …")
# "Play req.:" too; a heading with its number and a space after the colon ("Ruling 27: …", "Errata #3: …"; never
# "Ends 11:VII", an id)
_HEADING = re.compile(r"\s*(?P<head>[^\W\d_]+(?: [^\W\d_]+)?)\.?(?:(?P<num>\s+#?\d{1,4}[a-z]?)\s*:(?=\s)|\s*:)")
def _in_a_name(text: str, before, word) -> bool:
    """Is ``word`` the last of a run of capitalised words ("Kalmar Union", "Holy League"): the word before it
    capitalised (not an article) and only a space between? (Not in a text all in capitals: the caller asks.)"""
    prev = before.group(0)
    # (a word in capitals for emphasis, "cancels BOTH Détente and …", is none; nor a capitalised word that opens its
    # sentence or a field, "After Fronde", "Req: Fronde": the character before it, spaces skipped, says which)
    if (not prev[:1].isupper() or prev.isupper() or prev.lower() in ("the", "a", "an")
            or text[before.end():word.start()] != " "):
        return False
    k = before.start() - 1
    while k >= 0 and text[k].isspace():
        k -= 1  # (the spaces before one word: each scanned once over the whole text)
    return k >= 0 and text[k] not in ".:;!?(\"'“‘-–—>*#|"


# a known heading of three to seven words ("Result if the condition is not met: …"): only the lexicon's headings
_HEADING_LONG = re.compile(r"\s*(?P<head>[^\W\d_]+(?: [^\W\d_]+){2,6})\s*:")
# a card template's field in brackets ("[REQ] Italian Wars in effect", "· [FAIL] mark off"): a known heading, as
# "Req: …" is (split.py starts a sentence at each)
_HEADING_BRACKET = re.compile(rf"\s*(?:[·•]\s*)?\[(?P<head>{TAG_WORDS})\](?=\s)")
# a known heading before a dash ("Condition -- Détente in play"), an arrow or an equals sign ("fail → nothing
# happens", "Fail = counts as played"): only the lexicon's headings, never a word unknown
_HEADING_DASH = re.compile(r"\s*(?P<head>[^\W\d_]+(?: [^\W\d_]+)?)\.?\s+(?:--?|–|—)\s"
                           r"|\s*(?P<arrowed>[^\W\d_]+(?: [^\W\d_]+)?)\s*(?:→|->|=>|⇒|=)(?=\s)")


# Formatting that is no word of a rule: a chat's or a wiki's code and bold marks ("`8:VII`", "**NATO**"), a wiki
# link's double brackets ("[[Richelieu]]"), a table's bars ("| [23.1] …"). Square brackets are parentheses ("[7:VII]",
# "[see 8.6]", "[22.1.3]"): a living rules' cross-reference is an aside as "(see 8.6)" is.
_FORMATTING = re.compile(r"`+|\*\*|__|\[\[|\]\]|(?:^|(?<=\s))\|(?=\s|$)")
_BRACKETS = str.maketrans({"[": "(", "]": ")"})
# a card template's field tag: a word or two in capitals in square brackets before a space ("[REQ] …", "[FAIL] …")
FIELD_TAG = re.compile(rf"\[{TAG_WORDS}\](?=\s)")


# A scholar's citation, whose year is no history told: "(Sabin 2012)", "(Dunnigan 1980, p. 12)", "as Dunnigan (1980)
# observed" (a name and a year in parentheses only before a verb of saying: "Westphalia (1648)" is history)
CITATION = re.compile(
    r"\(\s*[A-Z][\w'’-]+(?:\s+(?:and|&)\s+[A-Z][\w'’-]+|\s+et\s+al\.?)?,?\s+1[0-9]{3}[a-z]?"
    r"(?:,\s*pp?\.\s*\d+(?:[-–]\d+)?)?\s*\)"
    r"|\b[A-Z][\w'’-]+(?:\s+et\s+al\.?)?\s+\(1[0-9]{3}[a-z]?\)(?=,?\s+(?:observe[sd]?|notes?|noted|argues?|argued|"
    r"writes|wrote|shows?|showed|suggests?|suggested|points?\s+out|pointed\s+out|remarks?|remarked|claims?|claimed)\b)")


def without_citations(text: str) -> str:
    """``text`` with its citations (``CITATION``) set aside as spaces: their years tell no history."""
    return CITATION.sub(lambda m: " " * len(m.group(0)), text)


def unformatted(text: str) -> str:
    """``text`` without its formatting (``_FORMATTING``), square brackets as parentheses; character for character
    (spaces where marks were), so every offset stays the text's."""
    if not any(c in text for c in "`*_[]|"):
        return text
    out = _FORMATTING.sub(lambda m: " " * len(m.group(0)), text)
    if "[" not in out:
        return out
    # a card template's field tag in capitals ("[REQ] …", "[FAIL] …") stays a tag: a heading (``_HEADING_BRACKET``)
    tags = [m.span() for m in FIELD_TAG.finditer(out)]
    pieces, at = [], 0
    for a, b in tags:
        pieces += [out[at:a].translate(_BRACKETS), out[a:b]]
        at = b
    return "".join(pieces) + out[at:].translate(_BRACKETS)


def _lower(word: str) -> str:
    """A word as the lexicon holds it: lower case, one apostrophe, a dotted abbreviation without its dots ("N.B."
    is "nb")."""
    word = word.lower().replace("’", "'")
    return word.replace(".", "") if len(word) > 2 and word.endswith(".") and word[-2].isalpha() else word


# the last word of a heading that names a part of the rules or of the turn ("EVENTS PHASE:", "Solo variant:")
def _unknown_heading(head: re.Match, lexicon: Lexicon, spans: list) -> bool:
    """A heading the lexicon does not hold that names a part of the rules or of the turn, in capitalised words and
    naming no event ("EVENTS PHASE:", "Solo:", "Advanced Rules:"): it says where the rule stands, and is no part of
    the rule. Any other heading ("Danzig: removed.", "NATO: …") keeps its words, to be read or reported."""
    words = head["head"].split()
    return (all(w[:1].isupper() for w in words) and _lower(words[-1]) in lexicon.heading_parts
            and not any(s < head.end("head") for s, _ in spans))


def tokens(text: str, ctx: Context, lexicon: Lexicon, tolerant: bool = False) -> list[Token]:
    """The sentence's tokens. ``tolerant``: skip unknown words (to judge whether a sentence is in the language's
    shape) instead of raising ``Unknown``."""
    out: list[Token] = []
    pos = 0
    # "if, and only if,": the commas of the legal idiom set aside (as many characters: offsets stay the text's)
    text = _IFF.sub(lambda m: m.group(0).replace(",", " "), text)
    # "A or B (or both)": "or" is inclusive whatever is said; the aside set aside the same way
    text = _OR_BOTH.sub(lambda m: " " * len(m.group(0)), text)
    text = _HEREINAFTER.sub(lambda m: " " * len(m.group(0)), text)
    text = _UNTO.sub(lambda m: "to  " if m["l"] else "To  " if m["u"] else "TO  ", text)
    # a section number or a version tag before the rule ("7.4.2 The Annexation …", "[2.1] Changed: …", "[14.3] …"):
    # where the rule stands in its document, no word of it (set aside as spaces: offsets stay the text's)
    text = _SECTION_MARK.sub(lambda m: " " * len(m.group(0)), text, count=1)
    head = _HEADING.match(text) if lexicon.headings else None
    long_head = _HEADING_LONG.match(text) if lexicon.headings else None
    if long_head and _words(long_head["head"]) in lexicon.headings:
        head = long_head  # "Result if not met: re-roll.": a known heading of more words (an unknown one is not)
    bracket = _HEADING_BRACKET.match(text) if head is None and lexicon.headings else None
    tag = (lexicon.tags.get(_words(bracket["head"])) or lexicon.headings.get(_words(bracket["head"]))) if bracket else None
    if tag:
        # "[REQ] …": the heading, and its closing bracket a colon (the tokens of "Req: …")
        out.append(Token(tag, "", bracket.start("head")))
        out.append(Token("SEMI", ":", bracket.end() - 1))
        pos = bracket.end()
    elif head is None and lexicon.headings:
        dash = _HEADING_DASH.match(text)
        if dash and dash["arrowed"] and _words(dash["arrowed"]) in lexicon.headings:
            # "fail → nothing happens": the heading, its arrow no word of the rule (as a colon is none)
            out.append(Token(lexicon.headings[_words(dash["arrowed"])], "", dash.start("arrowed")))
            pos = dash.end()
        head = dash if dash and dash["head"] and _words(dash["head"]) in lexicon.headings else None
    bare = _FIELD_OUTCOME.fullmatch(text, pos if out else head.end("head")) if out or head else None
    if bare and (out[0].kind if out else lexicon.headings.get(_words(head["head"]))) == "OTHERWISE":
        # "[FAIL] delay", "Else: delay.": a failure field whose whole value is a bare verb of the outcome (not
        # "(delay)" elsewhere: a gloss of the outcome beside it)
        out = out or [Token("OTHERWISE", "", head.start("head"))]
        if bare["colon"]:
            out.append(Token("SEMI", ":", bare.start("colon")))
        return out + [Token(_FIELD_OUTCOMES[bare["verb"].lower()], "", bare.start("verb"))]
    refs, spans = references(text, ctx)
    if head and _words(head["head"]) in lexicon.headings:  # "Condition: …", "Prerequisite: …"
        out.append(Token(lexicon.headings[_words(head["head"])], "", head.start("head")))
        pos = head.end("num") if head.groupdict().get("num") else head.end("head")
    elif head and _unknown_heading(head, lexicon, spans):
        out.append(Token("LABEL", "", head.start("head")))  # "EVENTS PHASE: …", "Solo: …": where the rule stands
        pos = head.end("num") if head.groupdict().get("num") else head.end("head")
    refs, spans = [r for r, sp in zip(refs, spans) if sp[0] >= pos], [sp for sp in spans if sp[0] >= pos]
    refs, spans = _described(text, refs, spans, pos, lexicon)
    after_ref = False
    for ref, (s, e) in zip(refs, spans):
        out.extend(_words_to_tokens(text, pos, s, lexicon, tolerant, ctx.codes, after_ref))
        out.append(ref)
        pos, after_ref = e, True
    out.extend(_words_to_tokens(text, pos, len(text), lexicon, tolerant, ctx.codes, after_ref))
    return _without_closing_either(
        _void_asides(_by_neighbour(_own_name_as_subject(_without_leading_but(out, text), ctx), text)))


_FIELD_OUTCOMES = {"delay": "DELAY", "postpone": "DELAY", "hold": "DELAY"}  # a failure field's bare verb
_FIELD_OUTCOME = re.compile(rf"\s*(?P<colon>:)?\s*(?P<verb>(?i:{'|'.join(_FIELD_OUTCOMES)}))\s*[.!]?\s*")


def _without_leading_but(toks: list[Token], text: str) -> list[Token]:
    """A sentence that opens with "But" or "And" ("But you can only play it after …"): the word joins it to the
    sentence before and is no word of its rule. Only as the writer opened the sentence, with a capital: a piece
    left of a sentence ("The USA, but only if …" without its commentary) keeps it, and is judged with it."""
    if (len(toks) > 1 and toks[0].kind == "AND" and text[toks[0].start:toks[0].start + 4] in ("But ", "And ", "BUT ",
                                                                                             "AND ")
            and not text[:toks[0].start].strip()):
        return toks[1:]
    return toks


_NEGATIONS = frozenset({"NEG", "NEVER", "NOLONGER", "UNPLAYABLE", "NO_TIME"})


def _without_closing_either(toks: list[Token]) -> list[Token]:
    """A negative sentence's closing "either" ("…, and it cannot occur while B is in effect either"): "too", no
    choice between two things; dropped. An "either" anywhere else (or with no negation before it) is kept."""
    if (len(toks) > 2 and toks[-1].kind == "EITHER" and toks[-2].kind not in ("OR", "COMMA", "SEMI")
            and any(t.kind in _NEGATIONS for t in toks[:-1])):
        return toks[:-1]
    return toks


_EVENT_VERBS = frozenset({"REQUIRES", "CANCEL_V", "VPRES", "PREVENTS", "STOPS", "MAKES"})  # what an event, not a place, does
_MODAL_ADVERBS = frozenset({"ONLY", "NEG", "NEVER", "NOLONGER"})


def _own_name_as_subject(toks: list[Token], ctx: Context) -> list[Token]:
    """The event named by a name in its own title, as the subject of what only an event does: "Afghanistan needs
    Détente to be over" in the text of SOVIET INVASION OF AFGHANISTAN, "Vietnam ends the Korean War" in VIETNAM
    WAR's. Only a name the game knows no country by (a NAME token), every word of it in the own title, at the start
    of the sentence, and before a verb of an event: "requires", "cancels", "occurs", "prevents", "makes", "can (only /
    not) occur / be played" — never "must", "exists" or "owns", which a place does ("Poland must exist")."""
    k = next((i for i, t in enumerate(toks) if t.kind not in ("LABEL", "SEMI")), None)
    if k is None or toks[k].kind != "NAME" or ctx.titles is None or not ctx.event_id or k + 1 >= len(toks):
        return toks
    own = set(ctx.titles.title_words(ctx.event_id))
    words = [fold(w) for w in str(toks[k].value).split()]
    if not own or not all(w in own and w not in _DANGLING and len(w) >= 4 for w in words):
        return toks
    rest = [t.kind for t in toks[k + 1:k + 6]]
    j = 1 if rest[0] == "ONLY" else 0
    if j < len(rest) and rest[j] == "MODAL":
        j += 1
        while j < len(rest) and rest[j] in _MODAL_ADVERBS:
            j += 1
        verb = j < len(rest) and (rest[j] == "VINF" or (rest[j] == "BE" and j + 1 < len(rest)
                                                           and rest[j + 1] in ("PART_P", "PLAYABLE", "UNPLAYABLE")))
    else:
        verb = j < len(rest) and rest[j] in _EVENT_VERBS
    if not verb:
        return toks
    return toks[:k] + [Token("THIS", ctx.event_id, toks[k].start, by_title=True)] + toks[k + 1:]


_LAST_WORD = re.compile(r"(\w+)\s*$")
_ONE_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_CLAUSE_ENDS = re.compile(r"\s*(?:$|[.,;:)!?])")


def _by_neighbour(toks: list[Token], text: str) -> list[Token]:
    """Two short words a terse text uses in two senses, told apart by the token before them: "on" after an event is
    its state ("Not if Mid:5 on", "Warsaw Pact on", "(if on)": in effect), after a period the periods after it ("from Mid on");
    "+" after a period is "or later" ("Playable: Mid+"), anywhere else "and"."""
    out = []
    for k, t in enumerate(toks):
        prev = toks[k - 1].kind if k else ""
        # ("while the Third Punic War is on.", "while it is still on": after the event and a copula, too)
        if (t.kind == "OR_LATER" and (prev in ("REF", "THIS", "IF") or (prev == "COP" and k > 1 and toks[k - 2].kind in (
                "REF", "THIS", "IT"))) and text[t.start:t.start + 2].lower() == "on"
                and _CLAUSE_ENDS.match(text, t.start + 2)):  # (not "… Revolt on the island")
            t = Token("INEFF", "", t.start)
        elif t.kind == "AND" and t.value == "+" and prev == "PERIOD":
            t = Token("OR_LATER", "", t.start)
        elif t.kind in ("REF", "THIS") and t.by_title and prev in ("OWNS", "LOST", "HAS"):
            # "if France owns Toulon" (a card TOULON): a title of one word, owned, is the place it is named after
            one = _ONE_WORD.match(text, t.start)
            if one and _CLAUSE_ENDS.match(text, one.end()):
                t = Token("NAME", one.group(0), t.start)
        out.append(t)
    return out


_OPENERS = frozenset({"IF", "UNLESS", "WHILE", "PROVIDED", "THAT"})


def _void_asides(toks: list[Token]) -> list[Token]:
    """An aside between commas that held only fillers is no aside: "If, when this event is drawn, Prussia owns
    Danzig" is "If Prussia owns Danzig", "only if, at the time of play, NATO …" is "only if NATO …", "Cancels NATO,
    at that time, if …" is "Cancels NATO, if …" (one comma is left, or none right after a subordinator); a comma
    right after a semicolon is the comma of a filler ("…; in addition, Poland …")."""
    out: list[Token] = []
    for t in toks:
        if t.kind == "COMMA" and out and out[-1].kind == "COMMA":
            if len(out) > 1 and out[-2].kind in _OPENERS:
                out.pop()
            continue
        if t.kind == "COMMA" and out and out[-1].kind == "SEMI":  # "…; in addition, Poland …": the filler's comma
            continue
        out.append(t)
    return out


_IN_PARENS_BEFORE = re.compile(r"\(\s*(?:(?i:event|card)\s+)?$")
_IN_PARENS_AFTER = re.compile(r"\s*\)")
_DETERMINERS = frozenset({"the", "his", "her", "its", "their"})
_QUANTIFIERS = frozenset({"both", "either", "neither", "all", "any"})  # before words that name a group of events
_GROUP_LINK = re.compile(r"\s*(?:,\s*(?:(?i:and|or)\s+)?|(?i:and|or)\s+|&\s*)")  # "(7:VII and 8:VII)", "(A, B)"
_DESCRIPTOR_LINKS = frozenset({"of", "in"})  # inside a descriptor, between its words
_MAX_DESCRIPTOR = 6
_DESCRIPTOR_REACH = 200  # characters looked at before the parenthesis: the scan stays linear in the sentence


def _described(text: str, refs: list, spans: list, lo: int, lexicon: Lexicon) -> tuple[list, list]:
    """An event named by words of the writer's own and its id in parentheses is that event: "the colonial war
    (4:VII)", "the Portuguese revolt (4:IV)", "his ministry (20:IV)". The words are a noun phrase that opens with an
    article or a possessive and holds no word of the lexicon's tokens (a verb, a state, a connective) but "of" and
    "in" between its words, at most six words; a country's adjective or a name among them is part of it. Anything else is left as it is.
    So are a group's words and its ids, joined by commas, "and" or "or": "both divisions of Poland (7:VII and 8:VII)"
    is "both 7:VII and 8:VII" (the words after "both" / "either" … are the group's name)."""
    out_refs, out_spans = list(refs), list(spans)
    dropped: set[int] = set()
    for k, (ref, (s, e)) in enumerate(zip(refs, spans)):
        if ref.kind not in ("REF", "THIS"):
            continue
        before = _IN_PARENS_BEFORE.search(text, lo, s)
        after = _IN_PARENS_AFTER.match(text, e)
        last = k  # the last event in the parentheses: "both divisions of Poland (7:VII and 8:VII)" names two
        while after is None and before is not None and last + 1 < len(refs) and refs[last + 1].kind in ("REF", "THIS") \
                and _GROUP_LINK.fullmatch(text, spans[last][1], spans[last + 1][0]):
            last += 1
            after = _IN_PARENS_AFTER.match(text, spans[last][1])
        if before is None or after is None:
            continue
        # where the words may start: after the last reference before this one that is not a word of a name
        floor = lo
        for j in range(k - 1, -1, -1):
            # (a title of the same event may open the words: "the Confederation of Polish nobles (VII:11)")
            if refs[j].kind not in ("ADJ", "CODE") and not (refs[j].by_title and refs[j].value == ref.value):
                floor = spans[j][1]
                break
        words = list(_WORD.finditer(text, max(floor, before.start() - _DESCRIPTOR_REACH), before.start()))
        start, content = None, 0
        scan = words[-(_MAX_DESCRIPTOR + 1):]
        for i in range(len(scan) - 1, -1, -1):
            m = scan[i]
            w = _lower(m.group(0))
            if w in _QUANTIFIERS and last > k and content:
                start = scan[i + 1].start()  # "both divisions of Poland (…)": the words after "both"
                break
            if w in _DETERMINERS:
                start = m.start()
                if i and _lower(scan[i - 1].group(0)) in _DESCRIPTOR_LINKS:
                    continue  # "the revolt in the colonies (4:VII)": the words go on before "in the"
                break
            if w in _DESCRIPTOR_LINKS:
                continue  # "the confederation of Polish nobles (VII:11)", "the revolt in Portugal (4:IV)"
            if not re.fullmatch(r"[^\W\d_]+(?:['’-][^\W\d_]+)*", m.group(0)) or lexicon.forms.get((w,)):
                break  # punctuation, a number, or a word of the language: no descriptor
            content += lexicon.forms.get((w,)) is None
        if start is None:
            # no article: a name of the writer's own, its words capitalised, right before the parentheses ("Bar
            # (VII-11) needs …", "Persia-Turkey (IV-3) can't happen …", "Danzig Annexation (9:VII): …")
            start, content = _capitalised_run(words, lexicon), 1
        if start is None or not content:
            continue
        out_spans[k] = (start, after.end() if last == k else e)
        out_refs[k] = Token(ref.kind, ref.value, start, ref.by_title)
        if last > k:  # the group's connectives stay words of the sentence; its last event takes the parenthesis
            out_spans[last] = (spans[last][0], after.end())
        # the adjectives and codes inside the descriptor are its words, not references of their own
        j = k - 1
        while j >= 0 and spans[j][0] >= start:
            dropped.add(j)
            j -= 1
    keep = [i for i in range(len(out_refs)) if i not in dropped]
    return [out_refs[i] for i in keep], [out_spans[i] for i in keep]


def _capitalised_run(scan: list, lexicon: Lexicon) -> int | None:
    """Where the capitalised words at the end of ``scan`` start (at most three, none a word of the lexicon, the
    first at the start of the text, after a mark of punctuation or after a word of the lexicon: "while Bar (…)"), or
    None."""
    start, content, i = None, 0, len(scan) - 1
    while i >= 0 and content < 3:
        word = scan[i].group(0)
        if word == "." and i and scan[i - 1].end() == scan[i].start() and scan[i - 1].group(0)[:1].isupper():
            i -= 1  # an abbreviation's dot: "Conf. of Bar (VII-11)", "Fr. Rev. (6/VII)"
            continue
        if start is not None and _lower(word) in _DESCRIPTOR_LINKS and i and scan[i - 1].group(0)[:1] in ".ABCDEFGHIJKLMNOPQRSTUVWXYZ":
            i -= 1  # "of" between capitalised words: "Conf. of Bar"
            continue
        if not re.fullmatch(r"[^\W\d_]+(?:['’-][^\W\d_]+)*", word) or not word[:1].isupper():
            break
        if lexicon.forms.get((_lower(word),)):
            return None  # "Only if NATO (…)": a word of the language is no name
        start, content, i = i, content + 1, i - 1
    if start is None:
        return None
    before = scan[start - 1].group(0) if start else ""
    if re.fullmatch(r"[^\W\d_].*", before) and not lexicon.forms.get((_lower(before),)):
        return None  # a longer run, or words of the writer's before it: not a name standing alone
    return scan[start].start()


def as_places(toks: list[Token], text: str) -> list[Token]:
    """``toks`` with each title named by a place's name (``Token.place``: "Westphalia") as that name, joined to a
    name right before or after it with only a space between ("Minor Portugal"), as the word scanner joins names."""
    out: list[Token] = []
    for t in toks:
        if t.place:
            t = dataclasses.replace(t, kind="NAME", value=t.place, place="", by_title=False)
        if (t.kind == "NAME" and out and out[-1].kind == "NAME"
                and text[out[-1].start + len(out[-1].value):t.start] == " "):
            prev = out.pop()
            t = Token("NAME", f"{prev.value} {t.value}", prev.start)
        out.append(t)
    return out


def _abbreviation_dot(items: list, k: int) -> bool:
    """Is ``items[k]`` a dot right after a word in lower case and before a word in lower case ("req. not")?"""
    if items[k][0] != "." or not 0 < k < len(items) - 1:
        return False
    (prev, at), (nxt, _) = items[k - 1], items[k + 1]
    return at + len(prev) == items[k][1] and prev.isalpha() and prev.islower() and nxt[:1].isalpha() and nxt[:1].islower()


_QUOTES = frozenset({'"', "'", "“", "”", "‘", "’", "`", "«", "»", "‹", "›"})  # (French quotes too: « Richelieu »)


def _words_to_tokens(text: str, a: int, b: int, lexicon: Lexicon, tolerant: bool, codes=(),
                     after_ref: bool = False) -> list[Token]:
    # quotation marks stand apart from the words they quote: "TREATED AS 'NO EVENT'" is "treated as no event"
    # … and so does a slash ("W/O EFFECT" is "w o effect", a filler)
    items = [(m.group(0), m.start() + a) for m in _WORD.finditer(text[a:b]) if m.group(0) not in _QUOTES
             and m.group(0) != "/"]
    # an abbreviation's dot between words in lower case ("If req. not met, …": split.py ends no sentence there) is
    # no word: the lexicon's forms read across it ("if req not met")
    items = [it for k, it in enumerate(items) if not _abbreviation_dot(items, k)]
    if after_ref and items and items[0][0].lower() in ("card", "cards", "event", "events"):
        # "the Bear Trap card is removed from the game": the word after an event's name is part of the name (no
        # form of the lexicon may start with it: "card is removed …" is a failed draw's outcome)
        items = items[1:]
    caps = text.isupper()
    low = [modern(_lower(word), lexicon) for word, _ in items]  # each word as the lexicon holds it, once
    out: list[Token] = []
    i = 0
    while i < len(items):
        word, start = items[i]
        w = word.strip()
        if w in _PUNCT:
            out.append(Token(_PUNCT[w], w, start))
            i += 1
            continue
        if w == "-" and word != w:
            # a dash between spaces parts a sentence as an en or em dash does ("ONLY IF 1:VI IS OVER - GIBRALTAR TO
            # ENG", "… in effect - treat as No Event")
            out.append(Token("SEMI", "-", start + word.index("-")))
            i += 1
            continue
        if w in (".", "-", "!"):  # (quotation marks were left out of the items above)
            i += 1
            continue
        lowered = low[i:i + lexicon.longest]
        match = None
        for n in range(len(lowered), 0, -1):
            key = tuple(lowered[:n])
            if any(k in _PUNCT or k in (".",) for k in key):
                continue
            if key in lexicon.forms:
                match = (n, lexicon.forms[key])
                break
        if (match is None and w[:1].isupper() and i + 1 < len(items) and items[i + 1][0] == "."
                and items[i + 1][1] == start + len(word)
                and (len(w) == 1 or (i + 2 < len(items) and not items[i + 2][0][:1].isupper())
                     or any(c.lower().startswith(w.lower()) for c in codes))):
            # an abbreviation ("Pr., Galicia to Aus.", "W. Prussia", "goes to Fr." in a game with FRA): no name the
            # logic can know; not read (reported), though it still shows a name's place to the shape tests
            if not tolerant:
                raise Unknown(start, text[start:b].strip())
        if match is None and w[:1].isupper() and w[:1].isalpha():
            # a capitalised word the lexicon lacks is a name (a minor, a province, a country): the grammar takes
            # it only where a name stands ("Poland no longer exists", "PRU owns SILESIA")
            # (in a sentence all in capitals every word looks like a name: a name there holds two words at most,
            # so that "POLAND LOSES DANZIG TO PRUSSIA" is never the one place "POLAND LOSES DANZIG")
            # (joined only to the name right before it: "the Prussia the Silesia" is two names, a word of no
            # token between them)
            if (out and out[-1].kind == "NAME" and out[-1].start + len(out[-1].value) + 1 >= start
                    and not (caps and " " in out[-1].value)):
                prev = out.pop()
                out.append(Token("NAME", f"{prev.value} {w}", prev.start))
            else:
                out.append(Token("NAME", w, start))
            i += 1
            continue
        if match is None:
            if tolerant:  # an unknown word stands as X: what stands next to a reference still shows
                if not out or out[-1].kind != "X":
                    out.append(Token("X", w, start))
                i += 1
                continue
            raise Unknown(start, text[start:b].strip())
        n, kinds = match
        out.extend(Token(k, "", start) for k in kinds)
        i += n
    return out
