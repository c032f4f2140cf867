"""Parse the events rewrite's companion text: numbered rule changes, variants, notes and the glossary.

The document opens with ``Rule Changes``. Entries are separated by two blank lines; within a run, a line
such as ``13.A.6 Stacking between neutral countries``, ``30.2 F. Revolt supply`` or ``50. 16 TRUCE`` starts a
numbered rule change. A run whose lines are mostly ``term: meaning`` (or ``term; meaning``) is the glossary.
Single-line paragraphs without item markers in one run are separate entries (a variant or a note each).
"""

from __future__ import annotations

import itertools
import re

from ...core.ids import find_references, slugify
from ...core.model import Block, Glossary, GlossaryTerm, RuleEntry, Source
from ...textformat.blocks import groups, line_block, subject_word
from ...textformat.common import ParseError, TextLine, split_lines

RULE_HEADING_RE = re.compile(
    r"^(?P<num>\d{1,2}\.\s?\d{1,2}(?:\.[A-Z](?:\.\d+)*)?|\d{1,2}\.[A-Z]\.\d+(?:\.\d+)*)"
    r"(?:\s+(?P<letter>[A-Z])\.)?\s+(?P<title>[A-Z].*)$"
)
TERM_RE = re.compile(r"^(?P<term>[^:;]{1,40}?)(?P<sep>[:;])\s+(?P<meaning>\S.*)$")


def canonical_rule_number(num: str, letter: str | None) -> str:
    num = num.replace(" ", "")
    return f"{num}.{letter}" if letter else num


def term_convention(term: str, meaning: str) -> str | None:
    m = meaning.lower()
    if term.startswith("("):
        return "event multiplicity marker"
    if "ownership of a province" in m:
        return "adjective + PROVINCE = ownership"
    if "control of a minor" in m:
        return "adjective + Minor = control"
    if "refers to a province" in m:
        return "UPPER CASE = province"
    if "refers to a minor" in m:
        return "Capitalised = minor"
    if "controlled by a player" in m:
        return "three-letter CODE = player country"
    return None


def _is_glossary(run: list[TextLine]) -> bool:
    hits = sum(1 for ln in run if TERM_RE.match(ln.text))
    return len(run) >= 5 and hits / len(run) > 0.8


def parse_eurw_rules(text: str, file: str, game: str = "eu") -> tuple[list[RuleEntry], list[Glossary]]:
    lines = split_lines(text)
    first = next((ln for ln in lines if not ln.blank), None)
    if first is None:
        raise ParseError(file, None, "empty file")
    entries: list[RuleEntry] = []
    glossaries: list[Glossary] = []
    doc = RuleEntry(id="eurw-rule-changes", game=game, kind="document", title=first.text,
                    source=Source(file, first.number, first.number), blocks=[Block("heading", first.text, first.number)])
    entries.append(doc)
    rest = [ln for ln in lines if ln.number > first.number]
    used_ids: set[str] = {doc.id}
    ordinal = 0
    for run in groups(rest, min_blank=2):
        if _is_glossary(run):
            glossaries.append(_glossary(run, file, game))
            continue
        headed = [ln for ln in run if RULE_HEADING_RE.match(ln.text)]
        if headed:
            chunks: list[list[TextLine]] = []
            for ln in run:
                if RULE_HEADING_RE.match(ln.text) or not chunks:
                    chunks.append([])
                chunks[-1].append(ln)
        elif all(not line_block(ln).marker for ln in run) and len(run) > 1 and \
                all(b.number - a.number > 1 for a, b in itertools.pairwise(run)):
            chunks = [[ln] for ln in run]
        else:
            chunks = [run]
        for chunk in chunks:
            ordinal += 1
            entries.append(_entry(chunk, file, game, ordinal, used_ids))
    return entries, glossaries


def _entry(chunk: list[TextLine], file: str, game: str, ordinal: int, used: set[str]) -> RuleEntry:
    head = RULE_HEADING_RE.match(chunk[0].text)
    text = " ".join(ln.text for ln in chunk)
    blocks = []
    number = None
    if head:
        number = canonical_rule_number(head["num"], head["letter"])
        title = head["title"].strip()
        kind = "rule_change"
        ident = f"eurw-rule-{number}"
        blocks.append(Block("heading", chunk[0].text, chunk[0].number))
        body = chunk[1:]
    else:
        body = chunk
        subject = subject_word(text)
        if chunk[0].text.startswith("("):
            kind, title, ident = "note", "Note", f"eurw-note-{ordinal}"
        elif subject:
            kind, title, ident = "variant", f"{subject} variant", f"eurw-variant-{slugify(subject)}"
        else:
            kind = "rule_change"
            title = re.split(r"(?<=[.;])\s", chunk[0].text)[0][:80]
            ident = f"eurw-rule-{slugify(title, 6)}"
    base, k = ident, 2
    while ident in used:
        ident, k = f"{base}-{k}", k + 1
    used.add(ident)
    blocks.extend(line_block(ln) for ln in body)
    entry = RuleEntry(id=ident, game=game, kind=kind, title=title, number=number,
                      source=Source(file, chunk[0].number, chunk[-1].number), blocks=blocks)
    entry.refs = [r for b in blocks for r in find_references(b.text, b.line)]
    return entry


def _glossary(run: list[TextLine], file: str, game: str) -> Glossary:
    terms = []
    for ln in run:
        m = TERM_RE.match(ln.text)
        if not m:
            raise ParseError(file, ln.number, f"glossary line is not 'term: meaning': {ln.text[:60]!r}")
        terms.append(GlossaryTerm(term=m["term"], meaning=m["meaning"], line=ln.number, separator=m["sep"],
                                  convention=term_convention(m["term"], m["meaning"])))
    return Glossary(id="eurw-glossary", game=game, source=Source(file, run[0].number, run[-1].number),
                    heading=None, terms=terms)

