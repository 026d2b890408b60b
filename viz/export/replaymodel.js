// The model of the search at the step the standalone replay shows, behind
// the live page's model API (static/model.js), derived from the embedded
// compact trace (html.go, replay_data.go: replayData). The node columns
// hold every node's record after the last step, in typed arrays; a mod
// (in step order: [step, id, g, parent, depth, order, seq, fate, stored F,
// the node's mod step] before that step changed the node) is undone when
// the model moves before its step and done again (with the values after
// it: the node's next mod's, or the last) when it moves past it. A node's
// status at step k follows from its record as in model.js: absent past
// nodeEnd[k], closed (goal, cut off, a stale pop: by its flags) once its
// order is reached, else its base fate. A move from step a to b costs
// O(mods between a and b), an accessor O(1), the open list O(nodes +
// open · log open) once per step. No DOM.
function createReplayModel(D) {
  "use strict";
  const N = D.state.length, STEPS = D.steps, P = D.info;
  const num = (x) => (x === null ? Infinity : x); // a Bound: null is ∞
  const FATES = ["open", "discarded", "discarded", "discarded", "goal", "cutoff", "forgotten", "discarded"];
  const GOAL_POP = 8, CUTOFF_POP = 16, STALE_POP = 32, BACKWARD = 64, FATE_PRUNED = 7;
  const mods = (D.mods || []).map((md) => md.map(num));
  // the step of each node's latest mod (RBFS orders equal stored Fs by it)
  const modStep = new Int32Array(N);
  for (const md of mods) modStep[md[1]] = md[0];
  const cols = {
    2: Float64Array.from(D.g), 3: Int32Array.from(D.parent), 4: Int32Array.from(D.depth), 5: Int32Array.from(D.order),
    6: Int32Array.from(D.seq), 7: Uint8Array.from(D.fate), 8: D.storedF ? Float64Array.from(D.storedF, num) : new Float64Array(N), 9: modStep,
  };
  const afterMod = new Array(mods.length);
  {
    const last = new Map(); // id -> its latest mod seen
    mods.forEach((md, j) => {
      const prev = last.get(md[1]);
      if (prev !== undefined) afterMod[prev] = md;
      last.set(md[1], j);
    });
    for (const j of last.values()) { const id = mods[j][1], a = new Array(10); for (let i = 2; i < 10; i++) a[i] = cols[i][id]; afterMod[j] = a; }
  }
  let done = mods.length; // mods[0..done) are in the columns (as after the last step)
  function moveTo(t) {
    while (done > 0 && mods[done - 1][0] > t) { const md = mods[--done]; for (let i = 2; i < 10; i++) cols[i][md[1]] = md[i]; }
    while (done < mods.length && mods[done][0] <= t) { const md = afterMod[done++], id = mods[done - 1][1]; for (let i = 2; i < 10; i++) cols[i][id] = md[i]; }
  }
  const gA = cols[2], parentA = cols[3], depthA = cols[4], orderA = cols[5], seqA = cols[6], fateA = cols[7], storedFA = cols[8];
  const cellIndex = new Map();
  if (P.kind === "graph") (P.nodes || []).forEach((n, i) => cellIndex.set(n.name, i));
  const cells = new Int32Array(N).fill(-1);
  for (let id = 0; id < N; id++) {
    if (P.kind === "grid") { const [x, y] = D.state[id].split(",").map(Number); cells[id] = y * P.width + x; }
    else if (P.kind === "graph") { const c = cellIndex.get(D.state[id]); cells[id] = c === undefined ? -1 : c; }
  }
  const history = D.counters.map((c) => [c[4], c[5]]);
  const r9 = (x) => Math.round(x * 1e9) / 1e9;
  const F = P.f || { g: 1, h: 1, depth: 0 };
  const algo = (P.options || "").split(" ")[0];
  // local beam orders by layer (depth), then f (stepper.engine.keyOf)
  const localBeam = !!P.layered;
  const deep = D.deep || null, bi = D.bi || null, beam = D.beam || null;
  // beam's pruned nodes listed by step
  let prunedAt = null;
  if (beam) {
    prunedAt = new Map();
    for (const [s, id, f] of beam.pruned || []) {
      if (!prunedAt.has(s)) prunedAt.set(s, []);
      prunedAt.get(s).push({ id, state: D.state[id], f });
    }
  }

  // RBFS's f-limits at step k: step j keeps limKeep[j] of step j-1's and
  // appends limAdd[j] from lims (limAt[j] on); walked back from k until
  // every position is found
  let limAt = null, backupsAt = null;
  if (deep && deep.limKeep) {
    limAt = new Int32Array(STEPS + 2);
    for (let j = 0; j <= STEPS; j++) limAt[j + 1] = limAt[j] + deep.limAdd[j];
    backupsAt = new Map();
    for (const [s, node, f] of deep.backups || []) {
      if (!backupsAt.has(s)) backupsAt.set(s, []);
      backupsAt.get(s).push({ node, state: D.state[node], f });
    }
  }
  function fLimits(k) {
    const n = deep.limKeep[k] + deep.limAdd[k], out = new Array(n);
    let need = n;
    for (let j = k; j >= 0 && need > 0; j--) {
      const keep = deep.limKeep[j];
      for (let p = keep; p < need; p++) out[p] = deep.lims[limAt[j] + p - keep];
      need = Math.min(need, keep);
    }
    return out;
  }
  // the path from the root to node id, root first
  function chain(id) { const out = []; for (let a = id; a >= 0; a = parentA[a]) out.push(a); return out.reverse(); }
  function deepening(k) {
    const d = { iteration: deep.iteration[k], current: chain(D.expanded[k]) };
    if (deep.limit) d.limit = deep.limit[k] >= 0 ? deep.limit[k] : null;
    if (deep.threshold) { d.threshold = deep.threshold[k]; d.nextThreshold = deep.nextThreshold[k]; }
    if (limAt) {
      d.fLimits = fLimits(k);
      d.backups = backupsAt.get(k) || [];
      if (deep.nextNode[k] >= 0) { d.nextNode = deep.nextNode[k]; d.nextState = D.state[d.nextNode]; d.nextLimit = deep.nextLimit[k]; }
    }
    return d;
  }
  function beamStep(k) {
    return { width: beam.width, local: localBeam, layer: beam.layer[k], layerDone: beam.layerDone[k] === 1, kept: beam.kept[k], prunedCount: beam.prunedCount[k], pruned: prunedAt.get(k) || [] };
  }
  function bidirectional(k) {
    return {
      direction: ["", "forward", "backward"][bi.dir[k]], mu: bi.mu[k], pathCost: bi.pathCost[k], meetForward: bi.meetF[k], meetBackward: bi.meetB[k],
      topForward: bi.topF[k], topBackward: bi.topB[k], epsilon: bi.epsilon[k], rule: bi.rules[bi.rule[k]],
    };
  }

  let k = 0, openCache = null, closedCache = null, historyCache = null, lastCache = null, forgotCache = null;
  const subs = [];
  const m = {
    problem: P, loaded: true, live: STEPS, historyStride: 1,
    get step() { return k; },
    get status() { return k === STEPS ? D.status || "running" : "running"; },
    get counters() { const c = D.counters[k]; return { expanded: c[0], generated: c[1], duplicates: c[2], reparented: c[3], open: c[4], closed: c[5], maxOpen: c[6], pruned: c[7] }; },
    // last is the step's event as far as the views read it: the node
    // selected and the family's terms (null at step 0)
    get last() {
      if (k === 0) return null;
      if (lastCache && lastCache.k === k) return lastCache.ev;
      const ev = { step: k, expanded: { id: D.expanded[k] } };
      if (deep) ev.deepening = deepening(k);
      if (bi) ev.bidirectional = bidirectional(k);
      if (beam) ev.beam = beamStep(k);
      lastCache = { k, ev };
      return ev;
    },
    get narration() { return D.narration[k] || ""; },
    get path() { return k === STEPS && D.path && D.path.length ? D.path : null; },
    get nodeEnd() { return D.nodeEnd[k]; },
    // iterStart: ids, idastar: the ids below it are earlier iterations'
    get iterStart() { return deep ? deep.iterStart[k] : 0; },
    get history() { if (!historyCache || historyCache.length !== k + 1) historyCache = history.slice(0, k + 1); return historyCache; },
    get openCount() { return openList().length; },
    get closedCount() { return closedList().length; },
    parent: (id) => parentA[id],
    g: (id) => gA[id],
    h: (id) => D.h[id],
    f: (id) => F.g * gA[id] + F.h * D.h[id] + F.depth * depthA[id],
    depth: (id) => depthA[id],
    seq: (id) => seqA[id],
    born: (id) => D.born[id],
    cell: (id) => cells[id],
    state: (id) => D.state[id],
    storedF: (id) => storedFA[id],
    backward: (id) => (fateA[id] & BACKWARD) !== 0,
    // pruned: beam search dropped node id from its beam (its status is
    // discarded)
    pruned: (id) => id >= 0 && id < D.nodeEnd[k] && (fateA[id] & 7) === FATE_PRUNED && !m.order(id),
    // forgottenCount is RBFS's forgotten nodes at step k: O(nodes) once
    // per step shown
    forgottenCount() {
      if (forgotCache && forgotCache.k === k) return forgotCache.n;
      let n = 0;
      if (P.frontier === "rbfs") for (let id = 0; id < D.nodeEnd[k]; id++) if (m.nodeStatus(id) === "forgotten") n++;
      forgotCache = { k, n };
      return n;
    },
    order(id) { const o = orderA[id]; return o > 0 && o <= k ? o : 0; },
    nodeStatus(id) {
      if (id < 0 || id >= D.nodeEnd[k]) return undefined;
      const o = orderA[id], x = fateA[id];
      if (o > 0 && o <= k) return x & GOAL_POP ? "goal" : x & CUTOFF_POP ? "cutoff" : x & STALE_POP ? "discarded" : "closed";
      return FATES[x & 7];
    },
    key(id) {
      if (localBeam) return { priority: depthA[id], tie: r9(m.f(id)), seq: seqA[id] };
      const key = { priority: r9(P.frontier === "rbfs" ? storedFA[id] : m.f(id)), tie: 0, seq: seqA[id] };
      if (P.tie === "high-g") key.tie = r9(-gA[id]);
      if (P.tie === "low-h") key.tie = r9(D.h[id]);
      return key;
    },
    children(id) { const out = []; for (let c = 0; c < D.nodeEnd[k]; c++) if (parentA[c] === id) out.push(c); return out; },
    openHead(n) { return openList().slice(0, n || 64); },
    closedTail(n) { const c = closedList(); return c.slice(Math.max(0, c.length - (n || 64))); },
    rows(list, offset, count) { const src = list === "open" ? openList() : closedList(); return Promise.resolve(src.slice(offset, offset + Math.min(200, count))); },
    needStates() { /* every state is in the file */ },
    prefetchStates: null,
    pendingStates: () => false,
    subscribe(fn) { subs.push(fn); },
  };

  // openList is the open list at step k in the order the live page gets
  // it from the server (stepper.Search.OpenOrder), cached per step: the
  // queue by its key (local beam: layer, then f); dfs's stack and ids and
  // idastar's, top first (the last pushed; dls pushes a step's children
  // so that the first is on top); RBFS's next node, then the path's open
  // children by stored F (ties: the deeper frame first, then the frame's
  // order, which puts a child backed up later first, then creation
  // order); a bidirectional
  // search's both lists merged by key, forward first. O(nodes) to
  // collect, O(open · log open) to sort on typed keys.
  const prio = new Float64Array(N), tie = new Float64Array(N);
  function openList() {
    if (openCache && openCache.k === k) return openCache.ids;
    const end = D.nodeEnd[k], from = m.iterStart, ids = [];
    const fr = P.frontier;
    const visit = fr === "rbfs" && m.status === "running" && k > 0 && deep.nextNode[k] >= 0 ? deep.nextNode[k] : fr === "rbfs" && k === 0 ? 0 : -1;
    for (let id = from; id < end; id++) {
      if (id === visit || m.nodeStatus(id) !== "open") continue;
      ids.push(id);
      const key = m.key(id);
      prio[id] = fr === "rbfs" ? storedFA[id] : key.priority; tie[id] = key.tie;
    }
    const lifoTie = P.tie === "lifo";
    if (fr === "fifo") ids.sort((a, b) => seqA[a] - seqA[b]);
    else if (fr === "lifo" && algo === "dls") ids.sort((a, b) => D.born[b] - D.born[a] || seqA[a] - seqA[b]); // a step's children first child on top
    else if (fr === "lifo" || fr === "stack") ids.sort((a, b) => seqA[b] - seqA[a]);
    else if (fr === "rbfs") ids.sort((a, b) => prio[a] - prio[b] || depthA[b] - depthA[a] || modStep[b] - modStep[a] || a - b);
    else if (fr === "bidirectional") ids.sort((a, b) => prio[a] - prio[b] || (fateA[a] & BACKWARD) - (fateA[b] & BACKWARD) || seqA[a] - seqA[b]);
    else ids.sort((a, b) => prio[a] - prio[b] || tie[a] - tie[b] || (lifoTie ? seqA[b] - seqA[a] : seqA[a] - seqA[b]));
    if (visit >= 0 && visit < end) ids.unshift(visit);
    openCache = { k, ids };
    return ids;
  }
  // closedList is the closed list at step k in expansion order (the
  // current iteration's, for ids and idastar). O(k), cached per step.
  function closedList() {
    if (closedCache && closedCache.k === k) return closedCache.ids;
    const ids = [], from = m.iterStart;
    for (let s = 1; s <= k; s++) { const x = D.expanded[s]; if (x >= from && orderA[x] === s && m.nodeStatus(x) === "closed") ids.push(x); }
    closedCache = { k, ids };
    return ids;
  }

  // go moves the model to step t and tells the views; false if it is
  // the step shown. One step forward is told as the live page's step
  // message is (the nodes it made, the node it selected and those its
  // mods changed), so the views' indexes follow it in O(what changed);
  // any other move as a move (the views rebuild them, O(nodes)).
  function go(t) {
    t = Math.max(0, Math.min(STEPS, t | 0));
    if (t === k) return false;
    const from = k, d0 = done;
    k = t;
    moveTo(k);
    let change = { kind: "move", added: [], changed: [] };
    if (t === from + 1) {
      const added = [], changed = [D.expanded[t]];
      for (let id = D.nodeEnd[from]; id < D.nodeEnd[t]; id++) added.push(id);
      for (let j = d0; j < done; j++) changed.push(mods[j][1]);
      change = { kind: "step", added, changed };
    }
    for (const fn of subs) fn(change);
    return true;
  }
  moveTo(0);
  return { m, go, STEPS };
}
