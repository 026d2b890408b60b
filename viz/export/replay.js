// stepviz standalone replay: the search at any step, derived from the
// embedded compact trace (html.go, replayData), drawn by the live viewer's
// own view modules (bundled above this script); no network access.
(function () {
  "use strict";
  const D = JSON.parse(document.getElementById("stepviz-data").textContent);
  const { $, fmt, esc, stateLabel, afterPaint } = __mod_util;
  const q = (id) => document.querySelector('[data-testid="' + id + '"]');
  const N = D.state.length, STEPS = D.steps;
  const P = D.info;

  // mods by node, in step order: the values before each change
  const modsOf = new Map();
  for (const md of D.mods || []) {
    const id = md[1];
    if (!modsOf.has(id)) modsOf.set(id, []);
    modsOf.get(id).push(md);
  }
  // at returns field i of a mod (2 g, 3 f, 4 parent, 5 depth, 6 order, 7
  // seq) of node id at step k: the value before the first change after k
  function at(id, i, fin, k) {
    const ms = modsOf.get(id);
    if (ms) for (const md of ms) if (md[0] > k) return md[i];
    return fin[id];
  }
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
  // (static/model.js); every accessor O(1 + the node's mods)
  let k = 0, openCache = null, closedCache = null;
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
    get history() { return history.slice(0, k + 1); },
    get openCount() { return openList().length; },
    get closedCount() { return closedList().length; },
    parent: (id) => at(id, 4, D.parent, k),
    g: (id) => at(id, 2, D.g, k),
    h: (id) => D.h[id],
    f: (id) => at(id, 3, D.f, k),
    depth: (id) => at(id, 5, D.depth, k),
    seq: (id) => at(id, 7, D.seq, k),
    born: (id) => D.born[id],
    cell: (id) => cells[id],
    state: (id) => D.state[id],
    order(id) { const o = at(id, 6, D.order, k); return o > 0 && o <= k ? o : 0; },
    nodeStatus(id) {
      if (id < 0 || id >= D.nodeEnd[k]) return undefined;
      const goal = id === D.goal && k === STEPS;
      if (m.order(id)) return goal ? "goal" : "closed";
      if (goal) return "goal";
      return D.fate[id] ? "discarded" : "open";
    },
    key(id) {
      const key = { priority: r9(m.f(id)), tie: 0, seq: m.seq(id) };
      if (P.tie === "high-g") key.tie = r9(-m.g(id));
      if (P.tie === "low-h") key.tie = r9(m.h(id));
      return key;
    },
    children(id) { const out = []; for (let c = 0; c < D.nodeEnd[k]; c++) if (m.parent(c) === id) out.push(c); return out; },
    openHead(n) { return openList().slice(0, n || 64); },
    closedTail(n) { const c = closedList(); return c.slice(Math.max(0, c.length - (n || 64))); },
    rows(list, offset, count) { const src = list === "open" ? openList() : closedList(); return Promise.resolve(src.slice(offset, offset + Math.min(200, count))); },
    needStates() { /* every state is in the file */ },
    subscribe(fn) { subs.push(fn); },
  };
  // openList is the open list at step k in pop order (cached per step)
  function openList() {
    if (openCache && openCache.k === k) return openCache.ids;
    const ids = [];
    for (let id = 0; id < D.nodeEnd[k]; id++) if (m.nodeStatus(id) === "open") ids.push(id);
    const keys = new Map(ids.map((id) => [id, m.key(id)]));
    const lifoTie = P.tie === "lifo";
    ids.sort((a, b) => {
      const x = keys.get(a), y = keys.get(b);
      if (P.frontier === "fifo") return x.seq - y.seq;
      if (P.frontier === "lifo") return y.seq - x.seq;
      if (x.priority !== y.priority) return x.priority - y.priority;
      if (x.tie !== y.tie) return x.tie - y.tie;
      return lifoTie ? y.seq - x.seq : x.seq - y.seq;
    });
    openCache = { k, ids };
    return ids;
  }
  function closedList() {
    if (closedCache && closedCache.k === k) return closedCache.ids;
    const ids = [];
    for (let s = 1; s <= k; s++) { const x = D.expanded[s]; if (m.order(x) === s && m.nodeStatus(x) === "closed") ids.push(x); }
    closedCache = { k, ids };
    return ids;
  }

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
    q("step-label").textContent = `Step ${k} / ${STEPS}`;
    q("slider").value = k;
    $("narration").textContent = m.narration;
    const tm = {};
    let t = performance.now();
    const lap = (name) => { const n = performance.now(); tm[name] = +(n - t).toFixed(1); t = n; };
    tree.draw(); lap("tree");
    problem.draw(); lap("problem");
    tables.draw(); lap("lists");
    chart.draw(); chart.drawCounters(); lap("chart");
    q("btn-play").textContent = timer ? "pause" : "play";
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
