"""A rule framed by something else: a question and its answer, a correction that quotes the new wording.

FAQ and errata texts state a rule inside another sentence:

* ``Q: When can Decolonization be played? A: Only once the Korean War has been played.`` — the answer after "A:"
  is the rule. A bare "No" to a question whether a play is allowed states the question's denial: ``Q: Can SALT be
  played while Star Wars is in effect? A: No.`` is ``SALT cannot be played while Star Wars is in effect.`` Any other
  answer that starts with "Yes" or "No" and goes on states a rule of its own, and the question states the rest:
  - to a question whether a play is allowed, "No, S" states both the denial and S (read as one requirement, the
    two joined: "Q: Can Solidarity be played after Glasnost has ended? A: No, Solidarity requires Glasnost to be
    in effect."); "Yes, S" allows what was asked, which restricts nothing: S is the rule;
  - to a question whether a card requires, needs, cancels, prevents … something ("Q: Does Prague Spring require
    the Warsaw Pact to be in effect? A: No, it only requires the Warsaw Pact to have been played."), "No, S" denies
    that and S states what holds instead: S is the rule;
  - to a question whether one event needs, requires, cancels or prevents another ("Q: Does Glasnost cancel
    Détente? A: Yes.", "Q: Is Star Wars required for Glasnost? A: Yes, …"), "Yes[, S]" states it (and S);
  - an answer that only echoes the question ("No, it is not.", "Yes, you can.") is a bare "No" / "Yes";
  - any other "Yes" / "No" ("Q: Is Space Race restricted? A: Yes: …", "Does X still work after …? A: No. …")
    holds part of its rule in the question, which is not read: the sentence is reported, never half-read. So is an
    answer whose pronoun ("it", "they") may stand for an event the question names other than this one.
* ``Errata: the Vietnam War card should read 'May only be played after the Korean War has ended', not 'after the
  Korean War'.`` and ``replace 'Requires NATO' with 'Requires NATO or the Marshall Plan'`` — the quoted new wording
  is the rule; the old wording after "not", "instead of", "rather than" (or in an aside) is not. The words before
  "should read" may name only this event ("the card", its own title) or be a label: a correction of another card is
  reported. The new wording may also stand unquoted after "should read:" to the end of the sentence.

:func:`reframed` gives the text to read instead, or None when the sentence is not framed so.
"""

from __future__ import annotations

import re

from .phrases import VERSION, Context, lexicon_for, tokens

_Q = "[\"'‘’“”]"
_ANSWER = re.compile(r"^\s*(?:Q\s*[:.]\s*)?(?P<question>[^?]{3,300})\?\s*A\s*[:.]\s*(?P<answer>.*)$", re.DOTALL)
# a question whether a play is allowed: "Can Star Wars be played as an event while SALT is in effect?", "May this
# card occur before 1:Mid?", "Is Chernobyl playable before Glasnost?"; its subject, its verb and what follows
_MAY_IT = re.compile(r"^(?:(?P<lead>[^,;?]{3,120}),\s+)?(?P<modal>[Cc]an|[Mm]ay|[Cc]ould)\s+(?P<subject>[^,;?]{1,120}?)\s+(?P<rest>(?:still\s+)?(?:be\s+played|occur"
                     r"|happen|take\s+place|fire)\b[^?]*)$")
# "Can I play the Cuban Missile Crisis if the Bay of Pigs is still in effect?": the player asks; the card is the subject
_MAY_I = re.compile(r"^(?P<modal>Can|May|Could)\s+(?:I|we|you|a player|either player|the \w+ player)\s+play\s+"
                    r"(?P<subject>[^,;?]{1,120}?)\s+(?P<rest>(?:as an event\s+)?(?:if|while|when|before|after|during|unless|"
                    r"until|once)\b[^?]*)$")
# "Does COMECON need the Marshall Plan?", "Does Glasnost cancel Détente?": a "Yes" states it ("COMECON needs the
# Marshall Plan", "Glasnost cancels Détente")
_DOES_NEED = re.compile(r"^(?:Does|Do)\s+(?P<subject>[^,;?]{1,120}?)\s+(?P<verb>need|require|cancel|prevent)\s+"
                        r"(?P<object>[^?]{1,200})$")
# "Is Star Wars required for Glasnost?": a "Yes" states "Glasnost requires Star Wars"
_IS_REQUIRED = re.compile(r"^(?:Is|Are)\s+(?P<object>[^,;?]{1,120}?)\s+(?:required|needed|a\s+prerequisite)\s+"
                          r"(?:for|to\s+play)\s+(?P<subject>[^,;?]{1,120})$")
# an answer that only echoes the question ("No, it is not.", "Yes, you can."): a bare "Yes" / "No"
_ECHO = re.compile(r"^(?P<yn>yes|no)\s*[,.;:!]?\s*(?:it|you|they|one|that)\s+(?:is|isn't|is\s+not|are|aren't|are\s+not"
                   r"|does|doesn't|does\s+not|do|don't|do\s+not|can|can't|cannot|can\s+not|may|may\s+not|might\s+not"
                   r"|must|must\s+not|will|won't|will\s+not|would|wouldn't|would\s+not)\s*[.!]?\s*$", re.IGNORECASE)
_IS_IT = re.compile(r"^Is\s+(?P<subject>[^,;?]{1,120}?)\s+(?P<rest>(?:still\s+)?playable\b[^?]*)$")
# a question whether a rule imposes something: "Does Prague Spring require …", "Does SALT cancel Star Wars for both
# sides?", "Does the Blockade have to be over?"
_IMPOSES = re.compile(r"^(?:Does|Do|Is|Are|Must)\s+[^?]*?\b(?:require|requires|required|need|needs|needed|have\s+to|has\s+to"
                      r"|cancel|cancels|cancelled|prevent|prevents|prevented|block|blocks|blocked|remove|removes|end|ends)\b")
# an answer that opens with a condition ("Only if …", "If …", "Only while …", "Unless …")
_CONDITION_ONLY = re.compile(r"^(?:only\s+)?(?:if|when|while|once|unless|after|before|provided)\b", re.IGNORECASE)
_PRONOUN = re.compile(r"\b(?:it|its|they|them|their|he|she|his|her)\b", re.IGNORECASE)
_NO = re.compile(r"^no\b\s*(?P<sep>[.,;:!]?)\s*(?P<rest>.*)$", re.IGNORECASE | re.DOTALL)
_YES_NO = re.compile(r"^(?:yes|no)\b[\s.,;:!]*", re.IGNORECASE)
# a correction: the words before (``head``: what it names), its verb, the new wording in quotes (``new``) and what
# follows it (``tail``: the old wording, or nothing)
_NEW = rf"{_Q}(?P<new>[^\"‘’“”]{{1,300}}?){_Q}(?P<tail>.*)$"


def _correction(verb: str) -> re.Pattern:
    return re.compile(rf"^(?P<head>.*?){verb}{_NEW}", re.IGNORECASE | re.DOTALL)


_REPLACE = _correction(rf"\breplace\s+{_Q}[^\"'‘’“”]{{1,300}}{_Q}\s+(?:with|by)\s+")
_READS = _correction(r"\b(?:should|shall|now|will|must)?\s*(?:read|reads|say|says)\s*:?\s*")
# "for 'after the partition' read 'after VII:7 has been played through'": the errata list's own form
_FOR_READ = _correction(rf"\bfor\s+{_Q}[^\"‘’“”]{{1,300}}{_Q}\s*,?\s+read\s*:?\s*")
# "replace the whole effect box with '…'", "delete 'cancels X' and replace with '…'"
_REPLACE_PART = _correction(rf"\b(?:replace|delete\s+{_Q}[^\"‘’“”]{{1,300}}{_Q}\s+and\s+replace(?:\s+(?:it|them))?)"
                            r"\s+(?:the\s+(?:whole\s+|entire\s+)?(?:(?:first|second|third|last|final)\s+)?(?:effect|text"
                            r"|requirement|condition|prerequisite|card\s+text|sentence|line)(?:\s+box)?\s+)?(?:with|by)\s*:?\s*")
# "the condition 'after Decolonization' is corrected to (read) '…'"
_CORRECTED = _correction(r"\s(?:is|are)\s+(?:hereby\s+)?(?:corrected|amended|changed)\s+to(?:\s+read)?\s*:?\s*")
# "Erratum: the text should read: Playable only if …": the new wording after a colon, unquoted, to the end
_READS_COLON = re.compile(r"^(?P<head>.*?)\b(?:should|shall|now|will|must)\s+(?:read|say)\s*:\s*(?P<new>[^\"‘’“”]{3,300}?)"
                          r"(?P<tail>)$", re.IGNORECASE | re.DOTALL)
# "Soviet Invasion of Afghanistan: add 'Unplayable if Glasnost has been played.'": a sentence added to the card
_ADD = _correction(r"\b(?:add|insert)\s+(?:(?:the\s+)?(?:missing\s+|following\s+)?(?:sentence|line|words|text|following|requirement"
                   r"|condition|prerequisite|clause)\s*:?\s*|at\s+the\s+(?:end|start|beginning)\s*:?\s*"
                   # "add to the requirements '…'"
                   r"|to\s+the\s+(?:requirements?|prerequisites?|conditions?|text|event\s+text|card\s+text)\s*:?\s*)?")
# "new text - '…'", "corrected text: '…'", "revised wording: '…'": the card's new wording
_NEW_TEXT = _correction(r"\b(?:new|corrected|revised|amended)\s+(?:text|wording)\s*(?:[:\-–—]\s*|is\s+)?")
# the part of the card the correction names ("the prerequisite", "the last sentence", "the printed 'If …'"): it
# names no event and holds no rule; it is set aside before the words before "should read" are judged
_TEXT_PART = re.compile(r"\b(?:(?:printed|original|old)\s+)?(?:(?:first|second|third|last|final)\s+)?(?:text|wording|line"
                        r"|sentence|prerequisite|requirement|condition|paragraph|phrase|clause)\b|\b(?:printed|original)\b",
                        re.IGNORECASE)
_REQUIREMENT_PART = re.compile(r"\b(?:requirement|prerequisite|condition)s?\b", re.IGNORECASE)
_QUOTED = re.compile(rf"{_Q}[^\"‘’“”]{{0,300}}?{_Q}")
# what may follow the new wording: the old one ("not '…'", "instead of '…'"), or nothing
_OLD = re.compile(rf"^\s*(?:[,;]?\s*(?:not|instead of|rather than)\s+{_Q}[^\"‘’“”]{{0,300}}{_Q})?\s*"
                  # "add '…' at the end of the effect": where the words go
                  rf"(?:at\s+the\s+(?:end|start|beginning)(?:\s+of\s+the\s+(?:event\s+|card\s+)?(?:effect|text|card|requirement"
                  rf"|condition|sentence|paragraph))?\s*)?"
                  rf"(?:\([^()]{{0,300}}\))?\s*\.?\s*$", re.IGNORECASE | re.DOTALL)
_HEAD_TOKENS = {"LABEL", "SEMI", "COMMA", "THIS", "X", "POSS_EFFECTS"}  # ("3:VI, effects: for …")


_TIME_FRAGMENT = re.compile(r"(?:after|before|while|whilst|during|once|until|from)\s", re.IGNORECASE)
_CORRECTIONS = (_REPLACE, _FOR_READ, _REPLACE_PART, _CORRECTED, _READS, _READS_COLON, _ADD, _NEW_TEXT)


def question_and_answer(text: str) -> tuple[str, str] | None:
    """The question and the answer of "Q: … ? A: …" (an answer of at most 300 characters), or None."""
    m = _ANSWER.match(text)
    if m is None or not 0 < len(m["answer"]) <= 300:
        return None
    return m["question"], m["answer"]


def corrected_wording(text: str) -> str | None:
    """The new wording a correction quotes ("… should read 'S'", "replace '…' with 'S'", "add 'S'"), whatever names
    the card, or None: a correction whose new wording states a rule is a rule sentence (read or reported, never
    taken as narrative)."""
    for pattern in _CORRECTIONS:
        m = pattern.match(text) if len(text) <= 1000 else None
        if m:
            return m["new"].strip()
    return None


def asks_for_a_rule(question: str) -> bool:
    """Does the question ask whether one event needs, requires, cancels or prevents another ("Does Glasnost cancel
    Détente?", "Is Star Wars required for Glasnost?"): then a bare "Yes" states a rule."""
    question = " ".join(question.split())
    return bool(_DOES_NEED.match(question) or _IS_REQUIRED.match(question))


# a correction's old or deleted wording: "Deleted: 'and the game ends'.", "Was: Cancels NATO.", "Old wording: …",
# "Previously: …", "v2.0: …" (after a section number or a version tag: "7.4 [2.1] Deleted: …"). It states what no
# longer holds; read as a rule it would hold again. Such a sentence states no rule in force: it is never read (and,
# beside the opening conditions, no report: ``commentary.marked_commentary``).
_RETRACTED = re.compile(r"^\s*(?:\d+(?:\.\d+)+\.?\s+)?(?:[\[(][^\])]{1,12}[\])]\s*)?(?:deleted|removed|struck(?:\s+out)?|withdrawn|"
                        r"was|old(?:\s+(?:wording|text|version|rule))?|previously|formerly|original(?:ly|\s+(?:wording|text))?|"
                        rf"printed(?:\s+(?:wording|text))?|{VERSION})\s*:"
                        # … or a sentence about the rule before the correction: "Previously it required the Truman
                        # Doctrine.", "In v2.0 the card said …"
                        rf"|^\s*(?:previously|formerly|originally)\b(?!\s*:)"
                        # (a version tag before what the rule does "now" is a patch note's new rule: "v1.1.0 - Berlin
                        # Wall now requires …")
                        rf"|^\s*(?:in\s+)?{VERSION}(?![.\d])\b(?!\s*:)(?![^;]{{0,120}}\bnow\b)"
                        # a ruling saying which ruling it ends ("This supersedes the earlier ruling of 3 March.", "This
                        # replaces the ruling in my previous e-mail, which said to remove it."): the old one is quoted
                        r"|^\s*this\s+(?:ruling\s+|clarification\s+|answer\s+)?(?:supersedes|replaces|overrides)\s+"
                        r"(?:the|my|our|any|all|every)\b[^.;]{0,60}?\b(?:ruling|rulings|answer|answers|post|e-?mail"
                        r"|clarification|version|wording|faq)\b", re.IGNORECASE)
RETRACTED = "the old or deleted wording of a correction ('Deleted: …', 'Was: …'): not a rule in force"


def retracted(text: str) -> bool:
    """Does ``text`` quote a correction's old or deleted wording (``_RETRACTED``)?"""
    return _RETRACTED.match(text) is not None


class Unframed(Exception):
    """A framed sentence whose rule is partly in the question (an answer starting "Yes" / "No"): report it."""


def reframed(text: str, ctx: Context, extra: tuple = ()) -> str | None:
    """The rule inside a question-and-answer or a correction, or None when ``text`` is not framed so. Raises
    :class:`Unframed` for an answer that starts with "Yes" or "No"."""
    m = _ANSWER.match(text)
    if m:
        answer = m["answer"].strip()
        echo = _ECHO.match(answer)
        if echo:
            answer = echo["yn"].capitalize() + "."
        if _YES_NO.match(answer):
            denied = _denied(m["question"], answer)
            if denied is not None:
                return denied
            stated = _answered(m["question"], answer, ctx, extra)
            if stated is not None:
                return stated
            rest = _YES_NO.sub("", answer, count=1).strip().lstrip("—–- ").strip()
            if (answer.lstrip()[:3].lower() == "yes" and _INDEFINITE.search(m["question"])
                    and _stands_alone(m["question"], rest, ctx, extra)):
                # "Q: Does event 1:IV remove anything? A: Yes: the Palatinate ceases to exist as a minor.": a question
                # that asserts nothing ("anything", "something"), then a rule whole in itself, naming its own places
                # or events. Any other question asserts a rule of its own ("Is X blocked by Y?", "Does X still work
                # after Y?"), which the words after "Yes" / "No" may join or explain: reported
                return rest
            # "A: Yes, X requires Y": the "Yes" answers the question, whose rule is not read; reading the rest alone
            # would be a half-reading
            raise Unframed("an answer that starts with 'yes' or 'no': part of its rule is in the question")
        if _CONDITION_ONLY.match(answer) and _IMPOSES.match(m["question"].strip()):
            # "Q: Does the Iran Hostage Crisis end the game? A: Only if Star Wars has been played.": the answer is
            # a condition of the question's rule (the game's end), not a requirement of its own
            raise Unframed("an answer that is a condition of the question's rule: part of its rule is in the question")
        return answer
    for pattern in _CORRECTIONS:
        m = pattern.match(text)
        if m and _OLD.match(m["tail"]) and _names_only_this(m["head"], ctx, extra):
            new = m["new"].strip()
            if pattern is _ADD:
                new = re.sub(r"^(?:and|but)\s+", "", new)  # "add 'and Bay of Pigs can no longer be played'"
            if _REQUIREMENT_PART.search(m["head"]) and _a_condition(new, ctx, extra):
                # "the requirement should read 'Glasnost has been played'": the new wording is the condition
                new = "Only if " + new
            elif _TIME_FRAGMENT.match(new):
                # "for 'after COMECON' read 'while COMECON is not in effect and after the Marshall Plan'": a card's
                # requirement as a bare time phrase, as the printed one was
                new = "Only " + new
            return new if new.endswith((".", "!")) else new + "."
    return None


# A designer's first person, the rule said as what the designer made an event do or let it do: "I made Solidarity
# require John Paul II", "I let Utrecht happen only once the war has ended", "I don't let it fire while 6:VI is still
# running", "I made the Pragmatic Sanction unplayable if …". The event is the subject of the verb after it.
_CAUSATIVE = re.compile(
    r"^\s*I\s+(?P<adv>only\s+|also\s+|never\s+|don'?t\s+|do\s+not\s+|didn'?t\s+|did\s+not\s+)?"
    r"(?P<verb>made|make|had|have|let|allow|allowed)\s+(?P<subj>[^,;:()]{1,80}?)\s+"
    r"(?P<inner>(?:only\s+)?(?:require|need|cancel|end|fire|happen|occur|take\s+place|come\s+out|appear|be\s+played"
    r"|unplayable|impossible|playable|possible)\b)(?P<rest>[^?]*)$", re.IGNORECASE)
# "I made it so it can't happen until …", "I made sure the Revolution cannot occur before …": the clause after it
_MADE_SO = re.compile(r"^\s*I\s+(?:made\s+it\s+so|made\s+sure|decided|ruled)(?:\s+that)?\s+(?P<rest>\S[^?]*)$",
                      re.IGNORECASE)
_ADJECTIVES = ("unplayable", "impossible", "playable", "possible")
_PRESENT = ("require", "need", "cancel", "end")  # said in the present: "X requires Y" (not "X shall require Y")


def causative(text: str) -> str | None:
    """The rule a designer states in the first person, as the sentence of its event (``_CAUSATIVE``): "I made X
    <verb> …" is "X shall <verb> …" ("X is unplayable …" for an adjective), "I let X <verb> …" is "X may <verb> …"
    ("only" and a negation kept: "I don't let X fire while …" is "X may not fire while …"); or None."""
    m = _MADE_SO.match(text)
    if m:
        return m["rest"]
    m = _CAUSATIVE.match(text)
    if m is None:
        return None
    adv = " ".join(m["adv"].lower().split()) if m["adv"] else ""
    verb, subj, inner, rest = m["verb"].lower(), m["subj"], m["inner"], m["rest"]
    adjective = inner.lower().split()[-1] in _ADJECTIVES
    first, _, more = inner.partition(" ")
    if first.lower() in _PRESENT:  # "I made X require Y", "I let X cancel Y": "X requires Y", "X cancels Y"
        return f"{subj} {first}s{(' ' + more) if more else ''}{rest}" if adv in ("", "also") else None
    if verb in ("made", "make", "had", "have"):
        if adv not in ("", "also"):
            return None
        return f"{subj} {'is' if adjective else 'shall'} {inner}{rest}"
    if adjective:
        return None
    modal = {"": "may", "also": "may", "only": "may only", "never": "may never"}.get(adv, "may not")
    return f"{subj} {modal} {inner}{rest}"


def _denied(question: str, answer: str) -> str | None:
    """A bare "No" to a question whether a play is allowed, as the rule it states: "Q: Can X be played while Y is
    in effect? A: No." is "X cannot be played while Y is in effect." (a sentence after it, "Return it to the deck
    and draw again.", is read on its own, as beside any rule). None for any other question, a "Yes", or words after
    the "No" in the same sentence (then the sentence is reported)."""
    no = _NO.match(answer)
    if no is None:
        return None
    question = " ".join(question.split())
    may, is_, may_i = _MAY_IT.match(question), _IS_IT.match(question), _MAY_I.match(question)
    if may_i:
        stated = f"{may_i['subject']} cannot be played {may_i['rest']}"
    elif may:
        lead = f"{may['lead']}, " if may["lead"] else ""
        stated = f"{lead}{may['subject']} {may['modal'].lower()} not {may['rest']}"
    elif is_:
        stated = f"{is_['subject']} is not {is_['rest']}"
    else:
        return None
    if no["rest"].strip():
        # "No, it requires COMECON to be in effect": the words after the "No" may be the reason for the denial (the
        # rule itself) or a further rule; which one, the text does not say: reported
        return None
    return stated + "."


def _answered(question: str, answer: str, ctx: Context, extra: tuple) -> str | None:
    """The rule of an answer "Yes, S" / "No, S" (the module's docstring), or None when the question holds part of
    it."""
    rest = _YES_NO.sub("", answer, count=1).strip().lstrip("—–- ").strip()
    question = " ".join(question.split())
    no = answer.lstrip()[:2].lower() == "no"
    need = _DOES_NEED.match(question)
    if need and not no:
        # "Q: Does COMECON need the Marshall Plan? A: Yes[ — it can only be played once …]": the need, and the answer
        stated = f"{need['subject']} {need['verb']}s {need['object']}"
        return f"{stated}; {rest}" if rest else stated + "."
    required = _IS_REQUIRED.match(question)
    if required and not no:
        stated = f"{required['subject']} requires {required['object']}"
        return f"{stated}; {rest}" if rest else stated + "."
    if not rest:
        return None
    may = _MAY_IT.match(question) or _IS_IT.match(question) or _MAY_I.match(question)
    subject = may["subject"] if may else question  # whose play is asked about; else the first event named
    refs = [t.kind for t in tokens(subject, ctx, lexicon_for(extra), tolerant=True) if t.kind in ("REF", "THIS")]
    if refs and refs[0] != "THIS" and _PRONOUN.search(rest):
        return None  # "it" may stand for the event the question asks about, not this one
    if may:
        if not no:
            return rest
        denial = _denied(question, "No.")
        return f"{denial[:-1]}; {rest}" if denial else None
    if no and _IMPOSES.match(question):
        return rest
    return None


# what after a "Yes" / "No" leans on the question: a condition of its rule ("Yes, while the Soviets own East
# Berlin"), a further part of it ("No, and …", "Yes, but only if …", "Only for the USSR"), a bare state
_LEANS = re.compile(r"(?:and|but|or|only|except|unless|not|also|even|just|if|when|while|once|after|before|until|"
                    r"during|as\s+long\s+as|provided|because|since|for|in|with|without|that|which)\b", re.IGNORECASE)


_INDEFINITE = re.compile(r"\b(?:anything|something|any\s+(?:effect|change|province|place|country|minor|state|card|event)s?)"
                         r"\b", re.IGNORECASE)


def _stands_alone(question: str, rest: str, ctx: Context, extra: tuple) -> bool:
    """Is ``rest`` (an answer after its "Yes" / "No") a rule whole in itself: opening with what it is about (an
    event, a place, a country), naming an event or a place of its own, and no pronoun that may stand for an event the
    question names other than this one?"""
    rest = rest.strip()
    if not rest or _LEANS.match(rest):
        return False
    toks = tokens(rest, ctx, lexicon_for(extra), tolerant=True)
    if not toks or toks[0].kind not in ("REF", "THIS", "NAME", "CODE", "IT", "ITS_EFFECTS", "PERIOD", "EFFECTS_OF"):
        return False
    if not any(t.kind in ("REF", "THIS", "NAME", "CODE") for t in toks) and toks[0].kind != "IT":
        return False
    if _PRONOUN.search(rest):
        asked = [t.kind for t in tokens(question, ctx, lexicon_for(extra), tolerant=True) if t.kind in ("REF", "THIS")]
        if asked[:1] != ["THIS"]:
            return False  # "it" may stand for the event the question asks about, not this one
    return True


def _a_condition(text: str, ctx: Context, extra: tuple) -> bool:
    """Does ``text`` open with what a condition is about (an event, a country, a place), not with a frame?"""
    toks = tokens(text, ctx, lexicon_for(extra), tolerant=True)
    return bool(toks) and toks[0].kind in ("REF", "THIS", "NAME", "CODE")


def _names_only_this(head: str, ctx: Context, extra: tuple) -> bool:
    """The words before "should read": a label, this event's own title, "the card" — nothing that names another
    event or holds a rule."""
    if len(head) > 200:
        return False
    head = _TEXT_PART.sub(" ", _QUOTED.sub(" ", head))
    kinds = {t.kind for t in tokens(head, ctx, lexicon_for(extra), tolerant=True)}
    return kinds <= _HEAD_TOKENS
