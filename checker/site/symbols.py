"""A game's symbols, drawn, with a legend taken from its own rules.

Some rulebooks print icons in running text (The Price of Power: "gain u on all their v", "place a ? equal to the
Tax Value"); a copy of the text keeps them as a letter or a '?'. The rules name many of them where they introduce
them: "Provinces with Unrest (u)", "an Ill Health token (H)", "DNPR tokens (æ)". This module reads those
definitions from the game's own texts (rule entries and events), and marks every lone symbol in a text so the site
draws it as a token with its name (``title``) instead of a bare letter; the legend quotes the sentence that defines
each symbol and links to it. A symbol the texts use without naming it is drawn too, and listed as not named by the
rules (never given a guessed meaning). A '?' in place of a word is an icon the copy lost.

Only a game whose texts define at least ``MIN_DEFINED`` symbols is treated so: elsewhere a lone capital letter is a
letter ("an R result").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from markupsafe import Markup

MIN_DEFINED = 3
DEFINITION = re.compile(r"((?:[\w’'/-]+ ){0,3}[\w’'/-]+) \(([^\s()\d])\)")
# A lone symbol: one character standing as a word. Lower-case letters other than 'a' are never English words; the
# defined capitals are found by their definitions; '?', '<', '^', '§', 'æ' stand for icons.
LONE = re.compile(r"(?<![\w’'.])([b-zæ?<^§]|[A-Z])(?![\w’'])")
NOT_SYMBOL = re.compile(r"\b(?:e\.g\.|i\.e\.|p\.\s*\d+|pp\.\s*\d+)")
LOST = "?"


@dataclass
class Symbol:
    glyph: str
    name: str | None  # None: used but not named by the rules
    quote: str = ""
    source: str = ""  # entry id
    line: int | None = None
    uses: list[str] = field(default_factory=list)  # entry ids


def _name(words: str) -> str:
    """The name in a definition: its last run of capitalised words, with a trailing 'token(s)' ('Provinces with
    Unrest (u)' -> 'Unrest'; 'Place a Protestant/Counter-Reformed token (Q)' -> 'Protestant/Counter-Reformed token')."""
    parts = words.split(" ")
    keep: list[str] = []
    for w in reversed(parts):
        if w[:1].isupper() or (w in ("token", "tokens") and not keep):
            keep.insert(0, w)
        else:
            break
    if keep == ["token"] or keep == ["tokens"]:
        return ""
    if keep and keep[-1] == "tokens":
        keep[-1] = "token"
    return " ".join(keep)


def _texts(view):
    for r in view.rules.values():
        for b in r.blocks:
            yield r.id, b.line, b.text
    for e in view.events.values():
        for c in e.all_clauses():
            yield e.id, c.line, c.text


def legend(view, period_labels=()) -> dict[str, Symbol]:
    """The game's symbols by glyph (defined ones first, in the order the rules define them), or {} when its texts
    define fewer than ``MIN_DEFINED``."""
    defined: dict[str, Symbol] = {}
    labels = set(period_labels)
    for ident, line, text in _texts(view):
        for m in DEFINITION.finditer(text):
            glyph, name = m.group(2), _name(m.group(1))
            if name and glyph not in labels and glyph not in defined and not glyph.isdigit():
                start = text.rfind(". ", 0, m.start()) + 1
                end = text.find(". ", m.end())
                defined[glyph] = Symbol(glyph, name, text[start:end + 1 if end != -1 else len(text)].strip(),
                                        ident, line)
    if len(defined) < MIN_DEFINED:
        return {}
    out = dict(defined)
    for ident, _line, text in _texts(view):
        for m in LONE.finditer(NOT_SYMBOL.sub(lambda x: " " * len(x.group()), text)):
            g = m.group(1)
            if g.isupper() and g not in defined:
                continue  # a capital letter is a letter unless the rules define it as a symbol
            sym = out.setdefault(g, Symbol(g, None))
            if ident not in sym.uses:
                sym.uses.append(ident)
    return out


def title(sym: Symbol) -> str:
    if sym.name:
        return f"{sym.name} (symbol)"
    if sym.glyph == LOST:
        return "a symbol lost in the copy of the rules"
    return "a symbol the rules use without naming it"


def spans(raw: str, symbols: dict[str, Symbol], taken) -> list[tuple[int, int, Markup]]:
    """Spans of ``raw`` that are lone symbols, each drawn as a token with its name; ``taken(start, end)`` says a
    span is already another link's."""
    if not symbols:
        return []
    out = []
    masked = NOT_SYMBOL.sub(lambda x: " " * len(x.group()), raw)
    for m in LONE.finditer(masked):
        sym = symbols.get(m.group(1))
        if sym is None or taken(m.start(), m.end()):
            continue
        out.append((m.start(), m.end(), draw(sym)))
    return out


def css_class(glyph: str) -> str:
    return "rk-sym-" + (glyph if glyph.isascii() and glyph.isalnum() else f"u{ord(glyph):x}")


def draw(sym: Symbol) -> Markup:
    kind = "rk-sym-named" if sym.name else ("rk-sym-lost" if sym.glyph == LOST else "rk-sym-unnamed")
    return Markup('<span class="rk-sym {} {}" title="{}" role="img" aria-label="{}">{}</span>').format(
        kind, css_class(sym.glyph), title(sym), title(sym), sym.glyph)
