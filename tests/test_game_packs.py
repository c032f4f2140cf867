"""Issue 29: game knowledge lives in game packs (``checker/games/<game>/``); generic code asks the registry.

A generic module (everything under checker/ outside the packs) holds no string that is a registered pack's game
id ("eu", "pop", "awaw"), and no module of its is named after one; every registered pack declares a complete
interface.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

from checker.games import decks_module, pack, packs, text_formats
from checker.games.pack import DECK_FUNCTIONS
from checker.logic.solver import asp_dir

from .test_layers import _imports

CHECKER = Path(__file__).resolve().parent.parent / "checker"
IDS = {p.id for p in packs()}

# Game code outside checker/games/<game>/ that is on its way into the packs (none left: the game check families are
# in their packs' checks/ packages).
NOT_YET_IN_A_PACK: tuple[str, ...] = ()

# Generic modules that still name a game, each in code another change is rewriting now. Shrink this list; never grow
# it. Each entry: file -> the game ids it may still hold.
ALLOWED_LITERALS: dict[str, set[str]] = {}
# Generic modules whose file name still names a game.
ALLOWED_NAMES: set[str] = set()


def _generic_modules():
    for path in sorted(CHECKER.rglob("*.py")):
        rel = path.relative_to(CHECKER).as_posix()
        parts = rel.split("/")
        if parts[0] == "games" and len(parts) > 2 and parts[1] in IDS:
            continue  # a pack's own code
        if rel.startswith(NOT_YET_IN_A_PACK):
            continue
        yield rel, path


def _game_literals(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return {node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in IDS}


@pytest.mark.slow
def test_generic_modules_name_no_game():
    found = {rel: lits for rel, path in _generic_modules() if (lits := _game_literals(path))}
    extra = {rel: sorted(lits - ALLOWED_LITERALS.get(rel, set())) for rel, lits in found.items()
             if lits - ALLOWED_LITERALS.get(rel, set())}
    assert extra == {}, "generic modules naming a game: ask checker.games.registry instead"
    stale = {rel: sorted(ids - found.get(rel, set())) for rel, ids in ALLOWED_LITERALS.items()
             if ids - found.get(rel, set())}
    assert stale == {}, "the allow-list names literals that are gone: remove them from ALLOWED_LITERALS"


def test_generic_module_names_name_no_game():
    named = {rel for rel, _ in _generic_modules()
             if IDS & set(os.path.splitext(os.path.basename(rel))[0].split("_"))}
    assert named == ALLOWED_NAMES


@pytest.mark.slow
def test_generic_modules_import_no_pack():
    """Only the registry imports the packs; everything else asks it (``checker.games.pack(game)``, …)."""
    packages = {f"checker.games.{game}" for game in IDS}
    bad = sorted(f"{rel} imports {mod}" for rel, path in _generic_modules() if rel != "games/registry.py"
                 for mod in _imports(path) if mod in packages or mod.startswith(tuple(p + "." for p in packages)))
    assert bad == []


def test_the_finder_sees_a_game_literal(tmp_path):
    """The scan above finds a game id written as a string, and not one inside a longer string or a name."""
    path = tmp_path / "m.py"
    path.write_text('x = kb.games.get("pop")\ny = "eu-events"\neu = 1\n', encoding="utf-8")
    assert _game_literals(path) == {"pop"}


@pytest.mark.parametrize("game", sorted(IDS))
def test_pack_interface_is_complete(game):
    found = pack(game)
    assert found is not None and found.id == game
    assert found.__module__ == "checker.games.pack"
    folder = CHECKER / "games" / game
    assert (folder / "__init__.py").is_file()
    assert found.formats or found.decks or found.commands, "a pack declares at least one thing"
    for form in found.formats:
        assert form.name and form.opening and callable(form.detect) and callable(form.parse)
    if found.decks:
        module = decks_module(game)
        assert all(callable(getattr(module, name, None)) for name in DECK_FUNCTIONS)
    for name in found.commands:
        assert callable(getattr(found.module(name), "add_parser", None))
    for program in found.asp:
        assert (asp_dir() / program).is_file()


def test_each_pack_reads_its_own_format():
    """Every pack format recognises the opening it declares, and no two formats share a name."""
    names = [f.name for f in text_formats()]
    assert len(names) == len(set(names))
    samples = {"eurw-rules": ["Rule Changes"], "awaw-random-events": ["RANDOM EVENTS"],
               "pop-chapter": ["16.1 Event Types #"]}
    for form in text_formats():
        assert form.detect(samples[form.name])
        assert not any(form.detect(lines) for name, lines in samples.items() if name != form.name)


def test_a_game_without_a_pack_gets_none():
    assert pack("coldwar") is None and decks_module("coldwar") is None
