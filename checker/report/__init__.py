"""Reporters: findings to text (rich), json (the contract), sarif 2.1.0 and GitHub workflow commands."""

from __future__ import annotations

from .github import render_github
from .json_report import render_json
from .sarif import render_sarif
from .text import render_text

FORMATS = {"text": render_text, "json": render_json, "sarif": render_sarif, "github": render_github}
