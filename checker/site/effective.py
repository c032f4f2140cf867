"""The effective text of a repeated event: an event that "repeats exactly 7:VII, except for the following
modifications" (``extends``) is played as its model's text with those modifications applied. This builds that text
for the event page, each change marked: a clause the modification rewrites ("changed", with the model's words
shown beside it), a clause or phase it adds ("added"), the event's own requirements ("this event"). Nothing is
guessed: a modification that matches nothing in the model is listed as not applied, with its words.

Two forms of modification are applied (the forms of the seeds, docs/logic.md S7):
- a modification with lettered or numbered sub-clauses ("Change the special peace conditions in all three cases to
  read as follows: a. … b. …") replaces, in every clause of the model whose sub-clauses carry those labels, each
  sub-clause of the same label;
- a modification without sub-clauses ("Make the following addition to the event description of all cases:")
  followed by the event's own phases adds those phases' clauses to every case of the model (or to the model's
  text when it has no cases): to the phase of the same name, or as a new phase in the game's phase order.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field

from ..core.model import Clause, Event, Section


@dataclass
class Mark:
    status: str  # same | changed | added | own
    by: str = ""  # the modification's label ("I.") or "this event"
    was: str | None = None  # the model's words, for a changed clause


@dataclass
class Effective:
    model: Event
    conditions: list[tuple[Clause, Mark]] = field(default_factory=list)
    body: list[Section] = field(default_factory=list)  # a copy of the model's body, modifications applied
    marks: dict[int, Mark] = field(default_factory=dict)  # id(clause or section) in ``body`` -> its mark
    not_applied: list[Clause] = field(default_factory=list)
    applied: int = 0


def _norm(text: str) -> str:
    return " ".join(text.split()).strip().rstrip(":").upper()


def effective_text(event: Event, model: Event | None, phase_order: list[str] | None = None) -> Effective | None:
    """The text ``event`` is played as, or None when it repeats no event of the KB."""
    if model is None or event.extends != model.id:
        return None
    out = Effective(model, body=copy.deepcopy(model.body))
    own, mods, after = [], [], False
    for c in event.conditions:
        if c.logic and c.logic.get("role") == "repeats":
            after = True
        elif c.kind == "modification" or after:
            mods.append(c)
        else:
            own.append(c)
    model_texts = {_norm(c.text) for c in model.conditions}
    own_texts = {_norm(c.text) for c in own}
    out.conditions = [(c, Mark("same") if _norm(c.text) in model_texts else Mark("own", "this event")) for c in own]
    out.conditions += [(c, Mark("same")) for c in model.conditions if _norm(c.text) not in own_texts]
    additions = [m for m in mods if not m.children]
    for m in mods:
        if m.children:
            _replace(out, m)
    if additions and event.body:
        _add(out, additions[-1], event.body, phase_order or [])
        out.not_applied += additions[:-1]
    elif additions:
        out.not_applied += additions
    return out


def _replace(out: Effective, mod: Clause) -> None:
    labels = {c.label: c for c in mod.children if c.label}
    hits = 0
    for clause in (c for s in out.body for sec in s.walk_sections() for top in sec.clauses for c in top.walk()):
        if not clause.children or not labels.keys() & {ch.label for ch in clause.children}:
            continue
        hits += 1
        present = {ch.label for ch in clause.children}
        for k, ch in enumerate(clause.children):
            new = labels.get(ch.label)
            if new is None:
                continue
            if _norm(new.text) == _norm(ch.text):
                continue
            repl = copy.deepcopy(new)
            clause.children[k] = repl
            out.marks[id(repl)] = Mark("changed", mod.marker.strip(), was=ch.text)
        for label, new in labels.items():
            if label not in present:
                repl = copy.deepcopy(new)
                clause.children.append(repl)
                out.marks[id(repl)] = Mark("added", mod.marker.strip())
    if hits:
        out.applied += 1
    else:
        out.not_applied.append(mod)


def _add(out: Effective, mod: Clause, sections: list[Section], order: list[str]) -> None:
    cases = [s for s in out.body if s.kind in ("case", "part")]
    targets: list[list[Section]] = [s.sections for s in cases] if cases else [out.body]
    by = mod.marker.strip()
    for target in targets:
        for new in sections:
            same = next((s for s in target if _norm(s.heading) == _norm(new.heading)), None)
            if same is not None:
                for c in new.clauses:
                    cc = copy.deepcopy(c)
                    same.clauses.append(cc)
                    out.marks[id(cc)] = Mark("added", by)
                continue
            sec = copy.deepcopy(new)
            out.marks[id(sec)] = Mark("added", by)
            rank = order.index(sec.canonical) if sec.canonical in order else len(order)
            pos = next((k for k, s in enumerate(target)
                        if (order.index(s.canonical) if s.canonical in order else len(order)) > rank), len(target))
            target.insert(pos, sec)
    out.applied += 1


def phase_order(profile_doc: dict) -> list[str]:
    """The game's phases in play order (the profile's ``phases`` list), by id."""
    return [str(p.get("id")) for p in (profile_doc or {}).get("phases", []) or [] if isinstance(p, dict)]


def view(eff: Effective, render, url: str) -> dict:
    """The effective text as template rows (no element ids: the page's own text keeps the clause anchors)."""
    def clause(c: Clause, inside: bool = False) -> dict:
        """``inside``: within an added clause or phase, whose mark says 'added' once (the clause is 'in-added')."""
        mark = eff.marks.get(id(c))
        status = mark.status if mark else ("in-added" if inside else "same")
        return {"marker": c.marker, "html": render(c.text, url), "mark": status,
                "by": mark.by if mark else "", "was": render(mark.was, url) if mark and mark.was else None,
                "children": [clause(ch, status in ("added", "in-added")) for ch in c.children]}

    rows = []
    stack = [(s, 0, None) for s in reversed(eff.body)]
    while stack:
        s, depth, inherited = stack.pop()
        mark = eff.marks.get(id(s)) or inherited
        rows.append({"heading": render(s.heading, url), "level": min(3 + depth, 6), "kind": re.sub(r"\W", "", s.kind),
                     "mark": ("added" if s is not None and id(s) in eff.marks else "in-added") if mark else "same",
                     "by": mark.by if mark else "", "clauses": [clause(c, mark is not None) for c in s.clauses]})
        stack.extend((sub, depth + 1, mark) for sub in reversed(s.sections))
    return {"model": eff.model, "conditions": [dict(clause(c), mark=m.status, by=m.by) for c, m in eff.conditions],
            "sections": rows, "not_applied": [{"marker": c.marker, "html": render(c.text, url)} for c in eff.not_applied],
            "changed": sum(1 for m in eff.marks.values() if m.status == "changed"),
            "added": sum(1 for m in eff.marks.values() if m.status == "added")}
