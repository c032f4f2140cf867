"""The differential through text (issue 35): a random KB's requirements are written out as sentences, read back by
the reader, and clingo answers on the KB *as read* while the reference interpreter answers on the original
formulas. A reader that misreads a sentence makes the two disagree; a sentence the reader reports as not read is
counted apart (the case is then not compared: its answer would rest on an unread sentence, S11).

``render_requirement`` writes a requirement's logic (when / when_any / unless, and its outcome) as
"Can occur only if …. Otherwise …." with its conditions in negation normal form, grouped with "either … or" and
"both … and" so that each sentence has one reading. Conditions the sentences cannot say (religion, a minor's
status, the environment's free choices, a period that must not be reached) leave the clause as it is.
"""

from __future__ import annotations

import copy

_OUTCOME = {"reroll": "Otherwise re-roll.", "nothing": "Otherwise re-roll.", "mark_off": "Otherwise mark it off.",
            "consider_played": "Otherwise consider as played.",
            "refused_renewable": "Otherwise the event is marked off but can renew later."}


class NotSayable(Exception):
    pass


def _nnf(c: dict, neg: bool = False):
    kind = c.get("kind")
    neg ^= bool(c.get("negated")) and kind not in ("all", "any", "not")
    if kind == "not":
        return _nnf(c["of"][0], not neg)
    if kind in ("all", "any"):
        op = "and" if (kind == "all") != neg else "or"
        return (op, [_nnf(x, neg) for x in c.get("of", [])])
    flips = {"not_occurred": "occurred", "not_in_effect": "in_effect", "not_exists": "exists"}
    if kind in flips:
        return ("lit", flips[kind], c, not neg)
    return ("lit", kind, c, neg)


def _literal(kind: str, c: dict, neg: bool) -> str:
    e = f"event {c.get('event')}"
    if kind == "occurred":
        return f"{e} has not occurred" if neg else f"{e} has occurred"
    if kind == "in_effect":
        return f"{e} is not in effect" if neg else f"{e} is in effect"
    if kind == "over":
        return f"{e} is not over" if neg else f"{e} is over"
    if kind == "exists":
        return f"{c['subject']} no longer exists" if neg else f"{c['subject']} exists"
    if kind == "owns":
        return f"{c['subject']} does not own {c['value']}" if neg else f"{c['subject']} owns {c['value']}"
    if kind == "period_at_least" and not neg:
        return f"in period {c['value']} or later"
    raise NotSayable(kind)


def _words(f, top: bool = False) -> str:
    if f[0] == "lit":
        return _literal(f[1], f[2], f[3])
    parts = [x for x in f[1]]
    if len(parts) == 1:
        return _words(parts[0], top)
    if top and f[0] == "and":
        return " and ".join(_words(x) for x in parts)
    head, rest = parts[0], (f[0], parts[1:])
    word = "both" if f[0] == "and" else "either"
    joiner = "and" if f[0] == "and" else "or"
    return f"{word} {_words(head)} {joiner} {_words(rest)}"


def render_requirement(logic: dict) -> str:
    """The requirement as one sentence and its outcome, or ``NotSayable``."""
    parts = list(logic.get("when", []) or [])
    if logic.get("when_any"):
        parts.append({"kind": "any", "of": list(logic["when_any"])})
    if logic.get("unless"):
        parts.append({"kind": "not", "of": [{"kind": "all", "of": list(logic["unless"])}]})
    if not parts:
        raise NotSayable("no condition")
    formula = _nnf({"kind": "all", "of": parts})
    return f"Can occur only if {_words(formula, top=True)}. {_OUTCOME.get(logic.get('on_fail'), _OUTCOME['reroll'])}"


def labels_of(kb) -> list[str]:
    """The period labels a random KB's ids use: its profile's (or IV and VII), its events' own."""
    listed = [str(p.get("id")) for g in (kb.games or {}).values() for p in g.get("periods", []) or []]
    return list(dict.fromkeys([*(listed or ["IV", "VII"]), *(e.period for e in kb.events.values())]))


def through_text(kb, labels=None) -> tuple[object, int, list[str]]:
    """A copy of ``kb`` whose sayable requirements are written out and read back: (the KB as read, how many
    clauses went through text, the words of those the reader did not read)."""
    from checker.logic.derive import read_clause
    from checker.logic.reader.grammar import Vocabulary

    vocab = Vocabulary(periods=tuple(labels if labels is not None else labels_of(kb)))
    read_kb = copy.deepcopy(kb)
    through, unread = 0, []
    for event in read_kb.events.values():
        for clause in event.conditions:
            logic = clause.logic or {}
            if logic.get("role") != "requirement":
                continue
            try:
                clause.text = render_requirement(logic)
            except NotSayable:
                continue
            through += 1
            read = read_clause(clause, event.id, vocab=vocab)
            if not read or read.get("role") != "requirement":
                unread.append(f"{event.id}: {clause.text} -> {read}")
                continue
            clause.logic = read
    return read_kb, through, unread
