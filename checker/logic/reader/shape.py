"""Is a sentence in the event language's shape (a rule the reader must read or report)?

A sentence is in the event language's shape when it names an event (by id or title) together with a word of its
state, its firing or an effect on it; or opens with an outcome of a failed requirement; or holds a requirement
frame about this event ("This event cannot occur …", "Playable only if …"); or ends the game; or changes or states
the owner of a named place. Such a sentence is read or reported: never dropped. "This event" alone with a state word
("how this event is played") is narrative.
"""

from __future__ import annotations

import re

from .phrases import Context, as_places, lexicon_for, tokens, without_citations

# words of what the logic models of minors and provinces (existing, on the map, owned): beside a name, a sentence
# with one of them may create, remove or hand over a place ("Danzig becomes a Prussian province", "Poland
# disappears from the map", "title to Corsica shall vest in France"): read or reported, never dropped
_PLACE_WORDS = re.compile(
    r"\b(?:(?-i:[A-Z])\w+\s+becomes\s+(?:a\s+|an\s+|the\s+)?(?:\w+\s+)?(?:province|minor|possession|part\s+of"
    r"|country|state|nation|colony|territory)\b"
    # "By the Truman Doctrine becomes the USA Turkey": a translator's "becomes" for "gets" (reported)
    r"|(?-i:[A-Z])\w+\s+becomes\s+(?:the\s+)?(?-i:[A-Z])\w+|\bin\s+(?:its\s+|their\s+)?possession\s*(?:$|[.;:,!)])"
    r"|\binto\s+(?-i:[A-Z])\w+\s+hands\b"
    # "CORSICA GOES FRENCH": a change of owner by the country's adjective, in a verb no form reads
    r"|(?-i:[A-Z])\w+\s+(?:goes|turns)\s+(?-i:[A-Z])\w+(?=\s*(?:$|[.;:,!)]|\s[-–—]|\s(?:if|when|unless|once|as\s+soon|at\s+once)\b))"
    # "AFGHANISTAN ABSORBED -- NO LONGER A STATE": a minor removed (in capitals, which words are its name?)
    r"|\bno\s+longer\s+an?\s+(?:minor\s+)?(?:state|minor|country|nation)\b"
    r"|disappears?\s+from|(?:removed|withdrawn|taken)\s+(?:from|off)\s+(?:the\s+)?map"
    # "The Kalmar Union breaks up", "the Cisalpine Republic gets created": a minor removed or created, in words no
    # form reads
    r"|\b(?:breaks?|broke)\s+up\b|\bfalls?\s+apart\b|\b(?:gets?|got)\s+created\b"
    r"|\b(?:take|takes|took|remove|removes|withdraw|withdraws)\s+(?:\w+\s+){1,3}?(?:from|off)\s+(?:the\s+)?map"
    r"|\bgone\s+for\s+good|\b(?:is|'s)\s+gone\b"
    r"|(?:placed|put|set\s+up|restored|re-?established)\b[^.;]{0,40}\b(?:on\s+the\s+map|to\s+the\s+map|as\s+an?\s+(?:independent|minor|new|sovereign))"
    # "the module flips Czechoslovakia to USSR control", "moves the Danzig control marker to Prussia"
    r"|\b(?:flips?|moves?|transfers?)\s+(?:the\s+)?(?-i:[A-Z])[\w-]*(?:\s+[\w-]+){0,3}?\s+to\s+(?:the\s+)?(?-i:[A-Z])"
    r"|title\s+to|vests?\s+in|is\s+eliminated|becomes?\s+(?:its|the)\s+(?:new\s+)?owner"
    # "Russia shall take possession of the said duchy", "transfers control of the Ohio Country to the British"
    r"|\btake[sn]?\s+possession\s+of\b|\btransfers?\s+(?:the\s+)?(?:control|ownership|possession)\s+of\b"
    r"|(?:goes|passes|comes)\s+into\s+the\s+possession\s+of"
    # "West Berlin goes over into the possession of the USSR", "Greece goes, if …, over into the possession of the
    # USA", "Cuba goes back to the US", "Afghanistan is added to the USSR" (a name that ends its clause: not "goes
    # back to the USSR player's hand")
    r"|(?:\bpossession\s+of|\b(?:goes|go|went|gone|passes|pass|passed|falls?|fell|reverts?|reverted)\s+back\s+to"
    r"|\b(?:is|are|was|were|be)\s+added\s+to)\s+(?:the\s+)?(?-i:[A-Z])[\w-]*(?:\s+(?-i:[A-Z])[\w-]*){0,3}"
    r"(?=\s*(?:$|[.;:,!)]|\s(?:if|unless|when|while|at|and|only|provided)\b))"
    # "East Germany enters the game as a state": a minor created, in words no form reads (reported)
    r"|\benters?\s+(?:in\s+|into\s+)?(?:the\s+)?(?:play|game|map)\s+as\s+(?:an?\s+)?(?:new\s+|independent\s+|minor\s+)*"
    r"(?:states?|minors?|country|countries|nations?)\b"
    # a place taken, sold or put on the map in the writer's own words ("the Soviets take Berlin", "Russia grabs
    # Warsaw", "Genoa sells Corsica to France", "Danzig passes under Prussia", "puts Yugoslavia on the map"): a change
    # of owner or a minor created that no form reads (reported)
    r"|\b(?:takes?|grabs?|seizes?|captures?|sells?|occupies|annexes|picks?\s+up)\s+(?:the\s+)?(?-i:[A-Z])[\w-]+"
    r"(?:\s+(?-i:[A-Z])[\w-]+){0,2}(?!\s+(?-i:[A-Z]))"
    r"(?:\s+to\s+(?:the\s+)?(?-i:[A-Z])\w+)?\s*(?:$|[.;:,!]|\s+(?:from|to|for\s+good|at\s+once|immediately)\b)"
    r"|\b(?:passes|goes|falls|comes)\s+under\s+(?:the\s+)?(?-i:[A-Z])"
    r"|\b(?:puts?|places?)\s+(?:the\s+)?(?-i:[A-Z])\w+(?:\s+(?:minor|country|state|nation|province))?\s+on\s+the\s+(?:map|board))",
    re.IGNORECASE)

# a place handed over in a tense or a voice no form reads ("Milan give to France", "Trent passed unto the Italians",
# "Liege was taken and given unto the German"), or an owner assigned as a formula writes it ("owner(Rhodes) ← TUR"):
# reported, never dropped (not with a year: "Alsace passed to France in 1648" is history told)
_HANDED_OVER = re.compile(
    r"(?-i:[A-Z])[\w-]+\s+(?:also\s+|then\s+)?(?:(?:is|was|were|are|be)\s+(?:\w+\s+and\s+)?)?"
    r"(?:give|gives|given|handed|passed|went|fell|ceded)\s+(?:over\s+)?(?:to|unto)\s+(?:the\s+)?(?-i:[A-Z])"
    r"|(?-i:[A-Z])[\w-]*\s*\)?\s*←\s*(?:the\s+)?(?-i:[A-Z])", re.IGNORECASE)

# "only if" before a player ("Can I place influence in Poland only if I have influence there?"): a move, not a rule
# of events
_ONLY_IF_A_PLAYER = re.compile(r"\bonly\s+(?:if|when|in\s+case(?:\s+that)?|provided(?:\s+that)?)\s+"
                               r"(?:I|you|we|he|she|they|the\s+player|a\s+player|your\s+opponent)\b", re.IGNORECASE)

# a minor created, said of the event that creates it ("The Italian Campaign makes a new little country", "leads to
# the creation of the Confederation of the Rhine"): read or reported, never dropped
_NEW_MINOR = re.compile(r"\bcreation\s+of\s+(?:the\s+|a\s+)?(?-i:[A-Z])"
                        r"|\b(?:makes?|creates?|forms?|founds?)\s+(?:a|an)\s+new\s+(?:\w+\s+){0,2}?"
                        r"(?:country|state|nation|minor)\b", re.IGNORECASE)

# an event said to be gone in a word no form reads ("Star Wars is out", "the Blockade is dead")
_GONE = re.compile(r"\b(?:is|are|'s)\s+(?:now\s+)?(?:out|dead|done|toast|history)\b(?!\s+(?:of|for|to)\b)"
                   # "leads to the permanent removal of the Peace of Amiens from the deck"
                   r"|\bremoval\s+of\s+(?:the\s+)?(?-i:[A-Z])"
                   r"|^\W*(?:kills?|scraps?|nukes?|axes|wipes\s+out|knocks\s+out)\b"
                   # "The Afghanistan card kills Detente": a verb of ending before a capitalised name
                   r"|\b(?:kills?|scraps?|nukes?|wipes\s+out|knocks\s+out)\s+(?:the\s+)?(?-i:[A-Z])", re.IGNORECASE)
# a quick reference's check or cross mark beside an event ("Afghan inv. → Détente ✗, SALT ✗"): a state or an end
_MARKS = re.compile("[✗✘✓✔]")

# an event's effects named with a possessive ("the Sale of Corsica's effects", "Détente's remaining effects")
_POSSESSIVE_EFFECTS = re.compile(r"\w['’]s\s+(?:\w+\s+)?effects?\b", re.IGNORECASE)

_ALONE = {"GAME_ENDS", "FOR_THIS"}
_OUTCOMES = {"REROLL", "MARK_OFF", "CONSIDER_PLAYED", "RENEW"}
_STATE = {"PART_A", "PART_P", "INEFF", "OVER_A", "ENDED_P", "VINF", "VPRES", "PLAYABLE", "NEVER", "NOLONGER", "CANCEL_V",
          "MUST", "CANCELLED", "REQUIRES", "PREVENTS", "STOPS", "REMOVE_V", "REMOVED_GAME", "REMOVED_PLAY", "ENDS_V", "MAY_END",
          "DISCARD_V", "NO_EFFECT", "TO_CLOSE"}
# a state of an event, or an effect on one, wherever it stands in a sentence that names an event (by id or title);
# not "over", as often a preposition ("Hover over a country to see …"), nor "remove" ("remove Olivares from office")
_STATE_ANYWHERE = {"INEFF", "CANCELLED", "CANCEL_V", "STOPS", "REMOVED_GAME", "REMOVED_PLAY", "ENDS_V", "MAY_END",
                   "NOLONGER", "UNPLAYABLE", "GAME_ENDS"}
_SUBORDINATORS = {"IF", "PROVIDED", "UNLESS", "BEFORE", "AFTER", "WHILE", "DURING", "UNTIL"}


_BEFORE_TITLE = _SUBORDINATORS | {"EFFECTS_OF", "CANCEL_V", "PREVENTS", "STOPS", "REMOVE_V", "REQUIRES", "AND", "OR", "COMMA", "NEITHER",
                                   "NOR", "EITHER", "BOTH", "ANY_OF", "ALL_OF", "NONE_OF", "SEMI", "THAT", "SHOULD",
                                   "AGAIN", "BRINGS", "ARROW"}
_AFTER_TITLE = {"COP", "HAS", "MODAL", "REMAINS", "DOES", "AND", "OR", "COMMA", "PART_A", "PART_P", "NOR", "MUST",
                "SEMI", "ONLY_FOR", "FOR", "TO", "LPAR", "RPAR", "INEFF", "OVER_A", "ENDED_P", "NEG", "NOLONGER", "CANCEL_V",
                "GAME_ENDS", "NO_EFFECT", "MAY_END", "FROM_GAME", "TO_CLOSE"}


_MINOR_SHAPES = (("NAME", "LOSES", "NAME", "TO"), ("NAME", "REMOVED_PLAY"), ("NAME", "REMOVED_GAME"), ("NAME", "COP", "REMOVED_BARE", "IF"),
                 ("NAME", "COP", "REMOVED_BARE", "UNLESS"), ("NAME", "COP", "CREATED"), ("NAME", "COP", "REMOVED_GAME"), ("NAME", "COP", "REMOVED_PLAY"), ("NAME", "NOLONGER", "EXISTS"),
                 ("NAME", "DISAPPEARS"), ("PREVENTS", "NAME"), ("STOPS", "NAME"), ("REMOVE_V", "NAME"), ("CREATE_V", "NAME"), ("CREATE_V", "X", "NAME"), ("CREATE_V", "REF"), ("NAME", "GAINS", "NAME"),
                 ("CODE", "GAINS", "NAME"), ("NAME", "MUST", "EXISTS"), ("NAME", "CREATED"),
                 ("CODE", "CONTROL_V", "NAME"), ("NAME", "CONTROL_V", "NAME"), ("SEMI", "CODE", "CONTROL_V"),
                 ("NAME", "DISSOLVED"), ("NAME", "AND", "NAME", "TO", "NAME"), ("NAME", "AND", "NAME", "TO", "CODE"))


def _names_a_minor(toks) -> bool:
    """A name next to what the logic models of it: created, removed, (no longer) existing, owning, lost."""
    kinds, depth = [], 0
    for t in toks:  # what stands in parentheses is an aside ("(even if Alliance no longer exists)")
        depth += t.kind == "LPAR"
        if not depth:
            kinds.append(t.kind)
        depth -= t.kind == "RPAR" and depth > 0
    # an apposition between commas that names nothing ("Georgia, a new country, is placed …") is left out, and the
    # commas themselves ("A new minor, Georgia, is placed …", "Poland, Saxony and Bavaria are created")
    out, i = [], 0
    while i < len(kinds):
        if kinds[i] == "COMMA":
            try:
                j = kinds.index("COMMA", i + 1)
            except ValueError:
                j = -1
            if j > 0 and not {"NAME", "CODE", "REF"} & set(kinds[i + 1:j]):
                i = j + 1
                continue
            i += 1
            continue
        out.append(kinds[i])
        i += 1
    kinds = out
    if "UNIT" in kinds:
        return False  # leaders, generals, counters: not minors
    if kinds[-3:] == ["NAME", "COP", "REMOVED_BARE"] or kinds[-2:] == ["NAME", "REMOVED_BARE"] or kinds[-3:] == [
            "NAME", "X", "REMOVED_BARE"]:
        return True  # "Poland is removed.", "Danzig (minor) removed." (not "Cossacks are removed to VA of Poland")
    if any(kinds[i:i + 3] == ["NAME", "COP", "REMOVED_BARE"] and kinds[i + 3] not in ("TO", "FROM")
           for i in range(len(kinds) - 3)):
        return True  # "Poland is removed if …", "POLAND IS REMOVED and …" (a move "removed to …" is no removal)
    for shape in _MINOR_SHAPES:
        n = len(shape)
        if any(tuple(kinds[i:i + n]) == shape for i in range(len(kinds) - n + 1)):
            return True
    return False


# what is done to an event, whatever stands after its title ("cancels the war between Persia and Turkey if …")
_ACTS_ON_TITLE = {"CANCEL_V", "CANCELLED", "EFFECTS_OF", "DISCARD_V"}  # (not PREVENTS: "remove Richelieu from office")
# what an event does, said of a title a few words later in its clause ("the ministry of Olivares in Spain comes to
# an end"): a state or an end of the event named, read or reported
_ENDS_OF_TITLE = {"ENDS_V", "CANCEL_V", "CANCELLED", "NOLONGER", "REMOVED_GAME", "REMOVED_PLAY", "ENDED_P"}
_CLAUSE_END = {"COMMA", "SEMI", "AND", "OR", "IF", "PROVIDED", "UNLESS", "WHILE", "BEFORE", "AFTER", "UNTIL"}


def _names_an_event(toks) -> bool:
    """An id names an event wherever it stands; a title only where an event stands (after "if", "cancels", "and";
    before "is", "has", "can"; or a few words before "comes to an end" in its clause): "remove Richelieu from
    office" names the minister, not the event."""
    for i, t in enumerate(toks):
        if t.kind == "BAREID":
            return True  # "event 11": an event, whichever period it is of
        if t.kind != "REF":
            continue
        if not t.by_title:
            return True
        before = toks[i - 1].kind if i else None
        after = toks[i + 1].kind if i + 1 < len(toks) else None
        if before in _ACTS_ON_TITLE:
            return True
        if (before is None or before in _BEFORE_TITLE) and (after is None or after in _AFTER_TITLE):
            return True
        if (before is None or before in _BEFORE_TITLE) and after == "NEVER" and i + 2 < len(toks) and toks[
                i + 2].kind in ("VPRES", "VINF", "AGAIN"):
            return True  # "Fronde never happens" (not "Richelieu never forgave Olivares")
        for u in toks[i + 1:i + 5]:
            if u.kind in _ENDS_OF_TITLE:
                return True
            if u.kind in _CLAUSE_END:
                break
    return False


_NAME_STATE = {"INEFF", "OVER_A", "ENDED_P", "PART_A", "PART_P", "CANCELLED"}
_BARE_STATE = {"INEFF", "CANCELLED", "UNPLAYABLE"}  # a state a name may take with no verb between


def _end_of_a_possessive(toks) -> bool:
    """A name in the possessive, then an end within its clause: "Richelieu's ministry ends", "the Pope's reign
    comes to an end" (an event named by what it stands for: reported, never dropped)."""
    for i, t in enumerate(toks):
        if t.kind == "NAME" and t.value.endswith(("'s", "’s")):
            for u in toks[i + 1:i + 4]:
                if u.kind in ("ENDS_V", "CANCEL_V", "CANCELLED"):
                    return True
                if u.kind in _CLAUSE_END:
                    break
    return False


# a part of the game's turn, or the game itself, named with capitals: what ends is no event
def _a_turn_part(name: str, parts: frozenset) -> bool:
    """Does ``name`` end in a word of the lexicon's ``parts: turn`` ("the Movement Phase", "Winter Turns")?"""
    words = name.split()
    last = words[-1].lower() if words else ""
    return last in parts or (last.endswith("s") and last[:-1] in parts)


def _same_event(a, b) -> bool:
    """Do tokens ``a`` and ``b`` name one event ("2:Early -> NATO": an id and its title)?"""
    return (b is not None and a.kind in ("REF", "THIS") and b.kind in ("REF", "THIS")
            and str(a.value) == str(b.value))


def _state_of_a_name(toks, turn_parts: frozenset) -> bool:
    """A name (capitalised words the KB does not know as a title) with an event's state: "the Pact of Warsaw is
    still in effect", "the Blockade of Berlin has ended", "the Fronde has been played". Such a sentence speaks of an
    event by a name rulekb cannot resolve: it is reported, never dropped."""
    for i, t in enumerate(toks[:-1]):
        if t.kind != "NAME" or (i and toks[i - 1].kind == "UNIT"):
            continue  # (a leader, a general — "leader Cromwell remains in play" — is a counter, not an event)
        j = i + 1
        while j < len(toks) and toks[j].kind in ("COP", "HAS", "BEEN", "REMAINS", "NEG", "NOLONGER"):
            j += 1
        after = toks[j + 1].kind if j + 1 < len(toks) else None
        if j > i + 1 and j < len(toks) and toks[j].kind in _NAME_STATE and after not in ("X", "NAME", "UNIT"):
            return True  # ("Dimitri is an active rebel": the state word qualifies the next word, not the name)
        if j == i + 1 and toks[j].kind in _BARE_STATE and after not in ("X", "NAME", "UNIT"):
            return True  # written without a verb: "if the Bavarian Succession still in force is", "Bar impossible"
        if (j == i + 1 and toks[j].kind in ("CANCEL_V", "ENDS_V", "STOPS")
                and (after is None or after in _CLAUSE_END or after in ("FOR", "ONLY_FOR"))
                and not _a_turn_part(t.value, turn_parts)):
            return True  # "Bar ends.", "Olivares ends, and …": an event by a name rulekb does not know (not "the
            # Movement Phase ends": a part of the turn)
        if (j == i + 1 and toks[j].kind == "MODAL" and [x.kind for x in toks[j + 1:j + 3]] in (
                ["NEG", "VINF"], ["NEVER", "VINF"], ["NOLONGER", "VINF"])):
            return True  # "Bav. Succession can't happen anymore": an event rulekb does not know, that can no longer occur
    return False


# the safety net: words that carry what the logic models whatever their phrasing: the game's end, a change of owner,
# a minor created or removed, an event made impossible. Beside a name of an event, a place or a country, a sentence
# holding one is read or reported, never dropped as narrative ("The province of Corsica shall be transferred to
# France", "the game shall forthwith terminate", "Event 4:IV shall be deemed incapable of occurring")
_GAME_END = re.compile(r"\bgame\b[^.;:]{0,40}?\b(?:ends?|ended|terminat\w*|close|closes|over|finish\w*|conclu\w*)\b"
                       r"|\b(?:ends?|terminat\w*|finish\w*|conclud\w*|brings?)\s+(?:the|this)\s+game\b", re.IGNORECASE)
_RULE_STEMS = re.compile(
    r"\b(?:transferred\s+to|sovereignty|ceases?\s+to\s+exist|incapable\s+of|out\s+of\s+(?:the\s+)?game"
    r"|(?:can|may|shall|will|could|must)\s+never\s+(?:again\s+)?(?:be\s+played|be\s+drawn|be\s+used|occur|happen"
    r"|take\s+place|fire)|no\s+longer\s+(?:exists?|in\s+effect|playable)"
    # a change of owner or a minor in other words: "passes under Turkish domination", "comes under American
    # control", "Egypt enters play (minor)", "removed as minor", "becomes a separate minor", "Genoa: removed"
    r"|(?:pass\w*|comes?|came|falls?|fell|goes|go|went|placed|(?:puts?|brings?|brought|places?)(?:\s+\w+){1,3})"
    r"\s+under\s+(?:the\s+)?(?:\w+\s+){0,2}(?:control|domination|dominion|rule|sway|suzerainty)"
    r"|enters?\s+(?:into\s+)?(?:play|the\s+game|the\s+map)|(?:comes?|come)\s+into\s+play"
    r"|\bas\s+(?:a\s+)?(?:new\s+|separate\s+|free\s+|independent\s+)?minor"
    r"|(?:new|separate|free|independent)\s+minor|(?:a\s+new|an\s+independent)\s+(?:nation|state|country)|^[^\W\d_][\w ]{0,40}:\s*(?:removed|eliminated|to\s+[A-Z]))\b",
    re.IGNORECASE)
# "… until the game ends": a time, not the game's end
_TIME_BEFORE = re.compile(r"\b(?:until|till|before|after|when|once|while|if|unless|as\s+long\s+as)\s+(?:the\s+)?$",
                          re.IGNORECASE)
_ASIDES = re.compile(r"\([^()]{0,300}\)")
# a year in the sentence: history told, not a rule ("Genoa ceded Corsica to France in 1768")
_YEAR = re.compile(r"\b1[0-9]{3}\b")
_NAMED = {"REF", "THIS", "BAREID", "NAME", "CODE", "ADJ"}


def _in_the_safety_net(text: str, toks) -> bool:
    """The safety net (above): the game's end, or a name beside one of the rule words, or a country's adjective after
    "become" ("Ansbach and Bayreuth become Prussian"). Not history told (a year), not a counter (UNIT)."""
    if _YEAR.search(without_citations(text)) or any(t.kind == "UNIT" for t in toks):
        return False
    bare = _ASIDES.sub(" ", text)  # what stands in parentheses is an aside ("(even if Alliance no longer exists)")
    # a time word just before "the game …" makes it a time ("until the game ends"); only the words right before
    # the match are looked at, so the test stays linear in the sentence
    if any(not _TIME_BEFORE.search(bare, max(0, m.start() - 20), m.start()) for m in _GAME_END.finditer(bare)):
        return True
    if any(t.kind in _NAMED for t in toks) and _RULE_STEMS.search(bare):
        return True
    return any(a.kind == "BECOMES" and b.kind == "ADJ" for a, b in zip(toks, toks[1:]))


# a time bound by a year ("Not before 1650.", "Only after 1789", "cannot be played until 1650"): a requirement the logic
# has no year for, reported (never dropped as history told with a year)
_YEAR_BOUND = re.compile(
    r"^\W*(?:[^\W\d_]+(?:\s+[^\W\d_']+){0,2}\s*:\s*)?(?:(?:not|only|never)\s+)?(?:before|after|until|till|from|prior\s+to|no\s+(?:earlier|later)\s+than)\s+"
    r"(?:the\s+year\s+)?1[0-9]{3}\b"
    r"|\b(?:occur|happen|take\s+place|be\s+played|be\s+drawn|fire)\w*\s+(?:\w+\s+){0,2}"
    r"(?:before|after|until|till|from|prior\s+to)\s+(?:the\s+year\s+)?1[0-9]{3}\b", re.IGNORECASE)


_PRONOUNS = frozenset({"I", "We", "You", "They", "He", "She", "It"})  # capitalised, not names ("Do I get …?")


def _owner_before(toks, i: int) -> bool:
    """A country's name right before token ``i``, or before a modal there ("Prussia shall acquire …")."""
    j = i - 1 - (i >= 2 and toks[i - 1].kind == "MODAL")
    return toks[j].kind in ("NAME", "CODE") and toks[j].value not in _PRONOUNS


_NUMBER = re.compile(r"\d(?!st\b|nd\b|rd\b|th\b)")


def _a_number_in_clause(toks, i: int) -> bool:
    """A number in the clause of token ``i`` (between the commas, semicolons or colons around it), an event's id
    aside: "Move 3 armies to Prussia" is no change of owner; "7:IV ECW EFFECT: DUNKIRK TO FRA" is."""
    start = i
    while start > 0 and toks[start - 1].kind not in ("SEMI", "COMMA"):
        start -= 1
    end = i
    while end < len(toks) and toks[end].kind not in ("SEMI", "COMMA"):
        end += 1
    return any(t.kind not in ("REF", "BAREID", "THIS") and _NUMBER.search(t.value or "") for t in toks[start:end])


def event_shaped(text: str, ctx: Context, extra: tuple = ()) -> bool:
    """Does the text state what the logic models (see the tests below)? Judged on the whole text, then without its
    asides in parentheses, clause by clause, so that a counter in an aside or in a clause of its own ("Danzig to PRU
    (place PRU ctrl marker)", "…: move the Minsk marker to the Russian player") does not hide the rule beside it.
    A condition in an aside is judged only as part of its sentence ("(even if Alliance no longer exists)"); an aside
    that says something of its own ("(Capua becomes a minor)", "(cancelling the Nine Years' War)") is judged alone
    too: a module's notes or a designer often put the rule there."""
    if _event_shaped(text, ctx, extra):
        return True
    if _YEAR.search(without_citations(text[:MAX_SHAPED])):
        return False  # history told (a year) in one clause is told in all of them
    bare = _ASIDES.sub(" ", text[:MAX_SHAPED])
    pieces = [p for p in _CLAUSES.split(bare) if p and p.strip()]
    # before a colon, the clause that leads ("Russia takes Minsk: move the Minsk marker …"); what follows a colon is
    # judged only with its lead ("Historical note: the city was annexed …" is commentary)
    pieces += [p.split(": ", 1)[0] for p in pieces if ": " in p]
    if (bare != text or len(pieces) > 1) and any(_event_shaped(p, ctx, extra) for p in pieces):
        return True
    return any(_a_statement(m.group(0)[1:-1], ctx, extra) and _event_shaped(m.group(0)[1:-1], ctx, extra)
               for m in _ASIDES.finditer(text[:MAX_SHAPED]))


# what makes an aside a condition or an instruction on its sentence, wherever it stands in the aside ("(even if …)",
# "(do not apply the results before phase 6)", "(only once)")
_QUALIFYING = _SUBORDINATORS | {"ONLY", "NEG", "NEVER", "DOES", "MODAL", "MUST", "LABEL", "OTHERWISE", "REQUIRES"}


def _a_statement(aside: str, ctx: Context, extra: tuple) -> bool:
    """Does an aside state a change of its own ("(Capua becomes a minor)", "(cancelling the Nine Years' War)"),
    rather than qualify its sentence ("even if …", "unless …", "do not apply the results before phase 6")?"""
    toks = [t for t in tokens(aside, ctx, lexicon_for(extra), tolerant=True) if t.kind not in ("X", "AND", "COMMA")]
    return len(toks) > 1 and not any(t.kind in _QUALIFYING for t in toks)


# where a text's clauses part: a semicolon or a dash between spaces, ", so "
_CLAUSES = re.compile(r";\s|\s[-–—]{1,2}\s|,\s+so\s")
MAX_SHAPED = 4000  # (the text is read in linear time: a longer one is judged whole)


def _event_shaped(text: str, ctx: Context, extra: tuple = ()) -> bool:
    # a title named by a word that is a place's name too ("Westphalia", "BERG" for the annexation of Berg): judged
    # as the name, the weaker sign ("The revolt of Portugal, in 1640, …" is history), as before the reader knew such
    # names; events.py reads a sentence so judged both ways
    return _shaped_by(text, as_places(tokens(text, ctx, lexicon_for(extra), tolerant=True), text), extra)


def _shaped_by(text: str, toks: list, extra: tuple) -> bool:
    while toks and toks[0].kind in ("LABEL", "SEMI", "COMMA"):
        toks = toks[1:]  # a heading ("EVENTS PHASE: …") says where the rule stands; the rule is after it
    if not toks:
        return False
    if _in_the_safety_net(text, toks) or _YEAR_BOUND.search(text[:2000]):
        return True
    kinds = {t.kind for t in toks}
    seq = [t.kind for t in toks]
    if any(t.kind in _ALONE and not (i and toks[i - 1].kind in _SUBORDINATORS) for i, t in enumerate(toks)):
        return True  # "The game ends at once" (but "… until the game ends" is a time, not a rule)
    if toks[0].kind in _OUTCOMES or (toks[0].kind == "OTHERWISE" and kinds & _OUTCOMES):
        return True
    if kinds & _OUTCOMES and kinds & {"THIS", "DRAWN"}:
        return True  # "If this event is already in effect, re-roll."
    if (kinds & {"NOTHING", "DELAY", "TREAT_AS"} and "DRAWN" in kinds) or (
            toks[0].kind in ("IF", "UNLESS") and "UNIT" not in kinds
            and any(k == "COMMA" and seq[i + 1:i + 5] == ["IT", "COP", "CONSIDER_V", "AS"] for i, k in enumerate(seq))):
        return True  # "If France owns Corsica when this event is drawn, it is treated as a 'No Event' result …"
    if (toks[0].kind in ("IF", "UNLESS") and any(t.kind in _OUTCOMES and toks[i - 1].kind in ("COMMA", "SEMI")
                                                 for i, t in enumerate(toks) if i) and "UNIT" not in kinds):
        return True  # "If England does not own Virginia, mark off": a failure outcome under a condition
    if "NO_EFFECT" in kinds and kinds & {"THIS", "IT"} and kinds & _SUBORDINATORS:
        return True  # "This event shall have no effect … where Spain does not own Catalonia": a requirement
    if any(t.kind == "CREATE_V" and i and toks[i - 1].kind in ("REF", "THIS") for i, t in enumerate(toks)):
        return True  # "The Berlin Wall creates a brand-new country for you, East Germany": a minor created
    if kinds & {"DISSOLVED", "INTO_EXISTENCE"} and kinds & {"NAME", "REF", "THIS"} and "UNIT" not in kinds:
        return True  # "the Bar confederation is dissolved": a minor removed, or an event ended (reported)
    if kinds & {"NAME", "REF"} and _names_a_minor(toks):
        return True  # "The GDR is created", "Poland no longer exists", "Genoa has lost Corsica"
    if _names_an_event(toks) and kinds & _STATE:
        return True
    if any(seq[i:i + 2] in (["CANCEL_V", "IT"], ["PREVENTS", "IT"], ["STOPS", "IT"], ["REMOVE_V", "IT"]) or seq[i:i + 3] in (
            ["IT", "COP", "CANCELLED"], ["IT", "COP", "REMOVED_GAME"], ["IT", "COP", "REMOVED_PLAY"], ["IT", "NOLONGER", "EXISTS"],
            ["ITS_EFFECTS", "COP", "CANCELLED"], ["ITS_EFFECTS", "ENDS_V"])
            for i in range(len(seq))) and "UNIT" not in kinds:
        return True  # "Cancel it.", "It is cancelled.": an effect on an event named before (read or reported)
    if kinds & {"REF", "THIS"} and _POSSESSIVE_EFFECTS.search(text):
        return True  # "it wipes out whatever is left of the Sale of Corsica's effects": an effect on an event
    if "EFFECTS_OF" in kinds and kinds & {"CANCEL_V", "CANCELLED"}:
        return True  # "The effects of the Pact of Warsaw are annulled": a cancellation, whatever it names
    if any(t.kind == "GIVES" and [u.kind for u in toks[i + 1:i + 5] if u.kind != "X"][:3] in (
            ["NAME", "TO", "NAME"], ["NAME", "TO", "CODE"], ["CODE", "TO", "NAME"], ["CODE", "TO", "CODE"])
           and [u.kind for u in toks[i + 1:i + 3]] != ["X", "X"] for i, t in enumerate(toks)):
        # "hands Danzig to Prussia", "transfers the principality of Orange to France": a change of owner (not "cede
        # provinces to …", "changes hands")
        return True
    if sum(t.kind in ("REF", "THIS") for t in toks) > 1 and any(
            t.kind == "OCCURRENCE_OF" and toks[i + 1].kind == "REF" for i, t in enumerate(toks[:-1])):
        # "The Third Punic War forecloses any further occurrence of Hannibal ad Portas": an event and what it does to
        # the occurrence of another
        return True
    if "UNIT" not in kinds and any(seq[i:i + 4] in (["NAME", "COP", "GIVES", "TO"], ["CODE", "COP", "GIVES", "TO"])
                                   and seq[i + 4:i + 5] in (["NAME"], ["CODE"]) for i in range(len(seq))):
        return True  # "Corsica is now handed to France": a change of owner, said in the passive
    if (any((t.kind == "TO" and (i == 1 or toks[i - 2].kind in ("SEMI", "COMMA"))) or (t.kind in ("RECEIVES", "GAINS") and (
            i + 2 == len(toks) or toks[i + 2].kind in _CLAUSE_END | {"SEMI", "LPAR"}
            or (i + 3 == len(toks) and toks[i + 2].kind == "X"))) for i, t in enumerate(toks)
            if 0 < i < len(toks) - 1 and _owner_before(toks, i)
            and toks[i + 1].kind in ("NAME", "CODE") and not _a_number_in_clause(toks, i))
            and "UNIT" not in kinds):
        # "Baghdad to Turkey" (terse, first), "Austria gets the Innviertel." (the place ends its clause): a change
        # of owner. Not "receives VPs for …", "RECEIVES THE FIRST CHOICE OF PROVINCE", "receive a Free CB to join
        # …", nor with a number
        return True
    if any(seq[i:i + 2] in (["THIS", "REQUIRES"], ["REF", "REQUIRES"]) and seq[i + 2:i + 3] in (
            ["NAME"], ["REF"], ["CODE"], ["PERIOD"], ["THAT"], ["BOTH"], ["EITHER"], ["ALL_OF"], ["ANY_OF"])
           for i in range(len(seq))):
        return True  # "Changed: Korean War requires North Korea to exist": an event and what it requires
    if any(t.kind == "LOSES" and 0 < i < len(toks) - 1 and toks[i - 1].kind in ("NAME", "CODE")
           and toks[i + 1].kind in ("NAME", "CODE") for i, t in enumerate(toks)) and "UNIT" not in kinds:
        return True  # "England loses Kent", "Poland loses Danzig": a change of owner, whoever gains (reported)
    if "NO_PLAYER" in kinds and kinds & {"REF", "THIS"} and kinds & {"VINF", "VPRES"}:
        return True  # "nobody can play COMECON after that": an event that can no longer be played
    if kinds & {"REF", "THIS"} and _GONE.search(text):
        return True  # "Star Wars is out", "the Blockade is dead": an event ended or removed, in words no form reads
    if any(t.kind == "ARROW" and i and toks[i - 1].kind in ("NAME", "CODE", "REF", "THIS")
           and not _same_event(toks[i - 1], toks[i + 1] if i + 1 < len(toks) else None) for i, t in enumerate(toks)):
        return True  # "Thorn → PRU", "NATO → cancelled": a card's shorthand for a change of owner or an end (not
        # "2:Early -> NATO": a card's id and its own title)
    if any(t.kind == "OTHERWISE" and ((i + 1 < len(toks) and toks[i + 1].kind in _OUTCOMES)
                                      or (i and toks[i - 1].kind in _OUTCOMES)) for i, t in enumerate(toks)):
        return True  # "…, otherwise consider as played", "… and is rerolled otherwise": a requirement's outcome
    if (any(seq[i:i + 2] in (["ONLY", "IF"], ["ONLY", "PROVIDED"]) for i in range(len(seq)))
            and kinds & {"NAME", "CODE", "REF", "THIS"} and "UNIT" not in kinds and not _ONLY_IF_A_PLAYER.search(text)):
        return True  # "…, but only in case that Britain Malta at this time possesses": a condition on a rule (not
        # "… only if I already have influence there": a player's move)
    if kinds & {"THIS", "REF"} and "DELAY" in kinds and kinds & _SUBORDINATORS:
        return True  # "This event shall be postponed for so long as Bavaria does not exist"
    if kinds & {"PASSES_TO", "TRANSFERRED", "OWNED_BY"} and sum(t.kind in ("NAME", "CODE") for t in toks) >= 2:
        return True  # "Corsica passes to France", "Corsica is controlled by Genoa": a change or a state of owner
    if kinds & {"NAME", "CODE"} and "UNIT" not in kinds and _PLACE_WORDS.search(text):
        return True  # a place created, removed or handed over (see _PLACE_WORDS)
    if (kinds & {"NAME", "CODE", "ADJ"} and "UNIT" not in kinds and _HANDED_OVER.search(text)
            and not _YEAR.search(without_citations(text[:MAX_SHAPED]))):
        return True  # "Milan give to France", "owner(Rhodes) ← TUR" (see _HANDED_OVER)
    if kinds & {"NAME", "CODE", "THIS", "REF"} and "UNIT" not in kinds and _NEW_MINOR.search(text):
        return True  # "The Italian Campaign makes a new little country"
    if _end_of_a_possessive(toks):
        return True  # "Richelieu's ministry ends"
    if kinds & {"REF", "THIS"} and _MARKS.search(text):
        return True  # "→ Détente ✗": an event crossed out (read or reported, never dropped)
    if any(t.kind == "CANCEL_V" and i + 1 < len(toks) and toks[i + 1].kind == "NAME"
           and not _a_turn_part(toks[i + 1].value, lexicon_for(extra).turn_parts) for i, t in enumerate(toks)):
        return True  # "it ends the Bavarian Succession war if that's running": an event the KB does not know, ended
    if _state_of_a_name(toks, lexicon_for(extra).turn_parts) and not _YEAR.search(without_citations(text[:MAX_SHAPED])):
        return True  # "if the Pact of Warsaw is still in effect": an event the KB does not know, with its state (not
        # history told with a year: "Charles I was executed in January 1649, …")
    if any(seq[i:i + 4] in (["REF", "FOR", "CODE", "ONLY"], ["REF", "ONLY_FOR", "CODE"])
           or seq[i:i + 5] in (["REF", "X", "FOR", "CODE", "ONLY"], ["REF", "X", "ONLY_FOR", "CODE"],
                               ["REF", "X", "LPAR", "CODE", "ONLY"])
           for i in range(len(seq))):
        return True  # "Marshall Plan off for the UK only": something done to an event for one country
    if (any(t.kind == "REF" for t in toks) and kinds & _STATE_ANYWHERE and "UNIT" not in kinds
            and "NEG" not in {t.kind for t in toks[:1]}):
        return True  # "…, I have it end the Vietnam War if that is still running": an event and a state of one
    first = 0
    if len(toks) > 2 and toks[0].kind in ("REF", "NAME") and toks[1].kind == "SEMI":
        first = 2  # "Berlin Wall: Mid War onwards", "Cuban Missile Crisis: only if …": the card's name, then its rule
    if toks[first].kind in ("PLAYABLE", "REQUIRES") or (toks[first].kind == "NAME" and first + 2 < len(toks) and [
            u.kind for u in toks[first + 1:first + 4] if u.kind != "NEG"][:2] in (["MUST", "OWNS"], ["MODAL", "OWNS"])):
        return True  # "Playable from Mid War on", "Prerequisite: …", "Requires …", "Russia must hold Smolensk"
    if (toks[first].kind in ("ONLY", "NEG") and first + 1 < len(toks)
            and toks[first + 1].kind in _SUBORDINATORS | {"PERIOD"}):
        return True  # "Only if Spain does not own Amsterdam and Paris.", "Not if FRA owns Corsica": a requirement
    if toks[first].kind == "PERIOD" and first + 1 < len(toks) and toks[first + 1].kind in ("ONLY", "OR_LATER"):
        return True  # "Late War only", "Mid War or later only": when the event may occur
    if "UNIT" not in kinds and any(
            seq[i:i + 3] in (["ONLY", "VPRES", "IF"], ["VPRES", "ONLY", "IF"])
            or (kinds & {"THIS", "REF"} and (seq[i:i + 3] in (["ONLY", "VINF", "IF"], ["VINF", "ONLY", "IF"]) or seq[i:i + 4] in (
                ["ONLY", "MODAL", "VINF", "IF"], ["MODAL", "VINF", "ONLY", "IF"], ["MODAL", "ONLY", "VINF", "IF"])))
            for i in range(len(seq))):
        # "The fighting part of this one only happens if …", "Clause 2 of Olivares shall apply only where …" (an
        # infinitive only beside an event: "leaders can only be used when inactive" is no event's rule)
        return True
    frame_subject = toks[first].kind in ("THIS", "IT", "MODAL", "DOES", "VPRES", "VINF", "PLAYABLE", "ONLY", "REQUIRES",
                                     "UNPLAYABLE", "COP", "NEG", "LABEL", "PROVIDED")
    negative = ("NEG" in kinds and kinds & {"VINF", "PLAYABLE", "PART_P"}) or "UNPLAYABLE" in kinds
    only = "ONLY" in kinds and kinds & {"VINF", "VPRES", "PLAYABLE", "PART_P"}
    return bool(frame_subject and (negative or only) and kinds & (_SUBORDINATORS | {"PERIOD"}))
