"""Read one clause (or heading) into logic: split it into sentences, pick the rule-shaped ones, parse each with the
grammar, and put the readings together. A rule-shaped sentence the grammar cannot read makes the clause
``{role: unread, reason, words}``: never a partial reading.

Rule-shaped means: a requirement, a failure outcome, a state change the logic models (owner, minors created,
removed, made neutral or vassal, religion), a cancellation, the end of the game, an inherited event, or a
condition that scopes such a sentence. ``SHAPE`` lists the cue phrases (fixed strings: linear to search); a game
with sentence forms of its own adds the cues of its idiom (``CUES`` of its pack's sentences module).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import Any

from lark.exceptions import LarkError, UnexpectedInput

from ...core.eventid import ID_SHAPE
from .commentary import INERT, QUALIFIERS, WRITERS_THOUGHTS, marked_commentary, without_commentary
from .events import read_event_sentence
from .framing import (
    RETRACTED,
    Unframed,
    asks_for_a_rule,
    causative,
    corrected_wording,
    question_and_answer,
    reframed,
    retracted,
)
from .grammar import Vocabulary, default_vocabulary, parser
from .phrases import Context, lexicon_for, tokens, unformatted
from .reading import Reading, Unread
from .shape import event_shaped
from .split import MAX_SENTENCE, Sentence, split_sentences


def context(vocab: Vocabulary, event_id: str | None = None) -> Context:
    """What the event language resolves references against, from the game's vocabulary."""
    return Context(labels=vocab.labels, periods=vocab.periods, codes=vocab.codes, titles=vocab.titles,
                   period_names=vocab.period_names, event_id=event_id, adjectives=vocab.adjectives,
                   own_period_numbers=vocab.own_period_numbers)

SHAPE = re.compile(
    # requirements and failure outcomes (at the start of a sentence, or the fixed phrases of one)
    r"^(?:Cannot (?:occur|take place)|(?:Can occur|Occurs|Takes place|May) only\b)"
    r"|^(?:Otherwise|In (?:that|this|such a) case),? (?:re-roll|mark|treat|consider|the event)"
    r"|is marked off|mark it off|re-roll and do not mark|mark as played"
    # state changes the logic models
    r"|\bannex(?:es|ed)?\b|neutral minor|becomes neutral|becomes (?:a )?(?:catholic|protestant)"
    r"|is recreated|\bnew minor\b|removed from (?:the )?(?:play|game)|returned to play"
    r"|reappears in play|owned [A-Z]{2,}"
    # cancellations, the end of the game
    r"|never occur|effects of (?:this )?event\b[^.]{0,40}cancelled|effects of event|[Tt]he game ends immediately"
    # card games: when a card may be played, cancelling and preventing other cards
    r"|\b(?:[Mm]ay|[Cc]an) (?:only be played|be played (?:as an event )?only)\b|\b(?:[Cc]annot|[Mm]ay not|[Cc]an not) be"
    r" played\b|\b[Cc]ancels\b|\b[Pp]revents\b|\bno longer be played\b|^Requires\b"
    rf"|\beffects of {ID_SHAPE}|{ID_SHAPE}(?: \([^()]{{0,80}}\))? (?:is|are) cancelled\b")
# Not a state change: "stated in the annexes" (the book's annexes); "SPA annexed Portugal", "including annexed
# Portugal" (an adjective); VP accounting ("10 VPs for every province annexed by Sweden").
# "receives VPs … as if annexed to itself": a hypothetical, no change of owner.
# A leader (a counter, not a country) "removed from play" is no state fluent the logic models.
_NOT_SHAPE = re.compile(r"\bthe annexes\b|\bannexed (?=[A-Z][a-z])|^.*\bVPs? for every province\b.*$"
                        r"|\bas if annexed\b|\b[Ll]eaders?\b[^.()]{0,120}?\bremoved from (?:the )?(?:play|game)")
# A hedged aside ("(which might cause it to be dissolved and removed from play)") states a possibility, not a rule:
# it is cut out before the shape test. Any other aside keeps its words (a cue inside it still counts).
_HEDGED_ASIDE = re.compile(r"\((?:which |that |this )?(?:might|may|could|can possibly|possibly)\b[^()]{0,400}\)")


MAX_RULE_SENTENCES = 12  # per clause; the seeds' clauses have at most 3
MAX_WHOLE_TRIES = 40  # sentences per clause tried whole with the event language (each a parse: the work is bounded)

ORPHAN_FAILURE = "a failure outcome with no requirement in the same clause"


# Every cue of SHAPE contains one of these words: a sentence without any of them is not rule-shaped. A sentence too
# long to parse is judged by these words alone (and reported unread if it has one): never a silent pass.
_KEYS = ("Cannot", "only", "Otherwise", "In that", "In this", "In such", "mark", "re-roll", "annex", "neutral",
         "becomes", "recreated", "new minor", "removed from", "returned to play", "reappears", "owned", "never occur",
         "cancelled", "game ends", "effects of", "be played", "ancels", "revents", "Requires")


@functools.lru_cache(maxsize=8)
def _game_cues(forms: str | None) -> tuple[tuple[str, ...], re.Pattern | None]:
    """The keys and cue expression of a game's own sentence forms (``GamePack.sentences``), if it has any."""
    if not forms:
        return (), None
    from ...games.registry import sentence_forms

    module = sentence_forms(forms)
    return tuple(module.KEYS), re.compile(module.CUES)


def rule_shaped(sentence: str, vocab: Vocabulary | None = None) -> bool:
    """Does the sentence state a rule the logic models? The seeds' cue phrases (``SHAPE``), or the event language's
    shape (``events.shaped``: a frame, an outcome or an effect on events, or an event named with its state). A
    sentence in capitals ("PRU ANNEXES DANZIG.") is judged as it would be in sentence case too."""
    sentence = sentence.strip()
    if _HISTORY_HEAD.match(sentence) and _YEAR.search(sentence) and not _names_an_event(sentence, vocab):
        # "Historical note: the war opposed Prussia to Austria (1756-1763).": history told, with its year, naming no
        # event ("Historical note: Danzig passes to Prussia." has no year: it may state a rule, and is read or
        # reported)
        return False
    qa = question_and_answer(sentence)
    if qa:
        # a question and its answer: the rule may be in either (framing.py reads or reports it), and only there: a
        # question who chooses and an answer with no rule ("The USSR player, but no more than one per region.")
        # hold none, whatever words the two share
        if _ASKS_WHO.search(qa[0]):
            return rule_shaped(qa[1], vocab)  # "who places the marker?", "how many …?": a fact, not a rule, is asked
        return rule_shaped(qa[0] + ".", vocab) or rule_shaped(qa[1], vocab) or asks_for_a_rule(qa[0])
    new = corrected_wording(sentence)
    if new and new != sentence and rule_shaped(new, vocab):
        return True  # a correction that quotes a rule as its new wording (framing.py reads or reports it)
    said = causative(sentence)
    if said and said != sentence and rule_shaped(said, vocab):
        return True  # a designer's "I let X happen only once …": the rule said of X (framing.py)
    letters = [c for c in sentence if c.isalpha()]
    if letters and len(sentence) <= MAX_SENTENCE and all(c.isupper() for c in letters):
        if _shaped(sentence[:1] + sentence[1:].lower(), vocab):
            return True
    return _shaped(sentence, vocab)


# a heading that says what follows is history, not a rule ("Historical note:", "Background:", "Trivia:")
_HISTORY_HEAD = re.compile(r"^\W*(?:historical(?:\s+notes?)?|history|background|trivia)\s*:", re.IGNORECASE)
_YEAR = re.compile(r"\b1[0-9]{3}\b")  # (as commentary.marked_commentary tells history by its year)


def _names_an_event(sentence: str, vocab: Vocabulary | None) -> bool:
    """Does ``sentence`` name an event (an id, a title, this event)?"""
    vocab = vocab or default_vocabulary()
    toks = tokens(sentence, context(vocab), lexicon_for(vocab.reader), tolerant=True)
    return any(t.kind in ("REF", "THIS", "BAREID") for t in toks)


_ASKS_WHO = re.compile(r"(?:^|,\s*)(?:who|whom|where|how\s+many|how\s+much|which\s+player)\b", re.IGNORECASE)


def _shaped(sentence: str, vocab: Vocabulary | None) -> bool:
    keys, cues = _game_cues((vocab or default_vocabulary()).forms)
    if any(k in sentence for k in _KEYS) or any(k in sentence for k in keys):
        if len(sentence) > MAX_SENTENCE:
            return True
        cut = _NOT_SHAPE.sub("", _HEDGED_ASIDE.sub("", sentence))
        if SHAPE.search(cut) or (cues is not None and cues.search(cut)):
            return True
    if vocab is None or len(sentence) > MAX_SENTENCE:
        return False
    return event_shaped(_HEDGED_ASIDE.sub("", sentence), context(vocab), vocab.reader)


def unread(reason: str, words: str) -> dict[str, Any]:
    return {"role": "unread", "reason": reason, "words": words}


# "The war goes on and event 2:VII can never occur.": a narrative first half (no rule in it) and a cancellation
_NARRATIVE_AND_NEVER = re.compile(r"^(?P<a>[^()]+?) and (?P<b>[Ee]vent \S+ can never occur\.?)$")


def _ends_in_a_name(text: str, event_id: str | None, vocab: Vocabulary) -> bool:
    """Does ``text`` end in a name (an event's id or title, this event, a capitalised name)? Then "… and event 9:VII
    can never occur" joins two subjects ("Event 11:VII and event 9:VII can never occur"), not a narrative clause
    ("The war goes on") and a rule."""
    toks = tokens(text, context(vocab, event_id), lexicon_for(vocab.reader), tolerant=True)
    return bool(toks) and toks[-1].kind in ("REF", "BAREID", "THIS", "NAME", "CODE")


def parse_sentence(sentence: Sentence, event_id: str | None, vocab: Vocabulary | None = None) -> Reading:
    """The game's own sentence forms first (a game pack's grammar, ``GamePack.sentences``), then the event language
    (events.lark); the sentence is unread when neither reads it, with the words of the reader that read further."""
    if retracted(sentence.text):
        raise Unread(RETRACTED, sentence.text.strip()[:200])
    try:
        reading = _parse_sentence(sentence, event_id, vocab)
    except Unread as exc:
        m = _NARRATIVE_AND_NEVER.match(sentence.text) if len(sentence.text) <= MAX_SENTENCE else None
        if m and not rule_shaped(m["a"], vocab or default_vocabulary()) and not _ends_in_a_name(
                m["a"], event_id, vocab or default_vocabulary()):
            try:
                return _parse_sentence(Sentence(m["b"], sentence.labels), event_id, vocab)
            except Unread:
                pass
        if len(sentence.text) > MAX_SENTENCE:
            raise
        vocab = vocab or default_vocabulary()
        try:
            return read_event_sentence(sentence.text, context(vocab, event_id), vocab.reader)
        except Unread as other:
            # the game's own forms failed too: the reader that read further speaks (the event language when it
            # reached its grammar, or when the game has no forms of its own)
            failure = (other if other.reason.startswith(("ambiguous", "the grammar", "an event named by its number"))
                       or not vocab.forms else exc)
        if not failure.reason.startswith("ambiguous"):
            try:
                inner = reframed(sentence.text, context(vocab, event_id), vocab.reader)
            except Unframed as exc:
                raise Unread(str(exc), sentence.text.strip()) from None
            if inner is not None and inner.strip() != sentence.text.strip():
                # a question's answer, a correction's new wording: that is the rule (framing.py); a new wording of
                # several sentences ("should read 'Only after A. The game ends.'") is read as they are, each in turn
                inner_sentences = split_sentences(inner, sentence.labels)
                if 1 < len(inner_sentences) <= MAX_RULE_SENTENCES:
                    return Reading("compound", parts=tuple(parse_sentence(x, event_id, vocab) for x in inner_sentences))
                return parse_sentence(Sentence(inner, sentence.labels), event_id, vocab)
            said = causative(sentence.text)
            if said is not None and said.strip() != sentence.text.strip():
                # a designer's "I let X fire only once …": the rule said of X, when that reads (framing.py)
                try:
                    return parse_sentence(Sentence(said, sentence.labels), event_id, vocab)
                except Unread:
                    pass
            rest = without_commentary(sentence.text, context(vocab, event_id), vocab.reader,
                                      lambda piece: rule_shaped(piece, vocab),
                                      lambda piece: _reads_whole(piece, event_id, vocab) is not None)
            if rest is not None:
                try:
                    return parse_sentence(Sentence(rest, sentence.labels), event_id, vocab)
                except Unread:
                    pass
        if (not failure.reason.startswith("ambiguous") and _CONTROL.search(sentence.text)
                and ("controls",) not in lexicon_for(vocab.reader).forms):
            raise Unread(f"{failure.reason} ({CONTROL_HINT})", failure.words) from None
        raise failure from None
    _same_in_both(sentence, reading, event_id, vocab or default_vocabulary())
    return reading


# "the USSR controls Cuba": ownership in a card game, political control in the events rewrite. The core lexicon
# does not say which; a sentence with it is reported, with how a game says control is ownership
_CONTROL = re.compile(r"\bcontrol(?:s|led|ling)?\b", re.IGNORECASE)
CONTROL_HINT = ("'control' is ownership in some games and political control in others, and this game's profile "
                "does not say which; if it is ownership here, add it to the profile: reader: {tokens: {OWNS: "
                "[controls, control], GAINS: [takes control of, gains control of]}}")

_REROLLED = {None, "reroll", "nothing", "delay", "treat_as_R"}  # docs/logic.md S1: all re-rolled


def _same_meaning(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Do two readings mean the same: conditions that hold in the same states (``unless: [A, B]`` is
    ``when_any: [not A, not B]``), the same effects, outcomes alike as S1 groups them?"""
    import json

    from .formulas import same_conditions

    def fail(x):
        return "reroll" if x.get("on_fail") in _REROLLED else x.get("on_fail")

    def effects(x):
        return sorted(json.dumps(e, sort_keys=True) for e in x.get("effects", []) or [])

    return fail(a) == fail(b) and effects(a) == effects(b) and same_conditions(a, b)


def _same_in_both(sentence: Sentence, reading: Reading, event_id: str | None, vocab: Vocabulary) -> None:
    """A sentence the seeds' grammar reads is read by the event language too when every word of it is the event
    language's: if that finds two readings, or one that means something else, the sentence is ambiguous and is
    reported, never settled by which grammar runs first."""
    if reading.kind not in ("requirement", "effect") or len(sentence.text) > MAX_SENTENCE:
        return
    other = _reads_whole(sentence.text, event_id, vocab, keep_ambiguity=True)
    if other is not None and other.parts and not reading.parts:  # a requirement and effects, or one of them?
        from .describe import notation

        raise Unread("ambiguous: the sentence reads two ways", f"{sentence.text.strip()} — readings: "
                     f"{notation({**reading.logic, 'role': reading.kind})} | {' + '.join(p.kind for p in other.parts)}")
    if other is None or other.kind != reading.kind:
        return
    if not _same_meaning(reading.logic, other.logic):
        from .describe import notation

        a = notation({**reading.logic, "role": reading.kind})
        b = notation({**other.logic, "role": other.kind})
        raise Unread("ambiguous: the sentence reads two ways", f"{sentence.text.strip()} — readings: {a} | {b}")


@functools.lru_cache(maxsize=32)
def label_set(vocab: Vocabulary) -> frozenset[str]:
    return frozenset(vocab.labels)


def _parse_sentence(sentence: Sentence, event_id: str | None, vocab: Vocabulary | None = None) -> Reading:
    if len(sentence.text) > MAX_SENTENCE:
        raise Unread(f"a sentence longer than {MAX_SENTENCE} characters is not parsed", sentence.text[:120] + " …")
    vocab = vocab or default_vocabulary()
    forms = parser(vocab)
    if forms is None:  # the game has no sentence forms of its own: the event language reads it
        raise Unread("the grammar does not read this sentence from here on", sentence.text)
    try:
        tree = forms.parse(sentence.masked)
    except UnexpectedInput as exc:
        pos = getattr(exc, "pos_in_stream", None)
        words = sentence.masked[pos:] if isinstance(pos, int) and pos >= 0 else sentence.masked
        raise Unread("the grammar does not read this sentence from here on", _unmask(words, sentence)) from None
    except LarkError as exc:  # pragma: no cover - any other parser error is an unread sentence, never a crash
        raise Unread(f"parser error: {type(exc).__name__}", sentence.text) from None
    from ...games.registry import sentence_forms

    return sentence_forms(vocab.forms).ToLogic(sentence.asides, event_id, vocab).transform(tree)


def _unmask(words: str, sentence: Sentence) -> str:
    return re.sub("\u27e8(\\d+)\u27e9", lambda m: f"({sentence.asides[int(m[1])]})", words).replace(" , ", ", ")


def parse_condition_text(text: str, vocab: Vocabulary | None = None) -> dict[str, Any]:
    """A condition phrase on its own ("the revolt succeeded"), read with the requirement grammar."""
    vocab = vocab or default_vocabulary()
    sentences = split_sentences(f"Can occur only if {text}", label_set(vocab))
    if len(sentences) != 1:
        raise Unread("a condition of several sentences", text)
    reading = parse_sentence(sentences[0], None, vocab)
    if reading.parts:
        raise Unread("a condition with effects of its own", text)
    logic = reading.logic
    if logic.get("when_any"):
        return {"kind": "any", "of": logic["when_any"]}
    when = logic.get("when", [])
    return when[0] if len(when) == 1 else {"kind": "all", "of": when}


class Budget:
    """How many more sentences the reader parses for one event (every reading is bounded, whatever the input)."""

    def __init__(self, sentences: int = 400):
        self.left = sentences


OPENING_NOT_READ = ("a sentence among the event's opening conditions, where requirements stand, that the reader "
                    "does not read")


def read_text(text: str, event_id: str | None, budget: Budget | None = None,
              vocab: Vocabulary | None = None, opening: bool = False) -> dict[str, Any] | None:
    """The logic of one clause's text, ``{role: unread, …}``, or None when nothing in it is rule-shaped.
    ``vocab``: the game's words (``grammar.vocabulary_of(profile)``); None: the EU profile of the KB in use.
    ``opening``: the clause stands among the event's opening conditions, where requirements stand: a text there
    that holds no rule the reader reads is reported (unread), never dropped. Formatting marks are no words of it
    (``phrases.unformatted``)."""
    written, text = text, unformatted(text)
    logic = _read_text(text, event_id, budget, vocab, opening)
    if logic is None and opening and text.strip() and not _all_marked_commentary(text, vocab):
        return unread(OPENING_NOT_READ, written.strip()[:200])
    if logic and logic.get("role") == "unread" and text != written and logic.get("words") in text:
        # the words not read as they are written (formatting and brackets as the writer put them)
        at = text.index(logic["words"])
        logic["words"] = written[at:at + len(logic["words"])]
    return logic


def _sentences(text: str, vocab: Vocabulary) -> list:
    """The sentences of a clause's text: never ended by the dot of a title written short ("Bav. Succ. is in
    effect": ``TitleIndex.short_titles``)."""
    short = vocab.titles.short_titles(text) if vocab.titles is not None else ()
    return split_sentences(text, label_set(vocab), short)


def _all_marked_commentary(text: str, vocab: Vocabulary | None) -> bool:
    """Does every sentence of ``text`` say of itself that it states no rule (``commentary.marked_commentary``: a
    note, a cross-reference, a term defined, history with a year), or is a field left empty ("Prerequisite: none.")?
    Such a text among the opening conditions raises nothing; any other text there that holds no rule is
    reported."""
    sentences = _sentences(text, vocab or default_vocabulary())
    return bool(sentences) and all(marked_commentary(s.text) or _EMPTY_FIELD.fullmatch(s.text) for s in sentences)


def _read_text(text: str, event_id: str | None, budget: Budget | None = None,
               vocab: Vocabulary | None = None, opening: bool = False) -> dict[str, Any] | None:
    vocab = vocab or default_vocabulary()
    sentences = _sentences(text, vocab)
    shaped: list[bool] = []
    early: dict[int, Reading] = {}  # sentences no cue marks as rules, but which the event language reads whole
    count = tries = 0
    for i, s in enumerate(sentences):
        if retracted(s.text):  # a correction's old wording ("Previously it required …"): no rule in force
            shaped.append(False)
            continue
        shaped.append(rule_shaped(s.text, vocab) and not _EMPTY_FIELD.fullmatch(s.text))
        if not shaped[-1] and len(s.text) <= MAX_SENTENCE:
            # each try is a parse: bounded per clause and charged to the event's budget (a clause of thousands of
            # sentences in known words, "The Kalmar Union exists. …", is reported, never parsed for minutes)
            tries += 1
            if budget is not None:
                budget.left -= 1
            if tries > MAX_WHOLE_TRIES or (budget is not None and budget.left < 0):
                return unread(f"more than {MAX_WHOLE_TRIES} sentences in one clause, or more than the reader parses "
                              f"in one event, read like rules and are not read", text[:120] + " …")
            reading = _reads_whole(s.text, event_id, vocab)
            if reading is not None:
                early[i], shaped[-1] = reading, True
            else:
                # a correction whose quoted new wording the event language reads ("… should read 'If France owns
                # Corsica, mark off the event'"): a rule sentence, read through framing.py or reported
                new = corrected_wording(s.text)
                shaped[-1] = bool(new) and _reads_whole(new, event_id, vocab) is not None
                # a rule the reader reads whole, with words it does not know after it ("After Afghanistan (L3) is
                # over florp."): rule-shaped, so reported, never dropped
                shaped[-1] = shaped[-1] or _reads_before_unknown_tail(s.text, event_id, vocab)
        count += shaped[-1]
        if count > MAX_RULE_SENTENCES:
            return unread(f"more than {MAX_RULE_SENTENCES} rule-shaped sentences in one clause are not read",
                          text[:120] + " …")
    if not count:
        # among the opening conditions a clause of states said plainly ("Spain holds Flanders. The Deluge is
        # over."): their requirements, when each of its sentences is read so (or says nothing)
        try:
            declared = _declared_clause(sentences, event_id, vocab) if opening else None
        except Unread as exc:
            return unread(exc.reason, exc.words)
        if not declared:
            return None
        early.update(declared)
        for i in declared:
            shaped[i] = True
        count = len(declared)
    # No half-reading: beside a rule, a sentence that reads like a requirement, its outcome or an effect (it opens
    # with a time word, a negation or "only" and names an event or period; it names an outcome of a failed draw; it
    # opens with cancel / prevent / remove) is read too, never skipped: "After Marshall Plan. Not during Berlin Blockade." is two requirements.
    for i, s in enumerate(sentences):
        if (not shaped[i] and len(s.text) <= MAX_SENTENCE and not retracted(s.text)
                and _requirement_like(s.text, event_id, vocab)):
            shaped[i] = True
            count += 1
    if count > MAX_RULE_SENTENCES:
        return unread(f"more than {MAX_RULE_SENTENCES} rule-shaped sentences in one clause are not read",
                      text[:120] + " …")
    first_shaped = shaped.index(True)
    if opening:
        # among the opening conditions a sentence beside a rule that is not read ("USSR must control
        # Czechoslovakia. Warsaw Pact must be in play.") is reported with it: the rule alone would be a half-reading
        for i, (s, is_rule) in enumerate(zip(sentences, shaped)):
            if (not is_rule and not _scopes_the_rule(i, first_shaped, s) and not marked_commentary(s.text)
                    and not _a_heading(s.text, event_id, vocab) and not _inert_beside_a_rule(s.text, event_id, vocab)):
                try:
                    declared = _declared_state(s, event_id, vocab)
                except Unread as exc:
                    return unread(exc.reason, exc.words)
                if declared is None:
                    return unread(OPENING_NOT_READ, s.text.strip()[:200])
                early[i], shaped[i] = declared, True
                count += 1
    if not opening:
        # among the effects, a bare "only if" after an effect ("Turkey gets Rhodes. But only if Turkey does not have
        # it yet!", "… can never occur. Applies only if …"): a requirement of the event, or the condition of the
        # effect before it? Reported, never settled
        for i, s in enumerate(sentences):
            if i and shaped[i] and any(shaped[:i]) and _BARE_ONLY_IF.match(s.text.strip()):
                return unread(CONDITION_AFTER_EFFECT, s.text.strip()[:200])
    readings: list[Reading] = []
    if budget is not None:
        budget.left -= count + 1
        if budget.left < 0:
            return unread("the event has more rule-shaped sentences than the reader parses in one event",
                          text[:120] + " …")
    try:
        for i, (s, is_rule) in enumerate(zip(sentences, shaped)):
            if i in early:
                readings.append(early[i])
            elif is_rule:
                readings.append(_parse_in_place(s, event_id, vocab, opening))
            elif _scopes_the_rule(i, first_shaped, s):
                # a condition that opens the clause scopes the rule sentence after it: read it or report it
                readings.append(parse_sentence(s, event_id, vocab))
    except Unread as exc:
        return unread(exc.reason, exc.words)
    except Exception as exc:  # noqa: BLE001 - a transformer that meets an unforeseen tree reports, never crashes
        return unread(f"not read ({type(exc).__name__})", text)
    if any(r.declared and any(p.kind == "effect" or p.parts for p in readings[:k]) for k, r in enumerate(readings)):
        # "France gets Calais. The Deluge is over.": the card's requirement, the effect's condition, or what the
        # effect brings about? Reported, never settled
        return unread(STATE_AFTER_EFFECT, text.strip()[:200])
    logic = combine(readings, text)
    if (not opening and any(r.verbless for r in readings) and logic.get("role") == "requirement"
            and not logic.get("on_fail")):
        # "Berlin Wall no longer in effect." among the effects: a requirement, or the event ending it?
        return unread(VERBLESS_IN_BODY, text.strip()[:200])
    return logic


CONDITION_AFTER_EFFECT = ("ambiguous: a condition with no subject after an effect among the event's effects (a "
                          "requirement of the event, or the condition of the effect before it?)")
# "But only if …", "Applies only if …", "This only applies if …", "Only in case that …"
_BARE_ONLY_IF = re.compile(r"(?:but\s+|and\s+)?(?:(?:this|that|it)\s+)?(?:only\s+applies|only\s+apply|applies\s+only"
                           r"|apply\s+only|only)\s+(?:if|in\s+case|when|provided|where)\b", re.IGNORECASE)

STATE_AFTER_EFFECT = ("ambiguous: a state said plainly after an effect among the opening conditions (the event's "
                      "requirement, the effect's condition, or what the effect brings about?)")
VERBLESS_IN_BODY = ("ambiguous: a state with no verb among the event's effects (a requirement of the event, or what "
                    "it does?)")


# a list's field with nothing in it: "Prerequisite: none.", "Exclusions: n/a", "Blocked by: —"
# (not "nothing": "Else: nothing." is an outcome)
_EMPTY_FIELD = re.compile(r"\s*[^\W\d_][\w '’-]{0,40}:\s*(?:none|n/a|-+|—|–)\s*\.?\s*", re.IGNORECASE)


_SIDE_EVENT = re.compile(r"\s*[\w'’.-]+\s+(?:event|card)\s*\.?\s*", re.IGNORECASE)


def _a_heading(text: str, event_id: str | None, vocab: Vocabulary) -> bool:
    """A sentence that is only an event's title ("[20.1] RICHELIEU.", "FRONDE IN FRANCE."): a heading that says
    which event the rules after it belong to; it states no rule, so it is neither read nor reported. So is a field
    left empty ("Prerequisite: none.", "Exclusions: n/a")."""
    if len(text) > 200:
        return False
    if _EMPTY_FIELD.fullmatch(text):
        return True
    ctx = context(vocab, event_id)
    toks = tokens(text, ctx, lexicon_for(vocab.reader), tolerant=True)
    if len(toks) == 1 and toks[0].kind in ("REF", "THIS") and (bool(toks[0].by_title) or toks[0].kind == "THIS"):
        return True  # (the event's own id alone, as an errata list heads its entry: "7:VII. Replace …")
    if len(toks) == 1 and toks[0].kind == "CODE" and _SIDE_EVENT.fullmatch(text):
        return True  # "USSR event.": whose event the card is (a card game's side), no rule
    return _own_title_cut(text, event_id, ctx.titles)


def _own_title_cut(text: str, event_id: str | None, titles) -> bool:
    """A heading that is the event's own title cut short, as a printed list abbreviates it ("BAVARIAN SUCC." for THE
    WAR OF BAVARIAN SUCCESSION, "WAR PERSIA/TURKEY." for WAR BETWEEN PERSIA AND TURKEY): two words or more, each the
    start of a word of the title (three letters at least), in the title's order, and nothing else."""
    if titles is None or not event_id or not re.fullmatch(r"[\s\w./&'’-]{3,80}", text.strip()):
        return False
    title = titles.title_words(event_id)
    words = [w.lower() for w in re.findall(r"[^\W\d_]+", text)]
    if len(words) < 2 or not title:
        return False
    k = 0
    for w in words:
        while k < len(title) and not (title[k] == w or (len(w) >= 3 and title[k].startswith(w))):
            k += 1
        if k == len(title):
            return False
        k += 1
    return True


# what a sentence beside a rule may hold and still say nothing the rule could depend on: the event itself, a copula,
# words the lexicon does not know, at most one name ("The Peace of Utrecht is the big reset.")
_SAID_OF_ITSELF = (INERT - {"MODAL", "CONSIDER_V", "UNIT"}) | {"THIS", "ADJ"}


def _parse_in_place(sentence: Sentence, event_id: str | None, vocab: Vocabulary, opening: bool) -> Reading:
    """A rule sentence read where it stands: among the opening conditions a state said plainly is a requirement
    too (``_declared_state``), when no form reads the sentence as it is."""
    try:
        return parse_sentence(sentence, event_id, vocab)
    except Unread as exc:
        if not opening or exc.reason.startswith("ambiguous"):
            raise
        declared = _declared_state(sentence, event_id, vocab)
        if declared is None:
            raise
        return declared


# a heading before the state ("Dutch Revolt: Spain holds Flanders.", "Conditions: …")
_HEAD = re.compile(r"(?P<head>[^:;.!?()]{1,80}:\s*)(?P<rest>\S.*)", re.DOTALL)


def _declared_state(sentence: Sentence, event_id: str | None, vocab: Vocabulary) -> Reading | None:
    """Among an event's opening conditions, where requirements stand, a state said plainly with its verb ("Spain
    holds Flanders.", "The Deluge is over.", "Dutch Revolt: the Thirty Years' War has occurred."), as a terse card or
    a list of conditions prints its requirements: the requirement that the state holds, read as "Only if <the
    state>" is read (after a heading that is the event's own title, the words after it). None when that reads no
    requirement, or when the sentence is a question or joins a consequence ("…; then Spain holds Flanders": a
    condition and what follows from it). An ambiguous state raises ``Unread`` with the writer's words (reported,
    never settled)."""
    text = sentence.text.strip()
    if len(text) > MAX_SENTENCE or "?" in text or _CONSEQUENCE.search(text):
        return None
    tries = [f"Only if {text}"]
    m = _HEAD.fullmatch(text)
    if m and _own_title(m["head"].rstrip().rstrip(":"), event_id, vocab):
        tries.append(f"{m['head']}only if {m['rest']}")
    for attempt in tries:
        try:
            reading = parse_sentence(Sentence(attempt, sentence.labels), event_id, vocab)
        except Unread as exc:
            if exc.reason.startswith("ambiguous"):
                raise Unread(exc.reason, text[:200]) from None
            continue
        except Exception:  # noqa: BLE001 - a transformer that meets an unforeseen tree: no such reading
            continue
        if reading.kind == "requirement":
            return dataclasses.replace(reading, declared=True)
    return None


# what joins a state to a consequence or a reason: such a sentence is no list of states ("The Deluge is over; then
# Spain holds Flanders.", "… so Spain holds Flanders")
_CONSEQUENCE = re.compile(r"\b(?:then|so|therefore|thus|hence|because|since|when|whenever)\b", re.IGNORECASE)


def _own_title(head: str, event_id: str | None, vocab: Vocabulary) -> bool:
    """Is ``head`` (a heading before a colon) only the event's own title, whole or short ("Dutch Revolt",
    "Okehazama")? Any other heading ("Effect:", "Outcome:", "Example:") says what follows is something else."""
    toks = tokens(head, context(vocab, event_id), lexicon_for(vocab.reader), tolerant=True)
    return len(toks) == 1 and toks[0].kind == "THIS"


def _declared_clause(sentences: list, event_id: str | None, vocab: Vocabulary) -> dict[int, Reading] | None:
    """The requirements of an opening clause with no rule-shaped sentence, when each of its sentences is a state
    said plainly (``_declared_state``) or says nothing a rule could depend on (a note, a heading, a remark about
    itself); None otherwise (the clause is then reported whole, as before)."""
    out: dict[int, Reading] = {}
    for i, s in enumerate(sentences):
        if (marked_commentary(s.text) or _a_heading(s.text, event_id, vocab)
                or _inert_beside_a_rule(s.text, event_id, vocab)):
            continue
        reading = _declared_state(s, event_id, vocab)
        if reading is None:
            return None
        out[i] = reading
    return out or None


def _reads_before_unknown_tail(text: str, event_id: str | None, vocab: Vocabulary) -> bool:
    """Does ``text`` end in words the lexicon does not know, after words the reader reads whole as a rule? Only a
    sentence's last run of unknown words is cut (one more parse at most)."""
    toks = tokens(text, context(vocab, event_id), lexicon_for(vocab.reader), tolerant=True)
    if len(toks) < 2 or toks[-1].kind != "X" or toks[-2].kind == "X":
        return False
    head = text[:toks[-1].start].rstrip(" ,;:")
    if not head:
        return False
    try:
        parse_sentence(Sentence(head, ()), event_id, vocab)
    except Exception:  # noqa: BLE001 - not read (or not readable): no rule before the unknown words
        return False
    return True


def _inert_beside_a_rule(text: str, event_id: str | None, vocab: Vocabulary) -> bool:
    """Is ``text``, beside a rule among the opening conditions, one that says nothing a rule could depend on: the
    writer's own thoughts (``_writers_thoughts``) or what the event is (``_said_of_itself``)? The sentence is cut
    into tokens once, and only when one of the two could hold."""
    if len(text) > MAX_SENTENCE:
        return False
    thoughts, itself = bool(WRITERS_THOUGHTS.match(text)), not QUALIFIERS.search(text)
    if not (thoughts or itself):
        return False
    toks = tokens(text, context(vocab, event_id), lexicon_for(vocab.reader), tolerant=True)
    return (thoughts and _writers_thoughts(toks)) or (itself and _said_of_itself(toks))


def _writers_thoughts(toks: list) -> bool:
    """Are the tokens of a sentence in the first person (``WRITERS_THOUGHTS``: "I tried it the other way and …",
    "I know that's a stretch.") the writer's own thoughts or work, naming no event or period? ("I wanted Glasnost
    to depend on Chernobyl having happened" names two: it may be the rule.)"""
    return not any(t.kind in ("REF", "THIS", "PERIOD", "BAREID") for t in toks)


def _said_of_itself(toks: list) -> bool:
    """Do the tokens of a sentence with no word that qualifies a rule (``QUALIFIERS``: "not", "only", "if",
    "before" …) only say what the event is, in words no rule is made of ("The Peace of Utrecht is the big reset.")?
    A copula; no modal, no other event, no state, at most one name: "USSR must control Czechoslovakia." is none,
    nor is what the event does ("RICHELIEU DIES.") or what a printing did ("The first printing omitted this
    condition.")."""
    return (any(t.kind == "COP" for t in toks) and all(t.kind in _SAID_OF_ITSELF for t in toks)
            and sum(t.kind in ("NAME", "CODE", "ADJ") for t in toks) < 2)


def _scopes_the_rule(i: int, first_shaped: int, sentence: Sentence) -> bool:
    """A condition that opens the clause right before its first rule sentence scopes it ("If …. <rule>"): it is
    read (or reported) with the rule."""
    return i == first_shaped - 1 and bool(re.match(r"(?:If|Unless|In case)\b", sentence.text))


_OPENERS = {"IF", "PROVIDED", "UNLESS", "BEFORE", "AFTER", "WHILE", "DURING", "UNTIL", "NEG", "ONLY", "FROM", "REQUIRES"}
_EFFECT_OPENERS = {"PREVENTS", "REMOVE_V", "CANCEL_V", "GAME_ENDS", "PLACE"}  # "Remove: GDR.", "Cancel: Berlin Wall."
_OUTCOME_TOKENS = {"REROLL", "MARK_OFF", "CONSIDER_PLAYED", "RENEW"}


def _requirement_like(text: str, event_id: str | None, vocab: Vocabulary) -> bool:
    from .phrases import lexicon_for, tokens

    toks = [t for t in tokens(text, context(vocab, event_id), lexicon_for(vocab.reader), tolerant=True)
            if t.kind not in ("LABEL", "SEMI")]
    if not toks:
        return False
    kinds = {t.kind for t in toks}
    if kinds & _OUTCOME_TOKENS:
        return True
    if toks[0].kind == "OTHERWISE" and kinds & {"REF", "THIS", "CANCEL_V", "PREVENTS", "STOPS", "REMOVE_V", "GAME_ENDS", "DRAWN"}:
        return True  # ("Otherwise the Parliament continues to rule …" is narrative)
    if toks[0].kind in _EFFECT_OPENERS and kinds & {"REF", "NAME", "THIS"} and "UNIT" not in kinds:
        return True  # "Remove: GDR.", "Cancel: Berlin Wall." (not "Remove all non-Cossack units from …")
    if toks[0].kind == "AND" and len(toks) > 3 and toks[1].kind == "ONLY" and toks[2].kind in ("IF", "PROVIDED"):
        return True  # "But only if Turkey does not have it yet!": a condition of the rule beside it (read or reported)
    if toks[0].kind in ("IF", "PROVIDED") and len(toks) > 1 and toks[1].kind in ("DRAWN", "UNPLAYABLE", "NEG", "IT", "THIS"):
        return True  # "If unplayable, set aside …", "If drawn earlier, …": the outcome of the rule beside it
    return toks[0].kind in _OPENERS and bool(kinds & {"REF", "PERIOD", "BAREID"}) and len(toks) <= 12


def _reads_whole(text: str, event_id: str | None, vocab: Vocabulary, keep_ambiguity: bool = False) -> Reading | None:
    """The event language's reading of a sentence every word of which it knows, or None (a word it does not know,
    or no reading: then the sentence is judged by its shape alone). ``keep_ambiguity``: an ambiguous sentence
    raises its ``Unread`` instead of giving None."""
    from .phrases import Unknown, lexicon_for, tokens

    if not re.search(r"[^\W\d_]{2}", text):
        return None  # no word of two letters: nothing to read (a run of brackets or digits is not parsed)
    ctx = context(vocab, event_id)
    try:
        tokens(text, ctx, lexicon_for(vocab.reader))
    except Unknown:
        return None
    try:
        return read_event_sentence(text, ctx, vocab.reader)
    except Unread as exc:
        if keep_ambiguity and exc.reason.startswith("ambiguous"):
            raise
        return None


def combine(readings: list[Reading], text: str) -> dict[str, Any]:
    readings = [p for r in readings for p in (r.parts or (r,))]  # a compound sentence: its readings in turn
    kinds = [r.kind for r in readings]
    if any(r.otherwise for r in readings) and "requirement" not in kinds:
        return unread("'otherwise' before effects with no requirement before it in the clause (the alternative of "
                      "which condition?)", text)
    if "requirement" in kinds and "effect" in kinds and set(kinds) <= {"requirement", "failure", "effect"}:
        return _requirement_with_effects(readings, text)
    if kinds.count("requirement") > 1 and set(kinds) <= {"requirement", "failure"}:
        joined = _join_requirements([r.logic for r in readings if r.kind == "requirement"], text)
        if joined.get("role") == "unread":
            return joined
        readings = [Reading("requirement", joined), *(r for r in readings if r.kind == "failure")]
        kinds = [r.kind for r in readings]
    if kinds and kinds[0] == "requirement" and set(kinds[1:]) <= {"failure"}:
        logic = dict(readings[0].logic)
        fails = [r.logic["on_fail"] for r in readings[1:]]
        if len(set(fails)) > 1 or (fails and logic.get("on_fail") and logic["on_fail"] != fails[0]):
            return unread("two different failure outcomes", text)
        if fails:
            logic["on_fail"] = fails[0]
        derived = logic.pop("derived_from")
        logic["derived_from"] = derived
        return logic
    if kinds == ["effect", "failure"] and _conditional_effect(readings[0]) and readings[1].logic["on_fail"] != "nothing":
        return _effects_with_outcome(readings, text)
    if kinds == ["failure"]:
        # completed by derive.py with the requirement before it in the same list of clauses, if there is one
        return dict(unread(ORPHAN_FAILURE, text), on_fail=readings[0].logic["on_fail"])
    if kinds and set(kinds) == {"effect"}:
        return _combine_effects([r.logic for r in readings], text)
    if len(readings) == 1 and kinds[0] in ("heading", "scope", "repeats"):
        return readings[0].logic
    return unread("sentences of different kinds in one clause (" + ", ".join(kinds) + ")", text)


def _requirement_with_effects(readings: list[Reading], text: str) -> dict[str, Any]:
    """"Only while A is in effect; cancels B.", "Req.: A played. Cancels B.": the requirement (its sentences and
    outcome, as alone) with ``effects``, those the event has when it fires (docs/logic.md). An effect sentence's own
    condition goes on each of its items ("if C is in effect, it cancels D"); one that items cannot hold ("unless",
    at a player's choice, the first of alternatives under a condition) makes the clause unread."""
    logic = combine([r for r in readings if r.kind != "effect"], text)
    if logic.get("role") != "requirement":
        return logic
    effect = _combine_effects([r.logic for r in readings if r.kind == "effect"], text)
    if effect.get("role") != "effect":
        return effect
    if set(effect) - {"role", "effects", "when", "derived_from"}:
        return unread("a requirement and an effect with a condition its items cannot hold ("
                      + ", ".join(sorted(set(effect) - {"role", "effects", "when", "derived_from"})) + ")", text)
    items = effects_on_items(effect["effects"], effect.get("when") or [])
    if items is None:
        return unread("a requirement and alternative effects under a condition", text)
    derived = logic.pop("derived_from")
    logic["effects"] = items
    logic["derived_from"] = derived
    return logic


def _conditional_effect(reading: Reading) -> bool:
    """Effects under a condition of their own and nothing else ("If Poland exists, Galicia goes to AUS"). (After
    them "otherwise nothing happens" says the event fires to no effect: no requirement, combine.)"""
    return (not reading.otherwise and bool(reading.logic.get("when"))
            and set(reading.logic) <= {"role", "effects", "when", "derived_from"})


def _effects_with_outcome(readings: list[Reading], text: str) -> dict[str, Any]:
    """"If Poland exists: Galicia to AUS. Otherwise mark off.": effects under a condition, then the outcome of the
    draw when the condition does not hold. The event fires only when it holds: the condition is its requirement,
    with that outcome, and the effects are what it does when it fires (docs/logic.md, a requirement and effects)."""
    effect, failure = readings
    logic = {"role": "requirement", "when": list(effect.logic["when"]), "on_fail": failure.logic["on_fail"],
             "effects": list(effect.logic["effects"]),
             "derived_from": effect.logic.get("derived_from") or failure.logic.get("derived_from")}
    if not logic["derived_from"]:
        logic.pop("derived_from")
    return logic


def effects_on_items(effects: list[dict[str, Any]], when: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The effect items, each with ``when`` (conditions of the whole sentence or scope) before its own; None when
    an item is a first_of, whose alternatives would each need it."""
    if not when:
        return list(effects)
    if any(e.get("kind") == "first_of" for e in effects):
        return None
    return [dict(e, when=[*when, *e.get("when", [])]) for e in effects]


# the condition kinds whose formula events.py turns back into condition dicts without loss
_PLAIN_KINDS = {"occurred", "not_occurred", "in_effect", "not_in_effect", "over", "exists", "not_exists",
                "period_at_least", "owns", "all", "any"}


def _plain(c: dict[str, Any]) -> bool:
    return c.get("kind") in _PLAIN_KINDS and all(_plain(x) for x in c.get("of", []) or [])


def _join_requirements(parts: list[dict[str, Any]], text: str) -> dict[str, Any]:
    """Several requirement sentences of one clause ("After Marshall Plan. Not during Berlin Blockade."): all of
    them must hold — one requirement, the conjunction of their conditions; one outcome, or unread when they name
    two."""
    from .formulas import _and, _formula, condition_lists

    fails = {p.get("on_fail") for p in parts} - {None}
    if len(fails) > 1:
        return unread("two different failure outcomes", text)
    conds = [c for p in parts for key in ("when", "when_any", "unless") for c in p.get(key) or []]
    if not all(_plain(c) for c in conds):
        return unread("several requirements in one clause, one of them of a kind that is not joined", text)
    logic: dict[str, Any] = {"role": "requirement", **condition_lists(_and([_formula(p) for p in parts]))}
    if fails:
        logic["on_fail"] = fails.pop()
    logic["derived_from"] = parts[0].get("derived_from", "grammar")
    return logic


def _combine_effects(parts: list[dict[str, Any]], text: str) -> dict[str, Any]:
    parts = _join_consequences(parts, text)
    if len(parts) == 1 and parts[0].get("role") == "unread":
        return parts[0]
    if len(parts) > 1 and parts[0].get("scopes_rest"):
        return _at_the_end(parts, text)
    if len(parts) == 2 and parts[1].get("other_cases") and parts[0].get("when"):
        # "If A, X. In all other cases, it … Y": the first alternative whose condition holds
        first, other = parts
        who = next((e.get("subject") for e in first["effects"] if e.get("subject")), None)
        others = [dict(e, subject=who) if e.get("subject") == "it" else e for e in other["effects"]]
        alt1 = [dict(e, when=list(first["when"])) for e in first["effects"]]
        return {"role": "effect", "effects": [{"kind": "first_of", "of": [alt1, others]}], "derived_from": "grammar"}
    if any(p.get("other_cases") for p in parts) or sum(1 for p in parts if p.get("when")) > (len(parts) > 1 and 0):
        if len(parts) > 1:
            return unread("several conditional effect sentences in one clause", text)
    out: dict[str, Any] = {"role": "effect", "effects": []}
    for p in parts:
        if p.get("other_cases"):
            return unread("'in all other cases' with no case before it", text)
        # (an effect said twice, "Revolution ends the game. … Game over when it fires.", is one effect)
        out["effects"].extend(e for e in p["effects"] if e not in out["effects"])
        for key in ("when", "unless"):
            if p.get(key):
                out.setdefault(key, []).extend(p[key])
        if p.get("optional"):
            out["optional"] = True
    out["derived_from"] = "grammar"
    return out


def _join_consequences(parts: list[dict[str, Any]], text: str) -> list[dict[str, Any]]:
    """"X can be dissolved …. It is then removed from play.": a sentence marked ``then`` states the consequence of
    the sentence before it; it joins that sentence (its conditions; "it" is the earlier sentence's subject) and adds
    only the effects not already there."""
    out: list[dict[str, Any]] = []
    for p in parts:
        if not p.get("then"):
            out.append(p)
            continue
        if not out or p.get("when") or p.get("unless"):
            return [unread("'then' with no sentence before it in the clause", text)]
        prev = dict(out[-1])
        who = next((e.get("subject") for e in prev["effects"] if e.get("subject")), None)
        effects = list(prev["effects"])
        for e in p["effects"]:
            if e.get("subject") == "it":
                if not who:
                    return [unread("'it' with no subject before it", text)]
                e = dict(e, subject=who)
            if e not in effects:
                effects.append(e)
        prev["effects"] = effects
        out[-1] = prev
    return out


def _at_the_end(parts: list[dict[str, Any]], text: str) -> dict[str, Any]:
    """"… the war ends with Poland eliminating Cossacks …. If Sweden has joined the war, it annexes Polish DANZIG.":
    the sentences after the end of a war happen at that end: each effect holds when the first sentence's conditions
    and its own sentence's conditions hold (``when`` on each effect item)."""
    first_when = list(parts[0].get("when", []))
    effects: list[dict[str, Any]] = []
    for i, p in enumerate(parts):
        if p.get("other_cases") or p.get("unless") or p.get("then") or (i and p.get("scopes_rest")):
            return unread("a sentence after the end of a war that the reader cannot scope", text)
        own = [] if i == 0 else list(p.get("when", []))
        for e in p["effects"]:
            effects.append(dict(e, when=[*first_when, *own, *e.get("when", [])]))
    out: dict[str, Any] = {"role": "effect", "effects": effects}
    if any(p.get("optional") for p in parts):
        out["optional"] = True
    out["derived_from"] = "grammar"
    return out


def read_heading(heading: str, event_id: str | None, vocab: Vocabulary | None = None) -> dict[str, Any] | None:
    """The condition of a case or part heading; unread when it states a condition the grammar does not read;
    None for a heading that is only a name ("CIVIL WAR:")."""
    vocab = vocab or default_vocabulary()
    sentences = split_sentences(heading, label_set(vocab))
    if len(sentences) != 1:
        return unread("a heading of several sentences", heading)
    try:
        reading = parse_sentence(sentences[0], event_id, vocab)
    except Unread as exc:
        if re.search(r"\b(?:IF|If|if|CASE|unless|UNLESS)\b", heading):
            return unread(exc.reason, exc.words)
        return None
    except Exception as exc:  # noqa: BLE001
        return unread(f"not read ({type(exc).__name__})", heading)
    if reading.kind != "heading":
        return unread("a heading read as something else than a condition", heading)
    return reading.logic
