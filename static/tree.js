// The search tree view: a tidy tree laid out from the model, drawn as SVG
// for the part in view, with pan (drag), zoom (wheel, + and -), Fit and
// Follow, folding (double-click or c) and keyboard walking.
import { $, SVGNS, fmt, el } from "./util.js";
import { drawnStatus, pathSet } from "./model.js";
import { miniBoard } from "./problem.js";

const BOX_W = 108, BOX_H = 58, SLOT = 118, LEVEL = 96;

// createTree returns the tree's state object; its methods: draw, zoomBy,
// toggleCollapse, invalidate (lay out again on the next draw). fit is
// "auto", "all" or false (the user's pan and zoom).
export function createTree(page) {
  const st = page.st;
  // tree.fit: "auto" keeps the tree readable and follows the node just
  // expanded; "all" fits the whole tree; false is the user's pan and zoom
  const tree = { svg: null, g: null, x: 0, y: 0, k: 1, fit: "auto", layout: null, drag: null };
  let layoutDirty = true;

  // layout: a Reingold–Tilford tidy tree. Each subtree is laid out on its
  // own and kept as its left and right contour (the extreme x on every
  // level below its root); siblings are pushed apart just enough that
  // their contours stay one slot apart, and a parent sits midway over its
  // first and last child. Identical subtrees are drawn identically.
  // O(n · height) in the worst case, O(n) for bushy search trees.
  function layoutTree(m) {
    const n = m.nodes.length;
    const kids = new Array(n);
    const roots = [];
    const hidden = (nd) => !st.showDiscarded && nd.status === "discarded";
    for (let i = 0; i < n; i++) {
      const nd = m.nodes[i];
      if (!nd || hidden(nd)) continue;
      if (nd.parent < 0 || !m.nodes[nd.parent] || hidden(m.nodes[nd.parent])) roots.push(i);
      else (kids[nd.parent] || (kids[nd.parent] = [])).push(i);
    }
    const X = new Float64Array(n), Y = new Int32Array(n).fill(-1), hiddenCount = new Int32Array(n);
    const rel = new Float64Array(n); // x relative to the parent
    const contour = new Array(n); // [left[], right[]] of a laid-out subtree, root at 0
    const order = [];
    let levels = 0;
    const shown = (id) => (st.collapsed.has(id) ? null : kids[id]);
    // a very deep tree (depth-first search) would make contour merging
    // quadratic: lay it out with leaves in consecutive slots instead, O(n)
    let deep = 0;
    for (let i = 0; i < n; i++) if (m.nodes[i] && m.nodes[i].depth > deep) deep = m.nodes[i].depth;
    const simple = deep > 300;
    let nextSlot = 0;
    // place lays children (or roots) side by side; returns their merged
    // contour and sets rel[] so that the group is centred on 0
    function place(ks) {
      let L = null, R = null, first = 0, last = 0;
      for (let i = 0; i < ks.length; i++) {
        const [cl, cr] = contour[ks[i]];
        contour[ks[i]] = null;
        if (!L) { L = cl; R = cr; rel[ks[i]] = 0; continue; }
        let shift = -Infinity;
        for (let d = 0; d < Math.min(R.length, cl.length); d++) shift = Math.max(shift, R[d] - cl[d] + 1);
        rel[ks[i]] = shift;
        last = shift;
        for (let d = 0; d < cr.length; d++) {
          if (d < R.length) R[d] = cr[d] + shift;
          else { R.push(cr[d] + shift); L.push(cl[d] + shift); }
        }
      }
      const mid = (first + last) / 2;
      for (const k of ks) rel[k] -= mid;
      for (let d = 0; d < L.length; d++) { L[d] -= mid; R[d] -= mid; }
      return [L, R];
    }
    // iterative post-order
    const stack = [];
    for (let r = roots.length - 1; r >= 0; r--) stack.push([roots[r], 0, 0]);
    while (stack.length) {
      const top = stack[stack.length - 1];
      const [id, depth, ci] = top;
      if (ci === 0) { Y[id] = depth; order.push(id); levels = Math.max(levels, depth + 1); }
      const ks = shown(id);
      if (ks && ci < ks.length) { top[2]++; stack.push([ks[ci], depth + 1, 0]); continue; }
      stack.pop();
      if (simple) X[id] = !ks || ks.length === 0 ? nextSlot++ : (X[ks[0]] + X[ks[ks.length - 1]]) / 2;
      else if (!ks || ks.length === 0) contour[id] = [[0], [0]];
      else { const [L, R] = place(ks); L.unshift(0); R.unshift(0); contour[id] = [L, R]; }
      if (st.collapsed.has(id) && kids[id]) hiddenCount[id] = countBelow(kids, id);
    }
    if (simple) return { X, Y, order, kids, width: Math.max(nextSlot, 1), levels, hiddenCount };
    let minX = 0, maxX = 0;
    if (roots.length) {
      const [L, R] = place(roots);
      for (const v of L) minX = Math.min(minX, v);
      for (const v of R) maxX = Math.max(maxX, v);
    }
    // pre-order: absolute x, shifted so the leftmost node is at 0
    for (const id of order) {
      const p = m.nodes[id].parent;
      X[id] = (Y[id] > 0 && p >= 0 && Y[p] >= 0 ? X[p] : -minX) + rel[id];
    }
    return { X, Y, order, kids, width: Math.max(maxX - minX + 1, 1), levels, hiddenCount };
  }
  function countBelow(kids, id) {
    let c = 0; const s = [id];
    while (s.length) { const x = s.pop(); for (const k of kids[x] || []) { c++; s.push(k); } }
    return c;
  }

  function ensureTreeSVG() {
    if (tree.svg) return;
    const host = $("tree");
    host.innerHTML = "";
    const svg = document.createElementNS(SVGNS, "svg");
    svg.setAttribute("class", "live-tree");
    svg.setAttribute("data-testid", "tree-svg");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", "search tree");
    const g = document.createElementNS(SVGNS, "g");
    svg.appendChild(g);
    host.appendChild(svg);
    tree.svg = svg; tree.g = g;
    svg.addEventListener("pointerdown", (e) => {
      if (e.button !== 0) return;
      tree.drag = { x: e.clientX, y: e.clientY, tx: tree.x, ty: tree.y, moved: false };
      svg.setPointerCapture(e.pointerId);
    });
    svg.addEventListener("pointermove", (e) => {
      const d = tree.drag; if (!d) return;
      const dx = e.clientX - d.x, dy = e.clientY - d.y;
      if (Math.abs(dx) + Math.abs(dy) > 3) d.moved = true;
      if (d.moved) { tree.fit = false; tree.x = d.tx + dx; tree.y = d.ty + dy; drawTree(); }
    });
    svg.addEventListener("pointerup", (e) => {
      const d = tree.drag; tree.drag = null;
      if (d && !d.moved) {
        const el = document.elementFromPoint(e.clientX, e.clientY);
        const nd = el && el.closest && el.closest("[data-id]");
        if (nd) page.inspect(Number(nd.dataset.id));
      }
    });
    svg.addEventListener("dblclick", (e) => {
      const nd = e.target.closest && e.target.closest("[data-id]");
      if (!nd) return;
      toggleCollapse(Number(nd.dataset.id));
    });
    svg.addEventListener("wheel", (e) => {
      e.preventDefault();
      const r = svg.getBoundingClientRect();
      zoomBy(e.deltaY < 0 ? 1.15 : 1 / 1.15, e.clientX - r.left, e.clientY - r.top);
    }, { passive: false });
    $("zoom-in").onclick = () => zoomBy(1.25);
    $("zoom-out").onclick = () => zoomBy(0.8);
    $("zoom-fit").onclick = () => { tree.fit = "all"; drawTree(); };
    $("zoom-follow").onclick = () => { tree.fit = "auto"; drawTree(); };
    $("show-discarded").onchange = (e) => { st.showDiscarded = e.target.checked; layoutDirty = true; drawTree(); };
    // With the tree focused, the arrow keys walk the tree (up: parent,
    // down: first child, left and right: siblings) and select what they
    // reach; the view follows the selection. Tab leaves the tree, and the
    // arrows step the search again.
    $("tree").addEventListener("keydown", (e) => {
      const L = tree.layout, m = st.view;
      if (!L || !m || e.ctrlKey || e.metaKey || e.altKey) return;
      const cur = st.selected >= 0 && L.Y[st.selected] >= 0 ? st.selected : (L.order.length ? L.order[0] : -1);
      if (cur < 0) return;
      const p = m.nodes[cur].parent;
      const sibs = p >= 0 && L.kids[p] ? L.kids[p] : L.order.filter((id) => L.Y[id] === 0);
      const i = sibs.indexOf(cur);
      let next = -1;
      switch (e.key) {
        case "ArrowUp": next = p >= 0 && L.Y[p] >= 0 ? p : -1; break;
        case "ArrowDown": next = !st.collapsed.has(cur) && L.kids[cur] && L.kids[cur].length ? L.kids[cur][0] : -1; break;
        case "ArrowLeft": next = i > 0 ? sibs[i - 1] : -1; break;
        case "ArrowRight": next = i >= 0 && i < sibs.length - 1 ? sibs[i + 1] : -1; break;
        case "Enter": next = cur; break;
        default: return;
      }
      e.preventDefault(); e.stopPropagation();
      if (next < 0) return;
      page.inspect(next);
      if (tree.fit) tree.fit = false;
      const r = page.sz.treeW && page.sz.treeH ? { w: page.sz.treeW, h: page.sz.treeH } : { w: 600, h: 400 };
      const nx = (L.X[next] * SLOT + SLOT / 2) * tree.k + tree.x, ny = (L.Y[next] * LEVEL + BOX_H / 2) * tree.k + tree.y;
      if (nx < 40 || nx > r.w - 40 || ny < 40 || ny > r.h - 40) { tree.x += r.w / 2 - nx; tree.y += r.h / 2 - ny; drawTree(); }
    });
  }
  function toggleCollapse(id) {
    if (st.collapsed.has(id)) st.collapsed.delete(id); else st.collapsed.add(id);
    layoutDirty = true; drawTree();
  }
  function zoomBy(f, cx, cy) {
    if (!tree.svg) return;
    const r = tree.svg.getBoundingClientRect();
    if (cx === undefined) { cx = r.width / 2; cy = r.height / 2; }
    const k = Math.min(4, Math.max(0.01, tree.k * f));
    tree.x = cx - (cx - tree.x) * (k / tree.k);
    tree.y = cy - (cy - tree.y) * (k / tree.k);
    tree.k = k; tree.fit = false;
    drawTree();
  }

  function drawTree() {
    const m = st.view;
    if (!m) return;
    ensureTreeSVG();
    if (layoutDirty || !tree.layout) { tree.layout = layoutTree(m); layoutDirty = false; }
    const L = tree.layout;
    const W = page.sz.treeW || 600, H = page.sz.treeH || 400;
    const worldW = L.width * SLOT, worldH = L.levels * LEVEL;
    if (tree.fit) {
      const proj = document.documentElement.classList.contains("projector");
      const big = proj ? 1.6 : 1.2;
      tree.k = Math.min(big, (W - 20) / worldW, (H - 20) / worldH);
      tree.k = Math.max(tree.k, 0.01);
      tree.x = (W - worldW * tree.k) / 2;
      tree.y = 10;
      // in auto mode a big tree is shown at a readable scale, following the
      // node just expanded; "Fit" (or 0) shows all of it
      if (tree.fit === "auto" && tree.k < (proj ? 0.9 : 0.7) && m.last) {
        tree.k = proj ? 1.2 : 0.9;
        const id = m.last.expanded.id;
        tree.x = W / 2 - (L.X[id] * SLOT + SLOT / 2) * tree.k;
        tree.y = H / 3 - (L.Y[id] * LEVEL) * tree.k;
      }
    }
    const k = tree.k;
    const g = tree.g;
    g.setAttribute("transform", `translate(${tree.x},${tree.y}) scale(${k})`);
    while (g.firstChild) g.removeChild(g.firstChild);
    // the visible world rectangle, with a margin
    const x0 = -tree.x / k - SLOT, x1 = (W - tree.x) / k + SLOT;
    const y0 = -tree.y / k - LEVEL, y1 = (H - tree.y) / k + LEVEL;
    const cx = (id) => L.X[id] * SLOT + SLOT / 2, cy = (id) => L.Y[id] * LEVEL + BOX_H / 2 + 4;
    const vis = [];
    for (const id of L.order) {
      const x = cx(id), y = cy(id);
      if (x >= x0 && x <= x1 && y >= y0 && y <= y1) vis.push(id);
    }
    const onPath = pathSet(m);
    const compact = k < 0.45 || vis.length > 600;
    // edges: one path, plus the solution path's edges on top
    let d = "", dp = "";
    const seenEdge = new Set();
    for (const id of vis) {
      const p = m.nodes[id].parent;
      if (p >= 0 && L.Y[p] >= 0) {
        const seg = `M${cx(p)},${cy(p)}L${cx(id)},${cy(id)}`;
        if (onPath.has(id) && onPath.has(p)) dp += seg; else d += seg;
        seenEdge.add(p);
      }
      // edges to children outside the view
      const ks = st.collapsed.has(id) ? null : L.kids[id];
      if (ks) for (const c of ks) if (L.Y[c] >= 0 && !(cx(c) >= x0 && cx(c) <= x1 && cy(c) >= y0 && cy(c) <= y1)) d += `M${cx(id)},${cy(id)}L${cx(c)},${cy(c)}`;
    }
    el("path", { d, class: "edge" }, g);
    if (dp) el("path", { d: dp, class: "edge path" }, g);
    const nextId = m.open.length && m.status === "running" ? m.open[0].id : -1;
    if (compact) {
      const byStatus = {};
      const R = 14;
      for (const id of vis) {
        const s = drawnStatus(m, m.nodes[id], onPath);
        byStatus[s] = (byStatus[s] || "") + `M${cx(id) - R},${cy(id) - R}h${2 * R}v${2 * R}h${-2 * R}z`;
      }
      for (const s in byStatus) {
        const lg = st.legend[s] || {};
        el("path", { d: byStatus[s], class: "cnode " + s, fill: lg.fill || "#fff", stroke: lg.stroke || "#000", "stroke-width": Math.max(2, 2 / k) }, g);
      }
      // still clickable: invisible hit targets only when few enough
      if (vis.length <= 3000) for (const id of vis) el("rect", { x: cx(id) - R, y: cy(id) - R, width: 2 * R, height: 2 * R, class: "hit", "data-id": id, "data-testid": "tree-node", "data-f": fmt(m.nodes[id].f) }, g);
    } else {
      for (const id of vis) drawNode(g, m, id, cx(id) - BOX_W / 2, L.Y[id] * LEVEL + 4, drawnStatus(m, m.nodes[id], onPath), id === nextId, L.hiddenCount[id]);
    }
    $("tree-count").textContent = `${m.nodes.length} nodes` + (vis.length < L.order.length ? ` · ${vis.length} in view` : "");
  }

  function drawNode(g, m, id, x, y, status, isNext, hiddenBelow) {
    const n = m.nodes[id];
    const lg = st.legend[status] || {};
    const grp = el("g", { class: `tnode ${status}${id === st.selected ? " selected" : ""}${isNext ? " next" : ""}`, "data-id": id, "data-testid": "tree-node", "data-f": fmt(n.f), "data-state": n.state, transform: `translate(${x},${y})` }, g);
    if (id === st.selected) el("rect", { x: -5, y: -5, width: BOX_W + 10, height: BOX_H + 10, rx: 9, class: "sel-ring" }, grp);
    if (isNext) el("rect", { x: -3, y: -3, width: BOX_W + 6, height: BOX_H + 6, rx: 8, class: "next-ring" }, grp);
    el("rect", { width: BOX_W, height: BOX_H, rx: 6, fill: lg.fill || "#fff", stroke: lg.stroke || "#333", "stroke-width": lg.width || 2, "stroke-dasharray": lg.dash || "" }, grp);
    if (lg.double) el("rect", { x: 3, y: 3, width: BOX_W - 6, height: BOX_H - 6, rx: 4, fill: "none", stroke: lg.stroke, "stroke-width": 1 }, grp);
    const kind = st.problem ? st.problem.kind : "";
    if (kind === "puzzle") miniBoard(grp, n.state, 4, 4, 34);
    else { const t = el("text", { x: BOX_W / 2, y: 18, class: "tstate", "text-anchor": "middle" }, grp); t.textContent = n.state.length > 13 ? n.state.slice(0, 12) + "…" : n.state; }
    const algo = st.problem ? st.problem.options.split(" ")[0] : "astar";
    const lines = (algo === "bfs" || algo === "dfs") ? [["d", n.depth], ["g", fmt(n.g)]] : algo === "ucs" ? [["g", fmt(n.g)], ["f", fmt(n.f)]] : [["g", fmt(n.g)], ["h", fmt(n.h)], ["f", fmt(n.f)]];
    const tx = kind === "puzzle" ? 44 : 8;
    if (kind === "puzzle") {
      lines.forEach(([k, v], i) => { const t = el("text", { x: tx, y: 16 + i * 15, class: "tnum" + (k === "f" ? " tf" : "") }, grp); t.textContent = `${k} ${v}`; });
    } else {
      // g and h on one line, f (what the search orders by) bold below
      const short = (v) => (typeof v === "string" && v.length > 5 ? String(Number(Number(v).toPrecision(4))) : v);
      const fLine = lines.find(([k]) => k === "f");
      const t = el("text", { x: BOX_W / 2, y: 36, class: "tnum", "text-anchor": "middle" }, grp);
      t.textContent = lines.filter(([k]) => k !== "f").map(([k, v]) => `${k} ${short(v)}`).join(" ");
      if (fLine) { const tf = el("text", { x: BOX_W / 2, y: 51, class: "tnum tf", "text-anchor": "middle" }, grp); tf.textContent = `f ${short(fLine[1])}`; }
    }
    if (lg.letter) { el("circle", { cx: BOX_W, cy: 0, r: 8, fill: lg.stroke }, grp); const b = el("text", { x: BOX_W, y: 4, class: "badge-l", "text-anchor": "middle" }, grp); b.textContent = lg.letter; }
    if (hiddenBelow) { const t = el("text", { x: BOX_W / 2, y: BOX_H + 16, class: "folded", "text-anchor": "middle" }, grp); t.textContent = "+" + hiddenBelow; }
  }

  tree.draw = drawTree;
  tree.zoomBy = zoomBy;
  tree.toggleCollapse = toggleCollapse;
  tree.invalidate = () => { layoutDirty = true; };
  return tree;
}
