"""``--format text``: findings grouped by file, with the clause quoted, coloured by rich when on a terminal.

Every piece of text that comes from a finding (file names, subjects, messages, quotes) passes ``safe.visible``
(control and bidi characters shown as escapes) and then rich's markup escape."""

from __future__ import annotations

import io
from collections import defaultdict

from rich.console import Console
from rich.markup import escape

from ..core.model import Finding
from .safe import visible

_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}


def _t(text: object) -> str:
    """Contributed text as it may be printed: control characters visible, rich markup escaped."""
    return escape(visible(text))


def render_text(findings: list[Finding], color: bool = False, **_: object) -> str:
    buf = io.StringIO()
    console = Console(file=buf, force_terminal=color, no_color=not color, width=200, highlight=False, soft_wrap=True,
                      emoji=False)  # an id such as 1:A followed by ":" must not become the :a: emoji
    by_file: dict[str, list[Finding]] = defaultdict(list)
    for f in sorted(findings, key=Finding.sort_key):
        by_file[f.file or "(no file)"].append(f)
    for file, items in by_file.items():
        console.print(f"[bold underline]{_t(file)}[/]")
        for f in items:
            where = f"{f.line}" if f.line else "-"
            subject = f" {_t(f.subject)}" if f.subject else ""
            acc = " [dim](accepted)[/]" if f.accepted is not None else ""
            console.print(f"  {where:>5}  [{_STYLE.get(f.severity, 'bold')}]{_t(f.severity):<7}[/] {_t(f.rule)}"
                          f"{subject}: {_t(f.message)}{acc}")
            if f.quote:
                console.print(f"         [dim]> {_t(f.quote[:160])}[/]")
            for item in f.explanation or []:
                console.print(f"         [dim]because {_t(item.id)} ({_t(item.file)}:{_t(item.line)})"
                              f"{': ' + _t(item.text[:120]) if item.text else ''}[/]")
    from ..logic.undecided import LIMIT_RULES

    limits = sum(1 for f in findings if f.rule in LIMIT_RULES and f.accepted is None)
    counts = {s: sum(1 for f in findings if f.severity == s and f.accepted is None and f.rule not in LIMIT_RULES)
              for s in ("error", "warning", "info")}
    accepted = sum(1 for f in findings if f.accepted is not None)
    def n(count: int, word: str) -> str:
        return f"{count} {word}{'' if count == 1 else 's'}"

    console.print(f"{n(counts['error'], 'error')}, {n(counts['warning'], 'warning')}, {counts['info']} info"
                  + (f", {accepted} accepted" if accepted else "")
                  + (f"; {n(limits, 'sentence')} not read (limits of rulekb, not errata: answers that depend on "
                     f"{'it' if limits == 1 else 'them'} are inconclusive)" if limits else ""))
    return buf.getvalue()
