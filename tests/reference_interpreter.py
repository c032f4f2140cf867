"""A reference interpreter of docs/logic.md ("## Semantics"), written from that text and not from asp/.

It enumerates every history of a small knowledge base by brute force, turn by turn: the states reachable at the
start of each turn (a set, so equal states are kept once) and every choice the semantics leaves open (the
period, the environment's free fluents, the turn an outside event occurs, the end of an "until" duration, the
draw, the case, the outcome, optional effects, the initial state). It exists to test clingo's answers, not to
be fast: use it on a handful of events and turns. Section marks (S1 …) point into docs/logic.md.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10}
EVENT_KINDS = {"occurred", "not_occurred", "in_effect", "not_in_effect", "over"}
MARKS = {"mark_off", "consider_played"}
UNLIMITED_PLAYS = 99  # multiplicity "*": a count of plays no history asked of this interpreter reaches


# ---------------------------------------------------------------- the KB, read once into plain tables

@dataclass
class Eff:
    """One effect clause (or one item with its own `when`, or one first_of alternative) of an event."""
    key: tuple
    event: str
    items: list  # effect item dicts
    scope: int | None
    body: int | None
    when: list
    unless: list
    outcome: str | None
    optional: bool
    on_end: bool
    alt: tuple | None = None  # (group, index)


@dataclass
class Scope:
    sid: int
    event: str
    case: bool
    group: str
    body: int | None
    parent: int | None
    conds: list  # conditions that must all hold (composites allowed)
    line: int = 0
    inherited: bool = False  # a case or part of the event it repeats (S6)


@dataclass
class Ev:
    id: str
    period: tuple  # the period's key in play order (period_order)
    mult: int
    kind: str  # immediate | fixed | permanent | free
    turns: int | None
    until: list[str] = field(default_factory=list)
    only_events: bool = False
    reqs: list = field(default_factory=list)
    # requirements inside the body (S8): (logic, numbered body or None, scope id or None); every_draw: (logic, None,
    # None), like an opening one
    body_reqs: list = field(default_factory=list)
    scopes: list[Scope] = field(default_factory=list)
    effects: list[Eff] = field(default_factory=list)
    outcomes: list[str] = field(default_factory=list)


def period_order(kb):
    """S1: the play order of period labels as a key function (label -> comparable key), the deck kind, and the
    profile's labels in order.

    The game is that of the KB's events (one game); its profile is ``kb.games[game]``. Listed periods come in the
    profile's order. A label the profile does not list goes, when it and all listed labels are Roman numerals,
    right after the listed periods of lower Roman value; otherwise after every listed period (by Roman value)."""
    games = {e.game for e in kb.events.values()}
    assert len(games) <= 1, games
    game = getattr(kb, "game", None) or (games.pop() if games else None)
    data = (getattr(kb, "games", None) or {}).get(game) or {}
    listed = [str(p["id"]) for p in data.get("periods") or []]
    deck = data.get("deck") if data.get("deck") in ("per_period", "cumulative") else "per_period"
    all_roman = all(p in ROMAN for p in listed)

    def key(label):
        label = str(label)
        if label in listed:
            return (listed.index(label) + 1, 0, 0)
        if label in ROMAN and all_roman:
            return (sum(1 for p in listed if ROMAN[p] < ROMAN[label]), 1, ROMAN[label])
        return (len(listed) + 1, 1, ROMAN.get(label, 0))

    return key, deck, listed


def _req_holds(logic, val) -> bool:
    if not all(val(c) for c in logic.get("when") or []):
        return False
    if logic.get("when_any") and not any(val(c) for c in logic["when_any"]):
        return False
    return not (logic.get("unless") and all(val(c) for c in logic["unless"]))


def until_events(duration: str, labels) -> tuple[list[str], bool]:
    """S3's "until event X occurs": the events X a duration text names in that phrase (written N:P or P:N with
    any of the game's period labels or a Roman numeral I–X, as N:P), and whether the text says nothing else."""
    per = sorted(set(labels) | set(ROMAN), key=len, reverse=True)
    alt = "|".join(re.escape(p) for p in per)
    ident = rf"(?:(\d+):({alt})|({alt}):(\d+))(?![\w:])"
    phrase = rf"until (?:event )?{ident}(?: \([^()]*\))? occurs"
    ids = [f"{m[1] or m[4]}:{m[2] or m[3]}" for m in re.finditer(phrase, duration or "")]
    only = len(ids) == 1 and re.fullmatch(rf"\s*{phrase}\s*", duration or "") is not None
    return ids, only


class Reader:
    """The KB's events as the semantics reads them (S1–S8)."""

    def __init__(self, kb):
        self.events: dict[str, Ev] = {}
        self.minors: set[str] = set()
        self.religions: dict[str, set] = {}
        self.owners: dict[str, set] = {}
        self.statuses: dict[str, set] = {}
        self.out: set[str] = set()
        self.rank, self.deck, listed = period_order(kb)
        self.periods = sorted({self.rank(e.period) for e in kb.events.values()})
        if self.deck == "cumulative" and self.periods:  # S1: and every later period the profile lists
            self.periods = sorted(set(self.periods) | {self.rank(p) for p in listed if self.rank(p) >= self.periods[0]})
        n = itertools.count(1)
        for e in kb.events.values():
            kind = {"turns": "fixed", "permanent": "permanent", "immediate": "immediate"}.get(e.duration_kind, "free")
            if kind == "fixed" and not e.duration_turns:
                kind = "free"
            until, only = until_events(e.duration, listed) if kind == "free" else ([], False)
            mult = UNLIMITED_PLAYS if e.multiplicity == "*" else int(e.multiplicity) if (e.multiplicity or "").isdigit() else 1
            ev = Ev(e.id, self.rank(e.period), mult, kind, e.duration_turns, until, only)
            self.events[e.id] = ev
            for c in e.conditions:
                if c.logic and c.logic.get("role") == "requirement":
                    ev.reqs.append(c.logic)
                    for cond in self._conds(c.logic):
                        self._note(cond, kb)
                if c.kind == "modification":
                    for cc in c.walk():
                        if cc.logic and cc.logic.get("role") == "effect":
                            self._effect(ev, cc.logic, None, None, n, kb)
            for sec in e.body:
                self._section(ev, sec, None, None, f"top{e.id}", n, kb)
            # S6: an event that repeats another of the KB plays that event's cases and parts (not its effects)
            for c in e.conditions:
                x = (c.logic or {}).get("event") if (c.logic or {}).get("role") == "repeats" else None
                if x in kb.events and x != e.id:
                    for sec in kb.events[x].body:
                        self._section(ev, sec, None, None, f"rep{e.id}", n, kb, inherited=True)
            ev.outcomes = sorted({f.outcome for f in ev.effects if f.outcome})
        for ev in self.events.values():
            self.out |= {x for x in ev.until if x not in self.events}
        # S7: an outside event N:P lies in period P (None: an id without a period)
        self.out_period = {x: (self.rank(x.split(":", 1)[1]) if re.fullmatch(r"\d+:.+", x or "") else None)
                           for x in self.out}

    def _conds(self, logic):
        for key in ("when", "when_any", "unless"):
            yield from logic.get(key) or []

    def _note(self, cond, kb):
        """Record the domains a condition reads (S7)."""
        k = cond.get("kind")
        if k in ("any", "all", "not"):
            for c in cond.get("of") or []:
                self._note(c, kb)
        elif k in EVENT_KINDS and cond.get("event") not in kb.events:
            self.out.add(cond.get("event"))
        elif k in ("exists", "not_exists"):
            self.minors.add(cond["subject"])
        elif k == "religion":
            self.religions.setdefault(cond["subject"], set()).add(cond["value"])
        elif k == "owns":
            self.owners.setdefault(cond["value"], set()).add(cond["subject"])
        elif k == "status":
            self.statuses.setdefault(cond["subject"], set()).add(cond["value"])

    def _section(self, ev, sec, body, parent, group, n, kb, inherited=False):
        scope = parent
        if sec.kind == "event" and sec.canonical and sec.canonical.isdigit():
            body = int(sec.canonical)
            group = f"{'rep' if inherited else 'body'}{ev.id}#{body}"
        if sec.kind in ("case", "part", "extension"):
            conds = []
            for logic in [sec.logic] + [c.logic for c in sec.clauses if c.logic and c.logic.get("role") == "case_condition"]:
                logic = logic or {}
                conds += list(logic.get("when") or [])
                if logic.get("when_any"):
                    conds.append({"kind": "any", "of": logic["when_any"]})
                if logic.get("unless"):
                    conds.append({"kind": "not", "of": [{"kind": "all", "of": logic["unless"]}]})
            for c in conds:
                self._note(c, kb)
            sid = next(n)
            ev.scopes.append(Scope(sid, ev.id, sec.kind == "case", group, body, parent, conds, sec.line, inherited))
            scope = sid
            group = f"scope{sid}"
        for clause in sec.clauses if not inherited else []:  # S8: a repeated event's requirements stay its own
            for c in clause.walk():
                if c.logic and c.logic.get("role") == "effect":
                    self._effect(ev, c.logic, body, scope, n, kb)
                elif c.logic and c.logic.get("role") == "requirement":
                    every = bool(c.logic.get("every_draw"))
                    ev.body_reqs.append((c.logic, None if every else body, None if every else scope))
                    for cond in self._conds(c.logic):
                        self._note(cond, kb)
        for sub in sec.sections:
            self._section(ev, sub, body, scope, group, n, kb, inherited)

    def _effect(self, ev, logic, body, scope, n, kb):
        base = {"scope": scope, "body": body, "when": list(logic.get("when") or []),
                "unless": list(logic.get("unless") or []), "outcome": logic.get("outcome"),
                "optional": bool(logic.get("optional")), "on_end": logic.get("timing") == "on_end"}
        for c in base["when"] + base["unless"]:
            self._note(c, kb)
        plain, extra = [], []
        for item in logic.get("effects") or []:
            if item.get("kind") == "first_of":
                g = next(n)
                for i, alt in enumerate(item.get("of") or []):
                    conds = [c for x in alt for c in x.get("when") or []]
                    extra.append((alt, conds, (g, i)))
            elif item.get("when"):
                extra.append(([item], list(item["when"]), None))
            else:
                plain.append(item)
        groups = ([(plain, [], None)] if plain else []) + extra
        for items, conds, alt in groups:
            for c in conds:
                self._note(c, kb)
            for x in items:
                self._note_effect(x)
            b = dict(base)
            b["when"] = base["when"] + conds
            ev.effects.append(Eff(("e", next(n)), ev.id, [x for x in items if x.get("kind") != "first_of"],
                                  alt=alt, **b))

    def _note_effect(self, x):
        k = x.get("kind")
        if k in ("minor_created", "minor_removed"):
            self.minors.add(x["subject"])
        elif k == "religion":
            self.religions.setdefault(x["subject"], set()).add(x["value"])
        elif k == "owner":
            self.owners.setdefault(x["subject"], set()).add(x["value"])
        elif k == "minor_neutral":
            self.statuses.setdefault(x["subject"], set()).add("neutral")
        elif k == "minor_vassal":
            self.statuses.setdefault(x["subject"], set()).add("vassal of " + x["value"])


# ---------------------------------------------------------------- states and one turn

def _freeze(d):
    return tuple(sorted((k, v) for k, v in d.items()))


@dataclass(frozen=True)
class State:
    """What carries over into the next turn (S3, S4, S7)."""
    period: tuple = ()  # the period's key (period_order); () before the first turn
    game_over: bool = False
    never: frozenset = frozenset()
    occurred: frozenset = frozenset()
    played: tuple = ()  # (event, times played)
    fired: tuple = ()  # (event, times fired)
    since: tuple = ()  # (event, turn of the latest firing) for lasting events
    ended: frozenset = frozenset()  # runs the environment (or an until-event) ended
    csince: frozenset = frozenset()  # runs ended by a cancellation
    cancel_last: frozenset = frozenset()  # events cancelled at the turn before
    armed: frozenset = frozenset()  # on-end effect keys waiting for their event to be over
    exists: frozenset = frozenset()
    religion: tuple = ()  # (country, frozenset of values)
    owner: tuple = ()
    status: tuple = ()
    out: frozenset = frozenset()  # outside events that have occurred
    out_dead: frozenset = frozenset()  # outside events whose run a cancellation ended (S4, S7)
    extra: tuple = ()  # what a question tracks (the order of counted firings)


@dataclass(frozen=True)
class Move:
    """What one turn did: the draw and its outcome."""
    event: str | None
    outcome: str  # fired | marked | refused | rerolled | none
    scopes: frozenset = frozenset()  # heading lines of the cases and parts a firing played
    outside: str | None = None  # an event outside the KB played at this turn instead (S7)


class Interpreter:
    def __init__(self, kb):
        self.r = Reader(kb)
        self.env_keys = self._env_keys(kb)
        self.effs_by_key = {f.key: f for ev in self.r.events.values() for f in ev.effects}
        # the highest numbered body ("FIRST EVENT" 1, "SECOND EVENT" 2 …) of each event; 0 when it has none
        self.last_body = {e: max([x.body or 0 for x in ev.scopes] + [f.body or 0 for f in ev.effects] + [0])
                          for e, ev in self.r.events.items()}

    def _env_keys(self, kb):
        keys = set()

        def walk(c):
            k = c.get("kind")
            if k in ("any", "all", "not"):
                for x in c.get("of") or []:
                    walk(x)
            elif k not in EVENT_KINDS and k not in ("exists", "not_exists", "religion", "owns", "status",
                                                    "period_at_least"):
                keys.add(self._env_key(c))

        for ev in self.r.events.values():
            for logic in ev.reqs + [lg for lg, _, _ in ev.body_reqs]:
                for c in self.r._conds(logic):
                    walk(c)
            for s in ev.scopes:
                for c in s.conds:
                    walk(c)
            for f in ev.effects:
                for c in f.when + f.unless:
                    walk(c)
        return sorted(keys)

    @staticmethod
    def _env_key(c):
        k = c.get("kind")
        k = {"active": "inactive", "at_peace": "at_war"}.get(k, k)
        return (k, str(c.get("subject")), str(c.get("value")) if k == "at_war" or k not in ("inactive",) else "")

    def initial_states(self):
        r = self.r
        minors = sorted(r.minors)
        subsets = [frozenset(x for x, b in zip(minors, bits) if b) for bits in itertools.product((0, 1), repeat=len(minors))]
        rel = [[(x, frozenset([v])) for v in sorted(vals | {"other"})] for x, vals in sorted(r.religions.items())]
        own = [[(p, frozenset([v])) for v in sorted(vals | {"other"})] for p, vals in sorted(r.owners.items())]
        sta = [[(x, frozenset([v])) for v in sorted(vals | {"other"})] for x, vals in sorted(r.statuses.items())]
        for ex in subsets:
            for rv in itertools.product(*rel):
                for ov in itertools.product(*own):
                    for sv in itertools.product(*sta):
                        yield State(exists=ex, religion=tuple(rv), owner=tuple(ov), status=tuple(sv))

    # -- one turn t from carried state s: yields (move, next state, fired event or None)
    def turn(self, s: State, t: int):
        r = self.r
        for period in [p for p in r.periods if p >= s.period]:
            # S7: an outside event may have occurred before this turn in a period that lies wholly before it (before
            # turn 1, or between the last turn and this one), never once it cannot occur or the game has ended
            def before(x, period=period):
                p = r.out_period[x]
                if p is None:
                    return True
                return p < period and (s.period == () or p > s.period)
            not_out = sorted(x for x in r.out if x not in s.out and x not in s.never and not s.game_over
                             and before(x))
            for occ in itertools.product((0, 1), repeat=len(not_out)):
                out = s.out | {x for x, b in zip(not_out, occ) if b}
                out_list = sorted(x for x in out if x not in s.out_dead)
                for out_live in itertools.product((0, 1), repeat=len(out_list)):
                    out_in_effect = {x for x, b in zip(out_list, out_live) if b}
                    yield from self._with_ends(s, t, period, out, out_in_effect)

    def _with_ends(self, s, t, period, out, out_in_effect):
        r = self.r
        since = dict(s.since)
        occurred = s.occurred
        forced, choosable = set(), []
        for e, T in since.items():
            ev = r.events[e]
            if ev.kind != "free":
                continue
            if any((x in occurred) if x in r.events else (x in out) for x in ev.until):
                forced.add(e)
                continue
            if e in s.ended:  # (a firing at the turn before restarts the run: _close drops it from `ended`)
                forced.add(e)
                continue
            live_otherwise = e not in s.csince and not (ev.turns and t >= T + ev.turns)
            if not ev.only_events and live_otherwise:
                choosable.append(e)
        for bits in itertools.product((0, 1), repeat=len(choosable)):
            ended = frozenset(forced | {e for e, b in zip(choosable, bits) if b})
            live = set()
            for e, T in since.items():
                ev = r.events[e]
                if e in s.csince:
                    continue
                if ((ev.kind == "fixed" and t < T + ev.turns) or ev.kind == "permanent"
                        or (ev.kind == "free" and e not in ended and not (ev.turns and t >= T + ev.turns))):
                    live.add(e)
            seen = set()  # the environment's free fluents matter only through what the draw does
            for envv in itertools.product((0, 1), repeat=len(self.env_keys)):
                env = {k for k, b in zip(self.env_keys, envv) if b}
                ctx = (s, t, period, out, out_in_effect, live, env)
                for move, fired, now, arm in self._draws(s, period, ctx):
                    key = (move, fired, tuple(f.key for f in now), tuple(f.key for f in arm))
                    if key not in seen:
                        seen.add(key)
                        yield from self._close(s, t, period, ended, live, ctx, move, fired, now, arm)

    def val(self, c, ctx) -> bool:
        s, _t, period, out, out_in_effect, live, env = ctx
        k = c.get("kind")
        neg = bool(c.get("negated"))
        if k == "all":
            v = all(self.val(x, ctx) for x in c.get("of") or [])
        elif k == "any":
            v = any(self.val(x, ctx) for x in c.get("of") or [])
        elif k == "not":
            v = not all(self.val(x, ctx) for x in c.get("of") or [])  # `not` of one condition
        elif k in EVENT_KINDS:
            e = c["event"]
            base = {"not_occurred": "occurred", "not_in_effect": "in_effect"}.get(k, k)
            neg ^= k.startswith("not_")
            if e in self.r.events:
                occ, lv = e in s.occurred, e in live
            else:
                occ, lv = e in out, e in out_in_effect
            v = {"occurred": occ, "in_effect": lv, "over": occ and not lv}[base]
        elif k in ("exists", "not_exists"):
            neg ^= k == "not_exists"
            v = c["subject"] in s.exists
        elif k == "religion":
            v = c["value"] in dict(s.religion).get(c["subject"], frozenset())
        elif k == "owns":
            v = c["subject"] in dict(s.owner).get(c["value"], frozenset())
        elif k == "status":
            v = c["value"] in dict(s.status).get(c["subject"], frozenset())
        elif k == "period_at_least":
            v = period >= self.r.rank(c.get("value"))
        else:
            neg ^= k in ("active", "at_peace")
            v = self._env_key(c) in env
        return v != neg

    def _draws(self, s, period, ctx):
        """(move, fired event, effects taking place now, on-end effects armed) for every possible draw (S1)."""
        r = self.r
        yield Move(None, "none"), None, [], []
        if s.game_over:
            return
        out = ctx[3]
        for x in sorted(r.out):  # S7: an outside event the deck holds may be this turn's play
            p = r.out_period[x]
            if p is not None and x not in out and x not in s.never and (
                    p == period or (r.deck == "cumulative" and p < period)):
                yield Move(None, "none", outside=x), None, [], []
        played = dict(s.played)
        for e, ev in sorted(r.events.items()):
            in_deck = ev.period == period or (r.deck == "cumulative" and ev.period < period)  # S1
            if not in_deck or e in s.never or played.get(e, 0) >= ev.mult:
                continue
            for on, complete, failed in self._judged(s, ev, ctx):
                if not failed:
                    if complete:
                        for effs, armed, on2 in self._firings(s, ev, ctx, on):
                            lines = frozenset(sc.line for sc in ev.scopes if sc.sid in on2 and not sc.inherited)
                            yield Move(e, "fired", lines), e, effs, armed
                    continue
                yield from self._not_fired(s, e, failed, out, period)

    def _judged(self, s, ev, ctx):
        """(scopes the draw would play, whether every live case group has a case, failing requirements) for every
        way the environment can pick the cases of a draw of ``ev`` (S8: a requirement inside the body judges the
        draws that would play the place it stands in)."""
        nth = dict(s.fired).get(ev.id, 0) + 1
        val = lambda c: self.val(c, ctx)
        for on, complete in self._scope_choices(ev, nth, val):
            applying = list(ev.reqs) + [lg for lg, b, sc in ev.body_reqs
                                        if (sc in on if sc is not None else b is None or b == nth)]
            yield on, complete, [lg for lg in applying if not _req_holds(lg, val)]

    def _not_fired(self, s, e, failed, out, period):
        """The draw of ``e`` when ``failed`` requirements fail (S1): marked, refused or re-rolled."""
        r = self.r
        if any(lg.get("on_fail") in MARKS for lg in failed):
            yield Move(e, "marked"), None, [], []
        elif any(lg.get("on_fail") == "refused_renewable" for lg in failed):
            yield Move(e, "refused"), None, [], []
        else:
            yield Move(e, "rerolled"), None, [], []
            for x in sorted(r.out):  # a re-roll changes nothing: an outside event may still be played
                p = r.out_period[x]
                if p is not None and x not in out and x not in s.never and (
                        p == period or (r.deck == "cumulative" and p < period)):
                    yield Move(e, "rerolled", outside=x), None, [], []

    @staticmethod
    def _scope_choices(ev, nth, val):
        """(scopes played, complete) for every way the environment can pick the cases of a firing number ``nth``
        of ``ev`` (S6): each live group of sibling cases plays exactly one whose conditions hold; ``complete`` is
        False when a live group has none (such a firing is impossible, S6)."""
        def body_ok(b):
            return b is None or b == nth

        # Scopes in order (parents before children): choose the cases of each group.
        def choices(i, on, complete):
            if i == len(ev.scopes):
                yield on, complete
                return
            sc = ev.scopes[i]
            ok_parent = body_ok(sc.body) and (sc.parent is None or sc.parent in on)
            if not sc.case:
                good = ok_parent and all(val(c) for c in sc.conds)
                yield from choices(i + 1, on | {sc.sid} if good else on, complete)
                return
            group = [x for x in ev.scopes if x.case and x.group == sc.group]
            if sc is not group[0]:
                yield from choices(i + 1, on, complete)  # decided with the first case of its group
                return
            live_group = [x for x in group if body_ok(x.body) and (x.parent is None or x.parent in on)]
            if not live_group:
                yield from choices(i + 1, on, complete)
                return
            ok = [x for x in live_group if all(val(c) for c in x.conds)]
            if not ok:  # none holds: no firing plays this draw
                yield from choices(i + 1, on, False)
            for x in ok:  # exactly one
                yield from choices(i + 1, on | {x.sid}, complete)

        yield from choices(0, frozenset(), True)

    def _firings(self, s, ev, ctx, on):
        """Every way a firing of ``ev`` that plays the scopes ``on`` can play out (S5, S6): (effects taking place
        now, on-end effects armed, ``on``)."""
        nth = dict(s.fired).get(ev.id, 0) + 1
        val = lambda c: self.val(c, ctx)

        def body_ok(b):
            return b is None or b == nth

        for outcome in [None] + ev.outcomes if ev.outcomes else [None]:
            eligible = []
            for f in ev.effects:
                placed = (f.scope in on) if f.scope is not None else body_ok(f.body)
                if not placed:
                    continue
                if not all(val(c) for c in f.when):
                    continue
                if f.unless and all(val(c) for c in f.unless):
                    continue
                if f.outcome is not None and f.outcome != outcome:
                    continue
                eligible.append(f)
            # first_of: an alternative is blocked when an earlier one of its group holds
            holds_alt = {f.alt for f in ev.effects if f.alt and ((f.scope in on) if f.scope is not None
                                                                 else body_ok(f.body))
                         and all(val(c) for c in f.when)}
            eligible = [f for f in eligible if not (f.alt and any(g == f.alt[0] and j < f.alt[1]
                                                                  for g, j in holds_alt))]
            free = [f for f in eligible if f.optional and f.outcome is None]
            fixed = [f for f in eligible if not (f.optional and f.outcome is None)]
            for bits in itertools.product((0, 1), repeat=len(free)):
                chosen = fixed + [f for f, b in zip(free, bits) if b]
                yield [f for f in chosen if not f.on_end], [f for f in chosen if f.on_end], on

    def _close(self, s, t, period, ended, live, ctx, move, fired, now, arm):
        """The state carried into turn t+1 after ``move`` and the effects that take place at t."""
        r = self.r
        effs_by_key = self.effs_by_key
        end_now = [effs_by_key[k] for k in s.armed if r.events[effs_by_key[k].event].id not in live
                   and effs_by_key[k].event not in s.cancel_last]
        still_armed = {k for k in s.armed if effs_by_key[k].event in live}
        doing = list(now) + end_now
        items = [(x, f) for f in doing for x in f.items]
        played = dict(s.played)
        fired_n = dict(s.fired)
        since = dict(s.since)
        occurred = set(s.occurred)
        if move.outcome in ("fired", "marked"):
            played[move.event] = played.get(move.event, 0) + 1
            occurred.add(move.event)
        csince = {e for e in s.csince if e != fired}
        new_ended = set(ended)
        if fired:
            fired_n[fired] = fired_n.get(fired, 0) + 1
            if r.events[fired].kind != "immediate":
                since[fired] = t if r.events[fired].kind == "fixed" or r.events[fired].turns else -1
                new_ended.discard(fired)
        # S4: a cancellation for one country only (only_for) does not end the run
        cancels = {x["event"] for x, _ in items if x["kind"] == "cancel_event" and not x.get("only_for")}
        csince |= cancels
        # S4, S7: a cancellation of an outside event that has occurred (before or at this turn) ends its run
        out_now = set(ctx[3]) | ({move.outside} if move.outside else set())
        out_dead = s.out_dead | {x for x in cancels if x in out_now and x in r.out}
        created = {x["subject"] for x, _ in items if x["kind"] == "minor_created"}
        removed = {x["subject"] for x, _ in items if x["kind"] == "minor_removed"}
        exists = (set(s.exists) - removed) | created

        def setv(current, kind, key="subject", value=lambda x: x["value"]):
            if not items:
                return current
            cur = dict(current)
            new: dict = {}
            for x, _ in items:
                if x["kind"] in kind:
                    new.setdefault(x[key], set()).add(value(x))
            cur.update({k: frozenset(v) for k, v in new.items()})
            return _freeze(cur)

        religion = setv(s.religion, ("religion",))
        owner = setv(s.owner, ("owner",))
        status = setv(s.status, ("minor_neutral", "minor_vassal"),
                      value=lambda x: "neutral" if x["kind"] == "minor_neutral" else "vassal of " + x["value"])
        # Canonical form (an optimisation only: it forgets what no later turn can read, so that equal futures
        # are one state): a run over by its own length, a cancellation or an ending of a run no longer held,
        # counts of firings past the last numbered body, the plays of an event of multiplicity "*" past the
        # first (its limit of UNLIMITED_PLAYS is more turns than any history asked of this interpreter has), and
        # the cancellations of the turn before when no on-end effect of that event waits.
        for e, T in list(since.items()):
            ev = r.events[e]
            if ev.kind in ("fixed", "free") and ev.turns and t + 1 >= T + ev.turns:
                del since[e]
        armed = frozenset(still_armed | {f.key for f in arm})
        armed_events = {effs_by_key[k].event for k in armed}
        fired_n = {e: min(n, self.last_body[e]) for e, n in fired_n.items() if self.last_body[e]}
        played = {e: min(n, 1) if r.events[e].mult == UNLIMITED_PLAYS else n for e, n in played.items()}
        nxt = State(period=period,
                    game_over=s.game_over or any(x["kind"] == "game_ends" for x, _ in items),
                    never=s.never | {x["event"] for x, _ in items if x["kind"] == "never_occurs"},
                    occurred=frozenset(occurred), played=_freeze(played), fired=_freeze(fired_n),
                    since=_freeze(since), ended=frozenset(e for e in new_ended if e in since),
                    csince=frozenset(e for e in csince if e in since),
                    cancel_last=frozenset(e for e in cancels if e in armed_events),
                    armed=armed,
                    exists=frozenset(exists), religion=religion, owner=owner, status=status,
                    out=frozenset(out_now), out_dead=frozenset(out_dead), extra=s.extra)
        yield move, nxt, fired


# ---------------------------------------------------------------- the questions (S9)

def _layers(ip: Interpreter, turns: int, allow=None, on_state=None):
    states = set(ip.initial_states())
    for t in range(1, turns + 1):
        nxt = set()
        for s in states:
            for move, n, fired in ip.turn(s, t):
                if allow is not None:
                    n = allow(t, move, fired, n)
                    if n is None:
                        continue
                nxt.add(n)
        states = nxt
        if on_state is not None:
            on_state(t, states)
        if not states:
            break
    return states


def shortest(kb, goal: str, turns: int, avoid=()) -> int | None:
    """The fewest turns of a history that fires ``goal`` (never firing ``avoid``), or None within ``turns``."""
    ip = Interpreter(kb)
    found = []

    def allow(t, move, fired, n):
        if fired in avoid:
            return None
        if fired == goal and not found:
            found.append(t)
        return n

    states = set(ip.initial_states())
    for t in range(1, turns + 1):
        nxt = set()
        for s in states:
            for move, n, fired in ip.turn(s, t):
                if fired in avoid:
                    continue
                if fired == goal:
                    return t
                if not n.game_over:  # nothing fires after the game has ended (S8)
                    nxt.add(n)
        states = nxt
    return None


def log_legal(kb, entries: dict[int, tuple[str, str]]) -> bool:
    """``entries``: turn -> (event, outcome); turns not listed draw nothing."""
    ip = Interpreter(kb)
    last = max(entries, default=0)

    def allow(t, move, fired, n):
        want = entries.get(t)
        if want is None:
            return n if move.event is None else None
        return n if (move.event, move.outcome) == want else None

    return bool(_layers(ip, last, allow)) if last else True


def count_orders(kb, events: list[str], turns: int) -> int:
    """Distinct orders in which each of ``events`` fires once and nothing else is played, within ``turns``."""
    ip = Interpreter(kb)
    counted = set(events)

    def allow(t, move, fired, n):
        if move.outcome == "marked":
            return None
        if fired is None:
            return n
        if fired not in counted or fired in n.extra:
            return None
        return State(**{**n.__dict__, "extra": n.extra + (fired,)})

    orders = set()
    _layers(ip, turns, allow, on_state=lambda t, st: orders.update(s.extra for s in st if len(s.extra) == len(counted)))
    return len(orders)


def can_fire(kb, event: str, turns: int) -> bool:
    return shortest(kb, event, turns) is not None


def earliest_firings(kb, turns: int, avoid=()) -> dict[str, int]:
    """For every event that some history of up to ``turns`` turns fires (never firing ``avoid``): the fewest turns."""
    ip = Interpreter(kb)
    first: dict[str, int] = {}
    wanted = set(ip.r.events) - set(avoid)
    states = set(ip.initial_states())
    for t in range(1, turns + 1):
        nxt = set()
        for s in states:
            for move, n, fired in ip.turn(s, t):
                if fired in avoid:
                    continue
                if fired is not None and fired not in first:
                    first[fired] = t
                if not n.game_over:  # nothing fires after the game has ended (S8)
                    nxt.add(n)
        states = nxt
        if wanted <= first.keys():
            break
    return first


def earliest_scopes(kb, turns: int) -> set[tuple[str, int]]:
    """(event, heading line) of every case and conditional part some history of up to ``turns`` turns plays."""
    return set(earliest_scope_turns(kb, turns))


def earliest_scope_turns(kb, turns: int) -> dict[tuple[str, int], int]:
    """For every case and conditional part (event, heading line) some history of up to ``turns`` turns plays: the
    fewest turns."""
    ip = Interpreter(kb)
    played: dict[tuple[str, int], int] = {}
    states = set(ip.initial_states())
    for t in range(1, turns + 1):
        nxt = set()
        for s in states:
            for move, n, fired in ip.turn(s, t):
                if fired is not None:
                    for line in move.scopes:
                        played.setdefault((fired, line), t)
                if not n.game_over:  # nothing fires after the game has ended (S8)
                    nxt.add(n)
        states = nxt
    return played
