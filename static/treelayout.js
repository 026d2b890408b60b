// What the search tree view shows, and where: the choice of nodes (a
// small "focus tree" cut out of a tree of any size) and their tidy layout.
// No DOM; the model is read only through its API (model.js).
//
// A tree of at most FULL nodes is shown whole. A bigger one shows its top
// levels (whole levels while they total at most TOP nodes), the chain from
// the root to each focus node (the node expanded last, the next node, the
// path to the goal, nodes the user opened) with the children of the node
// expanded last (on a phone, as many as its view holds across), the
// siblings of its nearest REGION ancestors when there are at most SIBS of
// them, and the children the user opened, OPEN_PAGE at a time (on a
// phone, those of the node expanded last a page of openPage(narrow) at a
// time, each page in place of the one before). Every
// shown node whose children are not all shown gets one summary leaf
// ("+k", with the number of nodes below) that the user can open. So what
// is laid out is O(TOP + CAP), whatever the size of the search.

const EMPTY = Object.freeze([]);

export const FULL = 300, TOP = 31, SIBS = 12, REGION = 6, OPEN_PAGE = 40, CAP = 500;

// openPage is how many children of the node expanded last a phone whose
// view holds narrow boxes side by side shows per opening of its summary:
// one box is kept for the summary of the rest (1 at least).
export function openPage(narrow) {
  return Math.max(1, narrow - 1);
}

// nextOpened is the count a user's opening of id's summary stores in
// opened (chooseShown's opts.opened), given what is stored (undefined if
// nothing), the count of its children shown and of all its children, and
// page (OPEN_PAGE, or openPage on a phone): page more, and on a phone,
// once the last page has been shown, the first page again, so that the
// summary's taps go round all the children. O(1).
export function nextOpened(stored, shown, all, page, phone) {
  if (phone && stored >= all) return page;
  return Math.max(stored || 0, shown) + page;
}

// Subtrees keeps every node's children (in creation order) and the number
// of nodes in its subtree (the node itself included), updated per step in
// O(added · depth) and rebuilt in O(n) when the model is replaced or moved.
export class Subtrees {
  constructor() { this.sub = new Int32Array(0); this.par = new Int32Array(0); this.kids = []; this.n = 0; this.held = null; }
  children(id) {
    if (this.held) { const e = this.held.get(id); return e ? e.kids : EMPTY; }
    return this.kids[id] || EMPTY;
  }
  rebuild(model) {
    if (model.sparse) { this.rebuildHeld(model); return; }
    this.held = null;
    const n = model.nodeEnd;
    this.n = n;
    this.sub = new Int32Array(Math.max(16, n * 1.25 | 0));
    this.par = new Int32Array(this.sub.length);
    this.kids = [];
    let maxD = 0;
    for (let id = 0; id < n; id++) {
      const p = model.parent(id);
      this.par[id] = p;
      if (p >= 0) (this.kids[p] || (this.kids[p] = [])).push(id);
      const d = model.depth(id); if (d > maxD) maxD = d;
    }
    // bucket the ids by depth, deepest first, and add each to its parent
    const byDepth = new Array(maxD + 1);
    for (let id = 0; id < n; id++) { const d = model.depth(id); (byDepth[d] || (byDepth[d] = [])).push(id); this.sub[id] = 1; }
    for (let d = maxD; d > 0; d--) for (const id of byDepth[d] || []) { const p = this.par[id]; if (p >= 0) this.sub[p] += this.sub[id]; }
  }
  // step applies a step's change: new nodes and re-parented ones.
  step(model, change) {
    const n = model.nodeEnd;
    if (n > this.sub.length) {
      const grow = (a) => { const b = new Int32Array(Math.max(n, a.length * 2)); b.set(a); return b; };
      this.sub = grow(this.sub); this.par = grow(this.par);
    }
    for (const id of change.changed) {
      if (id >= this.n) continue;
      const p = model.parent(id);
      if (p === this.par[id]) continue;
      this.addUp(this.par[id], -this.sub[id]);
      this.unlink(this.par[id], id);
      this.par[id] = p;
      this.link(p, id);
      this.addUp(p, this.sub[id]);
    }
    for (const id of change.added) {
      if (id < this.n) continue;
      this.sub[id] = 1;
      this.par[id] = model.parent(id);
      this.link(this.par[id], id);
      this.addUp(this.par[id], 1);
    }
    this.n = n;
  }
  link(p, id) {
    if (p < 0) return;
    const a = this.kids[p] || (this.kids[p] = []);
    let i = a.length;
    while (i > 0 && a[i - 1] > id) i--;
    a.splice(i, 0, id);
  }
  unlink(p, id) {
    const a = p >= 0 ? this.kids[p] : null;
    const i = a ? a.indexOf(id) : -1;
    if (i >= 0) a.splice(i, 1);
  }
  addUp(p, d) { for (let i = 0; p >= 0 && i < 1e6; i++) { this.sub[p] += d; p = this.par[p]; } }
  size(id) {
    if (this.held) { const e = this.held.get(id); return e ? e.sub : 1; }
    return id < this.n ? this.sub[id] : 1;
  }
  // rebuildHeld is rebuild for a model that holds only a bounded search's
  // path and pending siblings (model.sparse): a map over the ids held, a
  // child's id above its parent's. O(held), whatever the ids.
  rebuildHeld(model) {
    const ids = model.heldIds();
    this.held = new Map();
    this.n = 0;
    for (const id of ids) this.held.set(id, { kids: [], sub: 1 });
    for (const id of ids) { const p = this.held.get(model.parent(id)); if (p) p.kids.push(id); }
    for (let i = ids.length - 1; i >= 0; i--) { const p = this.held.get(model.parent(ids[i])); if (p) p.sub += this.held.get(ids[i]).sub; }
  }
}

// chooseShown returns the ids to lay out and, for every shown node, its
// shown children (a summary leaf is the id -1 - parent).
//   opts: {focus: [ids], opened: Map id->count of children shown,
//          collapsed: Set, showDiscarded: bool, subtrees: Subtrees,
//          from: the first id shown (an earlier iteration's are not; 0),
//          roots: where the top levels start ([0]),
//          narrow: on a phone, how many boxes its view holds side by
//          side at the smallest readable scale (0 elsewhere): never the
//          whole tree, and the roots alone as its top levels, so that
//          what is laid out around the node expanded last is folded;
//          the chain to it returned as anchor (its parent is laid out
//          over it); and its children, unless the user opened them, at
//          most narrow boxes: when there are more, narrow - 1 of them
//          (those a focus chain or the user's opening goes through
//          first, then what the search keeps, then duplicates it
//          discarded, then RBFS's forgotten ones, each in creation
//          order) and the summary of the rest, so that they all fit in
//          the view under it}
// RBFS's forgotten nodes are folded into a summary when discarded nodes
// are not shown.
// Cost: O(shown · branching + depth · focus), independent of nodeEnd
// once FULL is passed.
export function chooseShown(model, opts) {
  const n = model.nodeEnd;
  if (n === 0) return { kids: new Map(), summary: new Map(), full: true, roots: [] };
  const from = opts.from || 0;
  // a node a bounded search dropped (model.sparse) is never drawn
  const dropped = (id) => model.sparse && !model.held(id);
  const hide = (id) => id < from || dropped(id) || (!opts.showDiscarded && model.nodeStatus(id) === "discarded");
  // RBFS's forgotten nodes, with "discarded" unticked: folded into their
  // parent's counted summary (opening it shows them)
  const fold = (id) => !opts.showDiscarded && model.nodeStatus(id) === "forgotten" && !opts.opened.has(model.parent(id));
  const visKids = (id) => { const k = opts.subtrees.children(id); return opts.showDiscarded ? k : k.filter((c) => !hide(c)); };
  const S = new Set();
  // a bounded search's model holds its path and pending siblings only:
  // those are the tree, whatever the ids
  const heldIds = model.sparse ? model.heldIds() : null;
  const full = !opts.narrow && (heldIds ? heldIds.length <= FULL : n - from <= FULL);
  if (full && heldIds) {
    for (const id of heldIds) if (!hide(id) && !fold(id)) S.add(id);
  } else if (full) {
    for (let id = from; id < n; id++) if (!hide(id) && !fold(id)) S.add(id);
  } else {
    const addChain = (id) => {
      const chain = [];
      while (id >= from && id < n && !S.has(id) && !dropped(id)) { chain.push(id); id = model.parent(id); }
      for (const c of chain) S.add(c);
    };
    // top levels, whole levels only
    let level = (opts.roots || [0]).filter((id) => id < n);
    const top = opts.narrow ? level.length : TOP;
    while (level.length && S.size + level.length <= top) {
      for (const id of level) S.add(id);
      const next = [];
      for (const id of level) for (const c of visKids(id)) next.push(c);
      level = next;
    }
    for (const f of opts.focus) if (f >= 0 && f < n) addChain(f);
    const cur = opts.focus[0];
    if (cur >= 0 && cur < n) region(model, cur, visKids, (c) => S.add(c), () => S.size > CAP);
    // a phone's opening of the node expanded last is a page, not a prefix
    const paged = opts.narrow > 0 && S.has(cur) && opts.opened.has(cur);
    for (const [id, count] of opts.opened) {
      if (id >= n || hide(id) || (paged && id === cur)) continue;
      addChain(id);
      for (const c of visKids(id).slice(0, count)) { if (S.size > CAP) break; S.add(c); }
    }
    if (paged) pageAcross(visKids(cur), opts.opened.get(cur), openPage(opts.narrow), visKids, S);
    if (opts.narrow > 0 && S.has(cur)) foldAcross(visKids(cur), opts.narrow, opts.focus, (c) => LATER[model.nodeStatus(c)] || 0, visKids, S);
  }
  const kids = new Map(), summary = new Map();
  for (const id of S) {
    const all = visKids(id);
    const shown = opts.collapsed.has(id) ? [] : all.filter((c) => S.has(c));
    if (shown.length < all.length) {
      let below = 0;
      for (const c of all) if (!shown.includes(c)) below += opts.subtrees.size(c);
      summary.set(id, { hidden: all.length - shown.length, below });
      shown.push(-1 - id);
    }
    kids.set(id, shown);
  }
  // on a phone, the chain from the root to the node expanded last: each
  // of its nodes is laid out over its child on the chain (layout's
  // anchor), so that the node and its parent are one above the other
  // however many siblings the node has
  let anchor = null;
  if (opts.narrow && opts.focus[0] >= 0 && opts.focus[0] < n) {
    anchor = new Set();
    for (let id = opts.focus[0], i = 0; id >= 0 && S.has(id) && i < n; id = model.parent(id), i++) anchor.add(id);
  }
  // the roots: shown nodes whose parent is not shown; a node under a
  // folded one is not reached from them, so it is not laid out
  return { kids, summary, full, anchor, roots: [...S].filter((id) => { const p = model.parent(id); return p < 0 || !S.has(p); }) };
}

// LATER ranks the children a phone folds first (foldAcross's later): a
// duplicate the search discarded, then a child RBFS forgot (an earlier
// expansion's), after those the search keeps.
const LATER = Object.freeze({ discarded: 1, forgotten: 2 });

// foldAcross leaves in S at most across of a node's children ks (its
// summary leaf counted as one): when more of them are in S, across - 1
// stay, in this order: those a focus node is or that have a child in S
// (taking them out would cut a chain), then by later(c) (0 first), each
// in creation order; the others leave S, to be counted in the node's
// summary. O(ks · branching).
function foldAcross(ks, across, focus, later, visKids, S) {
  const shown = ks.filter((c) => S.has(c));
  // all of them shown fit in across boxes, some of them with their summary in across
  if (shown.length === ks.length ? shown.length <= across : shown.length < across) return;
  const pinned = (c) => focus.includes(c) || visKids(c).some((g) => S.has(g));
  const rank = (c) => (pinned(c) ? 0 : 1 + later(c));
  const stay = new Set(shown.map((c, i) => [rank(c), i, c]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).filter(([r], i) => r === 0 || i < across - 1).map(([, , c]) => c));
  for (const c of shown) if (!stay.has(c)) S.delete(c);
}

// pageAcross leaves in S, of a node's children ks, the page of at most
// page of them ending at the count-th (the last page when count is past
// them) and those with a child in S (taking them out would cut a chain);
// the others leave S, to be counted in the node's summary. O(ks ·
// branching).
function pageAcross(ks, count, page, visKids, S) {
  const end = Math.min(Math.max(count, 0), ks.length), start = Math.max(0, end - page);
  ks.forEach((c, i) => {
    if (i >= start && i < end) S.add(c);
    else if (!visKids(c).some((g) => S.has(g))) S.delete(c);
  });
}

// region calls add for the nodes shown around the node expanded last, cur
// (besides the chain from the root to it): its first children, and the
// children of its nearest REGION ancestors that have at most SIBS of them,
// until full() says enough. O(REGION · SIBS).
export function region(model, cur, visKids, add, full = () => false) {
  for (const c of visKids(cur).slice(0, 2 * SIBS)) add(c);
  let up = 0;
  for (let a = model.parent(cur); a >= 0 && up < REGION; a = model.parent(a), up++) {
    const ks = visKids(a);
    if (ks.length <= SIBS) for (const c of ks) add(c);
    if (full()) break;
  }
}

// layout places the shown tree (a Reingold–Tilford tidy tree): each
// subtree is laid out on its own and kept as its left and right contour;
// siblings are pushed apart just enough that their contours stay one slot
// apart, and a parent sits midway over its first and last child (over its
// child in shown.anchor, when it has one: a phone's chain to the node
// expanded last). Returns
// pos: Map id -> [x slot, level], width (slots) and levels. Summary leaves
// (negative ids) get a slot like any leaf. O(shown · height).
export function layout(shown) {
  const pos = new Map();
  const rel = new Map(), contour = new Map(), depthOf = new Map();
  const order = [];
  let levels = 0;
  const kidsOf = (id) => (id >= 0 ? shown.kids.get(id) || [] : []);
  const anchor = shown.anchor || null;
  function place(ks) {
    let L = null, R = null, last = 0;
    for (const k of ks) {
      const [cl, cr] = contour.get(k);
      contour.delete(k);
      if (!L) { L = cl; R = cr; rel.set(k, 0); continue; }
      let shift = -Infinity;
      for (let d = 0; d < Math.min(R.length, cl.length); d++) shift = Math.max(shift, R[d] - cl[d] + 1);
      rel.set(k, shift);
      last = shift;
      for (let d = 0; d < cr.length; d++) {
        if (d < R.length) R[d] = cr[d] + shift;
        else { R.push(cr[d] + shift); L.push(cl[d] + shift); }
      }
    }
    // a parent midway over its first and last child, or over its child
    // on the anchor chain (a phone's): its contour moves with it
    const a = anchor ? ks.find((k) => anchor.has(k)) : undefined;
    const mid = a !== undefined ? rel.get(a) : last / 2;
    for (const k of ks) rel.set(k, rel.get(k) - mid);
    for (let d = 0; d < L.length; d++) { L[d] -= mid; R[d] -= mid; }
    return [L, R];
  }
  const roots = shown.roots || [];
  // iterative post-order
  const stack = [];
  for (let r = roots.length - 1; r >= 0; r--) stack.push([roots[r], 0, 0]);
  const parentOf = new Map();
  while (stack.length) {
    const top = stack[stack.length - 1];
    const [id, depth, ci] = top;
    if (ci === 0) { depthOf.set(id, depth); order.push(id); levels = Math.max(levels, depth + 1); }
    const ks = kidsOf(id);
    if (ci < ks.length) { top[2]++; parentOf.set(ks[ci], id); stack.push([ks[ci], depth + 1, 0]); continue; }
    stack.pop();
    if (ks.length === 0) contour.set(id, [[0], [0]]);
    else { const [L, R] = place(ks); L.unshift(0); R.unshift(0); contour.set(id, [L, R]); }
  }
  let minX = 0, maxX = 0;
  if (roots.length) {
    const [L, R] = place(roots);
    for (const v of L) minX = Math.min(minX, v);
    for (const v of R) maxX = Math.max(maxX, v);
  }
  for (const id of order) {
    const p = parentOf.get(id);
    const x = (p !== undefined ? pos.get(p)[0] : -minX) + rel.get(id);
    pos.set(id, [x, depthOf.get(id)]);
  }
  return { pos, order, parentOf, width: Math.max(maxX - minX + 1, 1), levels: Math.max(levels, 1) };
}
