"""The severity policy every check follows, and the reason each check has its severity.

``rulekb rules`` prints POLICY after the list of checks; ``tests/test_checks_severity.py`` fails when a check
has no entry in REASONS or declares another severity than its entry says, so a new check must take a position.
A check may lower its severity for one finding when the policy says so (LOG003: a conflict that arises only when
an optional or conditional effect applies is a warning; STY001: a placeholder for a name is a warning;
STY003: a sentence split by a blank line is info); it never raises it above its declared level.
"""

from __future__ import annotations

POLICY = """\
Severity policy (what a reviewer must do):
  error    the rules cannot be played as written: a contradiction or a dangling reference that leaves no
           legal reading wherever the rule applies (an event that can never fire, a requirement cycle, a
           reference to an event that does not exist, a promised modification that is not there, a deck that
           cannot be laid out, one province given to two owners every time an event fires, a placeholder where
           the thing a rule tells a player to place or count belongs). `rulekb check` exits 1.
  warning  a probable erratum that a reviewer must decide: the text can be played, but only by guessing which
           of two readings is meant or by supplying what is missing (a contradiction that arises only in some
           circumstances, an unknown code, a name spelled two ways across events, a reference that resolves to
           the wrong clause, a sentence that stops mid-way, a placeholder). Fails the run with --strict.
  info     style and record: spelling, word choice, grammar, reference form, variant headings, historical
           dates (they never change play), external references the KB cannot resolve yet. Nothing to decide;
           fix when convenient.
Every check declares its level (`rulekb rules CODE`); tests keep each level and its reason in step."""

# code -> (severity, why)
REASONS: dict[str, tuple[str, str]] = {
    "ACC001": ("warning", "a stale acceptance may hide a new finding; the reviewer decides to drop or re-word it"),
    "AWW001": ("warning", "a cap above the type's maximum: one of the two numbers is wrong; which is a decision"),
    "AWW002": ("warning", "a civil-war event that does not raise the EAI contradicts its type's definition"),
    "AWW003": ("warning", "the worked example and its effect lines disagree; the reviewer decides which is right"),
    "AWW004": ("warning", "the card and its explanation count different turns: which points are affected is unclear"),
    "AWW005": ("warning", "a card the sub-type's description promises is missing (or one it does not promise is "
                          "there): the explanation cannot be checked, the reviewer supplies the card"),
    "AWW006": ("info", "an explanation silent about one of its card's effect lines: the card is explicit, the "
                       "explanation incomplete; nothing to decide"),
    "AWW007": ("warning", "a card's choice or cap contradicts its sub-type's description: which one is right is a "
                          "decision"),
    "AWW008": ("info", "page furniture or two effect lines on one line: layout, the meaning is clear once noticed"),
    "CHR001": ("info", "a historical date never changes play: a record to correct, nothing to decide"),
    "CHR002": ("warning", "an unreadable date: the reviewer supplies the year meant"),
    "DCK001": ("error", "a card id no form admits: the deck cannot be built"),
    "DCK002": ("error", "a card in the wrong Age: the deck cannot be laid out as the rules say"),
    "DCK003": ("error", "an Age without 8 A-events: the deck cannot be laid out"),
    "DCK004": ("error", "realm events that do not match the realms in play: the deck cannot be laid out"),
    "DCK005": ("error", "halves that cannot be laid out: unplayable"),
    "LOG001": ("error", "a requirement cycle: none of the events can ever fire"),
    "LOG002": ("error", "an event or case that can never be played: the text is dead as written"),
    "LOG003": ("error", "one fact set two ways every time the event fires leaves no legal reading (a conflict of an "
                        "optional or conditional effect is a warning: decide which wins)"),
    "LOG004": ("warning", "a condition that always holds or never holds: probably not what was meant"),
    "LOG005": ("error", "a requirement on a later period can never be met"),
    "LOG006": ("error", "a cancellation contradicting a requirement: no legal reading"),
    "LOG007": ("info", "a limit of rulekb, not an erratum: the sentence is not read, and every answer that depends on it "
                       "is inconclusive (exit 3) until it is reworded or its logic written by hand"),
    "LOG010": ("warning", "two cases that can both hold with no precedence: the reviewer decides which is played"),
    "LOG008": ("warning", "the duration line and the body give different ends: the reviewer decides which holds"),
    "LOG011": ("warning", "the body caps the event's length but the entry does not: orders called legal may not be"),
    "LOG009": ("warning", "'a war caused by this event' with no war started: the end or the war is mis-stated"),
    "NAM001": ("warning", "a code that is no country: the reviewer decides which country is meant"),
    "NAM002": ("warning", "one place spelled two ways across events: rules may refer to two places"),
    "NAM003": ("info", "one person spelled two ways inside one event: the reader still knows who is meant"),
    "NAM005": ("warning", "a place the gazetteer does not know: a new place or a misspelling, the reviewer decides"),
    "NAM006": ("warning", "a player code for a country the period's texts treat as a minor: who acts (the minor or its "
                          "controller) must be decided"),
    "NAM007": ("info", "a continent written in capitals like a province is style: the profile lists it as a region"),
    "NAM004": ("warning", "a profile entry no seed supports silently hides findings of other checks"),
    "POP001": ("warning", "an auto-resolution that drops a qualifier, exception or limit resolves the symbol otherwise "
                          "than a player would: the reviewer decides which is meant"),
    "POP002": ("warning", "a case a rule opens and leaves without a rule: the reviewer supplies the missing case"),
    "PAR001": ("error", "a text that cannot be parsed cannot be checked or played"),
    "REF001": ("error", "a reference to an event that does not exist: the condition cannot be evaluated"),
    "REF002": ("info", "an external reference the KB cannot resolve yet: recorded, nothing to decide"),
    "REF003": ("info", "the PERIOD:NUMBER form is style: both forms resolve to the same event"),
    "REF004": ("warning", "text and logic name different events: one of them is wrong"),
    "REF005": ("error", "a promised modification that is not there: the modified event cannot be played as promised"),
    "REF006": ("warning", "a probable period typo: the reviewer confirms the event meant"),
    "REF007": ("warning", "a clause reference that does not resolve or points at the wrong clause: guesswork to play"),
    "REF008": ("warning", "an id and the name beside it name different events: the reviewer decides which is meant"),
    "SCH001": ("error", "a KB file that is not valid cannot be loaded"),
    "SCH002": ("error", "a key written twice, or two files with one id: one of them is silently lost"),
    "SCH003": ("error", "an event of a game with no profile: its ids, periods and deck cannot be read at all"),
    "STR001": ("warning", "an unknown phase heading leaves the phase of its clauses unknown (a listed variant is info)"),
    "STR002": ("warning", "phases out of turn order: the reviewer decides the order meant"),
    "STR003": ("warning", "a gap or restart in numbering may be a lost clause (a known restart layout is info)"),
    "STR004": ("warning", "the multiplicity marker and the wording disagree on how often the event occurs"),
    "STR005": ("warning", "the duration and the turn sections disagree on how long the event lasts"),
    "STR006": ("warning", "a heading with nothing under it: something may be missing"),
    "STR007": ("warning", "an effect line with no amount or a garbled cap: the amount must be supplied"),
    "STR008": ("info", "one step named two ways in running text is style: the moment meant is usually clear"),
    "STR009": ("error", "an extends cycle: the entries inherit from each other and none can be read"),
    "STY001": ("error", "a placeholder where what a rule tells a player to place or count belongs leaves it "
                        "unplayable (a placeholder for a name is a warning: the rule is playable without it)"),
    "STY002": ("info", "spelling is style"),
    "STY003": ("warning", "a sentence that stops mid-way has lost what it announces (a split paragraph is info)"),
    "STY004": ("info", "a real-word slip ('looses', 'an permanent') is style: the meaning is clear"),
    "STY006": ("info", "a grammar slip (agreement, a missing or wrong word) is style: the meaning is clear"),
    "STY007": ("error", "a bidi control makes the text show one thing and say another: a reviewer cannot see what is "
                       "merged (a zero-width character is lowered to warning: it hides a match, not a rule)"),
    "STY005": ("info", "a misspelled header label is style: the date is still read"),
}
