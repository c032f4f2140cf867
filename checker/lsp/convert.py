"""Findings, hovers and edits as the protocol's types (lsprotocol): the one place that knows the wire shapes."""

from __future__ import annotations

from lsprotocol import types
from pygls.uris import from_fs_path

from ..core.model import Finding
from .diagnose import Checked, resolve_file

SEVERITY = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning,
            "info": types.DiagnosticSeverity.Information}
SOURCE = "rulekb"


def line_range(rows: list[str], line: int | None) -> types.Range:
    """The range of the 1-based ``line`` of a buffer: its text from the first non-blank character to its end
    (a finding without a line, or past the end, is put at the start of the buffer)."""
    if line is None or line < 1 or line > max(len(rows), 1):
        return types.Range(types.Position(0, 0), types.Position(0, 0))
    text = rows[line - 1] if line - 1 < len(rows) else ""
    start = len(text) - len(text.lstrip())
    return types.Range(types.Position(line - 1, start if start < len(text) else 0),
                       types.Position(line - 1, len(text)))


def _related(finding: Finding, kb_root: str | None) -> list[types.DiagnosticRelatedInformation] | None:
    if not finding.explanation:
        return None
    out = []
    for item in finding.explanation:
        path = resolve_file(item.file, kb_root)
        if path is None:
            continue
        line = max((item.line or 1) - 1, 0)
        out.append(types.DiagnosticRelatedInformation(
            types.Location(from_fs_path(path), types.Range(types.Position(line, 0), types.Position(line, 0))),
            f"{item.id}: {item.text}" if item.text else str(item.id)))
    return out or None


def diagnostic(finding: Finding, rows: list[str], kb_root: str | None) -> types.Diagnostic:
    return types.Diagnostic(
        range=line_range(rows, finding.line), message=finding.message, severity=SEVERITY[finding.severity],
        code=finding.rule, source=SOURCE, related_information=_related(finding, kb_root),
        data={"rule": finding.rule, "subject": finding.subject, "line": finding.line, "message": finding.message})


def diagnostics(checked: Checked) -> list[types.Diagnostic]:
    """What ``check`` says of the file; or, when it cannot run (no KB, no period), why, as one error."""
    rows = checked.text.splitlines()
    if checked.error is not None:
        return [types.Diagnostic(range=line_range(rows, checked.error.line), message=checked.error.message,
                                 severity=types.DiagnosticSeverity.Error, code="usage", source=SOURCE)]
    return [diagnostic(f, rows, checked.kb_root) for f in sorted(checked.findings, key=Finding.sort_key)]


def location(place: tuple[str, int, int, int]) -> types.Location:
    path, line, start, end = place
    return types.Location(from_fs_path(path), types.Range(types.Position(line, start), types.Position(line, end)))


def markdown(text: str) -> types.MarkupContent:
    return types.MarkupContent(kind=types.MarkupKind.Markdown, value=text)


COMPLETION_KIND = {"event": types.CompletionItemKind.Reference, "phase": types.CompletionItemKind.Keyword,
                   "country": types.CompletionItemKind.Constant, "place": types.CompletionItemKind.Value}


def completion_item(item) -> types.CompletionItem:
    return types.CompletionItem(label=item.label, kind=COMPLETION_KIND[item.kind], detail=item.detail,
                                insert_text=item.insert, filter_text=item.filter)
