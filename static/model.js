// The model of the search at the step the page shows (protocol v2,
// docs/protocol.md): one compact record per node id, kept in typed arrays,
// changed only by what the server sends (state, move, step). A node's
// status at the step shown is derived from its record: absent past
// nodeEnd, closed (or goal) once its expansion step is reached, else its
// base fate. State strings and h arrive on demand (needStates). No DOM.
// It is the one decoder of the frames package wire writes: the live page
// gets them over the websocket (protocol.js), the standalone HTML replay
// from its file (viz/export/replay.js). server/session/modeljs_test.go and
// viz/export/replay_frames_test.go feed it the frames a real server sends
// and a replay embeds, under node (server/testdata/model_check.mjs), and
// check it against the engine after every one.
//
// API (docs/protocol.md; every per-node accessor takes an id < nodeEnd and
// is O(1) unless said otherwise): createModel(hello) returns a model with
//   step, live, status, counters, last (the step's event or null),
//   narration, path (ids or null), problem (hello.problem), nodeEnd,
//   iterStart (IDS, IDA*: ids below it are earlier iterations'),
//   earlier (sparse: the earlier iterations as the server lists them,
//     {iteration, nodes, lastStep}; [] otherwise),
//   history, historyStride, loaded
//   storedF(id) (RBFS) backward(id) (bidirectional: the goal's tree)
//   pruned(id) (beam: dropped from the beam; its status is discarded)
//   forgottenCount(): RBFS's forgotten nodes at the step shown, O(log
//     nodes): kept up to date from the records each message carries
//   parent(id) g(id) h(id) f(id) depth(id) nodeStatus(id) (statusOf(id)
//   too; status is the search's) order(id) seq(id) born(id) cell(id)
//   state(id) (string, or undefined until loaded; a grid's and a graph's
//   is known from the cell), h(id) and f(id) undefined until loaded;
//   hFailed(id): the heuristic failed there (its h is no estimate)
//   key(id): the sort key {priority, tie, seq} of an open node, as the
//     server sent it (the head's with every state, move and step; the
//     rows' with their answer); what its parts are (f, RBFS's stored F,
//     local beam's layer; -g, h, f) is hello.problem.family.key. A node
//     without a sent key (past the head once a step has made its rows
//     answer stale, or a frame that carries none) gets the key that rule
//     makes of its record, h and f; sentKey(id) is the sent one or
//     undefined
//   children(id): ids existing at step, in creation order (O(nodes) once
//     per change)
//   sparse: the search holds only its path and pending siblings (the
//     depth-first family in bounded mode: a message with held set carries
//     every node held, with its real id, and replaces every record); ids
//     not held are "dropped" (nodeStatus), their accessors undefined.
//     Storage and every per-message cost are O(nodes held), never of the
//     largest id. heldIds(): the ids held, ascending (sparse: those
//     received; else 0..nodeEnd-1, O(nodeEnd)); held(id) whether id has a
//     record
//   openHead(n): the first n (<= 64) open ids in pop order; openKeys(n)
//   openCount, closedCount, closedTail(n): the last n closed ids, oldest
//     first (O(steps walked); sparse: of the closed nodes held, O(held))
//   rows(list, offset, count): Promise of ids of the open list (pop
//     order) or the closed list (expansion order) from offset, at most
//     count (<= 200), asked of the server; their states and keys come too
//   needStates(ids): ask for missing state strings and h a view needs
//     (batched at 512 with every other asked in the same task, one query
//     in flight and at most 20 a second, deduplicated); pendingStates() while any a view needs is
//     missing. A step's expanded node and children come with their states
//     (the event has them), and the states of the open list's head are
//     fetched ahead, so a step forward rarely waits for a query.
//   prefetchStates(ids): the same, for what a view will likely show next
//   batch(fn): apply several messages (fn calls apply) as one change, told
//     to the views once as a move
//   subscribe(fn): fn(change) after every applied message (a states
//     answer only when a view asked for one of its ids), change =
//     {kind: "step"|"move"|"state"|"states", added, changed}

import { PrefixCount } from "./prefixcount.js";

// the record flags, the ext byte (hello.problem.ext: full fate, cutoff
// pop, backward, F, stale pop) and the base fates (stepper.BaseFate), as
// generated from package wire
import { KEY_STORED_F, KEY_LAYER, TIE_NEG_G, TIE_H } from "./wireconst.js";
import {
  FATES, EXT_CUTOFF_POP, EXT_BACKWARD, EXT_F, EXT_STALE_POP, FATE_FORGOTTEN, FATE_PRUNED, FATE_MASK, FATE_CUTOFF_POP,
  FLAG_GOAL_POP as GOAL_POP, FLAG_ORDER as HAS_ORDER, FLAG_BORN as BORN, FLAG_G_RAW as G_RAW, FLAG_DEPTH_RAW as DEPTH_RAW,
} from "./wireconst.js";
const STATES_GAP = 50; // ms between two states queries, at least

// grow returns a typed array of at least n elements holding a's.
function grow(a, n) {
  if (a.length >= n) return a;
  const b = new a.constructor(Math.max(n, a.length * 2, 1024));
  b.set(a);
  return b;
}

// decodeRecords unpacks the records of one message (wire/encode.go).
export function decodeRecords(bytes, cells, ext) {
  const out = [];
  let i = 0;
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const uv = () => {
    let x = 0, mul = 1, b;
    do {
      if (i >= bytes.length) throw new Error("records: truncated varint");
      b = bytes[i++];
      x += (b & 0x7f) * mul;
      mul *= 128;
    } while (b & 0x80);
    return x;
  };
  const zz = () => { const u = uv(); return u % 2 ? -(u + 1) / 2 : u / 2; };
  let prevID = -1, prevParent = -1, prevOrder = 0, prevBorn = 0, prevSeqOff = 0, prevCell = 0;
  while (i < bytes.length) {
    const id = prevID + 1 + uv();
    const flags = bytes[i++];
    const x = ext ? bytes[i++] : 0;
    const r = { id, fate: flags & FATE_MASK, goalPop: !!(flags & GOAL_POP), cutoffPop: false, stalePop: false, backward: false, F: 0, parent: prevParent + zz(), g: 0, gIdx: -1, depth: 0, depthFromParent: false, order: 0, born: 0, seq: -1, cell: -1 };
    if (ext) {
      r.fate = x & FATE_MASK; r.cutoffPop = !!(x & EXT_CUTOFF_POP); r.backward = !!(x & EXT_BACKWARD); r.stalePop = !!(x & EXT_STALE_POP);
    } else if (r.fate === FATE_CUTOFF_POP) { r.fate = 0; r.cutoffPop = true; } // open, its pop a cutoff
    if (flags & G_RAW) { r.g = dv.getFloat64(i, true); i += 8; } else r.gIdx = uv();
    if (flags & DEPTH_RAW) r.depth = uv(); else r.depthFromParent = true;
    if (flags & HAS_ORDER) { r.order = prevOrder + zz(); prevOrder = r.order; }
    if (flags & BORN) prevBorn += uv();
    r.born = prevBorn;
    if (r.fate === 0) { prevSeqOff += zz(); r.seq = id - prevSeqOff; }
    if (cells) { prevCell += zz(); r.cell = prevCell; }
    if (x & EXT_F) { r.F = dv.getFloat64(i, true); i += 8; }
    prevID = id; prevParent = r.parent;
    out.push(r);
  }
  return out;
}

// decodeFrame splits a binary frame (wire.Frame: the JSON header's length,
// 4 bytes little endian, the header, the packed records) into its header
// and records; null if it is not one.
export function decodeFrame(bytes) {
  if (bytes.byteLength < 4) return null;
  const n = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
  if (4 + n > bytes.byteLength) return null;
  let msg;
  try { msg = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + n))); } catch (err) { return null; }
  return { msg, recs: bytes.subarray(4 + n) };
}

// createModel starts an empty model for the session hello describes.
export function createModel(hello) {
  const problem = hello.problem || {};
  const cells = problem.kind === "grid" || problem.kind === "graph";
  const ext = !!problem.ext;
  const F = problem.f || { g: 0, h: 0, depth: 0 };
  let parentA = new Int32Array(0), gA = new Float64Array(0), depthA = new Int32Array(0), seqA = new Int32Array(0);
  let bornA = new Int32Array(0), orderA = new Int32Array(0), fateA = new Uint8Array(0), cellA = new Int32Array(0);
  // hFailedId: the node whose h failed (at most one per search), -1: none;
  // hFailedAt: the step it was reported at. The step that fails is the
  // search's last, so the flag holds from that step on and never before:
  // a node that existed earlier (re-parented or reopened by that step)
  // has a real h at the steps before it.
  let hFailedId = -1, hFailedAt = Infinity;
  let hA = new Float64Array(0), storedFA = new Float64Array(0), backA = new Uint8Array(0);
  let expandedAt = new Int32Array(0); // expandedAt[k]: the node step k expanded, as far as known
  let held = 0; // records held: ids 0..held-1 (dense), or slots 0..held-1 (sparse)
  // sparse: records are stored by slot, slotOf maps an id to its slot and
  // heldList lists the ids held, ascending
  let sparse = false, slotOf = new Map(), heldList = [];
  const ix = (id) => (sparse ? (slotOf.has(id) ? slotOf.get(id) : -1) : id);
  let states = new Map(); // state strings by id, once loaded
  // forgotten: the ids whose record's base fate is forgotten. A forgotten
  // node is never selected again (RBFS makes new nodes for a subtree it
  // regenerates), so it is forgotten exactly while it exists: the count at
  // the step shown is the members below nodeEnd. A record's fate changes
  // only by a record the server sends (a forgetting, and its undoing on a
  // move back, are mods it restates), so the set follows each message in
  // O(records · log nodes), whatever the move.
  const forgotten = new PrefixCount();
  // kids: children by parent over every record held, kept up to date on a
  // step (new nodes appended, re-parented ones moved) and rebuilt after a
  // state or move; children(id) filters by nodeEnd.
  let version = 0, kids = null;
  const subs = [];
  let send = () => {};
  // pendingStates: ids asked for and not loaded; needed: those a view
  // asked for (the rest are fetched ahead); wantStates: not yet sent
  const pendingStates = new Set(), needed = new Set(), wantStates = [];
  let statesInFlight = null, pumpQueued = false;
  const rowQueries = new Map();
  const keys = new Map(); // sort keys from rows answers, at this step
  // headKeys: [priority, tie] (∞ as null) of the head's nodes as sent, kept
  // for the head's nodes only
  let headKeys = new Map();
  const rule = (problem.family && problem.family.key) || {};
  let queryId = 1 << 20;

  const m = {
    problem, step: 0, live: 0, status: "running", counters: {}, last: null, narration: "", path: null,
    nodeEnd: 0, iterStart: 0, earlier: [], head: [], history: [], historyStride: 1, loaded: false,
    // attach gives the model the protocol's send, for its queries.
    attach(fn) { send = fn; },
    subscribe(fn) { subs.push(fn); return () => subs.splice(subs.indexOf(fn), 1); },
    get openCount() { return m.counters.open || 0; },
    // sparse: the closed nodes held (the path's), what the closed list can show
    get closedCount() { return sparse ? heldClosed().length : m.counters.closed || 0; },
    openHead(n) { return m.head.slice(0, n || 64); },
    openKeys(n) { return m.openHead(n).map(m.key); },
    // sentKey is node id's key as the server sent it, or undefined
    sentKey(id) {
      if (keys.has(id)) return keys.get(id);
      const sent = headKeys.get(id), inf = (x) => (x === null ? Infinity : x);
      return sent ? { priority: inf(sent[0]), tie: inf(sent[1]), seq: seqA[ix(id)] } : undefined;
    },
    key(id) {
      const sent = m.sentKey(id);
      if (sent) return sent;
      // the family's key rule (stepper.OpenKey) made of the record
      const i = ix(id);
      const f = rule.priority === KEY_STORED_F ? storedFA[i] : m.f(id), r = (x) => Math.round(x * 1e9) / 1e9;
      const k = { priority: f === undefined ? undefined : r(f), tie: 0, seq: seqA[i] };
      if (rule.priority === KEY_LAYER) { k.tie = k.priority; k.priority = depthA[i]; return k; }
      if (rule.tie === TIE_NEG_G) k.tie = r(-gA[i]);
      if (rule.tie === TIE_H) k.tie = m.h(id) === undefined ? undefined : r(m.h(id));
      return k;
    },
    get sparse() { return sparse; },
    held: (id) => (sparse ? slotOf.has(id) : id >= 0 && id < held),
    heldIds() {
      if (sparse) return heldList;
      const out = [];
      for (let id = 0; id < m.nodeEnd; id++) out.push(id);
      return out;
    },
    parent: (id) => parentA[ix(id)],
    g: (id) => gA[ix(id)],
    depth: (id) => depthA[ix(id)],
    seq: (id) => seqA[ix(id)],
    born: (id) => bornA[ix(id)],
    cell: (id) => cellA[ix(id)],
    // storedF is RBFS's stored f (g+h when generated, the backed-up f of
    // its forgotten subtree after an unwinding); backward(id) is set for a
    // node of a bidirectional search's goal tree
    storedF: (id) => storedFA[ix(id)],
    backward: (id) => backA[ix(id)] === 1,
    // pruned says that beam search dropped node id from its beam (it was
    // never expanded); O(1)
    pruned: (id) => { const i = ix(id); return i >= 0 && id < m.nodeEnd && fateA[i] === FATE_PRUNED && !(orderA[i] > 0 && orderA[i] <= m.step); },
    forgottenCount() {
      if (!sparse) return forgotten.below(m.nodeEnd);
      let n = 0;
      for (let i = 0; i < held; i++) if (fateA[i] === FATE_FORGOTTEN) n++;
      return n;
    },
    // order is the expansion step of a node closed at the step shown, else 0
    order: (id) => { const o = orderA[ix(id)]; return o > 0 && o <= m.step ? o : 0; },
    h(id) { if (states.has(id)) return hA[ix(id)]; return undefined; },
    // hFailed(id): the heuristic failed on node id's state (hFailed in
    // the event or the states answer, stepper.NodeInfo.HFailed): its h is
    // no estimate, only the 0 the search keyed it by. O(1).
    hFailed: (id) => id === hFailedId && m.step >= hFailedAt,
    f(id) {
      const h = m.h(id), i = ix(id);
      if (F.h && h === undefined) return undefined;
      return F.g * gA[i] + F.h * (h || 0) + F.depth * depthA[i];
    },
    nodeStatus(id) { return m.statusOf(id); },
    statusOf(id) {
      if (id < 0 || id >= m.nodeEnd) return undefined;
      const i = ix(id);
      if (i < 0) return "dropped";
      const o = orderA[i];
      if (o > 0 && o <= m.step) { const p = m._goalPop[i]; return p === 1 ? "goal" : p === 2 ? "cutoff" : p === 3 ? "discarded" : "closed"; }
      return FATES[fateA[i]];
    },
    state(id) {
      if (states.has(id)) return states.get(id);
      const c = cellA[ix(id)];
      if (problem.kind === "grid" && c >= 0) return (c % problem.width) + "," + Math.floor(c / problem.width);
      if (problem.kind === "graph" && c >= 0 && problem.nodes && problem.nodes[c]) return problem.nodes[c].name;
      return undefined;
    },
    children(id) {
      if (!kids) {
        kids = new Map();
        const add = (i, p) => {
          let l = kids.get(p);
          if (!l) kids.set(p, (l = []));
          l.push(i);
        };
        if (sparse) for (const i of heldList) add(i, m.parent(i));
        else for (let i = 1; i < held; i++) add(i, parentA[i]);
      }
      const l = kids.get(id);
      if (!l) return [];
      let n = l.length;
      while (n > 0 && l[n - 1] >= m.nodeEnd) n--;
      return n === l.length ? l : l.slice(0, n);
    },
    // closedTail is the last n nodes closed at the step shown, oldest
    // first.
    closedTail(n = 64) {
      if (sparse) return heldClosed().slice(-n);
      const out = [];
      for (let k = m.step; k >= 1 && out.length < n; k--) {
        const id = expandedAt[k];
        if (id >= 0 && orderA[id] === k && m.statusOf(id) === "closed") out.push(id);
      }
      return out.reverse();
    },
    // rows asks the server for a page of the open list (pop order) or the
    // closed list (expansion order; the server counts it from the most
    // recent) at the step shown.
    rows(list, offset, count) {
      count = Math.min(200, Math.max(0, count | 0));
      offset = Math.max(0, offset | 0);
      // sparse: the closed nodes held are the whole closed list known
      if (list === "closed" && sparse) return Promise.resolve(heldClosed().slice(offset, offset + count));
      let ask = offset, reverse = false;
      if (list === "closed") {
        const total = m.closedCount;
        count = Math.max(0, Math.min(count, total - offset));
        ask = Math.max(0, total - offset - count);
        reverse = true;
      }
      return new Promise((resolve, reject) => {
        const id = ++queryId;
        rowQueries.set(id, { resolve, reject, reverse });
        send({ type: "rows", list, offset: ask, count, id });
      });
    },
    // needStates asks for the state strings and h of ids not yet loaded,
    // batched (at most 512 a query, one query in flight) and deduplicated.
    needStates(ids) { want(ids, true); },
    // prefetchStates fetches ahead states a view will likely show: queued
    // after what views need, and pendingStates() does not wait for them.
    prefetchStates(ids) { want(ids, false); },
    pendingStates: () => needed.size > 0,
    _goalPop: new Uint8Array(0),
  };

  // heldClosed: the closed nodes held (sparse), oldest expansion first.
  function heldClosed() {
    const out = heldList.filter((id) => m.statusOf(id) === "closed");
    return out.sort((a, b) => orderA[ix(a)] - orderA[ix(b)]);
  }

  // want queues ids whose states are missing; what a view needs goes
  // before what is fetched ahead. The query leaves at the end of the task,
  // so one draw's asks make one query.
  function want(ids, need) {
    for (const id of ids) {
      if (!m.held(id) || states.has(id)) continue;
      if (need) needed.add(id);
      if (pendingStates.has(id)) continue;
      pendingStates.add(id);
      if (need) wantStates.unshift(id); else wantStates.push(id);
    }
    if (!pumpQueued && wantStates.length) { pumpQueued = true; queueMicrotask(pumpStates); }
  }
  // pumpStates sends the next states query: one in flight, and at most one
  // every STATES_GAP ms (a follower may send 30 messages a second; playing
  // at 20 steps a second asks about once a step)
  let lastStates = -Infinity, pumpTimer = 0;
  function pumpStates() {
    pumpQueued = false;
    if (statesInFlight || !wantStates.length || pumpTimer) return;
    const wait = lastStates + STATES_GAP - performance.now();
    if (wait > 0) { pumpTimer = setTimeout(() => { pumpTimer = 0; pumpStates(); }, wait); return; }
    lastStates = performance.now();
    statesInFlight = wantStates.splice(0, 512);
    send({ type: "states", ids: statesInFlight, id: ++queryId });
  }
  // loaded stores a node's state string and h, and whether h failed there
  // at the step shown. A report of the failure at an earlier step than one
  // known (an answer asked for before a seek back) never moves it earlier.
  function loaded(id, state, h, hFailed) {
    const i = ix(id);
    if (i >= 0) { states.set(id, state); hA[i] = h; }
    if (hFailed) { hFailedAt = hFailedId === id && hFailedAt !== Infinity ? Math.max(hFailedAt, m.step) : m.step; hFailedId = id; }
    pendingStates.delete(id); needed.delete(id);
  }

  // holding: a batch is being applied; the views are told at its end
  let holding = false;
  function notify(change) { if (!holding) for (const fn of subs) fn(change); }
  m.batch = function (fn) {
    holding = true;
    try { fn(); } finally { holding = false; }
    notify({ kind: "move", added: [], changed: [] });
  };

  // applyRecords stores a message's records, then resolves each g and
  // depth given relative to the parent, parents first.
  function applyRecords(bytes, costs, incremental, heldAll) {
    const recs = decodeRecords(bytes, cells, ext);
    if (!incremental || heldAll) kids = null;
    if (heldAll) {
      // every record replaced by the nodes held: a slot each, the states
      // of the nodes still held kept
      const old = slotOf, oldH = hA;
      sparse = true; slotOf = new Map(); heldList = recs.map((r) => r.id); held = recs.length;
      const keepH = new Map();
      for (const id of heldList) if (states.has(id) && old.has(id)) keepH.set(id, oldH[old.get(id)]);
      const kept = new Map();
      heldList.forEach((id, i) => { slotOf.set(id, i); if (keepH.has(id)) kept.set(id, states.get(id)); });
      states = kept;
      if (held > parentA.length) hA = grow(hA, held);
      for (const [id, h] of keepH) hA[slotOf.get(id)] = h;
      forgotten.clear();
    } else if (sparse) {
      // a dense message after sparse ones (a state of a journaled search)
      sparse = false; slotOf = new Map(); heldList = []; held = 0; states = new Map(); forgotten.clear();
    }
    const n = sparse ? held : recs.length ? recs[recs.length - 1].id + 1 : 0;
    if (n > parentA.length) {
      parentA = grow(parentA, n); gA = grow(gA, n); depthA = grow(depthA, n); seqA = grow(seqA, n);
      bornA = grow(bornA, n); orderA = grow(orderA, n); fateA = grow(fateA, n); cellA = grow(cellA, n);
      hA = grow(hA, n); m._goalPop = grow(m._goalPop, n); storedFA = grow(storedFA, n); backA = grow(backA, n);
    }
    const pending = new Map();
    for (const r of recs) {
      const id = sparse ? slotOf.get(r.id) : r.id;
      if (kids && id > 0) {
        const isNew = id >= held, old = parentA[id];
        if (!isNew && old !== r.parent) {
          const l = kids.get(old);
          if (l) { const i = l.indexOf(id); if (i >= 0) l.splice(i, 1); }
        }
        if (isNew || old !== r.parent) {
          let l = kids.get(r.parent);
          if (!l) kids.set(r.parent, (l = []));
          let i = l.length;
          while (i > 0 && l[i - 1] > id) i--;
          l.splice(i, 0, id);
        }
      }
      parentA[id] = r.parent; gA[id] = r.g; depthA[id] = r.depth; seqA[id] = r.seq; bornA[id] = r.born;
      orderA[id] = r.order; fateA[id] = r.fate; cellA[id] = r.cell; m._goalPop[id] = r.goalPop ? 1 : r.cutoffPop ? 2 : r.stalePop ? 3 : 0;
      storedFA[id] = r.F; backA[id] = r.backward ? 1 : 0;
      if (!sparse) forgotten.set(id, r.fate === FATE_FORGOTTEN);
      if (r.order > 0 && !sparse) {
        if (expandedAt.length <= r.order) { const old = expandedAt.length; expandedAt = grow(expandedAt, r.order + 1); expandedAt.fill(-1, old); }
        expandedAt[r.order] = id;
      }
      if (r.gIdx >= 0 || r.depthFromParent) pending.set(r.id, r);
      if (!sparse && id >= held) held = id + 1;
    }
    const resolve = (id) => {
      const stack = [];
      for (let x = id; pending.has(x); x = pending.get(x).parent) stack.push(x);
      while (stack.length) {
        const x = stack.pop(), r = pending.get(x), i = ix(x), p = ix(r.parent);
        pending.delete(x);
        if (r.gIdx >= 0) gA[i] = gA[p] + costs[r.gIdx];
        if (r.depthFromParent) depthA[i] = depthA[p] + 1;
      }
    };
    for (const r of recs) resolve(r.id);
    return recs.map((r) => r.id);
  }

  function setHistory(h) {
    m.history = h.history || []; m.historyStride = h.historyStride || 1;
  }

  // apply takes one message from the server: kind is its type, msg its
  // JSON (a binary frame's header), recs its packed records (a Uint8Array).
  m.apply = function (kind, msg, recs) {
    const from = m.step, oldEnd = m.nodeEnd, wasHeld = sparse ? new Set(heldList) : null;
    let ids;
    if (kind === "state") {
      held = 0; states = new Map(); hA.fill(0); expandedAt.fill(-1); forgotten.clear();
      pendingStates.clear(); needed.clear(); wantStates.length = 0; statesInFlight = null;
      for (const [, q] of rowQueries) q.reject(new Error("state replaced"));
      rowQueries.clear();
    }
    if (kind === "state" || kind === "move") {
      ids = applyRecords(recs, msg.costs || [], false, !!msg.held);
      m.step = msg.step; m.live = msg.live; m.status = msg.status; m.counters = msg.counters || {};
      m.nodeEnd = msg.nodeEnd; m.iterStart = msg.iterStart || 0; m.earlier = msg.earlier || []; m.head = msg.head || []; m.path = msg.path && msg.path.length ? msg.path : null;
      m.last = msg.last || null; m.narration = msg.narration || "";
      headKeys = new Map();
      (msg.headKeys || []).forEach((k, i) => { if (k && i < m.head.length) headKeys.set(m.head[i], k); });
      setHistory(msg);
      m.loaded = true;
    } else if (kind === "step") {
      const bin = atob(msg.recs || "");
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      ids = applyRecords(bytes, msg.costs || [], true, !!msg.held);
      const ev = msg.event;
      m.step = ev.step; m.live = Math.max(m.live, ev.step); m.status = ev.status; m.counters = ev.counters;
      m.nodeEnd = msg.nodeEnd; m.iterStart = msg.iterStart || 0; m.earlier = msg.earlier || []; m.head = msg.head || []; m.path = ev.path && ev.path.length ? ev.path : null;
      m.last = ev; m.narration = msg.narration || "";
      // the head's keys: those held and not restated, the open children's
      // (msg.keys, by child index), and the ones the step adds
      for (const id of ids) headKeys.delete(id);
      (ev.children || []).forEach((c, i) => { const k = msg.keys && msg.keys[i]; if (k && c.id >= 0) headKeys.set(c.id, [k.priority, k.tie]); });
      for (const id in msg.headKeys || {}) headKeys.set(Number(id), msg.headKeys[id]);
      const kept = new Map();
      for (const id of m.head) if (headKeys.has(id)) kept.set(id, headKeys.get(id));
      headKeys = kept;
      // the event carries the states of the nodes it touched
      if (ev.expanded && ev.expanded.id >= 0) loaded(ev.expanded.id, ev.expanded.state, ev.expanded.h, ev.expanded.hFailed);
      for (const c of ev.children || []) if (c.id >= 0 && m.held(c.id)) loaded(c.id, c.state, c.h, c.hFailed);
      const stride = m.historyStride;
      if (stride === 1 && m.history.length === ev.step) m.history.push([ev.counters.open, ev.counters.closed]);
      else if (stride > 1 && ev.step % stride === 0) m.history.push([ev.counters.open, ev.counters.closed]);
    } else return;
    version++;
    keys.clear();
    // nodes whose status changed without a record: those expanded between
    // the two steps
    const changed = new Set(ids);
    if (sparse) {
      // every record restated: the views rebuild from the nodes held, what
      // was dropped with them
      const added = ids.filter((id) => !wasHeld || !wasHeld.has(id));
      notify({ kind: kind === "step" ? "move" : kind, added, changed: ids });
      want(m.head, false);
      return;
    }
    if (kind !== "state") {
      const lo = Math.min(from, m.step), hi = Math.max(from, m.step);
      for (let k = lo + 1; k <= hi && k < expandedAt.length; k++) if (expandedAt[k] >= 0) changed.add(expandedAt[k]);
    }
    const added = [];
    for (let id = oldEnd; id < m.nodeEnd; id++) added.push(id);
    if (kind === "state") for (let id = 0; id < Math.min(oldEnd, m.nodeEnd); id++) added.push(id);
    notify({ kind, added, changed: [...changed].filter((id) => id < m.nodeEnd) });
    // the states of the open list's head, fetched ahead: the tables and the
    // tree show it next
    want(m.head, false);
  };

  // answer takes a query's answer (states, rows); it reports whether it
  // was the model's.
  m.answer = function (msg) {
    if (msg.type === "states") {
      const ids = [];
      // states fetched ahead only change nothing drawn: no view is told
      const shown = (msg.states || []).some((x) => needed.has(x.id));
      for (const s of msg.states || []) {
        loaded(s.id, s.state, s.h, s.hFailed); ids.push(s.id);
      }
      for (const id of statesInFlight || []) { pendingStates.delete(id); needed.delete(id); } // not answered: not asked again
      statesInFlight = null;
      version++;
      if (shown) notify({ kind: "states", added: [], changed: ids });
      pumpStates();
      return true;
    }
    if (msg.type === "rows" && rowQueries.has(msg.id)) {
      const q = rowQueries.get(msg.id);
      rowQueries.delete(msg.id);
      const ids = [];
      (msg.rows || []).forEach((r, i) => {
        loaded(r.id, r.state, r.h, r.hFailed); ids.push(r.id);
        if (msg.keys && msg.keys[i]) keys.set(r.id, msg.keys[i]);
      });
      q.resolve(q.reverse ? ids.reverse() : ids);
      return true;
    }
    return false;
  };

  // busy retries a query the server refused as busy, shortly; the ids a
  // view needs stay needed meanwhile.
  m.busy = function (msg) {
    if (msg.command === "states" && statesInFlight) {
      const again = statesInFlight;
      for (const id of again) pendingStates.delete(id);
      statesInFlight = null;
      setTimeout(() => { want(again.filter((id) => needed.has(id)), true); want(again.filter((id) => !needed.has(id)), false); }, 100);
    }
  };
  // failed drops a states query the server refused for good (the error is
  // shown): its ids are not asked again, so nothing waits for them.
  m.failed = function (msg) {
    if (msg.command === "states" && statesInFlight) {
      for (const id of statesInFlight) { pendingStates.delete(id); needed.delete(id); }
      statesInFlight = null;
      pumpStates();
    }
  };

  return m;
}

// pathSet is the set of ids on the solution path.
export function pathSet(m) { return new Set(m.path || []); }

// currentOf is the id of the node drawn current (expanded last): the
// node the step shown expanded, -1 when it expanded none (the node it
// selected was cut off at the depth limit, or a stale copy dropped: drawn
// as such). Go's viz.Statuses draws the same. O(1).
export function currentOf(m) {
  const x = m.last && m.last.expanded;
  return x && x.status !== "cutoff" && x.status !== "discarded" ? x.id : -1;
}

// drawnStatus is the status of a node as drawn: path > current >
// open/closed/discarded.
export function drawnStatus(m, n, onPath) {
  if (onPath.has(n.id)) return "path";
  if (currentOf(m) === n.id) return "current";
  if (n.status === "goal") return "path";
  return n.status;
}
