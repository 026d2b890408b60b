// The model of the search at the step the page shows, behind the API of
// docs/protocol.md ("The client model"; the lead's protocol v2): views
// read the search ONLY through the object createModel returns, never
// through the messages. This implementation keeps protocol v1's full
// snapshot (nodes by id, the open list in pop order with its sort keys,
// the closed list in expansion order) and is advanced by step messages;
// protocol v2's compact records replace it behind the same API. No DOM.
//
// The API (every per-node accessor takes an id < nodeEnd, O(1) unless
// said otherwise):
//   step, live, status, counters, last (the step's event or null),
//   narration, path (ids or null), problem (hello.problem), nodeEnd,
//   history (optional: [open, closed] per historyStride steps)
//   parent(id) g(id) h(id) f(id) depth(id) nodeStatus(id) order(id) seq(id)
//   born(id) cell(id) state(id) (string or undefined until loaded)
//   (protocol-v2.md calls the per-node status status(id); it is
//   nodeStatus(id) here because status is the search's status)
//   key(id): the sort key {priority, tie, seq} of an open node
//   children(id): ids existing at step, in creation order
//   openHead(n): the first n (default 64) open ids in pop order
//   openCount, closedCount, closedTail(n): the last n closed ids
//   rows(list, offset, count): Promise of ids of the open ("open") or
//     closed ("closed") list from offset, at most count (<= 200)
//   needStates(ids): ask for missing state strings (batched)
//   subscribe(fn): fn(change) after every applied message, change =
//     {kind: "step"|"move"|"state"|"states", added: ids created,
//      changed: ids whose record or status changed}

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

// createModel returns the model for a session's hello message. The
// protocol module feeds it: load(snapshot) and advance(step message).
export function createModel(hello) {
  const problem = hello.problem || null;
  let m = emptyModel();
  let kids = []; // children by parent id, in creation order
  const subs = [];
  const cellIndex = new Map(); // graph: node name -> index
  if (problem && problem.kind === "graph") (problem.nodes || []).forEach((n, i) => cellIndex.set(n.name, i));

  function rebuildKids() {
    kids = new Array(m.nodes.length);
    for (let i = 0; i < m.nodes.length; i++) {
      const n = m.nodes[i];
      if (n && n.parent >= 0) (kids[n.parent] || (kids[n.parent] = [])).push(i);
    }
  }
  function addKid(p, id) {
    const a = kids[p] || (kids[p] = []);
    let i = a.length;
    while (i > 0 && a[i - 1] > id) i--;
    a.splice(i, 0, id);
  }
  function removeKid(p, id) {
    const a = kids[p];
    if (!a) return;
    const i = a.indexOf(id);
    if (i >= 0) a.splice(i, 1);
  }
  function emit(change) { for (const fn of subs) fn(change); }
  const node = (id) => m.nodes[id];

  const model = {
    problem,
    live: 0,
    get step() { return m.step; },
    get status() { return m.status; },
    get counters() { return m.counters; },
    get last() { return m.last; },
    get narration() { return m.narration; },
    get path() { return m.path && m.path.length ? m.path : null; },
    get nodeEnd() { return m.nodes.length; },
    get history() { return m.history; },
    get historyStride() { return m.stride || 1; },
    get openCount() { return m.open.length; },
    get closedCount() { return m.closed.length; },
    parent: (id) => node(id).parent,
    g: (id) => node(id).g,
    h: (id) => node(id).h,
    f: (id) => node(id).f,
    depth: (id) => node(id).depth,
    nodeStatus: (id) => node(id).status,
    order: (id) => node(id).order || 0,
    seq: (id) => node(id).seq,
    born: (id) => node(id).step,
    state: (id) => node(id).state,
    children: (id) => kids[id] || [],
    cell(id) {
      if (!problem) return -1;
      if (problem.kind === "grid") { const [x, y] = node(id).state.split(",").map(Number); return y * problem.width + x; }
      if (problem.kind === "graph") { const i = cellIndex.get(node(id).state); return i === undefined ? -1 : i; }
      return -1;
    },
    key(id) {
      const e = m.open.find((e) => e.id === id);
      return e ? e.key : keyOf(problem, node(id));
    },
    openHead(n) { return m.open.slice(0, n || 64).map((e) => e.id); },
    openKeys(n) { return m.open.slice(0, n || 64).map((e) => e.key); },
    closedTail(n) { return m.closed.slice(Math.max(0, m.closed.length - (n || 64))); },
    rows(list, offset, count) {
      count = Math.min(200, Math.max(0, count | 0));
      offset = Math.max(0, offset | 0);
      const src = list === "open" ? m.open.map((e) => e.id) : m.closed;
      return Promise.resolve(src.slice(offset, offset + count));
    },
    needStates() { /* every state is loaded in protocol v1 */ },
    subscribe(fn) { subs.push(fn); return () => { const i = subs.indexOf(fn); if (i >= 0) subs.splice(i, 1); }; },

    // load replaces the model by a snapshot message (protocol v1).
    loaded: false,
    load(snapshot) {
      m = fromSnapshot(snapshot);
      model.loaded = true;
      rebuildKids();
      emit({ kind: "state", added: [], changed: [] });
    },
    // advance applies the step message of step+1.
    advance(msg) {
      const before = m.nodes.length;
      const moved = [];
      for (const c of msg.event.children || []) {
        if (c.id < before && m.nodes[c.id] && m.nodes[c.id].parent !== c.parent) moved.push([c.id, m.nodes[c.id].parent, c.parent]);
      }
      applyStep(problem, m, msg);
      const added = [];
      for (let id = before; id < m.nodes.length; id++) { added.push(id); if (m.nodes[id].parent >= 0) addKid(m.nodes[id].parent, id); }
      for (const [id, from, to] of moved) { removeKid(from, id); if (to >= 0) addKid(to, id); }
      const changed = [msg.event.expanded.id];
      for (const c of msg.event.children || []) if (c.id < before) changed.push(c.id);
      emit({ kind: "step", added, changed });
    },
  };
  return model;
}
