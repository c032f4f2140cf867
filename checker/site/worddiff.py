"""A word diff in bounded time, for ``rulekb site --compare`` (issue 31).

``difflib.SequenceMatcher`` is quadratic or worse on texts whose words repeat (a 4,000-word event text with every
seventh word changed took minutes), and a pull request chooses both texts. This diff is Myers' O((N+M)·D)
algorithm with a work budget: the common beginning and end are taken off first (linear), and the middle is
diffed only while the work stays within ``budget`` steps (one step per diagonal tried and per word matched).
Beyond the budget the middle is "text replaced": all old words deleted, all new ones inserted. So the whole diff
costs time linear in the two texts plus at most ``budget`` steps, whatever the texts, and memory linear in them
plus O(budget): the trace kept for the way back holds one entry per diagonal tried.

The diff is minimal (fewest words deleted and inserted) whenever it is within the budget; a run of deletions and
insertions next to each other is given as one ``replace``, as ``SequenceMatcher`` gives it.
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

DIFF_BUDGET = 300_000  # steps: about 0.2-0.4 s in CPython. Measured on seed 001's words: 700 words with every third
# word changed fit (0.17 s); 1,500 words with every fifth changed fit, with every third they are "text replaced".

Opcode = tuple[str, int, int, int, int]  # (tag, i1, i2, j1, j2) as difflib's get_opcodes: equal/replace/delete/insert


def diff_opcodes(a: Sequence, b: Sequence, budget: int = DIFF_BUDGET) -> tuple[list[Opcode], bool]:
    """Opcodes that turn ``a`` into ``b`` (difflib's form), and whether the budget ran out: then the part between
    the common beginning and the common end is one ``replace`` (or ``delete`` / ``insert``)."""
    n, m = len(a), len(b)
    head = 0
    while head < n and head < m and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < n - head and tail < m - head and a[n - 1 - tail] == b[m - 1 - tail]:
        tail += 1
    middle = _myers(a[head:n - tail], b[head:m - tail], budget)
    replaced = middle is None
    if replaced:
        middle = [("delete" if m - head - tail == 0 else "insert" if n - head - tail == 0 else "replace",
                   0, n - head - tail, 0, m - head - tail)] if (n - head - tail or m - head - tail) else []
    out: list[Opcode] = []
    if head:
        out.append(("equal", 0, head, 0, head))
    out.extend((tag, i1 + head, i2 + head, j1 + head, j2 + head) for tag, i1, i2, j1, j2 in middle)
    if tail:
        out.append(("equal", n - tail, n, m - tail, m))
    return out, replaced


def _myers(a: Sequence, b: Sequence, budget: int) -> list[Opcode] | None:
    """Myers' greedy shortest edit script, as opcodes; None when it would take more than ``budget`` steps."""
    n, m = len(a), len(b)
    if n == 0 or m == 0:
        return [("delete", 0, n, 0, 0)] if n else [("insert", 0, 0, 0, m)] if m else []
    limit = n + m
    offset = limit + 1
    v = [0] * (2 * limit + 3)  # v[offset + k]: the furthest x reached on diagonal k = x - y
    trace: list[list[int]] = []  # trace[d]: v[offset-d-1 .. offset+d+1] before round d
    work = 0
    for d in range(limit + 1):
        trace.append(v[offset - d - 1:offset + d + 2])
        for k in range(-d, d + 1, 2):
            if k == -d or (k != d and v[offset + k - 1] < v[offset + k + 1]):
                x = v[offset + k + 1]  # down: a word of b inserted
            else:
                x = v[offset + k - 1] + 1  # right: a word of a deleted
            y = x - k
            start = x
            while x < n and y < m and a[x] == b[y]:
                x += 1
                y += 1
            v[offset + k] = x
            work += 1 + x - start
            if x >= n and y >= m:
                return _script(trace, n, m)
            if work > budget:
                return None
    return None  # not reached: round n + m always ends


def _script(trace: list[list[int]], n: int, m: int) -> list[Opcode]:
    """Walk the trace back from (n, m) to (0, 0): the edit script, as opcodes with adjacent edits merged."""
    steps: list[tuple[str, int, int]] = []  # ("equal"|"delete"|"insert", x, y) at the step's start, last first
    x, y = n, m
    for d in range(len(trace) - 1, 0, -1):
        before = trace[d]  # v before round d; index k + d + 1
        k = x - y
        if k == -d or (k != d and before[k - 1 + d + 1] < before[k + 1 + d + 1]):
            prev_k = k + 1
        else:
            prev_k = k - 1
        prev_x = before[prev_k + d + 1]
        prev_y = prev_x - prev_k
        while x > prev_x and y > prev_y:
            x, y = x - 1, y - 1
            steps.append(("equal", x, y))
        if x == prev_x:
            steps.append(("insert", x, prev_y))
        else:
            steps.append(("delete", prev_x, y))
        x, y = prev_x, prev_y
    while x > 0 and y > 0:
        x, y = x - 1, y - 1
        steps.append(("equal", x, y))
    steps.reverse()
    out: list[list] = []
    i = j = 0
    for tag, _, _ in steps:
        di, dj = (1, 1) if tag == "equal" else (1, 0) if tag == "delete" else (0, 1)
        kind = "equal" if tag == "equal" else "edit"
        if out and out[-1][0] == kind:
            out[-1][2] += di
            out[-1][4] += dj
        else:
            out.append([kind, i, i + di, j, j + dj])
        i, j = i + di, j + dj
    return [(("equal" if kind == "equal" else "replace" if i2 > i1 and j2 > j1 else "delete" if i2 > i1
              else "insert"), i1, i2, j1, j2) for kind, i1, i2, j1, j2 in out]


REPLACED_TITLE = "text replaced: too many changes to compare word by word"


def word_diff_markup(old: str, new: str, budget: int = DIFF_BUDGET) -> Markup:
    """The two texts word by word (words are what stands between spaces): removed words in ``<del>``, added ones in
    ``<ins>``, everything escaped, line breaks as ``<br>``. Beyond the budget the changed middle is one ``<del>``
    and one ``<ins>``, each titled "text replaced"."""
    a, b = old.split(" "), new.split(" ")
    opcodes, replaced = diff_opcodes(a, b, budget)
    title = Markup(' title="{}"').format(REPLACED_TITLE) if replaced else Markup("")
    out: list[Markup] = []
    for op, i1, i2, j1, j2 in opcodes:
        if op == "equal":
            out.append(escape(" ".join(a[i1:i2])))
        if op in ("delete", "replace"):
            out.append(Markup("<del{}>{}</del>").format(title, " ".join(a[i1:i2])))
        if op in ("insert", "replace"):
            out.append(Markup("<ins{}>{}</ins>").format(title, " ".join(b[j1:j2])))
    return Markup(" ").join(out).replace("\n", Markup("<br>"))
