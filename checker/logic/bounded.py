"""Run one solver question under a hard wall-clock and memory bound.

clingo's grounding cannot be interrupted, and a question's own deadline is checked only between grounding steps,
so one long step (a count over 40 events grounds for many seconds and grows past a gigabyte) could outlive
``--time-limit``. The question therefore runs in a child process (fork) with an address-space limit; the parent
waits for the time limit plus a grace for start-up, and kills the child when it is not done: the answer is then
inconclusive, never a guess. Where fork is not available the question runs in this process (its own deadline
still applies between steps).
"""

from __future__ import annotations

import multiprocessing
import os
import time
from dataclasses import dataclass

GRACE = 2.0  # seconds beyond the time limit for the child's start and its answer's way back
DEFAULT_MEMORY_MB = 4096


@dataclass
class OutOfBounds(Exception):
    what: str  # "time" or "memory"
    limit: float

    def __str__(self) -> str:
        if self.what == "time":
            return f"the time limit of {self.limit:g} s was reached (grounding included)"
        return f"the memory limit of {self.limit:g} MB was reached"


def _child(conn, memory_mb: float, fn, args, kwargs) -> None:
    try:
        import resource

        limit = int(memory_mb * 1024 * 1024)
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):
        pass
    try:
        conn.send(("ok", fn(*args, **kwargs)))
    except MemoryError:
        conn.send(("memory", None))
    except BaseException as exc:  # noqa: BLE001 - handed to the parent, which raises it there
        conn.send(("error", exc))
    finally:
        conn.close()


def run_bounded(fn, args: tuple = (), kwargs: dict | None = None, *, time_limit: float,
                memory_mb: float = DEFAULT_MEMORY_MB):
    """``fn(*args, **kwargs)`` within ``time_limit`` seconds (plus a grace) of wall clock and ``memory_mb`` of
    address space; ``OutOfBounds`` when it does not finish within them."""
    kwargs = kwargs or {}
    if "fork" not in multiprocessing.get_all_start_methods() or os.environ.get("RULEKB_NO_FORK"):
        return fn(*args, **kwargs)
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(child, memory_mb, fn, args, kwargs), daemon=True)
    proc.start()
    child.close()
    deadline = time.monotonic() + time_limit + GRACE
    try:
        if not parent.poll(max(0.0, deadline - time.monotonic())):
            raise OutOfBounds("time", time_limit)
        try:
            status, value = parent.recv()
        except EOFError:  # the child died (killed by the kernel when it ran out of memory)
            raise OutOfBounds("memory", memory_mb) from None
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join(1.0)
        parent.close()
    if status == "memory":
        raise OutOfBounds("memory", memory_mb)
    if status == "error":
        raise value
    return value
