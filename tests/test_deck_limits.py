"""`rulekb deck --time-limit` bounds the whole command (issue 20): the check's layout, the command's own layout and
the shrinking trials share one deadline, and a deck too large to ground in time is refused up front."""

from __future__ import annotations

import time

import pytest
import yaml

from checker.cli import main
from checker.games.pop.deck import MAX_CARDS

pytestmark = pytest.mark.slow  # not in the fast tier (issue 34): deck commands run to their time limit


def _deck(path, n):
    cards = [{"id": f"1{(i % 9) + 1}A-{i}", "half": "X"} for i in range(n)]
    cards[0]["half"] = "1"
    data = {"game": "pop", "scenario": "Big", "players": 4, "optional_rules": [6], "realms": [], "ages": {"I": cards}}
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def test_deck_time_limit_covers_the_whole_command(tmp_path, capsys):
    deck = _deck(tmp_path / "big.yaml", MAX_CARDS - 1)
    start = time.perf_counter()
    code = main(["deck", str(deck), "--time-limit", "2"])
    took = time.perf_counter() - start
    out = capsys.readouterr().out
    # Before: each of the two solves had its own limit, and the check's solve had a fixed 10 s.
    assert took < 2 + 4, took  # the limit, plus loading and two groundings of a deck at the size limit
    assert code in (1, 3) and ("unknown" in out or "impossible" in out)


def test_deck_beyond_the_size_limit_is_undecided_at_once(tmp_path, capsys):
    deck = _deck(tmp_path / "huge.yaml", MAX_CARDS + 499)
    start = time.perf_counter()
    main(["deck", str(deck), "--time-limit", "30"])
    assert time.perf_counter() - start < 5
    assert f"more than rulekb lays out ({MAX_CARDS})" in capsys.readouterr().out


def test_the_deadline_ends_with_the_command(tmp_path, capsys):
    from checker.games.pop import deck as pop_deck

    main(["deck", str(_deck(tmp_path / "d.yaml", 20)), "--time-limit", "1"])
    assert pop_deck._COMMAND_DEADLINE is None  # a later check in the same process keeps its own limit
