"""Runs a Hypothesis fuzz inside one pytest test and checks, in the same process, that its cases really ran.

A separate "count" test that runs after the fuzz only works when both land on one worker; under pytest-xdist
(``-n auto``, the README's test command) they need not, and the count test then saw 0. So each fuzz test runs its
Hypothesis function itself, and the count it checks is the one its own cases made.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping


def run_counted(fuzz: Callable[..., None], counts: MutableMapping, key: str, minimum: int, capsys=None,
                **fixtures) -> int:
    """Run ``fuzz`` (a ``@given`` function; ``fixtures`` are its other arguments), then assert that ``counts[key]``
    grew by at least ``minimum``. Prints the counts (shown on the terminal when ``capsys`` is given)."""
    before = counts[key]
    fuzz(**fixtures)
    ran = counts[key] - before
    line = f"\n{fuzz.__name__}: {ran} cases; counts {dict(counts)}"
    if capsys is not None:
        with capsys.disabled():
            print(line)
    assert ran >= minimum, f"{fuzz.__name__}: {ran} cases ran, at least {minimum} expected"
    return ran
