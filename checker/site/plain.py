"""An event in plain words for players: what it needs, what it does and how it ends (docs/logic.md gives the
meaning of each reading; ``checker.logic.reader.describe`` the words of the reader's own roles).

Everything here is built from the clauses' ``logic`` (what the reader made of the text): a clause with no logic
adds nothing, and the page says so rather than guessing. Every KB string is escaped (``Markup.format``)."""

from __future__ import annotations

import re

from markupsafe import Markup, escape

from ..core.model import Event
from ..logic.facts import effect_reading
from ..logic.reader.describe import ON_FAIL as ON_FAIL_WORDS

# Conditions the site's own table (``build.condition_html``) does not word: the reader's further state kinds.
MORE_CONDITIONS = {
    "conquered_by": "{s} is conquered by {v}", "loses_war": "{s} loses the war", "wins_war": "{s} wins the war",
    "controlled_by": "{s} is controlled by {v}", "took_part_in_war": "{s} took part in the war",
    "va_of": "{s} is a vassal (VA) of {v}", "ally_of": "{s} is an ally of {v}", "neutral": "{s} is neutral",
    "forced_out_of_war": "{s} is forced out of the war", "unconditional_victory": "{s} wins an unconditional victory",
    "dissociated": "{s} is dissociated", "succeeded": "{s} succeeded", "accepted": "{s} is accepted",
    "draw": "the war ends in a draw", "occurs": "{e} occurs", "counters_in_area": "{s} has counters in {v}",
}

EFFECTS = {
    "owner": "{s} passes to {v}", "minor_neutral": "{s} becomes a neutral minor", "minor_removed": "{s} is removed",
    "minor_created": "{s} is created", "minor_vassal": "{s} becomes a vassal (VA) of {v}",
    "religion": "{s} becomes {v}", "cancel_event": "event {e} is cancelled", "never_occurs": "event {e} can never occur",
    "game_ends": "the game ends",
}


def _fill(form: str, d: dict) -> Markup:
    return Markup(escape(form).replace("{s}", "\0s").replace("{v}", "\0v").replace("{e}", "\0e")).replace(
        "\0s", escape(d.get("subject") or "")).replace("\0v", escape(d.get("value") or "")).replace(
        "\0e", escape(d.get("event") or ""))


def effect_html(e: dict) -> Markup:
    """One effect in words; ``first_of`` is 'the first of these that can apply'; an unknown kind is named, not
    dropped (its name with the underscores as spaces, and its subject)."""
    kind = str(e.get("kind"))
    if kind == "first_of":
        options = []
        for group in e.get("of", []) or []:
            items = group if isinstance(group, list) else [group]
            options.append(Markup(", ").join(effect_html(x) for x in items if isinstance(x, dict)))
        return Markup("the first of these that can apply: ") + Markup("; or else ").join(options)
    form = EFFECTS.get(kind)
    if form is None:
        words = kind.replace("_", " ")
        return Markup("{}{}").format(words, (": " + " ".join(str(e.get(k)) for k in ("subject", "value", "event")
                                                                if e.get(k))) if any(e.get(k) for k in
                                                                                    ("subject", "value", "event")) else "")
    out = _fill(form, e)
    if e.get("only_for"):
        out += Markup(" (for {} only)").format(e["only_for"])
    return out


def logic_effects(event: Event) -> list[tuple[object, dict]]:
    """(clause, effect reading) for every clause that states effects, in text order: the clauses read as effects,
    and the requirements that state their event's effects too (``facts.effect_reading``)."""
    out = []
    for c in event.all_clauses():
        reading = effect_reading(c.logic)
        if reading:
            out.append((c, reading))
    return out


def does_rows(event: Event, cond_html, page_url: str) -> list[dict]:
    """What the event does: one row per clause the reader read as an effect, with the clause's label (its link)
    and, when the effect applies only under a condition, that condition in words."""
    rows = []
    for c, logic in logic_effects(event):
        words = Markup("; ").join(effect_html(e) for e in logic.get("effects", []) or [] if isinstance(e, dict))
        if not words:
            continue
        # The clause's own condition when it is a plain one; a case's condition it inherits (or a nested one) is
        # the case heading's, which the text shows above the clause (its link).
        conds = [x for x in logic.get("when", []) or [] if isinstance(x, dict)]
        if any(x.get("kind") in ("any", "all", "not") or x.get("inherited_from") for x in conds) or len(conds) > 3:
            conds = []
        when = Markup(" and ").join(cond_html(x, page_url) for x in conds) if conds else None
        rows.append({"anchor": f"c{c.line}", "marker": c.marker or "the clause", "html": _capital(words),
                     "when": when, "optional": bool(logic.get("optional"))})
    return rows


def ends_rows(event: Event, duration: str, multiplicity: str) -> list[Markup]:
    """How it ends: its duration, how often it occurs, what happens when it is drawn but cannot occur, and the
    end of the game when an effect ends it."""
    rows = [Markup("Duration: {}.").format(duration)]
    if event.duration and event.duration.strip() != duration:
        rows.append(Markup("As the text says: <q>{}</q>.").format(event.duration))
    rows.append(Markup("It {}.").format(multiplicity))
    fails = []
    for c in event.conditions:
        if c.logic and c.logic.get("role") == "requirement":
            words = ON_FAIL_WORDS.get(c.logic.get("on_fail"), str(c.logic.get("on_fail")))
            if words not in fails:
                fails.append(words)
    for w in fails:
        rows.append(Markup("Drawn when it cannot occur: {}.").format(w))
    if any(e.get("kind") == "game_ends" for _, lg in logic_effects(event) for e in lg.get("effects", []) or []
           if isinstance(e, dict)):
        rows.append(Markup("It can end the game."))
    return rows


def _capital(text: Markup) -> Markup:
    s = str(text)
    m = re.match(r"(<[^>]*>)*", s)
    k = m.end() if m else 0
    return Markup(s[:k] + s[k:k + 1].upper() + s[k + 1:])
