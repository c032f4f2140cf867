"""The persistent KB cache (checker/kb/cache.py) and the authenticated cache folder (checker/kb/cachedir.py).

Findings are byte-identical with and without the cache, cold and warm; every change to the KB (edit, delete,
add, rename a file), to the code version, or to the cache file itself (damaged, forged) is noticed and the
cache rebuilt, never trusted; a cache file written by someone else is never executed or believed.
"""

from __future__ import annotations

import marshal
import os
import pickle
import shutil
import stat
import time
from pathlib import Path

import pytest

import checker.kb.cache as kc
import checker.kb.cachedir as cache_mod
from checker.engine.run import check_paths
from checker.kb.store import load_kb
from checker.report import FORMATS

from .conftest import KB, TWO_EVENTS

pytestmark = pytest.mark.slow  # not in the fast tier (issue 34): whole-KB cold/warm checks, cache rebuilds

OLD = time.time() - 3600  # file times well before the cache is written (fresh files are not cached: racy)


def age(root: Path, when: float = OLD) -> None:
    for dirpath, _, files in os.walk(root):
        for name in files:
            os.utime(os.path.join(dirpath, name), (when, when))


def copy_kb(tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    shutil.copytree(KB, root)
    age(root)
    return root


def report(root, monkeypatch=None, no_cache=False, **kw) -> str:
    if no_cache:
        os.environ["RULEKB_NO_CACHE"] = "1"
    try:
        run = check_paths([], str(root), **kw)
    finally:
        os.environ.pop("RULEKB_NO_CACHE", None)
    return FORMATS["json"](run.findings) + FORMATS["text"](run.findings)


def kb_file(cache_dir: Path) -> Path:
    found = sorted(p for p in cache_dir.glob("kb-*.marshal") if "-agg-" not in p.name)  # not the aggregates
    assert len(found) == 1, found
    return found[0]


def test_findings_identical_without_cache_cold_and_warm_bundled(tmp_path, cache_env):
    root = copy_kb(tmp_path)
    plain = report(root, no_cache=True)
    assert not cache_env.exists() or not list(cache_env.glob("kb-*"))  # RULEKB_NO_CACHE: nothing written
    cold = report(root)
    assert kb_file(cache_env).exists()
    every = set(__import__("checker.checks", fromlist=["registry"]).registry())
    warm_kb = report(root, selected=every)  # KB from the cache, every check run again
    warm = report(root)  # KB and whole-KB findings from the cache
    assert plain == cold == warm_kb == warm
    assert '"rule"' in plain  # the bundled KB has findings: the comparison is not of two empty reports


@pytest.mark.slow
def test_findings_identical_without_cache_cold_and_warm_synthetic_1000(tmp_path, cache_env):
    """Issue 18: byte-identical findings without the cache, with a cold one, a warm one (the KB's findings from the
    cache) and the KB from the cache with every check run again (events' clause trees decoded on use), on a
    synthetic 1,000-event KB; and one new text checked without the cache, cold and warm."""
    from bench.generate import generate

    root = tmp_path / "kb1000"
    generate(1000, str(root), seed=7, quiet=True)
    age(root)
    plain = report(root, no_cache=True)
    cold = report(root)
    warm = report(root)
    every = set(__import__("checker.checks", fromlist=["registry"]).registry())
    assert plain == cold == warm == report(root, selected=every)
    assert plain.count('"rule"') > 1000  # thousands of findings: not a comparison of two empty reports
    new = Path(__file__).resolve().parent.parent / "bench" / "new_event_i.txt"
    texts = []
    shutil.rmtree(cache_env)  # the text against a cold cache, then a warm one (the KB's aggregates cached)
    for mode in ("plain", "cold", "warm"):
        if mode == "plain":
            os.environ["RULEKB_NO_CACHE"] = "1"
        try:
            run = check_paths([str(new)], str(root), period="I")
        finally:
            os.environ.pop("RULEKB_NO_CACHE", None)
        texts.append(FORMATS["json"](run.findings))
    assert texts[0] == texts[1] == texts[2]
    assert '"rule"' in texts[0]


def loaded(root):
    r = load_kb(str(root))
    return r, {eid: (e.title, e.number) for eid, e in r.kb.view("eu").events.items()}


def test_edit_delete_add_rename_are_seen(tmp_path, cache_env):
    root = copy_kb(tmp_path)
    first, events = loaded(root)
    assert "8:VII" in events and first.state
    again, _ = loaded(root)
    assert again.state == first.state and again.texts == {}  # warm: nothing read from the YAML files

    # edit, same size: only the modification time tells
    f = root / "events" / "eu" / "vii" / "08.yaml"
    text = f.read_text(encoding="utf-8")
    title = events["8:VII"][0]
    edited = text.replace(f"title: {title}", "title: " + "X" * len(title), 1)
    assert edited != text and len(edited) == len(text)
    f.write_text(edited, encoding="utf-8")
    os.utime(f, (OLD + 10, OLD + 10))
    r, ev = loaded(root)
    assert ev["8:VII"][0] == "X" * len(title)
    assert list(r.texts) == ["kb/events/eu/vii/08.yaml"]  # rebuilt for the changed file only
    assert r.state != first.state

    # delete
    f.unlink()
    r, ev = loaded(root)
    assert "8:VII" not in ev

    # add
    shutil.copy(root / "events" / "eu" / "vii" / "09.yaml", root / "events" / "eu" / "vii" / "08.yaml")
    os.utime(root / "events" / "eu" / "vii" / "08.yaml", (OLD, OLD))
    r, ev = loaded(root)
    assert "9:VII" in ev and len(ev) == len(events) - 1  # the copy has 9:VII's id: one event, from either file

    # rename: the entry now comes from its new file
    (root / "events" / "eu" / "vii" / "08.yaml").unlink()
    os.rename(root / "events" / "eu" / "vii" / "09.yaml", root / "events" / "eu" / "vii" / "19.yaml")
    r, ev = loaded(root)
    assert r.kb.files["eu/9:VII"] == "kb/events/eu/vii/19.yaml"
    assert r.line_index("kb/events/eu/vii/19.yaml")


def test_schema_findings_are_cached_and_a_fixed_file_is_reread(tmp_path, cache_env):
    root = copy_kb(tmp_path)
    f = root / "events" / "eu" / "vii" / "08.yaml"
    f.write_text(f.read_text(encoding="utf-8").replace("number: 8\n", "number: eight\n"), encoding="utf-8")
    age(root)
    cold = load_kb(str(root))
    warm = load_kb(str(root))
    assert warm.texts == {}
    assert [x.to_dict() for x in cold.findings] == [x.to_dict() for x in warm.findings] != []
    assert warm.unreadable == {"eu/8:VII": "kb/events/eu/vii/08.yaml"}
    f.write_text(f.read_text(encoding="utf-8").replace("number: eight\n", "number: 8\n"), encoding="utf-8")
    os.utime(f, (OLD + 20, OLD + 20))
    fixed = load_kb(str(root))
    assert fixed.findings == [] and "8:VII" in fixed.kb.view("eu").events


def test_code_version_change_discards_the_cache(tmp_path, cache_env, monkeypatch):
    root = copy_kb(tmp_path)
    load_kb(str(root))
    assert load_kb(str(root)).texts == {}
    monkeypatch.setattr(kc, "_CODE_VERSION", "another version of rulekb")
    r = load_kb(str(root))
    assert len(r.texts) > 30  # every file read again
    assert load_kb(str(root)).texts == {}


def test_schema_change_discards_the_cache(tmp_path, cache_env):
    root = copy_kb(tmp_path)
    load_kb(str(root))
    schema = root / "schema" / "event.schema.json"
    schema.write_text(schema.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    age(root / "schema")
    assert len(load_kb(str(root)).texts) > 30


@pytest.mark.parametrize("damage", ["truncate", "flip", "empty", "garbage"])
def test_damaged_cache_is_rebuilt(tmp_path, cache_env, damage):
    root = copy_kb(tmp_path)
    expected = report(root, no_cache=True)
    report(root)
    for path in [kb_file(cache_env), *cache_env.glob("findings-*")]:
        blob = path.read_bytes()
        if damage == "truncate":
            blob = blob[: len(blob) // 2]
        elif damage == "flip":
            blob = blob[:-100] + bytes([blob[-100] ^ 1]) + blob[-99:]
        elif damage == "empty":
            blob = b""
        else:
            blob = os.urandom(4000)
        path.write_bytes(blob)
    assert report(root) == expected
    assert len(load_kb(str(root)).texts) == 0  # the damaged file was replaced by a good one


class Boom:
    def __reduce__(self):
        return (os.system, ("touch PWNED",))


def test_a_crafted_cache_file_is_neither_executed_nor_believed(tmp_path, cache_env, monkeypatch):
    monkeypatch.chdir(tmp_path)
    root = copy_kb(tmp_path)
    expected = report(root, no_cache=True)
    report(root)
    target = kb_file(cache_env)
    good = target.read_bytes()
    header = good[: len(cache_mod._MAGIC) + 32]
    # 1. a pickle that runs a command when unpickled, 2. marshalled code, 3. a believable but forged KB: the
    # attacker knows the format and the stamps but not the key, so the tag cannot match.
    code = compile("open('PWNED', 'w').write('x')", "<attack>", "exec")
    r = load_kb(str(root))
    forged_kb = marshal.loads(good[len(header):])
    for rel, rec in forged_kb[1].items():
        if rec[2][0] == "ok" and rel.startswith("events"):
            forged_kb[1][rel] = (rec[0], rec[1], ("ok", rec[2][1][:4] + ("FORGED",) + rec[2][1][5:], rec[2][2]))
    for payload in (pickle.dumps(Boom()), marshal.dumps(code), marshal.dumps(forged_kb)):
        for blob in (payload, header + payload, cache_mod._MAGIC + b"\0" * 32 + payload):
            target.write_bytes(blob)
            for findings in cache_env.glob("findings-*"):
                findings.write_bytes(header + marshal.dumps((r.state, [], [])))  # "no findings": forged
            assert report(root) == expected
            r2 = load_kb(str(root))
            assert all(e.title != "FORGED" for e in r2.kb.events.values())
            assert not (tmp_path / "PWNED").exists()


def test_cache_entries_are_bound_to_their_name(tmp_path, cache_env):
    cache_mod.write_cached("a.marshal", marshal.dumps([1, 2]))
    assert marshal.loads(cache_mod.read_cached("a.marshal")) == [1, 2]
    shutil.copy(cache_env / "a.marshal", cache_env / "b.marshal")
    assert cache_mod.read_cached("b.marshal") is None  # a valid entry under another name is not believed


def test_key_is_kept_outside_the_cache_folder_and_private(tmp_path, cache_env, monkeypatch):
    cache_mod.write_cached("a.marshal", b"data")
    key = tmp_path / "state" / "cache.key"
    assert key.exists() and stat.S_IMODE(key.stat().st_mode) == 0o600
    assert not any(p.name == "cache.key" for p in cache_env.iterdir())
    # A key that others may write is not used: entries written with it are not believed by a process that
    # finds the key file group-writable (it uses a key of its own).
    os.chmod(key, 0o660)
    monkeypatch.setattr(cache_mod, "_KEY", None)
    assert cache_mod.read_cached("a.marshal") is None
    # A key file inside the cache folder is never used.
    monkeypatch.setenv("RULEKB_STATE_DIR", str(cache_env))
    monkeypatch.setattr(cache_mod, "_KEY", None)
    cache_mod.write_cached("c.marshal", b"data")
    assert not (cache_env / "cache.key").exists()


def test_fresh_files_are_not_cached(tmp_path, cache_env):
    root = copy_kb(tmp_path)
    f = root / "events" / "eu" / "vii" / "08.yaml"
    f.write_text(f.read_text(encoding="utf-8"), encoding="utf-8")  # modified just now
    first = load_kb(str(root))
    assert first.state is None  # not every file is recorded: no whole-KB results are cached
    second = load_kb(str(root))
    assert list(second.texts) == ["kb/events/eu/vii/08.yaml"]


def test_unwritable_cache_folder_is_no_error(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("RULEKB_CACHE_DIR", str(blocker / "cache"))
    monkeypatch.setenv("RULEKB_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.setattr(cache_mod, "_KEY", None)
    root = copy_kb(tmp_path)
    assert report(root) == report(root, no_cache=True)


def test_two_events_kb_cold_and_warm(mini_kb, cache_env):
    root = mini_kb({"two.txt": TWO_EVENTS.format(ref="1:VII")}, period="VII")
    age(root)
    assert report(root) == report(root) == report(root, no_cache=True)


def test_crafted_entries_for_other_cache_users_are_not_executed(tmp_path, cache_env, monkeypatch):
    """Every entry of the cache folder (schema validators, the word list, the KB) goes through read_cached: code
    planted under any of their names by someone without the key is never run."""
    import subprocess
    import sys

    root = copy_kb(tmp_path)
    env = dict(os.environ)
    subprocess.run([sys.executable, "-c", ("import sys; from checker.engine.run import check_paths; "
                                           "check_paths([], sys.argv[1])"), str(root)],
                   env=env, cwd=tmp_path, check=True, timeout=600)
    planted = sorted(cache_env.glob("*.marshal"))
    assert any(p.name.startswith("kb-") for p in planted) and len(planted) >= 3
    code = compile("open('PWNED', 'w').write('x')", "<attack>", "exec")
    for header in (b"", cache_mod._MAGIC + b"\0" * 32):  # bare marshalled code, and code behind a forged tag
        for path in planted:
            path.write_bytes(header + marshal.dumps(code))
        proc = subprocess.run([sys.executable, "-c", ("import sys; from checker.engine.run import check_paths; "
                                                      "print(len(check_paths([], sys.argv[1]).findings))"), str(root)],
                              env=env, cwd=tmp_path, capture_output=True, text=True, timeout=600, check=False)
        assert proc.returncode == 0, proc.stderr[-2000:]
        assert not (tmp_path / "PWNED").exists()
        assert int(proc.stdout.strip()) > 0


def test_library_change_discards_the_cache(tmp_path, cache_env, monkeypatch):
    root = copy_kb(tmp_path)
    load_kb(str(root))
    assert load_kb(str(root)).texts == {}
    monkeypatch.setattr(kc, "_CODE_VERSION", None)
    monkeypatch.setattr(kc, "_library_stamps", lambda: [("spellchecker", "/elsewhere/__init__.py", 1, 2)])
    assert len(load_kb(str(root)).texts) > 30


def test_nothing_cached_for_a_kb_of_fresh_files_and_old_caches_pruned(tmp_path, cache_env):
    root = tmp_path / "kb"
    shutil.copytree(KB, root, copy_function=shutil.copy)  # every file modified just now: none can be cached
    load_kb(str(root))
    assert not list(cache_env.glob("kb-*")) if cache_env.exists() else True
    stale = cache_env / "kb-0123456789abcdef01234567.marshal"
    cache_env.mkdir(exist_ok=True)
    stale.write_bytes(b"left by a KB folder that is gone")
    os.utime(stale, (OLD - 40 * 86400, OLD - 40 * 86400))
    age(root)
    load_kb(str(root))
    assert not stale.exists() and len(list(cache_env.glob("kb-*"))) == 1


def test_a_record_that_is_not_plain_data_is_left_out_of_the_cache(tmp_path, cache_env):
    """A file's record that marshal cannot write (a YAML date in a game profile) is left out when the cache is
    saved, and only it: it is read again next time, and no whole-KB state is given while it is missing."""
    import datetime

    root = copy_kb(tmp_path)
    cache = kc.KBCache(str(root), "kb")
    assert cache.get("a.yaml", 1, 2) is None and cache.get("b.yaml", 1, 2) is None
    cache.put("a.yaml", 1, 2, ("ok", {"id": "a"}, b""))
    cache.put("b.yaml", 1, 2, ("ok", {"id": "b", "released": datetime.date(2020, 1, 1)}, b""))
    cache.save()
    assert set(cache.new) == {"a.yaml"} and cache.state(2) is None
    again = kc.KBCache(str(root), "kb")
    assert again.get("a.yaml", 1, 2) == ("ok", {"id": "a"}, b"") and again.get("b.yaml", 1, 2) is None
