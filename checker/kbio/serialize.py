"""Model objects to plain data (for YAML) and back. Empty and default values are left out of the files."""

from __future__ import annotations

from typing import Any

from ..ids import find_references
from ..model import (
    Acceptance,
    Block,
    Clause,
    Effect,
    Event,
    Glossary,
    GlossaryTerm,
    Reference,
    RuleEntry,
    Section,
    Source,
)


def _prune(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if v is not None and v != [] and v != {}}


def source_to(s: Source) -> dict[str, Any]:
    return _prune({"file": s.file, "line": s.line, "end_line": s.end_line})


def ref_to(r: Reference) -> dict[str, Any]:
    return _prune({"kind": r.kind, "text": r.text, "target": r.target, "form": r.form,
                   "external": r.external or None, "line": r.line})


def clause_to(c: Clause) -> dict[str, Any]:
    return _prune({
        "marker": c.marker or None, "text": c.text, "line": c.line, "indent": c.indent or None,
        "kind": c.kind if c.kind != "clause" else None, "logic": c.logic,
        "refs": [ref_to(r) for r in c.refs], "children": [clause_to(x) for x in c.children],
    })


def section_to(s: Section) -> dict[str, Any]:
    return _prune({
        "kind": s.kind, "heading": s.heading, "line": s.line, "canonical": s.canonical, "date": s.date,
        "duration": s.duration, "duration_line": s.duration_line, "logic": s.logic,
        "clauses": [clause_to(c) for c in s.clauses], "sections": [section_to(x) for x in s.sections],
    })


def event_to(e: Event) -> dict[str, Any]:
    return _prune({
        "id": e.id, "game": e.game, "period": e.period, "number": e.number, "title": e.title,
        "header": e.header, "multiplicity": e.multiplicity, "date": e.date, "date_start": e.date_start,
        "date_end": e.date_end, "duration": e.duration, "duration_line": e.duration_line,
        "duration_kind": e.duration_kind, "duration_turns": e.duration_turns, "extends": e.extends,
        "notes": e.notes, "source": source_to(e.source),
        "conditions": [clause_to(c) for c in e.conditions], "body": [section_to(s) for s in e.body],
    })


def effect_to(e: Effect) -> dict[str, Any]:
    return _prune({"text": e.text, "line": e.line, "target": e.target, "quantity": e.quantity, "amount": e.amount,
                   "cap": e.cap, "condition": e.condition, "parsed": e.parsed, "problem": e.problem})


def block_to(b: Block) -> dict[str, Any]:
    return _prune({"kind": b.kind, "marker": b.marker or None, "text": b.text, "line": b.line,
                   "indent": b.indent or None})


def rule_to(r: RuleEntry) -> dict[str, Any]:
    return _prune({
        "id": r.id, "game": r.game, "kind": r.kind, "title": r.title, "number": r.number, "parent": r.parent,
        "source": source_to(r.source), "auto_resolution": r.auto_resolution, "data": r.data,
        "blocks": [block_to(b) for b in r.blocks], "effects": [effect_to(e) for e in r.effects],
        "refs": [ref_to(x) for x in r.refs],
    })


def glossary_to(g: Glossary) -> dict[str, Any]:
    return _prune({
        "id": g.id, "game": g.game, "heading": g.heading, "source": source_to(g.source),
        "terms": [_prune({"term": t.term, "meaning": t.meaning, "line": t.line,
                          "separator": t.separator if t.separator != ":" else None, "convention": t.convention})
                  for t in g.terms],
    })


# ------------------------------------------------------------------ back

def source_from(d: dict[str, Any]) -> Source:
    return Source(d["file"], d["line"], d.get("end_line"))


def ref_from(d: dict[str, Any]) -> Reference:
    return Reference(d["kind"], d["text"], d["target"], d.get("form"), bool(d.get("external", False)), d.get("line"))


def clause_from(d: dict[str, Any]) -> Clause:
    # References are derived from the text on every load, so an edited text never leaves stale references
    # behind; the ``refs`` written in the file are for readers and other tools.
    return Clause(marker=d.get("marker", ""), text=d["text"], line=d["line"], indent=d.get("indent", 0),
                  kind=d.get("kind", "clause"), logic=d.get("logic"),
                  refs=find_references(d["text"], d["line"]),
                  children=[clause_from(c) for c in d.get("children", [])])


def section_from(d: dict[str, Any]) -> Section:
    return Section(kind=d["kind"], heading=d["heading"], line=d["line"], canonical=d.get("canonical"),
                   date=d.get("date"), duration=d.get("duration"), duration_line=d.get("duration_line"),
                   logic=d.get("logic"),
                   clauses=[clause_from(c) for c in d.get("clauses", [])],
                   sections=[section_from(s) for s in d.get("sections", [])])


def event_from(d: dict[str, Any]) -> Event:
    return Event(
        id=d["id"], game=d["game"], period=d["period"], number=d["number"], title=d["title"], header=d["header"],
        source=source_from(d["source"]), multiplicity=d.get("multiplicity"), date=d.get("date"),
        date_start=d.get("date_start"), date_end=d.get("date_end"), duration=d.get("duration"),
        duration_line=d.get("duration_line"), duration_kind=d.get("duration_kind"),
        duration_turns=d.get("duration_turns"), extends=d.get("extends"), notes=d.get("notes"),
        conditions=[clause_from(c) for c in d.get("conditions", [])],
        body=[section_from(s) for s in d.get("body", [])],
    )


def rule_from(d: dict[str, Any]) -> RuleEntry:
    return RuleEntry(
        id=d["id"], game=d["game"], kind=d["kind"], title=d["title"], source=source_from(d["source"]),
        number=d.get("number"), parent=d.get("parent"), auto_resolution=d.get("auto_resolution"),
        data=d.get("data", {}),
        blocks=[Block(b["kind"], b["text"], b["line"], b.get("marker", ""), b.get("indent", 0))
                for b in d.get("blocks", [])],
        effects=[Effect(text=e["text"], line=e["line"], target=e.get("target"), quantity=e.get("quantity"),
                        amount=e.get("amount"), cap=e.get("cap"), condition=e.get("condition"),
                        parsed=e.get("parsed", True), problem=e.get("problem")) for e in d.get("effects", [])],
        refs=[ref_from(r) for r in d.get("refs", [])],
    )


def glossary_from(d: dict[str, Any]) -> Glossary:
    return Glossary(id=d["id"], game=d["game"], heading=d.get("heading"), source=source_from(d["source"]),
                    terms=[GlossaryTerm(t["term"], t["meaning"], t["line"], t.get("separator", ":"),
                                        t.get("convention")) for t in d.get("terms", [])])


def acceptance_from(d: dict[str, Any], line: int | None = None) -> Acceptance:
    return Acceptance(rule=d["rule"], subject=d.get("subject"), reason=d["reason"], match=d.get("match"),
                      who=d.get("who"), when=str(d["when"]) if d.get("when") is not None else None,
                      erratum=bool(d.get("erratum", False)), line=line, game=d.get("game"))
