// The log of the companion page: read a pasted log (the YAML `rulekb order --check` reads, or JSON) and write
// it back as YAML. The checks mirror checker/logic/logs.py parse_log (turns 1…1000 once each, known events in
// either id form, the four outcomes); what a log means is left to the solver.
export const OUTCOMES = ["fired", "marked", "refused", "rerolled"];
const MAX_TURN = 1000;

function resolve(text, known) {
  const t = String(text).trim();
  if (known.includes(t)) return t;
  const [a, b, ...rest] = t.split(":");
  if (b === undefined || rest.length) return null;
  for (const [num, per] of [[a, b], [b, a]]) {
    if (!/^\d+$/.test(num) || !per) continue;
    const hit = known.find((k) => { const [n, p] = k.split(":"); return Number(n) === Number(num) && p.toLowerCase() === per.toLowerCase(); });
    if (hit) return hit;
  }
  return null;
}

function scalar(v) {
  v = v.trim();
  if (/^".*"$|^'.*'$/.test(v)) return v.slice(1, -1);
  if (/^-?\d+$/.test(v)) return Number(v);
  return v;
}

// A small reader for the log's YAML: `log:` (optional), then `- {turn: N, event: ID, outcome: O}` or block entries.
function readYaml(text) {
  const items = [];
  let current = null;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/\s+#.*$/, "").replace(/^#.*$/, "");
    if (!line.trim() || /^log:\s*(\[\s*\])?\s*$/.test(line.trim())) return;
    const m = line.match(/^\s*-\s*(.*)$/);
    let body = line.trim();
    if (m) { current = { value: {}, line: i + 1 }; items.push(current); body = m[1].trim(); }
    if (!current) throw new Error(`line ${i + 1}: expected a list entry "- {turn: N, event: ID, outcome: O}"`);
    if (!body) return;
    const pairs = body.startsWith("{") ? body.replace(/^\{|\}$/g, "").split(",") : [body];
    for (const pair of pairs) {
      if (!pair.trim()) continue;
      const k = pair.indexOf(":");
      if (k < 0) throw new Error(`line ${i + 1}: expected key: value, not ${JSON.stringify(pair.trim())}`);
      current.value[pair.slice(0, k).trim()] = scalar(pair.slice(k + 1));
    }
  });
  return items;
}

export function parseLog(text, known) {
  let items;
  try {
    let data = null;
    try { data = JSON.parse(text); } catch (e) { data = null; }
    if (data !== null && typeof data === "object") {
      const list = Array.isArray(data) ? data : data.log || [];
      items = list.map((value, i) => ({ value, line: i + 1 }));
    } else items = readYaml(text);
  } catch (e) { return { error: e.message, entries: [] }; }
  const seen = new Map();
  const out = [];
  for (const { value, line } of items) {
    const where = `entry at line ${line}: `;
    if (!value || typeof value !== "object" || Array.isArray(value)) return { error: where + "not a mapping {turn, event, outcome}", entries: [] };
    const unknown = Object.keys(value).filter((k) => !["turn", "event", "outcome"].includes(k));
    if (unknown.length) return { error: where + `unknown key ${unknown.join(", ")} (keys: turn, event, outcome)`, entries: [] };
    const turn = value.turn;
    if (!Number.isInteger(turn)) return { error: where + "turn is not a whole number", entries: [] };
    if (turn < 1 || turn > MAX_TURN) return { error: where + `turn ${turn} is outside 1…${MAX_TURN}`, entries: [] };
    if (seen.has(turn)) return { error: where + `turn ${turn} is listed twice; one draw per turn`, entries: [] };
    seen.set(turn, line);
    const event = resolve(value.event ?? "", known);
    if (!event) return { error: where + `unknown event ${JSON.stringify(String(value.event ?? "")).slice(0, 40)}`, entries: [] };
    const outcome = String(value.outcome ?? "fired").trim().toLowerCase();
    if (!OUTCOMES.includes(outcome)) return { error: where + `unknown outcome (one of ${OUTCOMES.join(", ")})`, entries: [] };
    out.push({ turn, event, outcome });
  }
  return { entries: out.sort((a, b) => a.turn - b.turn), error: null };
}

export function toYaml(log) {
  if (!log.length) return "log: []\n";
  return "log:\n" + log.map((e) => `  - {turn: ${e.turn}, event: ${e.event}, outcome: ${e.outcome}}`).join("\n") + "\n";
}
