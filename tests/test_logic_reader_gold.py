"""The logic reader against the hand-checked answer file tests/logic_gold.yaml.

Prints exact / partial / wrong / unread / over-reported counts (run with ``-s`` to see them):

    .venv/bin/python -m pytest tests/test_logic_reader_gold.py -q -s

exact: the reader's logic equals the gold (lists compared as sets, first_of alternatives in order; an unread
gold entry is matched by any unread reading). partial: same role, and everything the reader states is in the gold,
but something is missing. wrong: the reader states something the gold does not, or reads nothing where the gold
has a rule (a silent loss). unread: the reader reports the clause unread where the gold has logic.
over-reported: the reader reports unread a clause the gold says holds nothing the logic models (a LOG007 false
alarm, never a wrong reading).
"""

from __future__ import annotations

import json
import os

import pytest
import yaml

from checker.engine.ingest import profile_phase_aliases
from checker.logic.derive import derive_event_logic
from checker.textformat import parse_document, read_text

HERE = os.path.dirname(__file__)
ROOT = os.path.dirname(HERE)
SEEDS = os.path.join(HERE, "fixtures", "seeds")
SEED_FILES = (("000_81b98fbe5e52caea.txt", "VII"), ("001_7c112c9c7645b661.txt", None))


EXACT_FLOOR = 111


def _norm(x):
    """A canonical form: derived_from dropped, lists of conditions/effects sorted, first_of order kept."""
    if isinstance(x, dict):
        out = {k: _norm(v) for k, v in x.items() if k != "derived_from"}
        if x.get("kind") == "first_of":
            out["of"] = [_norm_list(alt) for alt in x["of"]]
        return out
    if isinstance(x, list):
        return _norm_list(x)
    return x


def _norm_list(xs):
    return sorted((_norm(x) for x in xs), key=lambda v: json.dumps(v, sort_keys=True))


def _atoms(x, path="") -> set[str]:
    """Every leaf condition or effect, with where it stands, for the partial/wrong test."""
    out: set[str] = set()
    if isinstance(x, dict):
        leaf = {k: v for k, v in x.items() if not isinstance(v, (list, dict))}
        out.add(path + json.dumps(leaf, sort_keys=True))
        for k, v in x.items():
            if isinstance(v, (list, dict)):
                out |= _atoms(v, f"{path}/{k}")
    elif isinstance(x, list):
        for v in x:
            out |= _atoms(v, path)
    return out


def _seed_events():
    aliases = profile_phase_aliases(os.path.join(ROOT, "kb"))
    events = {}
    for name, period in SEED_FILES:
        doc = parse_document(read_text(os.path.join(SEEDS, name), name), name, period, phase_aliases=aliases, game="eu")
        known = {e.id: e for e in doc.events}
        for event in doc.events:
            derive_event_logic(event, known)
            events[event.id] = event
    return events


def classify(gold, got) -> str:
    if gold is None:
        return "exact" if got is None else ("over-reported" if got.get("role") == "unread" else "wrong")
    if gold.get("role") == "unread":
        return "exact" if got and got.get("role") == "unread" else "wrong"
    if got is None:
        return "wrong"
    if got.get("role") == "unread":
        return "unread"
    g, r = _norm(gold), _norm(got)
    if g == r:
        return "exact"
    if g.get("role") == r.get("role") and _atoms(r) <= _atoms(g):
        return "partial"
    return "wrong"


def compare():
    if not os.path.isdir(SEEDS):
        pytest.skip("the seeds are not here")
    with open(os.path.join(HERE, "logic_gold.yaml"), encoding="utf-8") as fh:
        gold = yaml.safe_load(fh)["gold"]
    events = _seed_events()
    rows = []
    for entry in gold:
        event = events[entry["event"]]
        if entry.get("heading"):
            found = [s for s in event.all_sections() if s.line == entry["line"]]
            text = found[0].heading if found else ""
        else:
            found = [c for c in event.all_clauses() if c.line == entry["line"]]
            text = found[0].text if found else ""
        assert found and text.startswith(entry["text"].rstrip(":").rstrip()) or entry["text"] in text, entry
        got = found[0].logic
        rows.append((entry, got, classify(entry.get("logic"), got)))
    return rows


def test_gold_counts():
    rows = compare()
    counts = {k: 0 for k in ("exact", "partial", "wrong", "unread", "over-reported")}
    for _, _, verdict in rows:
        counts[verdict] += 1
    total = len(rows)
    print(f"\nlogic gold: {total} clauses: " + ", ".join(f"{k} {v}" for k, v in counts.items())
          + f" ({100 * counts['exact'] / total:.1f}% exact)")
    for entry, got, verdict in rows:
        if verdict != "exact":
            print(f"  {verdict:13} {entry['event']}:{entry['line']} {entry['text'][:50]!r}\n"
                  f"      gold {json.dumps(entry.get('logic'))[:300]}\n      got  {json.dumps(got)[:300]}")
    assert counts["wrong"] == 0
    # The goal is 95% exact (issue 12); the reader reaches 102 of 113 today. The floor keeps it from slipping.
    assert counts["exact"] >= EXACT_FLOOR


@pytest.mark.slow
def test_every_rule_shaped_clause_of_the_seeds_is_in_the_gold():
    """The gold holds every clause the reader finds rule-shaped (a new cue must come with its gold entries)."""
    rows = compare()
    listed = {(e["event"], e["line"]) for e, _, _ in rows}
    events = _seed_events()
    missing = []
    for event in events.values():
        for clause in event.all_clauses():
            if clause.logic is not None and (event.id, clause.line) not in listed:
                missing.append((event.id, clause.line, clause.text[:60]))
        for section in event.all_sections():
            if section.logic is not None and (event.id, section.line) not in listed:
                missing.append((event.id, section.line, section.heading[:60]))
    assert not missing
