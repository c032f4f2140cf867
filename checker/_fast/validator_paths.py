"""Trick ``validator_paths``: fastjsonschema's generated validator code, edited to give nested items no path.

The code fastjsonschema generates passes down to each nested item's validator the path for its error message
("data.body[3].clauses[0]"), built with ``"…".format(**locals())`` for every item, valid or not: half the time
of validating a valid file. rulekb never shows these messages (a file that fails is validated again by
jsonschema, which reports every error with its path: ``checker/kb/store.py``, ``validate``), so the nested calls
are given no path. Only arguments are rewritten; what is checked is not (``tests/test_fast.py`` and
``tests/test_validators.py`` compare the verdicts with the unedited code's). Plain: the code as generated.
"""

from __future__ import annotations

import re

from . import enabled

_ITEM_PATH = re.compile(r', \(name_prefix or "data"\) \+ "[^"\n]*"\.format\(\*\*locals\(\)\)\)')
GENERATION = 2  # what ``edit`` makes of fastjsonschema's code: raised when that changes (2: no item paths)


def edit(code: str) -> str:
    """``code`` (fastjsonschema's generated source) with the item paths left out, or as it is when the trick is
    off."""
    return _ITEM_PATH.sub(", None)", code) if enabled("validator_paths") else code


def stamp() -> str:
    """What the compiled code depends on here (part of the validator cache's key)."""
    return f"paths-{GENERATION}" if enabled("validator_paths") else "plain"
