"""A name written in parentheses after an event id that is not that event's title.

Why: card and event texts name what they cite twice, by id and by name ("Cancels the effects of 21:Early (NATO)").
When the two disagree, either the id or the name is wrong, and a player cannot tell which card is meant: the
misspelled "(Natto)" is the mild case; "(Marshall Plan)" after NATO's id points at another card altogether.

How it compares: the name and the title are compared case-insensitively on their identifying words (punctuation,
articles and the short words a paraphrase changes — of, in, by, for, to, on, at, and — left out); a short name
whose words are all in the title ("Richelieu" for "RICHELIEU'S MINISTRY") matches. Only an aside that looks like a
name is compared: it starts with a capital or a digit, has at most 8 words and names no event id ("(see event
4:VI)", "(annexation of Portugal by Spain)" are remarks, not names). Ids are read with the game profile's period
labels (``21:Early``, ``Early:21``, ``7:IV``); an id of an event the game does not hold is left to REF001/REF002.
The finding says which title is meant ("did you mean 'NATO'?") and, when the name is another event's title, that
event's id.

Fails (21:Early is "NATO")::

    1. Cancels the effects of 21:Early (Natto) for USSR only.

Passes::

    1. Cancels the effects of 21:Early (NATO) for USSR only.

Fix the name or the id, or accept the finding with a reason.
"""

from __future__ import annotations

from ...games import profile
from ...logic.reader.grammar import vocabulary_of
from ...logic.reader.labels import id_labels, name_words, names_match

CODE = "REF008"
NAME = "id-label-mismatch"
CATEGORY = "reference"
SEVERITY = "warning"
SCOPE = "entry"  # a name after an id against that event's title: a look-up


def _texts(event):
    """(source line, text) of every place an event may cite another: clauses, headings, duration lines."""
    if event.duration:
        yield event.duration_line, event.duration
    for section in event.all_sections():
        if section.heading:
            yield section.line, section.heading
        if section.duration:
            yield section.duration_line or section.line, section.duration
    for clause in event.all_clauses():
        yield clause.line, clause.text


def _titles(ctx, game):
    """Identifying words of each title -> event ids of ``game`` with that title (for "that is the title of")."""
    def build():
        out: dict[frozenset, list[str]] = {}
        for event in ctx.events():
            if event.game == game and event.title:
                out.setdefault(name_words(event.title), []).append(event.id)
        return out
    return ctx.memo(f"ref008-titles-{game}", build)


def _event(ctx, game, event_id):
    """The event ``event_id`` of ``game``: from a one-game view or a whole KB keyed by ``Event.key``; a whole KB
    still keyed by plain ids (before the multi-game loader) is read only when the event found is of ``game``."""
    found = ctx.kb.event(game, event_id)
    if found is None and ctx.kb.game is None:
        plain = ctx.kb.events.get(event_id)
        found = plain if plain is not None and plain.game == game else None
    return found


def check(ctx):
    vocabs: dict[str, object] = {}
    for event in ctx.events():
        vocab = vocabs.get(event.game)
        if vocab is None:
            vocab = vocabs[event.game] = vocabulary_of(profile(ctx.kb.games, event.game))
        seen = set()
        for line, text in _texts(event):
            for hit in id_labels(text or "", vocab):
                target = _event(ctx, event.game, hit.event)
                if target is None or not target.title or names_match(hit.name, target.title):
                    continue
                if (line, hit.written, hit.name) in seen:
                    continue
                seen.add((line, hit.written, hit.name))
                others = [i for i in _titles(ctx, event.game).get(name_words(hit.name), []) if i != hit.event]
                also = f"; '{hit.name}' is the title of {' and '.join(others)}" if others else ""
                yield ctx.finding(event.id, line,
                                  f"'{hit.written} ({hit.name})': {hit.event} is titled '{target.title}', not "
                                  f"'{hit.name}'; did you mean '{target.title}'?{also}")
