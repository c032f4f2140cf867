"""``rulekb read "SENTENCE"``: what the logic reader makes of one sentence, before it is committed."""

from __future__ import annotations

import json
import sys

from .common import EXIT_INCONCLUSIVE, EXIT_OK, UsageError, _console, format_arg, kb_arg

MAX_INPUT = 20_000  # characters: one clause at most (the text format's own limit)


def _vocabulary(args):
    """The game's vocabulary (codes, periods, titles of its events) from the KB, or the bundled EU one."""
    import dataclasses

    from ..logic.reader.grammar import default_vocabulary, vocabulary_of
    from ..logic.reader.phrases import TitleIndex
    from .events import game_view
    from .kbroot import _load, find_kb_root

    if not getattr(args, "kb", None) and find_kb_root() is None:
        if args.game:
            raise UsageError("--game needs a knowledge base (--kb DIR, or run inside a folder holding kb/)")
        return default_vocabulary(), None
    load = _load(args)
    kb = game_view(args, load.kb, [args.event] if args.event else [])
    from ..games import profile

    vocab = vocabulary_of(profile(kb.games, kb.game)) if kb.game in kb.games else default_vocabulary(kb.game)
    titles = TitleIndex([(e.title, e.id) for e in kb.events.values() if e.title])
    event = None
    if args.event:
        from .events import _event_ids

        event = _event_ids([args.event], kb, "--event")[0]
    return dataclasses.replace(vocab, titles=titles), event


def cmd_read(args) -> int:
    from ..logic.reader.describe import (
        AMBIGUOUS_ADVICE,
        ambiguous,
        describe,
        events_named,
        nearest,
        notation,
        probe_id,
    )
    from ..logic.reader.read import read_text

    text = sys.stdin.read(MAX_INPUT + 1) if args.sentence == "-" else args.sentence
    if len(text) > MAX_INPUT:
        raise UsageError(f"the sentence is longer than {MAX_INPUT} characters: read one clause at a time")
    if not text.strip():
        raise UsageError("nothing to read: give a sentence (or - to read it from stdin)")
    vocab, event = _vocabulary(args)
    event = event or args.event
    logic = read_text(text, event, vocab=vocab)
    unread = bool(logic) and logic.get("role") == "unread"
    suggestion = None
    if unread and not ambiguous(logic):  # an ambiguous sentence is told to say which reading it means
        events = events_named(text, vocab, event)
        suggestion = nearest(text, events, lambda s: read_text(s, event or "1:I", vocab=vocab), probe_id(vocab))
    if args.format == "json":
        out = {"version": 1, "sentence": text, "event": event, "logic": logic, "words": describe(logic),
               "notation": None if unread else notation(logic)}
        if unread:
            out["nearest"] = suggestion
            out["advice"] = AMBIGUOUS_ADVICE if ambiguous(logic) else None
        print(json.dumps(out, indent=2, ensure_ascii=False))
    else:
        console = _console()
        console.print(describe(logic), markup=False)
        if not unread:
            console.print(f"  {notation(logic)}", markup=False)
        elif ambiguous(logic):
            console.print(AMBIGUOUS_ADVICE, markup=False)
        elif suggestion:
            console.print(f"did you mean: {suggestion}", markup=False)
        if not event and "this event" in describe(logic):
            console.print("(give --event ID to read 'this event' as that event)", markup=False)
    return EXIT_INCONCLUSIVE if unread else EXIT_OK


def add_parser(sub) -> None:
    p = sub.add_parser("read", help="what the logic reader makes of one rule sentence (test it before committing)",
                       description="Read one sentence (or clause) as `check` and `ingest` read a clause of an event "
                                   "text, and print its reading in plain words and in the logic notation; a sentence "
                                   "not understood is printed with the words not read and the nearest form the "
                                   "reader reads. Exit 0: read (or no rule in it); 3: not understood (answers that "
                                   "would depend on it are inconclusive); 2: usage error.",
                       epilog='examples: rulekb read "Cannot occur before event 4:VII has occurred. Otherwise '
                              're-roll."; rulekb read --game coldwar --event 4:Early "Playable only if NATO is in '
                              'effect."; echo "…" | rulekb read -')
    p.add_argument("sentence", help="the sentence, quoted (or - to read it from stdin)")
    p.add_argument("--game", metavar="GAME", help="the game whose ids, codes and titles the sentence uses (a "
                   "profile of kb/games/; default: the KB's one game with events)")
    p.add_argument("--event", metavar="ID", help="the event the sentence belongs to ('this event'); an id of the game")
    format_arg(p)
    kb_arg(p)
    p.set_defaults(func=cmd_read)
