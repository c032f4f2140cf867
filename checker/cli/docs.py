"""A check's docstring rendered for the terminal (``rulekb rules CODE``)."""

from __future__ import annotations


def _inline(text: str) -> str:
    import re

    text = re.sub(r"``(.+?)``", r"\1", text)
    return re.sub(r"(?<![\w`])`([^`\n]+)`(?![\w`])", r"\1", text)


def doc_blocks(doc: str) -> list[tuple[str, str]]:
    """A check's docstring as ("text" | "literal" | "item", content) blocks: paragraphs joined into one line each,
    literal blocks (after ``::`` or between ``` fences) kept verbatim, reST markup removed."""
    import inspect

    lines = inspect.cleandoc(doc or "").splitlines()
    blocks: list[tuple[str, str]] = []
    para: list[str] = []
    literal_next = False
    i = 0

    def flush():
        nonlocal literal_next
        if para:
            text = " ".join(s.strip() for s in para)
            if text.endswith("::"):
                text = text[:-2].rstrip()
                literal_next = True
                text = text + ":" if text and not text.endswith(":") else text
            if text:
                blocks.append(("item" if text[:2] in ("- ", "* ") else "text", _inline(text)))
            para.clear()

    while i < len(lines):
        line = lines[i]
        if line.strip().startswith("```"):
            flush()
            i += 1
            body = []
            while i < len(lines) and not lines[i].strip().startswith("```"):
                body.append(lines[i])
                i += 1
            i += 1
            blocks.append(("literal", "\n".join(body).rstrip()))
            continue
        if not line.strip():
            flush()
            i += 1
            continue
        if literal_next and line[:1].isspace():
            body = []
            while i < len(lines) and (not lines[i].strip() or lines[i][:1].isspace()):
                body.append(lines[i])
                i += 1
            import textwrap

            blocks.append(("literal", textwrap.dedent("\n".join(body)).strip("\n")))
            literal_next = False
            continue
        literal_next = False
        if line.lstrip()[:2] in ("- ", "* ") and para:
            flush()
        para.append(line)
        i += 1
    flush()
    return blocks


def doc_text(doc: str, width: int, indent: str = "") -> str:
    import textwrap

    out = []
    for kind, text in doc_blocks(doc):
        if kind == "literal":
            out.append("\n".join(indent + "    " + ln if ln else "" for ln in text.splitlines()))
        elif kind == "item":
            out.append(textwrap.fill(text, width, initial_indent=indent, subsequent_indent=indent + "  "))
        else:
            out.append(textwrap.fill(text, width, initial_indent=indent, subsequent_indent=indent))
    return "\n\n".join(out) + "\n"


def doc_summary(doc: str) -> str:
    """The first paragraph of a check's doc, whole (never cut mid-sentence)."""
    blocks = [text for kind, text in doc_blocks(doc) if kind == "text"]
    return blocks[0].rstrip(":") + ("" if blocks[0].rstrip(":").endswith((".", "?", "!")) else ".") if blocks else ""


def _width() -> int:
    import shutil

    return max(40, min(100, shutil.get_terminal_size((100, 24)).columns))
