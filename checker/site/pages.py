"""The site's pages, one function per page type: event, period, rule, game, entity, check, deck, glossary, errata,
changes (``--compare``), the home page and the editors' pages. Each takes the build's ``Pages`` (what every page
type shares: the KB's data, the writer, the games' periods and rules in order) and writes its pages with
``Pages.write``; ``build.generate_pages`` calls them in turn.

Players' pages come first: the home page leads with the games and their events; an event page says in plain words
what the event needs, what it does and how it ends, and shows the text of a repeated event as it is played. The
material for editors (logic coverage, notation, source files, findings across the KB, acceptances) is on the
editors' pages (``editors/``, ``<game>/editors/``), one link away from every event page.
"""

from __future__ import annotations

import os
from collections import defaultdict
from dataclasses import dataclass, field

from markupsafe import Markup

from ..core.model import Event, Finding, KnowledgeBase, RuleEntry
from ..core.paths import safe_join
from . import diagram, plain
from . import effective as eff
from . import symbols as sym
from .mdtext import check_doc_markdown, md
from .urls import changes_url, check_url, event_url, game_url, markdown_path, period_url, rel, rule_url, slug

EDITORS = "editors/"


def editors_url(game: str) -> str:
    return f"{game_url(game)}editors/"


def symbols_url(game: str) -> str:
    return f"{game_url(game)}symbols/"


def editor_anchor(e: Event) -> str:
    return f"e-{slug(e.period)}-{int(e.number)}"


@dataclass
class Pages:
    """What every page type shares: the data, the writer and the games' periods and rule entries in order."""
    data: object  # build.SiteData
    env: object
    docs_dir: str
    fview: object  # (finding, page url) -> template dict
    compare: object = None
    count: int = 0
    periods_of: dict[str, dict[str, list[Event]]] = field(default_factory=dict)
    rules_of: dict[str, list[RuleEntry]] = field(default_factory=dict)
    search: list[dict] = field(default_factory=list)
    deck_links: dict[str, list[dict]] = field(default_factory=lambda: defaultdict(list))
    legends: dict[str, dict] = field(default_factory=dict)

    def write(self, url: str, template: str, **ctx) -> None:
        from .build import _front_title

        path = safe_join(self.docs_dir, markdown_path(url))  # a game or id from the KB must not leave docs_dir
        os.makedirs(os.path.dirname(path), exist_ok=True)
        text = self.env.get_template(template).render(url=url, rel=rel, front_title=_front_title, md=md, **ctx)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        self.count += 1

    def badge(self, gd, subject: str) -> dict:
        fs = [f for f in gd.findings_by_subject.get(subject, []) if f.accepted is None]
        return {"errors": sum(f.severity == "error" for f in fs), "warnings": sum(f.severity == "warning" for f in fs),
                "infos": sum(f.severity == "info" for f in fs)}

    def events(self) -> list[Event]:
        return [e for per in self.periods_of.values() for evs in per.values() for e in evs]


def order(p: Pages) -> None:
    """Per game: its periods in the profile's order, each with its events in play order; its rule entries in
    source order; its symbols (a legend read from its rules)."""
    for g, gd in p.data.games.items():
        per: dict[str, list[Event]] = defaultdict(list)
        for e in sorted(gd.kb.events.values(), key=gd.event_key):
            per[e.period].append(e)
        p.periods_of[g] = dict(sorted(per.items(), key=lambda kv: (gd.profile.period_index(kv[0]), kv[0])))
        p.rules_of[g] = sorted(gd.kb.rules.values(), key=lambda x: (x.source.file, x.source.line))
        p.legends[g] = gd.symbols


def event_pages(p: Pages) -> None:
    from .build import Renderer, _search_entries

    for game, periods in p.periods_of.items():
        gd = p.data.games[game]
        r = Renderer(gd)
        titles = {e.id: e.title for e in gd.kb.events.values()}
        phases = eff.phase_order(p.data.kb.games.get(game, {}) or {})
        for period, evs in periods.items():
            for k, e in enumerate(evs):
                url = event_url(e)
                ctx = event_context(p, gd, r, e, url, titles, phases)
                ctx.update(neighbours(gd, evs, k, url, period))
                p.write(url, "event.md.j2", **ctx)
                p.search.extend(_search_entries(e, url, gd, titles, ctx["logic"], ctx["plain"], ctx["as_played"]))


def neighbours(gd, evs: list[Event], k: int, url: str, period: str) -> dict:
    from .build import readable_title

    def link(ev):
        return {"id": ev.id, "title": readable_title(ev.title, gd.keep_caps), "href": rel(url, event_url(ev))} \
            if ev else None
    return {"prev": link(evs[k - 1] if k else None), "next": link(evs[k + 1] if k + 1 < len(evs) else None),
            "period_href": rel(url, period_url(gd.game, period)), "period_label": gd.period_label(period)}


def event_context(p: Pages, gd, r, e: Event, url: str, titles: dict, phases: list[str]) -> dict:
    from .build import (
        _clause_view,
        _logic_view,
        _section_rows,
        duration_words,
        multiplicity_words,
        requirement_html,
    )

    kb_g = gd.kb
    nodes, edges = diagram.chain(gd.requires, e.id, gd.required_by)
    links = {n: rel(url, event_url(kb_g.events[n])) for n in nodes}
    model = kb_g.events.get(e.extends) if e.extends else None
    played = eff.effective_text(e, model, phases)
    return {
        "e": e, "title_md": md(f"{e.id} — {e.title}"), "game_name": gd.name, "logic": _logic_view(e, gd, url),
        "facts": {"date": e.date or "not stated", "duration": duration_words(e),
               "multiplicity": multiplicity_words(e), "alias": f"{e.period}:{e.number}"},
        "header": r.text(e.header, url), "duration_html": r.text(e.duration, url) if e.duration is not None else None,
        "requirements": [{"anchor": f"c{c.line}", "marker": c.label or "the clause",
                       "html": md(requirement_html(c.logic, kb_g, url))}
                      for c in e.conditions if c.logic and c.logic.get("role") == "requirement"],
        "plain": {"does": plain.does_rows(e, lambda c, u: _cond(c, kb_g, u), url),
               "ends": plain.ends_rows(e, duration_words(e), multiplicity_words(e))},
        "conditions": [_clause_view(r, c, url) for c in e.conditions], "sections": _section_rows(r, e.body, url),
        "extends": ({"id": e.extends, "href": rel(url, event_url(model))} if model is not None else None),
        "as_played": eff.view(played, r.text, url) if played is not None else None,
        "referenced_by": [{"id": src, "title": md(titles[src]),
                        "href": rel(url, event_url(kb_g.events[src]), f"c{line}" if line else None)}
                       for src, line in sorted(gd.referenced_by.get(e.id, []),
                                               key=lambda x: (gd.id_key(x[0]), x[1] or 0))],
        "svg": diagram.svg(nodes, edges, titles, links, e.id) if len(nodes) > 1 else None,
        "findings": [p.fview(f, url) for f in gd.findings_by_subject.get(e.id, [])],
        "editors_href": rel(url, editors_url(gd.game), editor_anchor(e))}


def _cond(cond: dict, kb: KnowledgeBase, url: str) -> Markup:
    from .build import condition_html

    return condition_html(cond, kb, url)


def period_pages(p: Pages) -> None:
    from .build import duration_words, multiplicity_words

    for game, periods in p.periods_of.items():
        gd = p.data.games[game]
        for period, evs in periods.items():
            url = period_url(game, period)
            p.write(url, "period.md.j2", game=game, game_name=gd.name, period=period,
                    period_label=gd.period_label(period),
                    rows=[{"e": e, "href": rel(url, event_url(e)), "duration": duration_words(e),
                           "multiplicity": multiplicity_words(e), "badge": p.badge(gd, e.id)} for e in evs])


def rule_pages(p: Pages) -> None:
    from .build import Renderer, _heading_text

    for game, rules in p.rules_of.items():
        gd = p.data.games[game]
        r = Renderer(gd)
        for rule in rules:
            url = rule_url(rule)
            texts = [_heading_text(b) for b in rule.blocks]
            used = [s for s in gd.symbols.values() if any(s.glyph in t for t in texts) and
                    any(sym.spans(t, {s.glyph: s}, lambda a, b: False) for t in texts)]
            p.write(url, "rule.md.j2", rule=rule,
                    blocks=[{"kind": b.kind, "marker": b.marker, "html": r.text(t, url), "anchor": f"c{b.line}",
                             "indent": min(b.indent // 2, 12)} for b, t in zip(rule.blocks, texts)],
                    effects=rule.effects, game_name=gd.name,
                    parent=({"title": gd.kb.rules[rule.parent].title,
                             "href": rel(url, rule_url(gd.kb.rules[rule.parent]))}
                            if rule.parent in gd.kb.rules else None),
                    legend=[{"drawn": sym.draw(s), "title": sym.title(s)} for s in used],
                    legend_href=rel(url, symbols_url(game)) if used else None,
                    findings=[p.fview(f, url) for f in gd.findings_by_subject.get(rule.id, [])])


def game_pages(p: Pages) -> None:
    """Each game's overview (its periods and events first, then its rule entries) and its symbols' legend."""
    from .build import readable_title

    for game, gd in p.data.games.items():
        url = game_url(game)
        kinds: dict[str, list[dict]] = defaultdict(list)
        for x in p.rules_of.get(game, []):
            kinds[x.kind].append({"r": x, "href": rel(url, rule_url(x)), "badge": p.badge(gd, x.id)})
        p.write(url, "game.md.j2", game=game, game_name=gd.name,
                periods=[{"period": per, "label": gd.period_label(per), "count": len(evs),
                          "href": rel(url, period_url(game, per)),
                          "events": [{"id": e.id, "title": readable_title(e.title, gd.keep_caps),
                                      "href": rel(url, event_url(e))} for e in evs[:HOME_EVENTS]],
                          "more": max(0, len(evs) - HOME_EVENTS)}
                         for per, evs in p.periods_of.get(game, {}).items()],
                rule_kinds=dict(kinds), changes_href=rel(url, changes_url(game)),
                editors_href=rel(url, editors_url(game)), profile=p.data.kb.games.get(game, {}) or {},
                symbols_href=rel(url, symbols_url(game)) if gd.symbols else None)
        if gd.symbols:
            surl = symbols_url(game)
            p.write(surl, "symbols.md.j2", game_name=gd.name, symbols=[
                {"drawn": sym.draw(s), "glyph": s.glyph, "name": s.name, "title": sym.title(s), "quote": s.quote,
                 "href": rel(surl, rule_url(gd.kb.rules[s.source]), f"c{s.line}") if s.source in gd.kb.rules else None,
                 "uses": [{"id": u, "title": gd.kb.rules[u].title, "href": rel(surl, rule_url(gd.kb.rules[u]))}
                          for u in s.uses if u in gd.kb.rules]} for s in gd.symbols.values()])


def changes_pages(p: Pages) -> None:
    """Per game, "Errata and changes": the findings reviewed and accepted, with their reasons."""
    acc_meta = {(a.game, a.rule, a.subject): a for a in p.data.kb.acceptances}
    for game, gd in p.data.games.items():
        curl = changes_url(game)
        accepted = [p.fview(f, curl) for f in sorted(gd.findings, key=lambda f: f.sort_key()) if f.accepted is not None]
        for v in accepted:
            a = acc_meta.get((game, v["rule"], v["subject"])) or acc_meta.get((None, v["rule"], v["subject"]))
            v["who"], v["when"] = (a.who, a.when) if a else (None, None)
        changed = [c for c in (p.compare.changes if p.compare else []) if c["game"] == game]
        p.write(curl, "changes.md.j2", game_name=gd.name, accepted=accepted, compare=p.compare,
                changed=[dict(c, href=rel(curl, c["url"])) for c in changed])


def entity_pages(p: Pages) -> int:
    from .entities import build_entities

    kb = p.data.kb
    entities = build_entities(kb)
    for ent in entities:
        url = ent["url"]
        gd = p.data.games.get(ent["game"])
        kb_g = gd.kb if gd is not None else KnowledgeBase(root=kb.root, game=ent["game"])
        users = []
        for uid, line in sorted(ent["mentions"], key=lambda m: (m[0] not in kb_g.events,
                                                                gd.id_key(m[0]) if gd else (0, 0, ""), m[0])):
            if uid in kb_g.events:
                users.append({"id": uid, "title": md(kb_g.events[uid].title),
                              "href": rel(url, event_url(kb_g.events[uid]), f"c{line}" if line else None)})
            elif uid in kb_g.rules:
                users.append({"id": uid, "title": md(kb_g.rules[uid].title), "href": rel(url, rule_url(kb_g.rules[uid]))})
        p.write(url, "entity.md.j2", ent=ent, users=users, game_name=gd.name if gd else ent["game"],
                related=[{"rel": rl, "name": md(o["name"]), "kind": o["kind"], "href": rel(url, o["url"])}
                         for rl, o in ent["related"]])
    groups = {"country": "Countries", "minor": "Minors", "province": "Provinces", "area": "Areas",
              "continent": "Continents and regions", "flagged": "Flagged spellings (not codes of the game: typos?)"}
    p.write("entities/", "entities.md.j2", groups=[
        {"id": "flagged" if g == "flagged" else f"{g}s" if g != "country" else "countries", "title": title,
         "items": [dict(x, href=rel("entities/", x["url"]), count=len(x["mentions"]))
                   for x in entities if x["group"] == g]} for g, title in groups.items()])
    return len(entities)


def check_pages(p: Pages) -> None:
    from ..checks import registry

    checks = registry()
    for info in checks.values():
        p.write(check_url(info.code), "check.md.j2", info=info, doc=Markup(check_doc_markdown(info.doc)),
                count=sum(1 for f in p.data.findings if f.rule == info.code and f.accepted is None))
    p.write("checks/", "checks.md.j2", checks=[{"info": i, "href": rel("checks/", check_url(i.code)),
                                                 "summary": md(i.summary)} for i in checks.values()])


def language_page(p: Pages) -> None:
    """The language rule sentences are read in: docs/language.md (the lexicon's forms and the example sentences,
    ``checker.logic.reader.language_doc``), so writers see on the site what ``rulekb read`` reads."""
    from ..logic.reader.language_doc import render

    # its own '# …' heading and the note for the repository's copy give way to the page's title
    lines = [ln for ln in render().split("\n")[1:] if not ln.startswith("<!--")]
    p.write("language/", "language.md.j2", body=Markup("# The language of event rules {#title}\n" + "\n".join(lines)))


def deck_pages(p: Pages) -> None:
    from ..games import decks_module
    from .build import _decks_of

    for game, gd in p.data.games.items():
        for file, deck in sorted(_decks_of(gd.kb).items()):
            decks = decks_module(deck.game)
            url = f"decks/{slug(deck.scenario)}/"
            p.deck_links[game].append({"title": deck.scenario, "url": url})
            p.write(url, "deck.md.j2", deck=deck, disp=decks.display(deck.players, deck.optional_rules),
                    layout=decks.find_layout(deck),
                    findings=[p.fview(f, url) for f in gd.findings_by_subject.get(deck.scenario, [])])


def glossary_page(p: Pages) -> int:
    terms = [t for g in p.data.kb.glossaries.values() for t in g.terms]
    p.write("glossary/", "glossary.md.j2", terms=terms)
    return len(terms)


def errata_page(p: Pages) -> None:
    from .build import SEVERITY_ORDER, _group_findings

    findings: list[Finding] = p.data.findings
    errata = defaultdict(list)
    for f in sorted(findings, key=lambda f: (f.category, SEVERITY_ORDER[f.severity], f.sort_key())):
        errata[f.category].append(p.fview(f, "errata/"))
    p.write("errata/", "errata.md.j2", errata={k: _group_findings(v) for k, v in errata.items()},
            counts={s: sum(1 for f in findings if f.severity == s and f.accepted is None)
                    for s in ("error", "warning", "info")},
            accepted=sum(1 for f in findings if f.accepted is not None))


def compare_pages(p: Pages) -> None:
    if p.compare is None:
        return
    for c in p.compare.changes:
        p.write(c["url"], "change.md.j2", c=c, ref=p.compare.ref,
                event_href=rel(c["url"], c["event_url"]) if c["status"] != "removed" else None)
    p.write("changes/", "changes_index.md.j2", compare=p.compare,
            changed=[dict(c, href=rel("changes/", c["url"])) for c in p.compare.changes])


def home_page(p: Pages, site_name: str) -> None:
    """The home page: the games and their events first (per period, linked), then where to find what."""
    from .build import readable_title

    games = []
    for g, gd in p.data.games.items():
        periods = [{"label": gd.period_label(per), "href": rel("", period_url(g, per)), "count": len(evs),
                    "events": [{"id": e.id, "title": readable_title(e.title, gd.keep_caps),
                                "href": rel("", event_url(e))} for e in evs[:HOME_EVENTS]],
                    "more": max(0, len(evs) - HOME_EVENTS)} for per, evs in p.periods_of.get(g, {}).items()]
        games.append({"game": g, "name": gd.name, "href": rel("", game_url(g)), "periods": periods,
                      "events": sum(x["count"] for x in periods), "rules": len(p.rules_of.get(g, [])),
                      "symbols_href": rel("", symbols_url(g)) if gd.symbols else None})
    example = next((e for e in p.events() if e.id == "7:VII"), (p.events() or [None])[0])
    p.write("", "home.md.j2", site_name=site_name, games=games, compare=p.compare,
            example=example, example_href=rel("", event_url(example)) if example else None,
            editors_href=rel("", EDITORS))


HOME_EVENTS = 30  # per period on the home page; the period's page lists them all


def editors_pages(p: Pages, n_terms: int, n_entities: int) -> None:
    """The editors' pages: the whole KB's logic coverage and latest findings (``editors/``) and, per game, each
    event's source, logic coverage and readings in the logic notation (``<game>/editors/``)."""
    from ..logic.reader.describe import notation
    from .build import SEVERITY_ORDER, _logic_view

    events = p.events()
    with_logic = sum(1 for e in events for c in e.all_clauses() if c.logic is not None and c.logic.get("role") != "unread")
    latest = [p.fview(f, EDITORS) for f in sorted(p.data.findings, key=lambda f: (SEVERITY_ORDER[f.severity],
                                                                                    f.sort_key())) if f.accepted is None][:12]
    p.write(EDITORS, "editors.md.j2", latest=latest, compare=p.compare,
            counts={"events": len(events), "rules": len(p.data.kb.rules), "terms": n_terms, "entities": n_entities,
                    "with_logic": with_logic, "clauses": sum(1 for e in events for _ in e.all_clauses())},
            games=[{"name": gd.name, "href": rel(EDITORS, editors_url(g)), "changes_href": rel(EDITORS, changes_url(g))}
                   for g, gd in p.data.games.items()])
    for g, gd in p.data.games.items():
        url = editors_url(g)
        rows = []
        for e in (e for evs in p.periods_of.get(g, {}).values() for e in evs):
            nodes, edges = diagram.chain(gd.requires, e.id, gd.required_by)
            rows.append({"e": e, "anchor": editor_anchor(e), "href": rel(url, event_url(e)), "file": gd.kb.files.get(e.id),
                         "logic": _logic_view(e, gd, url), "badge": p.badge(gd, e.id),
                         "notation": [{"marker": c.marker or "¶", "href": rel(url, event_url(e), f"c{c.line}"),
                                       "text": notation(c.logic)} for c in e.all_clauses() if c.logic],
                         "mermaid": diagram.mermaid(nodes, edges, {x: gd.kb.events[x].title for x in nodes})
                         if len(nodes) > 1 else None})
        p.write(url, "game_editors.md.j2", game_name=gd.name, rows=rows, profile=p.data.kb.games.get(g, {}) or {},
                game=g, changes_href=rel(url, changes_url(g)))
