"""Reporters: findings to text (rich), json (the contract), sarif 2.1.0 and GitHub workflow commands.

rich is imported only when text is rendered (``--format json`` never loads it: issue 18's lean start)."""

from __future__ import annotations

from .github import render_github
from .json_report import render_json
from .sarif import render_sarif


def render_text(findings, *args, **kwargs) -> str:
    """The text report (``checker/report/text.py``), rich imported on first use."""
    from .text import render_text as render

    return render(findings, *args, **kwargs)


FORMATS = {"text": render_text, "json": render_json, "sarif": render_sarif, "github": render_github}
