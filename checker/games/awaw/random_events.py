"""Parse A World at War's random-event rules: categories, types, sub-types and worked examples.

Layout: ``GENERAL RANDOM EVENTS`` / ``NATIONAL RANDOM EVENTS`` open a category; an upper-case line
(``INCOME``, ``EUROPEAN AGGRESSION INDEX``) opens a type; ``Basic: The income of …`` defines a sub-type.
A worked example is a card: a one-sentence title followed directly by effect lines
(``Italian support level: -1``, ``EAI: +1``, ``Belgium: 1``, ``German support level: -3 (max. +3)``), then,
after a blank line, the explanation. Where the card text is missing, a sub-type definition ending in a colon
is followed by the explanation alone. ``RANDOM EVENTS`` lines after the first are running page headers:
recognised as artefacts, kept for the round trip. Effect lines that fit no grammar are kept verbatim and
flagged (``parsed: false`` with the problem), never dropped.
"""

from __future__ import annotations

import re

from ...core.ids import find_references, slugify
from ...core.model import Block, Effect, RuleEntry, Source
from ...textformat.blocks import groups
from ...textformat.common import ParseError, TextLine, split_lines

PAGE_HEADER = "RANDOM EVENTS"
CATEGORY_RE = re.compile(r"^(?P<cat>GENERAL|NATIONAL) RANDOM EVENTS$")
TYPE_RE = re.compile(r"^[A-Z][A-Z ]{2,}$")
SUBTYPE_RE = re.compile(r"^(?P<name>[A-Z][A-Za-z]*(?: [A-Za-z]+){0,3}(?: \([^)]*\))?):\s+(?P<def>\S.{29,})$")

ADJECTIVES = {
    "German": "Germany", "Italian": "Italy", "British": "Britain", "French": "France", "Russian": "Russia",
    "Japanese": "Japan", "American": "United States", "Turkish": "Turkey", "Spanish": "Spain",
}
_AMOUNT = r"(?P<amt>[+-]?\s*\d+)?"
_CAP = r"(?:\s*\(max\.\s*(?P<cap>[^)]*)\))?"
EFFECT_GRAMMARS: list[tuple[str, re.Pattern[str]]] = [
    ("income", re.compile(rf"^(?P<adj>[A-Z][a-z]+) national income:\s*{_AMOUNT}\s*{_CAP}$")),
    ("support", re.compile(rf"^(?P<adj>[A-Z][a-z]+) support level:\s*(?P<sign>[+-])?{_AMOUNT}\s*{_CAP}$")),
    ("eai", re.compile(rf"^(?P<eai>EAI):\s*{_AMOUNT}\s*{_CAP}$")),
    ("diplomacy", re.compile(r"^(?P<target>[A-Z][a-z]+):\s*(?P<amt>\d+)$")),
    ("factory_conversion", re.compile(r"^Factory conversion cost\s*(?P<amt>[+-]\d+)$")),
    ("income_tiles", re.compile(r"^(?P<target>[A-Z][a-z]+) draws no random tiles$")),
    ("research", re.compile(r"^(?P<target>(?:Any )?(?:two )?[A-Z][a-z]+ [a-z ]+?)(?:\s+(?P<amt>[+-]\d+) (?P<unit>level|step)s?(?: each)?)?$")),
    ("research_doubling", re.compile(
        r"^(?P<permit>Atomic research permitted; )?[Dd]ouble value of (?:previous|current) investment in "
        r"(?P<target>.+?) research, up to a maximum of (?P<capword>\w+) steps\.$")),
    ("dispute", re.compile(r"^The (?P<target>Axis) must support one side;? Russia or the Allies the other\.$")),
    ("subversion", re.compile(r"^Free subversion result in (?P<target>.+)\.$")),
]
CONDITION_RE = re.compile(r"^(?P<amt>[+-]\d+) for each (?P<what>.+?)\.?$")
MODIFIER_RE = re.compile(r"^Modifier:\s*(?P<what>.+?)\.?$")
STEP_RE = re.compile(r"^(?P<amt>[+-]\d+) (?P<unit>level|step)s?(?: each)?$")
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4}


def _int(text: str | None) -> int | None:
    if text is None:
        return None
    t = text.replace(" ", "")
    return int(t) if re.fullmatch(r"[+-]?\d+", t) else None


def parse_effect_line(text: str, line: int) -> Effect:
    """One effect: target, quantity, amount, cap; ``parsed=False`` with a problem where it does not fit."""
    for quantity, rx in EFFECT_GRAMMARS:
        m = rx.match(text)
        if not m:
            continue
        gd = m.groupdict()
        target = ADJECTIVES.get(gd.get("adj") or "", gd.get("adj")) if gd.get("adj") else gd.get("target")
        if gd.get("eai"):
            target = None
        eff = Effect(text=text, line=line, target=target, quantity=quantity)
        if quantity == "research" and gd.get("amt") is None and not target.startswith("Any"):
            continue
        if quantity == "research_doubling":
            eff.cap = _WORDS.get(gd["capword"])
            eff.amount = 2
            if gd.get("permit"):
                eff.condition = "permits atomic research"
            return eff
        if quantity in ("income_tiles",):
            eff.amount = 0
            return eff
        if quantity in ("dispute", "subversion"):
            return eff
        raw_amt = gd.get("amt")
        sign = gd.get("sign")
        if sign and raw_amt is None:
            eff.parsed = False
            eff.problem = f"missing amount: '{sign}' without a number"
        elif raw_amt is not None:
            eff.amount = _int((sign or "") + raw_amt)
        elif quantity in ("support", "income", "eai") and gd.get("cap") is None:
            eff.parsed = False
            eff.problem = "missing amount"
        cap = gd.get("cap")
        if cap is not None:
            cap_text = cap.strip()
            if re.fullmatch(r"[+-]?\d+", cap_text):
                eff.cap = abs(int(cap_text))
            elif re.fullmatch(r"\+/-\s*\d+", cap_text):
                eff.cap = int(cap_text.split("-")[1])
            else:
                eff.parsed = False
                eff.problem = f"garbled cap '(max. {cap_text})': expected a number such as +3, or +/-3"
        return eff
    return Effect(text=text, line=line, parsed=False, problem="fits no effect grammar")


def parse_card_effects(lines: list[TextLine]) -> list[Effect]:
    effects: list[Effect] = []
    merged: list[tuple[str, int]] = []
    for ln in lines:
        text = ln.text
        if merged and (merged[-1][0].endswith((",", ";")) or (text[:1].islower() and not text.startswith("+"))):
            merged[-1] = (merged[-1][0] + " " + text, merged[-1][1])
            continue
        # Two effects on one line: "Italian support level: +1 EAI: +1".
        parts = re.split(r"(?<=\d)\s+(?=(?:EAI|[A-Z][a-z]+(?: [a-z]+)*):)", text)
        merged.extend((p, ln.number) for p in parts)
    for text, line in merged:
        cm = CONDITION_RE.match(text)
        mm = MODIFIER_RE.match(text)
        sm = STEP_RE.match(text)
        if effects and (cm or mm):
            effects[-1].condition = text
            effects[-1].text += "\n" + text
            continue
        if effects and sm and effects[-1].amount is None:
            effects[-1].amount = int(sm["amt"])
            effects[-1].text += "\n" + text
            effects[-1].parsed = True
            effects[-1].problem = None
            continue
        effects.append(parse_effect_line(text, line))
    return effects


def effect_lines(effects: list[Effect]) -> list[str]:
    return [part for e in effects for part in e.text.split("\n")]


def parse_awaw(text: str, file: str, game: str = "awaw") -> list[RuleEntry]:
    lines = split_lines(text)
    if all(ln.blank for ln in lines):
        raise ParseError(file, None, "empty file")
    doc = RuleEntry(id=f"{game}-document", game=game, kind="document", title=PAGE_HEADER, source=Source(file, 1))
    entries: list[RuleEntry] = [doc]
    category: RuleEntry | None = None
    type_entry: RuleEntry | None = None
    subtype: str | None = None
    subtype_wants_example = False
    awaiting_explanation: RuleEntry | None = None
    last_with_paragraph: RuleEntry | None = None
    counters: dict[str, int] = {}

    def new_example(title_line: TextLine | None, first_line: int) -> RuleEntry:
        base = "-".join(x for x in (category.id if category else game, slugify(type_entry.title if type_entry else "x"),
                                    slugify(subtype or "example", 4)))
        counters[base] = counters.get(base, 0) + 1
        ex = RuleEntry(id=f"{base}-{counters[base]}", game=game, kind="example",
                       title=title_line.text if title_line else f"{subtype or 'Example'} (card text missing)",
                       source=Source(file, first_line, first_line), parent=type_entry.id if type_entry else None,
                       data={"category": category.data.get("category") if category else None,
                             "type": type_entry.title if type_entry else None, "subtype": subtype,
                             "card": title_line is not None})
        entries.append(ex)
        return ex

    previous_end = 0
    for group in groups(lines):
        first = group[0]
        gap = first.number - previous_end - 1
        previous_end = group[-1].number
        if len(group) == 1 and first.text == PAGE_HEADER:
            kind = "heading" if not doc.blocks else "artefact"
            doc.blocks.append(Block(kind, first.text, first.number))
            continue
        if len(group) == 1 and (cm := CATEGORY_RE.match(first.text)):
            category = RuleEntry(id=f"{game}-{cm['cat'].lower()}", game=game, kind="event_category",
                                 title=first.text, source=Source(file, first.number, first.number),
                                 blocks=[Block("heading", first.text, first.number)],
                                 data={"category": cm["cat"].lower()})
            entries.append(category)
            type_entry, subtype, last_with_paragraph = None, None, category
            continue
        if len(group) == 1 and TYPE_RE.match(first.text):
            parent = category.id if category else game
            type_entry = RuleEntry(id=f"{parent}-{slugify(first.text)}", game=game, kind="event_type",
                                   title=first.text, parent=parent, source=Source(file, first.number, first.number),
                                   blocks=[Block("heading", first.text, first.number)], data={"subtypes": []})
            entries.append(type_entry)
            subtype, last_with_paragraph, awaiting_explanation = None, type_entry, None
            continue
        if len(group) == 1 and type_entry is not None and (sm := SUBTYPE_RE.match(first.text)):
            subtype = sm["name"]
            type_entry.blocks.append(Block("definition", first.text, first.number, indent=first.indent))
            type_entry.data["subtypes"].append({"name": subtype, "definition": sm["def"], "line": first.number})
            type_entry.source.end_line = first.number
            subtype_wants_example = first.text.endswith(":")
            awaiting_explanation = None
            last_with_paragraph = type_entry
            continue
        if len(group) >= 2 and first.text.endswith(".") and not first.text.startswith("- ") and type_entry:
            ex = new_example(first, first.number)
            ex.blocks.append(Block("title", first.text, first.number, indent=first.indent))
            ex.effects = parse_card_effects(group[1:])
            ex.source.end_line = group[-1].number
            awaiting_explanation, subtype_wants_example = ex, False
            continue
        # Paragraphs.
        blocks = [Block("paragraph", ln.text, ln.number, indent=ln.indent) for ln in group]
        if first.text[:1].islower() and last_with_paragraph is not None:
            target = last_with_paragraph  # a sentence broken by a page break
        elif awaiting_explanation is not None:
            target = awaiting_explanation
            awaiting_explanation = None
        elif (subtype_wants_example or (gap >= 2 and last_with_paragraph is type_entry and subtype)) \
                and type_entry is not None:
            target = new_example(None, first.number)
            subtype_wants_example = False
        else:
            target = type_entry or category or doc
        target.blocks.extend(blocks)
        target.source.end_line = group[-1].number
        last_with_paragraph = target
    for entry in entries:
        for b in entry.blocks:
            entry.refs.extend(find_references(b.text, b.line))
    doc.source.line = doc.blocks[0].line if doc.blocks else 1
    return entries

