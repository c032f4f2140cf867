"""Only what a change introduces: compare findings with a saved report (``--baseline``) or with the findings
of a git revision (``--diff-from``).

A finding is identified by its fingerprint (rule, subject, message), not by its line, so findings that merely
moved because lines were added above them are not reported as new.

Both inputs are untrusted: a baseline file that is not a rulekb JSON report is an error naming what is wrong
(exit 2), and the ``--diff-from`` revision is resolved by ``git rev-parse --verify --end-of-options`` to a commit
id before git sees it anywhere else, so a value such as ``--output=FILE`` is never read as a git option.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import tarfile
import tempfile
from collections import Counter

from ..core.model import Finding
from ..report.sarif import fingerprint


class BaselineError(Exception):
    pass


def _key(rule: str, subject: str | None, message: str) -> str:
    return fingerprint(Finding(rule, "", "", subject, None, None, message))


MAX_BASELINE_BYTES = 64 * 1024 * 1024  # a JSON report of a KB of 100,000 events with a few findings each


def load_baseline(path: str) -> Counter:
    """The findings of a saved JSON report, counted by fingerprint. A report that is not a regular file (a named
    pipe, a device) or is larger than ``MAX_BASELINE_BYTES`` is refused before it is parsed (memory)."""
    from ..kb.yamlio import YamlError, read_regular

    try:
        raw = read_regular(path, path, MAX_BASELINE_BYTES)
    except YamlError as exc:
        raise BaselineError(f"{path}: cannot read the baseline report: {exc.message}") from None
    if len(raw) > MAX_BASELINE_BYTES:
        raise BaselineError(f"{path}: the baseline report is larger than {MAX_BASELINE_BYTES // 2**20} MiB: refused")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError) as exc:  # ValueError: not JSON, or not UTF-8
        raise BaselineError(f"{path}: cannot read the baseline report: {exc}") from None
    if not isinstance(data, dict) or data.get("version") != 1 or not isinstance(data.get("findings"), list) or \
            not all(isinstance(f, dict) and isinstance(f.get("rule"), str) and isinstance(f.get("message"), str)
                    for f in data["findings"]):
        raise BaselineError(f"{path}: not a rulekb JSON report ({{\"version\": 1, \"findings\": [...]}})")
    keys = []
    for k, f in enumerate(data["findings"]):
        if not isinstance(f, dict) or not isinstance(f.get("rule"), str) or not isinstance(f.get("message"), str) \
                or not isinstance(f.get("subject"), (str, type(None))):
            raise BaselineError(f"{path}: finding {k + 1} is not a rulekb finding (an object with string 'rule' "
                                "and 'message', and 'subject' a string or null)")
        keys.append(_key(f["rule"], f.get("subject"), f["message"]))
    return Counter(keys)


def new_findings(findings: list[Finding], baseline: Counter) -> list[Finding]:
    """Findings not in the baseline (a finding present n times in the baseline absorbs n occurrences)."""
    left = Counter(baseline)
    out = []
    for f in sorted(findings, key=Finding.sort_key):
        k = fingerprint(f)
        if left[k] > 0:
            left[k] -= 1
        else:
            out.append(f)
    return out


def baseline_from_git(ref: str, kb_root: str, paths: list[str], period, game=None) -> Counter:
    """Findings of the same check run on the KB and the given files as they were at ``ref``."""
    from .run import check_paths

    commit = resolve_revision(ref)
    top = _git(["rev-parse", "--show-toplevel"]).strip()
    with tempfile.TemporaryDirectory(prefix="rulekb-base-") as tmp:
        kb_rel = os.path.relpath(os.path.abspath(kb_root), top)
        _extract(commit, kb_rel, tmp)
        old_paths = []
        for p in paths:
            rel = os.path.relpath(os.path.abspath(p), top)
            if rel == ".." or rel.startswith(".." + os.sep) or os.path.isabs(rel):
                continue  # outside the repository: git has no old version of it
            try:
                content = _git(["show", "--end-of-options", f"{commit}:{rel}"], binary=True)
            except BaselineError:
                continue  # a new file: nothing to compare with
            dest = os.path.join(tmp, "_files", rel)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            with open(dest, "wb") as fh:
                fh.write(content)
            old_paths.append(dest)
        old_kb = os.path.join(tmp, kb_rel)
        if not os.path.isdir(old_kb):
            return Counter()
        if not (old_paths or not paths):
            return Counter()
        # Without the KB cache: the base revision lives in a new temporary folder each time, and a cache kept per
        # folder would add files to the cache folder at every run, never to be used again (unbounded growth).
        saved = os.environ.get("RULEKB_NO_CACHE")
        os.environ["RULEKB_NO_CACHE"] = "1"
        try:
            run = check_paths(old_paths, old_kb, period=period, game=game)
        finally:
            if saved is None:
                os.environ.pop("RULEKB_NO_CACHE", None)
            else:
                os.environ["RULEKB_NO_CACHE"] = saved
        return Counter(fingerprint(f) for f in run.findings)


def resolve_revision(ref: str) -> str:
    """The commit id ``ref`` names; anything else (an option-like value, a missing revision) is an error."""
    if not ref or ref.startswith("-") or any(c in ref for c in "\0\n\r") or len(ref) > 256:
        raise BaselineError(f"--diff-from {ref[:80]!r}: not a git revision")
    try:
        commit = _git(["rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}"]).strip()
    except BaselineError:
        commit = ""
    if not (40 <= len(commit) <= 64 and all(c in "0123456789abcdef" for c in commit)):
        raise BaselineError(f"--diff-from {ref[:80]!r}: no such commit in this git repository")
    return commit


def _extract(commit: str, path: str, dest: str) -> None:
    # git archive takes no "--" before its paths; the commit is a verified object name and the path is ours,
    # made unambiguous when it could read as an option.
    data = _git(["archive", "--format=tar", "--end-of-options", commit, path if not path.startswith("-") else "./" + path],
                binary=True)
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(dest, filter="data")


def _git(args: list[str], binary: bool = False):
    try:
        proc = subprocess.run(["git", *args], capture_output=True, check=True)
    except FileNotFoundError:
        raise BaselineError("git is not installed") from None
    except subprocess.CalledProcessError as exc:
        raise BaselineError(f"git {' '.join(args)}: {exc.stderr.decode(errors='replace').strip()}") from None
    return proc.stdout if binary else proc.stdout.decode()
