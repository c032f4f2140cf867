"""``rulekb site --compare GIT_REF``: what changed in each event between a git version of the KB and this one.

The old KB is read from git without touching the work tree: ``git ls-tree`` lists its files and ``git show
--end-of-options REF:PATH`` prints each (read-only; nothing is checked out), into a temporary folder that is then
loaded like any KB. The ref is passed after ``--end-of-options``, so a value such as ``--output=FILE`` is a ref that
does not exist, never an option. Each changed event gets its text diffed word by word and its logic compared:
requirements added or removed, and the solver's verdict for the event and its cases (possible, impossible); and,
side by side in a player's words, when it can fire (the engine's verdicts), what it needs and what it does, before
and after (``side_by_side``), never the reader's internal terms.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from dataclasses import dataclass, field

from markupsafe import Markup

from ..core.model import Event
from ..kb.store import LoadResult, load_kb
from .urls import segment

MAX_DIFF_WORDS = 20000  # per event; longer texts are compared line by line instead (bounded work)


@dataclass
class Comparison:
    ref: str
    changes: list[dict] = field(default_factory=list)


def _git(args: list[str], cwd: str) -> bytes:
    try:
        proc = subprocess.run(["git", *args], cwd=cwd, capture_output=True, timeout=120, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise RuntimeError(f"git could not run: {exc}") from exc
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.decode("utf-8", "replace").strip() or f"git {args[0]} failed")
    return proc.stdout


def load_at_ref(kb_root: str, ref: str, workdir: str) -> LoadResult:
    """The KB as it was at ``ref`` (read with git, written under ``workdir``), loaded."""
    if not ref or ref.startswith("-") or any(ord(ch) < 32 for ch in ref):
        raise RuntimeError(f"{ref!r} is not a git revision")
    kb_abs = os.path.realpath(kb_root)
    top = _git(["rev-parse", "--show-toplevel"], kb_abs).decode("utf-8").strip()
    prefix = os.path.relpath(kb_abs, os.path.realpath(top)).replace(os.sep, "/")
    commit = _git(["rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}"], top).decode().strip()
    if not commit:
        raise RuntimeError(f"{ref!r} is not a commit of this repository")
    listing = _git(["ls-tree", "-r", "-z", "--full-tree", "--name-only", "--end-of-options", commit, "--",
                    prefix], top)
    out_root = os.path.join(workdir, "kb")
    for path in filter(None, listing.decode("utf-8", "replace").split("\0")):
        rel = os.path.relpath(path, prefix)
        if rel.startswith("..") or os.path.isabs(rel) or not (rel.endswith((".yaml", ".yml", ".json"))):
            continue
        blob = _git(["show", "--end-of-options", f"{commit}:{path}"], top)
        dest = os.path.join(out_root, rel)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "wb") as fh:
            fh.write(blob)
    if not os.path.isdir(out_root):
        raise RuntimeError(f"{ref!r} has no knowledge base at {prefix}/")
    return load_kb(out_root)


def word_diff(old: str, new: str) -> Markup:
    """The two texts word by word: removed words in <del>, added ones in <ins>, everything escaped. Bounded work
    (``worddiff.py``: linear plus a fixed budget, "text replaced" beyond it), whatever a pull request puts in them."""
    from .worddiff import word_diff_markup

    return word_diff_markup(old, new)


def _requirements(event: Event, words) -> set[str]:
    return {words(c.logic) for c in event.conditions if c.logic and c.logic.get("role") == "requirement"}


FIRE = {"can": "can be played", "never": "can never be played", "unknown": "undecided within the time limit",
        None: "not analysed"}


def _needs(event: Event | None, words) -> list[str]:
    return sorted(_requirements(event, words)) if event is not None else []


def _does(event: Event | None) -> list[str]:
    """What the event does, in the words of its page (``plain.does_rows``), as plain text."""
    from .plain import does_rows

    if event is None:
        return []
    return [f"{r['marker']}: " + re.sub(r"<[^>]+>", "", str(r["html"])).replace("&#39;", "'").replace("&amp;", "&")
            for r in does_rows(event, lambda c, u: Markup(""), "")]


def _fire(verdicts: list) -> list[str]:
    """The engine's verdicts for an event and its cases, in words: 'This event: can be played', 'CASE II: …'."""
    out = []
    for v in sorted(verdicts, key=lambda v: (v.kind != "event", v.line or 0, v.subject)):
        label = "This event" if v.kind == "event" else v.subject
        out.append(f"{label}: {FIRE.get(v.status, v.status)}")
    return out or [FIRE[None]]


def side_by_side(o: Event | None, n: Event | None, og, ng, requirement_words) -> list[dict]:
    """Per aspect a player cares about — when it can fire (the engine's verdicts), what it needs, what it does —
    the words before and after, and whether they differ."""
    rows = []
    for aspect, before, after in (
            ("When it can fire", _fire(og.verdicts_by_event.get(o.id, []) if o and og else []),
             _fire(ng.verdicts_by_event.get(n.id, []) if n and ng else [])),
            ("What it needs", _needs(o, lambda lg: requirement_words(lg, og.kb)),
             _needs(n, lambda lg: requirement_words(lg, ng.kb))),
            ("What it does", _does(o), _does(n))):
        rows.append({"aspect": aspect, "before": before if o else ["(no such event)"],
                     "after": after if n else ["(removed)"], "changed": before != after or (o is None) != (n is None)})
    return rows


def compare(old, new, event_url, render_entry, requirement_words, ref: str) -> Comparison:
    """``old`` and ``new`` are SiteData (one GameData per game: its view of the KB, its verdicts). A change per
    event added, removed or changed, each event compared with the same game's event of the same id."""
    out = Comparison(ref)
    games = list(new.games) + [g for g in old.games if g not in new.games]
    for game in games:
        og, ng = old.games.get(game), new.games.get(game)
        old_events = og.kb.events if og is not None else {}
        new_events = ng.kb.events if ng is not None else {}

        def order(eid: str) -> tuple:
            gd = ng if ng is not None and eid in new_events else og
            return gd.id_key(eid)

        for eid in sorted(set(old_events) | set(new_events), key=order):
            o, n = old_events.get(eid), new_events.get(eid)
            old_text = render_entry(o) if o else ""
            new_text = render_entry(n) if n else ""
            logic: list[str] = []
            if o and n:
                for r in sorted(_requirements(n, lambda lg: requirement_words(lg, ng.kb)) -
                                _requirements(o, lambda lg: requirement_words(lg, og.kb))):
                    logic.append(f"new requirement: {r}")
                for r in sorted(_requirements(o, lambda lg: requirement_words(lg, og.kb)) -
                                _requirements(n, lambda lg: requirement_words(lg, ng.kb))):
                    logic.append(f"requirement dropped: {r}")
            ov = {v.subject: v.status for v in (og.verdicts_by_event.get(eid, []) if og else [])}
            nv = {v.subject: v.status for v in (ng.verdicts_by_event.get(eid, []) if ng else [])}
            words = {"can": "possible", "never": "impossible", "unknown": "undecided", None: "not analysed"}
            for subject in sorted(set(ov) | set(nv)):
                if ov.get(subject) != nv.get(subject):
                    logic.append(f"{subject}: {words.get(ov.get(subject), ov.get(subject))} before, "
                                 f"{words.get(nv.get(subject), nv.get(subject))} now")
            rows = side_by_side(o, n, og, ng, requirement_words)
            if o and n and rows[2]["changed"]:
                logic.append("what it does changed: see the table")
            if old_text == new_text and not logic:
                continue
            ev = n or o
            status = "added" if not o else "removed" if not n else "changed"
            url = f"changes/{segment(ev.game)}-{segment(ev.period)}-{int(ev.number)}/"
            out.changes.append({"id": eid, "title": ev.title, "game": ev.game, "status": status, "url": url,
                                "event_url": event_url(ev), "diff": word_diff(old_text, new_text), "logic": logic,
                                "aspects": rows,
                                "text_changed": old_text != new_text})
    return out


def build_comparison(kb_root: str, ref: str, new_data, collect, event_url, render_entry, requirement_words
                     ) -> Comparison:
    with tempfile.TemporaryDirectory(prefix="rulekb-compare-") as tmp:
        old_load = load_at_ref(kb_root, ref, tmp)
        old_data = collect(old_load)
    return compare(old_data, new_data, event_url, render_entry, requirement_words, ref)
