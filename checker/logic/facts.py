"""The KB's structured logic as ASP facts for the programs in ``asp/``.

Each requirement clause, case or part heading and effect clause becomes one numbered clause ``C`` (so that an
unsatisfiable core over ``on(C)`` can be mapped back to the words of the text, with file and line). Conditions
become terms ``pos(F)`` / ``neg(F)``; what no event of the model decides becomes an ``env`` fluent, a free
choice of the environment. ``build_model`` can restrict the model to the cone of some goal events: the events
they depend on through conditions, and the events whose effects touch what those conditions test.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..core.eventid import EventIdSyntax
from ..core.model import Clause, Event, KnowledgeBase, Section
from ..games import GameProfile, profile

EVENT_FLUENTS = {"occurred", "not_occurred", "in_effect", "not_in_effect", "over"}


_PLAIN_CONTENT = re.compile(r"[^\x00-\x1f\x7f-\x9f\\]*")  # what q keeps as it is: no control character, no backslash


def name_key(text, aliases: dict[str, str] | None = None) -> str:
    """The key of a minor's, province's or country's name: spellings that differ only in case or spacing are one
    name (a sentence in capitals writes POLAND for Poland); with ``aliases`` (``country_aliases``), a country
    written by its profile name is its code (France is FRA)."""
    key = " ".join(str(text).split()).casefold()
    return aliases.get(key, key) if aliases else key


def country_aliases(prof: GameProfile) -> dict[str, str]:
    """{name key: code key} of the game's countries: the name the profile gives each code, read as the reader
    reads it (its first capitalised word: "Holland (the Dutch player)" is Holland), so that "France" and "FRA"
    are one country in the model (docs/logic.md S7)."""
    from .reader.grammar import vocabulary_of

    return {name_key(name): name_key(code) for name, code in vocabulary_of(prof).names}


# "*" (no limit) in the ASP facts: a count no history of a bounded horizon reaches (asp/draw.lp compares the plays
# so far with it)
UNLIMITED_PLAYS = 99


def q(text: str) -> str:
    """An ASP string constant: the one function every string handed to clingo passes through.

    Backslashes are doubled and control characters (tabs, newlines, NUL, …) written as ``\\xNN`` in the string's
    content, which is injective; then the content is quoted for clingo's lexer (only ``\\`` and ``\"`` escapes).
    Nothing in ``text`` can leave the string constant (no ASP injection)."""
    text = str(text)
    if _PLAIN_CONTENT.fullmatch(text):  # most strings (ids, names): no character to write as \xNN
        return '"' + text.replace('"', '\\"') + '"'
    content = "".join(c if (" " <= c < "\x7f" or c >= "\xa0") and c != "\\" else ("\\\\" if c == "\\" else f"\\x{ord(c):02x}")
                      for c in text)
    return '"' + content.replace("\\", "\\\\").replace('"', '\\"') + '"'


@dataclass
class ClauseInfo:
    cid: int
    event: str
    line: int
    text: str
    role: str  # requirement | effect | case | part | inherited_case | inherited_part (a repeated event's, S6)


@dataclass
class LogicModel:
    facts: list[str] = field(default_factory=list)
    # The facts asp/conflicts.lp reads (effects and what places them: scopes, bodies, outcomes, alternatives,
    # phases, timing), also in ``facts``: the conflict search parses these alone, not the whole model.
    effect_facts: list[str] = field(default_factory=list)
    clauses: dict[int, ClauseInfo] = field(default_factory=dict)
    events: list[str] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    scopes: set[int] = field(default_factory=set)  # clause ids of case and part headings (scope/2 facts)
    period_labels: dict[int, str] = field(default_factory=dict)  # period number in the model -> its label

    def program(self) -> str:
        return "\n".join(self.facts) + "\n"


def flat_conditions(conds):
    """Every atomic condition inside a list of conditions (composites any / all / not opened)."""
    todo = list(conds or [])
    while todo:
        c = todo.pop()
        if not isinstance(c, dict):
            continue
        if c.get("kind") in ("any", "all", "not"):
            todo.extend(c.get("of") or [])
        else:
            yield c


def _cond_events(cond: dict[str, Any]) -> set[str]:
    return {cond["event"]} if cond.get("event") and cond["kind"] in EVENT_FLUENTS else set()


# Effect kinds of the contract (kb/schema/event.schema.json) by what the engine does with them: each is translated
# (EFFECTS_MODELLED), changes no fluent the model holds (EFFECTS_NO_FLUENT, with why), or is recorded but not
# modelled (EFFECTS_NOT_MODELLED: basis.unread_items reports such a clause, so no answer rests on it silently).
EFFECTS_MODELLED = frozenset({"owner", "minor_created", "minor_removed", "minor_neutral", "minor_vassal", "religion",
                              "cancel_event", "never_occurs", "game_ends", "first_of"})
EFFECTS_NO_FLUENT = {"declare_war": "a war is the environment's free choice at every turn (S7): a declaration "
                                    "changes no fluent the model holds"}
EFFECTS_NOT_MODELLED = {"annex": "'annex' is recorded, not modelled (write the provinces as 'owner' effects)"}


def effect_items(effects):
    """Every effect item of a list, first_of alternatives opened."""
    for eff in effects or []:
        if not isinstance(eff, dict):
            continue
        if eff.get("kind") == "first_of":
            for alt in eff.get("of") or []:
                yield from effect_items(alt)
        else:
            yield eff


def effect_reading(logic: dict[str, Any] | None) -> dict[str, Any] | None:
    """The effects a clause's logic states, as a ``role: effect`` reading, whatever the clause's role; None when it
    states none. Role effect: the logic itself. Role requirement with ``effects`` ("Only while A is in effect;
    cancels B": the effects its event has when it fires, stated in the same clause, docs/logic.md): those items
    alone, with no clause condition (the requirement's conditions are its draw's; an item keeps its own ``when``).
    Every consumer of effects (the engine, the witness, the site, the editor's words) reads them through this."""
    if not logic:
        return None
    if logic.get("role") == "effect":
        return logic
    if logic.get("role") == "requirement" and logic.get("effects"):
        return {"role": "effect", "effects": logic["effects"]}
    return None


def stated_effects(logic: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The effect items a clause's logic states (``effect_reading``), or []."""
    return (effect_reading(logic) or {}).get("effects") or []


def opening_effect_clauses(event: Event):
    """The effect clauses among an event's opening conditions, outside a modification ("Req.: A played. | Cancels
    B."): effects of every firing, as in the body."""
    for clause in event.conditions:
        if clause.kind != "modification":
            for c in clause.walk():
                if c.logic and c.logic.get("role") == "effect":
                    yield c


def game_profile(kb: KnowledgeBase) -> GameProfile:
    """The profile of the game whose events ``kb`` holds: a one-game view's game, or the one game all its events
    belong to. ``ValueError`` when the events of two games are mixed (a model is of one game: take
    ``kb.view(game)``)."""
    game = getattr(kb, "game", None)
    if game is None:
        games = sorted({e.game for e in kb.events.values()})
        if len(games) > 1:
            raise ValueError(f"the logic model is of one game, but the events given belong to {', '.join(games)}: "
                             "take one game's view (kb.view(game))")
        game = games[0] if games else None
    return profile(getattr(kb, "games", None) or {}, game)


def period_number(prof: GameProfile, label: str) -> int:
    """A period's number in the model, in play order (docs/logic.md S1): the game profile's order, never a Roman
    value. A period the profile does not list (an event of another period named as an outside reference, 7:III
    in a game listing IV and VII) is placed by its Roman value among the listed periods when they all are Roman
    numerals (III before IV, VI between IV and VII), otherwise after them (``GameProfile.period_index``)."""
    return round(100 * prof.period_index(str(label)))  # one rule for the engine, the checks and the site


def period_labels(kb: KnowledgeBase, prof: GameProfile | None = None) -> dict[int, str]:
    """Period number -> label, for every period of the profile and of the KB's events."""
    prof = prof or game_profile(kb)
    labels = {period_number(prof, p): p for p in prof.periods}
    numbers: dict[str, int] = {}  # each distinct label numbered once
    for e in kb.events.values():
        n = numbers.get(e.period)
        if n is None:
            n = numbers[e.period] = period_number(prof, e.period)
        labels[n] = e.period
    return labels


def model_periods(kb: KnowledgeBase, prof: GameProfile | None = None) -> list[int]:
    """The periods a turn can lie in (docs/logic.md S1): those of the KB's events and, in a cumulative deck,
    every period the profile lists after the earliest of them (earlier cards can still be drawn there)."""
    prof = prof or game_profile(kb)
    own = {period_number(prof, p) for p in {e.period for e in kb.events.values()}}
    if prof.deck == "cumulative" and own:
        first = min(own)
        own |= {n for n in (period_number(prof, p) for p in prof.periods) if n >= first}
    return sorted(own)


_UNTIL_RES: dict[tuple[str, ...], Any] = {}


def _until_re(labels: tuple[str, ...]):
    """"until (event) N:P (…) occurs" for P one of the game's period labels or Roman I–X (the one id syntax)."""
    if labels not in _UNTIL_RES:
        ids = EventIdSyntax.of(labels)
        _UNTIL_RES[labels] = ids.compiled(rf"until (?:event )?{ids.grouped}(?: \([^()]{{0,80}}\))? occurs")
    return _UNTIL_RES[labels]


def duration_events(event: Event, known, periods=()) -> tuple[list[str], bool]:
    """Events whose occurrence ends an ``until`` duration ("until event 8:VI occurs", "until event 21:Early
    occurs": ``periods`` are the game's period labels; Roman labels are always read), and whether the duration
    says nothing else (then the environment cannot end it otherwise)."""
    import re

    text = event.duration or ""
    if event.duration_kind != "until" or not text or len(text) > 500:
        return [], False
    found = _until_re(tuple(periods)).finditer(text)
    ids = ["{}:{}".format(*EventIdSyntax.match_id(m)) for m in found]
    ids = [i for i in ids if i in known]
    only = len(ids) == 1 and re.fullmatch(r"\s*until (?:event )?\S+(?: \([^()]{0,80}\))? occurs\s*", text) is not None
    return ids, only


def repeated_events(event: Event):
    """The events an event repeats ("The … event repeats exactly the … event (X), except …": ``role: repeats``)."""
    for clause in event.conditions:
        if clause.logic and clause.logic.get("role") == "repeats" and clause.logic.get("event"):
            yield str(clause.logic["event"])


def _requirements(event: Event):
    for clause in event.conditions:
        if clause.logic and clause.logic.get("role") == "requirement":
            yield clause


def _logic_conditions(logic: dict[str, Any] | None):
    if not logic:
        return
    for key in ("when", "when_any", "unless"):
        yield from flat_conditions(logic.get(key, []) or [])


def _event_sections(event: Event):
    for section in event.all_sections():
        yield section


def event_dependencies(event: Event, periods=(), aliases: dict[str, str] | None = None) -> dict[str, set[str]]:
    """What an event's conditions test, and what its effects change (for the cone); ``aliases``: the game's
    country names (``country_aliases``), so that a name and its code are one fluent here as in the model."""
    needs_events: set[str] = set()
    tests: set[str] = set()
    changes: set[str] = set()
    conds = [c for cl in _requirements(event) for c in _logic_conditions(cl.logic)]
    for section in _event_sections(event):
        conds.extend(_logic_conditions(section.logic))
    for clause in event.all_clauses():
        if clause.logic and clause.logic.get("role") in ("case_condition", "requirement"):
            conds.extend(_logic_conditions(clause.logic))  # a requirement inside the body too (S8)
        reading = effect_reading(clause.logic)
        if reading:  # an effect clause, or a requirement's effects stated in the same clause
            conds.extend(_logic_conditions(reading))
            for eff in effect_items(reading.get("effects", [])):
                conds.extend(flat_conditions(eff.get("when")))
                if eff["kind"] == "cancel_event" and eff.get("only_for"):
                    continue  # a cancellation for one country only changes nothing the model holds (S4)
                if eff["kind"] in ("cancel_event", "never_occurs"):
                    changes.add(f"event:{eff['event']}")
                elif eff["kind"] in ("minor_created", "minor_removed"):
                    changes.add(f"exists:{name_key(eff['subject'], aliases)}")
                elif eff["kind"] == "religion":
                    changes.add(f"religion:{name_key(eff['subject'], aliases)}")
                elif eff["kind"] == "game_ends":
                    changes.add("game")
                elif eff["kind"] == "owner":
                    changes.add(f"owner:{name_key(eff.get('subject'), aliases)}")
                elif eff["kind"] in ("minor_neutral", "minor_vassal"):
                    changes.add(f"status:{name_key(eff.get('subject'), aliases)}")
    for c in conds:
        needs_events |= _cond_events(c)
        if c["kind"] in ("exists", "not_exists"):
            tests.add(f"exists:{name_key(c.get('subject'), aliases)}")
        if c["kind"] == "religion":
            tests.add(f"religion:{name_key(c.get('subject'), aliases)}")
        if c["kind"] == "owns":
            tests.add(f"owner:{name_key(c.get('value'), aliases)}")
        if c["kind"] == "status":
            tests.add(f"status:{name_key(c.get('subject'), aliases)}")
    needs_events |= set(duration_events(event, _Anything(), periods)[0])
    # "repeats exactly X": the event plays X's cases (S6), so what X's case conditions test is tested here too
    needs_events |= {x for x in repeated_events(event)}
    return {"needs": needs_events, "tests": tests, "changes": changes}


class _Anything:
    def __contains__(self, item) -> bool:
        return True


class DependencyIndex:
    """Per-event dependencies of a KB, computed once; ``cone`` then walks them for any goal set."""

    def __init__(self, kb: KnowledgeBase, known: dict[str, dict[str, set[str]]] | None = None):
        """``known``: dependencies already computed (``event_dependencies`` with this profile's periods) for
        some of the events, exactly as they are in ``kb``; the others are computed here."""
        self.kb = kb
        self.profile = game_profile(kb)
        periods = self.profile.periods
        known = known or {}
        aliases = country_aliases(self.profile)
        self.deps = {eid: known[eid] if eid in known else event_dependencies(e, periods, aliases)
                     for eid, e in kb.events.items()}
        self.changers: dict[str, set[str]] = {}
        for eid, d in self.deps.items():
            for ch in d["changes"]:
                self.changers.setdefault(ch, set()).add(eid)

    @property
    def kb_periods(self) -> list[int]:
        """The KB's periods (every turn of every model of this KB lies in one of them), computed once."""
        if not hasattr(self, "_kb_periods"):
            self._kb_periods = model_periods(self.kb, self.profile)
        return self._kb_periods

    @property
    def period_labels(self) -> dict[int, str]:
        """Period number -> label for the whole KB (``period_labels``), computed once."""
        if not hasattr(self, "_period_labels"):
            self._period_labels = period_labels(self.kb, self.profile)
        return self._period_labels

    def cone(self, goals: set[str]) -> set[str]:
        out: set[str] = set()
        todo = [g for g in goals if g in self.kb.events]
        while todo:
            eid = todo.pop()
            if eid in out:
                continue
            out.add(eid)
            d = self.deps[eid]
            nxt = {e for e in d["needs"] if e in self.kb.events}
            for x in d["needs"] - self.kb.events.keys():  # an event outside the KB: who cancels it or forbids it
                nxt |= self.changers.get(f"event:{x}", set())
            for t in d["tests"]:
                nxt |= self.changers.get(t, set())
            nxt |= self.changers.get(f"event:{eid}", set())
            todo.extend(nxt - out)
        return out


def cone(kb: KnowledgeBase, goals: set[str]) -> set[str]:
    return DependencyIndex(kb).cone(goals)


class _Builder:
    def __init__(self, kb: KnowledgeBase, events: set[str]):
        self.kb = kb
        self.profile = game_profile(kb)
        self.scope_events = events
        self.m = LogicModel()
        self.cond_terms: set[str] = set()
        self.next_id = 1
        self.religions: dict[str, set[str]] = {}
        self.owners: dict[str, set[str]] = {}
        self.statuses: dict[str, set[str]] = {}
        self.minors: set[str] = set()
        self.out_events: set[str] = set()
        self.composites: dict[str, str] = {}
        self.spellings: dict[str, str] = {}  # a name's key -> the spelling its atoms use (name())
        self.aliases = country_aliases(self.profile)  # a country's profile name is its code (S7)

    def name(self, text) -> str:
        """A minor, province, country or religion as the model names it: one atom for every spelling that differs
        only in case or spacing ("POLAND" in a sentence in capitals is Poland), and for a country's profile name
        and its code (France, FRA), spelled as first met."""
        return self.spellings.setdefault(name_key(text, self.aliases), " ".join(str(text).split()))

    def clause_id(self, event: Event, line: int, text: str, role: str) -> int:
        cid = self.next_id
        self.next_id += 1
        self.m.clauses[cid] = ClauseInfo(cid, event.id, line, text, role)
        self.m.facts.append(f"clause({cid}).")
        return cid

    def env(self, ident: str, description: str) -> str:
        self.m.env[ident] = description
        self.m.facts.append(f"env_fluent({q(ident)}).")
        return f"env({q(ident)})"

    def out_event(self, eid: str, base: str) -> str:
        """A fluent of an event outside the model (docs/logic.md S7: occurred is monotone)."""
        if eid not in self.out_events:
            self.out_events.add(eid)
            self.m.facts.append(f"out_event({q(eid)}).")
            num, sep, label = eid.partition(":")
            if sep and num.isdigit() and label:  # its period, in play order (S7: it occurs in its period)
                self.m.facts.append(f"out_period({q(eid)},{period_number(self.profile, label)}).")
            self.m.env[f"occurred {eid}"] = f"event {eid} occurred (outside the model)"
        return f"out_{base}({q(eid)})"

    def term(self, cond: dict[str, Any]) -> str:
        kind = cond.get("kind")
        if kind in ("any", "all", "not"):
            args = [self.term(c) for c in cond.get("of") or [] if isinstance(c, dict)]
            key = f"{kind}:{','.join(args)}"
            if key not in self.composites:
                n = len(self.composites) + 1
                self.composites[key] = f"cmp({n})"
                self.m.facts.append(f"cmp_kind({n},{'negation' if kind == 'not' else kind}).")
                self.m.facts.extend(f"cmp_arg({n},{a})." for a in args)
            term = self.composites[key]
            return self._not_of(term) if cond.get("negated") else term
        negated = bool(cond.get("negated"))
        subject, value, event = cond.get("subject"), cond.get("value"), cond.get("event")
        if kind in ("exists", "not_exists", "religion", "owns", "status"):
            subject = self.name(subject)
            value = self.name(value) if value is not None and kind in ("owns", "religion") else value
        if kind in EVENT_FLUENTS:
            base = {"not_occurred": "occurred", "not_in_effect": "in_effect"}.get(kind, kind)
            negated ^= kind.startswith("not_")
            if event in self.scope_events:
                fluent = f"{base}({q(event)})"
            else:
                fluent = self.out_event(str(event), base)
        elif kind in ("exists", "not_exists"):
            negated ^= kind == "not_exists"
            self.minors.add(str(subject))
            fluent = f"exists({q(subject)})"
        elif kind in ("inactive", "active"):
            negated ^= kind == "active"
            fluent = self.env(f"inactive {subject}", f"{subject} is inactive")
        elif kind in ("at_war", "at_peace"):
            negated ^= kind == "at_peace"
            fluent = self.env(f"war {subject} {value}", f"{subject} is at war with {value}")
        elif kind == "religion":
            self.religions.setdefault(str(subject), set()).add(str(value))
            fluent = f"religion({q(subject)},{q(value)})"
        elif kind == "owns":  # subject owns the province value
            self.owners.setdefault(str(value), set()).add(str(subject))
            fluent = f"owner({q(value)},{q(subject)})"
        elif kind == "status":
            self.statuses.setdefault(str(subject), set()).add(str(value))
            fluent = f"status({q(subject)},{q(value)})"
        elif kind == "period_at_least":
            fluent = f"period_at_least({period_number(self.profile, value)})"
        else:  # free and anything else no event decides
            text = value or subject or kind
            fluent = self.env(f"{kind} {subject or ''} {text}".strip(), str(text))
        term = f"{'neg' if negated else 'pos'}({fluent})"
        self._declare(term)
        return term

    def _declare(self, term: str) -> None:
        if term.startswith(("pos(", "neg(")) and term not in self.cond_terms:
            self.cond_terms.add(term)
            self.m.facts.append(f"cond_term({term}).")

    def _not_of(self, term: str) -> str:
        key = f"not:{term}"
        if key not in self.composites:
            n = len(self.composites) + 1
            self.composites[key] = f"cmp({n})"
            self.m.facts.append(f"cmp_kind({n},negation). cmp_arg({n},{term}).")
        return self.composites[key]

    def event(self, event: Event) -> None:
        e = q(event.id)
        f = self.m.facts
        f.append(f"event({e}). event_period({e},{period_number(self.profile, event.period)}).")
        # The title (multiplicity) and the duration line are clauses too, so explanations can name them.
        title = self.clause_id(event, event.source.line, event.header, "title")
        f.append(f"multiplicity_clause({e},{title}).")
        kind = event.duration_kind
        if kind == "turns" and event.duration_turns:
            dur = self.clause_id(event, event.duration_line or event.source.line,
                                 f"(duration: {event.duration})", "duration")
            f.append(f"duration_fixed({e},{event.duration_turns}). duration_clause({e},{dur}).")
        elif kind == "permanent":
            f.append(f"duration_permanent({e}).")
        elif kind == "immediate":
            f.append(f"duration_immediate({e}).")
        else:  # until …, or not stated: ended by the environment
            f.append(f"duration_free({e}).")
            if event.duration_turns:
                f.append(f"duration_max({e},{event.duration_turns}).")
            ids, only = duration_events(event, _Anything(), self.profile.periods)
            for x in ids:
                fluent = f"occurred({q(x)})" if x in self.scope_events else self.out_event(x, "occurred")
                f.append(f"duration_until({e},{fluent}).")
            if only:
                f.append(f"duration_only_events({e}).")
        f.append(f"multiplicity({e},{UNLIMITED_PLAYS if event.plays is None else event.plays}).")
        for clause in _requirements(event):
            self.requirement(event, clause)
            if effect_reading(clause.logic):  # its effects when the event fires (any draw that plays it)
                self.effect(event, clause, None, None)
        # An event defined as another plus modifications (8:VII "repeats exactly 7:VII, except …") lists its
        # changed effects among its opening clauses; they apply whenever the event fires, in every case.
        for clause in event.conditions:
            if clause.kind == "modification":
                for c in clause.walk():
                    if effect_reading(c.logic):
                        self.effect(event, c, None, None)
        for c in opening_effect_clauses(event):  # (a requirement's own effects were added above)
            self.effect(event, c, None, None)
        for section in event.body:
            self.section(event, section, body=None, parent=None, group=f"top{event.id}")
        # "repeats exactly X, except …" (S6): the event plays X's cases, so it has X's case and part scopes, with
        # X's conditions (clauses of X's text); X's effects are not its own (its changed clauses are)
        for x in repeated_events(event):
            model = self.kb.events.get(x)
            if model is not None and model.id != event.id:
                for section in model.body:
                    self.section(model, section, body=None, parent=None, group=f"rep{event.id}", owner=event)

    def requirement(self, event: Event, clause: Clause, body: int | None = None, scope: int | None = None) -> None:
        """A requirement clause: among the opening conditions, or inside the body (S8), where it applies only to a
        draw that would play its scope (``scope``: a part or case) or its numbered body (``body``)."""
        cid = self.clause_id(event, clause.line, f"{clause.marker} {clause.text}".strip(), "requirement")
        logic = clause.logic
        f = self.m.facts
        f.append(f"req({q(event.id)},{cid}).")
        if logic.get("every_draw"):
            pass  # it names its own draw ("rolled for a second time"): every draw, wherever it stands
        elif scope is not None:
            f.append(f"req_scope({cid},{scope}).")
        elif body is not None:
            f.append(f"req_body({cid},{body}).")
        for cond in logic.get("when", []) or []:
            f.append(f"when({cid},{self.term(cond)}).")
        for cond in logic.get("when_any", []) or []:
            f.append(f"any({cid},{self.term(cond)}).")
        for cond in logic.get("unless", []) or []:
            f.append(f"unless({cid},{self.term(cond)}).")
        if logic.get("on_fail") in ("mark_off", "consider_played"):
            f.append(f"fail_marks({cid}).")
        elif logic.get("on_fail") == "refused_renewable":
            f.append(f"fail_refuses({cid}).")

    def section(self, event: Event, section: Section, body: int | None, parent: int | None, group: str,
                phase: str | None = None, owner: Event | None = None) -> None:
        """The scopes and effects of one section of ``event``'s text. ``owner``: the event that plays them when it
        is not ``event`` (an event that repeats ``event``: its scopes only, named by ``event``'s clauses)."""
        f = self.m.facts
        scope = parent
        inherited = owner is not None and owner is not event
        owner = owner or event
        if section.kind == "phase" and section.canonical:
            phase = section.canonical
        if section.kind == "event" and section.canonical and section.canonical.isdigit():
            body = int(section.canonical)
            group = f"{'rep' if inherited else 'body'}{owner.id}#{body}"
        cond_clauses = [c for c in section.clauses if c.logic and c.logic.get("role") == "case_condition"]
        if section.kind in ("case", "part", "extension"):
            role = "case" if section.kind == "case" else "part"
            sid = self.clause_id(event, section.line, section.heading, f"inherited_{role}" if inherited else role)
            scope = sid
            if not inherited:  # the repeated event's own scopes are asked about (verdicts), not their copies
                self.m.scopes.add(sid)
            f.append(f"scope({sid},{q(owner.id)}).")
            if section.kind == "case":
                f.append(f"case_scope({sid}). case_group({sid},{q(group)}).")
                self.m.effect_facts.append(f[-1])
            else:
                f.append(f"part_scope({sid}).")
            if body is not None:
                f.append(f"scope_body({sid},{body}).")
            if parent is not None:
                f.append(f"scope_parent({sid},{parent}).")
            for term in self.scope_terms(section.logic):
                f.append(f"scope_cond({sid},{sid},{term}).")
            for clause in cond_clauses:
                cid = self.clause_id(event, clause.line, f"{clause.marker} {clause.text}".strip(),
                                     "inherited_part" if inherited else "part")
                for term in self.scope_terms(clause.logic):
                    f.append(f"scope_cond({sid},{cid},{term}).")
            group = f"scope{sid}"
        if not inherited:  # a repeated event's requirements stay its own: the repeating event has its own (S8)
            for clause in section.clauses:
                for c in clause.walk():
                    if c.logic and c.logic.get("role") == "requirement":
                        self.requirement(event, c, body, scope)
                    if effect_reading(c.logic):  # an effect clause, or a requirement's effects (same scope)
                        self.effect(event, c, body, scope, phase)
        for sub in section.sections:
            self.section(event, sub, body, scope, group, phase, owner)

    def scope_terms(self, logic: dict[str, Any] | None) -> list[str]:
        """A case or part condition: all of ``when``, one of ``when_any``, not all of ``unless``."""
        logic = logic or {}
        terms = [self.term(c) for c in logic.get("when", []) or []]
        if logic.get("when_any"):
            terms.append(self.term({"kind": "any", "of": logic["when_any"]}))
        if logic.get("unless"):
            terms.append(self.term({"kind": "not", "of": [{"kind": "all", "of": logic["unless"]}]}))
        return terms

    def effect_term(self, eff: dict[str, Any]) -> str | None:
        kind = eff.get("kind")
        if kind in ("owner", "minor_created", "minor_removed", "minor_neutral", "minor_vassal", "religion"):
            eff = dict(eff, subject=self.name(eff["subject"]))
            if kind in ("owner", "religion", "minor_vassal") and eff.get("value") is not None:
                eff["value"] = self.name(eff["value"])
        if kind == "owner":
            self.owners.setdefault(str(eff["subject"]), set()).add(str(eff["value"]))
            return f"owner({q(eff['subject'])},{q(eff['value'])})"
        if kind == "minor_created":
            self.minors.add(str(eff["subject"]))
            return f"exists({q(eff['subject'])},1)"
        if kind == "minor_removed":
            self.minors.add(str(eff["subject"]))
            return f"exists({q(eff['subject'])},0)"
        if kind == "minor_neutral":
            self.statuses.setdefault(str(eff["subject"]), set()).add("neutral")
            return f"status({q(eff['subject'])},\"neutral\")"
        if kind == "minor_vassal":
            value = "vassal of " + str(eff["value"])
            self.statuses.setdefault(str(eff["subject"]), set()).add(value)
            return f"status({q(eff['subject'])},{q(value)})"
        if kind == "religion":
            self.religions.setdefault(str(eff["subject"]), set()).add(str(eff["value"]))
            return f"religion({q(eff['subject'])},{q(eff['value'])})"
        if kind == "cancel_event":
            if eff.get("only_for"):  # "… for USSR only": X's run goes on; the model has no per-country effect (S4)
                return None
            return f"cancel({q(eff['event'])})"
        if kind == "never_occurs":
            return f"never({q(eff['event'])})"
        if kind == "game_ends":
            return "game_ends"
        return None

    def effect(self, event: Event, clause: Clause, body: int | None, scope: int | None,
               phase: str | None = None) -> None:
        """One effect clause (or the effects a requirement clause states: ``effect_reading``); an item with its
        own ``when`` and each first_of alternative get their own clause id (same line and words) so that their
        conditions guard them alone."""
        logic = effect_reading(clause.logic) or {}
        text = f"{clause.marker} {clause.text}".strip()
        plain: list[str] = []
        groups: list[tuple[str | None, list[tuple[dict, list]]]] = []  # (first_of group, [(item, item when)])
        for eff in logic.get("effects", []) or []:
            if not isinstance(eff, dict):
                continue
            if eff.get("kind") == "first_of":
                gid = f"g{self.next_id}_{len(groups)}"
                for i, alt in enumerate(eff.get("of") or []):
                    items = [x for x in effect_items(alt)]
                    conds = [c for x in items for c in x.get("when") or []]
                    groups.append((f"{gid}#{i}", [(x, conds) for x in items]))
            elif eff.get("when"):
                groups.append((None, [(eff, list(eff["when"]))]))
            else:
                term = self.effect_term(eff)
                if term:
                    plain.append(term)
        if plain:
            self.effect_clause(event, clause, logic, text, body, scope, plain, [], None, phase)
        for gid, items in groups:
            terms = [t for t in (self.effect_term(x) for x, _ in items) if t]
            if terms or gid is not None:
                self.effect_clause(event, clause, logic, text, body, scope, terms, items[0][1] if items else [], gid,
                                   phase)

    def effect_clause(self, event, clause, logic, text, body, scope, terms, item_when, gid, phase=None) -> None:
        cid = self.clause_id(event, clause.line, text, "effect")
        f = self.m.facts
        first = len(f)  # what this clause adds is also an effect fact (conflicts.lp)
        e = q(event.id)
        if not terms:
            f.append(f"effect({cid},{e},nothing).")
        for t in terms:
            f.append(f"effect({cid},{e},{t}).")
        if scope is not None:
            f.append(f"effect_scope({cid},{scope}).")
        if body is not None:
            f.append(f"effect_body({cid},{body}).")
        for cond in list(logic.get("when", []) or []) + list(item_when):
            f.append(f"effect_when({cid},{self.term(cond)}).")
        for cond in logic.get("unless", []) or []:  # "… annexes DANZIG unless event 11:VII is in effect"
            f.append(f"effect_unless({cid},{self.term(cond)}).")
        if gid is not None:
            group, index = gid.split("#")
            f.append(f"alt({cid},{q(group)},{int(index)}).")
        if logic.get("outcome"):
            f.append(f"outcome({cid},{q(logic['outcome'])}). outcome_of({e},{q(logic['outcome'])}).")
        if logic.get("optional"):
            f.append(f"optional({cid}).")
        if logic.get("timing") == "on_end":
            f.append(f"effect_end({cid}).")
        if phase:
            f.append(f"effect_phase({cid},{q(phase)}).")
        self.m.effect_facts.extend(f[first:])

    def finish(self, kb_periods: list[int] | None = None, labels: dict[int, str] | None = None) -> LogicModel:
        f = self.m.facts
        for p in kb_periods if kb_periods is not None else model_periods(self.kb, self.profile):
            f.append(f"kb_period({p}).")
        if self.profile.deck == "cumulative":
            f.append("deck_cumulative.")
        self.m.period_labels = dict(labels) if labels is not None else period_labels(self.kb, self.profile)
        for x in sorted(self.minors):
            f.append(f"minor({q(x)}).")
        for x, values in sorted(self.religions.items()):
            f.append(f"has_religion({q(x)}).")
            f.extend(f"religion_value({q(x)},{q(r)})." for r in sorted(values | {"other"}))
        for p, values in sorted(self.owners.items()):
            f.append(f"province({q(p)}).")
            f.extend(f"owner_value({q(p)},{q(x)})." for x in sorted(values | {"other"}))
        for x, values in sorted(self.statuses.items()):
            f.append(f"has_status({q(x)}).")
            f.extend(f"status_value({q(x)},{q(v)})." for v in sorted(values | {"other"}))
        return self.m


def build_model(kb: KnowledgeBase, goals: set[str] | None = None,
                index: DependencyIndex | None = None) -> LogicModel:
    """Facts for the whole KB, or for the cone of ``goals`` (walked in ``index`` when given: build the index once
    when many cones of one KB are modelled)."""
    if goals:
        events = (index or DependencyIndex(kb)).cone(goals)
    else:
        events = set(kb.events)
    b = _Builder(kb, events)
    key = model_sort_key(kb, b.profile)
    for eid in sorted(events, key=key):
        b.event(kb.events[eid])
    model = b.finish(index.kb_periods if index is not None else None,
                     index.period_labels if index is not None else None)
    model.events = sorted(events, key=key)
    return model


def model_sort_key(kb: KnowledgeBase, prof: GameProfile | None = None):
    """Events in play order: by the profile's period order, then number (free period labels included)."""
    prof = prof or game_profile(kb)

    def key(eid: str):
        e = kb.events.get(eid)
        num, _, per = eid.partition(":")
        return (period_number(prof, e.period if e is not None else per), int(num) if num.isdigit() else 0, eid)
    return key
