"""The events rewrite's own sentence forms: ``sentences.lark`` (an LALR(1) grammar, one linear pass per sentence)
and the transformer that turns its parse trees into the logic dicts of the shared contract (docs/logic.md,
"Sentence forms"), with the cue phrases that make a sentence of these forms rule-shaped (``CUES``).

Every other game is read by the generic event language alone (``checker/logic/reader/events.lark``); for this game
a sentence is tried in these forms first, and the event language must agree with what they read
(``read._same_in_both``). The generic reader asks for them through the game pack (``PACK.sentences``), never by
importing this module.

Each sentence becomes one ``Reading``: a requirement (conditions and how the event fails), a failure outcome
(``on_fail`` only), an effect sentence (effects, with the conditions that scope them), a heading's condition or
an inherited event (``repeats``). Asides in parentheses are read by ``_aside``: a title after an event id, a
clarification of who is meant, or one of the asides listed there; any other aside makes the sentence unread.
"""

from __future__ import annotations

import os
import re
from typing import Any

from lark import Token, Transformer

from ...logic.reader.grammar import Vocabulary, default_vocabulary
from ...logic.reader.reading import Reading, Unread

Cond = dict[str, Any]

GRAMMAR = os.path.join(os.path.dirname(__file__), "sentences.lark")

# The cue phrases of these forms that the generic reader's (``read.SHAPE``) lacks: with them, a sentence of the
# rewrite's idiom that these forms do not read is reported, never passed over. Fixed strings: linear to search.
CUES = (r"^(?:Treat this event|In case)|can refuse this event|may refuse the event|nothing happens|an R result"
        r"|ordinary Revolt|is delayed|for a second time|can take place even if|following rules are taken into effect"
        r"|permanent VA|reverts to normal minor|\bthe war ends with [A-Z][a-z]+ eliminating\b"
        r"|rest of the event is cancelled|status of [A-Z][a-z]+ is cancelled|rules for [A-Z][a-z]+ [^.]{0,40}cancelled"
        r"|repeats exactly|the following is added to")
# Every cue above contains one of these words (the generic reader's quick test before the expression).
KEYS = ("Treat", "In case", "refuse", "nothing happens", "R result", "Revolt", "delayed", "second time",
        "take place even", "into effect", "permanent VA", "reverts", "eliminating", "cancelled", "repeats exactly",
        "following is added")


def ev(text: str, vocab: Vocabulary | None = None) -> str:
    """The canonical id of an event id as written (``Early:21`` -> ``21:Early``) with the game's period labels."""
    return (vocab or default_vocabulary()).canonical_id(str(text)) or str(text)


FLIPS = {"occurred": "not_occurred", "not_occurred": "occurred", "in_effect": "not_in_effect",
         "not_in_effect": "in_effect", "exists": "not_exists", "not_exists": "exists",
         "active": "inactive", "inactive": "active", "at_war": "at_peace", "at_peace": "at_war"}


def negate(c: Cond) -> Cond:
    if c["kind"] == "all":
        return {"kind": "any", "of": [negate(x) for x in c["of"]]}
    if c["kind"] == "any":
        return {"kind": "all", "of": [negate(x) for x in c["of"]]}
    out = dict(c)
    if out.pop("negated", False):
        return out
    if c["kind"] in FLIPS:
        out["kind"] = FLIPS[c["kind"]]
    else:
        out["negated"] = True
    return out


def conj(c: Cond) -> list[Cond]:
    """A condition as a list of conditions that must all hold."""
    return list(c["of"]) if c["kind"] == "all" else [c]


def fail_when(c: Cond) -> dict[str, Any]:
    """The event fails when ``c`` holds: as ``when`` (all must hold) where that is simple, else ``unless``."""
    if c["kind"] == "all":
        return {"unless": conj(c)}
    n = negate(c)
    return {"when": conj(n)}


def holds(c: Cond) -> dict[str, Any]:
    """The event needs ``c``: ``when`` for one or all, ``when_any`` for alternatives."""
    if c["kind"] == "any":
        return {"when_any": list(c["of"])}
    return {"when": conj(c)}


_IGNORABLE = [
    re.compile(r"^and not only [A-Z][a-z]+(?: itself)?$"),  # "(and not only Poland)": a clarification
    re.compile(r"^a white peace or an informal peace$"),  # what a draw is
    re.compile(r"^not necessarily ended$"),  # has occurred (not necessarily ended)
    re.compile(r"^R$"),  # an ordinary Revolt (R)
    re.compile(r"^[A-Z][A-Za-z]*(?:/[a-z]+ [A-Z][a-z]+)?$"),  # "(Ukrainya)", "(Parliamentarist/victorious Royalist)"
]


# An aside after an event id that opens a clause of its own is a remark, not the event's name
_REMARK = re.compile(r"(?:if|unless|when|whenever|while|until|except|but|and|or|only|not|provided|even|so|then|which"
                     r"|who|that|see|i\.e\.|e\.g\.)\b", re.I)


class ToLogic(Transformer):
    def __init__(self, asides: list[str], event_id: str | None, vocab: Vocabulary | None = None):
        super().__init__()
        self.asides = asides
        self.event_id = event_id
        self.vocab = vocab or default_vocabulary()
        self.context_events: list[str] = []
        # event id -> the name written in parentheses after it ("21:Early (NATO)"): the id's label (REF008)
        self.labels: dict[str, str] = {}

    # Rules whose words must be there but carry nothing into the logic ("cannot", "may only", "as an event",
    # "for the rest of the game" …): read, and None in their parent's children.
    WORDS_ONLY = frozenset({"as_event", "cannot", "cannot_play", "copula", "desc", "during",
                            "marked_off_tail", "may_only", "narrative", "neutral_minor", "only_if", "played",
                            "rest_of_game", "scope_target", "taken"})

    def __default__(self, data, children, meta):
        if data in self.WORDS_ONLY:
            return None
        return super().__default__(data, children, meta)

    def _ev(self, text) -> str:
        return ev(str(text), self.vocab)

    def _is_id(self, text) -> bool:
        return self.vocab.canonical_id(str(text)) is not None

    # ------------------------------------------------------------------ helpers
    def _aside_text(self, tok: Token) -> str:
        return self.asides[int(str(tok)[1:-1])].strip()

    def _check_aside(self, tok: Token) -> None:
        text = self._aside_text(tok)
        if any(rx.match(text) for rx in _IGNORABLE):
            return
        m = re.fullmatch(r"see event (\S+)", text)
        if m and self._is_id(m[1]):
            self.context_events.append(self._ev(m[1]))
            return
        raise Unread("an aside the grammar does not read", f"({text})")

    def _asides(self, items) -> list:
        return [x for x in items if isinstance(x, Token) and x.type == "ASIDE"]

    def _plain(self, items) -> list:
        return [x for x in items if not (isinstance(x, Token) and x.type in ("ASIDE", "ADV", "OR"))]

    # ------------------------------------------------------------------ start
    def start(self, items):
        return items[0]

    # ------------------------------------------------------------------ subjects
    def NAME(self, t):
        return str(t)

    SLASHNAME = CODE = PROV = NAME

    def owner_of(self, items):
        return f"owner of {items[0]}"

    def controller_of(self, items):
        return f"controller of {items[0]}"

    def capital_of(self, items):
        return f"capital of {items[0]}"

    def it(self, _):
        return "it"

    def the_revolt(self, _):
        return "the revolt"

    def subject(self, items):  # "Bohemia minor", "Corsica minor"
        return str(items[0])

    def offer(self, _):
        return "the offer"

    def civil_war(self, _):
        return "the civil war"

    def subjects(self, items):
        return list(items)

    def subject_alts(self, items):
        return self._plain(items)

    # ------------------------------------------------------------------ predicates: subject -> condition
    def p_inactive(self, _):
        return lambda s: {"kind": "inactive", "subject": s}

    def p_active(self, _):
        return lambda s: {"kind": "active", "subject": s}

    def p_eliminated(self, _):
        return lambda s: {"kind": "not_exists", "subject": s}

    p_removed = p_eliminated

    def p_at_war(self, items):
        other = self._plain(items)[0]
        return lambda s: {"kind": "at_war", "subject": s, "value": other}

    def p_at_war_any(self, _):
        return lambda s: {"kind": "at_war", "subject": s}

    def p_at_peace(self, items):
        other = self._plain(items)[0]
        return lambda s: {"kind": "at_peace", "subject": s, "value": other}

    def p_religion(self, items):
        value = str(items[0])
        return lambda s: {"kind": "religion", "subject": s, "value": value}

    def p_va(self, items):
        for a in self._asides(items):
            self._check_aside(a)
        lord = self._plain(items)[0]
        return lambda s: {"kind": "va_of", "subject": s, "value": lord}

    def p_ally_save(self, items):
        a, b = self._plain(items)
        return lambda s: {"kind": "ally_of", "subject": s, "value": f"another player save {a} or {b}"}

    def p_not_owned_member(self, items):
        group = self._plain(items)[0]
        return lambda s: {"kind": "owns", "subject": f"member of {group}", "value": s, "negated": True}

    def p_conquered(self, items):
        by = self._plain(items)[0]
        return lambda s: _any([{"kind": "conquered_by", "subject": s, "value": x} for x in by])

    def p_accepted(self, items):
        neg = any(isinstance(x, Token) and x.type == "NOT" for x in items)
        return lambda s: {"kind": "accepted", "subject": s, **({"negated": True} if neg else {})}

    def pred(self, items):
        return self._plain(items)[0]

    def p_list(self, items):
        preds = [x for x in items if callable(x)]
        return lambda s: _any([p(s) for p in preds])

    def p_neutral_or_controlled(self, items):
        a, b = self._plain(items)
        return lambda s: _any([{"kind": "neutral", "subject": s}, {"kind": "controlled_by", "subject": s, "value": a},
                               {"kind": "controlled_by", "subject": s, "value": b}])

    # ------------------------------------------------------------------ conditions
    def c_subject(self, items):
        subjects, _copula, pred = items[0], items[1], items[-1]
        if not callable(pred):
            pred = [x for x in items[2:] if callable(x)][0]
        return _all([pred(s) for s in subjects])

    def c_no(self, items):
        return {"kind": "not_exists", "subject": items[0]}

    def c_neither(self, items):
        name, adj, prov = self._plain(items)
        name = name[0] if isinstance(name, list) else name
        return _all([{"kind": "not_exists", "subject": name},
                     {"kind": "owns", "subject": str(adj), "value": str(prov), "negated": True}])

    def c_there_religion(self, items):
        return {"kind": "religion", "subject": items[1], "value": str(items[0])}

    def c_no_counters(self, items):
        kinds, area = self._plain(items)
        return {"kind": "counters_in_area", "subject": str(area), "value": str(kinds), "negated": True}

    def c_there_owned(self, items):
        adj, prov = self._plain(items)
        return {"kind": "owns", "subject": str(adj), "value": str(prov)}

    def c_event(self, items):
        eid, build = items
        return build(eid)

    def c_events_or(self, items):
        build = items[-1]
        return _any([build(e) for e in items[:-1] if isinstance(e, str) and not isinstance(e, Token)])

    def c_events_and(self, items):
        build = items[-1]
        return _all([build(e) for e in items[:-1] if isinstance(e, str) and not isinstance(e, Token)])

    def c_dissociated(self, items):
        subjects, other = self._plain(items)
        return _all([{"kind": "dissociated", "subject": s, "value": other} for s in subjects])

    def c_loses_war(self, items):
        for a in self._asides(items):
            self._check_aside(a)
        return _all([{"kind": "loses_war", "subject": s} for s in self._plain(items)[0]])

    def c_wins_war(self, items):
        return _all([{"kind": "wins_war", "subject": s} for s in self._plain(items)[0]])

    def c_victory_over(self, items):
        for a in self._asides(items):
            self._check_aside(a)
        subjects, other = self._plain(items)
        return _all([{"kind": "unconditional_victory", "subject": s, "value": other} for s in subjects])

    def c_draw(self, items):
        for a in self._asides(items):
            self._check_aside(a)
        return {"kind": "draw", "subject": "the war"}

    def c_occurs(self, items):
        return _all([{"kind": "occurs", "subject": s} for s in items[0]])

    def c_took_part(self, items):
        # "Prussia took part in Alliance (and was not forced out of the war)"
        out = [{"kind": "took_part_in_war", "subject": s} for s in items[0]]
        if any(isinstance(x, Token) and x.type == "AND_WAS" for x in items):
            out += self._forced_out(items)
        return _all(out)

    def _forced_out(self, items):
        negated = any(isinstance(x, Token) and x.type == "NOT" for x in items)
        return [dict({"kind": "forced_out_of_war", "subject": s}, **({"negated": True} if negated else {}))
                for s in items[0]]

    def c_forced_out(self, items):
        # "Sweden has (not) been forced out of the war"
        return _all(self._forced_out(items))

    def c_not_own_originally(self, items):
        subjects, adj = items[0], str(items[-1])
        return _all([{"kind": "owns", "subject": s, "value": f"provinces that were originally {adj}", "negated": True}
                     for s in subjects])

    def c_succeeded(self, items):
        return _all([{"kind": "succeeded", "subject": s} for s in items[0]])

    def c_exists(self, items):
        out = []
        for s in items[0]:
            out.append({"kind": "exists", "subject": s})
            if any(isinstance(x, Token) and x.type == "SUFFERS" for x in items):
                out.append({"kind": "unconditional_victory", "value": s})
        return _all(out)

    def c_enemies_accepted(self, items):
        # "all current enemies of FRA have (not) accepted a peace or a truce (with it)": a free condition
        who = [x for x in items if isinstance(x, str) and not isinstance(x, Token)][0]
        cond = {"kind": "free", "value": f"all current enemies of {who} have accepted a peace or a truce"}
        if any(isinstance(x, Token) and x.type == "NOT" for x in items):
            cond["negated"] = True
        return cond

    def c_annexed_by(self, items):
        # "Mameluks has been annexed by TUR (as in political rule 53.28.A)": the minor is out of play
        return _all([{"kind": "not_exists", "subject": s} for s in items[0]])

    def c_or(self, items):
        return _any(self._plain(items))

    def c_and(self, items):
        return _all(self._plain(items))

    # ------------------------------------------------------------------ events
    def event_ref(self, items):
        ids = [x for x in items if isinstance(x, Token) and x.type == "ID"]
        eid = self._ev(ids[0])
        # an aside after an event id is its name: "event 4:VII (War of Independence …)", "21:Early (NATO)"; one
        # that opens a clause of its own ("(if the US player agrees)") is a remark, read like any other aside
        for a in self._asides(items):
            text = self._aside_text(a)
            if _REMARK.match(text):
                self._check_aside(a)
            else:
                self.labels.setdefault(eid, text)
        return eid

    def event_list(self, items):
        return list(items)

    def e_occurred(self, items):
        for a in self._asides(items):
            self._check_aside(a)
        return lambda e: {"kind": "occurred", "event": e}

    def e_not_occurred(self, _):
        return lambda e: {"kind": "not_occurred", "event": e}

    def e_in_effect(self, _):
        return lambda e: {"kind": "in_effect", "event": e}

    def e_not_in_effect(self, _):
        return lambda e: {"kind": "not_in_effect", "event": e}

    def e_not_over(self, _):
        return lambda e: {"kind": "over", "event": e, "negated": True}

    def e_over(self, _):
        return lambda e: {"kind": "over", "event": e}

    # ------------------------------------------------------------------ requirements
    def _req(self, parts: dict, on_fail: str | None, form: str) -> Reading:
        logic: dict[str, Any] = {"role": "requirement", **parts}
        if on_fail:
            logic["on_fail"] = on_fail
        logic["derived_from"] = form
        return Reading("requirement", logic)

    def _conds(self, items) -> list:
        return [x for x in items if isinstance(x, dict)]

    def req_before_event(self, items):
        e = [x for x in items if isinstance(x, str) and self._is_id(x)][0]
        through = "through" in items
        kind = "over" if through else "occurred"
        return self._req({"when": [{"kind": kind, "event": e}]}, None, "cannot-occur-before")

    def played_through(self, _):
        return "through"

    def req_before_period(self, items):
        return self._req({"when": [{"kind": "period_at_least", "value": str(items[-1])}]}, None,
                         "cannot-occur-before-period")

    def req_if(self, items):
        return self._req(fail_when(self._conds(items)[0]), None, "cannot-occur-if")

    def req_if_all(self, items):
        ids = [x for x in items if isinstance(x, list)][0]
        return self._req({"unless": [{"kind": "occurred", "event": e} for e in ids]}, None, "cannot-occur-if-all")

    def req_unless(self, items):
        return self._req(holds(self._conds(items)[0]), None, "cannot-occur-unless")

    def req_only_if(self, items):
        return self._req(holds(self._conds(items)[0]), None, "only-if")

    # card games: "played" is "occurred" for a card
    def _refs(self, items) -> list[str]:
        return [x for x in items if isinstance(x, str) and not isinstance(x, Token) and self._is_id(x)]

    def req_only_if_played(self, items):
        return self._req(holds(self._conds(items)[0]), None, "may-only-be-played-if")

    def req_after_before(self, items):
        a, b = self._refs(items)
        return self._req({"when": [{"kind": "occurred", "event": a}, {"kind": "not_occurred", "event": b}]}, None,
                         "played-after-and-before")

    def req_after(self, items):
        (a,) = self._refs(items)
        return self._req({"when": [{"kind": "occurred", "event": a}]}, None, "played-after")

    def req_requires(self, items):
        (a,) = self._refs(items)
        return self._req({"when": [{"kind": "occurred", "event": a}]}, None, "requires")

    def req_before_card(self, items):
        (b,) = self._refs(items)
        return self._req({"when": [{"kind": "not_occurred", "event": b}]}, None, "played-before")

    def req_if_played(self, items):
        return self._req(fail_when(self._conds(items)[0]), None, "cannot-be-played-if")

    def req_unless_played(self, items):
        return self._req(holds(self._conds(items)[0]), None, "cannot-be-played-unless")

    def req_if_marked_off(self, items):
        return self._req(fail_when(self._conds(items)[0]), "mark_off", "if-marked-off")

    def req_if_applies(self, items):
        return self._req(holds(self._conds(items)[0]), "mark_off", "if-following-rules")

    def req_refuse(self, items):
        who = [x for x in items if isinstance(x, str)][0]
        return self._req({"when": [{"kind": "free", "subject": who, "value": "accepts the event"}]}, None,
                         "may-refuse")

    def req_may_refuse_if(self, items):
        cond = self._conds(items)[0]
        who = next((c.get("subject") for c in conj(cond) if c.get("subject")), None)
        if not who:
            raise Unread("'it may refuse the event' without a subject", "it may refuse the event")
        return self._req({"unless": conj(cond) + [{"kind": "free", "subject": who, "value": "refuses the event"}]},
                         None, "may-refuse-if")

    def req_no_event_if(self, items):
        return self._req(fail_when(self._conds(items)[0]), "mark_off", "no-event-if")

    def req_treat_r_if(self, items):
        # "… treat this event as an R result in Corsica and mark it off": the event is marked off, so it is played
        # (docs/logic.md S1, S3); the R result (a revolt) is not modelled
        return self._req(fail_when(self._conds(items)[0]), "mark_off", "treat-as-R-if")

    def req_not_twice(self, _):
        if not self.event_id:
            raise Unread("'this event' without an event", "this event")
        # it names its own draw ("rolled for a second time"), so it judges every draw wherever it stands (S8)
        return self._req({"when": [{"kind": "not_in_effect", "event": self.event_id}], "every_draw": True}, "reroll",
                         "not-twice")

    def req_even_if(self, items):
        # "This event can take place even if <reason> and Prussia no longer exists": it needs Prussia to apply
        who = [x for x in items if isinstance(x, str) and not isinstance(x, Token)][-1]
        cond: dict[str, Any] = {"kind": "exists", "subject": who}
        events = [e for x in items if isinstance(x, tuple) for e in x]
        if events:  # "… created as a result of event IV:1 …": the events the reason names, kept as context
            cond["events"] = events
        return self._req({"when": [cond]}, None, "even-if-no-longer-exists")

    def reason(self, items):
        return tuple(self._ev(t) for t in items if isinstance(t, Token) and t.type == "ID")

    def fail_mark_apply_later(self, _):
        # "In such a case mark as played and apply immediately if Prussia later returns to the game": marked as
        # played (S1, S3); its effects applied when Prussia returns are not modelled (basis.py reports them, S8)
        return "mark_off"

    def req_delayed(self, items):
        return self._req(fail_when(self._conds(items)[0]), "delay", "delayed-if")

    # ------------------------------------------------------------------ failure outcomes
    def failure(self, items):
        return Reading("failure", {"on_fail": [x for x in items if isinstance(x, str)][0]})

    def fail_reroll(self, _):
        return "reroll"

    def fail_consider(self, _):
        return "consider_played"

    def fail_mark_off(self, _):
        return "mark_off"

    def fail_renewable(self, _):
        return "refused_renewable"

    def fail_treat_r(self, items):
        for a in self._asides(items):
            self._check_aside(a)
        return "treat_as_R"

    # ------------------------------------------------------------------ effects
    def effect_sentence(self, items):
        return items[0]

    def eff_plain(self, items):
        return Reading("effect", items[0])

    def eff_if(self, items):
        cond = self._conds(items)[0]
        eff = [x for x in items if isinstance(x, dict) and "effects" in x][0]
        eff = dict(eff)
        who = next((c.get("subject") for c in conj(cond) if c.get("subject")), None)
        if who:  # "If Mameluks has been annexed …, it now reappears …": "it" is the condition's subject
            eff["effects"] = [dict(e, subject=who) if e.get("subject") == "it" else e for e in eff["effects"]]
            eff["effects"] = [dict(e, value=who) if e.get("kind") == "owner" and e.get("value") == "it" else e
                              for e in eff["effects"]]
            eff["when"] = [{k: (who if k in ("subject", "value") and v == "it" else v) for k, v in c.items()}
                           for c in eff.get("when", [])]
        eff["when"] = conj(cond) + eff.get("when", [])
        return Reading("effect", eff)

    def eff_after_turns_minors(self, items):
        # "After two turns, and if still being waged only between minors the war ends with X eliminating Y …"
        n = str([x for x in items if isinstance(x, Token) and x.type == "COUNT"][0])
        eff = dict([x for x in items if isinstance(x, dict)][0])
        eff["when"] = [{"kind": "free", "value": f"the war is still waged only between minors after {n} turns"}]
        return Reading("effect", eff)

    def war_end(self, items):
        winner, loser = items[0], items[1]
        if "it" in (winner, loser):
            raise Unread("'it' in the end of a war", "it")
        return self._eff({"kind": "minor_removed", "subject": loser}, scopes_rest=True)

    def eff_scope(self, items):
        return Reading("scope", {"role": "case_condition", "when": conj(self._conds(items)[0]),
                                 "derived_from": "following-is-added-if"})

    def effects(self, items):
        out: dict[str, Any] = {"effects": []}
        for part in items:
            if isinstance(part, str):
                # "Cancels X and Y", "Prevents X and Y": a bare id after "and" takes the verb of the effect before
                last = out["effects"][-1] if out["effects"] else {}
                if last.get("kind") not in ("cancel_event", "never_occurs") or "only_for" in last:
                    raise Unread("an event id after 'and' with no cancellation before it", part)
                out["effects"].append({"kind": last["kind"], "event": part})
                continue
            out["effects"].extend(part["effects"])
            for key in ("when", "unless"):
                if part.get(key):
                    out.setdefault(key, []).extend(part[key])
            if part.get("optional"):
                out["optional"] = True
            if part.get("other_cases"):
                out["other_cases"] = True
            if part.get("then"):
                out["then"] = True
            if part.get("scopes_rest"):
                out["scopes_rest"] = True
        return out

    def annex_verb(self, items):
        adj = [str(x) for x in items if isinstance(x, Token) and x.type == "ADJ"]
        return {"optional": any(isinstance(x, Token) and x.type == "MAY" for x in items), "adj": adj[0] if adj else None}

    def prov_list(self, items):
        return [x for x in items if isinstance(x, str)]

    def province(self, items):
        return " ".join(str(x) for x in items)

    def alternative(self, items):
        provs = [x for x in items if isinstance(x, list)][0]
        none = any(isinstance(x, Token) and x.type == "NONE" for x in items)
        return ("first_of", provs, none)

    def alt_unless(self, items):
        return ("unless", self._conds(items)[0])

    def f_annex(self, items):
        who = items[0]
        verb = [x for x in items if isinstance(x, dict)][0]
        provs = [x for x in items if isinstance(x, list)][0]
        alt = [x for x in items if isinstance(x, tuple)]
        out: dict[str, Any] = {"effects": [{"kind": "owner", "subject": p, "value": who} for p in provs]}
        for a in self._asides(items):
            text = self._aside_text(a)
            if text == "if it took part in the war":
                out["when"] = [{"kind": "took_part_in_war", "subject": who}]
            else:
                self._check_aside(a)
        if verb["optional"]:
            out["optional"] = True
        if alt and alt[0][0] == "first_of":
            # "annexes Polish WEST PREUSSEN, or if such a province does not exist …": such a province is a Polish
            # WEST PREUSSEN, so the alternative is taken when Poland no longer owns it (a province never stops
            # existing; the adjective names its owner, as in "there is a Habsburg BOHEMIA"); "or if none of them
            # exist": when none of the provinces is still so owned. Without an owner's adjective nothing says
            # what "such a province" is: unread.
            _, others, none = alt[0]
            adj = verb.get("adj")
            if not adj:
                raise Unread("'such a province' with no owner's adjective before the provinces",
                             "or if such a province does not exist")

            def owned(p):
                return {"kind": "owns", "subject": adj, "value": p}
            if none:
                guard = [_any([owned(p) for p in provs])]
            first = [dict(e, when=guard if none else [owned(e["subject"])]) for e in out["effects"]]
            out["effects"] = [{"kind": "first_of", "of": [first, [{"kind": "owner", "subject": p, "value": who}
                                                                  for p in others]]}]
        elif alt:
            cond = _resolve_it(alt[0][1], who)
            if self.context_events:
                cond = _with_events(cond, self.context_events)
            out["unless"] = [cond]
        return out

    def f_receives_member_owned(self, items):
        # "it receives HRE member owned BREMEN, KIEL and WEST POMMERN": each province that a member of HRE owns
        who, group, provs = items[0], str(items[1]), items[-1]
        return self._eff(*[{"kind": "owner", "subject": p, "value": who,
                            "when": [{"kind": "owns", "subject": f"member of {group}", "value": p}]} for p in provs])

    def f_dissolved(self, items):
        # "it can be dissolved … by enforced unconditional surrender": a minor removed, if the war is won so
        who = items[0]
        return self._eff({"kind": "minor_removed", "subject": who},
                         when=[{"kind": "unconditional_victory", "value": who}], optional=True)

    def f_then_removed(self, items):
        # "It is then removed from play": the consequence of the sentence before (its conditions, its subject)
        return self._eff({"kind": "minor_removed", "subject": items[0]}, then=True)

    def _eff(self, *effects, **extra):
        return {"effects": list(effects), **extra}

    def f_annexed_by(self, items):
        return self._eff({"kind": "minor_removed", "subject": items[0]})

    def f_reappears_vassal(self, items):
        a, b = [x for x in items if type(x) is str][:2]
        return self._eff({"kind": "minor_created", "subject": a}, {"kind": "minor_vassal", "subject": a, "value": b})

    def f_va_cancelled(self, items):
        return self._eff({"kind": "minor_neutral", "subject": [x for x in items if isinstance(x, str)][0]})

    f_rules_cancelled = f_va_cancelled

    def f_neutral(self, items):
        return self._eff({"kind": "minor_neutral", "subject": items[0]})

    def f_war_neutral(self, items):
        return self._eff({"kind": "minor_neutral", "subject": items[0]})

    def f_vassal(self, items):
        a, b = [x for x in items if isinstance(x, str)][:2]
        return self._eff({"kind": "minor_vassal", "subject": a, "value": b})

    def f_restored_vassal(self, items):
        a, b = [x for x in items if isinstance(x, str)][:2]
        return self._eff({"kind": "minor_vassal", "subject": a, "value": b})

    def f_religion(self, items):
        who = items[0]
        value = [str(x) for x in items if isinstance(x, Token) and x.type == "RELIGION"][0]
        return self._eff({"kind": "religion", "subject": who, "value": value})

    f_religion_republic = f_religion

    def f_never(self, items):
        # "event X can never occur", "X can / may no longer be played (as an event)", "Prevents X (from being
        # played)": X never occurs from now on (its name in parentheses is read by event_ref)
        e = [x for x in items if isinstance(x, str) and not isinstance(x, Token) and self._is_id(x)][0]
        return self._eff({"kind": "never_occurs", "event": e})

    def f_cancels(self, items):
        # "Cancels X", "Cancels the effects of X (for USSR only)": X's effects end; limited to one country, the
        # effects end for that country only (``only_for``: X's run is not ended, docs/logic.md)
        e = [x for x in items if isinstance(x, str) and not isinstance(x, Token) and self._is_id(x)][0]
        eff: dict[str, Any] = {"kind": "cancel_event", "event": e}
        only = [x for x in items if isinstance(x, tuple) and x and x[0] == "only_for"]
        if only:
            eff["only_for"] = only[0][1]
        return self._eff(eff)

    def only_for(self, items):
        who = [x for x in items if isinstance(x, str) and not isinstance(x, Token)]
        if not who or who[0] == "it":
            raise Unread("a cancellation limited to a country the reader cannot name", " ".join(map(str, items)))
        return ("only_for", who[0])

    def f_cancel_return(self, items):
        e, name = [x for x in items if isinstance(x, Token) and x.type == "ID"][0], items[-1]
        return self._eff({"kind": "cancel_event", "event": self._ev(e)}, {"kind": "minor_created", "subject": str(name)})

    def f_cancel_rest(self, _):
        if not self.event_id:
            raise Unread("'the rest of the event' without an event", "the rest of the event")
        return self._eff({"kind": "cancel_event", "event": self.event_id})

    def f_game_ends(self, _):
        return self._eff({"kind": "game_ends"})

    def f_annexed_removed(self, items):
        return self._eff({"kind": "minor_removed", "subject": items[0]})

    def f_territories_removed(self, items):
        return self._eff({"kind": "minor_removed", "subject": items[0]})

    def f_recreated(self, items):
        return self._eff({"kind": "minor_created", "subject": items[0]})

    def f_new_minor(self, items):
        for a in self._asides(items):
            self._check_aside(a)
        provs = [x for x in items if isinstance(x, list)][0]
        name = [x for x in items if type(x) is str][-1]
        return self._eff({"kind": "minor_created", "subject": name},
                         *[{"kind": "owner", "subject": p, "value": name} for p in provs])

    def f_area_annexed(self, items):
        area, *owner = [str(x) for x in items]
        return self._eff({"kind": "owner", "subject": area, "value": " ".join(owner)})

    def f_other_cases(self, items):
        inner = items[-1]
        return {"effects": [{"kind": "minor_neutral", "subject": "it"}, *inner["effects"]], "other_cases": True}

    # ------------------------------------------------------------------ headings and inheritance
    def heading(self, items):
        return items[0]

    def h_case(self, items):
        conds = conj(self._conds(items)[0])
        for a in self._asides(items):
            text = self._aside_text(a)
            m = re.match(r"^unless event (\S+) is in effect\b", text)
            if m and self._is_id(m[1]):
                conds.append({"kind": "not_in_effect", "event": self._ev(m[1])})
            else:
                self._check_aside(a)
        return Reading("heading", {"role": "case_condition", "when": conds, "derived_from": "case-heading"})

    def h_extension(self, items):
        text = self._aside_text(self._asides(items)[0])
        m = re.fullmatch(r"applies only if (.+?)!?", text)
        if not m:
            raise Unread("an extension heading whose aside is not 'applies only if …'", f"({text})")
        from ...logic.reader.read import parse_condition_text
        return Reading("heading", {"role": "case_condition", "when": conj(parse_condition_text(m[1], self.vocab)),
                                   "derived_from": "extension-heading"})

    def h_part(self, items):
        return Reading("heading", {"role": "case_condition", "when": [items[0]], "derived_from": "part-heading"})

    def u_inactive(self, _):
        return {"kind": "inactive", "subject": "Persia"}

    def u_at_war(self, _):
        return {"kind": "at_war", "subject": "Persia", "value": self.vocab.country_code("Turkey") or "Turkey"}

    def u_removed(self, _):
        return {"kind": "not_exists", "subject": "Persia"}

    def repeats(self, items):
        return items[0]

    def r_repeats(self, items):
        asides = self._asides(items)
        target = [self._aside_text(a) for a in asides if self._is_id(self._aside_text(a))]
        if not target:
            raise Unread("the repeated event is not named by its id", "")
        return Reading("repeats", {"role": "repeats", "event": self._ev(target[0]), "derived_from": "repeats-except"})



def _any(conds: list[Cond]) -> Cond:
    return conds[0] if len(conds) == 1 else {"kind": "any", "of": conds}


def _all(conds: list[Cond]) -> Cond:
    flat: list[Cond] = []
    for c in conds:
        flat.extend(c["of"] if c["kind"] == "all" else [c])
    return flat[0] if len(flat) == 1 else {"kind": "all", "of": flat}


def _resolve_it(c: Cond, who: str) -> Cond:
    if c["kind"] in ("any", "all", "not"):
        return {"kind": c["kind"], "of": [_resolve_it(x, who) for x in c["of"]]}
    return dict(c, subject=who) if c.get("subject") == "it" else c


def _with_events(c: Cond, events: list[str]) -> Cond:
    """"(see event 4:VI)" after a condition: the events it names are kept as context on that condition."""
    if c["kind"] in ("any", "all"):
        return {"kind": c["kind"], "of": [_with_events(x, events) if x["kind"] == "va_of" else x for x in c["of"]]}
    return dict(c, events=list(events)) if c["kind"] == "va_of" else c
