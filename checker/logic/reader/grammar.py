"""The vocabulary of the game being read (from its profile), and the LALR(1) parser of the game's own sentence
forms (a game pack's grammar, ``GamePack.sentences``; the events rewrite's ``checker/games/eu/sentences.lark``) built
with that vocabulary.

The game's words are not written in the grammar: its country codes are appended as the terminal ``CODE``, and its
period labels (IV, VII, but also Early, Mid, Late, 1914 …) make the terminal ``ID`` (``NUMBER:PERIOD`` or
``PERIOD:NUMBER``) and ``PERIOD`` (``before period P``). Roman periods I–X are always read as period labels too,
so that a reference to a period outside the KB (``4:VI``) is still an event id. The vocabulary comes from a
``checker.games.GameProfile`` (``checker.games.profile(kb.games, event.game)``); one parser is built and cached per
distinct vocabulary (codes and periods), so reading stays one linear pass per sentence.
"""

from __future__ import annotations

import functools
import os
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import yaml

from ...core.eventid import EventIdSyntax, alternation

if TYPE_CHECKING:
    from lark import Lark

_HERE = os.path.dirname(__file__)
_BUNDLED_GAMES = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(_HERE))), "kb", "games")

_CODE_RE = re.compile(r"[A-Z]{2,4}")
_LABEL_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9\-]{0,19}")


@dataclass(frozen=True)
class Vocabulary:
    """The words of one game the grammar needs: country codes, (country name, code) pairs, period labels."""

    codes: tuple[str, ...] = ()
    names: tuple[tuple[str, str], ...] = ()
    periods: tuple[str, ...] = ()  # the profile's labels in play order (Roman I–X are read as labels as well)
    period_names: tuple[tuple[str, str], ...] = ()  # ("Mid War", "Mid"): the profile's period names
    reader: tuple = ()  # the game's additions to the event language's lexicon (profile ``reader:``), frozen
    # the game whose pack has sentence forms of its own (``GamePack.sentences``), read before the event language;
    # None: the event language alone
    forms: str | None = None
    # the KB's event titles (``phrases.TitleIndex``); not part of the vocabulary's identity (parsers are cached by it)
    titles: object = field(default=None, compare=False, hash=False)
    # (adjective, code) of the countries (profile ``countries[].adjective``): "Danzig becomes Prussian"
    adjectives: tuple[tuple[str, str], ...] = ()
    # profile ``reader: {numbers: own_period}``: the game numbers its events in one list per period, so an event
    # named by its number alone ("EVENT 11") is that number in the period of the text's own event; otherwise reported
    own_period_numbers: bool = False

    @property
    def labels(self) -> tuple[str, ...]:
        """Every period label an event id may carry: the profile's, then Roman I–X."""
        return self.ids.labels

    @property
    def ids(self) -> EventIdSyntax:
        """The game's event-id syntax (``checker.core.eventid``)."""
        return EventIdSyntax.of(self.periods)

    def canonical_id(self, text: str) -> str | None:
        """``"Early:21"`` and ``"21:Early"`` give ``"21:Early"`` (``"IV:7"`` gives ``"7:IV"``); None otherwise."""
        return self.ids.canonical(text)

    def is_label(self, text: str) -> bool:
        return text in set(self.labels)

    def country_code(self, name: str) -> str | None:
        """"Turkey" -> "TUR" (from the profile's country names)."""
        return dict(self.names).get(name)

    @property
    def grammar_key(self) -> tuple[tuple[str, ...], tuple[str, ...], str | None]:
        return self.codes, self.labels, self.forms


def _freeze(table) -> tuple:
    """A profile's ``reader:`` table (tokens: {TOKEN: [forms]}, sequences, headings, parts, fillers) as nested
    sorted tuples."""
    if not isinstance(table, dict):
        return ()
    out = []
    for key in ("tokens", "sequences", "headings", "parts"):
        value = table.get(key)
        if isinstance(value, dict):
            out.append((key, tuple(sorted((str(k), tuple(str(x) for x in (v or []))) for k, v in value.items()))))
    if isinstance(table.get("fillers"), list):
        out.append(("fillers", tuple(str(x) for x in table["fillers"])))
    return tuple(out)


def _period_names(periods_data) -> tuple[tuple[str, str], ...]:
    out = []
    for p in periods_data or []:
        if isinstance(p, dict) and p.get("name") and p.get("id") is not None:
            out.append((str(p["name"]), str(p["id"])))
    return tuple(out)


def forms_of(game: str | None) -> str | None:
    """``game`` when its pack has sentence forms of its own (``checker.games.registry``), else None."""
    from ...games.registry import has_sentence_forms

    return game if game and has_sentence_forms(game) else None


def _vocabulary(countries, periods, period_data=None, reader=None, game=None) -> Vocabulary:
    codes, names, adjectives = [], [], []
    all_codes = {str(c.get("code", "")) for c in countries or [] if isinstance(c, dict)}
    for country in countries or []:
        if not isinstance(country, dict):
            continue
        code = str(country.get("code", ""))
        if _CODE_RE.fullmatch(code):
            codes.append(code)
            name = re.match(r"[A-Z][a-z]+", str(country.get("name", "")))
            if name:
                names.append((name.group(0), code))
            adjective = str(country.get("adjective", ""))
            # (an adjective that is the country's name, as a clan's or a faction's is, "the Oda", is its name: read
            # as the name, never as "… becomes Oda"; nor is one whose capitals are a code, "ODA", an adjective)
            if (re.fullmatch(r"[A-Z][a-z]+", adjective)
                    and adjective not in (str(country.get("name", "")), name.group(0) if name else "")
                    and adjective.upper() not in all_codes):
                adjectives.append((adjective, code))
    labels = [str(p) for p in periods if _LABEL_RE.fullmatch(str(p))]
    return Vocabulary(tuple(codes), tuple(names), tuple(labels), _period_names(period_data), _freeze(reader),
                      forms_of(game), adjectives=tuple(adjectives),
                      own_period_numbers=isinstance(reader, dict) and reader.get("numbers") == "own_period")


def vocabulary_of(profile) -> Vocabulary:
    """The vocabulary of a ``checker.games.GameProfile`` (its ``data`` holds the countries with their names)."""
    data = getattr(profile, "data", None) or {}
    countries = data.get("countries") or [{"code": c} for c in getattr(profile, "countries", ())]
    return _vocabulary(countries, getattr(profile, "periods", ()), data.get("periods"), data.get("reader"),
                       getattr(profile, "id", None))


@functools.lru_cache(maxsize=16)
def profile_file_vocabulary(path: str) -> Vocabulary:
    """The vocabulary of a game profile file; empty when the file is missing."""
    try:
        with open(path, encoding="utf-8") as fh:
            data = yaml.load(fh, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {}
    except OSError:
        return Vocabulary()
    periods = [p["id"] for p in data.get("periods", []) or [] if isinstance(p, dict) and "id" in p]
    game = data.get("id") or os.path.splitext(os.path.basename(path))[0]
    return _vocabulary(data.get("countries", []) or [], periods, data.get("periods"), data.get("reader"), str(game))


def profile_path(game: str | None = None) -> str | None:
    """The profile file of ``game`` (by default the reader's default game, ``registry.reader_default_game``) in the
    KB in use (``./kb`` or the one next to the package); for the default game the bundled one when the KB has
    none; None for another game without a profile file."""
    from ...games.registry import reader_default_game
    from ...kb.store import default_kb_root

    default = reader_default_game()
    game = game or default
    if not game:
        return None
    path = os.path.join(default_kb_root(), "games", f"{game}.yaml")
    if os.path.isfile(path):
        return path
    return os.path.join(_BUNDLED_GAMES, f"{game}.yaml") if game == default else None


def default_vocabulary(game: str | None = None) -> Vocabulary:
    """The vocabulary used when a caller gives no profile: the profile file of ``game`` (by default the reader's
    default game) in the KB in use."""
    path = profile_path(game)
    return profile_file_vocabulary(path) if path else Vocabulary()


def country_name_code(name: str, vocab: Vocabulary | None = None) -> str | None:
    """"Turkey" -> "TUR" (from the profile)."""
    return (vocab or default_vocabulary()).country_code(name)


def parser(vocab: Vocabulary | None = None) -> Lark | None:
    """The LALR parser of the game's own sentence forms with the game's words, or None when the game has none."""
    vocab = vocab or default_vocabulary()
    return _parser(*vocab.grammar_key) if vocab.forms else None


@functools.lru_cache(maxsize=32)
def _parser(codes: tuple[str, ...], labels: tuple[str, ...], forms: str) -> Lark:
    from ...games.registry import sentence_forms

    with open(sentence_forms(forms).GRAMMAR, encoding="utf-8") as fh:
        text = fh.read()
    ids = EventIdSyntax.of(labels)
    text += f"\nCODE.3: /(?:{alternation(codes)})(?![\\w\\/])/\n"
    # an event id: NUMBER:PERIOD or PERIOD:NUMBER with one of the game's period labels
    text += f"\nID.4: /{ids.terminal}/\n"
    # a period label standing alone ("before period Early"): only where the grammar expects one
    text += f"\nPERIOD: /{ids.period_terminal}/\n"
    return _cached_lark(text)


_LARK_OPTIONS = {"parser": "lalr", "lexer": "contextual", "start": "start", "maybe_placeholders": False}


def _cached_lark(text: str) -> Lark:
    """The LALR parser of grammar ``text``, its tables from rulekb's cache folder when this grammar's were kept.

    Building the tables costs about 0.25 s per process, more than reading one contributed text; loading them is
    about 0.04 s. The tables are Lark's own serialisation (``Lark.memo_serialize``, plain dicts, lists and
    strings) kept as marshal in an authenticated cache entry (``checker.kb.cachedir``; never a pickle, as Lark's own
    ``cache=True`` would be), named by a hash of the grammar text, the options and Lark's version, so a changed
    grammar or vocabulary (a profile's codes and periods) is a different entry. An entry that is missing,
    damaged, forged or that Lark cannot load is rebuilt from the grammar."""
    import hashlib
    import marshal

    import lark
    from lark import (
        Lark,  # imported when a sentence is first read, not with the checks (issue 18: lean start)
    )

    from ...kb.cache import enabled
    from ...kb.cachedir import read_cached, write_cached

    if not enabled():
        return Lark(text, **_LARK_OPTIONS)
    digest = hashlib.sha256("\0".join([lark.__version__, repr(sorted(_LARK_OPTIONS.items())), text])
                            .encode("utf-8")).hexdigest()[:32]
    name = f"parser-{digest}.marshal"
    blob = read_cached(name)
    if blob is not None:
        try:
            loaded = Lark.load(marshal.loads(blob))
            if loaded.options.parser == "lalr" and loaded.options.lexer == "contextual":
                return loaded
        except Exception:  # noqa: BLE001 - any failure to load the kept tables: build them again
            pass
    built = Lark(text, **_LARK_OPTIONS)
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    data, memo = built.memo_serialize([TerminalDef, Rule])
    try:
        write_cached(name, marshal.dumps({"data": data, "memo": memo}))
    except ValueError:  # something marshal cannot hold: no cache entry, the parser is still right
        pass
    return built
