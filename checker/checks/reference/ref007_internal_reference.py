"""A reference to another clause of the same event ("3 above", "clause 3", "phase 1 above", "Diplomacy Phase 3
above") that does not resolve, or resolves to a clause about something else.

Why: events number their clauses within each phase; a clause that says "as defined in 3 above" sends the reader
to clause 3 of the event. If the event has no clause 3 above it, or clause 3 shares no word with what it is
said to define, the reader cannot apply the rule as written. The phases of a turn are named, not numbered, so
"phase 1 above" means clause 1 (and is reported as a slip).

How it resolves: "N above" is clause N of the same phase section, or else of the nearest section above it;
"Diplomacy Phase 3 above" is clause 3 of a DIPLOMACY PHASE above; "clause N" is clause N of the same section or
anywhere in the event. The shared-words test compares the words just before the reference ("the benefits as
defined for the Alliance") with the target clause: at least one word of four letters or more (stop words
aside) must appear in both.

Fails::

    EVENTS PHASE:
    1. Sweden declares war on Denmark.
    2. Denmark receives the same benefits as defined for the Alliance in 3 above.

Passes::

    EVENTS PHASE:
    1. Sweden and Holland form an Alliance; each member gets a free CB.
    2. Denmark receives the same benefits as defined for the Alliance in 1 above.

Fix the number (or name the phase: "Diplomacy Phase 3 above"), or accept the finding with a reason.
"""

from __future__ import annotations

import re

from ..quote import head, tail

CODE = "REF007"
NAME = "internal-reference"
CATEGORY = "reference"
SEVERITY = "warning"
SCOPE = "entry"  # references to the event's own numbering

# One way to match each form; every repetition is bounded by a literal, so the patterns run in linear time.
_REF = re.compile(
    r"\b(?:(?P<phase>[A-Za-z]{4,15}) [Pp]hase (?P<pn>\d{1,2})(?: and (?P<pn2>\d{1,2}))?(?P<pnabove> above)?"
    r"|(?P<ph>[Pp]hases?) (?P<a>\d{1,2})(?: and (?P<b>\d{1,2}))?(?P<pabove> above)?"
    r"|[Cc]lauses? (?P<c>\d{1,2})(?: and (?P<c2>\d{1,2}))?"
    r"|(?<![:\w.])(?P<n>\d{1,2}) above)\b")
_WORD = re.compile(r"[A-Za-z]{4,}")
STOP = {"this", "that", "these", "those", "with", "from", "into", "than", "then", "them", "they", "their", "there",
        "have", "been", "were", "will", "shall", "same", "such", "other", "also", "only", "when", "which", "while",
        "each", "event", "events", "above", "below", "defined", "clause", "phase", "turn", "turns", "as", "per",
        "according", "under", "stated", "described", "noted", "given", "rule", "rules", "case", "cases", "regarded",
        "benefits", "same", "must", "does", "would", "could", "after", "before", "during", "immediately"}
CONTEXT_WORDS = 16
# "as defined for the Alliance": a capitalised term (not the first word of the fragment) names what is defined.
_DEFINED_FOR = re.compile(r"\bdefined for (?:the |an? )?([A-Z][a-z]{3,})")
# "(1st turn; Events Phase 3)": the turn the numbered clause is in.
_ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
_TURN = re.compile(r"\b(?:(\d{1,2})(?:st|nd|rd|th)|(" + "|".join(_ORDINALS) + r")) turn\b", re.I)


def _words(text: str) -> set[str]:
    out = set()
    for w in _WORD.findall(text):
        w = w.lower()
        if w not in STOP:
            out.add(w[:6] if len(w) > 6 else w.rstrip("s") if len(w) > 4 else w)  # a crude stem
    return out


def _numbered(section) -> dict[str, object]:
    return {c.marker.rstrip(".):").strip(): c for c in section.clauses if c.marker}


def _phase_id(ctx, event, name: str) -> str | None:
    wanted = f"{name.upper()} PHASE"
    for phase in ctx.kb.games.get(event.game, {}).get("phases", []):
        if wanted == phase["name"] or wanted in phase.get("aliases", []):
            return phase["id"]
    return None


def check(ctx):
    for event in ctx.events():
        sections = [s for s in event.all_sections() if s.clauses]
        for here in sections:
            for top in here.clauses:
                for clause in top.walk():
                    yield from _check_clause(ctx, event, sections, here, top, clause)


def _check_clause(ctx, event, sections, here, top, clause):
    text = clause.text
    if "hase" not in text and "lause" not in text and "above" not in text:
        return  # every form _REF reads holds one of these words (it is case-sensitive there)
    phases_named = bool(ctx.kb.games.get(event.game, {}).get("phases"))
    for m in _REF.finditer(clause.text):
        written = m.group(0)
        window = clause.text[max(0, m.start() - 300):m.start()]  # bounded: linear in the clause
        sentence = re.split(r"(?<=[a-z)][.;]) ", window)[-1]
        before = " ".join(sentence.split()[-CONTEXT_WORDS:])
        phase_id = _phase_id(ctx, event, m.group("phase")) if m.group("pn") else None
        if m.group("ph") or (m.group("pn") and phase_id is None):  # "phase 1", "after phase 1 above"
            if not phases_named:
                continue
            if m.group("ph"):
                numbers, above = [m.group("a")] + ([m.group("b")] if m.group("b") else []), bool(m.group("pabove"))
                written = written
            else:
                numbers = [m.group("pn")] + ([m.group("pn2")] if m.group("pn2") else [])
                above = bool(m.group("pnabove"))
                written = written.split(" ", 1)[1]  # 'phase 1 above', without the word before it
            targets = []
            for n in numbers:
                hit = _find(ctx, event, sections, here, top, n, None, above)
                targets.append(f"clause {n} of {hit[0].heading.rstrip(':')}" if hit else f"clause {n}")
            yield ctx.finding(event.id, clause.line,
                              f"'{written}': the phases of a turn are named, not numbered; "
                              f"{' and '.join(targets)} is probably meant", severity="warning")
            continue
        if m.group("pn"):
            numbers, above = [m.group("pn")], True
            numbers += [m.group("pn2")] if m.group("pn2") else []
        elif m.group("c"):
            phase_id, above = None, False
            numbers = [m.group("c")] + ([m.group("c2")] if m.group("c2") else [])
        else:
            phase_id, above = None, True
            numbers = [m.group("n")]
        for n in numbers:
            turn = _TURN.search(before)
            pool = sections
            if turn:
                wanted = turn.group(1) or str(_ORDINALS.index(turn.group(2).lower()) + 1)
                pool = [s for t in event.body if t.kind == "turn" and str(t.canonical) == wanted
                        for s in t.walk_sections() if s.clauses] or sections
                above = above and here in pool
            hit = _find(ctx, event, pool if here in pool else [here] + pool, here, top, n, phase_id, above) \
                if turn else _find(ctx, event, sections, here, top, n, phase_id, above)
            if hit is None:
                where = "above it" if above else "in the event"
                yield ctx.finding(event.id, clause.line,
                                  f"'{written}' does not resolve: no clause {n} stands {where} in {event.id}")
                continue
            section, target = hit
            context = _words(before)
            target_words = _words(" ".join(c.text for c in target.walk()))
            term = _DEFINED_FOR.search(before)
            intro = _introduced(section, _words(term.group(1))) if term else None
            if intro is not None and intro[1] is not target and intro[1].line < top.line:
                isec, iclause, _ = intro
                yield ctx.finding(event.id, clause.line,
                                  f"'{written}' resolves to clause {n} of {section.heading.rstrip(':')}, but "
                                  f"'{term.group(1)}' is introduced in clause {iclause.marker.rstrip('.')} of "
                                  f"{isec.heading.rstrip(':')} (\"{head(iclause.text)}\")")
                continue
            if context and not (context & target_words):
                # Another clause of that number (anywhere above) that does share words is named as the likely one.
                better = [s for s in sections if s is not section and _numbered(s).get(n) is not None
                          and context & _words(_numbered(s)[n].text)]
                hint = f"; clause {n} of {better[0].heading.rstrip(':')} is about it" if better else ""
                yield ctx.finding(event.id, clause.line,
                                  f"'{written}' resolves to clause {n} of {section.heading.rstrip(':')} "
                                  f"(\"{head(target.text)}\"), which shares no word with \"{tail(before)}\"{hint}")


def _introduced(section, context: set[str]):
    """For "as defined for the Alliance in 3 above": the first clause of the target's section that mentions the
    term (where it is introduced), with its section and the words it shares, or None."""
    if True:
        for top in section.clauses:
            shared = context & _words(" ".join(c.text for c in top.walk()))
            if shared and top.marker:
                return section, top, shared
    return None


def _find(ctx, event, sections, here, top, number, phase_id, above):
    idx = sections.index(here)
    if above:
        pool = [here] + sections[:idx][::-1]
    else:
        pool = [here] + [s for s in sections if s is not here]
    for section in pool:
        if phase_id is not None and section.canonical != phase_id:
            continue
        target = _numbered(section).get(number)
        if target is None:
            continue
        if above and section is here and target.line >= top.line:
            continue
        return section, target
    return None
