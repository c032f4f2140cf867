"""Parse a rulebook chapter of Europa Universalis: The Price of Power (chapter 16, Events).

Headings end with `` #`` (``16.1 Event Types and ID Numbers #``, ``Optional Rule 6: Randomizing X-Events #``,
``Pirates #``). Each heading starts an entry. Its kind follows from the heading and where it stands:
numbered headings are sections, ``Optional Rule N:`` headings optional rules, headings under ``Standard
Event effects`` standard effects, headings under ``16.5 Secondary Effects`` secondary-effect symbols (whose
``Auto-resolution:`` paragraph is kept as their auto-resolution), and ``… guidelines`` headings guidelines.
A first line repeating the chapter heading without ``#`` is a page title: kept as an artefact.
"""

from __future__ import annotations

import re

from ...core.ids import find_references, slugify
from ...core.model import Block, RuleEntry, Source
from ...textformat.blocks import line_block
from ...textformat.common import ParseError, split_lines


def _heading_title(text: str) -> str | None:
    """``Title #`` → ``Title`` (text is stripped); linear, where ``^(.+?)\\s+#$`` was quadratic in spaces."""
    if not text.endswith("#") or not text[-2:-1].isspace():
        return None
    title = text[:-1].rstrip()
    return title or None

NUMBERED_RE = re.compile(r"^(?P<num>\d{1,2}(?:\.\d{1,2})*)\.?\s+(?P<title>.+)$")
OPTIONAL_RE = re.compile(r"^Optional Rule (?P<num>\d+):\s*(?P<title>.+)$")
AUTO_RE = re.compile(r"^Auto-resolution:\s*(?P<text>.*)$")


def parse_pop_chapter(text: str, file: str, game: str = "pop") -> list[RuleEntry]:
    lines = split_lines(text)
    nonblank = [ln for ln in lines if not ln.blank]
    if not nonblank:
        raise ParseError(file, None, "empty file")
    entries: list[RuleEntry] = []
    doc = RuleEntry(id=f"{game}-document", game=game, kind="document", title="", source=Source(file, 1, 1))
    current: RuleEntry | None = None
    section_num: str | None = None
    chapter: str | None = None
    standard = False
    used: set[str] = set()
    for ln in nonblank:
        heading = _heading_title(ln.text)
        if heading is None:
            if current is None:
                # Text before the first heading: the page title.
                doc.blocks.append(Block("artefact", ln.text, ln.number))
                doc.title = doc.title or ln.text
                continue
            block = line_block(ln)
            am = AUTO_RE.match(ln.text)
            if am and current.kind == "secondary_effect":
                current.auto_resolution = am["text"]
            current.blocks.append(block)
            current.refs.extend(find_references(ln.text, ln.number))
            current.source.end_line = ln.number
            continue
        title = heading
        number = None
        if (nm := NUMBERED_RE.match(title)):
            number = nm["num"]
            section_num = number
            chapter = chapter or number.split(".")[0]
            kind, ident = "section", f"{game}-{number}"
            title = nm["title"]
            standard = False
        elif (om := OPTIONAL_RE.match(title)):
            number = f"OR{om['num']}"
            kind, ident = "optional_rule", f"{game}-or{om['num']}"
        else:
            parent = section_num or chapter or "0"
            if section_num and section_num.endswith(".5"):
                kind = "secondary_effect"
            elif standard:
                kind = "standard_effect"
            elif "guideline" in title.lower():
                kind = "guideline"
            else:
                kind = "section"
            if title.lower().startswith("standard event effects"):
                standard = True
            ident = f"{game}-{parent}-{slugify(title, 6)}"
        base, k = ident, 2
        while ident in used:
            ident, k = f"{base}-{k}", k + 1
        used.add(ident)
        parent_id = None
        if number and "." in number:
            parent_id = f"{game}-{number.rsplit('.', 1)[0]}"
        elif kind != "section" or number is None:
            parent_id = f"{game}-{section_num or chapter}" if (section_num or chapter) else None
        current = RuleEntry(id=ident, game=game, kind=kind, title=title, number=number, parent=parent_id,
                            source=Source(file, ln.number, ln.number),
                            blocks=[Block("heading", ln.text, ln.number)])
        entries.append(current)
    if doc.blocks:
        doc.source = Source(file, doc.blocks[0].line, doc.blocks[-1].line)
        entries.insert(0, doc)
    return entries
