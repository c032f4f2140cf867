"""The engine's Run (checker/engine/run.py): contributed texts are placed in an overlay over the KB as loaded, which
no check changes; the logic derived for a text that repeats a KB event is derived on a copy of that event."""

from __future__ import annotations

import shutil

from checker.engine.run import Run
from checker.kb import codec as ser
from checker.kb.store import load_kb
from checker.textformat.render import render_entry

from .conftest import KB, REPO, strip_case_logic

INHERITED = (REPO / "tests" / "corpus" / "logic_inherited_case.txt").read_text(encoding="utf-8")


def _as_loaded(kb) -> tuple:
    return ({key: ser.to_data(e) for key, e in kb.events.items()}, dict(kb.files),
            {k: ser.to_data(r) for k, r in kb.rules.items()})


def test_a_check_with_a_replacing_text_leaves_the_base_kb_as_loaded(tmp_path, monkeypatch):
    monkeypatch.setenv("RULEKB_NO_CACHE", "1")
    root = tmp_path / "kb"
    shutil.copytree(KB, root)
    strip_case_logic(root, "events/eu/vii/07.yaml")
    load = load_kb(str(root))
    base = load.kb
    events, files = base.events, base.files
    identities = {key: id(e) for key, e in events.items()}
    eight = render_entry(base.view("eu").events["8:VII"])
    text = tmp_path / "contributed.txt"
    text.write_text("PERIOD VII\n\n" + eight.replace("Poland", "Polland", 1) + "\n" + INHERITED, encoding="utf-8")

    run = Run(load, [str(text)], period="VII")
    result = run.check()

    assert run.overlay.replaced["eu/8:VII"] is events["eu/8:VII"]  # the text replaces 8:VII ...
    assert result.kb.events["eu/8:VII"] is not events["eu/8:VII"] and "eu/20:VII" in result.kb.events
    assert any(f.file == str(text.relative_to(tmp_path)) or f.file.endswith("contributed.txt")
               for f in result.findings)  # ... and is checked
    # the base KB object is untouched: the same mappings holding the same entries, equal to a fresh load
    assert load.kb is base and base.events is events and base.files is files
    assert {key: id(e) for key, e in base.events.items()} == identities and "eu/20:VII" not in base.events
    assert _as_loaded(base) == _as_loaded(load_kb(str(root)).kb)
    # the overlay's KB shares every entry it does not replace
    assert all(result.kb.events[k] is e for k, e in events.items() if k != "eu/8:VII")


def test_deriving_a_repeating_event_leaves_the_repeated_event_unchanged(tmp_path, monkeypatch):
    """derive._inherit reads the cases of the repeated event 7:VII (whose cases carry no logic) on a copy: the KB's
    7:VII is not changed, and the repeating event's changed clause is still scoped by 7:VII's cases."""
    from checker.logic.derive import derive_text_logic
    from checker.textformat import parse_document

    monkeypatch.setenv("RULEKB_NO_CACHE", "1")
    root = tmp_path / "kb"
    shutil.copytree(KB, root)
    strip_case_logic(root, "events/eu/vii/07.yaml")
    kb = load_kb(str(root)).kb
    seven = kb.events["eu/7:VII"]
    before = ser.to_data(seven)
    assert not any(s.logic for s in seven.all_sections() if s.kind == "case")
    doc = parse_document(INHERITED, "third.txt", "VII", game="eu")
    derive_text_logic(doc.events, kb)
    assert ser.to_data(seven) == before
    assert not any(s.logic for s in seven.all_sections() if s.kind == "case")
    (changed,) = [c for c in doc.events[0].all_clauses() if c.text == "PRU annexes Polish MAZOVIA."]
    scope = changed.logic["when"][0]
    assert scope["inherited_from"] == "7:VII" and len(scope["of"]) == 3, scope
