// stepviz session page: keeps the server's first paint live over the
// session's websocket (docs/protocol.md). The page owns a model of the
// search at the step it shows (nodes by id, the open list in pop order,
// the closed list in expansion order), updated by step events or replaced
// by snapshots, and draws the tree, the problem view, the lists, the
// inspector and the chart from it. The presenter's controls send commands;
// a follower's controls explore a copy (view queries) until it rejoins.
"use strict";
(function () {
  const app = document.getElementById("app");
  if (!app) return;
  const $ = (id) => document.getElementById(id);
  const SVGNS = "http://www.w3.org/2000/svg";
  const role = app.dataset.role;
  const presenter = role === "presenter";
  const fmt = (x) => {
    if (x === undefined || x === null) return "";
    if (!isFinite(x)) return String(x);
    let s = x.toFixed(3).replace(/\.?0+$/, "");
    return s === "-0" ? "0" : s;
  };
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));

  // ---- state ----
  const st = {
    ws: null, problem: null, legend: {}, maxNodes: 0,
    live: 0, liveStatus: "running", playing: false, speed: 2, followers: 0,
    local: false, // a follower exploring on its own
    view: null, // the model shown
    selected: -1, collapsed: new Set(), showDiscarded: true,
    queryId: 0, pendingView: 0, reconnectDelay: 500, closedByServer: "",
    maxKnown: 0, localPlay: null, localTarget: null,
  };

  function emptyModel() {
    return { step: 0, status: "running", nodes: [], open: [], closed: [], counters: {}, path: [], last: null, history: [], stride: 1, narration: "" };
  }

  // ---- open list order, as the engine pops it ----
  function cmp(a, b) {
    const p = st.problem;
    if (!p || p.frontier === "fifo") return a.key.seq - b.key.seq;
    if (p.frontier === "lifo") return b.key.seq - a.key.seq;
    if (a.key.priority !== b.key.priority) return a.key.priority - b.key.priority;
    if (a.key.tie !== b.key.tie) return a.key.tie - b.key.tie;
    return p.tie === "lifo" ? b.key.seq - a.key.seq : a.key.seq - b.key.seq;
  }
  function openInsert(m, id, key) {
    const e = { id, key };
    let lo = 0, hi = m.open.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (cmp(m.open[mid], e) <= 0) lo = mid + 1; else hi = mid; }
    m.open.splice(lo, 0, e);
  }
  function openRemove(m, id) {
    const i = m.open.findIndex((e) => e.id === id);
    if (i >= 0) m.open.splice(i, 1);
  }
  function keyOf(n) {
    // the key of an open node, as server/keys.go computes it (step
    // messages carry the keys; this is only a fallback)
    const r = (x) => Math.round(x * 1e9) / 1e9;
    const k = { priority: r(n.f), tie: 0, seq: n.seq };
    if (st.problem && st.problem.tie === "high-g") k.tie = r(-n.g);
    if (st.problem && st.problem.tie === "low-h") k.tie = r(n.h);
    return k;
  }

  // ---- model updates ----
  function fromSnapshot(s) {
    const m = emptyModel();
    m.step = s.step; m.status = s.status; m.counters = s.counters; m.path = s.path || [];
    m.nodes = s.tree || [];
    m.open = (s.open || []).map((e) => ({ id: e.id, key: e.key }));
    m.closed = (s.closed || []).slice();
    m.last = s.last || null; m.narration = s.narration || "";
    m.history = s.history || []; m.stride = s.historyStride || 1;
    return m;
  }
  function applyStep(m, msg) {
    const ev = msg.event;
    const x = ev.expanded;
    m.nodes[x.id] = x;
    openRemove(m, x.id);
    if (x.status === "closed") {
      const i = m.closed.indexOf(x.id);
      if (i >= 0) m.closed.splice(i, 1);
      m.closed.push(x.id);
    }
    (ev.children || []).forEach((c, i) => {
      const n = Object.assign({}, c);
      delete n.fate; delete n.oldG; delete n.oldParent; delete n.existing;
      m.nodes[n.id] = n;
      const key = (msg.keys && msg.keys[i]) || keyOf(n);
      if (c.fate === "added") openInsert(m, n.id, key);
      else if (c.fate === "reparented") { openRemove(m, n.id); openInsert(m, n.id, key); }
      else if (c.fate === "reopened") { const j = m.closed.indexOf(n.id); if (j >= 0) m.closed.splice(j, 1); openInsert(m, n.id, key); }
    });
    m.step = ev.step; m.status = ev.status; m.counters = ev.counters; m.path = ev.path || [];
    m.last = ev; m.narration = msg.narration || "";
    if (m.stride === 1 && m.history.length === ev.step) m.history.push([ev.counters.open, ev.counters.closed]);
    else if (m.stride > 1 && ev.step % m.stride === 0) m.history.push([ev.counters.open, ev.counters.closed]);
  }

  // ---- websocket ----
  function connect() {
    setConn("connecting…", "");
    const ws = new WebSocket(app.dataset.ws);
    st.ws = ws;
    ws.onopen = () => { st.reconnectDelay = 500; st.failures = 0; setConn("live", "ok"); };
    ws.onmessage = (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch (err) { return; }
      onMessage(msg);
    };
    ws.onclose = (e) => {
      if (st.ws !== ws) return;
      st.ws = null;
      if (e.code === 1008 || e.code === 1009 || e.code === 1003) {
        setConn("closed: " + (e.reason || e.code), "bad");
      } else {
        setConn("reconnecting…", "bad");
      }
      // after a few failures, ask whether the session still exists (the
      // server may have restarted): a 404 means it has ended
      st.failures = (st.failures || 0) + 1;
      if (st.failures >= 3) {
        fetch(location.pathname, { method: "HEAD" }).then((r) => {
          if (r.status === 404 || r.status === 410) { setConn("this session has ended", "bad"); notice("This session has ended (the server restarted or reclaimed it). Start another from the home page.", true); return; }
          setTimeout(connect, st.reconnectDelay);
        }, () => setTimeout(connect, st.reconnectDelay));
      } else setTimeout(connect, st.reconnectDelay);
      st.reconnectDelay = Math.min(st.reconnectDelay * 2, 10000);
    };
  }
  function send(obj) {
    if (st.ws && st.ws.readyState === 1) st.ws.send(JSON.stringify(obj));
  }
  function setConn(text, cls) { const c = $("conn"); c.textContent = text; c.className = "conn " + cls; }

  function onMessage(msg) {
    switch (msg.type) {
      case "hello":
        st.problem = msg.problem; st.maxNodes = msg.maxNodes;
        st.legend = {}; (msg.legend || []).forEach((l) => (st.legend[l.status] = l));
        break;
      case "snapshot":
        st.live = msg.live; st.playing = msg.playing; st.speed = msg.speed; st.followers = msg.followers;
        st.maxKnown = Math.max(st.maxKnown, msg.live, msg.step);
        if (msg.reason === "view") {
          if (!st.local || msg.id !== st.pendingView) break;
          st.view = fromSnapshot(msg);
          st.localTarget = msg.step; // the server clamps a step past the end
        } else if (!st.local || msg.reason === "live") {
          st.local = false;
          st.view = fromSnapshot(msg);
        }
        st.liveStatus = st.local ? st.liveStatus : msg.status;
        redraw(true);
        break;
      case "step":
        st.live = msg.event.step; st.liveStatus = msg.event.status; st.playing = msg.playing;
        st.maxKnown = Math.max(st.maxKnown, st.live);
        if (!st.local && st.view) {
          if (st.view.step === msg.event.step - 1) { applyStep(st.view, msg); redraw(true); }
          else send({ type: "live" }); // out of step: ask for the whole state
        } else updateChrome();
        break;
      case "state":
        st.playing = msg.playing; st.speed = msg.speed; st.followers = msg.followers;
        st.live = msg.live; st.liveStatus = msg.status;
        updateChrome();
        break;
      case "inspect":
        renderInspector(msg);
        break;
      case "error":
        notice(msg.message);
        break;
    }
  }

  function notice(text, sticky) {
    const n = $("notice");
    n.textContent = text; n.hidden = false;
    clearTimeout(notice.t);
    if (!sticky) notice.t = setTimeout(() => (n.hidden = true), 6000);
  }

  // ---- controls ----
  function command(type, extra) {
    if (presenter) { send(Object.assign({ type }, extra || {})); return; }
    // followers explore a copy: every move is a view query, counted from
    // the step last asked for so fast key presses are not lost
    const cur = st.local && st.localTarget !== null ? st.localTarget : st.view ? st.view.step : 0;
    let target = cur;
    switch (type) {
      case "step": target = cur + 1; break;
      case "back": target = Math.max(0, cur - 1); break;
      case "seek": target = extra.step; break;
      case "reset": target = 0; break;
      case "goal": target = 1e9; break;
      case "play": startLocalPlay(); return;
      case "pause": stopLocalPlay(); return;
      case "speed": return;
    }
    if (type === "step" && st.view && st.view.status !== "running") return;
    goLocal(target);
  }
  function goLocal(step) {
    st.local = true;
    st.localTarget = step;
    st.pendingView = ++st.queryId;
    send({ type: "view", step, id: st.pendingView });
    updateChrome();
  }
  function rejoin() {
    stopLocalPlay();
    st.local = false;
    st.localTarget = null;
    send({ type: "live" });
    updateChrome();
  }
  function startLocalPlay() {
    stopLocalPlay();
    st.localPlay = setInterval(() => {
      if (!st.view || st.view.status !== "running") { stopLocalPlay(); return; }
      command("step");
    }, 1000 / Number($("speed").value));
    updateChrome();
  }
  function stopLocalPlay() { if (st.localPlay) { clearInterval(st.localPlay); st.localPlay = null; } updateChrome(); }

  function togglePlay() {
    if (presenter) command(st.playing ? "pause" : "play", { speed: Number($("speed").value) });
    else command(st.localPlay ? "pause" : "play");
  }

  $("btn-step").onclick = () => command("step");
  $("btn-back").onclick = () => command("back");
  $("btn-reset").onclick = () => command("reset");
  $("btn-goal").onclick = () => command("goal");
  $("btn-play").onclick = togglePlay;
  $("btn-rejoin").onclick = rejoin;
  $("speed").oninput = () => { $("speed-out").textContent = $("speed").value + "/s"; };
  $("speed").onchange = () => { if (presenter) send({ type: "speed", speed: Number($("speed").value) }); else if (st.localPlay) startLocalPlay(); };
  $("jump").onchange = () => command("seek", { step: Number($("jump").value) });
  $("btn-projector").onclick = toggleProjector;
  $("btn-keys").onclick = () => $("keys").showModal();
  const fl = $("follower-link");
  if (fl) fl.onfocus = () => fl.select();

  function toggleProjector() {
    const on = document.documentElement.classList.toggle("projector");
    $("btn-projector").setAttribute("aria-pressed", String(on));
    try { localStorage.setItem("stepviz-projector", on ? "1" : ""); } catch (e) { /* private mode */ }
    tree.fit = "auto"; setTimeout(() => redraw(true), 50);
  }
  try { if (localStorage.getItem("stepviz-projector")) { document.documentElement.classList.add("projector"); $("btn-projector").setAttribute("aria-pressed", "true"); } } catch (e) { /* ignore */ }

  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    if (t && (t.tagName === "INPUT" && t.type !== "range" && t.type !== "checkbox" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) return;
    if ($("keys").open && e.key !== "?") return;
    let done = true;
    switch (e.key) {
      case "ArrowRight": case " ": command("step"); break;
      case "ArrowLeft": command("back"); break;
      case "p": case "P": togglePlay(); break;
      case "g": case "G": command("goal"); break;
      case "r": case "R": command("reset"); break;
      case "l": case "L": if (!presenter) rejoin(); break;
      case "i": case "I": if (st.view && st.view.open.length) inspect(st.view.open[0].id); break;
      case "+": case "=": zoomBy(1.25); break;
      case "-": case "_": zoomBy(0.8); break;
      case "0": tree.fit = "all"; drawTree(); break;
      case "a": case "A": tree.fit = "auto"; drawTree(); break;
      case "c": case "C": if (st.selected >= 0) toggleCollapse(st.selected); break;
      case "f": case "F": toggleProjector(); break;
      case "?": if ($("keys").open) $("keys").close(); else $("keys").showModal(); break;
      default: done = false;
    }
    if (done) e.preventDefault();
  });

  // ---- drawing ----
  let frame = 0, structural = false;
  function redraw(all) {
    structural = structural || all;
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      const s = structural; structural = false;
      draw(s);
    });
  }
  // draw redraws everything from the model; the tree is laid out again only
  // when the model changed (structural), not for a new selection
  function draw(structuralChange) {
    if (!st.view) return;
    const t0 = performance.now();
    updateChrome();
    $("narration").textContent = st.view.narration || (st.view.step === 0 ? "Step 0: the start node is the only open node. Press → or space to expand it." : "Step " + st.view.step + ".");
    layoutDirty = true;
    // read every size before writing anything: a read after a write forces
    // the browser to lay the page out again
    measure();
    const tm = {};
    let t = performance.now();
    const lap = (name) => { const n = performance.now(); tm[name] = +(n - t).toFixed(1); t = n; };
    drawTree(); lap("tree");
    drawProblem(); lap("problem");
    drawLists(); lap("lists");
    drawChart(); lap("chart");
    drawCounters(); lap("counters");
    st.timings = tm;
    // the time to the next frame includes the browser's layout and paint
    requestAnimationFrame(() => { tm.nextFrame = +(performance.now() - t0).toFixed(1); });
    app.dataset.drawn = st.view.step; // tests wait for this
    app.dataset.drawMs = (performance.now() - t0).toFixed(1);
  }

  const sz = { treeW: 0, treeH: 0, problemW: 0, chartW: 0 };
  function measure() {
    const tr = (tree.svg || $("tree")).getBoundingClientRect();
    sz.treeW = tr.width; sz.treeH = tr.height;
    sz.problemW = $("problem-view").clientWidth;
    sz.chartW = $("chart").clientWidth;
  }
  window.addEventListener("resize", () => { measure(); drawTree(); });

  function updateChrome() {
    const v = st.view;
    if (!v) return;
    $("step-n").textContent = v.step;
    // downloads export the trace up to the step shown
    for (const a of document.querySelectorAll("a[data-export]")) {
      a.href = a.href.replace(/&step=\d+$/, "") + "&step=" + v.step;
    }
    const s = $("status");
    s.textContent = v.status; s.className = "status st-" + v.status.replace(/\s/g, "");
    const jump = $("jump");
    // the slider spans the steps seen so far; step and run to goal go further
    jump.max = Math.max(st.maxKnown, v.step, 1); jump.value = v.step;
    const playing = presenter ? st.playing : !!st.localPlay;
    const pb = $("btn-play");
    pb.textContent = playing ? "Pause ❚❚" : "Play ▶▶"; pb.setAttribute("aria-pressed", String(playing));
    $("btn-step").disabled = v.status !== "running";
    $("btn-goal").disabled = v.status !== "running";
    $("btn-back").disabled = v.step === 0;
    if (presenter && document.activeElement !== $("speed")) { $("speed").value = st.speed; $("speed-out").textContent = st.speed + "/s"; }
    $("audience").textContent = st.followers === 1 ? "1 follower" : st.followers + " followers";
    const live = $("live");
    if (!presenter) {
      live.hidden = false;
      live.classList.toggle("away", st.local);
      const playing = st.playing ? ` · playing ${st.speed}/s` : "";
      $("live-text").textContent = st.local ? `Exploring step ${v.step} · live is at step ${st.live}${playing}` : `Live${playing}`;
      $("btn-rejoin").hidden = !st.local;
    }
  }

  function drawCounters() {
    const c = st.view.counters || {};
    for (const [k, id] of [["expanded", "c-expanded"], ["generated", "c-generated"], ["duplicates", "c-duplicates"], ["reparented", "c-reparented"], ["open", "c-open"], ["closed", "c-closed"], ["maxOpen", "c-maxopen"]]) $(id).textContent = c[k] || 0;
  }

  // status of a node as drawn: path > current > open/closed/discarded
  function drawnStatus(m, n, onPath) {
    if (onPath.has(n.id)) return "path";
    if (m.last && m.last.expanded.id === n.id) return "current";
    if (n.status === "goal") return "path";
    return n.status;
  }
  function pathSet(m) { return new Set(m.path || []); }

  // ---- lists ----
  const LIST_ROWS = 40;
  function drawLists() {
    const m = st.view;
    const open = m.open;
    const body = $("open-table").tBodies[0];
    let html = "";
    // the next node and its ties matter only while the search runs
    const running = m.status === "running";
    const p0 = open.length && running ? open[0].key.priority : null;
    const prio = running && st.problem && st.problem.frontier === "priority";
    for (let i = 0; i < Math.min(open.length, LIST_ROWS); i++) {
      const e = open[i], n = m.nodes[e.id];
      if (!n) continue;
      const isNext = i === 0 && running, isTie = !isNext && prio && e.key.priority === p0;
      const cls = (isNext ? "next" : isTie ? "tie" : "") + (e.id === st.selected ? " selected" : "");
      html += `<tr data-testid="open-row" data-id="${e.id}" class="${cls}" tabindex="0"><td>${i + 1}${isNext ? ' <span class="tag">next</span>' : isTie ? ' <span class="tag">tie</span>' : ""}</td><td class="state">${stateHTML(n.state, true)}</td><td>${fmt(n.g)}</td><td>${fmt(n.h)}</td><td class="f" data-testid="open-f">${fmt(e.key.priority)}</td><td>${fmt(e.key.tie)}</td><td>${e.key.seq}</td></tr>`;
    }
    body.innerHTML = html;
    $("open-count").textContent = open.length;
    $("open-more").textContent = open.length > LIST_ROWS ? "and " + (open.length - LIST_ROWS) + " more" : "";
    const cb = $("closed-table").tBodies[0];
    html = "";
    const from = Math.max(0, m.closed.length - LIST_ROWS);
    if (from > 0) html += `<tr class="more"><td colspan="6">${from} earlier</td></tr>`;
    for (let i = from; i < m.closed.length; i++) {
      const n = m.nodes[m.closed[i]];
      if (!n) continue;
      const cur = m.last && m.last.expanded.id === n.id;
      html += `<tr data-testid="closed-row" data-id="${n.id}" class="${cur ? "current" : ""}${n.id === st.selected ? " selected" : ""}" tabindex="0"><td>${n.order}</td><td class="state">${stateHTML(n.state, true)}</td><td>${fmt(n.g)}</td><td>${fmt(n.h)}</td><td class="f">${fmt(n.f)}</td><td>${n.parent >= 0 && m.nodes[n.parent] ? esc(m.nodes[n.parent].state) : "—"}</td></tr>`;
    }
    cb.innerHTML = html;
    $("closed-count").textContent = m.closed.length;
    const wrap = cb.closest(".table-wrap");
    // scroll to the newest row after layout, without forcing a layout now
    if (wrap) requestAnimationFrame(() => { wrap.scrollTop = wrap.scrollHeight; });
  }
  function stateHTML(s) { return esc(s); }
  for (const id of ["open-table", "closed-table"]) {
    const t = $(id);
    t.addEventListener("click", (e) => { const tr = e.target.closest("tr[data-id]"); if (tr) inspect(Number(tr.dataset.id)); });
    t.addEventListener("keydown", (e) => { if (e.key === "Enter") { const tr = e.target.closest("tr[data-id]"); if (tr) { inspect(Number(tr.dataset.id)); e.preventDefault(); } } });
  }

  // ---- inspector ----
  function inspect(id) {
    if (!st.view || id < 0) return;
    st.selected = id;
    send({ type: "inspect", node: id, step: st.view.step, id: ++st.queryId });
    redraw(false);
  }
  // refreshInspector asks again for the selected node once the shown step
  // has changed, at most every 300 ms (a query per step would trip the
  // server's flood limit while playing fast)
  let inspectTimer = 0, inspectedStep = -1;
  function refreshInspector() {
    if (st.selected >= 0 && st.view && st.selected >= st.view.nodes.length) {
      st.selected = -1; // the node does not exist at this step
      $("inspector-body").innerHTML = '<p class="muted">The node inspected does not exist at this step. Click a node to inspect it.</p>';
    }
    if (st.selected < 0 || inspectTimer || !st.view || st.view.step === inspectedStep) return;
    inspectTimer = setTimeout(() => {
      inspectTimer = 0;
      if (st.selected >= 0 && st.view && st.view.step !== inspectedStep && st.selected < st.view.nodes.length) inspect(st.selected);
    }, 300);
  }
  function renderInspector(msg) {
    inspectedStep = msg.step;
    const n = msg.node;
    const legend = st.legend[n.status] || {};
    const algo = st.problem ? st.problem.options.split(" ")[0] : "astar";
    let formula = "";
    if (algo === "astar") formula = `f = g + h = ${fmt(n.g)} + ${fmt(n.h)} = ${fmt(n.f)}`;
    else if (algo === "wastar") formula = `f = g + w·h = ${fmt(n.f)}`;
    else if (algo === "greedy") formula = `f = h = ${fmt(n.f)}`;
    else if (algo === "ucs") formula = `f = g = ${fmt(n.f)}`;
    else formula = `priority = depth = ${fmt(n.f)}`;
    const parent = msg.path.length > 1 ? msg.path[msg.path.length - 2] : null;
    let h = `<div class="insp-head" data-testid="inspector-node" data-id="${n.id}"><span class="swatch" style="border-color:${legend.stroke || "#000"}"></span> <strong>${esc(n.state)}</strong> <span class="muted">node #${n.id} · ${esc(n.status)} · at step ${msg.step}</span></div>`;
    if (st.problem && st.problem.kind === "puzzle") h += boardSVG(n.state, 120);
    h += `<dl class="insp"><dt>g</dt><dd data-testid="insp-g">${fmt(n.g)}</dd><dt>h</dt><dd data-testid="insp-h">${fmt(n.h)}</dd><dt>f</dt><dd data-testid="insp-f">${esc(formula)}</dd><dt>depth</dt><dd>${n.depth}</dd>`;
    h += `<dt>parent</dt><dd>${parent ? `<a href="#" data-node="${parent.id}">${esc(parent.state)}</a>${n.action ? " (" + esc(n.action) + ")" : ""}` : "— (root)"}</dd>`;
    h += `<dt>expanded</dt><dd>${n.order ? "step " + n.order : "not yet"}</dd>`;
    if (msg.key) h += `<dt>sort key</dt><dd>(${fmt(msg.key.priority)}, ${fmt(msg.key.tie)}, #${msg.key.seq})</dd>`;
    h += `<dt>generated</dt><dd>step ${n.step}</dd></dl>`;
    if (msg.terms && msg.terms.length) {
      h += `<details open><summary>h = ${fmt(n.h)}, term by term</summary><table class="terms" data-testid="insp-terms">`;
      for (const t of msg.terms) h += `<tr><td>${esc(t.label)}</td><td>${fmt(t.value)}</td></tr>`;
      h += `</table></details>`;
    }
    h += `<details open><summary>Path from the root (${msg.path.length - 1} steps)</summary><ol class="path">`;
    for (const p of msg.path) h += `<li><a href="#" data-node="${p.id}">${esc(p.state)}</a> <span class="muted">g ${fmt(p.g)}</span></li>`;
    h += `</ol></details>`;
    if (msg.children && msg.children.length) {
      h += `<details open><summary>Children when expanded</summary><table class="children" data-testid="insp-children"><tr><th>state</th><th>g</th><th>h</th><th>f</th><th>fate</th></tr>`;
      for (const c of msg.children) {
        let fate = c.fate;
        if (c.fate === "reparented" || c.fate === "reopened") fate += ` (g ${fmt(c.oldG)} → ${fmt(c.g)})`;
        h += `<tr><td><a href="#" data-node="${c.id}">${esc(c.state)}</a></td><td>${fmt(c.g)}</td><td>${fmt(c.h)}</td><td>${fmt(c.f)}</td><td class="fate fate-${esc(c.fate)}">${esc(fate)}</td></tr>`;
      }
      h += `</table></details>`;
    }
    const body = $("inspector-body");
    body.innerHTML = h;
    body.querySelectorAll("a[data-node]").forEach((a) => (a.onclick = (e) => { e.preventDefault(); inspect(Number(a.dataset.node)); }));
  }

  // ---- tree ----
  // tree.fit: "auto" keeps the tree readable and follows the node just
  // expanded; "all" fits the whole tree; false is the user's pan and zoom
  const tree = { svg: null, g: null, x: 0, y: 0, k: 1, fit: "auto", layout: null, drag: null };
  let layoutDirty = true;
  const BOX_W = 108, BOX_H = 58, SLOT = 118, LEVEL = 96;

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
        if (nd) inspect(Number(nd.dataset.id));
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
      inspect(next);
      if (tree.fit) tree.fit = false;
      const r = sz.treeW && sz.treeH ? { w: sz.treeW, h: sz.treeH } : { w: 600, h: 400 };
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

  function el(tag, attrs, parent) {
    const e = document.createElementNS(SVGNS, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  function drawTree() {
    const m = st.view;
    if (!m) return;
    ensureTreeSVG();
    if (layoutDirty || !tree.layout) { tree.layout = layoutTree(m); layoutDirty = false; }
    const L = tree.layout;
    const W = sz.treeW || 600, H = sz.treeH || 400;
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

  function tilesOf(state) {
    return state.indexOf(",") >= 0 ? state.split(",").map(Number) : state.split("").map(Number);
  }
  function miniBoard(g, state, x, y, size) {
    const t = tilesOf(state), n = Math.round(Math.sqrt(t.length)), c = size / n;
    const grp = el("g", { transform: `translate(${x},${y})`, class: "mini" }, g);
    t.forEach((v, i) => {
      const r = el("rect", { x: (i % n) * c, y: Math.floor(i / n) * c, width: c, height: c, class: v === 0 ? "blank" : "tile" }, grp);
      if (v !== 0) { const tx = el("text", { x: (i % n) * c + c / 2, y: Math.floor(i / n) * c + c * 0.75, "text-anchor": "middle", "font-size": c * 0.75 }, grp); tx.textContent = v; }
      return r;
    });
  }
  function boardSVG(state, size) {
    const t = tilesOf(state), n = Math.round(Math.sqrt(t.length)), c = size / n;
    const goal = st.problem && st.problem.goalTiles;
    let s = `<svg class="board" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="board ${esc(state)}">`;
    t.forEach((v, i) => {
      const x = (i % n) * c, y = Math.floor(i / n) * c;
      const home = goal && goal[i] === v;
      s += `<rect x="${x + 1}" y="${y + 1}" width="${c - 2}" height="${c - 2}" rx="4" class="${v === 0 ? "blank" : home ? "tile home" : "tile"}"/>`;
      if (v) s += `<text x="${x + c / 2}" y="${y + c * 0.68}" text-anchor="middle" font-size="${c * 0.5}">${v}</text>`;
    });
    return s + "</svg>";
  }

  // ---- problem view ----
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
    host.innerHTML = `<div class="boards"><figure>${boardSVG(n.state, 220)}<figcaption>${esc(n.state)} · g ${fmt(n.g)} · h ${fmt(n.h)}</figcaption></figure><figure class="goal">${boardSVG(p.goalTiles.join(p.goalTiles.length > 9 ? "," : ""), 110)}<figcaption>goal</figcaption></figure></div>`;
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
    const avail = Math.max(200, sz.problemW || 500);
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
    const Wd = Math.max(300, sz.problemW || 500), Hd = Wd * 0.62, pad = 40;
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
    if (g) inspect(Number(g.dataset.id));
  });

  // ---- chart ----
  function drawChart() {
    const m = st.view, full = m.history || [];
    // at most ~600 points: a polyline of thousands costs more than it shows
    const every = Math.ceil(full.length / 600);
    const h = every > 1 ? full.filter((_, i) => i % every === 0 || i === full.length - 1) : full;
    const host = $("chart");
    const W = Math.max(240, sz.chartW || 300), H = 120, pad = 24;
    if (h.length < 2) { host.innerHTML = `<p class="muted small">The sizes of the open and closed lists appear here as you step.</p>`; return; }
    let top = 1;
    for (const [o, c] of h) top = Math.max(top, o, c);
    const x = (i) => pad + i / (h.length - 1) * (W - pad - 8), y = (v) => H - 16 - v / top * (H - 28);
    const line = (j) => h.map((p, i) => `${x(i).toFixed(1)},${y(p[j]).toFixed(1)}`).join(" ");
    const lo = st.legend.open || {}, lc = st.legend.closed || {};
    const stride = (m.stride || 1) * every;
    const stepX = x(Math.min(h.length - 1, m.step / stride));
    host.innerHTML = `<svg width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="open and closed list sizes over the steps"><line x1="${pad}" y1="${H - 16}" x2="${W - 8}" y2="${H - 16}" class="axis"/><text x="2" y="14" class="tick">${top}</text><text x="2" y="${H - 16}" class="tick">0</text><polyline points="${line(0)}" fill="none" stroke="${lo.stroke}" stroke-width="2.5" stroke-dasharray="5 3"/><polyline points="${line(1)}" fill="none" stroke="${lc.stroke}" stroke-width="2.5"/><line x1="${stepX}" y1="8" x2="${stepX}" y2="${H - 16}" class="now"/><text x="${pad}" y="${H - 2}" class="tick">step 0</text><text x="${W - 8}" y="${H - 2}" class="tick" text-anchor="end">step ${(full.length - 1) * (m.stride || 1)}</text><text x="${W - 8}" y="14" text-anchor="end" class="tick"><tspan fill="${lo.stroke}">— open</tspan> <tspan fill="${lc.stroke}">— closed</tspan></text></svg>`;
  }

  // a handle for tests and the curious: window.stepviz.send({type: "step"})
  window.stepviz = { send, state: st, inspect, tree };
  connect();
})();
