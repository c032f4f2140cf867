"""Text for the Markdown pages: every KB string is HTML-escaped and then Markdown-escaped, so it is shown as
written and can neither open an HTML tag nor make a Markdown link, emphasis, heading, list or attribute list."""

from __future__ import annotations

import re

from markupsafe import Markup, escape

# Python-Markdown's backslash escapes, only where a character can start Markdown: everywhere for '\\', '`', '*',
# '_', '[', ']', '{', '}' and '#' (code, emphasis, links and images, attribute lists, heading marks); at the start of
# the text for list markers ('-', '+', '1.', '1)'). '<' and '&' are HTML-escaped already, so no raw HTML, autolink
# or entity can open; without '[' no link can form, so '(' and '!' need nothing; one text is one line, so no
# setext underline can follow it. '|' is written as an entity (tables). Each escape is a placeholder Markdown must
# put back, so escaping fewer characters makes the pages cheaper to build.
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]#])")
_MD_LEADING = re.compile(r"^(\s*)(?:([-+])|(\d+)([.)]))")
_TAG_OR_ENTITY = re.compile(r"(<[^<>]*>|&#?\w+;)")


def md(value) -> Markup:
    """``value`` (text, or Markup holding escaped text and inline tags) safe inside a Markdown paragraph,
    heading, list item or table cell."""
    html = value if isinstance(value, Markup) else escape(str(value))
    out = []
    for k, part in enumerate(_TAG_OR_ENTITY.split(str(html))):
        if k % 2:
            out.append(part)  # a tag we wrote, or an entity escape() wrote
        else:
            part = _MD_SPECIAL.sub(r"\\\1", part).replace("|", "&#124;")
            if k == 0:  # a list marker at the start of the text
                part = _MD_LEADING.sub(lambda m: m[1] + (f"\\{m[2]}" if m[2] else f"{m[3]}\\{m[4]}"), part)
            out.append(re.sub(r"\s+", " ", part))  # no line break: one block stays one block
    return Markup("".join(out))


def check_doc_markdown(doc: str) -> str:
    """A check's docstring (the same text ``rulekb rules CODE`` prints) as Markdown: ``Fails::`` blocks become code
    blocks. The docstrings are the package's own text, not KB data; their prose is still HTML-escaped (code blocks
    are escaped by Markdown itself)."""
    lines = doc.strip("\n").splitlines()
    # Dedent all but the first line (docstring convention).
    rest = [ln for ln in lines[1:] if ln.strip()]
    cut = min((len(ln) - len(ln.lstrip()) for ln in rest), default=0)
    lines = [lines[0].strip()] + [ln[cut:] for ln in lines[1:]] if lines else []
    out: list[str] = []
    in_code = False
    for ln in lines:
        if in_code and ln.strip() and not ln.startswith(" "):
            out.append("```")
            out.append("")
            in_code = False
        if ln.rstrip().endswith("::") and not in_code:
            out.append(str(escape(ln.rstrip()[:-1])))
            out.append("")
            out.append("```text")
            in_code = True
            continue
        if in_code:
            if ln.strip() or out[-1] != "```text":
                out.append(ln[4:] if ln.startswith("    ") else ln.strip())
        else:
            out.append(str(escape(ln)))
    if in_code:
        out.append("```")
    text = "\n".join(out)
    return re.sub(r"\n{3,}", "\n\n", text).strip() + "\n"
