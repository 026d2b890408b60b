// stepviz standalone replay: the search at any step, derived from the
// embedded compact trace (html.go, replayData), drawn by the live viewer's
// own view modules (bundled above this script); no network access.
(function () {
  "use strict";
  const D = JSON.parse(document.getElementById("stepviz-data").textContent);
  const { $, fmt, esc, stateLabel, afterPaint, setText } = __mod_util;
  const q = (id) => document.querySelector('[data-testid="' + id + '"]');
  const N = D.state.length, STEPS = D.steps;
  const P = D.info;

  // The node columns at the step shown, kept in typed arrays: D's are the
  // values after the last step, and a mod (in step order: [step, id, g, f,
  // parent, depth, order, seq] before that step changed the node) is undone
  // when the page moves before its step and done again (with the values
  // after it: the node's next mod's, or the last) when it moves past it.
  // A move from step a to b costs O(mods between a and b), an accessor O(1).
  const cols = { 2: Float64Array.from(D.g), 3: Float64Array.from(D.f), 4: Int32Array.from(D.parent), 5: Int32Array.from(D.depth), 6: Int32Array.from(D.order), 7: Int32Array.from(D.seq) };
  const mods = D.mods || [];
  const afterMod = new Array(mods.length);
  {
    const last = new Map(); // id -> its latest mod seen
    mods.forEach((md, j) => {
      const prev = last.get(md[1]);
      if (prev !== undefined) afterMod[prev] = md;
      last.set(md[1], j);
    });
    const fin = [null, null, D.g, D.f, D.parent, D.depth, D.order, D.seq];
    for (const j of last.values()) { const id = mods[j][1]; afterMod[j] = fin.map((c) => (c ? c[id] : 0)); }
  }
  let done = mods.length; // mods[0..done) are in the columns (as after the last step)
  function moveTo(t) {
    while (done > 0 && mods[done - 1][0] > t) { const md = mods[--done]; for (let i = 2; i < 8; i++) cols[i][md[1]] = md[i]; }
    while (done < mods.length && mods[done][0] <= t) { const md = afterMod[done++], id = mods[done - 1][1]; for (let i = 2; i < 8; i++) cols[i][id] = md[i]; }
  }
  const gA = cols[2], fA = cols[3], parentA = cols[4], depthA = cols[5], orderA = cols[6], seqA = cols[7];
  const cellIndex = new Map();
  if (P.kind === "graph") (P.nodes || []).forEach((n, i) => cellIndex.set(n.name, i));
  const cells = new Int32Array(N).fill(-1);
  for (let id = 0; id < N; id++) {
    if (P.kind === "grid") { const [x, y] = D.state[id].split(",").map(Number); cells[id] = y * P.width + x; }
    else if (P.kind === "graph") { const c = cellIndex.get(D.state[id]); cells[id] = c === undefined ? -1 : c; }
  }
  const history = D.counters.map((c) => [c[4], c[5]]);
  const r9 = (x) => Math.round(x * 1e9) / 1e9;

  // the model of the search at step k, behind the page's model API
  // (static/model.js); every accessor O(1)
  let k = 0, openCache = null, closedCache = null, historyCache = null;
  const subs = [];
  const m = {
    problem: P, loaded: true, live: STEPS, historyStride: 1,
    get step() { return k; },
    get status() { return k === STEPS ? D.status || "running" : "running"; },
    get counters() { const c = D.counters[k]; return { expanded: c[0], generated: c[1], duplicates: c[2], reparented: c[3], open: c[4], closed: c[5], maxOpen: c[6] }; },
    get last() { return k > 0 ? { expanded: { id: D.expanded[k] } } : null; },
    get narration() { return D.narration[k] || ""; },
    get path() { return k === STEPS && D.path && D.path.length ? D.path : null; },
    get nodeEnd() { return D.nodeEnd[k]; },
    get history() { if (!historyCache || historyCache.length !== k + 1) historyCache = history.slice(0, k + 1); return historyCache; },
    get openCount() { return openList().length; },
    get closedCount() { return closedList().length; },
    parent: (id) => parentA[id],
    g: (id) => gA[id],
    h: (id) => D.h[id],
    f: (id) => fA[id],
    depth: (id) => depthA[id],
    seq: (id) => seqA[id],
    born: (id) => D.born[id],
    cell: (id) => cells[id],
    state: (id) => D.state[id],
    order(id) { const o = orderA[id]; return o > 0 && o <= k ? o : 0; },
    nodeStatus(id) {
      if (id < 0 || id >= D.nodeEnd[k]) return undefined;
      const goal = id === D.goal && k === STEPS;
      if (m.order(id)) return goal ? "goal" : "closed";
      if (goal) return "goal";
      return D.fate[id] ? "discarded" : "open";
    },
    key(id) {
      const key = { priority: r9(fA[id]), tie: 0, seq: seqA[id] };
      if (P.tie === "high-g") key.tie = r9(-gA[id]);
      if (P.tie === "low-h") key.tie = r9(D.h[id]);
      return key;
    },
    children(id) { const out = []; for (let c = 0; c < D.nodeEnd[k]; c++) if (parentA[c] === id) out.push(c); return out; },
    openHead(n) { return openList().slice(0, n || 64); },
    closedTail(n) { const c = closedList(); return c.slice(Math.max(0, c.length - (n || 64))); },
    rows(list, offset, count) { const src = list === "open" ? openList() : closedList(); return Promise.resolve(src.slice(offset, offset + Math.min(200, count))); },
    needStates() { /* every state is in the file */ },
    subscribe(fn) { subs.push(fn); },
  };
  // openList is the open list at step k in pop order (cached per step):
  // O(nodes) to collect, O(open · log open) to sort on typed keys
  const prio = new Float64Array(N), tie = new Float64Array(N);
  function openList() {
    if (openCache && openCache.k === k) return openCache.ids;
    const end = D.nodeEnd[k], ids = [];
    for (let id = 0; id < end; id++) {
      const o = orderA[id];
      if ((o > 0 && o <= k) || D.fate[id] || (id === D.goal && k === STEPS)) continue;
      ids.push(id);
      prio[id] = r9(fA[id]);
      tie[id] = P.tie === "high-g" ? r9(-gA[id]) : P.tie === "low-h" ? r9(D.h[id]) : 0;
    }
    const lifoTie = P.tie === "lifo";
    if (P.frontier === "fifo") ids.sort((a, b) => seqA[a] - seqA[b]);
    else if (P.frontier === "lifo") ids.sort((a, b) => seqA[b] - seqA[a]);
    else ids.sort((a, b) => prio[a] - prio[b] || tie[a] - tie[b] || (lifoTie ? seqA[b] - seqA[a] : seqA[a] - seqA[b]));
    openCache = { k, ids };
    return ids;
  }
  function closedList() {
    if (closedCache && closedCache.k === k) return closedCache.ids;
    const ids = [];
    for (let s = 1; s <= k; s++) { const x = D.expanded[s]; if (orderA[x] === s && !(x === D.goal && k === STEPS)) ids.push(x); }
    closedCache = { k, ids };
    return ids;
  }
  moveTo(0);

  // the page: the session page's views on this model
  const st = { legend: {}, selected: -1, collapsed: new Set(), showDiscarded: true };
  D.legend.forEach((l) => (st.legend[l.status] = l));
  const app = document.getElementById("app");
  const page = { app, st, presenter: false, model: m, sz: { treeW: 0, treeH: 0, problemW: 0, chartW: 0 }, redraw, send() {}, stats: { draws: 0 } };
  page.inspect = inspect;
  const tree = __mod_tree.createTree(page);
  page.tree = tree;
  const problem = __mod_problem.createProblemView(page);
  const tables = __mod_tables.createTables(page);
  const chart = __mod_chart.createChart(page);
  tree.attach(m);
  problem.attach(m);

  const legend = q("legend");
  legend.innerHTML = D.legend.map((e) => `<li class="lg-${esc(e.status)}"><span class="swatch" style="border-color:${esc(e.stroke)}"></span>${esc(e.label)}</li>`).join("");

  function inspect(id) {
    if (id < 0 || id >= m.nodeEnd) return;
    st.selected = id;
    renderInspector();
    redraw();
  }
  function renderInspector() {
    const body = $("inspector-body"), id = st.selected;
    if (id < 0) return;
    if (id >= m.nodeEnd) { body.innerHTML = '<p class="muted">The node inspected does not exist at this step.</p>'; return; }
    const lbl = (i) => esc(stateLabel(P, m.state(i)));
    const path = [];
    for (let a = id; a >= 0; a = m.parent(a)) path.unshift(a);
    const kids = m.children(id);
    let h = `<div class="insp-head" data-testid="inspector-node" data-id="${id}"><strong>${lbl(id)}</strong> <span class="muted">node #${id} · ${esc(m.nodeStatus(id))} · at step ${k}</span></div>`;
    h += `<dl class="insp"><dt>g, h, f</dt><dd>g, h, f: ${fmt(m.g(id))}, ${fmt(m.h(id))}, ${fmt(m.f(id))}</dd><dt>depth</dt><dd>${m.depth(id)}</dd>`;
    h += `<dt>parent</dt><dd>${m.parent(id) >= 0 ? `<a href="#" data-node="${m.parent(id)}">${lbl(m.parent(id))}</a>` : "— (root)"}</dd>`;
    h += `<dt>expanded</dt><dd>${m.order(id) ? "step " + m.order(id) : "not yet"}</dd><dt>generated</dt><dd>step ${m.born(id)}</dd></dl>`;
    h += `<details open><summary>Path from the root (${path.length - 1} steps)</summary><ol class="path">${path.map((p) => `<li><a href="#" data-node="${p}">${lbl(p)}</a> <span class="muted">g ${fmt(m.g(p))}</span></li>`).join("")}</ol></details>`;
    if (kids.length) h += `<details open><summary>Children (${kids.length})</summary><ol class="path">${kids.slice(0, 50).map((c) => `<li><a href="#" data-node="${c}">${lbl(c)}</a> <span class="muted">${esc(m.nodeStatus(c))} · f ${fmt(m.f(c))}</span></li>`).join("")}</ol></details>`;
    body.innerHTML = h;
  }
  $("inspector-body").addEventListener("click", (e) => { const a = e.target.closest("a[data-node]"); if (a) { e.preventDefault(); inspect(Number(a.dataset.node)); } });

  // go shows step t: O(nodes) for the indexes the views keep
  function go(t) {
    t = Math.max(0, Math.min(STEPS, t | 0));
    if (t === k) return;
    k = t;
    moveTo(k);
    for (const fn of subs) fn({ kind: "move", added: [], changed: [] });
    if (st.selected >= m.nodeEnd) st.selected = -1;
    renderInspector();
    redraw();
  }
  let frame = 0;
  function redraw() {
    if (frame) return;
    frame = requestAnimationFrame(() => { frame = 0; draw(); });
  }
  function draw() {
    const t0 = performance.now();
    const tr = $("tree").getBoundingClientRect();
    page.sz.treeW = tr.width; page.sz.treeH = tr.height;
    page.sz.problemW = $("problem-view").clientWidth; page.sz.chartW = $("chart").clientWidth;
    tables.measure();
    setText(q("step-label"), `Step ${k} / ${STEPS}`);
    if (q("slider").value !== String(k)) q("slider").value = k;
    setText($("narration"), m.narration);
    const tm = {};
    let t = performance.now();
    const lap = (name) => { const n = performance.now(); tm[name] = +(n - t).toFixed(1); t = n; };
    tree.draw(); lap("tree");
    problem.draw(); lap("problem");
    tables.draw(); lap("lists");
    chart.draw(); chart.drawCounters(); lap("chart");
    setText(q("btn-play"), timer ? "pause" : "play");
    page.stats.draws++;
    app.dataset.drawn = k;
    app.dataset.drawMs = (performance.now() - t0).toFixed(1);
    // the frame: its step, when the draw started, each view's time, and
    // when it was painted (the benchmark reads them)
    const fr = { step: k, start: t0, drawMs: performance.now() - t0, views: tm, painted: 0 };
    page.stats.frame = fr;
    afterPaint(() => { fr.painted = performance.now(); });
    if (!app.dataset.firstDraw) app.dataset.firstDraw = performance.now().toFixed(1);
  }

  let timer = null;
  function play() {
    if (timer) { clearInterval(timer); timer = null; redraw(); return; }
    if (k === STEPS) go(0);
    timer = setInterval(() => { if (k >= STEPS) { clearInterval(timer); timer = null; redraw(); return; } go(k + 1); }, 400);
    redraw();
  }
  q("btn-first").onclick = () => go(0);
  q("btn-back").onclick = () => go(k - 1);
  q("btn-step").onclick = () => go(k + 1);
  q("btn-last").onclick = () => go(STEPS);
  q("btn-play").onclick = play;
  q("slider").addEventListener("input", (e) => go(Number(e.target.value)));
  q("jump-form").addEventListener("submit", (e) => { e.preventDefault(); go(Number(q("jump-to").value)); });
  document.addEventListener("keydown", (e) => {
    const t = e.target;
    if (e.ctrlKey || e.metaKey || e.altKey || (t && (t.tagName === "INPUT" && t.type !== "range" || t.tagName === "TEXTAREA"))) return;
    let done = true;
    switch (e.key) {
      case "ArrowRight": go(k + 1); break;
      case "ArrowLeft": go(k - 1); break;
      case "Home": go(0); break;
      case "End": go(STEPS); break;
      case " ": play(); break;
      case "+": case "=": tree.zoomBy(1.25); break;
      case "-": tree.zoomBy(0.8); break;
      case "0": tree.fit = "all"; redraw(); break;
      case "a": tree.fit = "auto"; redraw(); break;
      default: done = false;
    }
    if (done) e.preventDefault();
  });
  window.addEventListener("resize", redraw);
  const dl = q("download");
  // the trace is gzipped in the file: unpacked on the first click
  dl.addEventListener("click", async (e) => {
    if (dl.dataset.ready) return;
    e.preventDefault();
    const bytes = Uint8Array.from(atob(D.traceGz), (c) => c.charCodeAt(0));
    const text = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
    dl.href = "data:application/json;charset=utf-8," + encodeURIComponent(text);
    dl.dataset.ready = "1";
    dl.click();
  });
  window.stepviz = { go, model: m, tree, page };
  redraw();
})();
