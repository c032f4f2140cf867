"""``--format github``: GitHub Actions workflow commands, one annotation per finding.

The log shows these lines, and its viewer interprets ANSI escapes: every value first passes ``safe.visible``
(control and bidi characters as visible escapes, so neither a colour code nor a forged ``::`` command line can
come from a contributed text), then the workflow-command escaping."""

from __future__ import annotations

from ..core.model import Finding
from .safe import visible

_LEVEL = {"error": "error", "warning": "warning", "info": "notice"}


def _escape_data(text: str) -> str:
    return visible(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def _escape_prop(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(findings: list[Finding], **_: object) -> str:
    out = []
    for f in sorted(findings, key=Finding.sort_key):
        props = []
        if f.file:
            props.append(f"file={_escape_prop(f.file)}")
        if f.line:
            props.append(f"line={f.line}")
        props.append(f"title={_escape_prop(f'{f.rule} ({f.category})')}")
        subject = f"{f.subject}: " if f.subject else ""
        out.append(f"::{_LEVEL.get(f.severity, 'warning')} {','.join(props)}::{_escape_data(subject + f.message)}")
    return "\n".join(out) + ("\n" if out else "")
