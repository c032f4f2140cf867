"""KB files: schema validation with file and line, safe YAML only, atomic writes."""

from __future__ import annotations

import os
import time

import pytest

from checker.kb.store import load_kb
from checker.kb.yamlio import MAX_YAML_BYTES, YamlError, atomic_write, loads

EVENT = """\
2: TEST EVENT (historical date: 1790)
(duration: permanent)
1. Cannot occur before event 1:VII has occurred. Otherwise re-roll and do not mark off.
EVENTS PHASE:
1. Something happens.
"""


def test_bundled_kb_validates():
    result = load_kb("kb")
    assert result.findings == []
    assert len(result.kb.events) == 34


def test_schema_error_has_file_line_and_expectation(mini_kb):
    root = mini_kb({"e.txt": EVENT}, period="VII")
    path = root / "events" / "eu" / "vii" / "02.yaml"
    text = path.read_text(encoding="utf-8").replace("number: 2", "number: two")
    path.write_text(text, encoding="utf-8")
    findings = load_kb(str(root)).findings
    assert len(findings) == 1
    f = findings[0]
    assert f.rule == "SCH001" and f.file.endswith("02.yaml")
    assert f.line == text.splitlines().index("number: two") + 1
    assert "number" in f.message and "integer" in f.message


def test_alias_bomb_is_refused_quickly():
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
        for i in range(20))
    start = time.perf_counter()
    with pytest.raises(YamlError) as exc:
        loads(bomb, "bomb.yaml")
    assert time.perf_counter() - start < 1.0
    assert exc.value.line == 1 and "aliases" in exc.value.message


def test_unsafe_tag_is_refused():
    with pytest.raises(YamlError) as exc:
        loads("x: !!python/object/apply:os.system ['echo hi']\n", "evil.yaml")
    assert exc.value.line == 1


def test_size_limit():
    with pytest.raises(YamlError):
        loads("x: " + "a" * (MAX_YAML_BYTES + 1), "big.yaml")


def test_syntax_error_position():
    with pytest.raises(YamlError) as exc:
        loads("a: 1\nb: [1, 2\nc: 3\n", "broken.yaml")
    assert exc.value.line == 3


def test_atomic_write_unchanged_and_replaced(tmp_path):
    path = tmp_path / "x.yaml"
    assert atomic_write(str(path), "a: 1\n") is True
    assert atomic_write(str(path), "a: 1\n") is False
    assert atomic_write(str(path), "a: 2\n") is True
    assert path.read_text() == "a: 2\n"
    assert [p for p in os.listdir(tmp_path) if p.startswith(".tmp-")] == []
