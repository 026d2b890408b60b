// The problem view: the puzzle board of the node shown, the grid with its
// searched cells, or the graph (road map) with each city's f. It reads the
// model and the problem description sent in hello.
import { $, fmt, esc, el, tilesOf } from "./util.js";
import { drawnStatus, pathSet } from "./model.js";

// miniBoard draws a small puzzle board into the SVG group g.
export function miniBoard(g, state, x, y, size) {
  const t = tilesOf(state), n = Math.round(Math.sqrt(t.length)), c = size / n;
  const grp = el("g", { transform: `translate(${x},${y})`, class: "mini" }, g);
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

// createProblemView wires clicks on cells and cities; returns {draw}.
export function createProblemView(page) {
  const st = page.st;
  function drawProblem() {
    const p = st.problem, m = st.view;
    if (!p || !m) return;
    const host = $("problem-view");
    if (p.kind === "puzzle") drawPuzzle(host, p, m);
    else if (p.kind === "grid") drawGrid(host, p, m);
    else if (p.kind === "graph") drawGraph(host, p, m);
  }
  function shownNode(m) {
    if (st.selected >= 0 && m.nodes[st.selected]) return m.nodes[st.selected];
    if (m.path && m.path.length) return m.nodes[m.path[m.path.length - 1]];
    if (m.last) return m.nodes[m.last.expanded.id];
    return m.nodes[0];
  }
  function drawPuzzle(host, p, m) {
    const n = shownNode(m);
    if (!n) return;
    $("problem-caption").textContent = (st.selected >= 0 ? "selected node " : m.last ? "node expanded last " : "start ") + n.state;
    host.innerHTML = `<div class="boards"><figure>${boardSVG(p, n.state, 220)}<figcaption>${esc(n.state)} · g ${fmt(n.g)} · h ${fmt(n.h)}</figcaption></figure><figure class="goal">${boardSVG(p, p.goalTiles.join(p.goalTiles.length > 9 ? "," : ""), 110)}<figcaption>goal</figcaption></figure></div>`;
  }
  // best node per state: the open, closed or goal node (not a discarded duplicate)
  function nodeByState(m) {
    const by = new Map();
    for (const n of m.nodes) {
      if (!n) continue;
      const cur = by.get(n.state);
      if (!cur || (cur.status === "discarded" && n.status !== "discarded")) by.set(n.state, n);
    }
    return by;
  }
  // drawGrid draws the grid in two layers: the cells, walls and terrain,
  // built once per size, and the searched cells, rebuilt on every draw. A
  // cell shows the best node of its state (open, closed or goal before a
  // discarded duplicate); cells of a large map are drawn without numbers.
  function drawGrid(host, p, m) {
    const W = p.width, H = p.height;
    const avail = Math.max(200, page.sz.problemW || 500);
    const c = Math.max(2, Math.min(64, Math.floor(avail / W)));
    const big = c >= 34;
    const fs = Math.max(9, Math.round(c * 0.23));
    const key = `${W}x${H}@${c}`;
    let svg = host.querySelector("svg.gridview");
    if (!svg || svg.dataset.key !== key) {
      let s = `<svg class="gridview" data-key="${key}" width="${W * c}" height="${H * c}" viewBox="0 0 ${W * c} ${H * c}" data-testid="grid-svg" font-size="${fs}"><defs><marker id="ah" viewBox="0 0 6 6" refX="5" refY="3" markerWidth="5" markerHeight="5" orient="auto"><path d="M0,0L6,3L0,6z" fill="#333"/></marker></defs>`;
      s += `<rect width="${W * c}" height="${H * c}" class="free"/>`;
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
      s += `<g class="marks"><text x="${sx * c + c / 2}" y="${sy * c + c * 0.62}" text-anchor="middle" class="mark" font-size="${Math.max(8, c * 0.45)}">S</text>`;
      s += `<text x="${gx * c + c / 2}" y="${gy * c + c * 0.62}" text-anchor="middle" class="mark" font-size="${Math.max(8, c * 0.45)}">G</text></g></svg>`;
      host.innerHTML = s + (big ? `<p class="muted small">Each cell: F top left, G bottom left, H bottom right; the arrow points to the parent.</p>` : "");
      svg = host.querySelector("svg.gridview");
      $("problem-caption").textContent = `${W}×${H} grid, S ${p.start} → G ${p.goal}`;
    }
    const by = nodeByState(m), onPath = pathSet(m);
    const nextId = m.open.length && m.status === "running" ? m.open[0].id : -1;
    let s = "";
    for (const [state, n] of by) {
      const [x, y] = state.split(",").map(Number);
      const status = drawnStatus(m, n, onPath);
      const lg = st.legend[status] || {};
      s += `<g class="gcell ${status}${n.id === st.selected ? " selected" : ""}" data-id="${n.id}" data-testid="grid-cell" data-state="${state}"><rect x="${x * c + 1}" y="${y * c + 1}" width="${Math.max(1, c - 2)}" height="${Math.max(1, c - 2)}" fill="${lg.fill}" stroke="${lg.stroke}" stroke-width="${Math.min(3, c / 10)}" ${lg.dash && c >= 8 ? `stroke-dasharray="${lg.dash}"` : ""}/>`;
      if (n.id === nextId && c >= 8) s += `<rect x="${x * c + 3}" y="${y * c + 3}" width="${c - 6}" height="${c - 6}" class="next-ring"/>`;
      if (big) s += `<text x="${x * c + 3}" y="${y * c + fs + 2}" class="cf">${fmt(n.f)}</text><text x="${x * c + 3}" y="${y * c + c - 4}" class="cg">${fmt(n.g)}</text><text x="${x * c + c - 3}" y="${y * c + c - 4}" class="ch" text-anchor="end">${fmt(n.h)}</text>`;
      if (big && n.parent >= 0 && m.nodes[n.parent] && status !== "discarded") {
        const [px, py] = m.nodes[n.parent].state.split(",").map(Number);
        const dx = px - x, dy = py - y, mx = x * c + c / 2, my = y * c + c / 2;
        s += `<line x1="${mx - dx * c * 0.12}" y1="${my - dy * c * 0.12}" x2="${mx + dx * c * 0.22}" y2="${my + dy * c * 0.22}" class="ptr" marker-end="url(#ah)"/>`;
      }
      s += `</g>`;
    }
    if (m.path && m.path.length > 1) {
      const pts = m.path.map((id) => m.nodes[id].state.split(",").map(Number)).map(([x, y]) => `${x * c + c / 2},${y * c + c / 2}`).join(" ");
      s += `<polyline points="${pts}" class="gpath"/>`;
    }
    svg.querySelector("g.dyn").innerHTML = s;
  }
  function drawGraph(host, p, m) {
    const nodes = p.nodes || [];
    const hasXY = nodes.every((n) => n.hasXY);
    const pos = new Map();
    nodes.forEach((n, i) => pos.set(n.name, hasXY ? [n.x, n.y] : [Math.cos(2 * Math.PI * i / nodes.length), Math.sin(2 * Math.PI * i / nodes.length)]));
    let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
    for (const [x, y] of pos.values()) { minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y); }
    const Wd = Math.max(300, page.sz.problemW || 500), Hd = Wd * 0.62, pad = 40;
    const sx = (x) => pad + (x - minX) / ((maxX - minX) || 1) * (Wd - 2 * pad);
    const sy = (y) => hasXY ? Hd - pad - (y - minY) / ((maxY - minY) || 1) * (Hd - 2 * pad) : pad + (y - minY) / ((maxY - minY) || 1) * (Hd - 2 * pad);
    const by = nodeByState(m), onPath = pathSet(m);
    const pathStates = new Set((m.path || []).map((id) => m.nodes[id].state));
    let s = `<svg class="mapview" width="${Wd}" height="${Hd}" viewBox="0 0 ${Wd} ${Hd}" data-testid="graph-svg">`;
    for (const e of p.edges || []) {
      const a = pos.get(e.from), b = pos.get(e.to);
      if (!a || !b) continue;
      const on = pathStates.has(e.from) && pathStates.has(e.to);
      s += `<line x1="${sx(a[0])}" y1="${sy(a[1])}" x2="${sx(b[0])}" y2="${sy(b[1])}" class="road${on ? " on" : ""}"/>`;
      s += `<text x="${(sx(a[0]) + sx(b[0])) / 2}" y="${(sy(a[1]) + sy(b[1])) / 2 - 3}" class="cost" text-anchor="middle">${fmt(e.cost)}</text>`;
    }
    for (const n of nodes) {
      const [x, y] = pos.get(n.name);
      const nd = by.get(n.name);
      const status = nd ? drawnStatus(m, nd, onPath) : "none";
      const lg = st.legend[status] || { fill: "#fff", stroke: "#888" };
      s += `<g class="city ${status}" ${nd ? `data-id="${nd.id}"` : ""} data-testid="graph-node" data-state="${esc(n.name)}"><circle cx="${sx(x)}" cy="${sy(y)}" r="8" fill="${lg.fill}" stroke="${lg.stroke}" stroke-width="${lg.width || 1.5}"/><text x="${sx(x)}" y="${sy(y) - 12}" text-anchor="middle" class="cname">${esc(n.name)}${nd ? ` <tspan class="cf">${fmt(nd.f)}</tspan>` : ""}</text>${n.name === p.start || n.name === p.goal ? `<text x="${sx(x)}" y="${sy(y) + 4}" text-anchor="middle" class="mark small">${n.name === p.start ? "S" : "G"}</text>` : ""}</g>`;
    }
    host.innerHTML = s + "</svg>";
    $("problem-caption").textContent = `${p.start} → ${p.goal}; a city shows f once generated`;
  }
  $("problem-view").addEventListener("click", (e) => {
    const g = e.target.closest && e.target.closest("[data-id]");
    if (g) page.inspect(Number(g.dataset.id));
  });
  return { draw: drawProblem };
}
