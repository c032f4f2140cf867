"""A surface generator: random requirement and effect formulas over a game's events, rendered into rule sentences
in several writers' styles (the event-list rewrite, printed card text, a verbose rulebook, outcome first, a
legalistic voice). ``tests/text_differential.py`` reads each sentence back and holds the reading to the formula.

A formula is ``("atom", kind, event)`` (kind: occurred, in_effect, over), ``("not", f)``, ``("and", [f…])``,
``("or", [f…])``, or ``("period", label)``. Only phrasings a careful reader gives one reading are generated: an
and/or mix is grouped with "either … or" / "both … and"; a negated state of a group is written "neither … nor".
"""

from __future__ import annotations

import random
from dataclasses import dataclass

OUTCOMES = {"reroll": ["Otherwise re-roll.", "Re-roll and do not mark off.", "If drawn earlier, re-roll."],
            "mark_off": ["Otherwise mark it off.", "In that case mark off.", "Otherwise the event is marked off."],
            "consider_played": ["Otherwise consider as played.", "In that case the event is considered as played."],
            "refused_renewable": ["Otherwise the event is marked off but can renew later."]}

_STATE = {  # kind -> (positive forms, negative forms); {e} is the event as written
    "occurred": (["{e} has occurred", "{e} has been played", "{e} has already taken place", "{e} has happened"],
                 ["{e} has not occurred", "{e} has not yet been played", "{e} has not taken place"]),
    "in_effect": (["{e} is in effect", "{e} is still in effect", "{e} is in force"],
                  ["{e} is not in effect"]),
    "over": (["{e} is over", "{e} has been played through", "{e} has ended", "{e} is no longer in effect"],
             ["{e} is not over", "{e} has not ended"]),
}
_PLURAL = {"occurred": ["{e} have occurred", "{e} have been played"], "in_effect": ["{e} are in effect"],
           "over": ["{e} are over", "{e} have ended"]}


@dataclass
class Case:
    text: str
    formula: tuple | None  # the requirement (what must hold), or None for an effect sentence
    on_fail: str | None
    effects: list | None  # [("cancel" | "never", event)] for an effect sentence
    style: str


class Surface:
    def __init__(self, events: dict[str, str], periods: list[str], rng: random.Random):
        self.events = events  # id -> title
        self.ids = sorted(events)
        self.periods = periods
        self.rng = rng

    def name(self, e: str) -> str:
        r = self.rng.random()
        if r < 0.15 and self.events.get(e):
            return self.events[e].title()
        if r < 0.3:
            num, per = e.split(":")
            return f"event {per}:{num}"
        return f"event {e}" if r < 0.65 else e

    # ------------------------------------------------------------------ conditions in words
    def atom(self, kind: str, e: str, negated: bool) -> str:
        pos, neg = _STATE[kind]
        return self.rng.choice(neg if negated else pos).format(e=self.name(e))

    def condition(self, depth: int = 0) -> tuple[tuple, str]:
        """A formula and its words, grouped so that one reading is possible."""
        r = self.rng.random()
        if depth >= 2 or r < 0.45:
            kind = self.rng.choice(list(_STATE))
            e = self.rng.choice(self.ids)
            negated = self.rng.random() < 0.35
            f = ("atom", kind, e)
            return (("not", f) if negated else f), self.atom(kind, e, negated)
        if r < 0.6:  # one state of several events: "A and B have occurred", "either A or B is in effect"
            kind = self.rng.choice(list(_STATE))
            es = self.rng.sample(self.ids, 2)
            names = [self.name(e) for e in es]
            if self.rng.random() < 0.5:
                f = ("and", [("atom", kind, e) for e in es])
                return f, self.rng.choice(_PLURAL[kind]).format(e=f"both {names[0]} and {names[1]}")
            f = ("or", [("atom", kind, e) for e in es])
            return f, self.rng.choice(_STATE[kind][0]).format(e=f"either {names[0]} or {names[1]}")
        if r < 0.7:  # "neither A nor B has occurred"
            es = self.rng.sample(self.ids, 2)
            f = ("and", [("not", ("atom", "occurred", e)) for e in es])
            return f, f"neither {self.name(es[0])} nor {self.name(es[1])} has occurred"
        op = self.rng.choice(["and", "or"])
        (f1, w1), (f2, w2) = self.condition(depth + 1), self.condition(depth + 1)
        if op == "and":
            return ("and", [f1, f2]), f"both {w1} and {w2}" if depth else f"{w1} and {w2}"
        return ("or", [f1, f2]), f"either {w1} or {w2}"

    # ------------------------------------------------------------------ sentences
    def requirement(self) -> Case:
        style = self.rng.choice(["event-list", "card", "verbose", "outcome-first", "time-word", "requires"])
        on_fail = self.rng.choice(list(OUTCOMES))
        tail = self.rng.choice(OUTCOMES[on_fail])
        if style == "time-word":
            e = self.rng.choice(self.ids)
            word, kind = self.rng.choice([("before", "occurred"), ("after", "occurred"), ("while", "in_effect"),
                                          ("before", "over")])
            if word == "while":
                f, words = ("not", ("atom", "in_effect", e)), f"Cannot occur while {self.atom('in_effect', e, False)}."
            elif word == "before" and kind == "over":
                f, words = ("atom", "over", e), f"Cannot occur before {self.name(e)} has been played through."
            elif word == "before":
                f, words = ("atom", "occurred", e), f"Cannot occur before {self.name(e)} has occurred."
            else:
                f, words = ("not", ("atom", "occurred", e)), f"Cannot occur after {self.name(e)} has occurred."
            return Case(f"{words} {tail}", f, on_fail, None, style)
        f, words = self.condition()
        if style == "event-list":
            if self.rng.random() < 0.5:
                return Case(f"Cannot occur if {words}. {tail}", ("not", f), on_fail, None, style)
            return Case(f"Can occur only if {words}. {tail}", f, on_fail, None, style)
        if style == "card":
            if self.rng.random() < 0.5:
                return Case(f"Playable only if {words}.", f, None, None, style)
            return Case(f"Unplayable as an event if {words}.", ("not", f), None, None, style)
        if style == "verbose":
            return Case(f"This event may take place only if {words}; {tail[0].lower() + tail[1:]}", f, on_fail,
                        None, style)
        if style == "requires":
            return Case(f"This event requires that {words}.", f, None, None, style)
        verb = {"reroll": "Re-roll", "mark_off": "Mark off", "consider_played": "Consider as played",
                "refused_renewable": "Re-roll"}[on_fail]
        on_fail = "reroll" if on_fail == "refused_renewable" else on_fail
        return Case(f"{verb} if {words}.", ("not", f), on_fail, None, style)

    def effect(self) -> Case:
        es = self.rng.sample(self.ids, 2)
        r = self.rng.random()
        if r < 0.3:
            return Case(f"Cancels the effects of {self.name(es[0])}.", None, None, [("cancel", es[0])], "card")
        if r < 0.5:
            name = self.name(es[0])
            return Case(f"{name[0].upper()}{name[1:]} can never occur again.", None, None, [("never", es[0])],
                        "event-list")
        if r < 0.7:
            return Case(f"Cancels {self.name(es[0])} and prevents {self.name(es[1])}.", None, None,
                        [("cancel", es[0]), ("never", es[1])], "card")
        if r < 0.85:
            return Case(f"The effects of {self.name(es[0])} are cancelled.", None, None, [("cancel", es[0])],
                        "verbose")
        return Case("The game ends immediately.", None, None, [("game_ends", None)], "event-list")

    def case(self) -> Case:
        return self.requirement() if self.rng.random() < 0.8 else self.effect()
