"""Write the site's Markdown pages from the KB with jinja2 (templates in ``site/templates``), then build with mkdocs.

Pages: home; an index per game and per period; one page per event (permalink ``eu/vii/7/``, an anchor per
clause ``#c<line>``) with its text laid out as the original, prerequisites and duration in plain words, every
reference a link, "referenced by" backlinks, the prerequisite chain as a diagram, what the logic says, and its
findings; one page per rule entry; entity pages; the glossary; the errata page (all findings).
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape

from ..checks.schema.acc001_stale_acceptance import apply_acceptances
from ..ids import ROMAN, event_references, event_sort_key, find_references
from ..kbio.store import LoadResult, load_kb
from ..model import Clause, Event, Finding, KnowledgeBase, RuleEntry, Section
from ..paths import safe_join
from . import diagram
from .urls import entity_url, event_url, game_url, markdown_path, period_url, rel, rule_url, slug

ROOT = Path(__file__).resolve().parents[2]
_SITE = ROOT / "site" if (ROOT / "site" / "templates").is_dir() else Path(__file__).resolve().parents[1] / "site_files"
TEMPLATES = _SITE / "templates"
ASSETS = _SITE / "assets"
GAME_NAMES = {"eu": "Europa Universalis events rewrite", "pop": "The Price of Power", "awaw": "A World at War"}
ABBR_RE = re.compile(r"^[A-Z][A-Z0-9]{1,5}$")


@dataclass
class SiteData:
    kb: KnowledgeBase
    findings: list[Finding]
    verdicts: dict[str, object] = field(default_factory=dict)
    requires: dict[str, set[str]] = field(default_factory=dict)
    referenced_by: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    abbreviations: dict[str, str] = field(default_factory=dict)
    findings_by_subject: dict[str, list[Finding]] = field(default_factory=dict)


def _env() -> Environment:
    env = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(default=True,
                      default_for_string=True, enabled_extensions=("html", "md", "j2")),
                      trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["rel"] = rel
    return env


def _front_title(text: str) -> str:
    """A page title for the YAML front matter: HTML-escaped (mkdocs places it in <title> and the navigation)."""
    import json

    return json.dumps(str(escape(text)), ensure_ascii=False)


class Renderer:
    """Turns verbatim text into escaped HTML with links for references and tooltips for glossary terms."""

    def __init__(self, data: SiteData):
        self.data = data

    def text(self, raw: str, page_url: str) -> Markup:
        kb = self.data.kb
        spans: list[tuple[int, int, Markup]] = []
        kb_periods = {e.period for e in kb.events.values()}
        for ref in find_references(raw):
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


def readable_title(title: str) -> str:
    """An all-capitals title in title case for running text: FIRST DIVISION OF POLAND -> First Division of Poland."""
    if title != title.upper():
        return title  # already mixed case: as written
    words = title.lower().split(" ")
    return " ".join(w if k and w in SMALL_WORDS else w[:1].upper() + w[1:] for k, w in enumerate(words))


def condition_words(cond: dict, kb: KnowledgeBase) -> str:
    kind = cond["kind"]
    neg = bool(cond.get("negated"))
    ev = cond.get("event")
    name = f"{ev} ({readable_title(kb.events[ev].title)})" if ev in kb.events else ev
    words = {
        "occurred": f"event {name} has occurred", "not_occurred": f"event {name} has not occurred",
        "in_effect": f"event {name} is in effect", "not_in_effect": f"event {name} is not in effect",
        "over": f"event {name} has been played and is over",
        "exists": f"{cond.get('subject')} exists", "not_exists": f"{cond.get('subject')} does not exist",
        "inactive": f"{cond.get('subject')} is inactive", "active": f"{cond.get('subject')} is active",
        "at_war": f"{cond.get('subject')} is at war with {cond.get('value')}",
        "at_peace": f"{cond.get('subject')} is at peace with {cond.get('value')}",
        "religion": f"{cond.get('subject')} is {cond.get('value')}",
        "period_at_least": f"the period is {cond.get('value')} or later",
    }.get(kind, str(cond.get("value") or cond.get("subject") or kind))
    return f"not ({words})" if neg else words


ON_FAIL = {"reroll": "otherwise it is re-rolled and not marked off", "mark_off": "otherwise it is marked off as played",
           "consider_played": "otherwise it is considered as played", "treat_as_R": "otherwise it is treated as an R result"}


def requirement_words(logic: dict, kb: KnowledgeBase) -> str:
    parts = []
    if logic.get("when"):
        parts.append(" and ".join(condition_words(c, kb) for c in logic["when"]))
    if logic.get("when_any"):
        parts.append("one of: " + "; ".join(condition_words(c, kb) for c in logic["when_any"]))
    if logic.get("unless"):
        parts.append("not all of: " + "; ".join(condition_words(c, kb) for c in logic["unless"]))
    text = "Only if " + ", and ".join(parts) if parts else "A requirement"
    if logic.get("on_fail") in ON_FAIL:
        text += "; " + ON_FAIL[logic["on_fail"]]
    return text + "."


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
    m = event.multiplicity
    if m == "*":
        return "may occur several times (*)"
    if m and m.isdigit():
        n = int(m)
        return "occurs once (1)" if n == 1 else f"occurs {n} times ({n})"
    return "occurs once"


def collect(load: LoadResult) -> SiteData:
    from ..checks import CheckContext, run_checks
    from ..pipeline import Locator

    kb = load.kb
    ctx = CheckContext(kb, Locator(load), load_findings=list(load.findings))
    findings = apply_acceptances(run_checks(ctx), kb.acceptances, kb.files.get("accepted"))
    data = SiteData(kb, findings)
    analysis = ctx.cache.get("logic-analysis")
    if analysis is not None:
        data.verdicts = {v.subject: v for v in analysis.verdicts}
    for eid, event in kb.events.items():
        reqs = set()
        for clause in event.conditions:
            for cond in (clause.logic or {}).get("when", []) or []:
                if cond.get("event") in kb.events and cond["kind"] in ("occurred", "over", "in_effect") \
                        and not cond.get("negated"):
                    reqs.add(cond["event"])
        data.requires[eid] = reqs
        for ref in event_references(event):
            if ref.kind == "event" and ref.target in kb.events and ref.target != eid:
                lst = data.referenced_by.setdefault(ref.target, [])
                if all(src != eid for src, _ in lst):  # one backlink per event, to its first mention
                    lst.append((eid, ref.line))
    for glossary in kb.glossaries.values():
        for term in glossary.terms:
            if ABBR_RE.match(term.term):
                data.abbreviations[term.term] = term.meaning.rstrip(".")
    for f in findings:
        data.findings_by_subject.setdefault(f.subject or "", []).append(f)
    return data


def _clause_view(r: Renderer, clause: Clause, url: str) -> dict:
    return {"anchor": f"c{clause.line}", "marker": clause.marker, "html": r.text(clause.text, url),
            "kind": clause.kind, "indent": clause.indent,
            "children": [_clause_view(r, c, url) for c in clause.children]}


def _section_view(r: Renderer, section: Section, url: str) -> dict:
    return {"anchor": f"c{section.line}", "kind": section.kind, "heading": r.text(section.heading, url),
            "duration": r.text(section.duration, url) if section.duration else None,
            "clauses": [_clause_view(r, c, url) for c in section.clauses],
            "sections": [_section_view(r, s, url) for s in section.sections]}


def _finding_view(f: Finding, page_url: str, data: SiteData) -> dict:
    anchor = f"c{f.source_line}" if f.source_line else None
    target = None
    if f.subject in data.kb.events:
        target = event_url(data.kb.events[f.subject])
    elif f.subject in data.kb.rules:
        target = rule_url(data.kb.rules[f.subject])
    return {"rule": f.rule, "category": f.category, "severity": f.severity, "subject": f.subject,
            "message": f.message, "accepted": f.accepted,
            "href": rel(page_url, target, anchor) if target else None,
            "explanation": [{"id": e.id, "text": e.text, "file": e.file, "line": e.line} for e in f.explanation or []]}


def generate_pages(load: LoadResult | KnowledgeBase | str, docs_dir: str) -> int:
    """Write every page's Markdown into ``docs_dir`` (emptied first). Returns the number of pages."""
    if isinstance(load, str):
        load = load_kb(load)
    elif isinstance(load, KnowledgeBase):
        load = LoadResult(load)
    kb = load.kb
    data = collect(load)
    r = Renderer(data)
    env = _env()
    if os.path.isdir(docs_dir):
        shutil.rmtree(docs_dir)
    os.makedirs(docs_dir)
    shutil.copytree(ASSETS, os.path.join(docs_dir, "assets"))
    count = 0

    def write(url: str, template: str, **ctx) -> None:
        nonlocal count
        path = safe_join(docs_dir, markdown_path(url))  # a game or id from the KB must not leave docs_dir
        os.makedirs(os.path.dirname(path), exist_ok=True)
        text = env.get_template(template).render(url=url, rel=rel, front_title=_front_title, **ctx)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        count += 1

    events = sorted(kb.events.values(), key=lambda e: event_sort_key(e.id))
    titles = {e.id: e.title for e in events}
    games: dict[str, dict[str, list[Event]]] = defaultdict(lambda: defaultdict(list))
    for e in events:
        games[e.game][e.period].append(e)
    rules_by_game: dict[str, list[RuleEntry]] = defaultdict(list)
    for rule in sorted(kb.rules.values(), key=lambda x: (x.game, x.source.file, x.source.line)):
        rules_by_game[rule.game].append(rule)

    def badge(subject: str) -> dict:
        fs = [f for f in data.findings_by_subject.get(subject, []) if f.accepted is None]
        return {"errors": sum(f.severity == "error" for f in fs), "warnings": sum(f.severity == "warning" for f in fs),
                "infos": sum(f.severity == "info" for f in fs)}

    for e in events:
        url = event_url(e)
        nodes, edges = diagram.chain(data.requires, e.id)
        links = {n: rel(url, event_url(kb.events[n])) for n in nodes}
        logic_rows = []
        for subject, v in data.verdicts.items():
            if getattr(v, "event", None) == e.id:
                logic_rows.append({"subject": subject, "status": v.status, "kind": v.kind,
                                   "because": [{"id": c.event, "text": c.text,
                                                "href": rel(url, event_url(kb.events[c.event]), f"c{c.line}")
                                                if c.event in kb.events else None} for c in v.explanation]})
        write(url, "event.md.j2", e=e, facts={"date": e.date or "not stated", "duration": duration_words(e),
                                              "multiplicity": multiplicity_words(e)},
              header=r.text(e.header, url),
              duration_html=r.text(e.duration, url) if e.duration is not None else None,
              requirements=[{"anchor": f"c{c.line}", "words": requirement_words(c.logic, kb)}
                            for c in e.conditions if c.logic and c.logic.get("role") == "requirement"],
              conditions=[_clause_view(r, c, url) for c in e.conditions],
              body=[_section_view(r, s, url) for s in e.body],
              extends=({"id": e.extends, "href": rel(url, event_url(kb.events[e.extends]))}
                       if e.extends in kb.events else None),
              referenced_by=[{"id": src, "title": titles[src], "href": rel(url, event_url(kb.events[src]), f"c{line}")}
                             for src, line in sorted(data.referenced_by.get(e.id, []),
                                                     key=lambda x: (event_sort_key(x[0]), x[1]))],
              svg=diagram.svg(nodes, edges, titles, links, e.id) if len(nodes) > 1 else None,
              mermaid=diagram.mermaid(nodes, edges, titles) if len(nodes) > 1 else None,
              logic=logic_rows,
              without_logic=sum(1 for c in e.all_clauses() if c.logic is None),
              all_clauses=sum(1 for _ in e.all_clauses()),
              findings=[_finding_view(f, url, data) for f in data.findings_by_subject.get(e.id, [])],
              file=kb.files.get(e.id))
    for game, periods in games.items():
        for period, evs in periods.items():
            url = period_url(game, period)
            write(url, "period.md.j2", game=game, game_name=GAME_NAMES.get(game, game), period=period,
                  rows=[{"e": e, "href": rel(url, event_url(e)), "duration": duration_words(e),
                         "multiplicity": multiplicity_words(e), "badge": badge(e.id)} for e in evs])
    for rule in (x for lst in rules_by_game.values() for x in lst):
        url = rule_url(rule)
        write(url, "rule.md.j2", rule=rule,
              blocks=[{"kind": b.kind, "marker": b.marker, "html": r.text(b.text, url), "anchor": f"c{b.line}",
                       "indent": b.indent} for b in rule.blocks],
              effects=rule.effects, game_name=GAME_NAMES.get(rule.game, rule.game),
              parent=({"title": kb.rules[rule.parent].title, "href": rel(url, rule_url(kb.rules[rule.parent]))}
                      if rule.parent in kb.rules else None),
              findings=[_finding_view(f, url, data) for f in data.findings_by_subject.get(rule.id, [])])
    order = list(GAME_NAMES)
    all_games = sorted(set(games) | set(rules_by_game), key=lambda g: (order.index(g) if g in order else 99, g))
    for game in all_games:
        url = game_url(game)
        write(url, "game.md.j2", game=game, game_name=GAME_NAMES.get(game, game),
              periods=[{"period": p, "count": len(periods), "href": rel(url, period_url(game, p))}
                       for p, periods in sorted(games.get(game, {}).items(), key=lambda kv: ROMAN.get(kv[0], 0))],
              rules=[{"r": x, "href": rel(url, rule_url(x)), "badge": badge(x.id)} for x in rules_by_game.get(game, [])],
              profile=kb.games.get(game, {}))
    entities = []
    for gaz in kb.gazetteers.values():
        for ent in gaz.get("entities", []):
            url = entity_url(ent["kind"], ent["name"])
            entities.append({"name": ent["name"], "kind": ent["kind"], "url": url, "count": len(ent.get("used_by", []))})
            users = []
            for uid in ent.get("used_by", []):
                if uid in kb.events:
                    users.append({"id": uid, "title": titles[uid], "href": rel(url, event_url(kb.events[uid]))})
                elif uid in kb.rules:
                    users.append({"id": uid, "title": kb.rules[uid].title, "href": rel(url, rule_url(kb.rules[uid]))})
            write(url, "entity.md.j2", ent=ent, users=users)
    write("entities/", "entities.md.j2",
          kinds={k: [dict(x, href=rel("entities/", x["url"])) for x in entities if x["kind"] == k]
                 for k in ("country", "minor", "province", "area")})
    from ..pop_deck import display, find_layout

    deck_links = []
    for file, deck in sorted(kb.decks.items()):
        url = f"decks/{slug(deck.scenario)}/"
        deck_links.append({"title": deck.scenario, "url": url})
        write(url, "deck.md.j2", deck=deck, disp=display(deck.players, deck.optional_rules),
              layout=find_layout(deck), findings=[_finding_view(f, url, data)
                                                  for f in data.findings_by_subject.get(deck.scenario, [])])
    terms = [t for g in kb.glossaries.values() for t in g.terms]
    write("glossary/", "glossary.md.j2", terms=terms)
    errata = defaultdict(list)
    for f in sorted(data.findings, key=lambda f: (f.category, {"error": 0, "warning": 1, "info": 2}[f.severity],
                                                   f.sort_key())):
        errata[f.category].append(_finding_view(f, "errata/", data))
    write("errata/", "errata.md.j2", errata=dict(errata),
          counts={s: sum(1 for f in data.findings if f.severity == s and f.accepted is None)
                  for s in ("error", "warning", "info")},
          accepted=sum(1 for f in data.findings if f.accepted is not None))
    with_logic = sum(1 for e in events for c in e.all_clauses() if c.logic is not None)
    total = sum(1 for e in events for _ in e.all_clauses())
    latest = [_finding_view(f, "", data) for f in sorted(data.findings, key=lambda f: (
        {"error": 0, "warning": 1, "info": 2}[f.severity], f.sort_key())) if f.accepted is None][:12]
    write("", "home.md.j2", games=[{"game": g, "name": GAME_NAMES.get(g, g), "href": rel("", game_url(g)),
                                    "events": sum(len(v) for v in games.get(g, {}).values()),
                                    "periods": sorted(games.get(g, {}), key=lambda p: ROMAN.get(p, 0)),
                                    "rules": len(rules_by_game.get(g, []))} for g in all_games],
          counts={"events": len(events), "rules": len(kb.rules), "terms": len(terms), "entities": len(entities),
                  "with_logic": with_logic, "clauses": total},
          latest=latest, example=next((e for e in events if e.id == "7:VII"), events[0] if events else None),
          example_href=rel("", event_url(kb.events["7:VII"])) if "7:VII" in kb.events else
          (rel("", event_url(events[0])) if events else None))
    nav = [{"Home": "index.md"}]
    for g in all_games:
        entry = [{"Overview": markdown_path(game_url(g))}]
        entry += [{f"Period {p}": markdown_path(period_url(g, p))}
                  for p in sorted(games.get(g, {}), key=lambda p: ROMAN.get(p, 0))]
        if g == "pop":
            entry += [{f"Deck: {d['title']}": markdown_path(d["url"])} for d in deck_links]
        nav.append({GAME_NAMES.get(g, g): entry})
    nav += [{"Glossary": markdown_path("glossary/")}, {"Errata": markdown_path("errata/")},
            {"Countries, minors, provinces, areas": markdown_path("entities/")}]
    with open(os.path.join(docs_dir, NAV_FILE), "w", encoding="utf-8") as fh:
        json.dump(nav, fh, indent=1)
    return count


NAV_FILE = ".rulekb-nav.json"


def build_site(docs_dir: str, site_dir: str, config_dir: str | None = None, strict: bool = True) -> None:
    """Build the static site with mkdocs-material from generated pages (the repo's mkdocs.yml as template)."""
    import yaml
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    config = ROOT / "mkdocs.yml"
    if config.exists():
        with open(config, encoding="utf-8") as fh:
            base = yaml.safe_load(fh)
    else:  # an installed package without the repository: the same settings
        base = {"site_name": "rulekb rules", "use_directory_urls": True,
                "theme": {"name": "material", "font": False,
                          "features": ["navigation.sections", "search.suggest", "search.highlight", "content.tooltips"]},
                "plugins": ["search"], "extra_css": ["assets/rulekb.css"]}
    base["docs_dir"] = os.path.abspath(docs_dir)
    nav_path = os.path.join(docs_dir, NAV_FILE)
    if os.path.exists(nav_path):
        with open(nav_path, encoding="utf-8") as fh:
            base["nav"] = json.load(fh)  # the top pages; event and rule pages are reached from them
    base["site_dir"] = os.path.abspath(site_dir)
    config_dir = config_dir or os.path.dirname(os.path.abspath(docs_dir))
    config_path = os.path.join(config_dir, "mkdocs.generated.yml")
    with open(config_path, "w", encoding="utf-8") as fh:
        yaml.safe_dump(base, fh, sort_keys=False)
    cfg = load_config(config_path, strict=strict)
    build(cfg)
