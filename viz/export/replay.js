// stepviz standalone replay: the frames a live viewer of the search is
// sent (the hello, states, step messages: package wire, embedded gzipped
// by html.go), decoded by the live page's own model (model.js) and drawn
// by its own view modules (bundled above this script); the searches with
// no single open list in their family's terms (family.js); no network
// access. This driver stands where the server stands for the live page:
// it feeds the model the frames that reach a step, and answers the
// model's queries (states, rows) from the file.
(async function () {
  "use strict";
  const bytesOf = (id) => Uint8Array.from(atob(document.getElementById(id).textContent.trim()), (c) => c.charCodeAt(0));
  const gunzip = (bytes) => new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
  // the payload (html.go, writeFrames): the step messages, one a line,
  // then the index; a step message is parsed when it is applied
  const lines = (await gunzip(bytesOf("stepviz-frames"))).split("\n");
  while (lines.length && !lines[lines.length - 1]) lines.pop();
  const D = JSON.parse(lines.pop());
  const { $, fmt, fmtF, esc, stateLabel, setText } = __mod_util;
  const { createModel, decodeFrame } = __mod_model;
  const q = (id) => document.querySelector('[data-testid="' + id + '"]');
  const STEPS = D.steps;
  const m = createModel(D.hello);
  const P = m.problem;

  // the chart's history, which the keys' headers leave out: sampled from
  // D.sizes to at most maxHistory points, as the server samples it
  const maxHistory = 600, sizes = D.sizes;
  const keys = D.keys.map((x) => ({ step: x.step, frame: x.frame, decoded: null }));
  const bytesOf0 = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  function history(step) {
    const h = sizes.slice(0, step + 1);
    if (h.length <= maxHistory) return { history: h, historyStride: 1 };
    const stride = Math.ceil(h.length / maxHistory), out = [];
    for (let i = 0; i < h.length; i += stride) out.push(h[i]);
    return { history: out, historyStride: stride };
  }
  // applyKey gives the model key i's state; applyStep the message of step j
  function applyKey(i) {
    const x = keys[i];
    if (!x.decoded) x.decoded = decodeFrame(bytesOf0(x.frame));
    const { msg, recs } = x.decoded;
    Object.assign(msg, history(x.step));
    m.apply("state", msg, recs);
  }
  const applyStep = (j) => m.apply("step", JSON.parse(lines[j - 1]), null);
  // loadStates answers for the states of ids [from, to) as the server
  // answers a states query: the model asks for what a view shows, and a
  // state or a new node needs them
  function loadStates(from, to) {
    const states = [];
    for (let id = from; id < to; id++) states.push({ id, state: D.states[id], h: D.h[id] });
    if (states.length) m.answer({ type: "states", states });
  }
  // the model's queries, answered from the file after the task that sent
  // them: states from the states and h columns; rows of the open list
  // from the head each frame carries (the server's pop order), then the
  // other open nodes by their key (a priority queue's order; a FIFO's and
  // a stack's by insertion); rows of the closed list by expansion step,
  // counted from the most recent as the server counts them
  m.attach((qy) => queueMicrotask(() => {
    if (qy.type === "states") {
      m.answer({ type: "states", id: qy.id, states: qy.ids.filter((id) => id < D.states.length).map((id) => ({ id, state: D.states[id], h: D.h[id] })) });
    } else if (qy.type === "rows") {
      const src = qy.list === "open" ? openOrder() : m.closedTail(m.closedCount).reverse();
      const ids = src.slice(qy.offset, qy.offset + qy.count);
      m.answer({ type: "rows", id: qy.id, list: qy.list, step: m.step, offset: qy.offset, total: src.length, rows: ids.map((id) => ({ id, state: D.states[id], h: D.h[id] })) });
    }
  }));
  function openOrder() {
    const head = m.openHead(64), inHead = new Set(head), rest = [];
    for (let id = m.iterStart || 0; id < m.nodeEnd; id++) if (!inHead.has(id) && m.nodeStatus(id) === "open") rest.push(id);
    const fr = P.frontier, lifo = fr === "lifo" || fr === "stack" || P.tie === "lifo";
    if (fr === "fifo" || fr === "lifo" || fr === "stack") rest.sort((a, b) => (lifo ? m.seq(b) - m.seq(a) : m.seq(a) - m.seq(b)));
    else {
      const kk = new Map(rest.map((id) => [id, m.key(id)]));
      rest.sort((a, b) => { const x = kk.get(a), y = kk.get(b); return x.priority - y.priority || (x.tie || 0) - (y.tie || 0) || (lifo ? y.seq - x.seq : x.seq - y.seq); });
    }
    return head.concat(rest);
  }
  // moveModel brings the model to step t: one step message for the next
  // step (the views follow it in O(what changed)), else the last key at or
  // before t (unless the model stands between it and t) and the step
  // messages after it, told to the views as one move. false if t is the
  // step shown.
  let started = false;
  function moveModel(t) {
    t = Math.max(0, Math.min(STEPS, t | 0));
    if (started && t === m.step) return false;
    const end0 = m.nodeEnd;
    if (started && t === m.step + 1) {
      applyStep(t);
      loadStates(end0, m.nodeEnd);
      return true;
    }
    let i = keys.length - 1;
    while (keys[i].step > t) i--;
    const fromKey = !started || t < m.step || keys[i].step > m.step;
    m.batch(() => {
      if (fromKey) applyKey(i);
      for (let j = m.step + 1; j <= t; j++) applyStep(j);
    });
    started = true;
    loadStates(fromKey ? 0 : end0, m.nodeEnd);
    return true;
  }
  moveModel(0);
  let k = 0;

  // the page: the session page's views on this model
  const st = { legend: {}, selected: -1, collapsed: new Set(), showDiscarded: true };
  D.hello.legend.forEach((l) => (st.legend[l.status] = l));
  const app = document.getElementById("app");
  const page = { app, st, presenter: false, model: m, sz: { treeW: 0, treeH: 0, problemW: 0, chartW: 0 }, redraw, send() {}, stats: { draws: 0 } };
  page.inspect = inspect;
  // the family strip's "view N" goes to iteration N's last step
  page.command = (name, arg) => { if (name === "seek") go(arg.step); };
  const family = __mod_family.createFamily(page);
  const tree = __mod_tree.createTree(page);
  page.tree = tree;
  const problem = __mod_problem.createProblemView(page);
  const tables = __mod_tables.createTables(page);
  const chart = __mod_chart.createChart(page);
  tree.attach(m);
  problem.attach(m);

  const legend = q("legend");
  legend.innerHTML = D.hello.legend.map((e) => `<li class="lg-${esc(e.status)}"><span class="swatch" style="border-color:${esc(e.stroke)}"></span>${esc(e.label)}</li>`).join("");
  family.attach(m);

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
    h += `<dl class="insp"><dt>g, h, f</dt><dd>g, h, f: ${fmt(m.g(id))}, ${fmt(m.h(id))}, ${fmtF(m.g(id), m.h(id), m.f(id))}</dd><dt>depth</dt><dd>${m.depth(id)}</dd>`;
    const storedF = (__mod_family.describe(m).values || []).find((v) => v.name === "storedF");
    if (storedF) h += `<dt>${esc(storedF.label)}</dt><dd data-testid="insp-stored-f">${fmt(m.storedF(id))}</dd>`;
    const dir = __mod_family.dirOf(m, id);
    if (dir) h += `<dt>direction</dt><dd data-testid="insp-direction">${dir === "forward" ? "forward (the start's tree)" : "backward (the goal's tree)"}</dd>`;
    h += `<dt>parent</dt><dd>${m.parent(id) >= 0 ? `<a href="#" data-node="${m.parent(id)}">${lbl(m.parent(id))}</a>` : "— (root)"}</dd>`;
    h += `<dt>expanded</dt><dd>${m.order(id) ? "step " + m.order(id) : "not yet"}</dd><dt>generated</dt><dd>step ${m.born(id)}</dd></dl>`;
    h += `<details open><summary>Path from the root (${path.length - 1} steps)</summary><ol class="path">${path.map((p) => `<li><a href="#" data-node="${p}">${lbl(p)}</a> <span class="muted">g ${fmt(m.g(p))}</span></li>`).join("")}</ol></details>`;
    if (kids.length) h += `<details open><summary>Children (${kids.length})</summary><ol class="path">${kids.slice(0, 50).map((c) => `<li><a href="#" data-node="${c}">${lbl(c)}</a> <span class="muted">${esc(m.nodeStatus(c))} · f ${fmtF(m.g(c), m.h(c), m.f(c))}</span></li>`).join("")}</ol></details>`;
    body.innerHTML = h;
  }
  $("inspector-body").addEventListener("click", (e) => { const a = e.target.closest("a[data-node]"); if (a) { e.preventDefault(); inspect(Number(a.dataset.node)); } });

  // go shows step t: O(nodes) for the indexes the views keep, and draws
  // it at once (show)
  function go(t) {
    if (!moveModel(t)) return;
    k = m.step;
    if (st.selected >= m.nodeEnd) st.selected = -1;
    renderInspector();
    show();
  }
  // show draws now, in the handler of the key, click or slider move that
  // asked: put off to a requestAnimationFrame, a draw asked for while a
  // frame is being made would wait a whole frame more before it began.
  // The page draws at most once a frame still: after a draw, a draw asked
  // for before the next frame's callbacks is put off to them (redraw),
  // where a slider's move, dispatched as the frame begins, is drawn at no
  // cost in time.
  let frame = 0, drewLately = false;
  function show() {
    if (frame || drewLately) { redraw(); return; }
    draw();
  }
  function redraw() {
    if (frame) return;
    frame = requestAnimationFrame(() => { frame = 0; draw(); });
  }
  // drawViews draws every view at the step shown (sizes read first, so
  // that no read follows a write) and returns each view's time.
  function drawViews() {
    const tr = $("tree").getBoundingClientRect();
    page.sz.treeW = tr.width; page.sz.treeH = tr.height;
    page.sz.problemW = $("problem-view").clientWidth; page.sz.chartW = $("chart").clientWidth;
    tables.measure();
    setText(q("step-label"), `Step ${k} / ${STEPS}`);
    if (q("slider").value !== String(k)) q("slider").value = k;
    setText($("narration"), m.narration);
    family.draw();
    const tm = {};
    let t = performance.now();
    const lap = (name) => { const n = performance.now(); tm[name] = +(n - t).toFixed(1); t = n; };
    tree.draw(); lap("tree");
    problem.draw(); lap("problem");
    tables.draw(); lap("lists");
    chart.draw(); chart.drawCounters(); lap("chart");
    return tm;
  }
  function draw() {
    const t0 = performance.now();
    if (!drewLately) { drewLately = true; requestAnimationFrame(() => { drewLately = false; }); }
    const tm = drawViews();
    setText(q("btn-play"), timer ? "pause" : "play");
    page.stats.draws++;
    app.dataset.drawn = k;
    app.dataset.drawMs = (performance.now() - t0).toFixed(1);
    // the draw: its step, when it started, its time and each view's (the
    // benchmark reads them, and measures the paint itself: a draw done at
    // once may be painted in the frame being made or in the next)
    const fr = { step: k, start: t0, drawMs: performance.now() - t0, views: tm };
    page.stats.frame = fr;
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
    const text = await gunzip(bytesOf("stepviz-trace"));
    dl.href = "data:application/json;charset=utf-8," + encodeURIComponent(text);
    dl.dataset.ready = "1";
    dl.click();
  });
  window.stepviz = { go, model: m, tree, page };
  // Opening. The first step asked for after opening was the slowest of
  // all (its script up to five times a later one's, its style, layout and
  // paint three times): the views' code ran in the interpreter until
  // called a few times, and the compilers and the collector worked
  // through the opening on the same cores as the first frames. The page
  // pays for it as it opens, under a veil ("Opening the replay…"): it
  // draws five steps spread over the trace, each a jump from the one
  // before (every path of the views runs and is compiled), lets one frame
  // lay out and paint the last, waits until the page is idle (at most
  // 300 ms), and shows step 0. Cost: 130–250 ms more to open
  // (BenchmarkHTMLReplay: open-ms, warm-ms; docs/viewer.md).
  if (STEPS > 0) {
    const t0 = performance.now();
    const veil = document.createElement("div");
    veil.className = "opening";
    veil.setAttribute("role", "status");
    veil.textContent = "Opening the replay…";
    document.body.appendChild(veil);
    const warm = [STEPS, Math.floor(STEPS / 3), STEPS - 2, Math.floor(STEPS * 2 / 3), STEPS - 4];
    for (const w of warm) {
      moveModel(Math.max(0, w));
      k = m.step;
      drawViews();
    }
    const reveal = () => {
      veil.remove();
      moveModel(0); k = 0;
      app.dataset.warmMs = (performance.now() - t0).toFixed(1);
      draw();
    };
    // the next frame lays out and paints the last warm step; after it, the wait
    requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => requestAnimationFrame(reveal), { timeout: 300 })));
  } else redraw();
})();
