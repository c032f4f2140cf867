"""``--format json``: ``{"version": 1, "findings": [...]}``, sorted and deterministic."""

from __future__ import annotations

import json

from ..core.model import Finding
from .safe import json_safe


def render_json(findings: list[Finding], baseline: dict | None = None, **_: object) -> str:
    """``baseline``: what ``--baseline`` / ``--diff-from`` hid (``{"baseline": REPORT, "hidden": N,
    "hidden_by_severity": {...}}``), reported under the ``baseline`` key; the key is absent otherwise."""
    data = {"version": 1, "findings": [f.to_dict() for f in sorted(findings, key=Finding.sort_key)]}
    if baseline is not None:
        data["baseline"] = baseline
    return json_safe(json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False)) + "\n"
