"""Grammar a spelling list cannot see, found by Harper (``harper-py``: an offline English grammar checker written in
Rust; no Java, no server): subject-verb and pronoun agreement, articles and determiners, missing words,
confusables, wrong prepositions, comparatives, a noun where a verb is meant.

Why: each word is spelled right, so STY002 passes the sentence, yet "Sweden annexes it if they wins the war" or
"they receive +1 for each two provinces" is a slip a proofreader marks.

What is on (curated for rules texts): Harper's groups "Grammar and Agreement", "Pronouns and Possession", "Word
Choice and Usage" and "Phrase Corrections". What is off, and why:

* spelling (STY002 checks it with the game's vocabulary), capitals, punctuation and spacing, hyphenation and
  compounds, numbers and units, proper-noun capitals, initialisms, and every style preference (the Oxford comma,
  sentence length, "and also", discourse-marker commas, regionalisms): rules texts are not essays;
* rules STY004 already applies with these texts' conventions: 'a' / 'an' (``AnA``: Harper reads the counter
  ``A+`` and the labels "a or b" as words), 'the this' (``ThatThis``), 'loose' / 'lose' (``ToLoseTooLoose``),
  'then' / 'than' (``ThenThan``, ``ThatThan``);
* rules that misread game prose on the bundled KB (false alarms there): ``PossessiveNoun`` (8 of its 12 findings
  were noun compounds such as "the negotiations step", "the events phase"), ``UpdatePlaceNames``
  (historical names are right: "Turkey", "Mysore"), ``MassNouns`` ("a rating of 5"), ``PronounInflectionBe``
  ("all minors and rebels involved in it are"), ``ModalBeAdjective`` ("they must first write"), ``MissingTo`` (the
  heading "Preparing Event Decks"), ``NounVerbConfusion`` ("Some Event effects only apply"), ``ToTwoToo``
  ("applied separately to German, Italian …"), ``OneOfTheSingular`` (it reads "two" in "one of the two following
  conditions occurs" as the noun, and flags the sentence however its verb is written).

The game's vocabulary (the profile's codes, names, regions, abbreviations and words, the gazetteer's places) is
added to Harper's dictionary, and codes, counters and numbers (``SPA``, ``A+/-``, ``10i``, ``24.61B``, a lone
``?``) are masked, so place names and codes are never flagged. One Harper linter is built per process, on first
use (about 0.6 s), and each entry's texts are linted as one document (the bundled KB's 741 texts in 97 entries:
about 1.7 s of linting on a 2-core machine; linting each text alone took 4 times longer). What the KB as loaded
gives is kept in the cache under the KB's state (``CheckContext.base_aggregate``), so a warm run, or a run that
checks a new text, lints only the texts that changed.

``harper-py`` is one of rulekb's dependencies, so the findings do not depend on how rulekb was installed (a plain
``pip install`` once lacked it, and this check then reported nothing).

Fails::

    1. Sweden annexes it if they wins the war.
    2. After that they receive +1 for each two provinces they have under conquest.
    3. Poland could of declared war. Their is no capital left.

Passes::

    1. Sweden annexes it if they win the war.
    2. After that they receive +1 for every two provinces they have under conquest.
    3. Poland could have declared war. There is no capital left.

Correct the sentence, or accept the finding with a reason when the text must stay as printed.
"""

from __future__ import annotations

import bisect
import zlib

from ..quote import around

CODE = "STY006"
NAME = "grammar"
CATEGORY = "style"
SEVERITY = "info"
SCOPE = "kb"  # Harper is given the game's vocabulary, and the KB as loaded is linted once (base_aggregate)

ON_GROUPS = ("Grammar and Agreement", "Pronouns and Possession", "Word Choice and Usage", "Phrase Corrections")
OFF_RULES = frozenset({
    # STY004 applies these with the texts' conventions
    "AnA", "ThatThis", "ToLoseTooLoose", "ThenThan", "ThatThan",
    # false alarms on the bundled KB (see the docstring)
    "UpdatePlaceNames", "MassNouns", "PronounInflectionBe", "ModalBeAdjective", "MissingTo", "NounVerbConfusion",
    "ToTwoToo", "PossessiveNoun", "OneOfTheSingular",
})
# Codes and counters (SPA, A+/-, Ldet is a word), one capital letter (a counter: 'their A'), numbers with what
# follows (10i, 24.61B, 354B), a lone symbol (?, ^), and clause labels ('(a)', 'a-e').
MASK = r"\b[A-Z][A-Za-z0-9]*[A-Z0-9][A-Za-z0-9]*\b[+/\-]*|\b[A-Z]\b[+/\-)]*|\b\d+[\w.]*|[?^]|\([a-zX]\)|\b[a-z]-[a-z]\b"

_LINTER = None  # (linter, the rule names on, the words added) — one per process
_UNAVAILABLE = object()


def linter():
    """The process's Harper linter, built on first use with the curated rules; None when harper-py is missing."""
    global _LINTER
    if _LINTER is _UNAVAILABLE:
        return None
    if _LINTER is None:
        try:
            import harper
        except ImportError:
            _LINTER = _UNAVAILABLE
            return None
        lint = harper.Linter(harper.Dialect.AMERICAN)
        on = rule_names_on(lint)
        lint.set_lint_config({name: name in on for name in lint.get_default_lint_config()})
        _LINTER = (lint, on, set())
    return _LINTER


def rule_names_on(lint) -> set[str]:
    """The names of the rules of ON_GROUPS, less OFF_RULES."""
    groups: dict[str, list[str]] = {}

    def walk(node, top):
        for item in node.get("settings", []):
            if "Group" in item:
                walk(item["Group"]["child"], top or item["Group"]["label"])
            elif "Bool" in item:
                groups.setdefault(top, []).append(item["Bool"]["name"])

    walk(lint.get_structured_lint_config(), None)
    return {name for group in ON_GROUPS for name in groups.get(group, [])} - OFF_RULES


def vocabulary(ctx) -> list[str]:
    """The game's own words: the profile's codes, names, regions, abbreviations and words, the gazetteer's places."""
    game = ctx.kb.games.get(ctx.kb.game, {})
    words = {c["code"] for c in game.get("countries", [])}
    for name in ("vocabulary", "names", "regions", "abbreviations"):
        words.update(game.get("facts", {}).get(name, []))
    for ent in ctx.kb.gazetteers.get(ctx.kb.game, {}).get("entities", []):
        words.add(ent["name"])
        words.update(ent.get("aliases", []))
    return sorted(w for word in words for w in str(word).split())


def _lint_entries(lint, items_by_entry: dict[str, list[tuple[int, str]]]) -> list[tuple[str, int, str]]:
    """(entry, source line, message) of every lint, each entry's texts linted as one document."""
    out = []
    for entry, items in items_by_entry.items():
        starts, parts, at = [], [], 0
        for _, text in items:
            starts.append(at)
            parts.append(text)
            at += len(text) + 2
        for found in lint.lint("\n\n".join(parts), language="plaintext", regex_mask=MASK):
            i = bisect.bisect_right(starts, found.span.start) - 1
            line, text = items[i]
            start, end = max(0, found.span.start - starts[i]), max(0, found.span.end - starts[i])
            fix = next((s.replacement_text for s in found.suggestions if s.replacement_text), None)
            hint = f" ('{fix}'?)" if fix else ""
            out.append((entry, line, f"{found.message.rstrip('.')}{hint}: {around(text, start, end)}"))
    return out


def _texts(ctx, events, rules) -> dict[str, list[tuple[int, str]]]:
    from . import ordered_texts

    out: dict[str, list[tuple[int, str]]] = {}
    for _, entry, line, text in ordered_texts(ctx, events, rules):
        out.setdefault(entry, []).append((line, text))
    return out


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("harper-py")
    except PackageNotFoundError:
        return "unknown"


def check(ctx):
    got = linter()
    if got is None:
        return
    lint, on, added = got
    words = [w for w in vocabulary(ctx) if w not in added]
    if words:
        lint.import_words(words)
        added.update(words)
    only = ctx.only
    game_rules = {rid: r for rid, r in ctx.kb.rules.items() if getattr(r, "game", ctx.kb.game) == ctx.kb.game}
    if only is None and ctx.kb_state is None:
        found = _lint_entries(lint, _texts(ctx, ctx.events(), ctx.kb.rules))
    else:
        base_rules = {rid: ctx.replaced.get(rid, r) for rid, r in game_rules.items()
                      if only is None or rid not in only or rid in ctx.replaced}
        # Keyed by the rules on and Harper's version too: a new curation or Harper release lints again.
        key = f"STY006-grammar-{_version()}-{zlib.crc32(' '.join(sorted(on)).encode()):08x}"
        base = ctx.base_aggregate(key,
                                  lambda: _lint_entries(lint, _texts(ctx, ctx.base_events(), base_rules)))
        if only is None:
            found = list(base)
        else:
            found = [f for f in base if f[0] not in only]
            found += _lint_entries(lint, _texts(ctx, [e for e in ctx.events() if e.id in only],
                                                {rid: r for rid, r in ctx.kb.rules.items() if rid in only}))
    for entry, line, message in found:
        if ctx.wants(entry):
            yield ctx.finding(entry, line, message)
