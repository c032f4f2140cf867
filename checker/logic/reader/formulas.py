"""Formulas of the event language and the contract's condition dicts.

A formula is ``("atom", kind, event)``, ``("period", P)``, ``("and", [f…])``, ``("or", [f…])`` or ``("not", f)``
(the transformer in ``events.py`` builds them from a parse). Here: building them, negation normal form, the
conditions of docs/logic.md they become (``to_condition``, ``condition_lists``) and back (``_from_dict``), and
whether two readings hold in the same states (``same_conditions``, by truth tables over their atoms).
"""

from __future__ import annotations

import json
from typing import Any

# ------------------------------------------------------------------ formulas: ("atom", kind, event) / ("period", P)
# ("and", [f…]) / ("or", [f…]) / ("not", f)

def _and(fs):
    fs = [f for f in fs]
    return fs[0] if len(fs) == 1 else ("and", fs)


def _or(fs):
    return fs[0] if len(fs) == 1 else ("or", fs)


def _not(f):
    return f[1] if f[0] == "not" else ("not", f)


def _atoms_of(f, out=None) -> list:
    out = [] if out is None else out
    if f[0] in ("and", "or"):
        for x in f[1]:
            _atoms_of(x, out)
    elif f[0] == "not":
        _atoms_of(f[1], out)
    else:
        out.append(f)
    return out


# ------------------------------------------------------------------ formulas -> the contract's condition dicts

def _nnf(f, neg: bool = False):
    kind = f[0]
    if kind == "not":
        return _nnf(f[1], not neg)
    if kind in ("and", "or"):
        parts = [_nnf(x, neg) for x in f[1]]
        op = kind if not neg else ("or" if kind == "and" else "and")
        flat = []
        for p in parts:
            flat.extend(p[1] if p[0] == op else [p])
        return (op, flat)
    return ("lit", f, neg)


def to_condition(f) -> dict[str, Any]:
    """One condition dict of docs/logic.md for a formula in negation normal form."""
    if f[0] in ("and", "or"):
        return {"kind": "all" if f[0] == "and" else "any", "of": [to_condition(x) for x in f[1]]}
    _, atom, neg = f
    if atom[0] == "period":
        return {"kind": "period_at_least", "value": atom[1], **({"negated": True} if neg else {})}
    _, kind, event = atom
    if kind == "exists":
        return {"kind": "not_exists" if neg else "exists", "subject": str(event)}
    if kind == "owns":
        return {"kind": "owns", "subject": str(event[0]), "value": str(event[1]), **({"negated": True} if neg else {})}
    if kind in ("at_war", "at_peace"):
        value = {"value": str(event[1])} if event[1] is not None else {}
        return {"kind": kind, "subject": str(event[0]), **value, **({"negated": True} if neg else {})}
    if kind == "occurred":
        return {"kind": "not_occurred" if neg else "occurred", "event": event}
    if kind == "in_effect":
        return {"kind": "not_in_effect" if neg else "in_effect", "event": event}
    return {"kind": "over", "event": event, **({"negated": True} if neg else {})}


def condition_lists(f) -> dict[str, list]:
    """A requirement's formula as the contract's lists: ``when`` (all hold) or ``when_any`` (one holds). A
    condition stated twice is one condition ("Can X be played before Star Wars? No, Star Wars must have been played
    first")."""
    n = _nnf(f)
    if n[0] == "and":
        return {"when": _once([to_condition(x) for x in n[1]])}
    if n[0] == "or":
        return {"when_any": _once([to_condition(x) for x in n[1]])}
    return {"when": [to_condition(n)]}


def _once(conditions: list) -> list:
    out: list = []
    for c in conditions:
        if c not in out:
            out.append(c)
    return out



def _from_dict(c: dict[str, Any]):
    """A condition dict of the contract as a formula (the inverse of ``to_condition``, for comparing readings)."""
    kind = c.get("kind")
    if kind in ("all", "any"):
        f = ("and" if kind == "all" else "or", [_from_dict(x) for x in c.get("of", [])])
    elif kind == "not":
        f = ("not", _from_dict(c["of"][0]))
    elif kind in ("not_occurred", "not_in_effect", "not_exists"):
        f = ("not", ("atom", kind[4:], c.get("event") or c.get("subject")))
    elif kind in ("occurred", "in_effect", "over"):
        f = ("atom", kind, c.get("event"))
    elif kind == "exists":
        f = ("atom", "exists", c.get("subject"))
    elif kind == "owns":
        f = ("atom", "owns", (c.get("subject"), c.get("value")))
    elif kind == "period_at_least":
        f = ("period", c.get("value"))
    else:
        f = ("atom", kind, json.dumps({k: v for k, v in c.items() if k not in ("kind", "negated")}, sort_keys=True))
    return _not(f) if c.get("negated") else f


def _sorted(n):
    if n[0] in ("and", "or"):
        return (n[0], sorted((_sorted(x) for x in n[1]), key=repr))
    return n


def canonical(logic: dict[str, Any]) -> str:
    """A reading's conditions (when, when_any, unless) as one canonical formula: negation normal form, flattened,
    sorted. Two readings with the same canonical form mean the same."""
    f = _formula(logic)
    return "" if f == ("and", []) else repr(_sorted(_nnf(f)))


def _formula(logic: dict[str, Any]):
    parts = [_from_dict(c) for c in logic.get("when", []) or []]
    if logic.get("when_any"):
        parts.append(_or([_from_dict(c) for c in logic["when_any"]]))
    if logic.get("unless"):
        parts.append(_not(_and([_from_dict(c) for c in logic["unless"]])))
    return _and(parts) if parts else ("and", [])


def _atoms(f, out: set) -> set:
    if f[0] in ("atom", "period"):
        out.add(f)
    elif f[0] == "not":
        _atoms(f[1], out)
    else:
        for x in f[1]:
            _atoms(x, out)
    return out


def _value(f, env) -> bool:
    if f[0] in ("atom", "period"):
        return env[f]
    if f[0] == "not":
        return not _value(f[1], env)
    vals = [_value(x, env) for x in f[1]]
    return all(vals) if f[0] == "and" else any(vals)


def same_conditions(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Do two readings' conditions hold in exactly the same states? By truth table over their atoms, in the states
    docs/logic.md S3 allows (in effect implies occurred; over is occurred and not in effect)."""
    import itertools

    fa, fb = _formula(a), _formula(b)
    atoms = _atoms(fa, set()) | _atoms(fb, set())
    for atom in list(atoms):
        if atom[0] == "atom" and atom[1] in ("occurred", "in_effect", "over"):
            atoms |= {("atom", k, atom[2]) for k in ("occurred", "in_effect", "over")}
    atoms = sorted(atoms, key=repr)
    if len(atoms) > 15:
        return canonical(a) == canonical(b)
    for values in itertools.product((False, True), repeat=len(atoms)):
        env = dict(zip(atoms, values))
        if any(k[0] == "atom" and k[1] == "in_effect" and v and not env[("atom", "occurred", k[2])]
               for k, v in env.items()):
            continue
        if any(k[0] == "atom" and k[1] == "over" and v != (env[("atom", "occurred", k[2])]
                                                           and not env[("atom", "in_effect", k[2])])
               for k, v in env.items()):
            continue
        if _value(fa, env) != _value(fb, env):
            return False
    return True


def _flat_and(n):
    return n[1] if n[0] == "and" else [n]
