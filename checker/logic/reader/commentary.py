"""Commentary inside a rule sentence: a piece that states no rule, cut out before the sentence is read again.

Rules writers put remarks beside a rule: "The game ends immediately; the player with the most VP wins.", "Prague
Spring is unplayable if the Warsaw Pact has not been played (the printed card says NATO).". A sentence that holds no
rule is not rule-shaped and is never read (``read.rule_shaped``); the same test is applied to the pieces of a
sentence the grammar cannot read whole: a heading before a colon ("Variant rule: …"), a lead-in before the first comma
or "that" ("Per the rulebook, …", "The ruling is that …"), its clauses after ``;``, its parenthesised asides, and a
closing remark after a comma ("…, which some people find harsh").

A piece is *inert* — cut out — only when it is not rule-shaped and every one of its tokens is a word the logic
cannot take a rule from: unknown words, at most one name or country code, a copula or modal with nothing to modal
(an event named in it, a qualifying word such as "except" or "however", or two names make it part of the rule). A piece that holds a subordinator ("unless", "if", "before"), a connective ("or",
"and"), a negation, "only", a state word ("in effect", "played"), an outcome ("re-roll") or an effect on events
qualifies the rule beside it and is never cut: the sentence is then reported unread as before, never half-read.
The text left must read whole; otherwise the sentence is reported with the words the full reading stopped at.
"""

from __future__ import annotations

import re

from ...core.eventid import ID_SHAPE
from .framing import VERSION, retracted
from .phrases import Context, lexicon_for, tokens, without_citations

# the only tokens an inert piece may hold (everything else carries logic, or qualifies the rule beside it). An event
# named in a piece ("(including 7:VII)", "(see 7:VII)") may extend the rule: such a piece is never cut.
INERT = frozenset({"X", "NAME", "CODE", "COMMA", "COP", "HAS", "BE", "BEEN", "MODAL", "IN", "FOR", "TO",
                   "FROM", "THAT", "UNIT", "DOES", "LATER", "PLAYER", "CONSIDER_V", "AS", "IT", "THEY", "LABEL", "WITH",
                   # a dash inside a heading ("Evil Empire - correction: …"): a mark, no word of logic
                   "SEMI"})
# a heading that states the case a rule holds in ("In a two-player game: re-roll.", "During the Late War: …",
# "Whatever the players think: …"): never cut as a label (the rule after it holds only there). A discourse marker
# ("In short:", "For example:") is no case.
_CONDITION_HEAD = re.compile(r"(?:in|during|for|with|under|at|on|whatever|whenever|when|where|once|in\s+case|"
                             r"as\s+long\s+as|within|throughout|from)\b", re.IGNORECASE)
_DISCOURSE_HEAD = re.compile(r"(?:in\s+(?:short|summary|brief|sum|general|practice|detail|other\s+words|plain\s+"
                             r"(?:words|english)|a\s+nutshell|fact|particular|addition|this\s+(?:card|event)(?:'s)?"
                             r"(?:\s+text)?|the\s+(?:printed|original|rules?)(?:\s+\w+)?)|for\s+(?:example|instance|"
                             r"clarity|the\s+record|reference|completeness|what\s+it(?:'s|\s+is)\s+worth)|at\s+a\s+"
                             r"glance|on\s+reflection|with\s+(?:hindsight|that\s+said))\s*$", re.IGNORECASE)
# words that qualify a rule even when the lexicon does not know them ("(FRA excepted)", "; however, …"): a piece
# holding one is never cut
QUALIFIERS = re.compile(r"\b(?:except\w*|exclu\w*|inclu\w*|but|however|save|apart|other than|besides|instead|rather|"
                        r"unless|only|not|no|never|neither|nor|either|or|if|when|while|until|before|after|"
                        r"provided|also|too|each|every|all|any|none|without)\b", re.IGNORECASE)
MAX_PIECES = 8  # pieces looked at per sentence (bounded work, whatever the input)


_DASH = re.compile(r"\s+(?:--|—|–)\s+")


def _pieces_at_semicolons(text: str) -> list[str]:
    """The clauses of ``text`` at ``;`` outside parentheses (one pass)."""
    out, buf, depth = [], [], 0
    for ch in text:
        depth += ch == "("
        depth -= ch == ")" and depth > 0
        if ch == ";" and depth == 0:
            out.append("".join(buf))
            buf = []
        else:
            buf.append(ch)
    out.append("".join(buf))
    return out


def _asides(text: str) -> list[tuple[int, int]]:
    """Spans of the top-level parenthesised asides of ``text`` (parentheses included)."""
    spans, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "(":
            if depth == 0:
                start = i
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
            if depth == 0:
                spans.append((start, i + 1))
    return spans


_NOUN_END = re.compile(r"[^\W\d_]+(?: [^\W\d_]+)? (?i:end)")


# an aside that says what a correction replaced ("(was: 'is in play')", "(v2.0 said 'has occurred')", "(the printed
# card says NATO)", "(previously 'after NATO')"): the old wording, whatever it names, is no part of the rule in force
_OLD_WORDING = re.compile(r"\(\s*(?:was\b|formerly\b|previously\b|originally\b|old\s+(?:wording|text)\b|"
                          rf"{VERSION}\b|\d+(?:\.\d+)+\s+(?:said|read|had|says|reads)\b|the\s+(?:printed|original|old|first[- ]edition)\s+"
                          r"(?:card|text|wording|rule|version|edition)s?\s+(?:says|said|reads|read|has|had)\b)", re.IGNORECASE)


# an aside that says a state does not matter ("has taken place (in force or not)", "(whether or not still in effect)",
# "(need not be active)"): no constraint of its own
# The words that leave an event's state open, shared by the aside "(in force or not)" and the clause "whether or not
# …" / "it need not …" (_NO_CONSTRAINT below): written once
_STATE_WORDS = r"(?:still\s+)?(?:in\s+(?:effect|force|play)|active|running)"
_WHETHER_OR_NOT = r"whether\s+or\s+not"
_NEED_NOT = r"need\s+not"
_EITHER_STATE = re.compile(rf"\(\s*(?:(?:whether\s+)?{_STATE_WORDS}\s+or\s+not"
                           rf"|{_WHETHER_OR_NOT}\s+(?:it\s+is\s+)?{_STATE_WORDS}"
                           rf"|(?:it\s+)?{_NEED_NOT}\s+(?:still\s+)?be\s+{_STATE_WORDS})\s*\)",
                           re.IGNORECASE)


def inert(piece: str, ctx: Context, extra: tuple, shaped, heading: bool = False) -> bool:
    """Is ``piece`` commentary (see the module's docstring)? ``shaped``: the reader's rule-shape test. A
    ``heading`` before a colon may also name the event itself ("NATO: …" on the NATO card) or be a label."""
    piece = piece.strip().strip("().;,: ")
    if not piece or QUALIFIERS.search(piece) or shaped(piece):
        return False
    if heading and _CONDITION_HEAD.match(piece) and not _DISCOURSE_HEAD.match(piece):
        return False  # "In a two-player game: re-roll.": the case the rule after it holds in, not a label
    if heading and _NOUN_END.fullmatch(piece):
        piece = piece[:piece.rfind(" ")]  # "Scenario end:", "Game end:": a noun's end, not "end" said of events
    toks = tokens(piece, ctx, lexicon_for(extra), tolerant=True)
    if any(c.isdigit() for c in piece) and any(
            t.kind in ("REF", "BAREID") for t in tokens(f"({piece})", ctx, lexicon_for(extra), tolerant=True)):
        # an id that the parentheses make one ("(Late #3)", "(VII-11)"): it names an event. (Ids have digits; a
        # title is a reference with or without them, so only a piece with a digit is read a second time)
        return False
    allowed = INERT | {"THIS", "LABEL"} if heading else INERT
    if not toks:
        return True  # only words that carry no logic ("…, full stop", "-- obviously")
    # two names in one piece may be related ("Genoa keeps Corsica": who owns what, a state the logic models)
    return all(t.kind in allowed for t in toks) and sum(t.kind in ("NAME", "CODE") for t in toks) < 2


# a remark after a comma at the end of a rule opens with one of these ("…, which I felt was historically right",
# "…, since it makes no sense without them", "…, a twist our testers loved", "…, vide para 4"); the rest must be inert
_TAIL = re.compile(r",\s+(?=(?:which|since|because|as|so|to|a|an|and I|and we|I|we|just|though|although|irrespective|"
                   r"regardless|whether|and that is|and nothing else|and there is no other|that is the|full stop|"
                   # who said so ("…, and the designer confirmed this", "…, as the designers intended")
                   r"and the designers?|as the designers?|the designers?|"
                   r"obviously|of course|naturally|(?:and )?it (?:does not|doesn['’]t) matter|"
                   # a cross-reference at the end ("…, vide para 4 above", "…, see 8.6")
                   r"vide|see|cf)\b)",
                   re.IGNORECASE)


# a closing remark that gives the designer's reason ("…, since it makes no sense without them", "…, which is how it
# went historically", "; we tested other versions, and this one worked best") may hold words that would qualify a
# rule ("no", "without", "until then"), but it names nothing a rule could be about: no event, period, country,
# place or state of one. Such a remark is cut; one that names any of these is kept (and the sentence read whole or
# reported).
_REASON_OPENER = re.compile(r"^\s*(?:which|since|because|so you|so that|and I|and we|I|we|and the designers?|"
                            r"as the designers?|the designers?)\b", re.IGNORECASE)
_NAMING = frozenset({"REF", "THIS", "PERIOD", "CODE", "NAME", "INEFF", "OVER_A", "ENDED_P", "PART_A", "PART_P", "EXISTS", "OWNS",
                     "OWNED_BY", "CANCEL_V", "CANCELLED", "PREVENTS", "STOPS", "REMOVE_V", "REMOVED_GAME", "REMOVED_PLAY", "REROLL", "MARK_OFF",
                     "CONSIDER_PLAYED", "RENEW", "SET_ASIDE", "GAME_ENDS", "DRAWN", "PLAYABLE", "UNPLAYABLE", "VINF",
                     "VPRES", "LABEL", "EFFECTS_OF", "ITS_EFFECTS", "REQUIRES", "ANNEXES", "ANNEXED_BY", "GIVES",
                     "PASSES_TO", "TRANSFERRED", "CREATED", "LOST", "AT_WAR", "AT_PEACE"})


def reason(piece: str, ctx: Context, extra: tuple, shaped) -> bool:
    """Is ``piece`` (a closing remark) a reason that names nothing a rule could be about?"""
    if not _REASON_OPENER.match(piece) or shaped(piece.strip()):
        return False
    toks = tokens(piece, ctx, lexicon_for(extra), tolerant=True)
    # (the writer's "I" is capitalised, but names nothing a rule could be about)
    return bool(toks) and not any(t.kind in _NAMING and not (t.kind == "NAME" and t.value == "I") for t in toks)


_LEAD = re.compile(r"(?P<lead>[^,;:()]{2,60}?)(?:,\s+|\s+that\s+)")
# the writer saying what they decided, the "that" left out ("We decided the War … should only fire if …", "I made
# sure the Revolution cannot occur …"): the words after it are the rule
_FIRST_PERSON = re.compile(r"(?:I|We)\s+(?:(?:have|had|also|then|finally|deliberately)\s+)?(?:decided|made\s+sure|"
                           r"ruled|chose|determined|agreed|insisted|specified|play|house-ruled)\s+(?:that\s+)?"
                           # the designer's causative: "I made 21:IV impossible while …", "I let Prague Spring cancel
                           # Comecon …", "We had the Fronde cancel Olivares": what follows is the rule, its subject first
                           r"|(?:I|We)\s+(?:(?:have|had|also|then|finally|deliberately|simply|just)\s+)?(?:made|make|let"
                           r"|had)\s+(?!sure\b|it\s+so\b|a\b|an\b|no\b|the\s+decision\b)")


# the designer's reason, then "so I …" ("Olivares and Richelieu were rivals, so I made 21:IV impossible while …"):
# the reason may name events, but states nothing of them (no state, no frame, no qualifier): it is cut
_RATIONALE = re.compile(r"(?P<lead>[^;:()]{3,160}?),?\s+(?:and\s+)?(?:so|hence|that is why|which is why)\s+(?=(?:I|we|We)\s)")
_REASON_WORDS = INERT | {"REF", "THIS", "AND"}
# "<reason>, so <rule>": the rule after "so" names the event, "it", an event or the card as its subject
# (an aside in the reason may name the event: "The Peace of Utrecht (Event 2:VI) represents the settlement, and
# therefore it …")
_SO_RULE = re.compile(r"(?P<lead>(?:[^;:()]|\([^;()]{0,60}\)){3,200}?),\s+(?:and\s+)?(?:so|hence|therefore|thus|which is why"
                      r"|that is why)\s+"
                      rf"(?=(?:the\s+(?:event|card)|this\s+(?:event|card)|it|{ID_SHAPE})\b)",
                      re.IGNORECASE)


# "<reason>: <rule>" ("The Fronde is tied to Richelieu's death: the event may only fire once Richelieu has ended"):
# the rule after the colon names the event, "it", an event or the card as its subject
_COLON_RULE = re.compile(r"(?P<lead>[^;:()]{12,200}?):\s+"
                         rf"(?=(?:the\s+(?:event|card)|this\s+(?:event|card)|it|{ID_SHAPE})\b)", re.IGNORECASE)
# what makes a lead before a colon a condition or a rule of its own, never a reason: "If X is in effect: …"
_NOT_A_REASON = frozenset({"IF", "PROVIDED", "UNLESS", "BEFORE", "AFTER", "WHILE", "DURING", "UNTIL", "ONLY", "NEG",
                           "MODAL", "MUST", "OTHERWISE", "SHOULD", "NEVER", "NOLONGER", "REQUIRES", "PLAYABLE",
                           "UNPLAYABLE", "REROLL", "MARK_OFF", "CONSIDER_PLAYED", "RENEW", "NOTHING", "DELAY", "DRAWN"})


def _a_reason(lead: str, ctx: Context, extra: tuple) -> bool:
    """Is ``lead`` (before a colon) the writer's reason: a clause with none of the words of a condition or a rule?"""
    toks = tokens(lead, ctx, lexicon_for(extra), tolerant=True)
    return len(toks) >= 3 and not any(t.kind in _NOT_A_REASON for t in toks)


def _states_nothing(piece: str, ctx: Context, extra: tuple) -> bool:
    """Does ``piece`` name events or countries without stating anything of them ("Olivares and Richelieu were
    rivals")?"""
    if QUALIFIERS.search(piece):
        return False
    toks = tokens(piece, ctx, lexicon_for(extra), tolerant=True)
    return bool(toks) and all(t.kind in _REASON_WORDS for t in toks)


# a clause that says what does NOT constrain the rule adds nothing to it ("; it does not matter whether the
# Blockade is still in effect", "; it need not still be in effect", "; otherwise nothing happens")
_NO_CONSTRAINT = re.compile(r"\s*(?:and\s+)?(?:(?:it )?does not matter(?: to (?:me|us))? (?:whether|if)|"
                            r"(?:it )?doesn['’]t matter(?: to (?:me|us))? (?:whether|if)|"
                            r"irrespective of whether|"
                            rf"it {_NEED_NOT}|it does not need to|regardless of whether|{_WHETHER_OR_NOT}|"
                            # "…; that war need not be over", "…; Détente otherwise remains in effect", "…; the USA
                            # continues to be affected by it": what a rule leaves as it is
                            rf"(?:that|the|this) [\w\s]{{1,40}}? {_NEED_NOT}|"
                            r"[\w\s'’]{1,40}? otherwise remains in effect|"
                            r"[\w\s]{1,40}? continues? to (?:be affected by|benefit from) (?:it|them))\b", re.IGNORECASE)
# … and such a clause that must stand whole: no word may follow it ("otherwise nothing happens florp" is reported)
_NO_CONSTRAINT_WHOLE = re.compile(
    r"\s*(?:and\s+)?(?:(?:otherwise|if not|else),? (?:nothing happens|nothing changes|(?:it has |there is )?no effect|"
    r"play (?:simply |just )?(?:continues|goes on)|the game (?:simply |just )?(?:continues|goes on))|"
    # "…, and that is the whole restriction", "…, and nothing else restricts it": no more
    r"that is the (?:whole|only|entire) (?:restriction|requirement|condition)|"
    r"nothing else (?:restricts|limits|constrains) (?:it|this card|this event)|"
    r"there is no other (?:restriction|requirement|condition)|"
    r"no other (?:restriction|requirement|condition) applies)[\s.!]*", re.IGNORECASE)


def _no_constraint(clause: str) -> bool:
    """A clause that only says what does not constrain the rule, and nothing else (no second clause in it)."""
    if _NO_CONSTRAINT_WHOLE.fullmatch(clause):
        return True
    m = _NO_CONSTRAINT.match(clause)
    return bool(m) and not re.search(r",|\bbut\b|\band\b|\bunless\b|\bexcept\b", clause[m.end():], re.IGNORECASE)


_CONTRAST = re.compile(r",\s+(?:and\s+)?not\s+(?P<x>[^,;()]{2,80})$", re.IGNORECASE)


def _contrast_only(clause: str, m: re.Match, ctx: Context, extra: tuple) -> bool:
    """Is the ", not X" at the end of ``clause`` a contrast that names only events, after an effect verb?"""
    lex = lexicon_for(extra)
    head = {t.kind for t in tokens(clause[:m.start()], ctx, lex, tolerant=True)}
    tail = [t.kind for t in tokens(m["x"], ctx, lex, tolerant=True)]
    return bool(head & {"CANCEL_V", "PREVENTS", "STOPS", "REMOVE_V"}) and bool(tail) and all(k in ("REF", "THIS") for k in tail)


def _head(body: str) -> int:
    """Where a heading before the first top-level ':' ends ("Variant rule: …", "Scenario 2: …"), or -1. The colon of
    an event id ("2:VII: the printed …") is no heading's end: a heading's colon is followed by a space."""
    depth = 0
    for i, ch in enumerate(body[:80]):
        depth += ch == "("
        depth -= ch == ")" and depth > 0
        if ch == ":" and depth == 0 and (i + 1 == len(body) or body[i + 1].isspace()):
            return i
    return -1


# a comma aside that opens with a relative word ("The Thirty Years War, which broke out in Bohemia, …")
_RELATIVE = re.compile(r"^\s*(?:which|who|whose|being|as)\b", re.IGNORECASE)


def _without_comma_asides(body: str, ctx: Context, extra: tuple, shaped) -> str | None:
    """``body`` with its asides between two commas cut, when each states nothing: inert words ("The English Civil War
    is, in this design, only possible …", "…, as players will appreciate, …"), a relative clause that names no
    event, state or place beyond a name ("Olivares, whose reforms failed, …"), or the event's own title again ("This
    event, the War between Persia and Turkey, can only …"). None when there is none. Only the first clause (before
    a ';') is looked at, at most ``MAX_PIECES`` asides; the caller keeps the cut only if what is left reads whole."""
    end = body.find(";")
    head, rest = (body, "") if end < 0 else (body[:end], body[end:])
    commas = [i for i, ch in enumerate(head) if ch == ","][:MAX_PIECES + 1]
    cuts = []
    for a, b in zip(commas, commas[1:]):
        if cuts and cuts[-1][1] == a:
            continue  # (the comma that closed the last aside opens no new one)
        piece = head[a + 1:b]
        if _comma_aside(piece, ctx, extra, shaped):
            cuts.append((a, b))
    if not cuts:
        return None
    for a, b in reversed(cuts):
        head = head[:a] + head[b + 1:]
    return " ".join(head.split()) + rest


def _comma_aside(piece: str, ctx: Context, extra: tuple, shaped) -> bool:
    if not piece.strip():
        return False
    if inert(piece, ctx, extra, shaped):
        return True
    toks = tokens(piece, ctx, lexicon_for(extra), tolerant=True)
    if toks and all(t.kind == "THIS" and t.by_title for t in toks):
        return True  # the event's own title again, in apposition
    if _RELATIVE.match(piece) and not QUALIFIERS.search(piece) and not shaped(piece.strip()):
        return bool(toks) and all(t.kind in INERT for t in toks)
    # what does not constrain the rule ("…, whether or not it is still in effect, and only if …")
    return _no_constraint(piece)


_ARROW_AFTER = re.compile(r"\s*[^\W\d_]+\s*(?:→|->)")


def without_commentary(text: str, ctx: Context, extra: tuple, shaped, reads=None) -> str | None:
    """``text`` with its inert heading, clauses, asides and closing remark cut out, or None when nothing is cut (or
    nothing is left). ``reads``: does a piece read whole as a rule (the reader's own test)?"""
    end = "." if text.rstrip().endswith(".") else ""
    body = text.rstrip().rstrip(".")
    changed = False
    colon = _head(body)
    # (a place before a card's arrow is the subject of the change, not a heading: "Corsica: GEN → FRA"; not before
    # "to": "PORTUGAL INDEPENDENT: LISBON TO PORTUGAL" is a heading and a change of owner)
    if colon > 0 and inert(body[:colon], ctx, extra, shaped, heading=True) and not _ARROW_AFTER.match(body, colon + 1):
        body, changed = body[colon + 1:].strip(), True
    # a lead-in before the first comma or "that" ("Per the rulebook, …", "In the 1763 scenario, …", "The ruling is
    # that …"), cut only when inert
    why = _RATIONALE.match(body)
    if why and _states_nothing(why["lead"], ctx, extra):
        body, changed = body[why.end():].strip(), True
    so = _SO_RULE.match(body) if reads is not None else None
    if so and not reads(so["lead"]) and reads(body[so.end():]):
        # the writer's reason, then ", so" and the rule ("Prussia could not swallow Danzig before the First
        # Partition, so the event needs 7:VII to have happened"): a reason the reader cannot read as a rule of its
        # own, before a rule it reads whole, is the rule's reason. A lead that reads as a rule ("Cannot occur before
        # 7:VII, so re-roll") is kept, and the sentence read whole or reported.
        body, changed = body[so.end():].strip(), True
    why = _COLON_RULE.match(body) if reads is not None and not changed else None
    if why and _a_reason(why["lead"], ctx, extra) and not reads(why["lead"]) and reads(body[why.end():]):
        # the writer's reason, then a colon and the rule it explains (as ", so" above)
        body, changed = body[why.end():].strip(), True
    lead = _LEAD.match(body)
    first = _FIRST_PERSON.match(body)
    if first:
        body, changed = body[first.end():].strip(), True
    elif lead and inert(lead["lead"], ctx, extra, shaped):
        body, changed = body[lead.end():].strip(), True
    spans = _asides(body)[:MAX_PIECES]
    cut = [(a, b) for a, b in spans if inert(body[a + 1:b - 1], ctx, extra, shaped) or _OLD_WORDING.match(body, a)
           or _EITHER_STATE.fullmatch(body, a, b)]
    for a, b in reversed(cut):
        body = body[:a].rstrip() + body[b:]
    if reads is not None:
        bare = _without_comma_asides(body, ctx, extra, shaped)
        if bare is not None and reads(bare):
            body, changed = bare, True
    # a spaced dash between clauses is a semicolon ("… cancels the Berlin Wall -- obviously", "… ends — no extra turn")
    dashed = _DASH.sub("; ", body)
    clauses = _pieces_at_semicolons(dashed)
    changed = changed or (dashed != body and len(clauses) > 1)
    kept = clauses if len(clauses) > MAX_PIECES else [
        c for i, c in enumerate(clauses)
        if i == 0 or not (inert(c, ctx, extra, shaped) or _no_constraint(c) or reason(c, ctx, extra, shaped))]
    for k, clause in enumerate(kept):
        # a closing remark at the end of any clause ("… on the map, since it was a Polish uprising; if there is no
        # Poland, roll again"): the reason ends where its clause ends
        tail = list(_TAIL.finditer(clause))
        if tail and (inert(clause[tail[-1].end():], ctx, extra, shaped)
                     or reason(clause[tail[-1].end():], ctx, extra, shaped)
                     or _no_constraint(clause[tail[-1].end():])):
            kept[k], changed = clause[:tail[-1].start()], True
    if kept:
        # an erratum's contrast after an effect: "Solidarity cancels COMECON, not the Warsaw Pact" (the old wording
        # denied, no rule of its own); after a requirement "…, not NATO" could be one more condition: kept there
        contrast = _CONTRAST.search(kept[-1])
        if contrast and _contrast_only(kept[-1], contrast, ctx, extra):
            kept[-1], changed = kept[-1][:contrast.start()], True
    if not (changed or cut or len(kept) != len(clauses)):
        return None
    left = ";".join(kept).strip()
    return (left + end) if left else None


# a sentence that says of itself it states no rule: a note, history, a cross-reference, a term defined, or history
# told with a year (not a question: its answer may be the rule, "Q: When can Détente be played? A: After Vietnam.")
_MARKED = re.compile(
    r"^\W*(?:(?:historical|history|design(?:er'?s)?|flavou?r|background|player'?s|strategy|author'?s|play)\s+notes?"
    r"|notes?\s+on\s+(?:history|design)|history|background|flavou?r(?:\s+text)?|trivia|strategy|tips?"
    # a translator's or an editor's note, a glossary's word, a chart's key, a remark ("Note of the translator: …",
    # "Word to know: …", "Flowchart key: …", "Remark: …")
    r"|(?:translator|editor)(?:'?s)?\s+notes?|notes?\s+(?:of|from|by)\s+the\s+(?:translator|editor)"
    r"|words?\s+to\s+know|glossary|legend|(?:flowchart|chart|map|table)\s+key|remarks?|comments?|asides?)\s*:"
    r"|^\W*(?:see(?:\s+also)?|cf\.?|compare)\s"
    r"|^\W*(?:for\s+the\s+purposes?\s+of\b.{0,80}?,\s+|the\s+(?:term|word|phrase)\s+)['\"‘“]"
    r"|\b1[0-9]{3}\b",
    re.IGNORECASE)

# the writer's own thoughts and work, in the first person ("I tried it the other way and …", "I know that's a
# stretch.", "We playtested both versions."): what the writer did or thought, not what the game does. (Not "I wanted
# Glasnost to depend on Chernobyl having happened": a sentence that names an event may state its rule, so the
# caller asks this only of one that names none.)
WRITERS_THOUGHTS = re.compile(
    r"^\W*(?:I|we)\s+(?:\w+ly\s+|also\s+|still\s+|never\s+)?(?:tried|know|knew|toyed|spent|found|remember|guess|admit|"
    r"playtested|tested|struggled|agonized|agonised|debated|doubt|realised|realized|noticed|learned|learnt)\b",
    re.IGNORECASE)


def marked_commentary(text: str) -> bool:
    """Does the sentence say of itself that it states no rule ("Historical note: …", "See also …", "For the purposes of this event, 'Bavaria' means …", a year: history told)? Only asked of a sentence no form
    reads and no shape test marks (``read.read_text``, among an event's opening conditions)."""
    return bool(_MARKED.search(without_citations(text[:2000]))) or retracted(text)

