// The model of the search at the step the page shows: nodes by id, the
// open list in pop order with its sort keys, the closed list in expansion
// order, the counters, the last event, the path. It is replaced by a
// snapshot and advanced by a step message (docs/protocol.md). No DOM.
// Views read it through the accessors at the bottom of this file.

export function emptyModel() {
  return { step: 0, status: "running", nodes: [], open: [], closed: [], counters: {}, path: [], last: null, history: [], stride: 1, narration: "" };
}

// cmp orders open entries as the engine pops them.
function cmp(problem, a, b) {
  const p = problem;
  if (!p || p.frontier === "fifo") return a.key.seq - b.key.seq;
  if (p.frontier === "lifo") return b.key.seq - a.key.seq;
  if (a.key.priority !== b.key.priority) return a.key.priority - b.key.priority;
  if (a.key.tie !== b.key.tie) return a.key.tie - b.key.tie;
  return p.tie === "lifo" ? b.key.seq - a.key.seq : a.key.seq - b.key.seq;
}
function openInsert(problem, m, id, key) {
  const e = { id, key };
  let lo = 0, hi = m.open.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (cmp(problem, m.open[mid], e) <= 0) lo = mid + 1; else hi = mid; }
  m.open.splice(lo, 0, e);
}
function openRemove(m, id) {
  const i = m.open.findIndex((e) => e.id === id);
  if (i >= 0) m.open.splice(i, 1);
}
// keyOf is the key of an open node, as server/keys.go computes it (step
// messages carry the keys; this is only a fallback)
function keyOf(problem, n) {
  const r = (x) => Math.round(x * 1e9) / 1e9;
  const k = { priority: r(n.f), tie: 0, seq: n.seq };
  if (problem && problem.tie === "high-g") k.tie = r(-n.g);
  if (problem && problem.tie === "low-h") k.tie = r(n.h);
  return k;
}

// fromSnapshot builds a model from a snapshot message.
export function fromSnapshot(s) {
  const m = emptyModel();
  m.step = s.step; m.status = s.status; m.counters = s.counters; m.path = s.path || [];
  m.nodes = s.tree || [];
  m.open = (s.open || []).map((e) => ({ id: e.id, key: e.key }));
  m.closed = (s.closed || []).slice();
  m.last = s.last || null; m.narration = s.narration || "";
  m.history = s.history || []; m.stride = s.historyStride || 1;
  return m;
}

// applyStep advances m (at step k-1) by the step message of step k.
export function applyStep(problem, m, msg) {
  const ev = msg.event;
  const x = ev.expanded;
  m.nodes[x.id] = x;
  openRemove(m, x.id);
  if (x.status === "closed") {
    const i = m.closed.indexOf(x.id);
    if (i >= 0) m.closed.splice(i, 1);
    m.closed.push(x.id);
  }
  (ev.children || []).forEach((c, i) => {
    const n = Object.assign({}, c);
    delete n.fate; delete n.oldG; delete n.oldParent; delete n.existing;
    m.nodes[n.id] = n;
    const key = (msg.keys && msg.keys[i]) || keyOf(problem, n);
    if (c.fate === "added") openInsert(problem, m, n.id, key);
    else if (c.fate === "reparented") { openRemove(m, n.id); openInsert(problem, m, n.id, key); }
    else if (c.fate === "reopened") { const j = m.closed.indexOf(n.id); if (j >= 0) m.closed.splice(j, 1); openInsert(problem, m, n.id, key); }
  });
  m.step = ev.step; m.status = ev.status; m.counters = ev.counters; m.path = ev.path || [];
  m.last = ev; m.narration = msg.narration || "";
  if (m.stride === 1 && m.history.length === ev.step) m.history.push([ev.counters.open, ev.counters.closed]);
  else if (m.stride > 1 && ev.step % m.stride === 0) m.history.push([ev.counters.open, ev.counters.closed]);
}

// pathSet is the set of ids on the solution path.
export function pathSet(m) { return new Set(m.path || []); }

// drawnStatus is the status of a node as drawn: path > current >
// open/closed/discarded.
export function drawnStatus(m, n, onPath) {
  if (onPath.has(n.id)) return "path";
  if (m.last && m.last.expanded.id === n.id) return "current";
  if (n.status === "goal") return "path";
  return n.status;
}
