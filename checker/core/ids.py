"""Event ids and the references written in rule text.

An event id is ``NUMBER:PERIOD`` (``6:VII``); the texts also write ``PERIOD:NUMBER`` (``IV:7``). Both name the
same event and resolve to one canonical id. Rules (``rule 53.40``), expansion sets (``ES1``) and pages
(``p. 41``) are recorded as references too, so that nothing a writer pointed at is silently dropped.
"""

from __future__ import annotations

import re

from .eventid import (  # noqa: F401  (the one event-id syntax; these names are kept for their callers)
    ROMAN,
    ROMAN_BY_VALUE,
    EventIdSyntax,
    canonical_event_id,
    roman_only,
    typed_event_id,
    typed_parts,
)
from .model import Reference

_ROMAN_IDS = EventIdSyntax.of(())  # the ids of a text read without a game's labels
_RULE_REF_RE = re.compile(
    r"(?:(?P<word>\b(?:political\s+)?rules?)\s+|\()(?P<num>\d{1,2}\.\d{1,2}(?:\.?[A-Z](?![a-z]))?(?:\.\d+)*(?:\.[A-Z])?)"
)
_DIGIT_DOT_DIGIT = re.compile(r"\d\.\d")  # what every rule reference holds (with "rule" or "("): its prefilter
_ES_RE = re.compile(r"\bES(?P<num>\d)\b")
_PAGE_RE = re.compile(r"\b(?:p\.|page)\s*(?P<num>\d{1,3})\b")


def period_value(period: str) -> int:
    return ROMAN.get(period, 0)


def split_event_id(event_id: str) -> tuple[int, str]:
    num, per = event_id.split(":")
    return int(num), per


def event_sort_key(event_id: str) -> tuple[int, int]:
    num, per = split_event_id(event_id)
    return (period_value(per), num)


def find_references(text: str, line: int | None = None, kb_periods: set[str] | None = None,
                    labels: tuple[str, ...] = ()) -> list[Reference]:
    """All references in ``text``, in order of appearance.

    ``kb_periods`` marks event references to other periods as external; ``labels`` are the game's period labels
    (ids such as ``21:Early`` are found when ``Early`` is one of them; Roman periods always are).
    """
    refs: list[tuple[int, Reference]] = []
    # Each pattern needs a piece of text that most clauses do not hold (an id its colon, a rule number its dot, …):
    # a pattern is run only when its piece is there, which finds the same references in a quarter of the time.
    syntax = EventIdSyntax.of(labels) if labels else _ROMAN_IDS
    for m in syntax.finder.finditer(text) if ":" in text else ():
        num, per, form = syntax.match_id(m)
        target = f"{num}:{per}"
        external = kb_periods is not None and per not in kb_periods
        refs.append((m.start(), Reference("event", m.group(0), target, form, external, line)))
    for m in _RULE_REF_RE.finditer(text) if ("(" in text or "rule" in text) and _DIGIT_DOT_DIGIT.search(text) else ():
        num = m["num"].rstrip(".")
        refs.append((m.start("num"), Reference("rule", m.group(0).lstrip("("), num, None, True, line)))
    for m in _ES_RE.finditer(text) if "ES" in text else ():
        refs.append((m.start(), Reference("expansion", m.group(0), f"ES{m['num']}", None, True, line)))
    for m in _PAGE_RE.finditer(text) if ("p." in text or "page" in text) else ():
        refs.append((m.start(), Reference("page", m.group(0), f"p. {m['num']}", None, True, line)))
    if len(refs) > 1:
        refs.sort(key=lambda pair: pair[0])
    return [r for _, r in refs]


def slugify(text: str, max_words: int = 8) -> str:
    words = re.findall(r"[A-Za-z0-9]+", text.lower())
    return "-".join(words[:max_words]) or "entry"


def event_references(event) -> list[Reference]:
    """Every reference in an event, each with its source line, in text order: the duration line ("until event 8:VI
    occurs"), the clauses, and the headings and durations of its sections ("CASE I: … (unless event 20:IV is in
    effect)"). Checks and the site read references through this one place."""
    out: list[Reference] = []
    if event.duration:
        out.extend(find_references(event.duration, event.duration_line))
    for clause in event.all_clauses():
        out.extend(clause.refs)
    for section in event.all_sections():
        out.extend(find_references(section.heading, section.line))
        if section.duration:
            out.extend(find_references(section.duration, section.duration_line or section.line))
    out.sort(key=lambda r: r.line or 0)
    return out


# --- ids and names typed by a user (command line): any case, both forms, "did you mean" -------------------------

def normalize_event_id(text: str, labels=()) -> str | None:
    """An event id as a user may type it: ``8:vii``, ``VII:8``, `` 8 : VII `` all give ``"8:VII"``, and with a
    game's period ``labels`` ``21:early`` gives ``21:Early``; None if the text is not an event id at all (a roman
    period that is not I–X and no label is not one either)."""
    return typed_event_id(text, labels)


def did_you_mean(word: str, candidates, n: int = 3) -> list[str]:
    """The candidates closest to ``word`` (case-insensitive), best first; empty when none is close."""
    import difflib

    cands = list(candidates)
    by_lower: dict[str, str] = {}
    for c in cands:
        by_lower.setdefault(str(c).lower(), str(c))
    close = difflib.get_close_matches(str(word).lower(), list(by_lower), n=n, cutoff=0.6)
    return [by_lower[c] for c in close]


def suggestion(word: str, candidates) -> str:
    """``"; did you mean 8:VII?"`` or ``""``."""
    close = did_you_mean(word, candidates)
    if not close:
        return ""
    return "; did you mean " + " or ".join(close) + "?"


class UnknownName(ValueError):
    """A value typed by a user that names nothing known; the message says what was expected and what is close."""


_ID_AND_TITLE_RE = re.compile(r"^\s*(?P<id>[^()]+?)\s*\((?P<title>[^()]+)\)\s*$")  # "21:Mid (NATO)"


def title_key(title: object) -> str:
    """A title as a user may type it: any case, any spacing (``second  division of poland``)."""
    return " ".join(str(title or "").split()).casefold()


def _titles_of(known, titles) -> dict[str, str]:
    if titles is None:
        titles = {k: getattr(v, "title", None) for k, v in known.items()} if hasattr(known, "items") else {}
    return {str(k): " ".join(str(t).split()) for k, t in titles.items() if t and str(t).strip()}


def _named(eid: str, titles: dict[str, str]) -> str:
    return f"{eid} ({titles[eid]})" if eid in titles else eid


def events_titled(text: str, known, titles=None) -> list[str]:
    """The ids of the events of ``known`` whose title ``text`` is (any case, any spacing)."""
    key = title_key(text)
    return [k for k, t in _titles_of(known, titles).items() if title_key(t) == key] if key else []


def resolve_event_id(text: str, known, titles=None) -> str:
    """The canonical id of an event of ``known`` (canonical ids; a mapping of id to event gives the titles too, or
    pass ``titles``) that ``text`` names: the id in any case and either form (``8:vii``, ``VII:8``), the event's
    title in any case (``second division of poland``), or both (``8:VII (SECOND DIVISION OF POLAND)``). A near
    miss raises UnknownName with a "did you mean" naming id and title: a misspelt title, an id of the wrong period
    (``21:Mid`` when the game's 21 is ``21:Early``), an id whose title names another event."""
    titles = _titles_of(known, titles)
    known = set(known)
    periods = {k.split(":", 1)[1] for k in known if ":" in k}
    text = str(text or "")
    canon = normalize_event_id(text, periods)
    if canon in known:
        return canon
    both = _ID_AND_TITLE_RE.match(text)
    if canon is None and both and typed_parts(both["id"]):
        return _resolve_id_and_title(both["id"], both["title"], known, titles, periods)
    typed = typed_parts(text)
    if canon is None and not typed:
        hits = events_titled(text, known, titles)
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            raise UnknownName(f"{text!r} is the title of several events ({', '.join(sorted(hits, key=event_sort_key))}):"
                              " give the id")
        close = _close_titles(text, titles) or did_you_mean(text, known)
        hint = ("; did you mean " + " or ".join(_named(k, titles) for k in close) + "?") if close else ""
        raise UnknownName(f"{text!r} is neither an event id (NUMBER:PERIOD such as 8:VII, or VII:8) nor an event's "
                          f"title" + hint)
    if canon is None:
        number, label = typed
        same = [k for k in sorted(known, key=event_sort_key) if k.split(":")[0] == str(number)]
        hint = ("; did you mean " + " or ".join(_named(k, titles) for k in same) + "?") if same else ""
        raise UnknownName(f"{text!r}: no period {label!r} among the events' periods here "
                          f"({', '.join(sorted(periods, key=lambda p: (period_value(p), p))) or 'none'}){hint}; is it "
                          "another game's event? (--game GAME, or GAME/ID)")
    raise UnknownName(_missing(canon, known, titles))


def _close_titles(text: str, titles: dict[str, str]) -> list[str]:
    by_title: dict[str, list[str]] = {}
    for k, t in titles.items():
        by_title.setdefault(title_key(t), []).append(k)
    return [k for t in did_you_mean(title_key(text), by_title) for k in by_title[t]]


def _missing(canon: str, known: set[str], titles: dict[str, str], extra: list[str] = ()) -> str:
    num, per = canon.split(":")
    ordered = sorted(known, key=event_sort_key)
    import difflib

    # the right number in another period, the period spelt most like the one typed first (8:VIII: 8:VII)
    same_number = sorted((k for k in ordered if k.split(":")[0] == num),
                         key=lambda k: -difflib.SequenceMatcher(None, per.lower(), k.split(":")[1].lower()).ratio())
    near = [k for k in ordered if k.split(":")[1] == per and abs(int(k.split(":")[0]) - int(num)) <= 1]
    close = list(dict.fromkeys([*extra, *same_number, *near])) or did_you_mean(canon, known)
    hint = ("; did you mean " + " or ".join(_named(k, titles) for k in close) + "?") if close else ""
    periods = sorted({k.split(":")[1] for k in known}, key=period_value)
    return f"no event {canon} in the knowledge base (its periods: {', '.join(periods) or 'none'})" + hint


def _resolve_id_and_title(typed_id: str, title: str, known: set[str], titles: dict[str, str], periods) -> str:
    """``21:Early (NATO)``: the id, when the title is its title; else "did you mean" the event so titled."""
    canon = normalize_event_id(typed_id, periods)
    hits = events_titled(title, known, titles) or _close_titles(title, titles)
    if canon in known and (canon in hits or canon not in titles):
        return canon
    if canon in known:
        raise UnknownName(f"{canon} is titled {titles[canon]!r}; did you mean "
                          + " or ".join(_named(k, titles) for k in [*hits, canon]) + "?")
    if canon is None:
        hint = ("; did you mean " + " or ".join(_named(k, titles) for k in hits) + "?") if hits else ""
        raise UnknownName(f"{typed_id.strip()!r} is not an event id here (periods: "
                          f"{', '.join(sorted(periods, key=lambda p: (period_value(p), p))) or 'none'})" + hint)
    raise UnknownName(_missing(canon, known, titles, hits))


def normalize_period(text: str, periods, profile: str = "the game profile") -> str:
    """``vii`` → ``VII`` when VII is one of ``periods`` (the game profile's); anything else raises UnknownName
    naming the profile's periods (``7`` suggests ``VII``)."""
    periods = list(periods)
    value = (text or "").strip()
    by_lower = {str(p).lower(): p for p in periods}
    if value.lower() in by_lower:
        return by_lower[value.lower()]
    upper = value.upper()
    hint = ""
    if value.isdigit() and int(value) in ROMAN_BY_VALUE:
        roman = ROMAN_BY_VALUE[int(value)]
        hint = f"; periods are written in roman numerals: did you mean {roman}?" if roman in periods else \
            f"; periods are written in roman numerals ({roman}), and {roman} is not in {profile}"
    else:
        hint = suggestion(upper, periods)
    raise UnknownName(f"unknown period {text!r}: {profile} has periods {', '.join(periods) or '(none)'}{hint}")


def resolve_name(text: str, names, what: str) -> str:
    """The name of ``names`` that ``text`` spells, in any case; raises UnknownName with "did you mean"."""
    names = list(names)
    by_lower = {n.lower(): n for n in names}
    hit = by_lower.get((text or "").strip().lower())
    if hit is not None:
        return hit
    raise UnknownName(f"unknown {what} {text!r}" + (suggestion(text, names) or
                                                   f" (known: {', '.join(names) or 'none'})"))
