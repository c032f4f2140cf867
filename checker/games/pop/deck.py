"""The Price of Power event decks: card ids, the display, and deck layouts found or checked by clingo.

A deck file (``kb/decks/*.yaml``, schema ``deck.schema.json``) lists a scenario's cards per Age with the half
marker printed on each ((1), (2) or (X)), the realms in play and the players. Card ids follow the grammar of the
game profile (``kb/games/pop.yaml``: 11A-1, 354B, 202-2; the first digit is the Age). ``find_layout`` asks
asp/deck.lp for a legal layout of the halves (Optional Rule 6: X cards distributed so both halves have the same
size) and, when none exists, for the minimal set of cards that rule it out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ...core.ids import ROMAN, ROMAN_BY_VALUE
from ...logic.facts import q
from . import ASP_PROGRAM


@dataclass
class Card:
    id: str
    age: str  # roman
    half: str  # "1" | "2" | "X"
    suggested: str | None = None
    realm: str | None = None
    placed: str | None = None
    kind: str | None = None  # a_event | b_event | realm_event | None when the id fits no grammar
    id_age: int | None = None


@dataclass
class Deck:
    scenario: str
    players: int
    file: str
    optional_rules: list[int] = field(default_factory=list)
    realms: list[str] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    lines: dict[str, int] = field(default_factory=dict)  # card id -> line in the deck file
    game: str | None = None  # the deck file's game (the pack that read it)


def classify(card_id: str, grammar: list[dict[str, Any]]) -> tuple[str | None, int | None]:
    for rule in grammar:
        m = re.match(rule["pattern"], card_id)
        if m:
            return rule["kind"], int(m.group("age")) if "age" in m.groupdict() else None
    return None, None


def deck_from(data: dict[str, Any], file: str, grammar: list[dict[str, Any]], text: str = "") -> Deck:
    deck = Deck(data["scenario"], data["players"], file, data.get("optional_rules", []), data.get("realms", []),
                game=data.get("game"))
    for age, cards in data.get("ages", {}).items():
        for c in cards:
            kind, id_age = classify(c["id"], grammar)
            deck.cards.append(Card(c["id"], age, c["half"], c.get("suggested"), c.get("realm"), c.get("placed"),
                                   kind, id_age))
    for k, raw in enumerate(text.splitlines(), start=1):
        m = re.search(r"\bid:\s*['\"]?([0-9A-Za-z-]+)", raw)
        if m:
            deck.lines.setdefault(m.group(1), k)
    return deck


def load_deck(data: dict[str, Any], file: str, profile: dict[str, Any], text: str = "") -> Deck:
    """A deck file's data read with the card-id grammar of its game's profile (``id_grammar``)."""
    return deck_from(data, file, (profile or {}).get("id_grammar", []), text)


def layout_problem(deck: Deck) -> str | None:
    """Why ``--check-layout`` cannot check this deck: no card has a ``placed:`` half, or some cards lack one."""
    missing = [c.id for c in deck.cards if not c.placed]
    if len(missing) == len(deck.cards):
        return "no layout to check: no card has a 'placed:' half (leave out --check-layout to find a layout)"
    if missing:
        return (f"the layout is incomplete: {len(missing)} card(s) have no 'placed:' half "
                f"({', '.join(missing[:5])}{', …' if len(missing) > 5 else ''})")
    return None


def display(players: int, optional_rules: list[int]) -> dict[str, int]:
    """The event display (16.2): players + 1 events, the first 3 face up (4 with Optional Rule 7 at 6 players)."""
    face_up = 4 if 7 in optional_rules and players == 6 else 3
    size = players + 1
    return {"events": size, "face_up": min(face_up, size), "face_down": size - min(face_up, size)}


@dataclass
class LayoutResult:
    status: str  # found | impossible | legal | illegal | unknown
    halves: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # age -> half -> card ids
    explanation: list[Card] = field(default_factory=list)
    message: str = ""


MAX_CARDS = 500  # a scenario's deck holds a few dozen cards per Age; grounding grows faster than the deck (999: 2.6 s)
_COMMAND_DEADLINE: float | None = None  # set by a command that bounds all its deck solves together (rulekb deck)


def set_command_deadline(deadline: float | None) -> None:
    """Every later ``find_layout`` in this process stops by ``deadline`` (``time.monotonic()``), whatever its own
    limit: `rulekb deck --time-limit S` bounds the whole command, the check's layout and its own together."""
    global _COMMAND_DEADLINE
    _COMMAND_DEADLINE = deadline


def find_layout(deck: Deck, check_given: bool = False, time_limit: float = 10.0) -> LayoutResult:
    """A layout of the deck's halves, or a minimal set of cards that rules one out. ``time_limit`` bounds the whole
    call (every solve and every shrinking trial together): when it runs out, the answer is ``unknown``, or an
    impossibility whose card set is said not to be minimal (it still proves the impossibility: it is an
    unsatisfiable core, only perhaps larger than needed)."""
    import time

    import clingo

    deadline = time.monotonic() + time_limit
    if _COMMAND_DEADLINE is not None and _COMMAND_DEADLINE < deadline:
        deadline = _COMMAND_DEADLINE
        if deadline <= time.monotonic():
            return LayoutResult("unknown", message="the command's time limit ran out before the layout was solved")
    if len(deck.cards) > MAX_CARDS:
        return LayoutResult("unknown", message=f"{len(deck.cards)} cards: more than rulekb lays out "
                            f"({MAX_CARDS}); split the deck or check it by Age")

    facts = []
    for c in deck.cards:
        facts.append(f"card({q(c.age)},{q(c.id)},{q(c.half)}).")
        if c.suggested:
            facts.append(f"suggested({q(c.age)},{q(c.id)},{q(c.suggested)}).")
        if check_given and c.placed:
            facts.append(f"placed({q(c.age)},{q(c.id)},{q(c.placed)}).")
    if 6 in deck.optional_rules:
        facts.append("or6.")
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], "\n".join(facts))
    from ...logic.solver import asp_dir

    ctl.load(str(asp_dir() / ASP_PROGRAM))
    ctl.ground([("base", [])])
    assumptions = [(clingo.Function("on", [clingo.String(c.age), clingo.String(c.id)]), True) for c in deck.cards]

    def solve(assume):
        atoms: list[clingo.Symbol] = []
        left = deadline - time.monotonic()
        if left <= 0:
            return "unknown", atoms, []
        with ctl.solve(assumptions=assume, on_model=lambda m: atoms.extend(m.symbols(shown=True)),
                       async_=True) as h:
            if not h.wait(left):
                h.cancel()
                h.wait()
                return "unknown", atoms, []
            res = h.get()
            core = h.core() if res.unsatisfiable else []
        return ("sat" if res.satisfiable else "unsat"), atoms, core

    status, atoms, core = solve(assumptions)
    if status == "sat":
        halves: dict[str, dict[str, list[str]]] = {}
        for a in atoms:
            age, cid, half = (x.string for x in a.arguments)
            halves.setdefault(age, {"1": [], "2": []})[half].append(cid)
        for age in halves.values():
            for lst in age.values():
                lst.sort()
        return LayoutResult("legal" if check_given else "found", dict(sorted(halves.items(),
                            key=lambda kv: ROMAN.get(kv[0], 0))))
    if status == "unknown":
        return LayoutResult("unknown", message=f"no answer within {time_limit:g} s")
    # Minimise the core: drop each card whose marker is not needed for the impossibility.
    lit_to_card = {}
    for c in deck.cards:
        atom = ctl.symbolic_atoms[clingo.Function("on", [clingo.String(c.age), clingo.String(c.id)])]
        if atom is not None:
            lit_to_card[atom.literal] = c
    keep = [lit_to_card[x] for x in core if x in lit_to_card]
    minimal = True
    for c in list(keep):
        trial = [k for k in keep if k is not c]
        st, _, _ = solve([(clingo.Function("on", [clingo.String(k.age), clingo.String(k.id)]), True) for k in trial])
        if st == "unsat":
            keep = trial
        elif st == "unknown":  # out of time: what is left is still a proof, but not shown to be minimal
            minimal = False
            break
    keep.sort(key=lambda c: (ROMAN.get(c.age, 0), c.id))
    result = LayoutResult("illegal" if check_given else "impossible", explanation=keep)
    if not keep:
        odd = [age for age in {c.age for c in deck.cards}
               if sum(1 for c in deck.cards if c.age == age) % 2 and 6 in deck.optional_rules]
        if odd:
            result.message = (f"Age {', '.join(sorted(odd, key=lambda a: ROMAN.get(a, 0)))} has an odd number of cards: "
                              "Optional Rule 6 cannot split it into halves of the same size")
        elif check_given:
            result.message = "the given layout breaks the halves' rules"
    else:
        counts = {}
        for c in keep:
            counts.setdefault(c.half, []).append(c.id)
        result.message = "; ".join(f"cards marked ({h}): {', '.join(ids)}" for h, ids in sorted(counts.items()))
        if not minimal:
            result.message += (f" (these cards together rule a layout out; the time limit of {time_limit:g} s ran out "
                                "before the set was shrunk to the cards that are needed)")
    return result


def age_number(age: str) -> int:
    return ROMAN.get(age, 0)


def age_name(n: int) -> str:
    return ROMAN_BY_VALUE.get(n, str(n))
