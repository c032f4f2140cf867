"""Derive structured logic from the event texts with the logic reader's grammar (``checker/logic/reader/``).

``derive_event_logic(event, others, profile)`` fills ``logic`` on every clause whose text is rule-shaped (a requirement, a failure
outcome, a state change, a cancellation, the end of the game, an inherited event) and on case and part headings:

* ``role: requirement`` with ``when`` / ``when_any`` / ``unless`` and ``on_fail``;
* ``role: case_condition`` for a case or part heading, and for a clause that scopes its sub-clauses ("If FRA
  looses the war, the following is added to normal peace conditions:"); the sub-clauses' effects carry that
  condition as their own ``when``;
* ``role: effect`` with ``effects`` (each list item, ``first_of`` for "or if such a province does not exist …");
* ``role: repeats`` (``event``, ``cases``): "repeats exactly … event (7:VII), except for …"; the modified clauses
  that follow ("Change … in all three cases …") are scoped by the repeated event's cases:
  ``when: [{kind: any, of: [{kind: all, of: [case I's conditions]}, …], inherited_from: "7:VII"}]``;
* ``role: unread`` with ``reason`` and ``words``: a rule-shaped sentence the grammar does not read (LOG007).

Logic a person wrote or corrected carries ``curated: true`` and is never overwritten; the grammar's reading of
such a clause is what REF004 compares it with (``read_clause``). docs/logic.md lists the sentence forms.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping
from copy import deepcopy
from typing import Any

from ..core.model import Clause, Event, KnowledgeBase, Section, qualified
from .facts import effect_reading
from .reader.grammar import Vocabulary, default_vocabulary, vocabulary_of
from .reader.read import ORPHAN_FAILURE, Budget, effects_on_items, read_heading, read_text, unread


def event_vocabulary(event: Event, profile=None) -> Vocabulary:
    """The reader's vocabulary for ``event``: its game profile's (a ``checker.games.GameProfile``), or, without
    one, the profile file of the event's game in the KB in use; the event's own period is always a label."""
    vocab = vocabulary_of(profile) if profile is not None else default_vocabulary(getattr(event, "game", None))
    period = getattr(event, "period", None)
    if period and period not in vocab.labels:
        vocab = dataclasses.replace(vocab, periods=(*vocab.periods, str(period)))
    return vocab


_TITLES: dict[int, tuple] = {}  # id(others) -> (others, game, its TitleIndex): one index per event list
_INDEXES: dict[tuple, object] = {}  # (game, ((title, id), …)) -> its TitleIndex: one per list of titles


def title_index(event: Event, others: Mapping[str, Event] | None):
    """The titles the reader resolves for ``event``: the titles of the events of its game in ``others`` and its own
    (built once per ``others`` mapping and game, not once per event; and once per list of titles, so that a new
    mapping of the same events, a language server's check after check of one text, does not build it again)."""
    from .reader.phrases import TitleIndex

    game = getattr(event, "game", None)
    key = id(others) if others is not None else 0
    kept = _TITLES.get(key)
    if kept is None or kept[0] is not others or kept[1] != game or kept[3] != len(others or ()):
        pairs = tuple((e.title, e.id) for e in (others or {}).values()
                      if getattr(e, "game", game) == game and e.title)
        if len(_TITLES) > 8:
            _TITLES.clear()
        if len(_INDEXES) > 3:  # an index of 10,000 titles is several MB
            _INDEXES.clear()
        built = _INDEXES.get((game, pairs))
        if built is None:
            built = _INDEXES[game, pairs] = TitleIndex(pairs)
        kept = _TITLES[key] = (others, game, built, len(others or ()))
    index = kept[2]
    if event.title and tuple(event.title.lower().split()) not in index.by_words:
        return index.merged(TitleIndex([(event.title, event.id)]))
    return index


def read_clause(clause: Clause, event_id: str | None, scope: list[dict[str, Any]] | None = None,
                budget: Budget | None = None, vocab: Vocabulary | None = None, opening: bool = False) -> dict | None:
    """What the grammar reads from a clause's own text, with the conditions of its parent clause or case.
    ``vocab``: the game's words (``event_vocabulary(event, profile)``); None: the EU profile of the KB in use."""
    logic = read_text(clause.text, event_id, budget, vocab, opening=opening and clause.kind == "clause")
    if logic and logic.get("role") == "requirement" and logic.get("effects"):
        return _scoped_effects(logic, scope or [], clause.text)
    if logic and scope and logic.get("role") == "effect":
        logic = dict(logic)
        logic["when"] = [*scope, *logic.get("when", [])]
    if logic and logic.get("role") == "effect" and logic.get("when"):
        outcome = _outcome(logic["when"])
        if outcome:  # "If Royalists win …": one outcome of a war, chosen by the environment (asp/effects.lp)
            logic = dict(logic, optional=True, outcome=outcome)
    if logic and "derived_from" in logic:
        logic["derived_from"] = logic.pop("derived_from")
    return logic


def _scoped_effects(logic: dict[str, Any], scope: list[dict[str, Any]], text: str) -> dict[str, Any]:
    """A requirement that states its event's effects, under a parent clause or case that scopes them: the scope goes
    on each effect item (the requirement's own conditions are its draw's). Effects in one outcome of a war (an
    environment choice, held on a whole effect clause: ``optional``, ``outcome``) are not read together with a
    requirement: unread."""
    items = effects_on_items(logic["effects"], scope)
    if items is None or _outcome([c for e in items for c in e.get("when", []) or []]):
        return unread("a requirement and effects under a condition its items cannot hold", text)
    derived = logic.get("derived_from")
    logic = {k: v for k, v in logic.items() if k != "derived_from"}
    logic["effects"] = items
    if derived is not None:
        logic["derived_from"] = derived
    return logic


_OUTCOME_KINDS = {"wins_war": "{} wins the war", "loses_war": "{} loses the war", "draw": "the war ends in a draw"}


def _outcome(conds: list[dict[str, Any]], joiner: str = " and ") -> str | None:
    """The war outcome a list of conditions names ("Royalists wins the war"), or None."""
    parts = []
    for c in conds:
        if c.get("kind") in _OUTCOME_KINDS and not c.get("negated"):
            parts.append(_OUTCOME_KINDS[c["kind"]].format(c.get("subject", "")))
        elif c.get("kind") in ("any", "all") and not c.get("inherited_from"):
            sub = _outcome(c["of"], " or " if c["kind"] == "any" else " and ")
            if sub:
                parts.append(sub)
    return joiner.join(parts) or None


def _is_curated(logic) -> bool:
    return bool(logic and logic.get("curated"))


def derive_clause(clause: Clause, event_id: str, scope: list[dict[str, Any]] | None = None,
                  budget: Budget | None = None, cases: dict[str, dict[str, Any]] | None = None,
                  vocab: Vocabulary | None = None, opening: bool = False) -> None:
    """``opening``: the clause is one of the event's opening conditions (where requirements stand)."""
    if not _is_curated(clause.logic):
        clause.logic = read_clause(clause, event_id, scope, budget, vocab, opening=opening)
    logic = clause.logic or {}
    child_scope = scope
    if logic.get("role") == "case_condition":
        child_scope = [*(scope or []), *logic.get("when", [])]
    elif cases is not None and not clause.text.strip() and _CASE_LABEL.match(clause.label):
        # "Case II:" standing alone: the clauses under it hold in the case of that name defined earlier in the
        # event ("Case II: Alliance victory in all other circumstances"); it replaces any other case's scope
        case = cases.get(clause.label.lower()) or {"kind": "free", "value": clause.label}
        child_scope = [*(c for c in scope or [] if not any(c is d for d in cases.values())), case]
        cases.setdefault(clause.label.lower(), case)
    for child in clause.children:
        derive_clause(child, event_id, child_scope, budget, cases, vocab)


_CASE_LABEL = re.compile(r"^[Cc][Aa][Ss][Ee] [IVX]+$")
# "Alliance victory in all other circumstances (…)", "League victory if all the following circumstances apply;":
# the case's name is the words before its condition
_CASE_NAME = re.compile(r"^(?P<name>[^(;:,.]{1,80}?)(?:\s+(?:if|unless|in all other|when)\b|\s*[(;:,.]|$)")


def case_definitions(event: Event) -> dict[str, dict[str, Any]]:
    """The named cases an event defines in its clauses ("Case I: League victory if …"): label -> free condition."""
    out: dict[str, dict[str, Any]] = {}
    for clause in event.all_clauses():
        if _CASE_LABEL.match(clause.label) and clause.text.strip() and clause.label.lower() not in out:
            m = _CASE_NAME.match(clause.text.strip())
            if m and m["name"].strip():
                out[clause.label.lower()] = {"kind": "free", "value": m["name"].strip()}
    return out


def derive_section(section: Section, event_id: str | None = None,
                   vocab: Vocabulary | None = None) -> dict[str, Any] | None:
    """The condition under which a case or a conditional part applies (or unread, or None)."""
    if section.kind not in ("case", "part", "extension"):
        return None
    return read_heading(section.heading, event_id, vocab)


def derive_event_logic(event: Event, others: Mapping[str, Event] | None = None, profile=None) -> None:
    """Fill ``logic`` on every rule-shaped clause and heading (curated logic is kept).

    ``others`` (event id -> event, or ``Event.key`` -> event) lets an event that repeats another ("repeats exactly
    … (7:VII), except for …") inherit that event's cases; without it, or when the repeated event is missing, the
    modified clauses are reported unread rather than read without their cases.

    ``profile``: the game profile of the event (``checker.games.profile(kb.games, event.game)``): its country
    codes and period labels are the reader's vocabulary (``21:Early``, ``USSR``). Without it, the profile file of
    the event's game in the KB in use is read (``kb/games/<game>.yaml``).
    """
    vocab = dataclasses.replace(event_vocabulary(event, profile), titles=title_index(event, others))
    budget = Budget()
    cases = case_definitions(event)
    for clause in event.conditions:
        derive_clause(clause, event.id, None, budget, cases, vocab, opening=True)
    _attach_failures(event.conditions)
    for section in event.all_sections():
        if not _is_curated(section.logic):
            section.logic = derive_section(section, event.id, vocab)
    for section in event.body:
        _derive_body(section, event.id, [], budget, cases, vocab)
    _inherit(event, others, vocab)
    # Every clause owns its logic outright: shared sub-dicts (a parent's scope, an inherited case) would be written
    # to YAML as anchors and aliases, which KB files may not hold.
    for clause in event.all_clauses():
        if clause.logic is not None:
            clause.logic = _own(clause.logic)
    for section in event.all_sections():
        if section.logic is not None:
            section.logic = _own(section.logic)


def derive_text_logic(events: list[Event], kb: KnowledgeBase) -> None:
    """Derive the logic of a text's ``events`` in the context of ``kb`` (the whole KB, as loaded), the one way
    ``check`` (``engine/overlay.py``, ``contribute``) and ``ingest`` both do it, so a text checked and the same
    text ingested carry the same logic: each event is read against its game's events in ``kb`` with the text's own
    events over them (over the versions ``kb`` holds of them), so an event that "repeats exactly … (7:VII)"
    inherits the cases of the KB's 7:VII (read on a copy: ``kb`` is not changed) and the KB's event titles are
    resolved; with its game's profile in ``kb``. One mapping per game for the whole text: the reader's title index
    is built once per mapping (a new mapping per event made checking quadratic)."""
    from ..games import profile

    own = {e.id: e for e in events}
    others: dict[str, dict] = {}
    for event in events:
        if event.game not in others:
            others[event.game] = {**kb.view(event.game).events, **own}
        derive_event_logic(event, others[event.game], profile(kb.games, event.game))


def _own(logic: dict) -> dict:
    """A copy that shares no sub-object with anything, not even within itself (deepcopy would keep sharing)."""
    return json.loads(json.dumps(logic))


def _attach_failures(clauses: list[Clause]) -> None:
    """"If TUR … it may refuse the event in two ways: 1. … 2. … In this case the event is marked off, but can renew
    later.": a failure outcome standing alone completes the nearest requirement before it without an outcome; the
    clause that states it is then read (it has no logic of its own)."""
    for i, clause in enumerate(clauses):
        logic = clause.logic or {}
        if logic.get("role") != "unread" or logic.get("reason") != ORPHAN_FAILURE:
            continue
        for prev in reversed(clauses[:i]):
            p = prev.logic or {}
            if p.get("role") == "requirement" and not p.get("on_fail") and not p.get("curated"):
                prev.logic = {**{k: v for k, v in p.items() if k != "derived_from"}, "on_fail": logic["on_fail"],
                              "derived_from": p.get("derived_from", "grammar")}
                clause.logic = None
                break
            if p.get("role") in ("requirement", "effect", "unread"):
                break
    for clause in clauses:
        if clause.logic and clause.logic.get("reason") == ORPHAN_FAILURE:
            clause.logic.pop("on_fail", None)


def _derive_body(section: Section, event_id: str, scope: list[dict[str, Any]], budget: Budget | None = None,
                 cases: dict[str, dict[str, Any]] | None = None, vocab: Vocabulary | None = None) -> None:
    for clause in section.clauses:
        derive_clause(clause, event_id, scope or None, budget, cases, vocab)
    _attach_failures(section.clauses)
    for sub in section.sections:
        _derive_body(sub, event_id, scope, budget, cases, vocab)


def case_scopes(event: Event) -> list[dict[str, Any]]:
    """One condition per case of ``event``: the case heading's conditions and those of the clause that scopes its
    peace conditions ("If FRA … looses the war, the following is added …"), as ``{kind: all, of: […]}``."""
    out = []
    for section in event.all_sections():
        if section.kind != "case":
            continue
        conds = list((section.logic or {}).get("when", []))
        if section.logic is None or section.logic.get("role") != "case_condition":
            conds = [{"kind": "free", "value": section.heading}]
        for sub in section.walk_sections():
            for clause in sub.clauses:
                if clause.logic and clause.logic.get("role") == "case_condition":
                    conds.extend(clause.logic.get("when", []))
        out.append(conds[0] if len(conds) == 1 else {"kind": "all", "of": conds})
    return out


def _cases_read(target: Event, vocab: Vocabulary | None) -> Event:
    """A copy of ``target``, whose cases carry no logic, with its case headings and body read: the repeated event
    is a KB entry the text only cites, and is never changed (a check would otherwise leave the loaded KB changed)."""
    copy = dataclasses.replace(target, body=deepcopy(target.body))
    for section in copy.all_sections():
        if section.kind == "case" and not _is_curated(section.logic):
            section.logic = derive_section(section, copy.id, vocab)
    for section in copy.body:
        _derive_body(section, copy.id, [], vocab=vocab)
    return copy


def _inherit(event: Event, others: Mapping[str, Event] | None, vocab: Vocabulary | None = None) -> None:
    repeats = [c for c in event.conditions if c.logic and c.logic.get("role") == "repeats"]
    if not repeats:
        return
    target_id = repeats[0].logic["event"]
    others = others or {}
    # a one-game mapping (plain ids) or a whole KB's (``Event.key``): the repeated event is of the same game
    target = others.get(qualified(event.game, target_id)) if getattr(event, "game", None) else None
    if target is None:
        target = others.get(target_id)
        if target is not None and getattr(target, "game", None) not in (None, getattr(event, "game", None)):
            target = None
    after = event.conditions[event.conditions.index(repeats[0]) + 1:]
    if target is None:
        for clause in after:
            for child in clause.children:
                if effect_reading(child.logic) and not _is_curated(child.logic):
                    child.logic = {"role": "unread", "reason": f"inherits the cases of {target_id}, which is not "
                                   "in the knowledge base", "words": child.text}
        return
    if not any(s.logic for s in target.all_sections() if s.kind == "case"):
        target = _cases_read(target, vocab)
    scopes = case_scopes(target)
    repeats[0].logic = dict(repeats[0].logic, cases=len(scopes))
    if not scopes:
        return
    scope = {"kind": "any", "of": scopes, "inherited_from": target_id}
    for clause in after:
        if "all" not in clause.text or "cases" not in clause.text:
            continue  # only "Change … in all three cases …" replaces the cases' clauses
        for child in clause.children:
            if child.logic and child.logic.get("role") == "effect" and not _is_curated(child.logic):
                child.logic = dict(child.logic, when=[scope, *child.logic.get("when", [])])
            elif child.logic and child.logic.get("effects") and not _is_curated(child.logic):
                child.logic = _scoped_effects(child.logic, [scope], child.text)  # a requirement's effects
