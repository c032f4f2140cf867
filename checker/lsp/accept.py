"""Accept a finding into the KB's ``accepted.yaml``: one entry appended, the file written atomically.

The entry names the rule, the subject, the game (when the KB holds several) and the finding's message as its
``match``, with a reason for the reviewer to write (``REASON_PLACEHOLDER``). What the file held is kept byte for
byte: the entry is appended, and the result is read back to prove that the list gained exactly that entry and
lost nothing; otherwise (a flow-style list, another key after it) nothing is written and the error says why. A
file open in the editor with unsaved changes is not written over.
"""

from __future__ import annotations

import datetime
import os
import re

import yaml

from ..core.model import Finding

REASON_PLACEHOLDER = "TODO: say why this finding is intended or a known erratum"
NEW_FILE = ("# yaml-language-server: $schema=schema/accepted.schema.json\n"
            "# Reviewed findings, recorded as intended or as known errata (see `rulekb rules ACC001`).\n"
            "accepted:\n")
_ITEM = re.compile(r"^(?P<indent>[ ]*)- rule:", re.MULTILINE)


class AcceptError(Exception):
    """The acceptance could not be written; the message says why and what to do."""


def entry_for(finding: Finding, several_games: bool, today: datetime.date | None = None) -> dict:
    entry: dict = {"rule": finding.rule, "subject": finding.subject}
    if several_games and finding.game:
        entry["game"] = finding.game
    entry["match"] = finding.message
    entry["reason"] = REASON_PLACEHOLDER
    entry["when"] = (today or datetime.date.today()).isoformat()
    return entry


def _render(entry: dict, indent: str) -> str:
    body = yaml.safe_dump([entry], sort_keys=False, allow_unicode=True, width=10_000)
    return "".join(indent + row + "\n" for row in body.splitlines())


def accept(kb_root: str, finding: Finding, several_games: bool, open_text: str | None = None) -> tuple[str, int]:
    """Append the acceptance of ``finding``; (path of the file, 1-based line of its reason)."""
    from ..kb.yamlio import YamlError, atomic_write

    path = os.path.join(kb_root, "accepted.yaml")
    try:
        with open(path, encoding="utf-8") as fh:
            old = fh.read()
    except FileNotFoundError:
        old = None
    except (OSError, UnicodeDecodeError) as exc:
        raise AcceptError(f"{path}: cannot read it ({exc}); nothing was written") from None
    if open_text is not None and old is not None and open_text != old:
        raise AcceptError(f"{path} has unsaved changes in the editor: save it, then accept the finding again")
    entry = entry_for(finding, several_games)
    before = [] if old is None else _entries(old, path)
    if old is None:
        base = NEW_FILE
    else:
        base = old if old.endswith("\n") or not old else old + "\n"
        if yaml.safe_load(old) is None:  # empty, or comments only: kept, and the list starts after them
            base += "accepted:\n"
    m = _ITEM.search(base)
    new = base + _render(entry, m.group("indent") if m else "  ")
    try:
        after = _entries(new, path)
    except AcceptError:
        after = None
    if after != before + [entry]:
        raise AcceptError(f"{path}: an entry cannot be appended to its 'accepted:' list as the file is laid out "
                          "(is the list in flow style, or followed by another key?); add it by hand")
    try:
        atomic_write(path, new)
    except YamlError as exc:
        raise AcceptError(str(exc)) from None
    reason_line = len(new.splitlines()) - sum(1 for _ in _render(entry, "").splitlines()) + 1 + list(entry).index("reason")
    return path, reason_line


def _entries(text: str, path: str) -> list:
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise AcceptError(f"{path} is not valid YAML ({str(exc).splitlines()[0]}); fix it first") from None
    if data is None:
        return []
    if not isinstance(data, dict) or not isinstance(data.get("accepted", []), list):
        raise AcceptError(f"{path}: expected a mapping with an 'accepted:' list; fix it first")
    return list(data.get("accepted") or [])
