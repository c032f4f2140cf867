"""The language server's warm KB (``checker/lsp/warm.py``): a check of a buffer against the KB kept loaded from the
last check gives the findings a check against a freshly loaded KB gives, after edits of the buffer and after a KB
file is changed, added or removed on disk; and no check leaves the kept KB changed."""

from __future__ import annotations

import os
import shutil

import pytest

from checker.kb import codec as ser
from checker.kb.store import load_kb
from checker.lsp import warm
from checker.lsp.diagnose import check_document
from checker.lsp.resolve import Options

from .conftest import REPO, strip_case_logic

pytestmark = pytest.mark.slow  # not in the fast tier (issue 34): warm checks of the bundled KB against cold

CORPUS = REPO / "tests" / "corpus"
BUFFER = """PERIOD VII
20: THE PARTITION CONGRESS (historical date: 1795)
(duration: permanent)
1. Cannot occur before event 6:VII (French Revolution) has occurred. Otherwise re-roll and do not mark off.
2. Cannot occur before event 30:VII has occurred.
EVENTS PHASE:
1. RUS, PRU and AUS meet to settle the fate of 7:VII and Poland.
"""


@pytest.fixture
def scratch(tmp_path, monkeypatch):
    """A copy of the bundled KB. Its files were written a moment ago; the warm KB is told to trust their stamps
    at once (else it loads a KB changed within the last two seconds again at every check, and the warm path would
    not be what is tested)."""
    kb = tmp_path / "kb"
    shutil.copytree(REPO / "kb", kb)
    monkeypatch.setenv("RULEKB_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(warm, "RACY_SECONDS", 0)
    warm._WARM.clear()
    yield kb
    warm._WARM.clear()


def found(checked) -> list[tuple]:
    assert checked.error is None, checked.error
    return sorted((f.rule, f.severity, f.file, f.line, f.message,
                   repr([(x.id, x.file, x.line, x.text) for x in f.explanation or []])) for f in checked.findings)


def cold(path, text: str, options: Options, monkeypatch) -> list[tuple]:
    """The findings of a check against the KB read again from its files (no warm KB, no KB cache)."""
    kept = dict(warm._WARM)
    warm._WARM.clear()
    with monkeypatch.context() as m:
        m.setenv("RULEKB_NO_CACHE", "1")
        out = found(check_document(str(path), text, options))
    warm._WARM.clear()
    warm._WARM.update(kept)
    return out


def as_loaded(kb) -> dict:
    return {key: ser.to_data(e) for key, e in kb.events.items()}


def test_warm_checks_equal_cold_checks_after_buffer_edits(scratch, monkeypatch):
    # The repeated event 7:VII loses its cases' logic: a text repeating it derives that logic (on a copy of 7:VII,
    # logic/derive.py), which must never reach the kept KB.
    strip_case_logic(scratch, "events/eu/vii/07.yaml")
    options = Options(kb=str(scratch), period="VII")
    inherited = (CORPUS / "logic_inherited_case.txt").read_text(encoding="utf-8")
    edits = [("logic_inherited_case.txt", inherited),
             ("buffer.txt", BUFFER),
             ("logic_inherited_case.txt", inherited.replace("a. PRU annexes", "a. RUS annexes")),
             ("buffer.txt", BUFFER.replace("fate of 7:VII", "fate of 7:VII and 8:VII")),
             ("ref_period_typo.txt", (CORPUS / "ref_period_typo.txt").read_text(encoding="utf-8")),
             ("buffer.txt", BUFFER + "2. Recieving players may place one army in Denmark.\n")]
    first = warm.warm_kb(str(scratch))
    warm_found = [found(check_document(str(scratch.parent / name), text, options)) for name, text in edits]
    assert warm.warm_kb(str(scratch)) is first  # every check above ran against the one kept KB
    assert as_loaded(first.load.kb) == as_loaded(load_kb(str(scratch)).kb)  # and left it as loaded
    for (name, text), mine in zip(edits, warm_found):
        assert mine == cold(scratch.parent / name, text, options, monkeypatch), name
    assert any(f[0] == "STY002" for f in warm_found[-1])  # the findings compared are not all empty
    assert warm_found[0] != warm_found[2] or warm_found[1] != warm_found[3]


def test_warm_checks_follow_kb_files_changed_on_disk(scratch, monkeypatch):
    options = Options(kb=str(scratch), period="VII")
    path = scratch.parent / "buffer.txt"
    before = found(check_document(str(path), BUFFER, options))
    assert ("REF001", 5) in {(f[0], f[3]) for f in before}  # 30:VII is not in the KB
    kept = warm.warm_kb(str(scratch))
    assert found(check_document(str(path), BUFFER, options)) == before and warm.warm_kb(str(scratch)) is kept

    # Changed in place with the same size and modification time: the stamp still differs (its change time).
    six = scratch / "events" / "eu" / "vii" / "06.yaml"
    st = os.stat(six)
    six.write_text(six.read_text(encoding="utf-8").replace("title: FRENCH REVOLUTION",
                                                           "title: FRENCH REVOLUTIOX"), encoding="utf-8")
    os.utime(six, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert os.stat(six).st_size == st.st_size
    changed = found(check_document(str(path), BUFFER, options))
    assert warm.warm_kb(str(scratch)) is not kept
    assert changed != before
    assert changed == cold(path, BUFFER, options, monkeypatch)

    # Added: the event the buffer names exists now.
    thirty = scratch / "events" / "eu" / "vii" / "30.yaml"
    thirty.write_text(six.read_text(encoding="utf-8").replace("id: 6:VII", "id: 30:VII")
                      .replace("number: 6\n", "number: 30\n").replace("title: FRENCH REVOLUTIOX", "title: THIRTY"),
                      encoding="utf-8")
    added = found(check_document(str(path), BUFFER, options))
    assert ("REF001", 5) not in {(f[0], f[3]) for f in added}
    assert added == cold(path, BUFFER, options, monkeypatch)

    # Removed again: as before the addition.
    thirty.unlink()
    removed = found(check_document(str(path), BUFFER, options))
    assert removed == changed == cold(path, BUFFER, options, monkeypatch)
