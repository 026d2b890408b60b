// A big grid (a Moving AI map of 512×512 cells) drawn to a canvas: the
// map (walls, terrain) is painted once into an offscreen image of one
// pixel per cell, the searched cells into a second one updated cell by
// cell as the model changes; a frame scales both to the view (zoom, pan)
// and draws on top, in screen space, what is small in number: the path,
// the current and next cells, the selection, S and G, axis labels, grid
// lines and the numbers f, g, h once a cell is big enough to hold them.
// A frame costs O(view pixels + cells in view), whatever the map's size.
import { fmt, fmtF } from "./util.js";
import { dirFill, familyStatus, usesH } from "./family.js";
import { currentOf } from "./model.js";

const AX = 22; // room for the axis labels, px

function rgba(hex, a) {
  const h = (hex || "#999999").replace("#", "");
  const v = parseInt(h.length === 3 ? h.split("").map((c) => c + c).join("") : h, 16);
  return (a << 24) | ((v & 0xff) << 16) | (v & 0xff00) | ((v >> 16) & 0xff); // little-endian RGBA
}

// createGridCanvas draws problem p (kind grid) into host; index is the
// problem view's CellIndex. Returns {draw, touch(cells or null)}.
export function createGridCanvas(page, host, p, index) {
  const st = page.st;
  const W = p.width, H = p.height;
  host.innerHTML = "";
  const wrap = document.createElement("div");
  wrap.className = "gridcanvas";
  const cv = document.createElement("canvas");
  cv.setAttribute("data-testid", "grid-canvas");
  cv.setAttribute("role", "img");
  cv.setAttribute("aria-label", `${W}×${H} grid: drag to pan, wheel to zoom, click a cell to inspect its node`);
  cv.tabIndex = 0;
  const tools = document.createElement("div");
  tools.className = "grid-tools";
  tools.innerHTML = `<button type="button" data-z="in" title="Zoom in">+</button><button type="button" data-z="out" title="Zoom out">−</button><button type="button" data-z="fit" title="Show the whole map">Fit</button><span class="muted small" data-testid="grid-zoom"></span>`;
  wrap.append(tools, cv);
  // the tools' height (they may wrap), as the observer reports it after a
  // layout: a draw never reads it from the page
  let toolsH = 0;
  new ResizeObserver((entries) => {
    const box = entries[entries.length - 1].borderBoxSize;
    const th = Math.ceil(box && box[0] ? box[0].blockSize : tools.offsetHeight);
    if (th !== toolsH) { toolsH = th; schedule(); }
  }).observe(tools);
  host.appendChild(wrap);
  document.getElementById("problem-caption").textContent = `${W}×${H} grid, S (${p.start}) → G (${p.goal})`;

  // the map, one pixel per cell
  const base = document.createElement("canvas");
  base.width = W; base.height = H;
  {
    const bctx = base.getContext("2d");
    const img = bctx.createImageData(W, H);
    const px = new Uint32Array(img.data.buffer);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
      const c = p.cells[y][x];
      px[y * W + x] = c === 0 ? rgba("#2b2b2b", 255) : c > 1 ? rgba("#d9ccaa", 255) : rgba("#ffffff", 255);
    }
    bctx.putImageData(img, 0, 0);
  }
  // the searched cells, one pixel per cell, repainted per touched cell
  const layer = document.createElement("canvas");
  layer.width = W; layer.height = H;
  const lctx = layer.getContext("2d");
  const limg = lctx.createImageData(W, H);
  const lpx = new Uint32Array(limg.data.buffer);
  let allDirty = true;
  const dirtyCells = new Set();

  const view = { k: 1, x: AX, y: AX, fit: true, drag: null };
  let cssW = 0, cssH = 0;

  function colourOf(status) {
    const lg = st.legend[status] || {};
    return rgba(lg.fill || "#cccccc", 255);
  }
  function paintCell(m, cell) {
    const id = index.best[cell];
    if (id < 0 || id >= m.nodeEnd) { lpx[cell] = 0; return; }
    const s = familyStatus(m, id), status = s === "goal" ? "path" : s, df = dirFill(m, id, status);
    lpx[cell] = df ? rgba(df.fill, 255) : colourOf(status);
  }
  function touch(cells) {
    if (!cells) allDirty = true;
    else for (const c of cells) dirtyCells.add(c);
  }

  function resize() {
    // the width the page measured before any view wrote (reading the
    // host's here would force a layout of what the tree just changed)
    const w = Math.max(200, page.sz.problemW || host.clientWidth || 500);
    let h = Math.min(Math.max(240, Math.round((w - AX) * H / W) + AX), Math.round(window.innerHeight * 0.62));
    // projector mode: the view's height is its pane's share of the screen,
    // and the whole map (its goal too) must fit in it under the zoom tools
    if (document.documentElement.classList.contains("projector") && page.sz.problemH > 0) h = Math.max(40, Math.min(h, page.sz.problemH - toolsH - 8));
    if (w === cssW && h === cssH) return;
    cssW = w; cssH = h;
    const dpr = window.devicePixelRatio || 1;
    cv.width = Math.round(w * dpr); cv.height = Math.round(h * dpr);
    cv.style.width = w + "px"; cv.style.height = h + "px";
  }
  function fit() {
    view.k = Math.min((cssW - AX - 4) / W, (cssH - AX - 4) / H);
    view.x = AX + (cssW - AX - W * view.k) / 2; view.y = AX;
  }

  let draws = 0;
  function draw() {
    const m = page.model;
    if (!m) return;
    cv.dataset.draws = String(++draws);
    resize();
    if (view.fit) fit();
    if (allDirty) { for (let c = 0; c < W * H; c++) paintCell(m, c); allDirty = false; dirtyCells.clear(); lctx.putImageData(limg, 0, 0); }
    else if (dirtyCells.size) {
      let x0 = W, y0 = H, x1 = -1, y1 = -1;
      for (const c of dirtyCells) { paintCell(m, c); const x = c % W, y = (c - x) / W; x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y); }
      dirtyCells.clear();
      lctx.putImageData(limg, 0, 0, x0, y0, x1 - x0 + 1, y1 - y0 + 1);
    }
    const ctx = cv.getContext("2d");
    const dpr = cv.width / cssW;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, cssW, cssH);
    const k = view.k;
    // the map and the searched cells, clipped to the plot area
    ctx.save();
    ctx.beginPath(); ctx.rect(AX, AX, cssW - AX, cssH - AX); ctx.clip();
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(base, view.x, view.y, W * k, H * k);
    ctx.drawImage(layer, view.x, view.y, W * k, H * k);
    // the cells in view
    const cx0 = Math.max(0, Math.floor((AX - view.x) / k)), cx1 = Math.min(W - 1, Math.floor((cssW - view.x) / k));
    const cy0 = Math.max(0, Math.floor((AX - view.y) / k)), cy1 = Math.min(H - 1, Math.floor((cssH - view.y) / k));
    if (k >= 8) {
      ctx.strokeStyle = "rgba(0,0,0,.12)"; ctx.lineWidth = 1; ctx.beginPath();
      for (let x = cx0; x <= cx1 + 1; x++) { ctx.moveTo(view.x + x * k, view.y + cy0 * k); ctx.lineTo(view.x + x * k, view.y + (cy1 + 1) * k); }
      for (let y = cy0; y <= cy1 + 1; y++) { ctx.moveTo(view.x + cx0 * k, view.y + y * k); ctx.lineTo(view.x + (cx1 + 1) * k, view.y + y * k); }
      ctx.stroke();
    }
    const centre = (cell) => { const x = cell % W; return [view.x + (x + 0.5) * k, view.y + ((cell - x) / W + 0.5) * k]; };
    if (k >= 34) {
      const fs = Math.max(9, Math.round(k * 0.23));
      ctx.font = `${fs}px ui-monospace, monospace`; ctx.fillStyle = "#1b1b1b";
      const need = []; // cells whose h (so f) is not loaded yet
      const showH = usesH(m); // no "h 0" for a search without a heuristic
      for (let y = cy0; y <= cy1; y++) for (let x = cx0; x <= cx1; x++) {
        const id = index.best[y * W + x];
        if (id < 0 || id >= m.nodeEnd) continue;
        if (m.h(id) === undefined) need.push(id);
        const X = view.x + x * k, Y = view.y + y * k;
        ctx.textAlign = "left"; ctx.fillText(fmtF(m.g(id), m.h(id), m.f(id)), X + 3, Y + fs + 2); ctx.fillText(fmt(m.g(id)), X + 3, Y + k - 4);
        if (showH) { ctx.textAlign = "right"; ctx.fillText(fmt(m.h(id)), X + k - 3, Y + k - 4); }
      }
      if (need.length && m.needStates) m.needStates(need);
    }
    if (m.path && m.path.length > 1) {
      ctx.strokeStyle = (st.legend.path || {}).stroke || "#E69F00"; ctx.lineWidth = Math.max(2, Math.min(6, k / 3)); ctx.lineJoin = "round";
      ctx.beginPath();
      m.path.forEach((id, i) => { const [x, y] = centre(m.cell(id)); if (i) ctx.lineTo(x, y); else ctx.moveTo(x, y); });
      ctx.stroke();
    }
    const ring = (id, colour, dash) => {
      if (id < 0 || id >= m.nodeEnd) return;
      const [x, y] = centre(m.cell(id)), r = Math.max(5, k * 0.6);
      ctx.setLineDash(dash); ctx.strokeStyle = colour; ctx.lineWidth = 2.5;
      ctx.strokeRect(x - r, y - r, 2 * r, 2 * r); ctx.setLineDash([]);
    };
    if (currentOf(m) >= 0) ring(currentOf(m), (st.legend.current || {}).stroke || "#D55E00", []);
    if (m.status === "running" && m.openCount) ring(m.openHead(1)[0], "#CC79A7", [3, 2]);
    if (st.selected >= 0) ring(st.selected, "#000", []);
    ctx.font = `800 ${Math.max(10, Math.min(18, k * 0.45))}px system-ui, sans-serif`; ctx.textAlign = "center"; ctx.textBaseline = "middle";
    for (const [name, s] of [["S", p.start], ["G", p.goal]]) {
      const [x, y] = s.split(",").map(Number);
      const [X, Y] = centre(y * W + x);
      ctx.lineWidth = 3; ctx.strokeStyle = "#fff"; ctx.strokeText(name, X, Y); ctx.fillStyle = "#000"; ctx.fillText(name, X, Y);
    }
    ctx.textBaseline = "alphabetic";
    ctx.restore();
    // axis labels: a tick every 1, 2, 5, 10, ... cells, at least 28 px apart
    let every = 1;
    for (const s of [1, 2, 5, 10, 20, 50, 100, 200, 500]) { every = s; if (s * k >= 28) break; }
    ctx.fillStyle = "#5b5b5b"; ctx.font = "10px system-ui, sans-serif";
    ctx.textAlign = "center";
    for (let x = Math.ceil(cx0 / every) * every; x <= cx1; x += every) ctx.fillText(String(x), view.x + (x + 0.5) * k, AX - 6);
    ctx.textAlign = "right";
    for (let y = Math.ceil(cy0 / every) * every; y <= cy1; y += every) ctx.fillText(String(y), AX - 3, view.y + (y + 0.5) * k + 3);
    tools.querySelector("[data-testid=grid-zoom]").textContent = `${k >= 1 ? Math.round(k) : k.toFixed(2)} px per cell · x → , y ↓`;
    cv.dataset.k = k.toFixed(3);
    cv.dataset.ticks = String(every);
  }

  let frame = 0;
  const schedule = () => { if (!frame) frame = requestAnimationFrame(() => { frame = 0; draw(); }); };
  function zoomAt(f, sx, sy) {
    const k = Math.min(64, Math.max(0.25, view.k * f));
    if (sx === undefined) { sx = (cssW + AX) / 2; sy = (cssH + AX) / 2; }
    view.x = sx - (sx - view.x) * (k / view.k);
    view.y = sy - (sy - view.y) * (k / view.k);
    view.k = k; view.fit = false;
    schedule();
  }
  cv.addEventListener("wheel", (e) => {
    e.preventDefault();
    const r = cv.getBoundingClientRect();
    zoomAt(e.deltaY < 0 ? 1.25 : 0.8, e.clientX - r.left, e.clientY - r.top);
  }, { passive: false });
  cv.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    view.drag = { x: e.clientX, y: e.clientY, vx: view.x, vy: view.y, moved: false };
    try { cv.setPointerCapture(e.pointerId); } catch (err) { /* a synthetic pointer */ }
  });
  cv.addEventListener("pointermove", (e) => {
    const d = view.drag; if (!d) return;
    const dx = e.clientX - d.x, dy = e.clientY - d.y;
    if (Math.abs(dx) + Math.abs(dy) > 3) d.moved = true;
    if (d.moved) { view.fit = false; view.x = d.vx + dx; view.y = d.vy + dy; schedule(); }
  });
  cv.addEventListener("pointerup", (e) => {
    const d = view.drag; view.drag = null;
    if (!d || d.moved) return;
    const r = cv.getBoundingClientRect();
    const x = Math.floor((e.clientX - r.left - view.x) / view.k), y = Math.floor((e.clientY - r.top - view.y) / view.k);
    if (x < 0 || y < 0 || x >= W || y >= H) return;
    const id = index.best[y * W + x];
    if (id >= 0 && page.model && id < page.model.nodeEnd) page.inspect(id);
  });
  tools.addEventListener("click", (e) => {
    const z = e.target.dataset && e.target.dataset.z;
    if (z === "in") zoomAt(1.5); else if (z === "out") zoomAt(1 / 1.5); else if (z === "fit") { view.fit = true; schedule(); }
  });
  window.addEventListener("resize", schedule);
  return { draw, touch, view };
}
