"""``--format sarif``: SARIF 2.1.0 with stable rule ids and partial fingerprints."""

from __future__ import annotations

import hashlib
import json

from .. import __version__
from ..core.model import Finding
from .safe import json_safe

_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def fingerprint(f: Finding) -> str:
    """Stable across runs and line shifts: rule, subject and message, not the line."""
    key = "\x1f".join([f.rule, f.subject or "", f.message])
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


def render_sarif(findings: list[Finding], rules: dict | None = None, **_: object) -> str:
    from ..checks import registry

    reg = rules or registry()
    used = sorted({f.rule for f in findings} | set(reg))
    rule_index = {code: i for i, code in enumerate(used)}
    sarif_rules = []
    for code in used:
        info = reg.get(code)
        sarif_rules.append({
            "id": code,
            "name": info.name if info else code,
            "shortDescription": {"text": info.summary if info else code},
            "fullDescription": {"text": (info.doc.strip() if info else code)},
            "properties": {"category": info.category if info else "unknown"},
            "defaultConfiguration": {"level": _LEVEL[info.severity] if info else "warning"},
        })
    results = []
    for f in sorted(findings, key=Finding.sort_key):
        result = {
            "ruleId": f.rule,
            "ruleIndex": rule_index[f.rule],
            "level": _LEVEL[f.severity],
            "message": {"text": (f"{f.subject}: " if f.subject else "") + f.message},
            "partialFingerprints": {"rulekb/v1": fingerprint(f)},
            "properties": {"category": f.category, "subject": f.subject},
        }
        if f.file:
            loc = {"artifactLocation": {"uri": f.file.replace("\\", "/")}}
            if f.line:
                loc["region"] = {"startLine": f.line}
            result["locations"] = [{"physicalLocation": loc}]
        if f.accepted is not None:
            result["suppressions"] = [{"kind": "inSource", "justification": f.accepted}]
        results.append(result)
    doc = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "rulekb", "version": __version__, "rules": sarif_rules}},
            "results": results,
        }],
    }
    return json_safe(json.dumps(doc, indent=2, ensure_ascii=False)) + "\n"
