"""The KB's structured logic as ASP facts for the programs in ``asp/``.

Each requirement clause, case or part heading and effect clause becomes one numbered clause ``C`` (so that an
unsatisfiable core over ``on(C)`` can be mapped back to the words of the text, with file and line). Conditions
become terms ``pos(F)`` / ``neg(F)``; what no event of the model decides becomes an ``env`` fluent, a free
choice of the environment. ``build_model`` can restrict the model to the cone of some goal events: the events
they depend on through conditions, and the events whose effects touch what those conditions test.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..ids import ROMAN
from ..model import Clause, Event, KnowledgeBase, Section

EVENT_FLUENTS = {"occurred", "not_occurred", "in_effect", "not_in_effect", "over"}


def q(text: str) -> str:
    """An ASP string constant."""
    return json.dumps(str(text), ensure_ascii=False)


@dataclass
class ClauseInfo:
    cid: int
    event: str
    line: int
    text: str
    role: str  # requirement | effect | case | part


@dataclass
class LogicModel:
    facts: list[str] = field(default_factory=list)
    clauses: dict[int, ClauseInfo] = field(default_factory=dict)
    events: list[str] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    scopes: set[int] = field(default_factory=set)  # clause ids of case and part headings (scope/2 facts)

    def program(self) -> str:
        return "\n".join(self.facts) + "\n"


def _requirements(event: Event):
    for clause in event.conditions:
        if clause.logic and clause.logic.get("role") == "requirement":
            yield clause


def _cond_events(cond: dict[str, Any]) -> set[str]:
    return {cond["event"]} if cond.get("event") and cond["kind"] in EVENT_FLUENTS else set()


def _logic_conditions(logic: dict[str, Any] | None):
    if not logic:
        return
    for key in ("when", "when_any", "unless"):
        yield from logic.get(key, []) or []


def _event_sections(event: Event):
    for section in event.all_sections():
        yield section


def event_dependencies(event: Event) -> dict[str, set[str]]:
    """What an event's conditions test, and what its effects change (for the cone)."""
    needs_events: set[str] = set()
    tests: set[str] = set()
    changes: set[str] = set()
    conds = [c for cl in _requirements(event) for c in _logic_conditions(cl.logic)]
    for section in _event_sections(event):
        conds.extend(_logic_conditions(section.logic))
    for clause in event.all_clauses():
        if clause.logic and clause.logic.get("role") == "case_condition":
            conds.extend(_logic_conditions(clause.logic))
        if clause.logic and clause.logic.get("role") == "effect":
            for eff in clause.logic.get("effects", []):
                if eff["kind"] in ("cancel_event", "never_occurs"):
                    changes.add(f"event:{eff['event']}")
                elif eff["kind"] in ("minor_created", "minor_removed"):
                    changes.add(f"exists:{eff['subject']}")
                elif eff["kind"] == "religion":
                    changes.add(f"religion:{eff['subject']}")
                elif eff["kind"] == "game_ends":
                    changes.add("game")
    for c in conds:
        needs_events |= _cond_events(c)
        if c["kind"] in ("exists", "not_exists"):
            tests.add(f"exists:{c.get('subject')}")
        if c["kind"] == "religion":
            tests.add(f"religion:{c.get('subject')}")
    return {"needs": needs_events, "tests": tests, "changes": changes}


class DependencyIndex:
    """Per-event dependencies of a KB, computed once; ``cone`` then walks them for any goal set."""

    def __init__(self, kb: KnowledgeBase):
        self.kb = kb
        self.deps = {eid: event_dependencies(e) for eid, e in kb.events.items()}
        self.changers: dict[str, set[str]] = {}
        for eid, d in self.deps.items():
            for ch in d["changes"]:
                self.changers.setdefault(ch, set()).add(eid)

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
        self.scope_events = events
        self.m = LogicModel()
        self.cond_terms: set[str] = set()
        self.next_id = 1
        self.religions: dict[str, set[str]] = {}
        self.minors: set[str] = set()

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

    def term(self, cond: dict[str, Any]) -> str:
        kind = cond["kind"]
        negated = bool(cond.get("negated"))
        subject, value, event = cond.get("subject"), cond.get("value"), cond.get("event")
        if kind in EVENT_FLUENTS:
            base = {"not_occurred": "occurred", "not_in_effect": "in_effect"}.get(kind, kind)
            negated ^= kind.startswith("not_")
            if event in self.scope_events:
                fluent = f"{base}({q(event)})"
            else:
                fluent = self.env(f"{base} {event}", f"event {event} {base.replace('_', ' ')} (outside the model)")
        elif kind in ("exists", "not_exists"):
            negated ^= kind == "not_exists"
            self.minors.add(subject)
            fluent = f"exists({q(subject)})"
        elif kind in ("inactive", "active"):
            negated ^= kind == "active"
            fluent = self.env(f"inactive {subject}", f"{subject} is inactive")
        elif kind in ("at_war", "at_peace"):
            negated ^= kind == "at_peace"
            fluent = self.env(f"war {subject} {value}", f"{subject} is at war with {value}")
        elif kind == "religion":
            self.religions.setdefault(subject, set()).add(value)
            fluent = f"religion({q(subject)},{q(value)})"
        elif kind == "period_at_least":
            fluent = f"period_at_least({ROMAN.get(value, 0)})"
        else:  # free, owns and anything else no event decides
            text = value or subject or kind
            fluent = self.env(f"{kind} {subject or ''} {text}".strip(), text)
        term = f"{'neg' if negated else 'pos'}({fluent})"
        if term not in self.cond_terms:
            self.cond_terms.add(term)
            self.m.facts.append(f"cond_term({term}).")
        return term

    def event(self, event: Event) -> None:
        e = q(event.id)
        f = self.m.facts
        f.append(f"event({e}). event_period({e},{ROMAN.get(event.period, 0)}).")
        # The title (multiplicity) and the duration line are clauses too, so explanations can name them.
        title = self.clause_id(event, event.source.line, event.header, "title")
        f.append(f"multiplicity_clause({e},{title}).")
        if event.duration_kind == "turns" and event.duration_turns:
            dur = self.clause_id(event, event.duration_line or event.source.line,
                                 f"(duration: {event.duration})", "duration")
            f.append(f"duration_fixed({e},{event.duration_turns}). duration_clause({e},{dur}).")
        elif event.duration_kind == "permanent":
            f.append(f"duration_permanent({e}).")
        else:
            f.append(f"duration_free({e}).")
        mult = event.multiplicity
        f.append(f"multiplicity({e},{99 if mult == '*' else int(mult) if mult and mult.isdigit() else 1}).")
        for clause in _requirements(event):
            self.requirement(event, clause)
        # An event defined as another plus modifications (8:VII "repeats exactly 7:VII, except …") lists its
        # changed effects among its opening clauses; they apply whenever the event fires, in every case.
        for clause in event.conditions:
            if clause.kind == "modification":
                for c in clause.walk():
                    if c.logic and c.logic.get("role") == "effect":
                        self.effect(event, c, None, None)
        for section in event.body:
            self.section(event, section, body=None, parent=None, group=f"top{event.id}")

    def requirement(self, event: Event, clause: Clause) -> None:
        cid = self.clause_id(event, clause.line, f"{clause.marker} {clause.text}".strip(), "requirement")
        logic = clause.logic
        f = self.m.facts
        f.append(f"req({q(event.id)},{cid}).")
        for cond in logic.get("when", []) or []:
            f.append(f"when({cid},{self.term(cond)}).")
        for cond in logic.get("when_any", []) or []:
            f.append(f"any({cid},{self.term(cond)}).")
        for cond in logic.get("unless", []) or []:
            f.append(f"unless({cid},{self.term(cond)}).")
        if logic.get("on_fail") in ("mark_off", "consider_played"):
            f.append(f"fail_marks({cid}).")

    def section(self, event: Event, section: Section, body: int | None, parent: int | None, group: str) -> None:
        f = self.m.facts
        scope = parent
        if section.kind == "event" and section.canonical and section.canonical.isdigit():
            body = int(section.canonical)
            group = f"body{event.id}#{body}"
        conds = list(_logic_conditions(section.logic))
        cond_clauses = [c for c in section.clauses if c.logic and c.logic.get("role") == "case_condition"]
        if section.kind in ("case", "part", "extension"):
            sid = self.clause_id(event, section.line, section.heading, "case" if section.kind == "case" else "part")
            scope = sid
            self.m.scopes.add(sid)
            f.append(f"scope({sid},{q(event.id)}).")
            if section.kind == "case":
                f.append(f"case_scope({sid}). case_group({sid},{q(group)}).")
            else:
                f.append(f"part_scope({sid}).")
            if body is not None:
                f.append(f"scope_body({sid},{body}).")
            if parent is not None:
                f.append(f"scope_parent({sid},{parent}).")
            for cond in conds:
                f.append(f"scope_cond({sid},{sid},{self.term(cond)}).")
            for clause in cond_clauses:
                cid = self.clause_id(event, clause.line, f"{clause.marker} {clause.text}".strip(), "part")
                for cond in _logic_conditions(clause.logic):
                    f.append(f"scope_cond({sid},{cid},{self.term(cond)}).")
            group = f"scope{sid}"
        for clause in section.clauses:
            for c in clause.walk():
                if c.logic and c.logic.get("role") == "effect":
                    self.effect(event, c, body, scope)
        for sub in section.sections:
            self.section(event, sub, body, scope, group)

    def effect(self, event: Event, clause: Clause, body: int | None, scope: int | None) -> None:
        logic = clause.logic
        terms = []
        for eff in logic.get("effects", []):
            kind = eff["kind"]
            if kind == "owner":
                terms.append(f"owner({q(eff['subject'])},{q(eff['value'])})")
            elif kind == "minor_created":
                self.minors.add(eff["subject"])
                terms.append(f"exists({q(eff['subject'])},1)")
            elif kind == "minor_removed":
                self.minors.add(eff["subject"])
                terms.append(f"exists({q(eff['subject'])},0)")
            elif kind == "minor_neutral":
                terms.append(f"status({q(eff['subject'])},\"neutral\")")
            elif kind == "minor_vassal":
                terms.append(f"status({q(eff['subject'])},{q('vassal of ' + eff['value'])})")
            elif kind == "religion":
                self.religions.setdefault(eff["subject"], set()).add(eff["value"])
                terms.append(f"religion({q(eff['subject'])},{q(eff['value'])})")
            elif kind == "cancel_event":
                terms.append(f"cancel({q(eff['event'])})")
            elif kind == "never_occurs":
                terms.append(f"never({q(eff['event'])})")
            elif kind == "game_ends":
                terms.append("game_ends")
        if not terms:
            return
        cid = self.clause_id(event, clause.line, f"{clause.marker} {clause.text}".strip(), "effect")
        f = self.m.facts
        for t in terms:
            f.append(f"effect({cid},{q(event.id)},{t}).")
        if scope is not None:
            f.append(f"effect_scope({cid},{scope}).")
        if body is not None:
            f.append(f"effect_body({cid},{body}).")
        for cond in logic.get("unless", []) or []:  # "… annexes DANZIG unless event 11:VII is in effect"
            f.append(f"effect_unless({cid},{self.term(cond)}).")
        if logic.get("optional"):
            f.append(f"optional({cid}).")
            if logic.get("outcome"):
                f.append(f"outcome({cid},{q(logic['outcome'])}).")

    def finish(self) -> LogicModel:
        f = self.m.facts
        for p in sorted({ROMAN.get(e.period, 0) for e in self.kb.events.values()}):
            f.append(f"kb_period({p}).")
        for x in sorted(self.minors):
            f.append(f"minor({q(x)}).")
        for x, values in sorted(self.religions.items()):
            f.append(f"has_religion({q(x)}).")
            for r in sorted(values | {"other"}):
                f.append(f"religion_value({q(x)},{q(r)}).")
        return self.m


def build_model(kb: KnowledgeBase, goals: set[str] | None = None) -> LogicModel:
    """Facts for the whole KB, or for the cone of ``goals``."""
    from ..ids import event_sort_key

    events = cone(kb, goals) if goals else set(kb.events)
    b = _Builder(kb, events)
    for eid in sorted(events, key=event_sort_key):
        b.event(kb.events[eid])
    model = b.finish()
    model.events = sorted(events, key=event_sort_key)
    return model
