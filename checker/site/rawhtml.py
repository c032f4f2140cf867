"""Markdown extension ``checker.site.rawhtml``: the HTML blocks rulekb renders itself reach the page unparsed.

An event page's verbatim text, facts line, navigation and editors' block are HTML that rulekb's templates write
(jinja2 with autoescape: every character of a text from a contributor is escaped there). Python-Markdown would
parse each such block twice more as HTML (mkdocs' raw-HTML anchor pass over the whole page source, and Markdown's
HTML block pass), which was most of what mkdocs spent on rulekb's pages beyond plain Markdown (issue 18). Blocks
between a line ``<!-- rk-html -->`` and a line ``<!-- /rk-html -->`` are put into Markdown's stash of raw HTML
as they are, exactly as the HTML block pass would have passed them through, and their ``id`` attributes are
handed to mkdocs' anchor validation, which no longer sees them. Without this extension the markers are HTML
comments and the blocks are parsed as before: the page is the same.
"""

from __future__ import annotations

import re

from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor

BEGIN = "<!-- rk-html -->"
END = "<!-- /rk-html -->"
_ID = re.compile(r'\sid="([^"<>]*)"')


class _Stash(Preprocessor):
    """Replace each marked block by a placeholder of Markdown's raw-HTML stash."""

    def __init__(self, md):
        super().__init__(md)
        self.ids: set[str] = set()

    def run(self, lines: list[str]) -> list[str]:
        self.ids = set()
        out: list[str] = []
        block: list[str] | None = None
        for line in lines:
            if block is None:
                if line == BEGIN:
                    block = []
                else:
                    out.append(line)
            elif line == END:
                html = "\n".join(block) + "\n"  # as the HTML block pass stores a block: with its line end
                self.ids.update(_ID.findall(html))
                out.extend(["", self.md.htmlStash.store(html), ""])
                block = None
            else:
                block.append(line)
        if block is not None:  # no end marker: the lines stay as written, to be parsed as any HTML
            out.append(BEGIN)
            out.extend(block)
        return out


class _Anchors(Preprocessor):
    """Add the stashed blocks' ids to what mkdocs' raw-HTML pass found (it runs in between and starts afresh)."""

    def __init__(self, md, stash: _Stash):
        super().__init__(md)
        self.stash = stash

    def run(self, lines: list[str]) -> list[str]:
        if "mkdocs_raw_html" in self.md.preprocessors:
            found = getattr(self.md.preprocessors["mkdocs_raw_html"], "present_anchor_ids", None)
            if isinstance(found, set):
                found.update(self.stash.ids)
        return lines


class RawHtmlExtension(Extension):
    def extendMarkdown(self, md):
        stash = _Stash(md)
        # before mkdocs' raw-HTML pass (21) and Markdown's HTML blocks (20); the anchors right after mkdocs' pass
        md.preprocessors.register(stash, "rulekb_raw_html", 24)
        md.preprocessors.register(_Anchors(md, stash), "rulekb_raw_html_anchors", 20.5)


def makeExtension(**kwargs):
    return RawHtmlExtension(**kwargs)
