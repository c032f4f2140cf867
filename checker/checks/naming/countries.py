"""Which countries exist in each period, and which of them are player countries, as the game's own texts say.

The glossary's conventions (``kb/glossary/``, seed 003; :func:`glossary_forms`) decide how a text names a country: a
three-letter code (``SPA``, ``HOL``) is "a country currently controlled by a player"; a capitalised name
(``Hessen``) is a minor; "Control" is "political control of a minor", and "Friendly active minors" / "Friendly
inactive minors" make *active*, *inactive* and *neutral* words about minors. A period's texts therefore say that a
country is a minor in that period when they write of it as one:

* ``control of Prussia``, ``the controller of Portugal``, ``Prussia … becomes controlled by`` (control is of a
  minor);
* ``Inactive Prussia``, ``neutral Austria``, ``Prussia is currently active``, ``If Prussia and Austria are
  neutral`` (activity and neutrality are a minor's states);
* ``Portugal is returned to play as a minor country``, ``Poland becomes a neutral minor``, ``the minor Corsica``,
  ``Corsica minor``.

A country is a player country in a period when a text of that period writes its code. When a text writes the code
and the minor's name as alternatives (``AUS/Habsburgs/Austria``), the writer leaves open which of the two the
country is at the time: the country is *either* in that period, and a code used for it is no slip.

:func:`period_countries` builds this model once per run from the game's events (their period and their texts);
the codes and the names they stand for are the game profile's ``countries`` (a name is the profile's name up to
any parenthesis: ``Austria (the Habsburg player)`` names Austria).
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

_NAME = r"[A-Z][a-z]{2,}"
_NAMES = rf"{_NAME}(?:(?:, | and | or |/){_NAME})*"
_CONTROL = re.compile(rf"\bcontrol(?:ler)? of (?:the )?({_NAMES})")
_STATE_BEFORE = re.compile(rf"(?<![\w/])(?:[Ii]nactive|[Aa]ctive|[Nn]eutral) ({_NAME})\b")
_STATE_AFTER = re.compile(rf"\b({_NAMES}) (?:is|are) (?:currently |still |now )?(?:inactive|active|neutral)\b")
_BECOMES = re.compile(rf"\b({_NAME}) (?:is returned to play as|becomes|remains|is) (?:a |an )?(?:normal )?"
                      rf"(?:neutral )?minor\b")
_CONTROLLED = re.compile(rf"\b({_NAMES}) (?:is |are |becomes? |become )?controlled by\b")
_MINOR_WORD = re.compile(rf"\b[Mm]inor ({_NAME})\b|\b({_NAME}) minor\b(?! (?:general|ally|allies))")
_ALTERNATIVE = re.compile(r"\b[A-Za-z]+(?:/(?:the controller of )?[A-Za-z]+)+")
MINOR_FORMS = (_CONTROL, _STATE_BEFORE, _STATE_AFTER, _BECOMES, _CONTROLLED, _MINOR_WORD)
_ALWAYS = (_BECOMES, _MINOR_WORD)  # the word "minor" itself needs no glossary
_SKIP = {"The", "This", "That", "These", "Such", "Its", "Their", "All", "Any", "Each", "Every", "If", "Friendly",
         "Other", "Some", "Both", "Case", "Minor", "Minors"}


@dataclass
class PeriodCountries:
    """One period's countries: player codes written there, minors with the line that says so, and the codes
    written as an alternative to their minor's name."""

    period: str
    players: dict[str, list[tuple[str, int]]] = field(default_factory=dict)  # code -> [(entry, line)]
    minors: dict[str, list[tuple[str, int, str]]] = field(default_factory=dict)  # name -> [(entry, line, words)]
    either: set[str] = field(default_factory=set)  # codes written as an alternative to the minor's name

    @property
    def exist(self) -> set[str]:
        return set(self.players) | set(self.minors)


def country_names(profile: dict) -> dict[str, str]:
    """code -> the country's name in the profile (up to a parenthesis)."""
    out = {}
    for country in profile.get("countries", []):
        name = re.split(r"\s*\(", str(country.get("name") or ""), maxsplit=1)[0].strip()
        if country.get("code") and name:
            out[country["code"]] = name
    return out


def glossary_forms(glossaries) -> tuple:
    """The minor forms the game's glossary supports: control forms when it defines control as control of a minor,
    state forms when it makes active/inactive (or neutral) words about minors; the forms with the word "minor"
    always."""
    forms = list(_ALWAYS)
    terms = [(str(getattr(t, "term", "")).lower(), str(getattr(t, "meaning", "") or "").lower())
             for g in glossaries for t in getattr(g, "terms", [])]
    if any(term.strip("\"”“ ") == "control" and "minor" in meaning for term, meaning in terms):
        forms += [_CONTROL, _CONTROLLED]
    if any("minor" in term and ("active" in term or "neutral" in term) for term, _ in terms):
        forms += [_STATE_BEFORE, _STATE_AFTER]
    return tuple(forms)


def minor_mentions(text: str, forms=MINOR_FORMS):
    """(name, words) for each place where a text writes of a country as a minor."""
    for pattern in forms:
        for m in pattern.finditer(text):
            group = next(g for g in m.groups() if g)
            for name in re.split(r", | and | or |/", group):
                if name and name not in _SKIP:
                    yield name, " ".join(m.group(0).split())


def _texts(event):
    for clause in event.all_clauses():
        yield clause.line, clause.text
    for section in event.all_sections():
        if section.kind == "case":
            yield section.line, section.heading


def event_record(event, names: dict[str, str], code_word, forms=MINOR_FORMS) -> tuple:
    """What one event adds to its period's model, as plain data (kept in the KB cache): (period, [(code, line)],
    [(name, line, words)], [codes written as an alternative to their name])."""
    codes = set(names)
    players, minors, either = [], [], []
    for line, text in _texts(event):
        text = " ".join(text.split())
        if code_word:
            players += [(m.group(1), line) for m in code_word.finditer(text)]
        minors += [(name, line, words) for name, words in minor_mentions(text, forms)]
        for alt in _ALTERNATIVE.finditer(text):
            parts = set(re.split(r"/(?:the controller of )?", alt.group(0)))
            either += sorted(code for code in parts & codes if names[code] in parts)
    return event.period, players, minors, either


def _code_word(names: dict[str, str]):
    codes = set(names)
    return re.compile(r"\b(" + "|".join(sorted(map(re.escape, codes))) + r")\b") if codes else None


def fold(records) -> dict[str, PeriodCountries]:
    """The periods' models from (event id, record) pairs, in the order given."""
    out: dict[str, PeriodCountries] = {}
    for eid, (period, players, minors, either) in records:
        model = out.setdefault(period, PeriodCountries(period))
        for code, line in players:
            model.players.setdefault(code, []).append((eid, line))
        for name, line, words in minors:
            model.minors.setdefault(name, []).append((eid, line, words))
        model.either.update(either)
    return out


def build(events, profile: dict, forms=MINOR_FORMS) -> dict[str, PeriodCountries]:
    names = country_names(profile)
    code_word = _code_word(names)
    return fold((e.id, event_record(e, names, code_word, forms)) for e in events)


def period_countries(ctx) -> dict[str, PeriodCountries]:
    """The model of every period of the context's game (built once per run). With contributed entries, the models
    of the KB as loaded come from the KB cache (``CheckContext.base_aggregate``, built once per KB state), less the
    events the contribution replaces, plus the contributed events: a re-check of one edited text reads neither
    every text of the game nor every event's record again. The models are shared with the cache: do not change
    them."""

    profile = ctx.kb.games.get(ctx.kb.game, {})
    forms = glossary_forms(g for g in ctx.kb.glossaries.values() if getattr(g, "game", None) in (None, ctx.kb.game))

    def compute():
        if ctx.only is None or not ctx.use_aggregates:
            return build(ctx.events(), profile, forms)
        names = country_names(profile)
        code_word = _code_word(names)
        # What the records are read with, and the period order the models' lists follow: a contributed profile or
        # glossary that changes them reads every text again.
        read_with = (tuple(sorted(names.items())), tuple(p.pattern for p in forms), tuple(ctx.profile().periods))
        got_with, base = ctx.base_aggregate("NAM006-period-models", lambda: (read_with, _plain_models(
            [(e.id, event_record(e, names, code_word, forms)) for e in ctx.base_events()])))
        if tuple(map(tuple, got_with)) != read_with:
            return build(ctx.events(), profile, forms)
        return _adjusted(ctx, base, lambda e: event_record(e, names, code_word, forms))

    return ctx.memo(f"period-countries:{ctx.kb.game}", compute)


def _plain_models(records) -> dict:
    """period -> (players, minors, {either code: records naming it}, events): ``fold``'s models as plain data (for
    the KB cache), with what removing a record needs."""
    either: dict[str, dict[str, int]] = {}
    events: dict[str, int] = {}
    for _, (period, _players, _minors, codes) in records:
        events[period] = events.get(period, 0) + 1
        counts = either.setdefault(period, {})
        for code in codes:
            counts[code] = counts.get(code, 0) + 1
    return {period: (model.players, model.minors, either[period], events[period])
            for period, model in fold(records).items()}


def _adjusted(ctx, base: dict, record) -> dict[str, PeriodCountries]:
    """The models of the KB as loaded (``_plain_models``) with the contributed events in place of those they
    replace: equal to ``fold`` over every event of the game in id order. Each list of uses the contribution changes
    is copied, the replaced events' uses left out and each contributed event's uses put in at its place in id order
    (``ctx.event_order``), in their own order."""
    only = ctx.only or set()
    added = [(e.id, record(e)) for e in ctx.events() if e.id in only]
    removed = [(eid, record(ctx.replaced[eid])) for eid, _ in added if eid in ctx.replaced]
    lists = {("players", period): dict(p[0]) for period, p in base.items()}
    lists.update({("minors", period): dict(p[1]) for period, p in base.items()})
    either = {period: dict(p[2]) for period, p in base.items()}
    events = {period: p[3] for period, p in base.items()}
    fresh: dict[tuple[str, str, str], list[tuple[str, list]]] = {}  # a changed list -> [(event, its uses)]
    for sign, records in ((-1, removed), (1, added)):
        for eid, (period, uses, mentions, codes) in records:
            events[period] = events.get(period, 0) + sign
            counts = either.setdefault(period, {})
            for code in codes:
                counts[code] = counts.get(code, 0) + sign
            for kind, items in (("players", [(code, (eid, line)) for code, line in uses]),
                                ("minors", [(name, (eid, line, words)) for name, line, words in mentions])):
                for key, item in items:
                    groups = fresh.setdefault((kind, period, key), [])
                    if sign > 0:
                        if not groups or groups[-1][0] != eid:
                            groups.append((eid, []))
                        groups[-1][1].append(item)

    def order(eid: str):
        return ctx.event_order(ctx.kb.events[eid])

    for (kind, period, key), groups in fresh.items():
        into = lists.setdefault((kind, period), {})
        uses = [x for x in into.get(key, ()) if x[0] not in only]
        for eid, items in groups:  # no kept use is of a contributed event: each event's uses go in as a block
            at = bisect.bisect_right(uses, order(eid), key=lambda x: order(x[0]))
            uses[at:at] = items
        if uses:
            into[key] = uses
        else:
            into.pop(key, None)
    return {period: PeriodCountries(period, lists.get(("players", period), {}), lists.get(("minors", period), {}),
                                    {code for code, n in either.get(period, {}).items() if n > 0})
            for period in events if events[period] > 0}


def minor_code_uses(ctx):
    """(code, name, entry, line, evidence) for each use of a player code, in a period whose texts write of the
    code's country as a minor and never leave open which of the two it is (``AUS/Austria``). ``evidence`` is the
    first (entry, line, words) that makes the country a minor there."""
    def compute():
        names = country_names(ctx.kb.games.get(ctx.kb.game, {}))
        found = []
        for period, model in sorted(period_countries(ctx).items()):
            for code, where in sorted(model.players.items()):
                name = names.get(code)
                if not name or name not in model.minors or code in model.either:
                    continue
                seen = set()
                for entry, line in where:
                    if (entry, line) not in seen:
                        seen.add((entry, line))
                        evidence = min(model.minors[name], key=lambda w: (w[0] != entry, w[0], w[1]))
                        found.append((code, name, entry, line, evidence, period))
        return found

    return ctx.memo(f"minor-code-uses:{ctx.kb.game}", compute)
