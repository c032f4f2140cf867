"""Two effects that can apply in the same firing set one fact two ways: a province gets two owners, a
country two religions.

Why: "d. AUS (if it took part in the war) may annex Polish KRAKOW" and "e. Austria/Habsburgs annexes Polish
KRAKOW" in the same peace conditions leave KRAKOW with two owners when AUS took part. Effects in different
cases, or optional effects that name different outcomes ("If Royalists win" / "If Parliamentarists win"), are
alternatives and not reported.

Fails::

    PEACE PHASE:
    1. … the following is added to normal peace conditions:
        d. AUS may annex Polish KRAKOW.
        e. Austria/Habsburgs annexes Polish KRAKOW.

Passes: one of the two clauses names another province, or both name the same owner.

One defect repeated in several cases of one event (the same province given to the same two owners) is one
finding that names the cases, in plain words: "KRAKOW is given to both AUS and Austria/Habsburgs (in CASE I,
CASE II and CASE III)". The explanation names every clause involved.

Severity follows the severity policy. Two effects that both apply every time their scope applies — neither is
optional ("may"), has its own condition ("if it took part in the war", "unless …"), is one outcome of a choice
or one alternative of an "or if …" — leave no legal reading wherever the rule applies: error ("PRU annexes
Polish DANZIG." and "RUS annexes Polish DANZIG." in one phase). When either effect is optional or conditional,
the conflict arises only in some circumstances and the text can be played by deciding which wins: warning
(the KRAKOW clauses above: d. is optional and conditional).

Fails (error)::

    EVENTS PHASE:
    1. PRU annexes Polish DANZIG.
    2. RUS annexes Polish DANZIG.

Decide which effect wins and say so in the text.
"""

from __future__ import annotations

import re

from . import analysis, explanation

CODE = "LOG003"
NAME = "conflicting-effects"
CATEGORY = "logic"
SEVERITY = "error"
SCOPE = "kb"  # the logic analysis of the whole game


_FLUENT = re.compile(r"^(\w+)\((.*)\)$")
_VERBS = {"owner": "is given to both {a} and {b}", "religion": "is made both {a} and {b}",
          "status": "is made both {a} and {b}"}


def plain(fluent: str, a: str, b: str) -> str:
    """The conflict in the text's words: 'KRAKOW is given to both AUS and Austria/Habsburgs'."""
    m = _FLUENT.match(fluent)
    if not m:
        return f"{fluent} is set to both {a} and {b}"
    kind, subject = m.group(1), m.group(2).strip('"')
    return f"{subject} " + _VERBS.get(kind, "has both {a} and {b} as its " + kind.replace("_", " ")).format(a=a, b=b)


def _case_of(ctx, event_id: str, line: int) -> str | None:
    """The heading of the innermost case or part section holding the clause on ``line``, or None."""
    event = ctx.kb.events.get(event_id)
    if event is None:
        return None
    best = None
    for section in event.all_sections():
        if section.kind in ("case", "part") and any(
                c.line == line for sub in section.walk_sections() for top in sub.clauses for c in top.walk()):
            best = section
    if best is None:
        return None
    words = best.heading.split()
    head = " ".join(words[:2]).rstrip(":")
    return head


def _names(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


_QUALIFIED = re.compile(r"^(?:optional|effect_when|effect_unless|outcome|alt)\((\d+)[,)]")


def qualified_clauses(model) -> set[int]:
    """Ids of the effect clauses that apply only sometimes: optional, with their own condition or exception, one
    outcome of a choice, one alternative of an "or if …" (the facts asp/conflicts.lp reads)."""
    out = set()
    for fact in model.effect_facts:
        for part in fact.split(". "):
            m = _QUALIFIED.match(part.strip())
            if m:
                out.add(int(m.group(1)))
    return out


def check(ctx):
    qualified = qualified_clauses(analysis(ctx).model)
    groups: dict[tuple, list] = {}
    for c in analysis(ctx).conflicts:
        key = (c.event, c.fluent, tuple(sorted(c.values)))
        groups.setdefault(key, []).append(c)
    # One defect is one finding: the same fact set two ways in several cases, and several facts (KRAKOW, or else
    # PODLASIA, VOLHYNIA and GALICIA) set two ways by the same clauses.
    merged: dict[tuple, dict] = {}
    for (event, fluent, _), found in groups.items():
        a, b = found[0].values
        clauses = []
        for c in found:
            clauses.extend(x for x in c.clauses if x not in clauses)
        clauses.sort(key=lambda x: x.line)
        cases = list(dict.fromkeys(h for h in (_case_of(ctx, event, c.clauses[0].line) for c in found) if h))
        where = f" (in {_names(cases)})" if len(cases) > 1 else ""
        m = _FLUENT.match(fluent)
        kind = m.group(1) if m else fluent
        key = (event, kind, a, b, tuple(x.line for x in clauses), where)
        entry = merged.setdefault(key, {"fluents": [], "clauses": clauses,
                                        "line": min(c.clauses[0].line for c in found)})
        entry["fluents"].append(fluent)
    for (event, kind, a, b, _, where), entry in merged.items():
        fluents = entry["fluents"]
        if len(fluents) == 1 or kind != "owner":
            messages = [plain(f, a, b) for f in fluents]
        else:
            subjects = [_FLUENT.match(f).group(2).strip('"') for f in fluents]
            messages = [f"{_names(subjects)} are given to both {a} and {b}"]
        always = not any(c.cid in qualified for c in entry["clauses"])
        level = "error" if always else "warning"
        for message in messages:
            text = f"{message} by effects that always apply together{where}" if always else \
                f"{message} by effects that apply together{where}, when the optional or conditional one applies"
            yield ctx.finding(event, entry["line"], text, level, explanation=explanation(ctx, entry["clauses"]))
