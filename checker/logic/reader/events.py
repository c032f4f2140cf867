"""Read a sentence of the event language — requirements, event-state conditions, outcomes, effects on events — into
the logic dicts of docs/logic.md.

``phrases.tokens`` turns the sentence into tokens (every word a lexicon form, a filler or a reference, else the
sentence is not in this language); ``events.lark`` is parsed by Lark's Earley parser with explicit ambiguity; every
parse is turned into logic, and when two parses give different logic the sentence is *ambiguous* and reported with
both readings — never settled by the order of the grammar's rules. "A and B or C" (and/or mixed at one level with
no either/both to group them) is ambiguous too.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
import re
from typing import Any

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import LarkError, UnexpectedInput, VisitError
from lark.visitors import CollapseAmbiguities

from ..._fast import enabled as fast_enabled
from ..._fast.parse_memo import Failed, ParseMemo
from .formulas import _and, _atoms_of, _flat_and, _nnf, _not, _or, condition_lists, to_condition
from .phrases import Context, Unknown, as_places, lexicon_for, lexicon_tokens, tokens
from .reading import Reading, Unread

_HERE = os.path.dirname(__file__)
MAX_PARSES = 16  # readings compared per sentence (the grammar's ambiguities are few and small)
MAX_TOKENS = 120
FORM = "event-language"
EXTRA_TOKENS = ("REF", "PERIOD", "CODE", "COMMA", "SEMI", "LPAR", "RPAR", "NAME", "ADJ", "ARROW")


@functools.lru_cache(maxsize=1)
def _parser() -> Lark:
    with open(os.path.join(_HERE, "events.lark"), encoding="utf-8") as fh:
        text = fh.read()
    names = sorted(set(lexicon_tokens()) | set(EXTRA_TOKENS))
    text += "\n" + "\n".join(f'{n}: "{n}"' for n in names) + "\n"
    return Lark(text, parser="earley", lexer="basic", ambiguity="explicit", start="start")


@functools.lru_cache(maxsize=1)
def _memo() -> ParseMemo:
    return ParseMemo(lambda stream: _parser().parse(stream), (UnexpectedInput,))


def parse_stream(stream: str):
    """The Earley parse of a stream of token kinds: a tree (with the ambiguities kept), or ``Failed`` with where the
    parser stopped. Each stream is parsed once (the ``parse_memo`` trick; ``RULEKB_PLAIN=1``: every time)."""
    return _memo()(stream) if fast_enabled("parse_memo") else _memo().plain(stream)


class Ev(str):
    """An event id the transformer resolved (apart from the parse's own tokens, which are strings too)."""


_ITS = "\u27e8its\u27e9"  # "its effects": stands for the event the sentence's condition names


class Word(str):
    """A value the transformer made: an outcome ("reroll") or a connective ("and", "or")."""


class Grouped(tuple):
    """A condition on a group of events joined by a bare "and" / "or" ("A or B is in effect"): ``joiner`` says
    which. Beside the other connective at the level above ("A or B is in effect and C has occurred") nothing says
    which groups first."""

    joiner = ""


_EXPLICIT_GROUP = frozenset({"BOTH", "EITHER", "ANY_OF", "ALL_OF", "NONE_OF"})


def _bare_joiner(items) -> str:
    """"and" / "or" for a bare list of two or more events ("A, B or C"); "" when a word groups it ("either A or
    B", "both", "any of") or it names one event."""
    toks = [i for i in items if isinstance(i, Token)]
    if any(t.type in _EXPLICIT_GROUP for t in toks):
        return ""
    kinds = {t.type for t in toks}
    return "or" if "OR" in kinds else "and" if "AND" in kinds else ""


def _as_group(refs, formula):
    """``formula`` (a state of the events ``refs``) marked as a group's when a bare "and" / "or" joins two or more
    events ("A and B are in effect"), for what reads it next (``cond``, ``_not_over_and``)."""
    joiner = getattr(refs, "joiner", "")
    if joiner and len(refs[1]) > 1 and not isinstance(formula, Grouped):
        formula = Grouped(formula)
        formula.joiner = joiner
    return formula


def _not_over_and(formula):
    """``formula``, which a negative frame negates ("cannot occur if / while / after …"); raises ``Unread`` when it is
    a group of events joined by a bare "and": "cannot occur while A and B are in effect", "shall not come to pass
    after A and B" — while both are (not (A and B)), or while either is (neither)? "both" says the first, "either"
    / "or" / "neither … nor" the second."""
    if isinstance(formula, Grouped) and formula.joiner == "and":
        raise Unread("ambiguous: a negative frame over events joined by a bare 'and' (while both, or while either? "
                     "write 'both … and' or 'either … or')", "and")
    return formula


class _Begun(tuple):
    """A period named by its start ("once the Late War has begun"): after it is from the period on."""


class _EffectsOf(list):
    """The events an effect names after "the effects of" ("the effects of this event are cancelled")."""


class _ToFormula(Transformer):
    def __init__(self, ctx: Context, offsets: dict):
        super().__init__()
        self.ctx = ctx
        self.offsets = offsets
        self._bare_self_cancel = False  # this event named as cancelled, not "its effects" (eff_if)
        self.it_used = False  # "it" stood for an event the sentence names (read_event_sentence checks "this event")
        self.it_subject: int | None = None  # where "it" stood as a frame's subject (read_event_sentence)
        # a requirement that joins its parts by "or" ("A must … or B must …"): beside another one, which does "or"
        # join? (req_sentence)
        self._or_requirement = False

    def _val(self, tok) -> str:
        src = self.offsets.get(tok.start_pos)
        return src.value if src is not None else ""

    # references
    def ref(self, items):
        tok = items[0]
        if tok.type == "THIS":
            if not self.ctx.event_id:
                raise Unread("'this event' without an event", "this event")
            return Ev(self.ctx.event_id)  # an event like any other ("Korean War or this card is in effect")
        return Ev(self._val(tok))

    def refs_one(self, items):
        return ("all", [items[0]])

    @staticmethod
    def _events(items):
        out = []
        for i in items:
            if isinstance(i, Ev):
                out.append(i)
            elif isinstance(i, list):
                out.extend(x for x in i if isinstance(x, Ev))
        return out

    def refs_and(self, items):
        out = Grouped(("all", self._events(items)))
        out.joiner = _bare_joiner(items)
        return out

    def refs_or(self, items):
        out = Grouped(("any", self._events(items)))
        out.joiner = _bare_joiner(items)
        # "at least one of A or B": the group said as one, whatever word follows it (_time_group)
        out.explicit = any(getattr(t, "type", None) == "ANY_OF" for t in items)
        return out

    def refs_none(self, items):
        return ("none", self._events(items))

    def ref_list(self, items):
        return [i for i in items if isinstance(i, Ev)]

    # predicates: functions of an event
    def occurred(self, _):
        return lambda e: ("atom", "occurred", e)

    def not_occurred(self, _):
        return lambda e: ("not", ("atom", "occurred", e))

    def in_effect(self, _):
        return lambda e: ("atom", "in_effect", e)

    def not_in_effect(self, _):
        return lambda e: ("not", ("atom", "in_effect", e))

    def over(self, _):
        return lambda e: ("atom", "over", e)

    def not_over(self, _):
        return lambda e: ("not", ("atom", "over", e))

    def pred_group(self, items):
        return items[0]

    def pred_or(self, items):
        ps = [i for i in items if callable(i)]
        return lambda e: _or([p(e) for p in ps])

    def pred_and(self, items):
        ps = [i for i in items if callable(i)]
        return lambda e: _and([p(e) for p in ps])

    adj_or = pred_or
    adj_and = pred_and

    def _apply(self, refs, pred):
        how, events = refs
        if how in ("all", "any") and len(events) > 1 and pred(events[0])[0] == "not":
            # "A or B is not in effect", "both A and B have not occurred": does "not" bind each event or the
            # group? (neither … nor, none of: unambiguous)
            raise Unread("ambiguous: a negated state of a group of events (each one, or the group?)",
                         " / ".join(events))
        if how == "none":
            return _and([_not(pred(e)) for e in events])
        parts = [pred(e) for e in events]
        return _and(parts) if how == "all" else _or(parts)

    # conditions
    def atom_refs(self, items):
        self._last_pred = items[1]
        self._last_refs = items[0]
        return _as_group(items[0], self._apply(items[0], items[1]))

    def atom_occurred_ref(self, items):
        """An event alone in a field's list of what is required ("Requires: A; B in effect"): it has occurred."""
        return self._apply(("all", [items[0]]), lambda e: ("atom", "occurred", e))

    def atom_its(self, items):
        """"… if Bay of Pigs has been played and its effects are still in force": the one event named just before."""
        refs = getattr(self, "_last_refs", None)
        if refs is None or len(refs[1]) != 1:
            raise Unread("'its effects' with no single event before it", "its effects")
        return self._apply(refs, items[-1])

    def atom_not_owned_by(self, items):
        return ("not", self.atom_owned_by(items))

    def atom_ellipsis(self, items):
        """"A is in effect and B is not", "A has been played but B has not": B in the negative of A's state ("A is
        not in effect and B is not": B is not in effect either)."""
        pred = getattr(self, "_last_pred", None)
        if pred is None:
            raise Unread("a state left out ('… is not') with no state before it to stand for", "is not")
        return self._apply(items[0], lambda e: pred(e) if pred(e)[0] == "not" else _not(pred(e)))

    def atom_not_occurred(self, items):
        """"Req.: not 1:Mid": the event named after "not" alone has not occurred (a group is ambiguous: ``_apply``)."""
        refs = next(i for i in items if isinstance(i, tuple))
        return self._apply(refs, lambda e: _not(("atom", "occurred", e)))

    def atom_this_played(self, _):
        """"when you play this card": this event occurs (an effect's condition that always holds when it fires)."""
        return ("atom", "occurred", self.ctx.event_id)

    def req_join(self, _):
        return None

    def atom_owned_by(self, items):
        names = [i for i in items if isinstance(i, Ev)]
        return ("atom", "owns", (names[1], names[0]))

    def atom_neither(self, items):
        refs = [i for i in items if isinstance(i, Ev)]
        pred = [i for i in items if callable(i)][0]
        return _and([_not(pred(e)) for e in refs])

    def atom_no(self, items):
        """"no Marshall Plan in effect": that event not in that state."""
        ev = next(i for i in items if isinstance(i, Ev))
        pred = next(i for i in items if callable(i))
        return _not(pred(ev))

    def atom_paren(self, items):
        """"(A has occurred and B in effect)": the bracketed condition, grouped as the brackets say."""
        return tuple(next(i for i in items if isinstance(i, tuple)))

    def atom_not_paren(self, items):
        """"NOT (A IN EFFECT OR B IN EFFECT)": the bracketed condition does not hold."""
        return _not(self.atom_paren(items))

    def atom_either(self, items):
        return _or([i for i in items if isinstance(i, tuple)])

    def atom_both(self, items):
        return _and([i for i in items if isinstance(i, tuple)])

    def atom(self, items):
        return items[0]

    def period(self, items):
        return ("period", self._val([t for t in items if t.type == "PERIOD"][0]))

    def pc_from(self, items):
        return [i for i in items if isinstance(i, tuple)][0]

    def pc_after(self, items):
        """"if it is after the Mid War": the next period has come."""
        return self._after([i for i in items if isinstance(i, tuple)][0])

    def conn(self, items):
        return Word("or" if any(t.type == "OR" for t in items) else "and")

    field_conn = conn  # the joiners of a field's list ("Requires: A; or B")

    def cond(self, items):
        atoms = [i for i in items if isinstance(i, tuple)]
        conns = {i for i in items if isinstance(i, Word)}
        if len(conns) > 1:
            raise Unread("ambiguous: 'and' and 'or' at one level, with nothing to say which groups first",
                         "and … or")
        # "A or B is in effect and C has occurred": (A or B) and C, or A or (B and C)?
        inner = {a.joiner for a in atoms if isinstance(a, Grouped) and a.joiner}
        if len(atoms) > 1 and conns and inner - conns:
            raise Unread("ambiguous: a group of events joined by 'and' or 'or' beside the other connective, with "
                         "nothing to say which groups first", "and … or")
        return _or(atoms) if conns == {"or"} else _and(atoms)

    cond_tail, conn_tail = cond, conn

    # time objects
    def _time_group(self, refs):
        if refs[0] == "any" and len(refs[1]) > 1 and not getattr(refs, "explicit", False):
            # "before A or B has occurred": before either (one must have occurred) or before both? ("until at least
            # one of A or B has occurred" says which)
            raise Unread("ambiguous: 'or' between events after a time word", " or ".join(refs[1]))

    def tobj_bare(self, items):
        self._time_group(items[0])
        return self._apply(items[0], lambda e: ("atom", "occurred", e))

    def tobj_bare_after(self, items):
        """"after A or B": after either of them has occurred (no ambiguity after "after")."""
        return _as_group(items[0], self._apply(items[0], lambda e: ("atom", "occurred", e)))

    def tobj_pred_after(self, items):
        if items[1]("X") == ("atom", "in_effect", "X"):
            # "once NATO is in effect": only while it is, or from then on for good?
            raise Unread("ambiguous: 'after' / 'once' an event is in effect (only while it is, or from then on?)",
                         "once … in effect")
        self._last_pred = items[1]  # "once 7:VII has happened, provided 8:VII has not"
        return _as_group(items[0], self._apply(items[0], items[1]))

    def tobj_until_bare(self, items):
        """"until the Korean War": until it has occurred, or until it is over? Two readings: reported."""
        raise Unread("ambiguous: 'until' an event with no state named: until it occurs, or until it is over? "
                     "Say which ('until … has occurred', 'until … is over')", "until")

    def tobj_pred(self, items):
        self._time_group(items[0])
        self._last_pred = items[1]
        return self._apply(items[0], items[1])

    def tobj_end(self, items):
        """"the conclusion of 4:VII": its end, i.e. it is over."""
        refs = next(i for i in items if isinstance(i, tuple))
        self._time_group(refs)
        return self._apply(refs, lambda e: ("atom", "over", e))

    def tobj_bare_of(self, items):
        """"the prior occurrence of 7:VII": it has occurred."""
        return self.tobj_bare([next(i for i in items if isinstance(i, tuple))])

    def tobj_period(self, items):
        return items[0]

    def tobj_period_reached(self, items):
        """"before the game has reached period VII": the period itself."""
        return items[-1]

    def tobj_period_begun(self, items):
        """"once the Late War has begun": from the period's start, not after its end."""
        return _Begun(items[0])

    def _after(self, f):
        if isinstance(f, _Begun):
            return tuple(f)
        if f[0] == "period":
            periods = list(self.ctx.periods)
            if f[1] not in periods or periods.index(f[1]) + 1 >= len(periods):
                raise Unread("'after' a period with no period after it in the game", f[1])
            return ("period", periods[periods.index(f[1]) + 1])
        return f

    # requirement intros: each gives what must hold
    def ni_if(self, items):
        return _not(_not_over_and([i for i in items if isinstance(i, tuple)][0]))

    def ni_during(self, items):
        return _not(_not_over_and(_as_group(items[-1], self._apply(items[-1], lambda e: ("atom", "in_effect", e)))))

    def ni_before(self, items):
        return items[-1]

    def ni_after(self, items):
        return _not(self._after(_not_over_and(items[-1])))

    def ni_after_while(self, items):
        """"not playable once A has been played and B is in effect": not both."""
        return _not(self.oi_after_while(items))

    def ni_in_period(self, items):
        if not any(getattr(t, "type", None) == "OR_LATER" for t in items):
            return self.ni_during_period(items)  # "not playable in the Early War": as "during" 
        return _not([i for i in items if isinstance(i, tuple)][0])

    def ni_during_period(self, items):
        """"Cannot be played during the Early War": the first period excluded is "from the next on"; the last
        excluded is "not in it"; a period between two others is neither, and is not read."""
        label = [i for i in items if isinstance(i, tuple)][0][1]
        periods = list(self.ctx.periods)
        if len(periods) < 2 or label not in (periods[0], periods[-1]):
            raise Unread("'not during' a period between two others", label)
        return _not(self.oi_during_period(items))  # the complement of "only during" it

    def ni_unless(self, items):
        return ("unless", [i for i in items if isinstance(i, tuple)][0])

    def ni_unless_during(self, items):
        """"cannot occur except during X": X must be in effect."""
        return ("unless", _not(self.ni_during(items)))

    def ni_unless_after(self, items):
        """"cannot occur save after X": X must have occurred."""
        return ("unless", _not(self.ni_after(items)))

    def ni_drawn(self, items):
        return [i for i in items if isinstance(i, tuple)][-1]

    def neg_intros(self, items):
        """Each intro says when the event cannot occur; an "unless" after another is an exception to all before
        it: "cannot occur while A unless B" is (not A) or B."""
        parts, exceptions = [], []
        for i, f in enumerate(x for x in items if isinstance(x, tuple)):
            if f[0] == "unless":
                (exceptions if i else parts).append(f[1])
            else:
                parts.append(f)
        base = _and(parts) if parts else None
        if exceptions and any(f[0] in ("and", "or") for f in exceptions):
            # "cannot occur if A unless B and C": is C part of the exception or a requirement of its own?
            raise Unread("ambiguous: an 'unless' exception followed by 'and' / 'or' (which does it govern?)",
                         "unless … and/or …")
        if exceptions and (len(parts) > 1 or any((f[1] if f[0] == "not" else f)[0] in ("and", "or") for f in parts)):
            # "shall not occur where A or B, unless C": an exception to both, or to B alone?
            raise Unread("ambiguous: an 'unless' exception after conditions joined by 'and' / 'or' (does it govern "
                         "all of them or the last?)", "… and/or …, unless …")
        if exceptions:
            return _or(([base] if base is not None else []) + exceptions)
        return base

    def oi_if(self, items):
        return [i for i in items if isinstance(i, tuple)][0]

    def oi_during(self, items):
        return self._apply(items[-1], lambda e: ("atom", "in_effect", e))

    def oi_during_period(self, items):
        """"Only during the Late War": the period is P; read only where P is the game's last period (then it is
        "P or later")."""
        label = [i for i in items if isinstance(i, tuple)][0][1]
        periods = list(self.ctx.periods)
        if len(periods) > 1 and label == periods[0]:
            return _not(("period", periods[1]))  # "Early War only": not yet the next period
        if not periods or label != periods[-1]:
            raise Unread("'during' a period that is neither the game's first nor its last", label)
        return ("period", label)

    def oi_after(self, items):
        return self._after([i for i in items if isinstance(i, tuple)][0])

    def oi_before(self, items):
        return _not([i for i in items if isinstance(i, tuple)][0])

    def oi_from_period(self, items):
        return [i for i in items if isinstance(i, tuple)][0]

    def oi_after_each(self, items):
        """"only after period VII has begun and 2:VII has occurred": after each, so all of them."""
        return _and([self._after(i) for i in items if isinstance(i, tuple)])

    def oi_after_before(self, items):
        a, b = [i for i in items if isinstance(i, tuple)]
        return _and([self._after(a), _not(b)])

    def oi_after_while(self, items):
        """"can be played after A has been played, as long as B is not in effect": both hold."""
        a, b = [i for i in items if isinstance(i, tuple)]
        return _and([self._after(a), b])

    def only_join(self, items):
        return Word("or" if any(t.type == "OR" for t in items) else "and")

    def only_intros(self, items):
        fs = [i for i in items if isinstance(i, tuple)]
        joins = {i for i in items if isinstance(i, Word)}
        if len(joins) > 1:
            raise Unread("ambiguous: 'and' and 'or' between conditions", "and … or")
        return _or(fs) if joins == {"or"} else _and(fs)

    def req_to(self, items):
        return items[-1]

    # requirements: ("req", formula) or ("req", formula, on_fail) when the outcome stands first
    def _req(self, items):
        f = [i for i in items if isinstance(i, tuple)][-1]
        return ("req", f[1] if f[0] == "unless" else f)

    def req_once(self, items):
        """"This event can happen only once", "Once per game.": it may occur if it has not occurred (S3)."""
        if not self.ctx.event_id:
            raise Unread("'only once' in a text with no event of its own", "only once")
        return ("req", ("not", ("atom", "occurred", self.ctx.event_id)))

    def req_outcome_first(self, items):
        out = next(i for i in items if isinstance(i, Word))
        return ("req", [i for i in items if isinstance(i, tuple)][-1], str(out))

    def req_outcome_removed(self, items):
        """"X is removed from the game if drawn while C": the draw when C holds is marked off (C, read as the
        draw's condition, is what fails it)."""
        return ("req", [i for i in items if isinstance(i, tuple)][-1], "mark_off")

    def req_lead_outcome(self, items):
        f = [i for i in items if isinstance(i, tuple)][0]
        out = next(i for i in items if isinstance(i, Word))
        return ("req", f[1] if f[0] == "unless" else f, str(out))

    def req_lead_outcome_more(self, items):
        """"If A, or if B, the event is marked off": neither case may hold (not A and not B)."""
        out = next(i for i in items if isinstance(i, Word))
        return ("req", _and([i for i in items if isinstance(i, tuple)]), str(out))

    def drawn_outcome(self, items):
        return next(i for i in items if isinstance(i, Word))

    def req_lead_pos_outcome(self, items):
        fs = [i for i in items if isinstance(i, tuple) and i[0] != "on_fail"]
        return ("req", _and(fs), [i for i in items if isinstance(i, tuple) and i[0] == "on_fail"][0][1])

    def req_pos_unless(self, items):
        return ("req", _not([i for i in items if isinstance(i, tuple)][-1]))

    def req_playable_if(self, items):
        return ("req", [i for i in items if isinstance(i, tuple)][-1])

    def eff_owner(self, items):
        names = [str(i) for i in items if isinstance(i, Ev)]
        return [{"kind": "owner", "subject": names[0], "value": names[1]}]

    def eff_owner_headed(self, items):
        """"Corsica: GEN → FRA": the place before the colon passes to the last one named."""
        names = [str(i) for i in items if isinstance(i, Ev)]
        return [{"kind": "owner", "subject": names[0], "value": names[2]}]

    def eff_cancel_its(self, items):
        """"… its effects are cancelled": the event the sentence's condition names (resolved in ``eff_if``)."""
        only = next((i[1] for i in items if isinstance(i, tuple) and i[0] == "only_for"), None)
        return [dict({"kind": "cancel_event", "event": _ITS}, **({"only_for": only} if only else {}))]

    def eff_annex(self, items):
        """"PRU annexes DANZIG and THORN": each province (or minor) named after the verb passes to the country before
        it."""
        names = [str(i) for i in items if isinstance(i, Ev)]
        return [{"kind": "owner", "subject": p, "value": names[0]} for p in names[1:]]

    def eff_given(self, items):
        """"(This event) hands Danzig to Prussia": the province or minor passes to the country."""
        names = [str(i) for i in items if isinstance(i, Ev)]
        return [{"kind": "owner", "subject": names[0], "value": names[1]}]

    def eff_given_by(self, items):
        """"Genoa cedes CORSICA to FRA": the province passes to the country (the giver is its owner before)."""
        names = [str(i) for i in items if isinstance(i, Ev)]
        return [{"kind": "owner", "subject": names[1], "value": names[2]}]

    def eff_annexed(self, items):
        """"DANZIG is annexed by PRU", "Bavaria is annexed to AUS and removed from the game" (the minor is gone)."""
        out = self.eff_owner_many(items)
        if any(isinstance(i, Token) and i.type in ("REMOVED_GAME", "REMOVED_PLAY") for i in items):
            out += [{"kind": "minor_removed", "subject": e["subject"]} for e in list(out)]
        return out

    def eff_owner_from(self, items):
        names = [str(i) for i in items if isinstance(i, Ev)]
        return [{"kind": "owner", "subject": names[0], "value": names[2]}]

    # minors and provinces
    def name(self, items):
        # "Minor Portugal is recreated": the minor's name is Portugal ("Minor" says what it is, as "the minor" does)
        value = self._val(items[0])
        head, _, rest = value.partition(" ")
        value = rest if head in ("Minor", "MINOR") and rest else value
        words = [w for w in value.split() if sum(c.isalpha() for c in w) >= 2]
        if any(w.isupper() for w in words) and any(not w.isupper() for w in words):
            # "Polish WEST PREUSSEN", "Area MARATHI": a word that qualifies a name in capitals (whose province? what
            # kind of place?), not one name: no reading, never a name the text does not give
            raise Unread("a name in capitals with a qualifying word before it", value)
        return Ev(value)

    def atom_exists(self, items):
        return ("atom", "exists", next(i for i in items if isinstance(i, Ev)))

    def atom_not_exists(self, items):
        return ("not", ("atom", "exists", next(i for i in items if isinstance(i, Ev))))

    def atom_owns(self, items):
        names = [i for i in items if isinstance(i, Ev)]
        return ("atom", "owns", (names[0], names[1]))

    def atom_owns_each(self, items):
        """"Spain owns both Amsterdam and Paris": it owns each."""
        names = [i for i in items if isinstance(i, Ev)]
        return _and([("atom", "owns", (names[0], place)) for place in names[1:]])

    def atom_owns_either(self, items):
        """"the USSR owns Cuba or Turkey": one of them at least."""
        names = [i for i in items if isinstance(i, Ev)]
        return _or([("atom", "owns", (names[0], place)) for place in names[1:]])

    def atom_exists_owns(self, items):
        """"Genoa must still exist and must still hold Corsica": both."""
        names = [i for i in items if isinstance(i, Ev)]
        return _and([("atom", "exists", names[0]), ("atom", "owns", (names[0], names[1]))])

    def _adjective(self, items) -> tuple[str, str]:
        place = next(str(i) for i in items if isinstance(i, Ev))
        code = next(self._val(t) for t in items if isinstance(t, Token) and t.type == "ADJ")
        return place, code

    def atom_owns_adj(self, items):
        """"If Corsica is already French": France (the country whose adjective it is) owns Corsica."""
        place, code = self._adjective(items)
        return ("atom", "owns", (Ev(code), Ev(place)))

    def atom_not_owns_adj(self, items):
        return ("not", self.atom_owns_adj(items))

    def eff_owner_adj(self, items):
        """"Danzig becomes Prussian": Prussia is its owner."""
        place, code = self._adjective(items)
        return [{"kind": "owner", "subject": place, "value": code}]

    def eff_loses(self, items):
        """"Poland loses Danzig to Prussia": Prussia is Danzig's owner."""
        _, place, owner = [str(i) for i in items if isinstance(i, Ev)][:3]
        return [{"kind": "owner", "subject": place, "value": owner}]

    def eff_owner_removed(self, items):
        """"Danzig passes to Prussia and is removed as a minor": the new owner, and the minor gone."""
        place, owner = [str(i) for i in items if isinstance(i, Ev)][:2]
        return [{"kind": "owner", "subject": place, "value": owner}, {"kind": "minor_removed", "subject": place}]

    def eff_owner_adj_many(self, items):
        """"Danzig and Thorn become Prussian": each place is the country's."""
        names = [i for i in items if isinstance(i, Ev)]
        code = next(self._val(t) for t in items if isinstance(t, Token) and t.type == "ADJ")
        return [{"kind": "owner", "subject": str(n), "value": code} for n in names]

    def eff_removed_owner_adj(self, items):
        """"DANZIG IS REMOVED AS A MINOR AND BECOMES PRUSSIAN": the minor is gone, its province Prussia's."""
        place, code = self._adjective(items)
        return [{"kind": "minor_removed", "subject": place}, {"kind": "owner", "subject": place, "value": code}]

    def atom_not_owns(self, items):
        return ("not", self.atom_owns(items))

    def atom_at_war(self, items):
        names = [i for i in items if isinstance(i, Ev)]
        return ("atom", "at_war", (names[0], names[1] if len(names) > 1 else None))

    def atom_not_at_war(self, items):
        return ("not", self.atom_at_war(items))

    def atom_at_peace(self, items):
        names = [i for i in items if isinstance(i, Ev)]
        return ("atom", "at_peace", (names[0], names[1]))

    @staticmethod
    def _each(kind: str, items):
        """"RUS and PRU are (both) at war with TUR": each subject in that relation with the last name."""
        *subjects, other = [i for i in items if isinstance(i, Ev)]
        return _and([("atom", kind, (x, other)) for x in subjects])

    def atom_at_war_each(self, items):
        return self._each("at_war", items)

    def atom_at_peace_each(self, items):
        return self._each("at_peace", items)

    def eff_created(self, items):
        return [{"kind": "minor_created", "subject": str(n)} for n in items if isinstance(n, Ev)]

    def eff_removed(self, items):
        return [{"kind": "minor_removed", "subject": str(n)} for n in items if isinstance(n, Ev)]

    req_neg = req_only = req_perm_after = req_only_lead = _req

    def req_lead_neg_more(self, items):
        """"Unless A, this event cannot occur before P", "While A, it cannot occur unless B": the conditions before
        the frame and after it together, each "unless" an exception to all the others ((not A) or B)."""
        fs = [i for i in items if isinstance(i, tuple)]
        return ("req", self.neg_intros([f for f in fs if f[0] != "unless"] + [f for f in fs if f[0] == "unless"]))

    def req_no_effect(self, items):
        """"This event has no effect while A is in effect": it fires to no effect (and is marked off), or it
        cannot occur then? Two readings: reported."""
        raise Unread("ambiguous: 'has no effect' under a condition (it fires to no effect, or it cannot occur "
                     "then?)", "has no effect")

    def req_until(self, items):
        """"Can be played until A has occurred": not once it has."""
        return ("req", _not([i for i in items if isinstance(i, tuple)][-1]))

    def state_ref(self, items):
        ref = next(i for i in items if isinstance(i, Ev))
        pred = next(i for i in items if callable(i))
        return pred(ref)

    def req_requires_period(self, items):
        """"Requires the Late War period": during that period (oi_during_period's reading and limits)."""
        return ("req", self.oi_during_period(items))

    def req_requires_period_later(self, items):
        """"Requires period IV or later": that period reached."""
        return ("req", self.oi_from_period(items))

    def req_requires_period_and(self, items):
        """"Requires period VII and 4:VII over": the period (as ``req_requires_period`` reads it) and the states."""
        found = [i for i in items if isinstance(i, tuple)]
        return ("req", _and([self.oi_during_period([found[0]]), found[-1]]))

    def req_requires_time(self, items):
        """"subject to the prior occurrence of A" (A has occurred), "… to the end of A" (A is over)."""
        refs = [i for i in items if isinstance(i, tuple)][0]
        over = any(getattr(t, "type", None) == "END_OF" for t in items)
        return ("req", self._apply(refs, lambda e: ("atom", "over" if over else "occurred", e)))

    def req_blocked(self, items):
        """"Blocked by: A; B still in effect": none of the field's items holds (A has not occurred, B is not in
        effect)."""
        return ("req", _and([_not(i) for i in items if isinstance(i, tuple)]))

    def req_requires_time_unless(self, items):
        """"subject to the prior occurrence of A, and save where B remains in effect, this Event shall take place":
        A has occurred, and B is not in effect."""
        tuples = [i for i in items if isinstance(i, tuple)]
        return ("req", _and([self.req_requires_time(items)[1], _not(tuples[-1])]))

    def req_requires_conds(self, items):
        """"requires that A has occurred and that B is not in effect": each of them."""
        return ("req", _and([i for i in items if isinstance(i, tuple)]))

    req_provided = req_requires_conds  # "provided that A, and provided further that B, …": each of them
    req_requires_states = req_requires_conds  # "Requires: Star Wars (played), Détente (no longer in effect)"

    def req_requires_list(self, items):
        """"Prerequisites: A, B.": all of them have occurred."""
        return ("req", _and([("atom", "occurred", e) for e in items if isinstance(e, Ev)]))

    def req_must_not(self, items):
        """"Richelieu may not be in effect": a state the other event must not be in."""
        ref = next(i for i in items if isinstance(i, Ev))
        return ("req", _not(next(i for i in items if callable(i))(ref)))

    def req_neither_may(self, items):
        pred = next(i for i in items if callable(i))
        return ("req", _and([_not(pred(e)) for e in items if isinstance(e, Ev)]))

    def req_pos_if_outcome(self, items):
        """"The event may occur if A has occurred; otherwise it is marked off": the outcome makes the "if" a
        requirement."""
        fs = [i for i in items if isinstance(i, tuple) and i[0] != "on_fail"]
        return ("req", fs[0], [i for i in items if isinstance(i, tuple) and i[0] == "on_fail"][0][1])

    def req_lead_neg(self, items):
        f = [i for i in items if isinstance(i, tuple)][0]
        return ("req", f[1] if f[0] == "unless" else f)

    req_lead_pos = req_lead_neg

    def req_requires_exists(self, items):
        return ("req", self.atom_exists(items))

    def req_requires_owns(self, items):
        return ("req", self.atom_owns(items))

    def req_requires_cond(self, items):
        return ("req", [i for i in items if isinstance(i, tuple)][0])

    def req_bare(self, items):
        """"Neither 7:VII nor 11:VII in effect.": a state with no verb, as a requirement (read.py reports it among
        an event's effects, where it may as well say what the event does: "Berlin Wall no longer in effect.")."""
        self.verbless = True
        return self.req_requires_cond(items)

    def rinf_refs(self, items):
        refs = next(i for i in items if isinstance(i, tuple) and i[0] in ("all", "any", "none"))
        return self._apply(refs, next(i for i in items if callable(i)))

    def req_requires_infs(self, items):
        """"Requires Bavaria to exist and 7:VII to be over": every one of the states."""
        return ("req", _and([i for i in items if isinstance(i, tuple) and i[0] in ("atom", "and", "or", "not")]))

    def req_requires_refs(self, items):
        refs = [i for i in items if isinstance(i, tuple) and i[0] in ("all", "any", "none")][0]
        pred = next((i for i in items if callable(i)), lambda e: ("atom", "occurred", e))
        return ("req", self._apply(refs, pred))

    def req_must_all(self, items):
        """"Event 4 must have occurred and be over": every state said of the events."""
        refs = [i for i in items if isinstance(i, tuple)][0]
        preds = [i for i in items if callable(i)]
        return ("req", self._apply(refs, lambda e: _and([p(e) for p in preds])))

    def req_must_either(self, items):
        """"Bear Trap must be over (or never played)": one state of the events or the other."""
        refs = [i for i in items if isinstance(i, tuple)][0]
        preds = [i for i in items if callable(i)]
        return ("req", self._apply(refs, lambda e: _or([p(e) for p in preds])))

    def req_must(self, items):
        refs = [i for i in items if isinstance(i, tuple)][0]
        pred = [i for i in items if callable(i)][0]
        self._must_pred = pred
        return ("req", self._apply(refs, pred))

    def req_must_any(self, items):
        """"A must be in effect or B must have occurred": the one requirement or the other."""
        refs = [i for i in items if isinstance(i, tuple)]
        preds = [i for i in items if callable(i)]
        self._or_requirement = True
        return ("req", _or([self._apply(r, p) for r, p in zip(refs, preds)]))

    def req_must_ellipsis(self, items):
        """"Comecon must have been played, Warsaw Pact must not": B in the negative of the state A must be in."""
        pred = getattr(self, "_must_pred", None)
        if pred is None:
            raise Unread("a state left out ('… must not') with no state before it to stand for", "must not")
        return ("req", self._apply([i for i in items if isinstance(i, tuple)][0], lambda e: _not(pred(e))))

    def for_this(self, _items):
        return None  # "in order for <this event> to be played": this event, the frame's subject

    def req_necessary(self, items):
        """"For this event to happen, it is necessary that A has occurred": A must hold."""
        return ("req", [i for i in items if isinstance(i, tuple)][-1])

    def req_following(self, items):
        """"At least one of the following must be true: A, or B" (A or B); "all of the following …: A and B". A list
        joined otherwise than its lead-in says ("one of the following …: A and B") is reported."""
        cond = [i for i in items if isinstance(i, tuple)][-1]
        want = "or" if any(getattr(i, "type", None) == "ANY_OF" for i in items) else "and"
        if cond[0] in ("and", "or") and cond[0] != want:
            raise Unread(f"a list joined by '{cond[0]}' after a lead-in that asks for '{want}'", "the following")
        self._or_requirement = want == "or"  # "…: A; B" after "one of the following" is no "A and B"
        return ("req", cond)

    def req_should(self, items):
        refs = [i for i in items if isinstance(i, tuple)][0]
        pred = [i for i in items if callable(i)][0]
        return ("req", _not(self._apply(refs, pred)))

    def req_should_outcome(self, items):
        """"Should X not yet have taken place, the event is treated as played": X must have taken place."""
        refs = next(i for i in items if isinstance(i, tuple))
        pred = next(i for i in items if callable(i))
        out = next(i for i in items if isinstance(i, Word))
        return ("req", _not(self._apply(refs, pred)), str(out))

    # outcomes
    def o_reroll(self, _):
        return Word("reroll")

    def o_mark(self, _):
        return Word("mark_off")

    def o_played(self, _):
        return Word("consider_played")

    def o_nothing(self, _):
        return Word("nothing")

    def o_treat(self, _):
        return Word("treat_as_R")  # the draw counts as another result of the table (S1: rerolled)

    def o_delay(self, _):
        return Word("delay")

    def o_renew(self, _):
        return Word("refused_renewable")

    def outcome_tail(self, items):
        return ("on_fail", [i for i in items if isinstance(i, Word)][-1])

    def req_sentence(self, items):
        reqs = [i for i in items if isinstance(i, tuple) and i[0] == "req"]
        if len(reqs) > 1 and self._or_requirement:
            # "A must be in effect or B must have occurred, and C must exist": (A or B) and C, or A or (B and C)?
            raise Unread("ambiguous: requirements joined by 'or' beside another requirement (which ones does 'or' "
                         "join?)", "… or … must …")
        tail = [i[1] for i in items if isinstance(i, tuple) and i[0] == "on_fail"]
        firsts = [r[2] for r in reqs if len(r) > 2]
        fails = set(tail + firsts)
        if len(fails) > 1:
            raise Unread("two different outcomes for one requirement", " / ".join(sorted(fails)))
        return ("requirement", _and([r[1] for r in reqs]), fails.pop() if fails else None)

    def fail_sentence(self, items):
        return ("failure", [i for i in items if isinstance(i, Word)][-1])

    # effects
    def eobjs(self, items):
        events = [i for i in items if isinstance(i, tuple)][0][1]
        if any(getattr(t, "type", None) in ("EFFECTS_OF", "POSS_EFFECTS") for t in items):
            return _EffectsOf(events)  # "the effects of this event": what is cancelled is said
        return events

    def erefs(self, items):
        return items[0]

    def only_for(self, items):
        return ("only_for", self._val([t for t in items if t.type in ("CODE", "NAME")][0]))

    def eff_cancel(self, items):
        events = next(i for i in items if isinstance(i, list))
        if self.ctx.event_id in events and not isinstance(events, _EffectsOf):
            self._bare_self_cancel = True  # "this event is cancelled" (not "the effects of this event are …")
        only = next((i[1] for i in items if isinstance(i, tuple) and i[0] == "only_for"), None)
        return [dict({"kind": "cancel_event", "event": e}, **({"only_for": only} if only else {})) for e in events]

    eff_cancel_passive = eff_cancel

    def eff_cancel_never(self, items):
        events = next(i for i in items if isinstance(i, list))
        return [*({"kind": "cancel_event", "event": e} for e in events),
                *({"kind": "never_occurs", "event": e} for e in events)]

    def eff_never(self, items):
        events = next(i for i in items if isinstance(i, list))
        return [{"kind": "never_occurs", "event": e} for e in events]

    def eff_never_this(self, _):
        """"Remove from game after play.": the card's own event, out of the game once played (it never occurs again)."""
        if not self.ctx.event_id:
            raise Unread("'remove after play' without an event", "remove after play")
        return [{"kind": "never_occurs", "event": self.ctx.event_id}]

    def eff_stop_event(self, items):
        """"The Test Ban stops the Space Race": its effect ended (cancelled), or kept from occurring (never)? Only
        "… from being played" says the latter: reported, never settled."""
        events = next(i for i in items if isinstance(i, list))
        raise Unread("ambiguous: an event stopped: its effect ended, or kept from occurring? ('… from being played' "
                     "says the latter)", "stops " + ", ".join(events))

    def eff_remove_event(self, items):
        """"Remove Warsaw Pact (from play)": its effect ended (cancelled), or out of the game for good (never)? Only
        "from the game" says which: reported, never settled."""
        events = next(i for i in items if isinstance(i, list))
        raise Unread("ambiguous: an event removed (from play): its effect cancelled, or out of the game for good? "
                     "('… from the game' says the latter)", "remove " + ", ".join(events))

    def eff_game_ends(self, _):
        return [{"kind": "game_ends"}]

    def effects(self, items):
        out = _Effects(e for i in items if isinstance(i, list) for e in i)
        out.clauses = sum(isinstance(i, list) for i in items)  # "A is cancelled and B ends": two clauses
        out.semicolon = any(getattr(i, "type", None) == "SEMI" for i in items)  # "A is cancelled; B is created"
        named = {e.get("event") for e in out} - {_ITS, None}
        if out.clauses > 1 and not out.semicolon and any(e.get("event") == _ITS for e in out) and len(named) == 1 \
                and self.ctx.event_id not in named:
            # "cancels the effects of Willy Brandt and prevents it from being played": "it" is the one other event
            # the acts before it name (after a semicolon, "it" may as well be this card: reported)
            other = next(iter(named))
            out = _Effects.like(out, [dict(e, event=other) if e.get("event") == _ITS else e for e in out])
        return out

    def eff_plain(self, items):
        effects = next(i for i in items if isinstance(i, list))  # ("Upon its occurrence, …": the firing, then them)
        if any(e.get("event") == _ITS for e in effects):
            raise Unread("'its effects' with no event before it", "its effects")
        return ("effect", effects, None, None)

    def subj(self, items):
        if any(getattr(t, "type", None) == "IT" for t in items):
            self.it_subject = items[0].start_pos  # "it cannot occur …": this event, unless another was named before
        return Tree("subj", items)

    def refs_it(self, _):
        self.it_used = True
        return ("all", [Ev(_ITS)])  # "cancel it": the one event the sentence's condition names (eff_if)

    def eff_if_it(self, items):
        """"Cancels Détente if it is in effect", "…, if in effect": the state of the one event the effect names."""
        effects = [i for i in items if isinstance(i, list)][0]
        named = {e.get("event") for e in effects}
        if len(named) != 1 or None in named:
            raise Unread("'if it is …' after effects on more than one event", "if it")
        pred = next(i for i in items if callable(i))
        return ("effect", effects, pred(next(iter(named))), None)

    def eff_passive_if_it(self, items):
        """"Event 1:VI shall, if still in effect, be cancelled": the cancellation under its one event's state."""
        effects = _Effects(self.eff_cancel(items))
        if any(e.get("event") == _ITS for e in effects):
            raise Unread("'if it is …' inside the cancellation of 'it'", "if")
        return self.eff_if_it([effects, next(i for i in items if callable(i))])

    def eff_if_they(self, items):
        """"Cancels A and B, if they are still in effect": each effect under the state of its own event."""
        effects = [i for i in items if isinstance(i, list)][0]
        if len(effects) < 2 or any(not isinstance(e.get("event"), str) or e.get("event") == _ITS for e in effects):
            raise Unread("'if they are …' after effects that are not on two or more events", "if they")
        pred = next(i for i in items if callable(i))
        out = _Effects(dict(e, when=[*e.get("when", []), *(to_condition(x) for x in _flat_and(_nnf(pred(e["event"]))))])
                       for e in effects)
        return ("effect", out, None, None)

    def eff_if_it_exists(self, items):
        """"South Vietnam is created if it does not exist already", "Danzig passes to Prussia if it still exists",
        "creates Holstein unless it already exists": whether the one place or minor the effects name exists."""
        effects = [i for i in items if isinstance(i, list)][0]
        named = {e.get("subject") for e in effects}
        if len(named) != 1 or None in named or any("event" in e for e in effects):
            raise Unread("'if it exists' after effects on more than one place, or on an event", "if it")
        atom = ("atom", "exists", Ev(next(iter(named))))
        negated = any(getattr(i, "type", None) in ("NEG", "NOLONGER", "OTHERWISE", "UNLESS") for i in items)
        return ("effect", effects, ("not", atom) if negated else atom, None)

    def eff_if_owns_it(self, items):
        """"Silesia goes to AUS if PRU does not own it", "… unless Prussia already owns it": whether the country
        named owns the one place the effects name."""
        effects = [i for i in items if isinstance(i, list)][0]
        named = {e.get("subject") for e in effects}
        if len(named) != 1 or None in named or any("event" in e for e in effects):
            raise Unread("'owns it' after effects on more than one place, or on an event", "owns it")
        owner = next(i for i in items if isinstance(i, Ev))
        atom = ("atom", "owns", (owner, Ev(next(iter(named)))))
        negated = any(getattr(i, "type", None) == "NEG" for i in items) != any(
            getattr(i, "type", None) == "UNLESS" for i in items)
        return ("effect", effects, ("not", atom) if negated else atom, None)

    def eff_aside_if_it(self, items):
        """"The Confederation of Bar, if it is still running, ends at once": cancelled, if in that state."""
        events = next(i for i in items if isinstance(i, list))
        pred = next(i for i in items if callable(i))
        return self.eff_if_it([[{"kind": "cancel_event", "event": e} for e in events], pred])

    def eff_when_this_if(self, items):
        """"If this card is played while Star Wars is in effect, Star Wars is cancelled": when it fires, under that
        condition."""
        cond = [i for i in items if isinstance(i, tuple)][0]
        return self.eff_if([cond, [i for i in items if isinstance(i, list)][0]])

    def eff_owner_many(self, items):
        """"Lisbon and Porto revert to Portugal", "Posen and Kalisz to Prussia": each place to the last name."""
        names = [str(i) for i in items if isinstance(i, Ev)]
        return [{"kind": "owner", "subject": p, "value": names[-1]} for p in names[:-1]]

    def eff_gains(self, items):
        """"Prussia acquires Posen (and Thorn)": each place, to the country named first."""
        names = [str(i) for i in items if isinstance(i, Ev)]
        return [{"kind": "owner", "subject": n, "value": names[0]} for n in names[1:]]

    def eff_receives(self, items):
        """"RUSSIA GETS LITHUANIA": a place, when what is got is a name. In capitals every word looks like one:
        "PRUSSIA RECEIVES THE FIRST CHOICE OF PROVINCE" gets no place (reported, never read as an owner)."""
        names = [str(i) for i in items if isinstance(i, Ev)]
        if _FUNCTION_WORD.search(names[1]):
            raise Unread("what is received is no place the reader knows (a name with 'of', 'the' … in it)", names[1])
        return self.eff_gains(items)

    def eff_otherwise(self, items):
        """"Otherwise the event cancels X" after a requirement: what the event does when it fires (read.combine
        accepts it only after a requirement)."""
        return ("otherwise", self.eff_plain([i for i in items if isinstance(i, list)]))

    def eff_when_this(self, items):
        """"When this event takes place, PRU annexes DANZIG": the event's own effects."""
        return self.eff_plain([i for i in items if isinstance(i, list)])

    def eff_inner(self, items):
        """Effects with the condition said after them ("Cancels Détente if it is in effect"), alone or after this
        event's firing ("When NATO is played, it cancels the Berlin Blockade if the Blockade is in effect")."""
        return next(i for i in items if isinstance(i, tuple))

    def eff_if(self, items):
        cond = [i for i in items if isinstance(i, tuple)][0]
        effects = [i for i in items if isinstance(i, list)][0]
        semicolon = getattr(effects, "semicolon", False)
        if any(e.get("event") == _ITS for e in effects):
            # "If event 16:IV is in effect, its effects are cancelled": "its" is the one event the condition names
            named = {a[2] for a in _atoms_of(cond) if a[0] == "atom" and isinstance(a[2], str)}
            if len(named) != 1:
                raise Unread("'its effects' with no single event before it", "its effects")
            effects = [dict(e, event=next(iter(named))) if e.get("event") == _ITS else e for e in effects]
        if semicolon and cond != ("atom", "occurred", self.ctx.event_id):
            # "If the Warsaw Pact is in effect, it is cancelled; Poland becomes independent": does the condition
            # reach past the semicolon? (docs/logic.md: a condition after its effects ends there; before them the
            # text does not say)
            raise Unread("ambiguous: a condition before effects joined by a semicolon (the condition of all of them, "
                         "or of the first clause only?)", "if …, …; …")
        if cond == ("atom", "occurred", self.ctx.event_id):
            cond = None  # "When the Vietnam War is played, …" in the Vietnam War's own text: when it fires
        elif self._bare_self_cancel:
            # "If Richelieu is in effect, this event is cancelled / shall be void": does the event fire and end at
            # once (marked off), or can it not occur then (a requirement)? The text does not say
            raise Unread("ambiguous: this event cancelled under a condition (it fires and ends at once, or it "
                         "cannot occur then?)", "this event … cancelled if …")
        return ("effect", effects, cond, None)

    def eff_if_after(self, items):
        """"Cancels A and B if C": the condition of the one act. After two clauses ("A is cancelled and B ends if C")
        it may be the condition of the last one only: reported, never settled."""
        effects = [i for i in items if isinstance(i, list)][0]
        if getattr(effects, "clauses", 1) > 1:
            raise Unread("ambiguous: a condition after two effects joined by 'and' (the condition of both, or of the "
                         "last one only?)", "… and … if …")
        return self.eff_if(items)

    def eff_should(self, items):
        """"Should the French Revolution already be in effect …, it is cancelled": when that state holds."""
        refs = next(i for i in items if isinstance(i, tuple))
        pred = next(i for i in items if callable(i))
        return self.eff_if([self._apply(refs, pred), next(i for i in items if isinstance(i, list))])

    def eff_should_after(self, items):
        """"Iran-Contra also ends OPEC, should OPEC still be in effect": the condition said after the act."""
        effects = [i for i in items if isinstance(i, list)][0]
        if getattr(effects, "clauses", 1) > 1:
            raise Unread("ambiguous: a condition after two effects joined by 'and' (the condition of both, or of the "
                         "last one only?)", "… and …, should …")
        return self.eff_should(items)

    def eff_unless_after(self, items):
        cond = [i for i in items if isinstance(i, tuple)][0]
        return ("effect", [i for i in items if isinstance(i, list)][0], None, cond)

    def start(self, items):
        return [i for i in items if isinstance(i, tuple)][0]

    def fired(self, _):
        return Word("fired")  # "when it is played", before the effects: when this event fires (plain effects)

    def eff_ended(self, items):
        """"The effects of the pact of Warsaw are terminated": cancelled (the participle of ending as an act); "…, and
        its effects no longer apply" says it again of the one event ended."""
        self.ended_effect = True
        if any(getattr(i, "type", None) == "ITS_EFFECTS" for i in items) and len(next(
                i for i in items if isinstance(i, list))) != 1:
            raise Unread("'its effects' after more than one event", "its effects")
        return self.eff_cancel_passive(items)

    def eff_ended_never(self, items):
        """"The Berlin Wall is ended and can not be played anymore": cancelled, and never to occur again."""
        self.ended_effect = True
        return self.eff_cancel_never(items)

    def eff_ended_its(self, items):
        self.ended_effect = True
        return self.eff_cancel_its(items)

    def start_both(self, items):
        """"Only while A is in effect; cancels B": the requirement, then the effects the event has when it fires.
        Effects that open with a name that is removed ("…, and Poland no longer exists") may as well be one more
        condition of the requirement: that parse is no reading (the requirement's is)."""
        req, eff = [i for i in items if isinstance(i, tuple)]
        fired = any(isinstance(i, Word) and i == "fired" for i in items)
        plain = eff[1] if eff[0] == "otherwise" else eff  # "…; otherwise, B is cancelled": the effect inside
        if not fired and plain[1] and isinstance(plain[1][0], dict) and plain[1][0].get("kind") == "minor_removed":
            raise Unread("a name after the requirement that may be one more of its conditions", plain[1][0]["subject"])
        if not fired and getattr(self, "ended_effect", False):
            # "… only if A is in course and Richelieu is finished": one more condition (over), not an act
            raise Unread("an event's end after the requirement that is one more of its conditions", "is finished")
        return ("both", req, eff)


    def start_effects_else(self, items):
        """"If Poland exists: Galicia to AUS; otherwise mark off": the effects, then the outcome of a failed draw
        (read.combine: the effects' condition is the requirement)."""
        eff = [i for i in items if isinstance(i, tuple)][0]
        outcome = [i for i in items if isinstance(i, Word)][-1]
        if outcome == "nothing":
            # "Cancels 20:IV if Spain owns Navarre; otherwise no effect": the event fires, and nothing more happens
            return eff
        return ("effects_else", eff, ("failure", outcome))


class _Effects(list):
    """The effects of one ``effects`` rule, how many clauses said them, and whether a semicolon joined them."""

    clauses = 1
    semicolon = False

    @classmethod
    def like(cls, old: "_Effects", items) -> "_Effects":
        """``items`` with what ``old`` records of its clauses."""
        out = cls(items)
        out.clauses, out.semicolon = old.clauses, old.semicolon
        return out


_FUNCTION_WORD = re.compile(r"\b(?i:of|the|a|an|for|to|in|on)\b")


def _reading(result) -> Reading:
    kind = result[0]
    if kind in ("both", "effects_else"):  # a requirement and effects (start_both), effects and an outcome
        return Reading("compound", parts=(_reading(result[1]), _reading(result[2])))
    if kind == "requirement":
        _, formula, on_fail = result
        logic: dict[str, Any] = {"role": "requirement", **condition_lists(formula)}
        if on_fail:
            logic["on_fail"] = on_fail
        logic["derived_from"] = FORM
        return Reading("requirement", logic)
    if kind == "failure":
        return Reading("failure", {"on_fail": result[1]})
    if kind == "otherwise":
        return dataclasses.replace(_reading(result[1]), otherwise=True)
    _, effects, when, unless = result
    if any(e.get("event") == _ITS for e in effects):
        # "A: Ends it, if still active." after a question: "it" names no event of this sentence
        raise Unread("'it' or 'its effects' with no event before it", "it")
    logic = {"effects": effects}
    if when is not None:
        logic["when"] = [to_condition(x) for x in _flat_and(_nnf(when))]
    if unless is not None:
        logic["unless"] = [to_condition(x) for x in _flat_and(_nnf(unless))]
    return Reading("effect", logic)


_V1_VERBS = frozenset({"COP", "HAS"})
_V1_SUBJECTS = frozenset({"REF", "THIS", "NAME", "CODE"})


def verb_first_condition(toks: list, text: str) -> list:
    """A condition with its verb first, then a comma and what follows from it ("Had the Fronde occurred, …", "Were
    NATO still in effect, …", in German word order "Is the Vietnam War already in effect, the game ends"): the same
    as "If <subject> <verb> …, …". The tokens are put in that order (an IF before the subject, the verb after it);
    any other sentence is left as it is. Only a sentence that opens with the capitalised verb and a named subject is
    turned, so a question ("Is NATO in effect?") with no comma after it is not."""
    if (len(toks) < 4 or toks[0].kind not in _V1_VERBS or toks[1].kind not in _V1_SUBJECTS
            or not text[toks[0].start:toks[0].start + 1].isupper()
            or not any(t.kind == "COMMA" for t in toks[2:])):
        return toks
    return [dataclasses.replace(toks[0], kind="IF", value=""), toks[1], toks[0], *toks[2:]]


def left_dislocated(toks: list, text: str) -> list:
    """The event named first as the topic, then taken up by "it" ("The Peace of Utrecht, it can be used after …",
    as a Japanese or Italian writer puts it): the same as "It can be used after …". Only this event's own name
    before a comma and "it" is dropped; any other sentence is left as it is."""
    if len(toks) > 3 and toks[0].kind == "THIS" and toks[1].kind == "COMMA" and toks[2].kind == "IT":
        return toks[2:]
    return toks


_INVERTED_STATES = frozenset({"PART_A", "PART_P", "ENDED_P", "OVER_A"})
_ALL_AFTER_VERB = re.compile(r"[^\W\d_]+\s+(?:all|both|each)\b", re.IGNORECASE)


def postposed_all(toks: list, text: str) -> list:
    """A group of events with "all" / "both" after its verb ("if events 7:VII, 8:VII and 9:VII have all already taken
    place", "if A and B have both occurred": every one of them, said as plainly as "all of"): the group is marked so
    (an ``ALL_OF`` before it), where the word itself is no token. Any other sentence is left as it is."""
    out = list(toks)
    for k in range(len(out) - 1, 2, -1):
        if out[k].kind not in ("HAS", "COP") or not _ALL_AFTER_VERB.match(text, out[k].start):
            continue
        j = k - 1
        while j >= 2 and out[j].kind in ("REF", "THIS") and out[j - 1].kind in ("COMMA", "AND"):
            j -= 2
        if j < k - 1 and out[j].kind in ("REF", "THIS") and any(t.kind == "AND" for t in out[j:k]) and (
                not j or out[j - 1].kind not in _EXPLICIT_GROUP):
            out.insert(j, dataclasses.replace(out[j], kind="ALL_OF", value=""))
    return out


def subject_after_verb(toks: list, text: str) -> list:
    """A condition with its subject after the verb ("only if is already happened the Pragmatic Sanction", "If is
    finished the Social War, …", as an Italian or Spanish writer puts it): the same as "if the Pragmatic Sanction is
    already happened". Only "if" + "is" / "has" + a participle of an event's state + an event is turned."""
    out = list(toks)
    for i in range(len(out) - 3):
        if (out[i].kind == "IF" and out[i + 1].kind in ("COP", "HAS") and out[i + 2].kind in _INVERTED_STATES
                and out[i + 3].kind in ("REF", "THIS")):
            out[i + 1:i + 4] = [out[i + 3], out[i + 1], out[i + 2]]
    return out


def _readings(toks: list, text: str, ctx: Context) -> dict:
    """The readings of a sentence's tokens (at least one), by their logic; ``Unread`` when the grammar reads none
    (with the words from where it stopped) or more than one (ambiguous)."""
    stream = " ".join(t.kind for t in toks)
    try:
        tree = parse_stream(stream)
    except LarkError as exc:  # pragma: no cover - any other parser error is an unread sentence, never a crash
        raise Unread(f"parser error: {type(exc).__name__}", text) from None
    if isinstance(tree, Failed):
        pos = tree.pos
        index = stream[:pos].count(" ") if isinstance(pos, int) else 0
        start = toks[min(index, len(toks) - 1)].start
        raise Unread("the grammar does not read this sentence from here on", text[start:].strip())
    offsets, pos = {}, 0
    for t in toks:  # each parse token stands for the sentence token at its offset in the stream
        offsets[pos] = t
        pos += len(t.kind) + 1
    readings: dict[str, Reading] = {}
    refused: Unread | None = None
    for i, alt in enumerate(CollapseAmbiguities().transform(tree)):
        if i >= MAX_PARSES:
            raise Unread("ambiguous: too many readings", text)
        try:
            transformer = _ToFormula(ctx, offsets)
            r = _reading(transformer.transform(alt))
            if getattr(transformer, "verbless", False):
                r = dataclasses.replace(r, verbless=True)
            before = [offsets[p] for p in offsets if p < (transformer.it_subject or 0)]
            this = f"this event ({ctx.event_id})" if ctx.event_id else "this event"
            if (transformer.it_subject is not None and any(t.kind == "REF" for t in before)
                    and not any(t.kind == "THIS" for t in before)):
                # "If the First Division has not occurred, it can no longer occur …": that event, or this one?
                other = [t.value for t in before if t.kind == "REF"][-1]
                raise Unread(f"ambiguous: 'it' after another event is named ({other}, or {this}?)", "it")
            if transformer.it_used and _THIS_WORDS.search(text):
                # "If Olivares is in effect when this event occurs, it is cancelled": Olivares, or this event?
                named = [t.value for t in offsets.values() if t.kind == "REF"]
                raise Unread(f"ambiguous: 'it' may stand for {this} or for the event the sentence names"
                             + (f" ({named[0]})" if named else ""), "it")
        except VisitError as exc:  # a parse that makes no sense (two outcomes for one requirement) is no reading
            if not isinstance(exc.orig_exc, Unread):
                raise
            if exc.orig_exc.reason.startswith("ambiguous"):
                raise exc.orig_exc from None
            refused = refused or exc.orig_exc
            continue
        readings.setdefault(json.dumps([p.logic for p in r.parts] if r.parts else r.logic, sort_keys=True), r)
    if not readings:
        raise refused or Unread("no reading", text)
    if len(readings) > 1:
        shown = " | ".join(list(readings)[:2])
        raise Unread("ambiguous: the sentence has more than one reading", f"{text.strip()} — readings: {shown}")
    return readings


def _attempt(toks: list, text: str, ctx: Context) -> tuple[dict | None, Unread | None]:
    """``_readings`` of the tokens, or (None, why not) when the grammar reads none; an ambiguity is raised."""
    try:
        return _readings(toks, text, ctx), None
    except Unread as exc:
        if exc.reason.startswith("ambiguous"):
            raise
        return None, exc


# the word orders read as the grammar's own, in this order: each takes the tokens and the sentence and gives the
# tokens in the grammar's order (or the same tokens when its form is not there)
WORD_ORDER = (verb_first_condition, left_dislocated, subject_after_verb, postposed_all)


def read_event_sentence(text: str, ctx: Context, extra: tuple = ()) -> Reading:
    """The reading of one sentence in the event language, or ``Unread`` (with the words not read, or both readings
    of an ambiguous sentence)."""
    try:
        toks = tokens(text, ctx, lexicon_for(extra))
    except Unknown as exc:
        raise Unread("the reader does not know these words", exc.words) from None
    if not toks:
        raise Unread("nothing to read", text)
    bare = next((t for t in toks if t.kind == "BAREID"), None)
    if bare is not None:  # "EVENT 11 IS CANCELLED": the event of which period? Never guessed
        raise Unread(f"an event named by its number alone (which period's event {bare.value}? write it as "
                     f"{bare.value}:PERIOD)", text[bare.start:].strip())
    if len(toks) > MAX_TOKENS:
        raise Unread(f"a sentence of more than {MAX_TOKENS} words is not parsed", text[:120] + " …")
    for reorder in WORD_ORDER:
        toks = reorder(toks, text)
    readings, failed = _attempt(toks, text, ctx)
    if any(t.place for t in toks):
        # "Westphalia" for PEACE OF WESTPHALIA: the event, or the place it is named after ("Spain owns Westphalia")?
        # Read both ways: the one that reads is the reading; both, and they differ: reported, never settled
        other, _ = _attempt(as_places(toks, text), text, ctx)
        if readings is None:
            readings = other
        elif other and set(other) != set(readings):
            places = ", ".join(t.place for t in toks if t.place)
            raise Unread(f"ambiguous: {places} is the place, or the event named after it?", text.strip())
    if readings is None:
        raise failed
    reading = next(iter(readings.values()))
    if reading.parts and _THEN_EFFECT.search(text):
        # "Only if A is over; then the game ends": is A the card's requirement, or the condition of its effect?
        raise Unread("ambiguous: a condition, then 'then' and an effect (the condition of the play, or of the "
                     "effect?)", text.strip())
    return reading


_THIS_WORDS = re.compile(r"\bthis (?:event|card)\b", re.IGNORECASE)
_THEN_EFFECT = re.compile(r"[;:,]\s*(?:and\s+)?then\b", re.IGNORECASE)

