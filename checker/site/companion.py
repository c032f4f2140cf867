"""The companion page ("At the table"): which events can fire now in the game a player is playing.

The page (``now/``) runs the question of ``checker.logic.now`` in the browser with clingo compiled to WebAssembly
(the npm package ``clingo-wasm``): the same programs of ``asp/``, the same facts ``facts.build_model`` writes for
the KB (put into the page's data here, at build time), the same question text and the same grounding (base,
step(1..H), final) and the same explanation steps (``now.explain_never``), driven by a small Lua ``main``
(clingo's scripting, built into clingo-wasm) instead of Python. No rule is written in JavaScript: the page only
reads answer sets. Everything the KB's texts hold reaches the page as JSON data, and the page puts it into the
document as text (``textContent``), never as markup or code.

The solver's files are copied from ``node_modules/clingo-wasm/dist`` (the repository's, or ``$RULEKB_CLINGO_WASM``)
when present; otherwise the page says how to enable it and the build says so in its output.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from ..logic.analysis import horizon_bound, unproven_by_event
from ..logic.basis import unread_basis
from ..logic.facts import DependencyIndex, build_model
from ..logic.now import MAX_EVENT_TURNS, QUESTION_FINAL, QUESTION_STEP, Describer, candidates
from ..logic.solver import PROGRAMS, asp_dir
from .urls import event_url, rel, segment

URL = "now/"
WASM_FILES = ("index.web.js", "client.js", "threads.js", "stream.js", "run.js", "run.worker.js", "worker.js",
              "witnesses.js", "clingo.js", "clingo.wasm")
SERVICE_WORKER = "companion-sw.js"  # the page offline (site/assets/companion-sw.js, copied to the site's root)
ENABLE = "npm install (at the repository root: package.json lists clingo-wasm), then rulekb site again"


def wasm_source() -> Path | None:
    """The folder holding clingo-wasm's browser files, or None."""
    root = Path(__file__).resolve().parents[2]
    for base in (os.environ.get("RULEKB_CLINGO_WASM"), root / "node_modules" / "clingo-wasm" / "dist",
                 Path.cwd() / "node_modules" / "clingo-wasm" / "dist"):
        if base and all((Path(base) / f).is_file() for f in WASM_FILES):
            return Path(base)
    return None


def asp_text() -> str:
    """asp/'s programs as the Python side loads them (solver.PROGRAMS), each followed by a return to base."""
    return "".join((asp_dir() / name).read_text(encoding="utf-8") + "\n#program base.\n" for name in PROGRAMS)


def _terms(model, describe) -> dict[str, str]:
    import clingo

    out: dict[str, str] = {}
    for fact in model.program().replace(". ", ".\n").split("\n"):
        fact = fact.strip().rstrip(".")
        if fact.startswith(("when(", "any(", "unless(")):
            term = str(clingo.parse_term(fact).arguments[1])
            out[term] = describe(term)
    return out


def game_data(load, view, locator) -> dict:
    """Everything the page needs for one game: facts, question, events, clauses (located), words for conditions."""
    model = build_model(view)
    index = DependencyIndex(view)
    describe = Describer(model)

    def located(info):
        file, line = locator(info.event, info.line, view.game)
        return [info.event, file, line, info.text]

    events = []
    bound = horizon_bound(view, sorted(view.events))
    unproven_of = unproven_by_event(view, index, model.events, bound)  # "never" the horizon cannot prove (S9)
    for eid in model.events:
        e = view.events[eid]
        unread = []
        for u in unread_basis(view, {eid}, index=index):
            file, line = locator(u.event, u.line, view.game)
            unread.append(u.to_dict(file, line))
        events.append({"id": eid, "title": " ".join((e.title or "").split()), "period": e.period,
                       "url": rel(URL, event_url(e)), "unread": unread, "cands": candidates(model, index, eid),
                       "unproven": unproven_of[eid]})
    return {"game": view.game, "facts": model.program(), "bound": bound,
            "step": QUESTION_STEP, "final": QUESTION_FINAL, "events": events,
            "clauses": {str(c): located(info) for c, info in model.clauses.items()},
            "terms": _terms(model, describe), "max_event_turns": MAX_EVENT_TURNS,
            "start": start_answer(view, model, locator)}


START_TIME_LIMIT = 60.0  # seconds for the start position's question at build time (the bundled KB: about 2 s)


def start_answer(view, model, locator) -> dict | None:
    """The answer for the game's start (an empty log), worked out at build time by ``rulekb now``'s own function
    (``now.what_can_fire``) and written in the shape the page's solver run gives (companion.js ``compute``), so the
    page shows it at once, before the solver has loaded; the solver runs when the player changes the log. None
    when the answer is not definite over what was read (a time limit): the page then asks its solver, as for any
    log. tests/test_companion_browser.py compares it with the page's own solve of the empty log."""
    from ..logic.now import what_can_fire

    result = what_can_fire(view, [], time_limit=START_TIME_LIMIT)
    if result.status not in ("answered", "inconclusive") or any(
            v.verdict == "inconclusive" and not v.unread for v in result.verdicts):
        return None  # a time limit: nothing definite to write down

    def cid(info) -> int:
        assert model.clauses[info.cid] == info, "the page's clause numbers are not now.py's"
        return info.cid

    verdicts = []
    for v in result.verdicts:
        never = "never" in (v.verdict, v.read_verdict)
        verdicts.append({
            "event": v.event, "verdict": v.verdict, "outcomes": list(v.outcomes),
            "failing": [{"clause": cid(f["clause"]), "needs": list(f["needs"]), "unless": list(f["unless"])}
                        for f in v.failing],
            "explanation": sorted(cid(c) for c in v.explanation) if never else None,
            "message": v.message, "read": v.read_verdict,
            "unread": [u.to_dict(*locator(u.event, u.line, view.game)) for u in v.unread]})
    return {"status": "answered", "next": result.next_turn, "verdicts": verdicts, "built": True}


def write_companion(load, data, docs_dir: str, write, say) -> dict:
    """Write the page, its data and (when found) the solver; returns the navigation entry."""
    from ..engine.locate import Locator

    locator = Locator(load)
    folder = os.path.join(docs_dir, "now")
    os.makedirs(folder, exist_ok=True)
    games = []
    for g, gd in data.games.items():
        if not gd.kb.events:
            continue
        name = f"data-{segment(g)}.json"
        payload = game_data(load, gd.kb, locator)
        with open(os.path.join(folder, name), "w", encoding="utf-8") as fh:
            json.dump(payload, fh, ensure_ascii=False, separators=(",", ":"))
        games.append({"game": g, "name": gd.name, "data": name})
    with open(os.path.join(folder, "asp.json"), "w", encoding="utf-8") as fh:
        json.dump({"asp": asp_text()}, fh, ensure_ascii=False)
    source = wasm_source()
    if source is not None:
        target = os.path.join(docs_dir, "assets", "clingo")
        os.makedirs(target, exist_ok=True)
        for f in WASM_FILES:
            shutil.copyfile(source / f, os.path.join(target, f))
        say(f"companion page: clingo-wasm solver copied from {source}")
    else:
        say("companion page: clingo-wasm NOT found (node_modules/clingo-wasm): the page will not answer; "
            f"to enable it: {ENABLE}")
    # Offline: a service worker at the site's root (its scope must hold assets/clingo/, where the solver's worker
    # runs) caches what now/offline.json lists; the page sends it the theme's files too (companion.js).
    files = ["now/", "now/asp.json", *(f"now/{g['data']}" for g in games),
             *(f"assets/{name}" for name in ("companion.js", "companion-logic.js", "companion-log.js", "companion.css")),
             *((f"assets/clingo/{f}" for f in WASM_FILES) if source is not None else ())]
    with open(os.path.join(folder, "offline.json"), "w", encoding="utf-8") as fh:
        json.dump({"files": files}, fh, indent=1)
    from .build import ASSETS  # site/assets, or the copy a wheel ships

    shutil.copyfile(ASSETS / SERVICE_WORKER, os.path.join(docs_dir, SERVICE_WORKER))
    write(URL, "companion.md.j2", games=games, solver=source is not None, enable=ENABLE,
          config=json.dumps({"games": games, "solver": source is not None, "worker": SERVICE_WORKER}))
    return {"At the table: what can fire now": "now/index.md"}
