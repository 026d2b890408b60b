// The search tree view. What is shown and where comes from treelayout.js
// (a focus tree: the top levels, the chains to the node expanded last, the
// next node and the goal, and what the user opened, the rest folded into
// counted summaries), laid out again only when the model or the user's
// folding changes, never for a click. Drawing culls to the view: nodes in
// view are drawn as boxes (state, g, h, f) when the scale is readable, as
// small squares otherwise, so the DOM holds O(nodes in view) elements.
// Pan (drag), zoom (wheel, + and -), Fit (0), Follow (a), fold (double-
// click or c), open a summary (click it), walk with the arrow keys.
// Panning or zooming sets Follow aside until the next step (the
// presenter's or the page's own) or until the view has been left alone
// for IDLE_FOLLOW_MS with the node expanded last out of it; meanwhile a
// "Follow the search" button over the tree brings it back at once.
import { $ as byId, SVGNS, fmt, el, stateLabel, nodeCount, treeNodes, childNoun } from "./util.js";
import { miniBoard } from "./problem.js";
import { Subtrees, chooseShown, region, OPEN_PAGE, openPage, nextOpened } from "./treelayout.js";
import { treeRoots, familyLayout, currentPath, dirOf, storedF, meets, familyStatus, noteStyle, DIR_COLOUR, describe, boxNumbers, usesH, hText, fText, hFailed } from "./family.js";
import { BOX_F, BOX_STORED_F, BOX_DEPTH } from "./wireconst.js";
import { currentOf } from "./model.js";

const BOX_W = 108, BOX_H = 58, SLOT = 118, LEVEL = 96;
// a box's top left corner in its slot and level; HALO is how far its
// badge (a circle of radius 13 on its top right corner) and its rings
// reach beyond it; PAD is the margin Fit and Follow keep inside the view
const BOX_X = (SLOT - BOX_W) / 2, BOX_Y = 4, HALO = 13, PAD = 6;
const DETAIL_MIN = 0.45; // below this scale nodes are squares
const DETAIL_MAX_NODES = 150; // boxes drawn at most; more in view: squares
// below this scale a box's small print (state, mini board, g and h) would
// be under 7 px: it shows one number (f, or what the search orders by) in
// large type instead, which is legible and a fifth of the SVG to lay out
const COMPACT = 0.62;
// in projector mode the small print is 13 px: below this scale it would be
// under 18 px on the screen, so boxes show the one large number instead
const COMPACT_PROJECTOR = 1.4;
// a projector's compact box names its state in NAME_CUT characters at
// most, NAME_W wide at most (a character of its 20 px monospace type is
// NAME_CH wide; the box is BOX_W)
const NAME_CUT = 10, NAME_W = 100, NAME_CH = 12;
// BIG_W is the width a compact box's large number is narrowed to when it
// is wider: the box less a margin each side
const BIG_W = BOX_W - 8;
// a phone (a tree view under PHONE_W px wide, not projected): no text is
// under PHONE_FLOOR px on the screen. Its boxes print at PHONE_FONT px
// (style.css's .live-tree.phone), so Follow and the automatic Fit never go
// below PHONE_K: the tree shown is the focus tree (treelayout.js's
// narrow), its other branches folded into counted summaries, and the
// node expanded last laid out under its parent with no more children than
// the view holds side by side at PHONE_K (across), the rest in a "+k more"
// summary, so that Follow shows the node, its parent and what it generated
// whole. Below
// PHONE_K (the user's own zoom or Fit) boxes show their large numbers.
// Below PHONE_BIG_K (the large numbers' PHONE_FLOOR) nodes are squares.
const PHONE_W = 520, PHONE_FLOOR = 11, PHONE_FONT = 13, PHONE_K = PHONE_FLOOR / PHONE_FONT, PHONE_BIG_K = PHONE_FLOOR / 20;
// a box's g and h line holds GH_CHARS characters of its 11 px monospace
// type, GH_CHARS_BIG of a phone's or a projector's 13 px
const GH_CHARS = 15, GH_CHARS_BIG = 13;
// the time the user's own pan or zoom is kept with the search's current
// node out of view before Follow comes back by itself
const IDLE_FOLLOW_MS = 6000;

// createTree returns the tree's state object: x, y (pan, px), k and ky
// (horizontal and vertical scale; equal unless Fit squeezes a wide tree),
// fit ("auto" follows the node expanded last, "all" fits the shown tree,
// false is the user's pan and zoom), and the methods draw,
// zoomBy, toggleCollapse, openSummary, attach(model).
export function createTree(page) {
  const $ = page.$ || byId; // a side-by-side lane's own elements (lanes.js)
  // projector: the page's projector mode, or a lane of the side-by-side
  // view, which is always read from afar (page.projector)
  const projector = () => !!page.projector || document.documentElement.classList.contains("projector");
  const phone = () => !projector() && (page.sz.treeW || 600) < PHONE_W;
  // across is how many boxes a phone's view holds side by side at PHONE_K,
  // PAD clear at each edge, badges and rings included (extent's); 0 when
  // the view is not a phone's
  const across = () => (phone() ? Math.max(1, Math.floor((((page.sz.treeW || 600) - 2 * PAD) / PHONE_K - BOX_W - 2 * HALO) / SLOT) + 1) : 0);
  const st = page.st;
  const tree = { svg: null, x: 0, y: 0, k: 1, ky: 1, fit: "auto", shown: null, L: null, drag: null, opened: new Map(), layouts: 0, draws: 0 };
  const subtrees = new Subtrees();
  let dirty = true;
  let boxes = new Map(); // id -> {sig, g, tr}: the boxes drawn last frame

  tree.attach = (model) => {
    subtrees.rebuild(model);
    tree.opened.clear();
    if (lay) { lay.nodes.replaceChildren(); clearSquares(lay); }
    boxes = new Map();
    dirty = true;
    model.subscribe((change) => {
      if (change.kind === "states") return; // the shape is the same: boxes redraw by their signature
      if (!tree.fit) follow(); // a step moves the search: the view goes with it
      if (change.kind === "step") subtrees.step(model, change); else subtrees.rebuild(model);
      dirty = true;
      prefetch(model);
    });
  };

  // focus: the node expanded last first (its children and its ancestors'
  // siblings are shown), then the next node and the goal path's end
  function focusOf(m) {
    const f = [];
    f.push(m.last ? m.last.expanded.id : 0);
    const next = m.status === "running" && m.openCount ? m.openHead(1)[0] : -1;
    if (next >= 0) f.push(next);
    if (m.path) f.push(m.path[m.path.length - 1]);
    return f;
  }

  // prefetch fetches ahead the states of what the tree shows once the next
  // node is expanded: the chain to it and the region around it, and the
  // chain to the node after it (the next node then)
  function prefetch(m) {
    if (!m.prefetchStates || m.status !== "running" || !m.openCount) return;
    const [next, after] = m.openHead(2), ids = [];
    const chain = (x) => { for (let a = x, i = 0; a >= 0 && i < 64; a = m.parent(a), i++) ids.push(a); };
    chain(next);
    if (after !== undefined) chain(after);
    const visKids = (id) => (st.showDiscarded ? subtrees.children(id) : subtrees.children(id).filter((c) => m.nodeStatus(c) !== "discarded"));
    region(m, next, visKids, (c) => ids.push(c));
    m.prefetchStates(ids);
  }

  // follow puts Follow back on; moved sets it aside for the user's own
  // pan or zoom and arms the idle return. The button over the tree shows
  // while Follow is off. O(1): no work in the draw itself.
  let idle = 0;
  function follow() {
    clearTimeout(idle); idle = 0;
    tree.fit = "auto";
    followButton();
  }
  function moved() {
    tree.fit = false;
    clearTimeout(idle);
    idle = setTimeout(() => { idle = 0; if (!tree.fit && !currentInView()) { follow(); schedule(); } }, IDLE_FOLLOW_MS);
    followButton();
  }
  function followButton() {
    const b = $("tree-follow");
    if (b) b.hidden = !!tree.fit;
    const z = $("zoom-follow");
    if (z) z.setAttribute("aria-pressed", String(tree.fit === "auto"));
  }
  function currentInView() {
    const m = page.model, L = tree.L;
    if (!m || !L || !m.last) return true;
    const q = L.pos.get(m.last.expanded.id);
    if (!q) return false;
    const W = page.sz.treeW || 600, H = page.sz.treeH || 400;
    const x = tree.x + (q[0] * SLOT + SLOT / 2) * tree.k, y = tree.y + (q[1] * LEVEL + BOX_Y + BOX_H / 2) * tree.ky;
    return x >= 0 && x <= W && y >= 0 && y <= H;
  }

  function relayout(m) {
    tree.shown = chooseShown(m, { focus: focusOf(m), opened: tree.opened, collapsed: st.collapsed, showDiscarded: st.showDiscarded, subtrees, from: m.iterStart, roots: treeRoots(m), narrow: across() });
    tree.L = familyLayout(m, tree.shown); // family.js: a bidirectional search's two trees
    tree.layouts++;
    dirty = false;
  }

  function ensureSVG() {
    if (tree.svg) return;
    const host = $("tree");
    host.innerHTML = "";
    const svg = document.createElementNS(SVGNS, "svg");
    svg.setAttribute("class", "live-tree");
    svg.setAttribute("data-testid", "tree-svg");
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", "search tree");
    host.appendChild(svg);
    tree.svg = svg;
    svg.addEventListener("pointerdown", (e) => {
      if (e.button !== 0) return;
      tree.drag = { x: e.clientX, y: e.clientY, tx: tree.x, ty: tree.y, moved: false };
      try { svg.setPointerCapture(e.pointerId); } catch (err) { /* a synthetic pointer */ }
    });
    svg.addEventListener("pointermove", (e) => {
      const d = tree.drag; if (!d) return;
      const dx = e.clientX - d.x, dy = e.clientY - d.y;
      if (Math.abs(dx) + Math.abs(dy) > 3) d.moved = true;
      if (d.moved) { moved(); tree.x = d.tx + dx; tree.y = d.ty + dy; schedule(); }
    });
    svg.addEventListener("pointerup", (e) => {
      const d = tree.drag; tree.drag = null;
      if (d && !d.moved) {
        const t = document.elementFromPoint(e.clientX, e.clientY);
        const sm = t && t.closest && t.closest("[data-summary]");
        if (sm) { openSummary(Number(sm.dataset.summary)); return; }
        const nd = t && t.closest && t.closest("[data-id]");
        if (nd) page.inspect(Number(nd.dataset.id));
      }
    });
    svg.addEventListener("dblclick", (e) => {
      const nd = e.target.closest && e.target.closest("[data-id]");
      if (nd) toggleCollapse(Number(nd.dataset.id));
    });
    svg.addEventListener("wheel", (e) => {
      e.preventDefault();
      const r = svg.getBoundingClientRect();
      zoomBy(e.deltaY < 0 ? 1.15 : 1 / 1.15, e.clientX - r.left, e.clientY - r.top);
    }, { passive: false });
    $("zoom-in").onclick = () => zoomBy(1.25);
    $("zoom-out").onclick = () => zoomBy(0.8);
    $("zoom-fit").onclick = () => { tree.fit = "all"; followButton(); schedule(); };
    $("zoom-follow").onclick = () => { follow(); schedule(); };
    if ($("tree-follow")) $("tree-follow").onclick = () => { follow(); schedule(); };
    $("show-discarded").onchange = (e) => { st.showDiscarded = e.target.checked; dirty = true; schedule(); };
    // With the tree focused, the arrow keys walk the tree (up: parent,
    // down: first child, left and right: siblings) and select what they
    // reach; the view follows the selection. Tab leaves the tree, and the
    // arrows step the search again.
    $("tree").addEventListener("keydown", (e) => {
      const L = tree.L, m = page.model, S = tree.shown;
      if (!L || !m || e.ctrlKey || e.metaKey || e.altKey) return;
      const cur = st.selected >= 0 && L.pos.has(st.selected) ? st.selected : (L.order.length ? L.order[0] : -1);
      if (cur < 0) return;
      const p = L.parentOf.get(cur);
      const sibs = (p !== undefined ? S.kids.get(p) : S.roots).filter((id) => id >= 0);
      const i = sibs.indexOf(cur);
      let next = -1;
      switch (e.key) {
        case "ArrowUp": next = p !== undefined ? p : -1; break;
        case "ArrowDown": {
          const ks = (S.kids.get(cur) || []).filter((id) => id >= 0);
          if (ks.length) next = ks[0];
          else if (subtrees.children(cur).length && !st.collapsed.has(cur)) { openSummary(cur); next = subtrees.children(cur)[0]; }
          break;
        }
        case "ArrowLeft": next = i > 0 ? sibs[i - 1] : -1; break;
        case "ArrowRight": next = i >= 0 && i < sibs.length - 1 ? sibs[i + 1] : -1; break;
        case "Enter": next = cur; break;
        default: return;
      }
      e.preventDefault(); e.stopPropagation();
      if (next < 0) return;
      page.inspect(next);
      if (dirty) relayout(m);
      const q = tree.L.pos.get(next);
      if (!q) return;
      if (tree.fit) moved();
      const W = page.sz.treeW || 600, H = page.sz.treeH || 400;
      const nx = (q[0] * SLOT + SLOT / 2) * tree.k + tree.x, ny = (q[1] * LEVEL + BOX_H / 2) * tree.ky + tree.y;
      if (nx < 40 || nx > W - 40 || ny < 40 || ny > H - 40) { tree.x += W / 2 - nx; tree.y += H / 2 - ny; schedule(); }
    });
  }

  let frame = 0;
  function schedule() {
    if (frame) return;
    frame = requestAnimationFrame(() => { frame = 0; draw(false); });
  }
  function openSummary(id) {
    const m = page.model;
    if (!m || id < 0 || id >= m.nodeEnd) return;
    if (st.collapsed.has(id)) { st.collapsed.delete(id); dirty = true; draw(); return; }
    const shown = (tree.shown && tree.shown.kids.get(id) || []).filter((c) => c >= 0).length;
    const sm = tree.shown && tree.shown.summary.get(id);
    // on a phone, the children of the node expanded last a page at a time,
    // each page whole in the view in place of the one before (chooseShown)
    const paged = across() > 0 && focusOf(m)[0] === id;
    tree.opened.set(id, nextOpened(tree.opened.get(id), shown, shown + (sm ? sm.hidden : 0), paged ? openPage(across()) : OPEN_PAGE, paged));
    dirty = true; draw();
  }
  function toggleCollapse(id) {
    if (st.collapsed.has(id)) st.collapsed.delete(id); else st.collapsed.add(id);
    dirty = true; draw(); // at once: the user is looking at it
  }
  function zoomBy(f, cx, cy) {
    if (!tree.svg) return;
    const W = page.sz.treeW || tree.svg.getBoundingClientRect().width, H = page.sz.treeH || tree.svg.getBoundingClientRect().height;
    if (cx === undefined) { cx = W / 2; cy = H / 2; }
    const k = Math.min(4, Math.max(0.01, tree.k * f)), ky = Math.min(4, Math.max(0.01, tree.ky * f));
    tree.x = cx - (cx - tree.x) * (k / tree.k);
    tree.y = cy - (cy - tree.y) * (ky / tree.ky);
    tree.k = k; tree.ky = ky; moved();
    schedule();
  }

  // frame sets the scale and pan for Fit and Follow. It frames what is
  // drawn: a node's box with its badge and rings (HALO beyond the box, the
  // badge's centre on the box's top right corner), never the bare slots and
  // levels, so the top level's boxes and badges are never cut; it leaves
  // PAD px clear at each edge. O(siblings and children of the node).
  function frameView(m, W, H) {
    const L = tree.L;
    const proj = projector(), ph = phone();
    const big = proj ? 1.6 : 1.2, readable = proj ? 0.9 : ph ? PHONE_K : 0.7;
    const w = extent(0, L.width - 1, 0, L.levels - 1);
    const kx = Math.min(big, (W - 2 * PAD) / (w.r - w.l)), kyFit = Math.min(big, (H - 2 * PAD) / (w.b - w.t));
    const all = () => {
      // a wide tree is squeezed sideways only: its levels stay apart
      if (Math.min(kx, kyFit) >= DETAIL_MIN) { tree.k = tree.ky = Math.min(kx, kyFit); }
      else { tree.k = Math.max(kx, 0.002); tree.ky = Math.max(Math.min(big, Math.max(kyFit, 0.25)), 0.05); }
      tree.x = (W - (w.r - w.l) * tree.k) / 2 - w.l * tree.k;
      tree.y = Math.max(PAD, (H - (w.b - w.t) * tree.ky) / 2 * 0.3) - w.t * tree.ky;
    };
    if (tree.fit === "all" || Math.min(kx, kyFit) >= readable || !m.last) { all(); return; }
    // follow: the node expanded last with its parent, siblings and
    // children, at a readable scale
    const cur = m.last.expanded.id;
    const q = L.pos.get(cur);
    if (!q) { all(); return; }
    const p = L.parentOf.get(cur);
    const group = [cur];
    if (p !== undefined) { group.push(p); for (const s of tree.shown.kids.get(p) || []) group.push(s); }
    for (const c of tree.shown.kids.get(cur) || []) group.push(c);
    let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
    for (const id of group) { const r = L.pos.get(id); if (!r) continue; x0 = Math.min(x0, r[0]); x1 = Math.max(x1, r[0]); y0 = Math.min(y0, r[1]); y1 = Math.max(y1, r[1]); }
    const g = extent(x0, x1, y0, y1);
    // projector: the large number at 18 px or more; phone: the small print at PHONE_FLOOR
    const kMin = proj ? 0.9 : ph ? PHONE_K : DETAIL_MIN;
    const k = Math.max(kMin, Math.min(proj ? 1.2 : ph ? 1 : 0.9, (W - 2 * PAD) / (g.r - g.l), (H - 2 * PAD) / (g.b - g.t)));
    tree.k = tree.ky = k;
    // the group centred; when it is larger than the view (too many
    // siblings, or a short view), the node centred sideways, and either
    // way moved as little as brings the node and its parent wholly in
    const c = extent(q[0], q[0], q[1], q[1]), pq = p === undefined ? q : L.pos.get(p) || q;
    const both = extent(Math.min(q[0], pq[0]), Math.max(q[0], pq[0]), Math.min(q[1], pq[1]), Math.max(q[1], pq[1]));
    const keep = (v, lo, hi, size) => (hi - lo) * k <= size - 2 * PAD ? Math.min(Math.max(v, PAD - lo * k), size - PAD - hi * k) : v;
    let x = (g.r - g.l) * k <= W - 2 * PAD ? (W - (g.r - g.l) * k) / 2 - g.l * k : W / 2 - (c.l + c.r) / 2 * k;
    // the node and its parent further apart than the view is wide (a
    // phone's floor scale): the node at the edge away from its parent, so
    // that as much of the parent as can be is in view with the edge to it
    if ((both.r - both.l) * k > W - 2 * PAD && pq[0] !== q[0]) x = pq[0] > q[0] ? PAD - c.l * k : W - PAD - c.r * k;
    tree.x = keep(keep(x, both.l, both.r, W), c.l, c.r, W);
    let y = keep(keep((H - (g.b - g.t) * k) / 2 - g.t * k, both.t, both.b, H), c.t, c.b, H);
    // a level above the group is whole or out of view, never cut by the
    // view's top edge: the group moves down to show it when the view has
    // the room below, else up to leave it out (levels are further apart
    // than a box is tall, so at most one level is cut, and the group's top
    // stays in view)
    for (let j = y0 - 1; j >= 0; j--) {
      const up = extent(x0, x1, j, j), top = y + up.t * k, bottom = y + up.b * k;
      if (bottom <= 0) break;
      if (top < PAD) { y += y + PAD - top + g.b * k <= H - PAD ? PAD - top : -bottom; break; }
    }
    tree.y = y;
  }

  // extent is the world rectangle {l, r, t, b} that the boxes of slots x0
  // to x1 on levels y0 to y1 cover, their badges and rings included.
  function extent(x0, x1, y0, y1) {
    return { l: x0 * SLOT + BOX_X - HALO, r: x1 * SLOT + BOX_X + BOX_W + HALO, t: y0 * LEVEL + BOX_Y - HALO, b: y1 * LEVEL + BOX_Y + BOX_H + HALO };
  }

  function draw() {
    const m = page.model;
    if (!m || !m.nodeEnd) return;
    tree.draws++;
    ensureSVG();
    const ph = phone(), nw = across();
    if (nw !== tree.across) { tree.across = nw; dirty = true; } // a phone folds what a wider view shows, the more the narrower it is
    if (dirty || !tree.L) relayout(m);
    const L = tree.L, S = tree.shown;
    const W = page.sz.treeW || 600, H = page.sz.treeH || 400;
    // the tools laid over the tree's bottom (projector mode) are not room to frame in
    if (tree.fit) frameView(m, W, H - (page.sz.treeInset || 0));
    const k = tree.k, ky = tree.ky;
    const sx = (id) => tree.x + (L.pos.get(id)[0] * SLOT + SLOT / 2) * k;
    const sy = (id) => tree.y + (L.pos.get(id)[1] * LEVEL + BOX_Y + BOX_H / 2) * ky;
    const mx = SLOT * k, my = LEVEL * ky;
    const inView = (x, y) => x >= -mx && x <= W + mx && y >= -my && y <= H + my;
    const vis = [];
    for (const id of L.order) if (inView(sx(id), sy(id))) vis.push(id);
    const onPath = new Set(m.path || []), curPath = currentPath(m);
    const last = currentOf(m);
    const statusOf = (id) => (onPath.has(id) ? "path" : id === last ? "current" : m.nodeStatus(id) === "goal" ? "path" : familyStatus(m, id));
    const detail = k >= (ph ? PHONE_BIG_K : DETAIL_MIN) && ky === k && vis.length <= DETAIL_MAX_NODES;
    const compactBelow = projector() ? COMPACT_PROJECTOR : ph ? PHONE_K : COMPACT;
    const bigBoard = ph || projector(); // a puzzle's digits over 14 px (projector) or 11 px (phone)
    setAttr(tree.svg, "class", ph ? "live-tree phone" : "live-tree");

    // the SVG keeps its elements from frame to frame: the edges are two
    // paths whose d changes, a box or a square is moved (its transform or
    // position), made only when it appears or looks different, and removed
    // when it leaves the view, so a frame touches the DOM in O(what changed)
    const lay = layers();
    // edges: to every child of a node in view, and from its parent
    let d = "", dp = "", dc = "";
    const seen = new Set();
    const edge = (p, c) => {
      const key = p + ":" + c;
      if (seen.has(key)) return;
      seen.add(key);
      const seg = `M${sx(p).toFixed(1)},${sy(p).toFixed(1)}L${sx(c).toFixed(1)},${sy(c).toFixed(1)}`;
      if (c >= 0 && onPath.has(c) && onPath.has(p)) dp += seg;
      else if (c >= 0 && curPath.has(c) && curPath.has(p)) dc += seg; // IDS, IDA*, RBFS: the path searched
      else d += seg;
    };
    for (const id of vis) {
      const p = L.parentOf.get(id);
      if (p !== undefined) edge(p, id);
      if (id >= 0) for (const c of S.kids.get(id) || []) edge(id, c);
    }
    setAttr(lay.edges, "d", d);
    setAttr(lay.pathEdges, "d", dp);
    setAttr(lay.curEdges, "d", dc);
    const nextId = m.status === "running" && m.openCount ? m.openHead(1)[0] : -1;
    const keep = new Map();
    if (detail) {
      // a node's box is built once and kept while it looks the same
      clearSquares(lay);
      if (!lay.nodes.isConnected) lay.svg.appendChild(lay.nodes);
      for (const id of vis) {
        const x = sx(id) - BOX_W / 2 * k, y = sy(id) - BOX_H / 2 * k;
        let sig, make;
        if (id < 0) {
          const pid = -1 - id, sm = S.summary.get(pid);
          const compact = k < compactBelow;
          sig = `s|${sm.hidden}|${sm.below}|${st.collapsed.has(pid)}|${compact}|${ph}`;
          make = () => drawSummary(null, pid, sm, compact, ph);
        } else {
          const status = statusOf(id), next = id === nextId, compact = k < compactBelow;
          sig = `${status}|${id === st.selected}|${next}|${m.state(id)}|${m.g(id)}|${m.f(id)}|${m.depth(id)}|${storedF(m, id)}|${meets(m).has(id)}|${compact}|${ph}|${bigBoard}`;
          make = () => drawNode(null, m, id, status, next, compact, ph, bigBoard);
        }
        let c = boxes.get(id);
        if (!c || c.sig !== sig) {
          const g = make();
          if (c) c.g.replaceWith(g); else lay.nodes.appendChild(g);
          c = { sig, g, tr: "" };
        }
        const tr = `translate(${x.toFixed(1)},${y.toFixed(1)}) scale(${k})`;
        if (c.tr !== tr) { c.g.setAttribute("transform", tr); c.tr = tr; }
        keep.set(id, c);
      }
      for (const [id, c] of boxes) if (!keep.has(id)) c.g.remove();
      boxes = keep;
    } else {
      // the boxes are set aside, not dropped: zooming back in shows them
      // again without making them
      if (lay.nodes.isConnected) lay.nodes.remove();
      const byStatus = {};
      const R = Math.max(3, Math.min(14, 14 * Math.min(k, ky) * 2));
      for (const id of vis) {
        const s = id < 0 ? "summary" : statusOf(id);
        byStatus[s] = (byStatus[s] || "") + `M${(sx(id) - R).toFixed(1)},${(sy(id) - R).toFixed(1)}h${2 * R}v${2 * R}h${-2 * R}z`;
      }
      for (const [s, e] of lay.squares) if (!byStatus[s]) { e.remove(); lay.squares.delete(s); }
      for (const s in byStatus) {
        noteStyle(s);
        let e = lay.squares.get(s);
        if (!e) {
          const lg = st.legend[s] || { fill: "#eee", stroke: "#999" };
          e = el("path", { class: "cnode " + s, fill: lg.fill || "#fff", stroke: lg.stroke || "#000", "stroke-width": 1.5 });
          lay.squareLayer.appendChild(e);
          lay.squares.set(s, e);
        }
        setAttr(e, "d", byStatus[s]);
      }
      // one transparent square per node to click, kept like the boxes
      for (const id of vis) {
        const sig = id < 0 ? "s" : `${id === st.selected}|${familyStatus(m, id)}|${fText(m, id)}|${meets(m).has(id)}`;
        let c = lay.hits.get(id);
        if (!c || c.sig !== sig) {
          const e = id < 0
            ? el("rect", { class: "hit", role: "img", "aria-label": "folded nodes: click to show them", "data-summary": -1 - id })
            : el("rect", { class: "hit" + (id === st.selected ? " sel" : "") + (meets(m).has(id) ? " meet" : ""), role: "img", "aria-label": nodeName(m, id, familyStatus(m, id)), "data-id": id, "data-testid": "tree-node", "data-f": fText(m, id), "data-status": familyStatus(m, id), "data-dir": dirOf(m, id) });
          if (c) c.e.replaceWith(e); else lay.hitLayer.appendChild(e);
          c = { sig, e, pos: "" };
        }
        const x = sx(id) - R, y = sy(id) - R, pos = `${x.toFixed(1)},${y.toFixed(1)},${R}`;
        if (c.pos !== pos) {
          c.e.setAttribute("x", x.toFixed(1)); c.e.setAttribute("y", y.toFixed(1));
          c.e.setAttribute("width", 2 * R); c.e.setAttribute("height", 2 * R);
          c.pos = pos;
        }
        keep.set(id, c);
      }
      for (const [id, c] of lay.hits) if (!keep.has(id)) c.e.remove();
      lay.hits = keep;
    }
    const laid = L.order.length - S.summary.size;
    const from = m.iterStart || 0; // IDS, IDA*: the nodes of earlier iterations are not in the tree
    const held = m.sparse ? m.heldIds().length : -1; // a bounded search: only its path and pending siblings are held
    // the count in full, and in projector mode, where the title is one
    // line of large type in a narrow pane, in short: the nodes as the
    // start and those generated, the counters' names left to the counters
    // beside, and those held (the family strip counts the earlier
    // iterations); the full count, with those in view, is the title
    const full = (from ? `${nodeCount(m.nodeEnd - from)} in this iteration (${from} in earlier ones)` : treeNodes(m.nodeEnd, m.counters)) + (held >= 0 ? ` · ${held} held (the path and its pending siblings), the rest dropped` : laid < m.nodeEnd - from ? ` · ${laid} shown, the rest folded` : "") + (vis.length < L.order.length ? ` · ${vis.length} in view` : "");
    const brief = (from ? nodeCount(m.nodeEnd - from) : treeNodes(m.nodeEnd, m.counters, true)) + (held >= 0 ? ` · ${held} held` : "");
    const count = $("tree-count"), text = projector() && !page.projector ? brief : full;
    if (count.textContent !== text) { count.textContent = text; count.title = text === full ? "" : full; }
    page.app.dataset.treeShown = String(laid);
  }

  // layers are the SVG's persistent groups: edges below, then the squares
  // of a zoomed-out view and their click targets, then the boxes.
  let lay = null;
  function layers() {
    if (lay && lay.svg === tree.svg) return lay;
    const svg = tree.svg;
    svg.replaceChildren();
    const edges = el("path", { d: "", class: "edge" }, svg), pathEdges = el("path", { d: "", class: "edge path" }, svg);
    const curEdges = el("path", { d: "", class: "edge current-path", "data-testid": "current-path-edges" }, svg);
    const squareLayer = el("g", { class: "squares" }, svg), hitLayer = el("g", { class: "hits" }, svg), nodes = el("g", { class: "boxes" }, svg);
    lay = { svg, edges, pathEdges, curEdges, squareLayer, hitLayer, nodes, squares: new Map(), hits: new Map() };
    boxes = new Map();
    return lay;
  }
  function clearSquares(l) {
    if (!l.squares.size && !l.hits.size) return;
    l.squareLayer.replaceChildren(); l.hitLayer.replaceChildren();
    l.squares.clear(); l.hits.clear();
  }
  // setAttr writes an attribute only when it changes
  function setAttr(e, name, v) { if (e.getAttribute(name) !== v) e.setAttribute(name, v); }

  // summaryName is a summary leaf's accessible name and tooltip: "3 nodes
  // folded: click to unfold", "1 more child, 1 node below it: click to
  // show more".
  function summaryName(sm, folded) {
    if (folded) return `${nodeCount(sm.below)} folded: click to unfold`;
    return `${sm.hidden} more ${childNoun(sm.hidden)}, ${nodeCount(sm.below)} below ${sm.hidden === 1 ? "it" : "them"}: click to show more`;
  }

  // drawSummary makes a summary leaf's box; on a phone when compact its
  // count is in large type, without the count of nodes below it.
  function drawSummary(parent, pid, sm, compact, ph) {
    const folded = st.collapsed.has(pid);
    const name = summaryName(sm, folded);
    const grp = el("g", { class: "tsummary", role: "img", "aria-label": name, "data-summary": pid }, parent);
    el("rect", { x: 8, y: 8, width: BOX_W - 16, height: BOX_H - 16, rx: 6 }, grp);
    const t = el("text", { x: BOX_W / 2, y: BOX_H / 2 + (ph && compact ? 7 : 4), "text-anchor": "middle", class: (folded ? "folded" : "summary-text") + (ph && compact ? " big" : "") }, grp);
    t.textContent = folded ? "+" + sm.below : `+${sm.hidden} more`;
    if (!folded && !(ph && compact)) { const t2 = el("text", { x: BOX_W / 2, y: BOX_H / 2 + 17, "text-anchor": "middle", class: "summary-sub" }, grp); t2.textContent = nodeCount(sm.below); }
    const title = el("title", {}, grp);
    title.textContent = name;
    return grp;
  }

  // nodeName is a tree node's accessible name, made with its element (never
  // per frame): "node 5, 283164075, open, g 1 h 6 f 7"; a search without a
  // heuristic (usesH) names its box's numbers, "depth 2 g 1" or "g 1",
  // never an h it does not compute. It never says which node is next:
  // during a poll that is the answer.
  function nodeName(m, id, status) {
    const state = m.state(id);
    const nums = usesH(m) ? `g ${fmt(m.g(id))} h ${hText(m, id)} f ${fText(m, id)}`
      : boxNumbers(m, id).map(([key, v]) => `${key === BOX_DEPTH ? "depth" : key} ${v}`).join(" ");
    return `node ${id}${state === undefined ? "" : ", " + stateLabel(m.problem, state)}, ${status}, ${nums}`;
  }

  // drawNode makes node id's box: its state (a mini board for a puzzle)
  // and the family's numbers, or when compact the number the search
  // orders by in large type (RBFS's f and backed-up F both). On a phone
  // its print is larger (PHONE_FONT); on a phone or a projector
  // (bigBoard) a puzzle's board fills the box's height.
  function drawNode(parent, m, id, status, isNext, compact, ph, bigBoard) {
    noteStyle(status);
    const lg = st.legend[status] || {};
    const state = m.state(id);
    const dir = dirOf(m, id);
    const grp = el("g", { class: `tnode ${status}${id === st.selected ? " selected" : ""}${isNext ? " next" : ""}${hFailed(m, id) ? " hfailed" : ""}`, role: "img", "aria-label": nodeName(m, id, status), "data-id": id, "data-testid": "tree-node", "data-f": fText(m, id), "data-status": familyStatus(m, id), "data-state": state === undefined ? "" : state, "data-dir": dir }, parent);
    if (id === st.selected) el("rect", { x: -5, y: -5, width: BOX_W + 10, height: BOX_H + 10, rx: 9, class: "sel-ring" }, grp);
    if (isNext) el("rect", { x: -3, y: -3, width: BOX_W + 6, height: BOX_H + 6, rx: 8, class: "next-ring" }, grp);
    el("rect", { width: BOX_W, height: BOX_H, rx: 6, fill: lg.fill || "#fff", stroke: lg.stroke || "#333", "stroke-width": lg.width || 2, "stroke-dasharray": lg.dash || "" }, grp);
    if (lg.double) el("rect", { x: 3, y: 3, width: BOX_W - 6, height: BOX_H - 6, rx: 4, fill: "none", stroke: lg.stroke, "stroke-width": 1 }, grp);
    if (meets(m).has(id)) el("rect", { x: -6, y: -6, width: BOX_W + 12, height: BOX_H + 12, rx: 10, class: "meet-ring", "data-testid": "meet" }, grp);
    if (dir) el("rect", { x: 0, y: dir === "forward" ? 0 : BOX_H - 5, width: BOX_W, height: 5, rx: 2, fill: DIR_COLOUR[dir], class: "dir-bar" }, grp);
    const kind = m.problem ? m.problem.kind : "";
    // the numbers a box shows are the family's (hello.problem.family.box)
    const fam = describe(m);
    // h (and so f) comes with the state string: a grid's state is known
    // from its cell before its h is
    if (state === undefined || m.h(id) === undefined) m.needStates([id]);
    if (compact) {
      // a backed-up F is what RBFS is about: it keeps its line beside f
      const big = fam.box.includes(BOX_STORED_F) ? [BOX_F, BOX_STORED_F] : [fam.compact];
      // in projector mode a box with one number names its state above it
      // (style.css: 20 px, so 18 px or more on the screen down to Follow's
      // least scale, 0.9), so that the class can tell "Sibiu" from
      // "Fagaras" in the tree itself; cut to NAME_CUT characters, whole in
      // its aria-label, and a name wider than NAME_W narrowed to it
      const named = !ph && big.length === 1 && state !== undefined && document.documentElement.classList.contains("projector");
      if (named) {
        const s = stateLabel(m.problem, state), name = s.length > NAME_CUT ? s.slice(0, NAME_CUT - 1) + "…" : s;
        const t = el("text", Object.assign({ x: BOX_W / 2, y: 22, class: "tstate tname", "text-anchor": "middle" },
          name.length * NAME_CH > NAME_W ? { textLength: NAME_W, lengthAdjust: "spacingAndGlyphs" } : {}), grp);
        t.textContent = name;
      }
      // the number is written whole, as the tables write it (the one
      // rounding rule); one wider than the box at its type's size
      // (style.css's tbig: 26 px on a projector, 24 two to a box, 22
      // named or elsewhere, 20 two to a box; a monospace character is 0.6
      // em) is narrowed to the box, never rounded again
      const proj = document.documentElement.classList.contains("projector");
      boxNumbers(m, id, big).forEach(([key, v], i, all) => {
        const text = `${key} ${v}`, fs = named ? 22 : all.length > 1 ? (proj ? 24 : 20) : (proj ? 26 : 22);
        const t = el("text", Object.assign({ x: BOX_W / 2, y: named ? 49 : all.length > 1 ? 25 + i * 25 : BOX_H / 2 + 8, class: "tnum tf tbig" + (all.length > 1 ? " two" : "") + (named ? " named" : ""), "text-anchor": "middle" },
          text.length * fs * 0.6 > BIG_W ? { textLength: BIG_W, lengthAdjust: "spacingAndGlyphs" } : {}), grp);
        t.textContent = text;
      });
      if (lg.letter) { el("circle", { cx: BOX_W, cy: 0, r: 13, fill: lg.stroke }, grp); const b = el("text", { x: BOX_W, y: 6, class: "badge-l big", "text-anchor": "middle" }, grp); b.textContent = lg.letter; }
      return grp;
    }
    const board = bigBoard ? 52 : 34, cut = ph ? 11 : 13; // a phone: larger print, fewer characters of a state
    if (state === undefined) { /* asked above */ } else if (kind === "puzzle") miniBoard(grp, state, bigBoard ? 3 : 4, bigBoard ? 3 : 4, board);
    else { const t = el("text", { x: BOX_W / 2, y: ph ? 17 : 18, class: "tstate", "text-anchor": "middle" }, grp); const s = stateLabel(m.problem, state); t.textContent = s.length > cut ? s.slice(0, cut - 1) + "…" : s; }
    const lines = boxNumbers(m, id, fam.box);
    if (kind === "puzzle") {
      lines.forEach(([key, v], i) => { const t = el("text", { x: bigBoard ? 59 : 44, y: (ph ? 17 : 16) + i * (ph ? 17 : 15), class: "tnum" + (key === "f" ? " tf" : "") }, grp); t.textContent = `${key} ${v}`; });
    } else {
      // g and h on one line, f (what the search orders by) bold below,
      // each written whole as the tables and the narration write it (the
      // one rounding rule); a line longer than the box holds (GH_CHARS) is
      // narrowed to the box, as a compact box's number is, never rounded
      // again
      const fLine = lines.find(([key]) => key === "f"), gh = lines.filter(([key]) => key !== "f");
      const fit = (text) => (text.length > (ph || bigBoard ? GH_CHARS_BIG : GH_CHARS) ? { textLength: BIG_W, lengthAdjust: "spacingAndGlyphs" } : {});
      const exact = gh.map(([key, v]) => `${key} ${v}`).join(" ");
      const t = el("text", Object.assign({ x: BOX_W / 2, y: ph ? 35 : 36, class: "tnum", "text-anchor": "middle" }, fit(exact)), grp);
      t.textContent = exact;
      if (fLine) {
        const text = `f ${fLine[1]}`;
        const tf = el("text", Object.assign({ x: BOX_W / 2, y: ph ? 52 : 51, class: "tnum tf", "text-anchor": "middle" }, fit(text)), grp);
        tf.textContent = text;
      }
    }
    // a projector's letter is larger (style.css): so is its circle, which
    // must hold it whole
    const br = ph ? 10 : bigBoard ? 11 : 8;
    if (lg.letter) { el("circle", { cx: BOX_W, cy: 0, r: br, fill: lg.stroke }, grp); const b = el("text", { x: BOX_W, y: br / 2, class: "badge-l", "text-anchor": "middle" }, grp); b.textContent = lg.letter; }
    return grp;
  }

  tree.draw = draw;
  tree.follow = () => { follow(); schedule(); };
  tree.fitAll = () => { tree.fit = "all"; followButton(); schedule(); };
  tree.zoomBy = zoomBy;
  tree.toggleCollapse = toggleCollapse;
  tree.openSummary = openSummary;
  tree.invalidate = () => { dirty = true; };
  return tree;
}
