"""An invisible character in a title or a text: a bidi control (right-to-left override, isolate, mark) or a
zero-width character (zero-width space, joiner, word joiner, a byte-order mark inside the text).

Why: these characters change how a line reads, or what it matches, without being seen. A right-to-left override
in a title makes a reviewer read another title than the one stored ("Trojan Source"); a zero-width space inside
a country code or an event id makes it look right and match nothing. Reports show them as escapes (``\\u202e``);
this check says where they are. Bidi controls (which reorder what is shown) are errors; zero-width characters
are warnings.

Fails (a right-to-left override in the title)::

    1: THE CONFEDERATION OF \\u202eRAB (historical date: 1791)

Passes::

    1: THE CONFEDERATION OF BAR (historical date: 1791)

Delete the character (most editors show it once the cursor is on it), or accept the finding with the reason.
"""

from __future__ import annotations

from ...report.safe import BIDI, invisible

CODE = "STY007"
NAME = "invisible-character"
CATEGORY = "style"
SEVERITY = "error"  # lowered to warning for zero-width characters only
SCOPE = "entry"  # a finding on an entry reads that entry's own title, headings and texts, nothing else of the KB


def _texts(ctx):
    """(entry id, source line, what, text) of every title, header and text of the context's entries."""
    for e in ctx.events():
        yield e.id, e.source.line if e.source else None, "title", f"{e.header or ''}\n{e.title or ''}"
        for section in e.all_sections():
            if section.heading:
                yield e.id, section.line, "heading", section.heading
        for clause in e.all_clauses():
            yield e.id, clause.line, "text", f"{clause.marker or ''} {clause.text}"
    for rid in sorted(ctx.kb.rules):
        rule = ctx.kb.rules[rid]
        yield rid, rule.source.line if rule.source else None, "title", rule.title or ""
        for block in rule.blocks:
            yield rid, block.line, "text", block.text
    for gid in sorted(ctx.kb.glossaries):
        glossary = ctx.kb.glossaries[gid]
        for term in glossary.terms:
            yield gid, term.line, "text", f"{term.term}\n{term.meaning or ''}"


def check(ctx):
    for entry, line, what, text in _texts(ctx):
        if text.isascii():
            continue  # every character looked for is outside ASCII: the same findings, fewer scans
        found = invisible(text)
        if not found:
            continue
        level = "error" if BIDI.search(text) else "warning"
        yield ctx.finding(entry, line, f"invisible character{'s' if len(found) > 1 else ''} "
                                            f"{', '.join(found)} in the {what}: it reads differently from what it "
                                            "is; delete it", level)
