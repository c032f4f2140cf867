"""``--format json``: ``{"version": 1, "findings": [...]}``, sorted and deterministic."""

from __future__ import annotations

import json

from ..model import Finding
from .safe import json_safe


def render_json(findings: list[Finding], **_: object) -> str:
    data = {"version": 1, "findings": [f.to_dict() for f in sorted(findings, key=Finding.sort_key)]}
    return json_safe(json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False)) + "\n"
