"""Hover text (Markdown): an event id says which event it names; a rule sentence says what the reader made of it."""

from __future__ import annotations

import yaml

from ..model import Clause, Event, KnowledgeBase, Section
from .diagnose import YAML_SUFFIXES, Checked
from .locate import IdSpan, id_at, labels_of, thing_at
from .words import logic_words


def _md(text: object) -> str:
    """Text from a KB or a buffer, safe inside Markdown (no markup or links of its own)."""
    out = str(text)
    for ch in "\\`*_[]<>#|":
        out = out.replace(ch, "\\" + ch)
    return out


def event_summary(event: Event, kb: KnowledgeBase) -> str:
    """Title, period, duration and requirements of an event, in plain words."""
    lines = [f"**{_md(event.id)} — {_md(event.title)}**", ""]
    facts = [f"period {_md(event.period)}", f"duration: {_md(event.duration or 'not stated')}"]
    if event.date:
        facts.append(f"historical date: {_md(event.date)}")
    if event.multiplicity:
        facts.append(f"may occur: {_md(event.multiplicity)}")
    lines.append(" · ".join(facts))
    reqs = [c for c in event.conditions]
    lines.append("")
    if not reqs:
        lines.append("Requirements: none.")
    else:
        lines.append("Requirements:")
        for clause in reqs:
            lines.append(f"- {_md(clause.marker)} {_md(clause.text)}  \n  → {_md(logic_words(clause.logic, kb))}")
    return "\n".join(lines)


def _reference_hover(span: IdSpan, checked: Checked) -> str:
    from ..ids import did_you_mean

    kb = checked.kb
    game = checked.profile_game()
    event = kb.event(game, span.target) if game else None
    if event is not None:
        return event_summary(event, kb.view(game))
    known = sorted(e.id for e in kb.events.values() if e.game == game)
    near = did_you_mean(span.target, known)
    return (f"**{_md(span.written)}**: no event {_md(span.target)} in the knowledge base"
            + (f" of game {_md(game)}" if game else "") + (f" (did you mean {', '.join(near)}?)" if near else "."))


def _clause_hover(obj: object, kb: KnowledgeBase) -> str | None:
    if isinstance(obj, Event):
        return event_summary(obj, kb)
    if isinstance(obj, Section):
        if not obj.logic:
            return None
        head, logic = f"**{_md(obj.heading)}**", obj.logic
    elif isinstance(obj, Clause):
        head, logic = f"**{_md(obj.marker or 'clause')}** {_md(obj.text[:200])}", obj.logic
    else:
        return None
    out = [head, "", "What the reader made of it: " + _md(logic_words(logic, kb))]
    if logic:
        shown = {k: v for k, v in logic.items()}
        out += ["", "```yaml", yaml.safe_dump(shown, sort_keys=False, allow_unicode=True).rstrip(), "```"]
    return "\n".join(out)


def hover_text(checked: Checked, line: int, column: int) -> tuple[str, tuple[int, int] | None] | None:
    """(Markdown, (start, end) columns of the id hovered, or None) for the 0-based ``line`` and ``column``."""
    if checked.kb is None:
        return None
    rows = checked.text.splitlines()
    if line >= len(rows):
        return None
    game = checked.profile_game()
    span = id_at(rows[line], column, labels_of(checked.kb, game))
    if span is not None:
        return _reference_hover(span, checked), (span.start, span.end)
    kb = checked.kb.view(game) if game else checked.kb
    thing = thing_at(checked.own, checked.text, checked.path.endswith(YAML_SUFFIXES), line + 1)
    words = _clause_hover(thing, kb)
    return (words, None) if words else None
