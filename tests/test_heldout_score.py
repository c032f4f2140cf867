"""The held-out scorer (tests/heldout/score.py) never lists a sentence of the corpus' test half: its misses are not
to be looked at, whatever split is asked for. The other corpora (dev2.yaml …) are dev sets as a whole."""

from __future__ import annotations

import io
import os
import re

from tests.heldout import score

LISTED = re.compile(r"^  (?P<id>[a-z]\d+) \[", re.MULTILINE)


def _listed(path, split):
    out = io.StringIO()
    score.score(path, verbose=True, out=out, split=split)
    return [m["id"] for m in LISTED.finditer(out.getvalue())]


def test_the_test_half_is_never_listed():
    for split in ("all", "dev", "test"):
        listed = _listed(score.CORPUS, split)
        assert not [i for i in listed if score.half(i) == "test"], split
        if split != "test":
            assert listed, "the dev half's misses are listed"


def test_a_dev_corpus_is_listed_whole():
    listed = _listed(os.path.join(os.path.dirname(score.CORPUS), "dev6.yaml"), "all")
    assert any(score.half(i) == "test" for i in listed) and any(score.half(i) == "dev" for i in listed)
