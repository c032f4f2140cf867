"""Hover text (Markdown): an event id says which event it names; a rule sentence says what the reader made of it."""

from __future__ import annotations

import yaml

from ..core.model import Clause, Event, KnowledgeBase, Section
from .diagnose import YAML_SUFFIXES, Checked
from .locate import IdSpan, id_at, thing_at
from .words import logic_words


def _md(text: object) -> str:
    """Text from a KB or a buffer, safe inside Markdown (no markup or links of its own)."""
    out = str(text)
    for ch in "\\`*_[]<>#|":
        out = out.replace(ch, "\\" + ch)
    return out


def _code(text: str) -> str:
    """A Markdown code span holding ``text`` as it is (a longer fence when the text holds backticks)."""
    fence = "``" if "`" in text else "`"
    return f"{fence} {text} {fence}" if fence == "``" else f"`{text}`"


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
    from ..core.ids import did_you_mean

    kb = checked.kb
    game = checked.profile_game()
    event = kb.event(game, span.target) if game else None
    view = checked.view()
    if event is not None:
        return event_summary(event, view)
    known = sorted(view.events) if game else sorted(e.id for e in kb.events.values() if e.game == game)
    near = did_you_mean(span.target, known)
    return (f"**{_md(span.written)}**: no event {_md(span.target)} in the knowledge base"
            + (f" of game {_md(game)}" if game else "") + (f" (did you mean {', '.join(near)}?)" if near else "."))


def _owner(obj: Clause | Section, events: list[Event]) -> Event | None:
    for event in events:
        if any(part is obj for part in (*event.all_clauses(), *event.all_sections())):
            return event
    return None


_NEAREST: dict[tuple, str | None] = {}  # (sentence, event, game, labels) -> nearest form: one reading per sentence


def _nearest(text: str, event: Event | None, kb: KnowledgeBase) -> str | None:
    """The readable form closest to an unread sentence, as ``rulekb read`` finds it: the templates filled with the
    sentence's own event ids, read by the reader with the game's vocabulary (about 0.3 s: kept per sentence)."""
    from ..games import profile
    from ..logic.derive import event_vocabulary
    from ..logic.reader.describe import events_named, nearest, probe_id
    from ..logic.reader.read import read_text

    game = event.game if event is not None else kb.game
    prof = profile(kb.games, game) if game in kb.games else None
    vocab = event_vocabulary(event, prof) if event is not None else None
    if vocab is None:
        from ..logic.reader.grammar import default_vocabulary, vocabulary_of

        vocab = vocabulary_of(prof) if prof is not None else default_vocabulary(game)
    own = event.id if event is not None else "1:I"
    key = (text, own, game, vocab.labels)
    if key not in _NEAREST:
        events = events_named(text, vocab, own)
        if len(_NEAREST) > 256:
            _NEAREST.clear()
        _NEAREST[key] = nearest(text, events, lambda s: read_text(s, own, vocab=vocab), probe_id(vocab))
    return _NEAREST[key]


def _clause_hover(obj: object, kb: KnowledgeBase, events: list[Event] = ()) -> str | None:
    from ..logic.reader.describe import AMBIGUOUS_ADVICE, ambiguous, describe, notation

    if isinstance(obj, Event):
        return event_summary(obj, kb)
    if isinstance(obj, Section):
        if not obj.logic:
            return None
        head, logic, text = f"**{_md(obj.heading)}**", obj.logic, obj.heading
    elif isinstance(obj, Clause):
        head, logic, text = f"**{_md(obj.marker or 'clause')}** {_md(obj.text[:200])}", obj.logic, obj.text
    else:
        return None
    unread = bool(logic) and logic.get("role") == "unread"
    out = [head, "", "Reading: " + _md(describe(logic))]
    if unread and ambiguous(logic):
        out += ["", _md(AMBIGUOUS_ADVICE[0].upper() + AMBIGUOUS_ADVICE[1:]) + "."]
    elif unread:
        near = _nearest(text, _owner(obj, list(events)), kb)
        out += ["", "Nearest form the reader reads: " + (_code(near) if near else "none of its forms fits")]
    else:
        out += ["", "Notation: " + _code(notation(logic))]
    out += ["", "What the reader made of it: " + _md(logic_words(logic, kb))]
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
    span = id_at(rows[line], column, checked.labels())
    if span is not None:
        return _reference_hover(span, checked), (span.start, span.end)
    kb = checked.view()
    thing = thing_at(checked.own, checked.text, checked.path.endswith(YAML_SUFFIXES), line + 1)
    words = _clause_hover(thing, kb, checked.own)
    return (words, None) if words else None
