"""The one event-id syntax (checker/core/eventid.py, issue 29): every reader of ids agrees, free period labels
(21:Early) are read wherever Roman ones are, and no module outside checker/core writes an id pattern of its own."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from types import SimpleNamespace

from checker.core.eventid import EventIdSyntax, canonical_event_id, typed_event_id
from checker.core.ids import find_references
from checker.engine.ingest import ingest_file
from checker.engine.run import check_paths
from checker.logic.facts import duration_events
from checker.logic.reader.grammar import Vocabulary
from checker.textformat.event_list import extends_id

ROOT = Path(__file__).resolve().parent.parent
CHECKER = ROOT / "checker"

# Pieces of an event-id pattern: a 1-4 digit number (an id's), a Roman period as a character class or an
# alternation, a digit and a word joined by a colon.
ID_PIECES = re.compile(r"\\d\{\{?1,4\}|\[\\dIVX\]|\[IVX\]\{|:\[IVX\]|\\[dw]:\\[dw]|IX\|IV")
# Where an id pattern may still stand, and why:
ALLOWED = {
    # owned by another session's rewrite of the reader's phrase tables (not to be edited here); its ``_ref_patterns``
    # reads ids with optional spaces around the colon, a form of its own
    "checker/logic/reader/phrases.py",
}
ALLOWED_FOLDERS = ("checker/core/", "checker/site/")  # the syntax itself; the site, being rewritten elsewhere


def test_no_event_id_pattern_outside_core():
    found = []
    for path in sorted(CHECKER.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel in ALLOWED or rel.startswith(ALLOWED_FOLDERS):
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if ID_PIECES.search(line):
                found.append(f"{rel}:{n}: {line.strip()}")
    assert found == [], "an event-id pattern outside checker/core (use checker.core.eventid):\n" + "\n".join(found)


def test_the_piece_finder_finds_the_old_patterns():
    for old in (r"(?P<num>\d{1,4}):(?P<per>X|IX|IV)", r"[\dIVX]+:[\dIVX]+", r"\d{{1,4}}", r"[IVX]{1,4}",
                r"(?:\d{1,4}:\w+|\w+:\d{1,4})", r"\d:\w|\w:\d", r"\((?P<id>\d{1,4}:[IVX]+)\)"):
        assert ID_PIECES.search(old), old
    for fine in (r"^CASE (?P<num>[IVX]+)\s*[:.]", r"\d{1,2}\.\d{1,2}", r"(\d{3,4})"):
        assert not ID_PIECES.search(fine), fine


def test_syntax_reads_both_forms_with_free_labels():
    ids = EventIdSyntax.of(("Early", "Mid", "Mid-War"))
    assert ids.find("after 21:Early, Mid:3, IV:7 and 5:Mid-War; not x1:II, 2:Late, 4/3:Early") == \
        ["21:Early", "3:Mid", "7:IV", "5:Mid-War"]
    assert ids.canonical(" Early:21 ") == "21:Early"
    assert ids.canonical("21:early") is None  # as written: labels keep their case
    assert ids.typed("21 : early") == "21:Early"  # as a user types it: any case, spaces
    assert ids.typed("vii:8") == "8:VII"
    assert ids.typed("8:XI") is None
    assert EventIdSyntax.of(()) is EventIdSyntax.of([])
    assert EventIdSyntax.of(()).labels == ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


def test_lenient_and_typed_readings_are_kept():
    assert canonical_event_id("IV:7") == "7:IV"
    assert canonical_event_id("21:Early") == "21:Early"  # number first: any label-shaped period
    assert canonical_event_id("Early:21") is None and canonical_event_id("Early:21", ("Early",)) == "21:Early"
    assert typed_event_id(" 8 : vii ") == "8:VII"


def test_the_readers_agree_on_free_labels():
    """find_references, the reader's vocabulary and grammar terminal, the logic's 'until' reading and the EU text
    format's 'repeats … (N:P)' all read one syntax."""
    labels = ("Early", "Mid")
    text = "until event 21:Early (NATO) occurs"
    assert [r.target for r in find_references(text, labels=labels)] == ["21:Early"]
    assert Vocabulary(periods=labels).canonical_id("Early:21") == "21:Early"
    assert re.fullmatch(Vocabulary(periods=labels).ids.terminal, "Mid:3")
    event = SimpleNamespace(duration=text, duration_kind="until")
    assert duration_events(event, {"21:Early"}, labels) == (["21:Early"], True)
    assert extends_id("This card repeats exactly the Atlantic card (2:Early), except for the following:",
                      labels) == "2:Early"
    assert extends_id("repeats exactly the event (1:vii), except", ()) == "1:vii"  # any case, as before


def test_roman_ids_are_I_to_X_everywhere():
    """'3:XI' is no id for find_references; the logic's until-reading read it as one ([IVX]{1,4}): no longer."""
    event = SimpleNamespace(duration="until event 3:XI occurs", duration_kind="until")
    assert find_references(event.duration) == []
    assert duration_events(event, {"3:XI"}) == ([], False)


PROMISE_EARLY = """\
GAME coldwar
PERIOD Early

1: FIRST (historical date: 1950)
(duration: permanent)
ACTION PHASE:
1. USA adds one influence point in Italy{note}.

2: SECOND (historical date: 1951)
(duration: permanent)
ACTION PHASE:
1. USSR adds one influence point in Poland{note}.

3: THIRD (historical date: 1952)
(duration: permanent)
ACTION PHASE:
1. Cards 1:Early and 2:Early are modified as noted in their event description.
"""


def _coldwar_kb(tmp_path: Path, text: str) -> Path:
    root = tmp_path / "kb"
    shutil.copytree(ROOT / "kb" / "schema", root / "schema")
    shutil.copytree(ROOT / "examples" / "coldwar" / "kb" / "games", root / "games")
    src = tmp_path / "early.txt"
    src.write_text(text, encoding="utf-8")
    ingest_file(str(src), str(root))
    return root


def test_ref005_reads_free_period_labels(tmp_path):
    """REF005 read its list of events with Roman ids only ([\\dIVX]+:[\\dIVX]+): 'Events 1:Early and 2:Early are
    modified as noted …' promised nothing and a missing note passed unreported."""
    text = PROMISE_EARLY.replace("Cards 1:Early", "Events 1:Early")
    root = _coldwar_kb(tmp_path / "missing", text.format(note=""))
    found = [(f.rule, f.subject) for f in check_paths([], str(root)).findings if f.rule == "REF005"]
    assert found == [("REF005", "3:Early"), ("REF005", "3:Early")]
    root = _coldwar_kb(tmp_path / "noted", text.format(note=" (as 3:Early says)"))
    assert [f for f in check_paths([], str(root)).findings if f.rule == "REF005"] == []
