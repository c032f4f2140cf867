// The question of checker/logic/now.py, posed to clingo-wasm: the same text (the KB's facts, the log's facts,
// asp/'s programs, QUESTION_STEP, QUESTION_FINAL) and the same grounding (base, step(1..H), final), driven by a
// Lua main instead of Python. Reading the answer sets mirrors now.verdicts_from; no rule of the game is here.

const OUTCOMES = [["fires", "fires"], ["marked", "marked off"], ["refused", "refused"], ["rerolled", "re-roll"]];
const SAFE_ID = /^[A-Za-z0-9:_.\/-]+$/;

// facts.q for the strings a log holds (known event ids, outcomes): quoted, never able to leave the string.
function q(text) {
  if (!SAFE_ID.test(text)) throw new Error("not an event id or outcome: " + JSON.stringify(text));
  return '"' + text + '"';
}

export function logFacts(log) {
  const byTurn = new Map(log.map((e) => [e.turn, e]));
  const turns = log.reduce((m, e) => Math.max(m, e.turn), 0);
  const out = [];
  for (let t = 1; t <= turns; t++) {
    const e = byTurn.get(t);
    out.push(e ? `logged(${t},${q(e.event)},${q(e.outcome)}).` : `lognone(${t}).`);
  }
  out.push(`next_turn(${turns + 1}).`);
  return out.join("\n") + "\n";
}

function clauseIds(data) { return Object.keys(data.clauses).map(Number).sort((a, b) => a - b); }

function groundLua(horizon) {
  return `  local parts = {{"base",{}}}
  for t = 1, ${horizon} do parts[#parts + 1] = {"step", {clingo.Number(t)}} end
  prg:ground(parts)
  prg:ground({{"final", {}}})
  local function on(ids)
    local asm = {}
    for _, c in ipairs(ids) do asm[#asm + 1] = {clingo.Function("on", {clingo.Number(c)}), true} end
    return asm
  end
`;
}

// The question for a log: {text (what now.question_program returns), lua (the verdict driver), next}.
export function question(data, asp, log) {
  const last = log.reduce((m, e) => Math.max(m, e.turn), 0);
  const text = data.facts + logFacts(log) + "no_questions.\n" + asp + data.step + "#program final.\n" + data.final;
  const lua = `
#script (lua)
function main(prg)
${groundLua(last + data.bound)}  prg:solve{assumptions = on({${clauseIds(data).join(",")}})}
end
#end.
`;
  return { text, lua, next: last + 1, horizon: last + data.bound };
}

// A term as clingo prints it: name and top-level arguments (strings unquoted).
export function parseTerm(s) {
  const open = s.indexOf("(");
  if (open < 0) return { name: s, args: [] };
  const args = [];
  let depth = 0, start = open + 1, inStr = false;
  for (let i = open + 1; i < s.length - 1; i++) {
    const c = s[i];
    if (inStr) { if (c === "\\") i++; else if (c === '"') inStr = false; continue; }
    if (c === '"') inStr = true;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "," && depth === 0) { args.push(s.slice(start, i)); start = i + 1; }
  }
  args.push(s.slice(start, s.length - 1));
  return { name: s.slice(0, open), args: args.map((a) => (a.startsWith('"') ? JSON.parse(a) : a)) };
}

function lastWitness(res) {
  const calls = (res.Call || []).filter((c) => c.Witnesses && c.Witnesses.length);
  if (!calls.length) return [];
  const w = calls[calls.length - 1].Witnesses;
  return w[w.length - 1].Value || [];
}

// now.verdicts_from, reading the brave consequences; then now.what_can_fire's honest step (unread sentences).
export function verdicts(data, res) {
  const seen = new Map();
  const get = (e) => {
    if (!seen.has(e)) seen.set(e, { outcomes: new Set(), fails: new Map(), later: false, draw: false });
    return seen.get(e);
  };
  for (const atom of lastWitness(res)) {
    const t = parseTerm(atom);
    const d = get(t.args[0]);
    const fail = (c) => { if (!d.fails.has(c)) d.fails.set(c, { needs: new Set(), unless: new Set() }); return d.fails.get(c); };
    if (t.name === "later") d.later = true;
    else if (t.name === "nx_draw") d.draw = true;
    else if (["nx_fires", "nx_marked", "nx_refused", "nx_rerolled"].includes(t.name)) d.outcomes.add(t.name.slice(3));
    else if (t.name === "nx_fails") fail(Number(t.args[1]));
    else if (t.name === "nx_unmet") fail(Number(t.args[1])).needs.add(t.args[2]);
    else if (t.name === "nx_unless") fail(Number(t.args[1])).unless.add(t.args[2]);
  }
  const words = (k) => data.terms[k] || k;
  const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  return data.events.map((ev) => {
    const d = seen.get(ev.id) || { outcomes: new Set(), fails: new Map(), later: false, draw: false };
    const outcomes = OUTCOMES.filter(([k]) => d.outcomes.has(k)).map(([, w]) => w);
    const v = { event: ev.id, verdict: "never", outcomes, failing: [], explanation: null, message: "", read: null, unread: [] };
    if (d.outcomes.has("fires")) v.verdict = "can_fire";
    else if (d.later) {
      v.verdict = "not_now";
      v.failing = [...d.fails.entries()].sort((a, b) => a[0] - b[0]).map(([c, f]) => ({
        clause: c, needs: [...f.needs].map(words).sort(cmp), unless: [...f.unless].map(words).sort(cmp) }));
      if (!d.draw) v.message = "no legal draw of it at the next turn (none of its cases can be played then)";
    }
    // never, but the horizon proves nothing: an unlimited event's later firings matter (now.py, docs/logic.md S9)
    if (v.verdict === "never" && ev.unproven) { v.verdict = "inconclusive"; v.message = ev.unproven; v.explanation = []; }
    if (ev.unread.length) { v.read = v.verdict; v.verdict = "inconclusive"; v.unread = ev.unread; }
    return v;
  });
}

// The never-explanations of now.explain_never, for every event whose (read) verdict is never: one run.
export function explainJobs(data, vs, horizon) {
  const events = vs.filter((v) => v.verdict === "never" || v.read === "never").map((v) => v.event);
  if (!events.length) return null;
  const byId = new Map(data.events.map((e) => [e.id, e]));
  const jobs = events.map((e) => `{${q(e)}, {${byId.get(e).cands.join(",")}}}`).join(",\n    ");
  const lua = `
#script (lua)
function main(prg)
${groundLua(horizon)}  local all = {${clauseIds(data).join(",")}}
  local function unsat(ids, e)
    local asm = on(ids)
    asm[#asm + 1] = {clingo.Function("nv_goal", {clingo.String(e)}), true}
    return prg:solve{assumptions = asm}.unsatisfiable
  end
  local report = {"#show nv_expl/2. #show nv_done/1. nv_ran."}
  for _, job in ipairs({${jobs}}) do
    local e, trial = job[1], nil
    for _, ids in ipairs({{}, job[2], all}) do
      if unsat(ids, e) then trial = ids break end
    end
    if trial then
      local keep = {}
      for _, c in ipairs(trial) do keep[#keep + 1] = c end
      for _, c in ipairs(trial) do
        local smaller = {}
        for _, k in ipairs(keep) do if k ~= c then smaller[#smaller + 1] = k end end
        if unsat(smaller, e) then keep = smaller end
      end
      for _, c in ipairs(keep) do report[#report + 1] = string.format("nv_expl(%q,%d).", e, c) end
      report[#report + 1] = string.format("nv_done(%q).", e)
    end
  end
  prg:add("report", {}, table.concat(report, "\\n"))
  prg:ground({{"report", {}}})
  prg:solve()
end
#end.
`;
  return { events, lua };
}

export function readExplanations(data, vs, res) {
  const found = new Map();
  const done = new Set();
  for (const atom of lastWitness(res)) {
    const t = parseTerm(atom);
    if (t.name === "nv_expl") { if (!found.has(t.args[0])) found.set(t.args[0], []); found.get(t.args[0]).push(Number(t.args[1])); }
    if (t.name === "nv_done") done.add(t.args[0]);
  }
  for (const v of vs) {
    if (!(v.verdict === "never" || v.read === "never")) continue;
    if (done.has(v.event)) v.explanation = (found.get(v.event) || []).sort((a, b) => a - b);
    else if (v.verdict === "never") { v.verdict = "inconclusive"; v.message = "time limit reached"; v.explanation = []; }
  }
}

// The first turn at which the log stops being legal (the message of orders.check_log).
export async function illegalAt(data, asp, log, runner) {
  const sorted = [...log].sort((a, b) => a.turn - b.turn);
  for (let i = 0; i < sorted.length; i++) {
    const prefix = sorted.slice(0, i + 1);
    const qn = question(data, asp, prefix);
    const res = await runner(qn.text + qn.lua);
    if (res.Result === "UNSATISFIABLE") {
      const e = sorted[i];
      return `turn ${e.turn}: ${e.event} (${e.outcome}) is not legal after the turns before it`;
    }
  }
  return "no legal continuation";
}
