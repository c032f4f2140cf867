"""Write the site's Markdown pages from the KB with jinja2 (templates in ``site/templates``), then build with mkdocs.

Pages: home; an index per game and per period; one page per event (permalink ``eu/vii/7/``, an anchor per
clause and heading ``#c<line>``) with its title, prerequisites in plain words (event ids linked), the text laid out
as the original (every case, part and phase heading a Markdown heading, so it is in the page's table of contents),
what the logic has read and what it says, the prerequisite chain (a bounded neighbourhood), backlinks, findings
(each rule code linked to its check's page) and, folded at the end, the material for editors; one page per rule
entry, per check, per entity; the glossary; the errata (one entry per defect); per game "Errata and changes";
with ``--compare REF`` a page per changed event.

Pages are Markdown where Markdown can say it (headings, lists, tables); the verbatim text stays in raw HTML blocks.
Every KB string is HTML-escaped (jinja2 autoescape, markupsafe) and, in Markdown context, Markdown-escaped
(``mdtext.md``); navigation titles are escaped too (mkdocs-material writes them unescaped).
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape

from ..checks.schema.acc001_stale_acceptance import mark_accepted, stale_findings
from ..core.ids import event_references, find_references
from ..core.model import Clause, Event, Finding, KnowledgeBase, Section
from ..games import GameProfile, profile
from ..kb.store import LoadResult, load_kb
from . import symbols
from .mdtext import md
from .search_hook import PREPARED, SEARCH_JS
from .urls import changes_url, check_url, event_url, game_url, markdown_path, period_url, rel, rule_url, slug

ROOT = Path(__file__).resolve().parents[2]
_SITE = ROOT / "site" if (ROOT / "site" / "templates").is_dir() else Path(__file__).resolve().parents[1] / "site_files"
TEMPLATES = _SITE / "templates"
ASSETS = _SITE / "assets"
ABBR_RE = re.compile(r"^[A-Z][A-Z0-9]{1,5}(?:/[A-Z][A-Z0-9]{1,5})?$")


@dataclass
class GameData:
    """One game's part of the site: its view of the KB (events keyed by plain id, so every reference resolves
    within the game), its profile, its findings and what the logic concluded about its events."""
    game: str
    kb: KnowledgeBase  # kb.view(game)
    profile: GameProfile
    findings: list[Finding] = field(default_factory=list)
    verdicts: dict[str, object] = field(default_factory=dict)
    verdicts_by_event: dict[str, list] = field(default_factory=dict)
    requires: dict[str, set[str]] = field(default_factory=dict)
    required_by: dict[str, set[str]] = field(default_factory=dict)
    referenced_by: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    abbreviations: dict[str, str] = field(default_factory=dict)
    findings_by_subject: dict[str, list[Finding]] = field(default_factory=dict)
    keep_caps: frozenset[str] = frozenset()  # words a title keeps in capitals (NATO, ENG, II): see readable_title
    symbols: dict = field(default_factory=dict)  # the game's drawn symbols and their legend (symbols.legend)

    @property
    def name(self) -> str:
        return self.profile.name

    def event_key(self, event: Event) -> tuple:
        """Play order within the game: the profile's period order, then the number."""
        return (self.profile.period_index(event.period), event.number, event.id)

    def id_key(self, event_id: str) -> tuple:
        ev = self.kb.events.get(event_id)
        return self.event_key(ev) if ev is not None else (10 ** 6, 0, event_id)

    def period_label(self, period: str) -> str:
        """"Period IV", or "Period I: Age of Discovery" when the profile names the period."""
        name = self.profile.period_names().get(period)
        return f"Period {period}: {name}" if name else f"Period {period}"


@dataclass
class SiteData:
    kb: KnowledgeBase  # the whole KB (every game); events are only ever looked up through a game's view
    findings: list[Finding]
    games: dict[str, GameData] = field(default_factory=dict)
    finding_game: dict[int, str] = field(default_factory=dict)  # id(finding) -> its game

    def game_of(self, f: Finding) -> GameData | None:
        g = self.finding_game.get(id(f))
        return self.games.get(g) if g is not None else None


def _env() -> Environment:
    env = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(default=True,
                      default_for_string=True, enabled_extensions=("html", "md", "j2")),
                      trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                      # "{#id}" is Markdown's attribute list here, not a jinja2 comment.
                      comment_start_string="<#--", comment_end_string="--#>")
    env.filters["rel"] = rel
    env.filters["md"] = md
    return env


def _front_title(text: str) -> str:
    """A page title for the YAML front matter: HTML-escaped (mkdocs places it in <title> and the navigation)."""
    return json.dumps(str(escape(text)), ensure_ascii=False)


class Renderer:
    """Turns verbatim text into escaped HTML with links for references and tooltips for glossary terms."""

    def __init__(self, data: GameData):
        self.data = data  # one game's: a reference resolves within the game of the text it is in
        self.kb_periods = {e.period for e in data.kb.events.values()}  # once, not per text (was quadratic)

    def text(self, raw: str, page_url: str) -> Markup:
        kb = self.data.kb
        spans: list[tuple[int, int, Markup]] = []
        kb_periods = self.kb_periods
        for ref in find_references(raw, labels=self.data.profile.periods):
            start = raw.find(ref.text)
            while start != -1 and any(s <= start < e for s, e, _ in spans):
                start = raw.find(ref.text, start + 1)
            if start == -1:
                continue
            end = start + len(ref.text)
            if ref.kind == "event" and ref.target in kb.events:
                target = kb.events[ref.target]
                html = Markup('<a class="rk-ref" href="{}" title="{}">{}</a>').format(
                    rel(page_url, event_url(target)), f"{target.id} {target.title}", ref.text)
            elif ref.kind == "event" and ref.target.split(":")[1] in kb_periods:
                html = Markup('<span class="rk-ref-missing" title="no such event in the knowledge base">{}</span>'
                              ).format(ref.text)
            elif ref.text in self.data.abbreviations:  # ES1: external, and explained by the glossary
                html = Markup('<abbr class="rk-ref-external" title="{}">{}</abbr>').format(
                    self.data.abbreviations[ref.text], ref.text)
            else:
                html = Markup('<span class="rk-ref-external" title="outside the knowledge base">{}</span>'
                              ).format(ref.text)
            spans.append((start, end, html))
        spans += symbols.spans(raw, self.data.symbols, lambda a, b: any(s < b and a < e for s, e, _ in spans))
        for term, meaning in self.data.abbreviations.items():
            for m in re.finditer(rf"(?<![\w]){re.escape(term)}(?![\w])", raw):
                if not any(s < m.end() and m.start() < e for s, e, _ in spans):
                    spans.append((m.start(), m.end(), Markup('<abbr title="{}">{}</abbr>').format(meaning, term)))
        spans.sort()
        out, pos = [], 0
        for s, e, html in spans:
            out.append(escape(raw[pos:s]))
            out.append(html)
            pos = e
        out.append(escape(raw[pos:]))
        return Markup("").join(out)


SMALL_WORDS = {"a", "an", "and", "as", "at", "by", "for", "from", "in", "of", "on", "or", "the", "to", "with"}


ROMAN = re.compile(r"(?=[MDCLXVI]{2,})M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})")


NOT_ROMAN = {"MIX", "DIX", "MIC"}  # English words that are also well-formed Roman numerals


def readable_title(title: str, keep: frozenset[str] | set[str] = frozenset()) -> str:
    """An all-capitals title in title case for running text: FIRST DIVISION OF POLAND -> First Division of Poland.
    Acronyms stay as they are: a Roman numeral (JOHN PAUL II), and a word of ``keep`` (the game's abbreviations,
    country codes and the words its texts only ever write in capitals, such as NATO: ``caps_words``); a mark after
    the word (NATO*, NATO's) does not hide it."""
    if title != title.upper():
        return title  # already mixed case: as written

    def word(k: int, w: str) -> str:
        core = re.sub(r"[^\w/]+$", "", re.sub(r"^[^\w]+", "", w))
        if core and (core in keep or (ROMAN.fullmatch(core) and core not in NOT_ROMAN)):
            return w
        low = w.lower()
        return low if k and low in SMALL_WORDS else low[:1].upper() + low[1:]
    return " ".join(word(k, w) for k, w in enumerate(title.split(" ")))


def caps_words(view: KnowledgeBase, abbreviations=()) -> frozenset[str]:
    """Words a title keeps in capitals: the glossary's abbreviations, the gazetteer's codes, and every word of two
    to four letters that the game's mixed-case sentences write in capitals and never otherwise (NATO; not POLAND,
    which the texts also write 'Poland', nor a province's name in capitals such as DANZIG)."""
    caps: set[str] = set(abbreviations)
    other: set[str] = set()
    for e in view.events.values():
        for c in e.all_clauses():
            if not re.search(r"[a-z]", c.text):
                continue
            for w in re.findall(r"[A-Za-z][A-Za-z/]+", c.text):
                if len(w) > 4 and w.isupper():
                    continue  # an acronym is short (NATO, USSR, ENG); a longer word in capitals is a name (DANZIG)
                (caps if w.isupper() else other).add(w.upper() if not w.isupper() else w)
    return frozenset(caps - other)


ON_FAIL = {"reroll": "otherwise it is re-rolled and not marked off", "mark_off": "otherwise it is marked off as played",
           "consider_played": "otherwise it is considered as played", "treat_as_R": "otherwise it is treated as an R result"}


def duration_words(event: Event) -> str:
    if event.duration_kind == "turns":
        n = event.duration_turns or 0
        return f"lasts {n} turn{'s' if n != 1 else ''}"
    if event.duration_kind == "permanent":
        return "permanent"
    if event.duration_kind == "immediate":
        return "immediate (or until what it starts is over)"
    return event.duration or "not stated"


def multiplicity_words(event: Event) -> str:
    n = event.plays
    if n is None:
        return "may occur several times (*)"
    if event.multiplicity and event.multiplicity.isdigit():
        return "occurs once (1)" if n == 1 else f"occurs {n} times ({n})"
    return "occurs once"


class SiteError(Exception):
    """A site build that must not go ahead (a folder rulekb did not make, a bad --compare ref): exit 2."""


MARKER = ".rulekb-site"  # written into every folder rulekb makes; only such a folder is ever emptied
MARKER_TEXT = "This folder is written by `rulekb site` and is emptied on every build. Do not keep work here.\n"


def check_output_dir(path: str) -> list[str]:
    """Raise SiteError unless ``path`` may be (re)written: new, empty, or made by rulekb (marker file). A folder
    that holds anything and has no marker is someone's work. Returns what the folder holds now."""
    if os.path.islink(path):
        raise SiteError(f"{path} is a symbolic link; rulekb writes the site only into a real folder")
    if os.path.lexists(path) and not os.path.isdir(path):
        raise SiteError(f"{path} exists and is not a folder; choose another output folder")
    if not os.path.isdir(path):
        return []
    entries = os.listdir(path)
    # NAV_FILE: the Markdown folder of a rulekb from before the marker (it wrote this file and nothing else does).
    if entries and MARKER not in entries and NAV_FILE not in entries:
        raise SiteError(f"{path} holds files that rulekb did not write (no {MARKER} marker); refusing to empty "
                        "it. Choose an empty or new folder, or remove it yourself.")
    return entries


def prepare_output_dir(path: str) -> None:
    """Make ``path`` ready to be (re)written: create it, or empty it if rulekb made it (marker file); refuse
    anything else (``check_output_dir``), never delete it."""
    entries = check_output_dir(path)
    if os.path.isdir(path):
        for name in entries:
            full = os.path.join(path, name)
            if os.path.isdir(full) and not os.path.islink(full):
                shutil.rmtree(full)
            else:
                os.unlink(full)
    else:
        os.makedirs(path)
    with open(os.path.join(path, MARKER), "w", encoding="utf-8") as fh:
        fh.write(MARKER_TEXT)


def condition_html(cond: dict, kb: KnowledgeBase, page_url: str) -> Markup:
    """A condition in plain words; an event it names is a link to that event's page."""
    kind = str(cond.get("kind"))
    neg = bool(cond.get("negated"))
    if kind in ("any", "all", "not"):
        parts = [condition_html(c, kb, page_url) for c in cond.get("of", []) or [] if isinstance(c, dict)]
        joined = Markup("; ").join(parts)
        words = {"any": Markup("one of: {}"), "all": Markup("all of: {}"), "not": Markup("not ({})")}[kind].format(joined)
        return Markup("not ({})").format(words) if neg else words
    ev = cond.get("event")
    if ev in kb.events:
        target = kb.events[ev]
        name = Markup('event <a class="rk-ref" href="{}">{}</a> ({})').format(
            rel(page_url, event_url(target)), ev, readable_title(target.title))
    else:
        name = Markup("event {}").format(ev)
    subject, value = cond.get("subject"), cond.get("value")
    words = {
        "occurred": Markup("{} has occurred").format(name), "not_occurred": Markup("{} has not occurred").format(name),
        "in_effect": Markup("{} is in effect").format(name),
        "not_in_effect": Markup("{} is not in effect").format(name),
        "over": Markup("{} has been played and is over").format(name),
        "exists": Markup("{} exists").format(subject), "not_exists": Markup("{} does not exist").format(subject),
        "inactive": Markup("{} is inactive").format(subject), "active": Markup("{} is active").format(subject),
        "at_war": Markup("{} is at war with {}").format(subject, value),
        "at_peace": Markup("{} is at peace with {}").format(subject, value),
        "religion": Markup("{} is {}").format(subject, value),
        "owns": Markup("{} owns {}").format(subject, value),
        "period_at_least": Markup("the period is {} or later").format(value),
        "free": Markup("a free choice: {}").format(value or subject or "not decided by any event"),
    }.get(kind)
    if words is None:
        from .plain import MORE_CONDITIONS

        form = MORE_CONDITIONS.get(kind)
        words = (Markup(escape(form)).replace("{s}", escape(subject or "")).replace("{v}", escape(value or ""))
                 .replace("{e}", name) if form else escape(str(value or subject or kind)))
    return Markup("not ({})").format(words) if neg else words


def condition_words(cond: dict, kb: KnowledgeBase) -> str:
    """The same words as plain text (for the terminal and tests)."""
    return re.sub(r"<[^>]+>", "", str(condition_html(cond, kb, ""))).replace("&#39;", "'").replace("&amp;", "&")


def requirement_html(logic: dict, kb: KnowledgeBase, page_url: str) -> Markup:
    parts = []
    if logic.get("when"):
        parts.append(Markup(" and ").join(condition_html(c, kb, page_url) for c in logic["when"]))
    if logic.get("when_any"):
        parts.append(Markup("one of: ") + Markup("; ").join(condition_html(c, kb, page_url) for c in logic["when_any"]))
    if logic.get("unless"):
        parts.append(Markup("not all of: ") + Markup("; ").join(condition_html(c, kb, page_url)
                                                                for c in logic["unless"]))
    text = Markup("Only if ") + Markup(", and ").join(parts) if parts else Markup("A requirement")
    if logic.get("on_fail") in ON_FAIL:
        text += Markup("; ") + ON_FAIL[logic["on_fail"]]
    return text + Markup(".")


def requirement_words(logic: dict, kb: KnowledgeBase) -> str:
    return re.sub(r"<[^>]+>", "", str(requirement_html(logic, kb, ""))).replace("&#39;", "'").replace("&amp;", "&")


def collect(load: LoadResult) -> SiteData:
    """Run the checks and the logic game by game, each on the game's view of the KB (``kb.view(game)``), so every
    reference, finding and verdict belongs to one game and an id shared by two games never crosses between them."""
    from ..checks import CheckContext, run_checks
    from ..checks.logic import kept_analyses
    from ..engine.locate import Locator

    kb = load.kb
    data = SiteData(kb, [])
    games = kb.game_ids()
    file_game: dict[str, str] = {}
    for g in games:  # each entry's file belongs to the entry's game
        view = kb.view(g)
        for ident in (*view.events, *view.rules, *view.glossaries, *view.documents):
            if ident in view.files:
                file_game.setdefault(view.files[ident], g)
    used: set[int] = set()
    for k, g in enumerate(games):
        view = kb.view(g)
        gd = GameData(g, view, profile(kb.games, g))
        locator = Locator(load)
        locator.kb = view  # entry ids are the game's plain ids
        # A load finding belongs to the game of its file; one of a file of no game (not YAML, no game field) is
        # reported with the first game, never dropped.
        own = [f for f in load.findings if file_game.get(f.file or "", games[0] if k == 0 else None) == g]
        # A file that failed to load names its event as "game/id" (or, keyed by plain id, names no game).
        unreadable = {eid.split("/", 1)[-1]: path for eid, path in load.unreadable.items()
                      if "/" not in eid or eid.split("/", 1)[0] == g}
        # game=g stamps the findings with their game as `check` does (run_checks per game), so acceptances
        # cover them by the same rule (acc001_stale_acceptance.covers); load findings keep no game.
        ctx = CheckContext(view, locator, load_findings=own, unreadable=unreadable, game=g)
        findings = run_checks(ctx)
        used |= mark_accepted(findings, kb.acceptances)
        gd.findings = findings
        for analysis in kept_analyses(ctx):
            for v in analysis.verdicts:
                gd.verdicts[v.subject] = v
                gd.verdicts_by_event.setdefault(v.event, []).append(v)
        _relations(gd)
        data.games[g] = gd
        for f in findings:
            data.finding_game[id(f)] = g
        data.findings.extend(findings)
    # An acceptance that matches no finding of any game is stale (ACC001).
    stale = [a for k, a in enumerate(kb.acceptances) if k not in used]
    data.findings.extend(stale_findings(stale, kb.files.get("accepted")))
    return data


def _relations(gd: GameData) -> None:
    """Requirements, backlinks, glossary abbreviations and findings by subject, within one game."""
    kb = gd.kb
    for eid, event in kb.events.items():
        reqs = set()
        for clause in event.conditions:
            for cond in (clause.logic or {}).get("when", []) or []:
                if isinstance(cond, dict) and cond.get("event") in kb.events \
                        and cond.get("kind") in ("occurred", "over", "in_effect") and not cond.get("negated"):
                    reqs.add(cond["event"])
        gd.requires[eid] = reqs
        for r in reqs:
            gd.required_by.setdefault(r, set()).add(eid)
        for ref in event_references(event):
            if ref.kind == "event" and ref.target in kb.events and ref.target != eid:
                lst = gd.referenced_by.setdefault(ref.target, [])
                if all(src != eid for src, _ in lst):  # one backlink per event, to its first mention
                    lst.append((eid, ref.line))
    for glossary in kb.glossaries.values():
        for term in glossary.terms:
            if ABBR_RE.match(term.term):
                gd.abbreviations[term.term] = term.meaning.rstrip(".")
    # Longer terms first, so COL/TP is one tooltip rather than COL and TP.
    gd.abbreviations = dict(sorted(gd.abbreviations.items(), key=lambda kv: (-len(kv[0]), kv[0])))
    gd.keep_caps = caps_words(kb, gd.abbreviations)
    gd.symbols = symbols.legend(kb, gd.profile.periods)
    for f in gd.findings:
        gd.findings_by_subject.setdefault(f.subject or "", []).append(f)


def _clause_view(r: Renderer, clause: Clause, url: str, depth: int = 0) -> dict:
    return {"anchor": f"c{clause.line}", "marker": clause.marker, "html": r.text(clause.text, url),
            "kind": slug(clause.kind or "clause"), "indent": clause.indent, "depth": min(depth, 6),
            "children": [_clause_view(r, c, url, depth + 1) for c in clause.children]}


def _section_rows(r: Renderer, sections: list[Section], url: str) -> list[dict]:
    """The body's sections flattened in text order, each with its heading level (phase 3, case or part 4, …), so
    every heading is a Markdown heading: in the page's table of contents, with its own anchor. ``within`` are the
    classes of the section and of every section it is in (a phase inside a case is set apart as the case is)."""
    rows: list[dict] = []
    stack = [(s, 0, ()) for s in reversed(sections)]
    while stack:  # iterative: any depth of nesting
        s, depth, outer = stack.pop()
        kind = slug(s.kind or "section")
        kinds = outer if kind in outer else (*outer, kind)
        rows.append({"anchor": f"c{s.line}", "kind": kind, "level": min(3 + depth, 6),
                     "heading": md(r.text(s.heading, url)), "within": list(kinds),
                     "duration": r.text(s.duration, url) if s.duration else None,
                     "clauses": [_clause_view(r, c, url) for c in s.clauses]})
        stack.extend((sub, depth + 1, kinds) for sub in reversed(s.sections))
    return rows


def _clause_lines(event: Event) -> dict[str, int]:
    """Verbatim text (and marker + text) of every clause and heading -> its source line, to link explanations."""
    out: dict[str, int] = {}
    for c in event.all_clauses():
        out.setdefault(c.text.strip(), c.line)
        out.setdefault(f"{c.marker} {c.text}".strip(), c.line)
    for s in event.all_sections():
        out.setdefault(s.heading.strip(), s.line)
    return out


def _finding_view(f: Finding, page_url: str, data: SiteData, lines: dict[tuple[str, str], dict[str, int]]) -> dict:
    """A finding for a template; its subject and the events its explanation quotes are looked up in the finding's
    own game (never another game's entry with the same id)."""
    anchor = f"c{f.source_line}" if f.source_line else None
    target = None
    gd = data.game_of(f)
    kb = gd.kb if gd is not None else None
    if kb is not None and f.subject in kb.events:
        target = event_url(kb.events[f.subject])
    elif kb is not None and f.subject in kb.rules:
        target = rule_url(kb.rules[f.subject])
    because = []
    for e in f.explanation or []:
        href = None
        if kb is not None and e.id in kb.events:
            ev = kb.events[e.id]
            if (ev.game, ev.id) not in lines:
                lines[(ev.game, ev.id)] = _clause_lines(ev)
            line = lines[(ev.game, ev.id)].get((e.text or "").strip())
            href = rel(page_url, event_url(ev), f"c{line}" if line else None)
        elif kb is not None and e.id in kb.rules:
            href = rel(page_url, rule_url(kb.rules[e.id]))
        because.append({"id": e.id, "text": e.text, "href": href})
    return {"rule": f.rule, "category": f.category, "severity": f.severity, "subject": f.subject,
            "message": f.message, "accepted": f.accepted, "rule_href": rel(page_url, check_url(f.rule)),
            "href": rel(page_url, target, anchor) if target else None, "explanation": because}


def _logic_view(e: Event, data: GameData, url: str) -> dict:
    """What the logic has read of this event and what it concludes, said honestly: a verdict is shown only
    together with how much of the text it rests on, and not at all when the logic read none of it."""
    kb = data.kb
    clauses = list(e.all_clauses())
    read, unread, none = [], [], []
    for c in clauses:
        role = (c.logic or {}).get("role") if c.logic else None
        if c.logic is None:
            none.append(c)
        elif role == "unread":
            unread.append(c)
        else:
            read.append(c)
    sections_read = sum(1 for s in e.all_sections() if s.logic and s.logic.get("role") != "unread")
    verdicts = []
    for v in sorted(data.verdicts_by_event.get(e.id, []), key=lambda v: (v.kind != "event", v.line or 0, v.subject)):
        verdicts.append({"subject": v.subject, "status": v.status, "kind": v.kind,
                         "href": f"#c{v.line}" if v.line and v.kind != "event" else None,
                         "because": [{"id": c.event, "text": c.text,
                                      "href": rel(url, event_url(kb.events[c.event]), f"c{c.line}")
                                      if c.event in kb.events else None} for c in v.explanation]})
    return {"total": len(clauses), "read": len(read), "sections_read": sections_read,
            "roles": sorted({str((c.logic or {}).get("role")) for c in read}),
            "unread": [{"anchor": f"c{c.line}", "marker": c.marker, "reason": (c.logic or {}).get("reason"),
                        "words": (c.logic or {}).get("words")} for c in unread],
            "verdicts": verdicts if (read or sections_read) else [],
            "hidden_verdicts": len(verdicts) if not (read or sections_read) else 0,
            "none": [{"anchor": f"c{c.line}", "marker": c.marker or "¶"} for c in none]}


def _heading_text(block) -> str:
    """A heading's text as shown: a trailing ' #' is the permalink mark of the web page the text was copied from
    (every heading of the PoP chapter ends with one), not part of the heading. The KB keeps it verbatim."""
    if block.kind == "heading" and block.text.rstrip().endswith(" #"):
        return block.text.rstrip()[:-2].rstrip()
    return block.text


def _group_findings(views: list[dict]) -> list[dict]:
    """One entry per defect: findings of one rule with one message (a defect repeated on several lines or
    entries) are listed once with every place they occur."""
    groups: dict[tuple, dict] = {}
    for v in views:
        key = (v["rule"], v["severity"], v["message"], v["accepted"])
        g = groups.get(key)
        if g is None:
            groups[key] = dict(v, places=[{"subject": v["subject"], "href": v["href"]}])
        else:
            g["places"].append({"subject": v["subject"], "href": v["href"]})
    for g in groups.values():  # one label per place: '7:VII', '7:VII (2)', … when a defect repeats in one entry
        seen: dict[str, int] = {}
        for p in g["places"]:
            n = seen[str(p["subject"])] = seen.get(str(p["subject"]), 0) + 1
            p["label"] = f"{p['subject']} ({n})" if n > 1 else p["subject"]
    return list(groups.values())
SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


def generate_pages(load: LoadResult | KnowledgeBase | str, docs_dir: str, compare_ref: str | None = None,
                   progress=None) -> int:
    """Write every page's Markdown into ``docs_dir`` (a new folder, or one rulekb made before: it is emptied; any
    other folder is refused, see ``prepare_output_dir``). ``compare_ref``: a git revision of the KB to compare with
    (``rulekb site --compare REF``). ``progress(message)`` is told what is being written. Returns the number of pages.
    Each page type is written by its function in ``pages``."""
    from . import pages as pg
    from .companion import write_companion  # the companion page "At the table" (now/) and its nav entry

    say = progress or (lambda msg: None)
    check_output_dir(docs_dir)  # before the slow part: refuse a folder rulekb did not make at once
    load = load_kb(load) if isinstance(load, str) else LoadResult(load) if isinstance(load, KnowledgeBase) else load
    say("running the checks and the logic")
    data = collect(load)
    compare = _comparison(load.kb, compare_ref, data, say) if compare_ref is not None else None
    prepare_output_dir(docs_dir)
    shutil.copytree(ASSETS, os.path.join(docs_dir, "assets"))
    line_index: dict[tuple[str, str], dict[str, int]] = {}
    p = pg.Pages(data, _env(), docs_dir, lambda f, url: _finding_view(f, url, data, line_index), compare)
    pg.order(p)
    say(f"writing {len(p.events())} event pages")
    pg.event_pages(p)
    say("writing indexes, rule entries, checks, entities, glossary and errata")
    for write_pages in (pg.period_pages, pg.rule_pages, pg.game_pages, pg.changes_pages):
        write_pages(p)
    n_entities = pg.entity_pages(p)
    pg.check_pages(p)
    pg.language_page(p)
    pg.deck_pages(p)
    n_terms = pg.glossary_page(p)
    pg.errata_page(p)
    if compare is not None:
        say(f"writing {len(compare.changes)} pages of changes since {compare.ref}")
    pg.compare_pages(p)
    pg.home_page(p, SITE_NAME)
    pg.editors_pages(p, n_terms, n_entities)
    companion = write_companion(load, data, docs_dir, p.write, say)
    write_nav(docs_dir, data, p.periods_of, p.deck_links, compare, extra=[companion])
    with open(os.path.join(docs_dir, PREPARED), "w", encoding="utf-8") as fh:
        json.dump(p.search, fh, ensure_ascii=False, separators=(",", ":"))
    return p.count


def _comparison(kb: KnowledgeBase, compare_ref: str, data: SiteData, say):
    from ..textformat.render import render_entry
    from .compare import build_comparison

    say(f"reading the knowledge base as it was at {compare_ref}")
    try:
        return build_comparison(kb.root, compare_ref, data, collect, event_url, render_entry, requirement_words)
    except RuntimeError as exc:
        raise SiteError(f"--compare {compare_ref}: {exc}") from exc


EVENT_BOOST = 20  # an event page's search boost (period pages 0.5, the home page 0.3)


def _search_entries(e: Event, url: str, gd: GameData, titles: dict[str, str], logic: dict, plain: dict | None = None,
                    as_played: dict | None = None) -> list[dict]:
    """The search entries of an event page, one per section as mkdocs-material's own parser would make them
    (location, title, text; HTML-escaped, since the search shows them as HTML), from the KB rather than from the
    page's HTML (``search_hook``). The diagram and the editors' section are not searched, as on the page."""
    def esc(text: str) -> str:
        return html.escape(" ".join(str(text).split()), quote=False)

    def clauses(items) -> list[str]:
        out: list[str] = []
        stack = list(reversed(items))
        while stack:
            c = stack.pop()
            out.append(f"{c.marker} {c.text}".strip())
            stack.extend(reversed(c.children))
        return out

    def entry(anchor: str | None, title: str, parts: list[str]) -> dict:
        return {"location": url + (f"#{anchor}" if anchor else ""), "title": esc(title),
                "text": esc(" ".join(p for p in parts if p)), "boost": EVENT_BOOST}

    kb = gd.kb
    facts = [(f"Historical date: {e.date or 'not stated'} · Duration: {duration_words(e)} · {multiplicity_words(e)} · "
              f"Also written {e.period}:{e.number} · Permalink: /{url}")]
    if e.extends in kb.events:
        facts.append(f"This event repeats {e.extends}, with the modifications its text lists.")
    out = [entry(None, f"{e.id} — {e.title}", facts)]
    reqs = [f"{requirement_words(c.logic, kb)} ({c.label or 'the clause'})"
            for c in e.conditions if c.logic and c.logic.get("role") == "requirement"]
    out.append(entry("prerequisites", "What it needs", reqs or ["None that the logic reads."]))
    if plain is not None:
        out.append(entry("does", "What it does", [f"{r['marker']}: {_words(r['html'])}" for r in plain["does"]]
                         or ["Nothing that the logic reads."]))
        out.append(entry("ends", "How it ends", [_words(x) for x in plain["ends"]]))
    if as_played is not None:
        out.append(entry("as-played", "Text as played", [_words(c["html"]) for c in as_played["conditions"]]
                         + [_words(r["heading"]) + " " + " ".join(_words(c["html"]) for c in r["clauses"])
                            for r in as_played["sections"]]))
    out.append(entry("text", "Text", [e.header, f"(duration: {e.duration})" if e.duration is not None else "",
                                      *clauses(e.conditions)]))
    stack = list(reversed(e.body))
    while stack:
        s = stack.pop()
        out.append(entry(f"c{s.line}", s.heading, [f"(duration: {s.duration})" if s.duration else "",
                                                   *clauses(s.clauses)]))
        stack.extend(reversed(s.sections))
    verdicts = {"can": "can be played in a legal history", "never": "can never be played",
                "unknown": "undecided within the time limit"}
    out.append(entry("logic", "What the logic says",
                     [f"The logic has read {logic['read']} of this event's {logic['total']} clauses."]
                     + [f"{v['subject']}: {verdicts.get(v['status'], v['status'])}" for v in logic["verdicts"]]))
    refs = [f"{src} {titles.get(src, '')}" for src, _ in gd.referenced_by.get(e.id, [])]
    out.append(entry("referenced-by", "Referenced by", refs or ["No other event refers to this one."]))
    fs = [f"{f.severity} {f.rule} {f.subject or ''}: {f.message}" for f in gd.findings_by_subject.get(e.id, [])]
    out.append(entry("findings", "Findings", fs or ["No findings."]))
    return out


def _words(markup) -> str:
    """Markup as the plain words a reader sees (for the search index, which escapes them again)."""
    return html.unescape(re.sub(r"<[^>]+>", "", str(markup)))


def _decks_of(view: KnowledgeBase) -> dict:
    """A game's event decks (``kb/decks``): a deck names its game."""
    return {k: d for k, d in view.decks.items() if d.game == view.game}


def _nav_title(text: str) -> str:
    """A navigation title: mkdocs-material writes nav titles into every page as HTML, unescaped."""
    return html.escape(text, quote=True)


def write_nav(docs_dir: str, data: SiteData, periods_of, deck_links, compare, extra=()) -> None:
    """The navigation: each game (by its profile's name), its periods in the profile's order and each period's
    events (material prunes it to the open section); then the glossary and names; the editors' pages last."""
    from .pages import EDITORS, editors_url, symbols_url

    nav: list = [{"Home": "index.md"}, *extra]
    for g, gd in data.games.items():
        entry: list = [{"Overview": markdown_path(game_url(g))}]
        for p, evs in periods_of.get(g, {}).items():
            label = _nav_title(gd.period_label(p))
            if len(evs) > NAV_MAX_EVENTS:  # a list this long is the period page's table, not a sidebar
                entry.append({label: markdown_path(period_url(g, p))})
                continue
            entry.append({label: [markdown_path(period_url(g, p))]
                          + [{_nav_title(f"{e.id} {readable_title(e.title, gd.keep_caps)}"): markdown_path(event_url(e))}
                             for e in evs]})
        entry += [{_nav_title(f"Deck: {d['title']}"): markdown_path(d["url"])} for d in deck_links.get(g, [])]
        if gd.symbols:
            entry.append({"Symbols": markdown_path(symbols_url(g))})
        entry.append({"Errata and changes": markdown_path(changes_url(g))})
        nav.append({_nav_title(gd.name): entry})
    nav += [{"Glossary": markdown_path("glossary/")},
            {"Countries, minors, provinces, areas": markdown_path("entities/")}]
    editors: list = [{"Overview": markdown_path(EDITORS)}]
    editors += [{_nav_title(f"{gd.name}: events"): markdown_path(editors_url(g))} for g, gd in data.games.items()]
    editors += [{"Errata": markdown_path("errata/")}, {"Checks": markdown_path("checks/")},
                {"The language of event rules": markdown_path("language/")}]
    if compare is not None:
        editors.append({_nav_title(f"What changed since {compare.ref}"): markdown_path("changes/")})
    nav.append({"For editors": editors})
    with open(os.path.join(docs_dir, NAV_FILE), "w", encoding="utf-8") as fh:
        json.dump(nav, fh, indent=1)


NAV_FILE = ".rulekb-nav.json"
# Every page carries its period's events in the sidebar, so the site grows with (events x period size); above this
# many events a period is one entry (its page lists the events; previous / next links move through them).
NAV_MAX_EVENTS = 40
SITE_NAME = "rulekb — board-game event rules"


def build_site(docs_dir: str, site_dir: str, config_dir: str | None = None, strict: bool = True) -> None:
    """Build the static site with mkdocs-material from generated pages (the repo's mkdocs.yml as template).
    ``site_dir`` must be new, empty, or a folder rulekb built before (marker file): mkdocs empties it."""
    import yaml
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    prepare_output_dir(site_dir)
    config = ROOT / "mkdocs.yml"
    if config.exists():
        with open(config, encoding="utf-8") as fh:
            base = yaml.safe_load(fh)
    else:  # an installed package without the repository
        raise SiteError(f"{config} is missing: the site's mkdocs settings ship with the repository")
    base["docs_dir"] = os.path.abspath(docs_dir)
    nav_path = os.path.join(docs_dir, NAV_FILE)
    if os.path.exists(nav_path):
        with open(nav_path, encoding="utf-8") as fh:
            base["nav"] = json.load(fh)
    base["site_dir"] = os.path.abspath(site_dir)
    base["hooks"] = [str(Path(__file__).resolve().parent / "search_hook.py")]  # the prepared search entries
    # An event id typed into the search ("8:VII") asks for both its words (search_hook: SEARCH_JS)
    base["extra_javascript"] = [*(base.get("extra_javascript") or []), SEARCH_JS]
    config_dir = config_dir or os.path.dirname(os.path.abspath(docs_dir))
    config_path = os.path.join(config_dir, "mkdocs.generated.yml")
    with open(config_path, "w", encoding="utf-8") as fh:
        yaml.safe_dump(base, fh, sort_keys=False)
    cfg = load_config(config_path, strict=strict)
    build(cfg)
    with open(os.path.join(site_dir, MARKER), "w", encoding="utf-8") as fh:
        fh.write(MARKER_TEXT)
