"""An auto-resolution that drops a qualifier, an exception or a limit of the rule it resolves, or widens its scope.

Why: The Price of Power resolves the symbols of unpicked events (and events of Bots) by auto-resolution notes
(16.5) that restate the symbol's rule as a procedure. A note that leaves out what narrows the rule resolves it
differently from how a player would: the Pirate Ship goes into a node that is not a *Maritime* Trade Node, the
Roma Cardinal is removed, every DNPR of the colour expands where the rule has one picked. Read, in the symbol's
rule (its paragraphs before the note) and in the note (the ``Auto-resolution:`` paragraph and the ones after it):

* an **exception** (``except the Roma C``): dropped when the note has neither "except" nor the excepted thing;
* an **exclusion** (``Orthodox or Muslim Areas may not be chosen``): dropped when the note names none of the
  excluded kinds;
* a **restriction** in a relative clause (``(which is not currently an Active Ally)``): dropped when the note
  names none of its capitalised words;
* a **qualifier** on a term the note repeats (``a Maritime Trade Node`` → ``the Trade Node``; ``2 Catholic
  Areas`` → ``Areas``) in the sentence of the rule the note's sentence restates (one sharing a two-word term such
  as *Pirate Ship* or *Diverse Faiths*);
* a **limit** (``less than 4 Q``): dropped when the note has no number of that thing;
* a **scope** widened: the rule has one picked (``pick a DNPR``), the note acts on all (``All DNPRs``).

A note that says its targets must be *eligible* keeps the rule's "may not be" restrictions. One finding per note,
listing what it drops.

Fails::

    Place a Pirate Ship into a Maritime Trade Node of your choice.
    Auto-resolution: Place the Pirate Ship into the Trade Node with the most Merchants.

Passes: "Auto-resolution: Place the Pirate Ship into the Maritime Trade Node with the most Merchants."

Restate the qualifier in the note, or say in the note that it deliberately resolves more widely.
"""

from __future__ import annotations

import re

from ....checks.wording import mentions

CODE = "POP001"
NAME = "auto-resolution-drops-qualifier"
CATEGORY = "reference"
SEVERITY = "warning"
SCOPE = "kb"  # not reviewed for entry scope, so whole-KB (slower, never wrong)

_NOTE = re.compile(r"^\s*Auto-resolution\s*:\s*", re.IGNORECASE)
_CAP = r"[A-Z][\w’'-]*"
_EXCEPT = re.compile(r"\bexcept(?:ing)? (?:for )?((?:the |a |an )?[^,.;()]+)")
_EXCLUDED = re.compile(rf"\b({_CAP}(?:(?:, | or | and ){_CAP})*) {_CAP} (?:may|must|can) not be "
                       r"(?:chosen|selected|picked|targeted|used)\b")
_RELATIVE = re.compile(r"\((?:which|who|that) (?:is|are) (?:currently )?not ([^)]*)\)|, (?:which|who) (?:is|are) "
                       r"(?:currently )?not ([^,.;]*)")
_RUN = re.compile(rf"\b(?:a|an|the|any|each|into|in|on|of|to|\d) ({_CAP}(?: {_CAP})+)")
_BIGRAM = re.compile(rf"\b{_CAP} {_CAP}\b")
_LIMIT = re.compile(r"\b(?:less|fewer) than (\d+) (\S+)|\bup to (\d+) (\S+)|\ba maximum of (\d+) (\S+)")
_ONE = re.compile(rf"\b(?:pick|choose|select)s? (?:a|an|one|1) ({_CAP})\b")
_ARTICLES = {"the", "a", "an"}


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z(])", " ".join(text.split())) if s]


def _has(word: str, text: str) -> bool:
    """Does ``text`` name ``word``, any case, as a word or the start of one ('Area' names 'Areas')?"""
    return mentions(text, word, whole=False, ignore_case=True)


def split(rule) -> tuple[list[str], str]:
    """The symbol's rule (blocks before the note) and the note (its paragraph and the blocks after it)."""
    body, note, in_note = [], [], False
    for block in rule.blocks:
        if block.kind == "heading":
            continue
        if _NOTE.match(block.text):
            in_note = True
            note.append(_NOTE.sub("", block.text))
        elif in_note:
            note.append(block.text)
        else:
            body.append(block.text)
    if not note and rule.auto_resolution:
        note = [rule.auto_resolution]
    return body, " ".join(note)


def drops(body: list[str], note: str) -> list[str]:
    out: list[str] = []
    text = " ".join(" ".join(b.split()) for b in body)
    eligible = _has("eligible", note)
    excepted: set[str] = set()
    for m in _EXCEPT.finditer(text):
        words = [w for w in m.group(1).split() if w.lower() not in _ARTICLES]
        key = [w for w in words if len(w) > 1] or words
        if key and key[0].lower() != "you":
            excepted.update(words)
            if not _has("except", note) and not any(_has(w, note) for w in key):
                out.append(f"the exception 'except {m.group(1).strip()}'")
    if not eligible:
        for m in _EXCLUDED.finditer(text):
            kinds = re.split(r", | or | and ", m.group(1))
            if not any(_has(k, note) for k in kinds):
                out.append(f"the exclusion '{m.group(0)}'")
    for m in _RELATIVE.finditer(text):
        clause = m.group(1) or m.group(2)
        caps = re.findall(_CAP, clause)
        if caps and not any(_has(c, note) for c in caps):
            out.append(f"the restriction '{m.group(0).strip(' ,()')}'")
    note_sentences = _sentences(note)
    for sentence in (s for b in body for s in _sentences(b)):
        shared = {g for g in _BIGRAM.findall(sentence) if any(g in n for n in note_sentences)}
        if not shared:
            continue
        for m in _RUN.finditer(sentence):
            first, rest = m.group(1).split(" ", 1)
            if first in excepted or not any(_has(rest, n) for n in note_sentences) or _has(first, note):
                continue
            out.append(f"the qualifier '{first}' of '{m.group(1)}'")
    for m in _LIMIT.finditer(text):
        number = next(m.group(i) for i in (1, 3, 5) if m.group(i))
        if not re.search(rf"\b{number}\b", note):
            out.append(f"the limit '{m.group(0)}'")
    for m in _ONE.finditer(text):
        noun = m.group(1)
        every = re.search(rf"\b(?:[Aa]ll|[Ee]very|[Ee]ach) {re.escape(noun)}s?\b", note)
        if every:
            out.append(f"the scope: the rule has one picked ('{m.group(0)}'), the note acts on '{every.group(0)}'")
    return list(dict.fromkeys(out))


def check(ctx):
    for rid in sorted(ctx.kb.rules):
        rule = ctx.kb.rules[rid]
        if not getattr(rule, "auto_resolution", None):
            continue
        body, note = split(rule)
        found = drops(body, note)
        if found:
            line = next((b.line for b in rule.blocks if _NOTE.match(b.text)), rule.source.line)
            yield ctx.finding(rid, line, f"the auto-resolution of '{rule.title}' drops "
                              + "; ".join(found) + " of the rule it resolves")
