"""Clingo's answers about one event's cone, kept for when exactly the same question is asked again.

A language server re-checks an edited text at every keystroke, and most keystrokes (a word of an effect's text, a
typo in a title) leave the logic of the text as it was: the model of the edited event's cone is then the same
facts, and grounding and solving it again (``analysis._solve_event``) gives the same answers. Here those answers
are kept, keyed by everything the solver is given: the facts text of the model, the clause ids assumed on, the
program files of ``asp/`` (their bytes), the Control's arguments, the questions (each external and its argument,
and the subject under which it is asked: two questions of one subject are asked once) and the horizons grounded.
A changed requirement, effect or condition changes the facts, so it is never answered from here.

Only complete answers are kept: a run in which a solve hit its time limit, or the overall deadline cut the
horizons short, says nothing certain and is asked again next time. At most ``SIZE`` answers are kept (the
oldest dropped first), in this process only.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict

SIZE = 256

_ANSWERS: OrderedDict[bytes, tuple] = OrderedDict()


def key(program: str, clause_ids, program_files: list, control_args: list[str], questions: list[tuple],
        steps: list[int], bounded: bool) -> bytes:
    """The digest of everything one ``_solve_event`` run gives clingo (``program_files``: paths of the loaded
    programs, read here)."""
    h = hashlib.sha256()
    for part in (program, repr(sorted(clause_ids)), repr(control_args), repr(questions), repr(steps), repr(bounded)):
        data = part.encode("utf-8")
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    for path in program_files:
        with open(path, "rb") as fh:
            data = fh.read()
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.digest()


def get(digest: bytes) -> tuple | None:
    """The answer kept under ``digest`` (``put``'s value), or None."""
    got = _ANSWERS.get(digest)
    if got is not None:
        _ANSWERS.move_to_end(digest)
    return got


def put(digest: bytes, answer: tuple) -> None:
    _ANSWERS[digest] = answer
    _ANSWERS.move_to_end(digest)
    while len(_ANSWERS) > SIZE:
        _ANSWERS.popitem(last=False)


def clear() -> None:
    _ANSWERS.clear()
