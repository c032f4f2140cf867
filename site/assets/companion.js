// The companion page: what can fire now (checker/site/companion.py, docs/now.md).
// The answers come from clingo (clingo-wasm) running asp/'s programs with the facts rulekb wrote for the KB and
// the question of checker/logic/now.py; this file only builds the log's facts, drives the solver and shows the
// answer sets. Every text from the KB is put into the page with textContent, never as markup.
import { question, verdicts, illegalAt, explainJobs, readExplanations } from "./companion-logic.js";
import { parseLog, toYaml } from "./companion-log.js";

const root = document.getElementById("rk-now");
const config = JSON.parse(root.dataset.config);
const base = root.dataset.base;
const $ = (id) => document.getElementById(id);
const TIME_LIMIT_MS = 20000;
const state = { game: null, data: null, asp: null, log: [], clingo: null, solver: null, runId: 0, marks: {} };
const NO_SOLVER = document.getElementById("rk-now-status").textContent;  // what the page says without a solver
const mark = (name) => { if (!(name in state.marks)) state.marks[name] = performance.now(); };

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (cls) node.className = cls;
  return node;
}
function status(text, kind) {
  const s = $("rk-now-status");
  s.textContent = text;
  s.dataset.kind = kind || "";
}

async function loadSolver() {
  if (!config.solver) return null;
  const mod = await import(base + "assets/clingo/index.web.js");
  const clingo = mod.default;
  await clingo.init(new URL(base + "assets/clingo/clingo.wasm", location.href).href);
  return clingo;
}

// One run with a time limit: a run still going at the limit is stopped (restart) and reported as timed out.
async function run(program, models, options) {
  let timer;
  const limit = new Promise((resolve) => { timer = setTimeout(() => resolve({ Result: "TIMEOUT" }), TIME_LIMIT_MS); });
  const answer = await Promise.race([state.clingo.run(program, models, options), limit]);
  clearTimeout(timer);
  if (answer.Result === "TIMEOUT") await state.clingo.restart();
  return answer;
}

const key = () => "rulekb-now:" + state.game;
function save() { localStorage.setItem(key(), JSON.stringify(state.log)); }
function restore() {
  try { state.log = JSON.parse(localStorage.getItem(key()) || "[]"); } catch (e) { state.log = []; }
  const parsed = parseLog(JSON.stringify(state.log), state.data.events.map((e) => e.id));
  state.log = parsed.error ? [] : parsed.entries;
}

// asp/'s programs: fetched once, when a question is first posed to the solver.
let aspText = null;
function loadAsp() {
  aspText = aspText || fetch(base + "now/asp.json").then((r) => r.json()).then((j) => { state.asp = j.asp; return j.asp; });
  return aspText;
}

async function selectGame(game) {
  state.game = game;
  const info = config.games.find((g) => g.game === game);
  state.data = await (await fetch(base + "now/" + info.data)).json();
  const sel = $("rk-now-event");
  sel.replaceChildren(...state.data.events.map((e) => { const o = el("option", e.id + " " + e.title); o.value = e.id; return o; }));
  restore();
  showLog();
  await answer();
}

function showLog() {
  const body = $("rk-now-entries");
  body.replaceChildren(...state.log.map((entry, i) => {
    const tr = el("tr");
    tr.append(el("td", entry.turn), el("td", entry.event), el("td", entry.outcome));
    const td = el("td"); const b = el("button", "remove"); b.type = "button";
    b.addEventListener("click", () => { state.log.splice(i, 1); save(); showLog(); answer(); });
    td.append(b); tr.append(td); return tr;
  }));
  $("rk-now-turn").value = String(Math.min(1000, (state.log.length ? state.log[state.log.length - 1].turn : 0) + 1));
}

// The answer for the current log: one brave run for the verdicts, then one run for the "never" explanations.
// The game's start (an empty log) was answered when the site was built, by rulekb now's own function
// (checker/site/companion.py start_answer): it is shown at once, with no solver run and before the solver loads.
async function answer() {
  const id = ++state.runId;
  const box = $("rk-now-verdicts");
  if (!state.log.length && state.data.start) { show(state.data.start); mark("shown"); mark("done"); return state.data.start; }
  if (!state.clingo) {
    status(config.solver ? "Loading the solver…" : NO_SOLVER, config.solver ? "busy" : "");
    box.replaceChildren();
    await state.solver;
    if (id !== state.runId) return null;
    if (!state.clingo) { if (!config.solver) status(NO_SOLVER, ""); return null; }
  }
  await loadAsp();
  if (id !== state.runId) return null;
  status("Solving…", "busy");
  const result = await compute(state.data, state.asp, state.log, (partial) => { if (id === state.runId) { show(partial); mark("shown"); } });
  if (id !== state.runId) return result;
  show(result);
  mark("shown"); mark("done");
  return result;
}

// The size rule of rulekb now (checker/logic/now.py too_large): grounding cannot be cut short, so a question of more
// event-turns than the limit is not asked (it would hold the tab for minutes and gigabytes).
function tooLarge(data, log) {
  const last = log.reduce((m, e) => Math.max(m, e.turn), 0);
  const size = data.events.length * (last + data.bound);
  if (!data.max_event_turns || size <= data.max_event_turns) return null;
  const n = (x) => x.toLocaleString("en-US");
  return "the question is too large to ask: " + n(data.events.length) + " events over a horizon of " + n(last + data.bound) +
    " turns (" + n(size) + " event-turns; the limit is " + n(data.max_event_turns) + ", as grounding it cannot be cut short)";
}

async function compute(data, asp, log, progress) {
  const large = tooLarge(data, log);
  if (large) return { status: "too_large", message: large, verdicts: [] };
  const program = question(data, asp, log);
  const t0 = performance.now();
  const res = await run(program.text + program.lua, 0, ["--enum-mode=brave"]);
  if (res.Result === "TIMEOUT" || res.Result === "ERROR" || res.Result === "UNKNOWN") {
    return { status: res.Result === "TIMEOUT" ? "timeout" : "error", error: res.Error || "", next: program.next, verdicts: [] };
  }
  if (res.Result === "UNSATISFIABLE") {
    const bad = await illegalAt(data, asp, log, (p) => run(p, 0, ["--enum-mode=brave"]));
    return { status: "illegal", message: bad, next: program.next, verdicts: [] };
  }
  const out = { status: "answered", next: program.next, verdicts: verdicts(data, res), ms: performance.now() - t0 };
  progress && progress(out);
  const jobs = explainJobs(data, out.verdicts, program.horizon);
  if (jobs) {
    const ex = await run(program.text + jobs.lua, 1, []);
    readExplanations(data, out.verdicts, ex);
  }
  out.ms = performance.now() - t0;
  return out;
}

const HEAD = { can_fire: "Can fire at the next draw", not_now: "Not now", never: "Never again", inconclusive: "Inconclusive" };

function clauseLine(c) {
  const li = el("li");
  const [event, file, line, text] = c;
  li.append(el("span", event + " ", "rk-now-id"), el("span", "(" + file + ":" + line + ") ", "rk-facts"), el("q", text));
  return li;
}

function show(result) {
  const box = $("rk-now-verdicts");
  box.replaceChildren();
  if (result.status === "timeout") { status("The solver did not answer within " + TIME_LIMIT_MS / 1000 + " s: every verdict is inconclusive (a time limit). Shorten the log or use rulekb now.", "timeout"); return; }
  if (result.status === "too_large") { status("No verdicts: " + result.message + ". rulekb now answers the same way.", "timeout"); return; }
  if (result.status === "error") { status("The solver failed: " + result.error, "error"); return; }
  if (result.status === "illegal") { status("This log is not legal: " + result.message + ". No verdicts for an illegal log (rulekb order --check explains it).", "illegal"); return; }
  const counts = {};
  result.verdicts.forEach((v) => { counts[v.verdict] = (counts[v.verdict] || 0) + 1; });
  const pending = result.verdicts.some((v) => v.explanation === null && (v.verdict === "never" || v.read === "never"));
  status("Next draw at turn " + result.next + ": " + Object.keys(HEAD).map((k) => (counts[k] || 0) + " " + HEAD[k].toLowerCase()).join(", ") + "." + (pending ? " Working out why some can never fire…" : ""), pending ? "busy" : "done");
  for (const kind of Object.keys(HEAD)) {
    const group = result.verdicts.filter((v) => v.verdict === kind);
    if (!group.length) continue;
    const sec = el("section", null, "rk-now-group rk-now-" + kind);
    sec.append(el("h2", HEAD[kind] + " (" + group.length + ")"));
    const ul = el("ul");
    for (const v of group) ul.append(item(v));
    sec.append(ul);
    box.append(sec);
  }
}

function item(v) {
  const ev = state.data.events.find((e) => e.id === v.event);
  const li = el("li", null, "rk-now-item");
  li.dataset.event = v.event;
  li.dataset.verdict = v.verdict;
  const a = el("a", v.event + " " + ev.title); a.href = ev.url;
  li.append(a);
  if (v.outcomes.length) li.append(el("span", " — a draw now: " + v.outcomes.join(", "), "rk-now-outcome"));
  const detail = el("ul", null, "rk-now-detail");
  for (const f of v.failing) {
    const d = clauseLine(state.data.clauses[f.clause]);
    d.prepend(el("strong", "fails: "));
    if (f.needs.length) d.append(el("div", "true when: " + f.needs.join("; "), "rk-now-needs"));
    if (f.unless.length) d.append(el("div", "true when one of these no longer holds: " + f.unless.join("; "), "rk-now-needs"));
    detail.append(d);
  }
  if (v.message) detail.append(el("li", v.message));
  if (v.verdict === "never" || v.read === "never") {
    if (v.explanation === null) detail.append(el("li", "working out why…"));
    else if (!v.explanation.length) detail.append(el("li", "because of docs/logic.md S1 (it has been played as often as its multiplicity allows, or its period is past in a per-period deck) or S4 (the game has ended)"));
    else for (const c of v.explanation) { const d = clauseLine(state.data.clauses[c]); d.prepend(el("strong", "because: ")); detail.append(d); }
  }
  if (v.read) detail.append(el("li", "over what was read: " + HEAD[v.read].toLowerCase() + "; it depends on sentences rulekb does not read:"));
  for (const u of v.unread) detail.append(el("li", u.event + " (" + u.file + ":" + u.line + ") “" + u.words + "”: " + u.why, "rk-now-unread"));
  if (detail.childElementCount) li.append(detail);
  return li;
}

function wire() {
  $("rk-now-game").addEventListener("change", (e) => selectGame(e.target.value));
  $("rk-now-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const entry = { turn: Number($("rk-now-turn").value), event: $("rk-now-event").value, outcome: $("rk-now-outcome").value };
    const parsed = parseLog(JSON.stringify([...state.log.filter((x) => x.turn !== entry.turn), entry]), state.data.events.map((x) => x.id));
    if (parsed.error) { status(parsed.error, "error"); return; }
    state.log = parsed.entries; save(); showLog(); answer();
  });
  $("rk-now-clear").addEventListener("click", () => { state.log = []; save(); showLog(); answer(); });
  $("rk-now-export").addEventListener("click", () => {
    const text = toYaml(state.log);
    const pre = $("rk-now-yaml"); pre.textContent = text; pre.hidden = false;
    const a = $("rk-now-download"); a.href = URL.createObjectURL(new Blob([text], { type: "text/yaml" })); a.hidden = false;
  });
  $("rk-now-load").addEventListener("click", () => {
    const parsed = parseLog($("rk-now-paste").value, state.data.events.map((x) => x.id));
    $("rk-now-paste-error").textContent = parsed.error || "";
    if (parsed.error) return;
    state.log = parsed.entries; save(); showLog(); answer();
  });
}

// For tests and the benchmark: the same computation on any log, without touching the page's log.
window.rulekbNow = {
  ready: null,
  compute: async (log) => { await loadAsp(); return compute(state.data, state.asp, parseLog(JSON.stringify(log), state.data.events.map((e) => e.id)).entries); },
  program: (log) => question(state.data, state.asp, log).text,
  selectGame,
  state,
};

// Offline after one load: the service worker (companion-sw.js, at the site's root) caches the page, its data and
// the solver; the page sends it the theme's files it loaded. Only where browsers allow one (https, localhost).
async function keepOffline() {
  if (!config.worker || !("serviceWorker" in navigator) || !window.isSecureContext) return false;
  await navigator.serviceWorker.register(base + config.worker, { scope: base });
  await navigator.serviceWorker.ready;  // installed: the files of now/offline.json are cached
  const root = new URL(base, location.href);
  const urls = performance.getEntriesByType("resource").map((e) => new URL(e.name))
    .filter((u) => u.origin === root.origin && /^(now|assets)\//.test(u.pathname.slice(root.pathname.length)));
  const cache = await caches.open("rulekb-now");  // the worker's cache (companion-sw.js)
  await Promise.all(urls.map((u) => cache.match(u.href, { ignoreSearch: true })
    .then((hit) => hit || cache.add(u.href)).catch(() => null)));
  return true;
}

// The solver loads beside the page: the start's answer does not wait for it, a question about a log does.
window.rulekbNow.ready = (async () => {
  wire();
  state.solver = loadSolver().then((c) => { state.clingo = c; if (c) mark("solver"); })
    .catch((e) => { status("The solver could not be loaded: " + e, "error"); });
  state.game = config.games[0].game;
  await selectGame($("rk-now-game").value);
  await state.solver;
  if (config.solver) await loadAsp();
  window.rulekbNow.offline = keepOffline().catch((e) => { console.warn("rulekb: no offline copy: " + e); return false; });
  return true;
})();
