// The problem view: the puzzle board of the node shown, the grid with its
// searched cells, or the graph (road map) with each city's f. It reads the
// model through its API and the problem description sent in hello. A cell
// or city shows its best node (open, closed or goal before a discarded
// duplicate), kept per cell by CellIndex as the model changes. A small
// grid is SVG with numbers in the cells; a big one is a canvas
// (gridcanvas.js) with zoom and pan.
import { $, fmt, fmtF, esc, el, tilesOf, stateLabel } from "./util.js";
import { createGridCanvas } from "./gridcanvas.js";
import { dirFill, familyStatus, fName, usesH, hText, fText, hFailed } from "./family.js";
import { placeMapLabels } from "./maplabels.js";
import { currentOf } from "./model.js";

// TAP_REACH is how far from a city's centre, in screen pixels, a tap on
// the map still chooses it: half of a 44 px fingertip target.
const TAP_REACH = 22;

// miniBoard draws a small puzzle board into the SVG group g: one path for
// the tiles, one rect for the blank and one text whose characters are
// placed each in its cell, four elements whatever the size (a tree shows
// a hundred of them), or one text per tile when a tile has two digits.
export function miniBoard(g, state, x, y, size) {
  const t = tilesOf(state), n = Math.round(Math.sqrt(t.length)), c = size / n;
  const grp = el("g", { transform: `translate(${x},${y})`, class: "mini" }, g);
  if (t.every((v) => v < 10)) {
    let d = "", xs = "", ys = "", digits = "";
    t.forEach((v, i) => {
      const cx = (i % n) * c, cy = Math.floor(i / n) * c;
      if (v === 0) { el("rect", { x: cx, y: cy, width: c, height: c, class: "blank" }, grp); return; }
      d += `M${cx},${cy}h${c}v${c}h${-c}z`;
      xs += `${+(cx + c / 2).toFixed(2)} `; ys += `${+(cy + c * 0.75).toFixed(2)} `;
      digits += v;
    });
    el("path", { d, class: "tile" }, grp);
    const tx = el("text", { x: xs.trim(), y: ys.trim(), "text-anchor": "middle", "font-size": c * 0.75 }, grp);
    tx.textContent = digits;
    return;
  }
  t.forEach((v, i) => {
    const r = el("rect", { x: (i % n) * c, y: Math.floor(i / n) * c, width: c, height: c, class: v === 0 ? "blank" : "tile" }, grp);
    if (v !== 0) { const tx = el("text", { x: (i % n) * c + c / 2, y: Math.floor(i / n) * c + c * 0.75, "text-anchor": "middle", "font-size": c * 0.75 }, grp); tx.textContent = v; }
    return r;
  });
}
// boardSVG is a puzzle board of size px as an SVG string; tiles in their
// goal place are marked.
export function boardSVG(problem, state, size) {
  const t = tilesOf(state), n = Math.round(Math.sqrt(t.length)), c = size / n;
  const goal = problem && problem.goalTiles;
  let s = `<svg class="board" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="board ${esc(state)}">`;
  t.forEach((v, i) => {
    const x = (i % n) * c, y = Math.floor(i / n) * c;
    const home = goal && goal[i] === v;
    s += `<rect x="${x + 1}" y="${y + 1}" width="${c - 2}" height="${c - 2}" rx="4" class="${v === 0 ? "blank" : home ? "tile home" : "tile"}"/>`;
    if (v) s += `<text x="${x + c / 2}" y="${y + c * 0.68}" text-anchor="middle" font-size="${c * 0.5}">${v}</text>`;
  });
  return s + "</svg>";
}

// CellIndex keeps the best node of every cell (grid: y*width+x; graph:
// node index): updated per step in O(changed), rebuilt in O(n).
export class CellIndex {
  constructor(size) { this.best = new Int32Array(size).fill(-1); this.size = size; }
  rebuild(model) {
    this.best.fill(-1);
    if (model.sparse) for (const id of model.heldIds()) this.offer(model, id); // a bounded search: the nodes held
    else for (let id = 0; id < model.nodeEnd; id++) this.offer(model, id);
  }
  offer(model, id) {
    const c = model.cell(id), from = model.iterStart || 0; // IDS, IDA*: the current iteration only
    if (c < 0 || c >= this.size || id < from) return -1;
    const cur = this.best[c];
    if (cur < from || cur >= model.nodeEnd || (model.nodeStatus(cur) === "discarded" && model.nodeStatus(id) !== "discarded")) this.best[c] = id;
    return c;
  }
  // step applies a step's change; returns the cells touched.
  step(model, change) {
    const cells = [];
    for (const id of change.added) { const c = this.offer(model, id); if (c >= 0) cells.push(c); }
    for (const id of change.changed) { const c = this.offer(model, id); if (c >= 0) cells.push(c); }
    return cells;
  }
}

// createProblemView wires clicks on cells and cities; returns {draw,
// attach(model)}.
export function createProblemView(page) {
  const st = page.st;
  const host = $("problem-view");
  let index = null, canvas = null, bigGrid = false;

  function attach(model) {
    const p = model.problem;
    index = null; canvas = null;
    if (!p) return;
    const size = p.kind === "grid" ? p.width * p.height : p.kind === "graph" ? (p.nodes || []).length : 0;
    if (!size) return;
    index = new CellIndex(size);
    index.rebuild(model);
    bigGrid = p.kind === "grid" && (p.width > 32 || p.height > 32);
    if (bigGrid) canvas = createGridCanvas(page, host, p, index);
    let iter = model.iterStart || 0;
    model.subscribe((change) => {
      if (change.kind === "step" && (model.iterStart || 0) !== iter) change = { kind: "move" }; // a new iteration: rebuilt
      iter = model.iterStart || 0;
      if (change.kind === "step") { const cells = index.step(model, change); if (canvas) canvas.touch(cells); }
      else if (change.kind !== "states") { index.rebuild(model); if (canvas) canvas.touch(null); }
    });
  }

  function draw() {
    const m = page.model, p = m && m.problem;
    if (!p) return;
    if (p.kind === "puzzle") drawPuzzle(p, m);
    else if (p.kind === "grid" && canvas) canvas.draw();
    else if (p.kind === "grid") drawGrid(p, m);
    else if (p.kind === "graph") drawGraph(p, m);
  }

  // shownNode is the node the puzzle's board shows and the words that
  // name it in the caption, decided together so that they never disagree:
  // the node selected, else the goal once found (a search that tests on
  // generation finds it without expanding it), else the node expanded
  // last, else the start.
  function shownNode(m) {
    if (st.selected >= 0 && st.selected < m.nodeEnd) return { id: st.selected, what: "selected node" };
    if (m.path) return { id: m.path[m.path.length - 1], what: "goal reached" };
    if (m.last) return { id: m.last.expanded.id, what: "node expanded last" };
    return { id: 0, what: "start" };
  }
  function drawPuzzle(p, m) {
    const { id, what } = shownNode(m);
    const state = m.state(id);
    if (state === undefined) { m.needStates([id]); return; }
    $("problem-caption").textContent = what + " " + state;
    host.innerHTML = `<div class="boards"><figure>${boardSVG(p, state, 220)}<figcaption>${esc(state)} · <span class="nobreak">g ${fmt(m.g(id))}${usesH(m) ? ` · h ${hText(m, id)}` : ""}</span></figcaption></figure><figure class="goal">${boardSVG(p, p.goalTiles.join(p.goalTiles.length > 9 ? "," : ""), 110)}<figcaption>goal</figcaption></figure></div>`;
  }

  // statusOf is the status of a node as drawn: path > current > its own.
  function statusOf(m, id, onPath) {
    if (onPath.has(id)) return "path";
    if (currentOf(m) === id) return "current";
    const s = familyStatus(m, id); // beam's pruned nodes as such
    return s === "goal" ? "path" : s;
  }

  // drawGrid draws a small grid as SVG in two layers: the cells, walls,
  // terrain and axis labels, built once per size, and the searched cells,
  // rebuilt on every draw (at most 32×32 of them).
  //
  // In projector mode the cells are sized to the pane's height as well as
  // its width (so the browser does not shrink the drawing) and a cell
  // writes its f alone (to one decimal), in large type, with the arrow to its parent under
  // it: g and h at three to a cell would be under 14 px on a 1280×720
  // screen; the inspector gives them for the cell clicked.
  // cellF is f as a projector's cell writes it: to one decimal (the
  // tables and the inspector give it whole).
  const cellF = (g, h, f) => { const t = fmtF(g, h, f); return /\.\d\d/.test(t) ? fmt(Math.round(f * 10) / 10) : t; };
  const AX_SCREEN = 18, AX_PROJ = 26; // room for the axis labels (larger in projector mode)
  const KEY_H = 34; // room for the key under a projector's map (one line)
  const MARK_PROJ = 15; // a projector's S and G, px: over the 14 px a lecture hall reads
  function drawGrid(p, m) {
    const W = p.width, H = p.height;
    const proj = document.documentElement.classList.contains("projector");
    const AX = proj ? AX_PROJ : AX_SCREEN;
    const avail = Math.max(200, (page.sz.problemW || 500) - AX);
    let c = Math.max(2, Math.min(64, Math.floor(avail / W)));
    if (proj && page.sz.problemH > 0) c = Math.max(2, Math.min(c, Math.floor((page.sz.problemH - AX - KEY_H) / H)));
    // a projector's cells write f when it can be 14 px or more (0.46 of a cell)
    const big = proj ? c >= 31 : c >= 34;
    const fs = Math.max(9, Math.round(c * 0.23));
    const key = `${W}x${H}@${c}${proj ? "p" : ""}`;
    let svg = host.querySelector("svg.gridview");
    if (!svg || svg.dataset.key !== key) {
      let s = `<svg class="gridview" data-key="${key}" width="${W * c + AX}" height="${H * c + AX}" viewBox="${-AX} ${-AX} ${W * c + AX} ${H * c + AX}" data-testid="grid-svg" font-size="${fs}"><defs><marker id="ah" viewBox="0 0 6 6" refX="5" refY="3" markerWidth="5" markerHeight="5" orient="auto"><path d="M0,0L6,3L0,6z" fill="#333"/></marker></defs>`;
      // axis labels: x along the top, y down the left, as in "(x,y)"
      const every = c >= 18 ? 1 : c >= 8 ? 5 : 10;
      s += `<g class="axis" data-testid="grid-axis">`;
      for (let x = 0; x < W; x += every) s += `<text x="${x * c + c / 2}" y="-5" text-anchor="middle">${x}</text>`;
      for (let y = 0; y < H; y += every) s += `<text x="-4" y="${y * c + c / 2 + 4}" text-anchor="end">${y}</text>`;
      s += `</g><rect width="${W * c}" height="${H * c}" class="free"/>`;
      let walls = "", terrain = "";
      for (let y = 0; y < H; y++) {
        for (let x = 0; x < W; x++) {
          if (!p.cells[y][x]) { // one rectangle per run of walls
            let run = 1;
            while (x + run < W && !p.cells[y][x + run]) run++;
            walls += `M${x * c},${y * c}h${run * c}v${c}h${-run * c}z`;
            x += run - 1;
          } else if (p.cells[y][x] > 1) terrain += `<rect x="${x * c}" y="${y * c}" width="${c}" height="${c}" class="terrain" style="opacity:${0.1 + p.cells[y][x] * 0.07}"/>`;
        }
      }
      s += terrain;
      if (c >= 8) {
        let gl = "";
        for (let x = 1; x < W; x++) gl += `M${x * c},0v${H * c}`;
        for (let y = 1; y < H; y++) gl += `M0,${y * c}h${W * c}`;
        s += `<path d="${gl}" class="gridline"/>`;
      }
      s += `<path d="${walls}" class="wall"/><g class="dyn"></g>`;
      const [sx, sy] = p.start.split(",").map(Number), [gx, gy] = p.goal.split(",").map(Number);
      // a projector's S and G stand in their cell's bottom right corner,
      // clear of its f, at 14 px at least (MARK_PROJ)
      const mark = (x, y, t) => proj && big
        ? `<text x="${x * c + c - 3}" y="${y * c + c - 3}" text-anchor="end" class="mark" font-size="${Math.max(MARK_PROJ, Math.round(c * 0.3))}">${t}</text>`
        : `<text x="${x * c + c / 2}" y="${y * c + c * 0.62}" text-anchor="middle" class="mark" font-size="${Math.max(proj ? MARK_PROJ : 8, c * 0.45)}">${t}</text>`;
      s += `<g class="marks">${mark(sx, sy, "S")}${mark(gx, gy, "G")}</g></svg>`;
      const fKey = fName(m);
      const legend = proj ? `Each cell: ${fKey}, arrow to its parent.` : `Each cell: ${fKey === "f" ? "F" : fKey} top left, G bottom left${usesH(m) ? ", H bottom right" : ""}; the arrow points to the parent.`;
      host.innerHTML = s + (big ? `<p class="muted small">${legend}</p>` : "");
      svg = host.querySelector("svg.gridview");
      $("problem-caption").textContent = `${W}×${H} grid, S (${p.start}) → G (${p.goal})`;
    }
    const onPath = new Set(m.path || []);
    const nextId = m.openCount && m.status === "running" ? m.openHead(1)[0] : -1;
    let s = "";
    for (let cell = 0; cell < index.size; cell++) {
      const id = index.best[cell];
      if (id < 0 || id >= m.nodeEnd) continue;
      const x = cell % W, y = (cell - x) / W;
      const status = statusOf(m, id, onPath);
      const lg = st.legend[status] || {}, df = dirFill(m, id, status);
      s += `<g class="gcell ${status}${id === st.selected ? " selected" : ""}" data-id="${id}" data-testid="grid-cell" data-state="${x},${y}"${df ? ` data-dir="${df.dir}"` : ""}><rect x="${x * c + 1}" y="${y * c + 1}" width="${Math.max(1, c - 2)}" height="${Math.max(1, c - 2)}" fill="${df ? df.fill : lg.fill}" stroke="${lg.stroke}" stroke-width="${Math.min(3, c / 10)}" ${lg.dash && c >= 8 ? `stroke-dasharray="${lg.dash}"` : ""}/>`;
      if (id === nextId && c >= 8) s += `<rect x="${x * c + 3}" y="${y * c + 3}" width="${c - 6}" height="${c - 6}" class="next-ring"/>`;
      if (big && proj) {
        // f alone, as large as its cell's upper part takes (a monospace digit is 0.6 em wide)
        const f = hFailed(m, id) ? fText(m, id) : cellF(m.g(id), m.h(id), m.f(id)), ffs = Math.min(c * 0.46, (c - 6) / (0.6 * Math.max(2, f.length)));
        // a long f that would be under 14 px is left to the tables and the inspector
        if (ffs >= 14) s += `<text x="${x * c + c / 2}" y="${y * c + 3 + ffs * 0.8}" class="cf" text-anchor="middle" font-size="${ffs.toFixed(1)}">${f}</text>`;
      } else if (big) s += `<text x="${x * c + 3}" y="${y * c + fs + 2}" class="cf">${fText(m, id)}</text><text x="${x * c + 3}" y="${y * c + c - 4}" class="cg">${fmt(m.g(id))}</text>${usesH(m) ? `<text x="${x * c + c - 3}" y="${y * c + c - 4}" class="ch" text-anchor="end">${hText(m, id)}</text>` : ""}`;
      const par = m.parent(id);
      if (big && par >= 0 && status !== "discarded" && status !== "pruned") {
        const pc = m.cell(par), px = pc % W, py = (pc - px) / W;
        const dx = px - x, dy = py - y, mx = x * c + c / 2, my = y * c + (proj ? c * 0.74 : c / 2);
        s += `<line x1="${mx - dx * c * 0.12}" y1="${my - dy * c * 0.12}" x2="${mx + dx * c * 0.22}" y2="${my + dy * c * 0.22}" class="ptr" marker-end="url(#ah)"/>`;
      }
      s += `</g>`;
    }
    if (m.path && m.path.length > 1) {
      const pts = m.path.map((id) => { const pc = m.cell(id), x = pc % W; return `${x * c + c / 2},${(pc - x) / W * c + c / 2}`; }).join(" ");
      s += `<polyline points="${pts}" class="gpath"/>`;
    }
    svg.querySelector("g.dyn").innerHTML = s;
  }

  function drawGraph(p, m) {
    const nodes = p.nodes || [];
    const hasXY = nodes.every((n) => n.hasXY);
    const pos = new Map();
    nodes.forEach((n, i) => pos.set(n.name, hasXY ? [n.x, n.y] : [Math.cos(2 * Math.PI * i / nodes.length), Math.sin(2 * Math.PI * i / nodes.length)]));
    let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
    for (const [x, y] of pos.values()) { minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y); }
    // projector mode: the map fits its pane's height at scale 1, so its
    // labels are drawn at the size the style sheet gives them
    const proj = document.documentElement.classList.contains("projector");
    // (the labels are placed inside the map, so the margin only keeps the
    // dots off its edge)
    const Wd = proj && page.sz.problemW > 0 ? page.sz.problemW : Math.max(300, page.sz.problemW || 500), Hd = proj && page.sz.problemH > 0 ? Math.max(80, Math.min(Wd * 0.8, page.sz.problemH - 4)) : Wd * 0.62, pad = proj ? 14 : 40;
    const sx = (x) => pad + (x - minX) / ((maxX - minX) || 1) * (Wd - 2 * pad);
    const sy = (y) => hasXY ? Hd - pad - (y - minY) / ((maxY - minY) || 1) * (Hd - 2 * pad) : pad + (y - minY) / ((maxY - minY) || 1) * (Hd - 2 * pad);
    const onPath = new Set(m.path || []);
    const pathCells = new Set((m.path || []).map((id) => m.cell(id)));
    const idx = new Map(nodes.map((n, i) => [n.name, i]));
    let s = `<svg class="mapview" width="${Wd}" height="${Hd}" viewBox="0 0 ${Wd} ${Hd}" data-testid="graph-svg">`;
    // the labels are placed first, so that none overlaps another (maplabels.js)
    const R = 8, fonts = labelFonts(proj);
    const roads = [], cities = [];
    nodes.forEach((n, i) => {
      const [x, y] = pos.get(n.name), id = index.best[i], nd = id >= 0 && id < m.nodeEnd;
      cities.push({ x: sx(x), y: sy(y), name: n.name, f: nd ? fText(m, id) : "", id, nd, mark: n.name === p.start || n.name === p.goal });
    });
    for (const e of p.edges || []) {
      const a = pos.get(e.from), b = pos.get(e.to);
      // a road between two cities the search has reached gets its cost first
      const first = !!(cities[idx.get(e.from)] || {}).nd && !!(cities[idx.get(e.to)] || {}).nd;
      if (a && b) roads.push({ e, x1: sx(a[0]), y1: sy(a[1]), x2: sx(b[0]), y2: sy(b[1]), text: fmt(e.cost), first });
    }
    const placed = placeMapLabels({ cities, roads, W: Wd, H: Hd, r: R, cityFont: fonts.city, costFont: fonts.cost });
    roads.forEach((rd) => {
      const on = pathCells.has(idx.get(rd.e.from)) && pathCells.has(idx.get(rd.e.to));
      s += `<line x1="${rd.x1}" y1="${rd.y1}" x2="${rd.x2}" y2="${rd.y2}" class="road${on ? " on" : ""}"><title>${esc(rd.e.from)} – ${esc(rd.e.to)}: ${rd.text}</title></line>`;
    });
    roads.forEach((rd, i) => {
      const q = placed.roads[i];
      if (q) s += `<text x="${q.x.toFixed(1)}" y="${q.y.toFixed(1)}" class="cost" text-anchor="middle">${rd.text}</text>`;
    });
    nodes.forEach((n, i) => {
      const c = cities[i], q = placed.cities[i], id = c.id, nd = c.nd;
      const status = nd ? statusOf(m, id, onPath) : "none";
      const lg = st.legend[status] || { fill: "#fff", stroke: "#888" }, df = nd ? dirFill(m, id, status) : null;
      s += `<g class="city ${status}" ${nd ? `data-id="${id}"` : ""} data-testid="graph-node" data-state="${esc(n.name)}"${df ? ` data-dir="${df.dir}"` : ""}><title>${esc(n.name)}</title><circle cx="${c.x}" cy="${c.y}" r="${R}" fill="${df ? df.fill : lg.fill}" stroke="${lg.stroke}" stroke-width="${lg.width || 1.5}"/><text x="${q.x.toFixed(1)}" y="${q.y.toFixed(1)}" text-anchor="${q.anchor}" class="cname">${esc(q.name)}${nd && !q.bare ? ` <tspan class="cf">${c.f}</tspan>` : ""}</text>${n.name === p.start || n.name === p.goal ? `<text x="${c.x}" y="${c.y + 4}" text-anchor="middle" class="mark small">${n.name === p.start ? "S" : "G"}</text>` : ""}</g>`;
    });
    host.innerHTML = s + "</svg>";
    $("problem-caption").textContent = `${p.start} → ${p.goal}; a city shows ${fName(m)} once generated`;
  }
  // labelFonts reads the map labels' fonts from the style sheet (larger in
  // projector mode), once per mode: maplabels.js measures with them.
  const fonts = new Map();
  function labelFonts(proj) {
    if (!fonts.has(proj)) {
      const probe = document.createElement("div");
      probe.style.cssText = "position:absolute;visibility:hidden;width:0;height:0;overflow:hidden";
      probe.innerHTML = `<svg class="mapview"><text class="cname">A</text><text class="cost">1</text></svg>`;
      document.body.appendChild(probe);
      const f = (e) => { const cs = getComputedStyle(e); return `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`; };
      const [city, cost] = probe.querySelectorAll("text");
      fonts.set(proj, { city: f(city), cost: f(cost) });
      probe.remove();
    }
    return fonts.get(proj);
  }
  host.addEventListener("click", (e) => {
    const g = (e.target.closest && e.target.closest("[data-id]")) || nearCity(e.clientX, e.clientY);
    if (g) page.inspect(Number(g.dataset.id));
  });
  // nearCity is the city of the map whose circle's centre is nearest a
  // tap beside every city, within TAP_REACH screen pixels, or null: a
  // city's circle is smaller than a fingertip. O(cities drawn) a tap.
  function nearCity(x, y) {
    let best = null, bestD = TAP_REACH * TAP_REACH;
    for (const c of host.querySelectorAll("g.city[data-id] circle")) {
      const r = c.getBoundingClientRect(), dx = r.left + r.width / 2 - x, dy = r.top + r.height / 2 - y, d = dx * dx + dy * dy;
      if (d <= bestD) { best = c.parentNode; bestD = d; }
    }
    return best;
  }
  return { draw, attach };
}
