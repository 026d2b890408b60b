// stepviz session page: keeps the server's first paint live over the
// session's websocket (docs/protocol.md). This module wires the others:
// model.js (the search at the step shown), protocol.js (the socket),
// controls.js (toolbar, keyboard, chrome) and one module per view (tree,
// problem, tables, inspector, chart). Views are redrawn on
// requestAnimationFrame, at most once a frame.
import { $, afterPaint } from "./util.js";
import { createProtocol } from "./protocol.js";
import { createControls } from "./controls.js";
import { createTree } from "./tree.js";
import { createProblemView } from "./problem.js";
import { createTables } from "./tables.js";
import { createInspector } from "./inspector.js";
import { createChart } from "./chart.js";
import { createFamily } from "./family.js";
import { writeNarration } from "./narration.js";

const app = document.getElementById("app");
if (app) start(app);

function start(app) {
  const presenter = app.dataset.role === "presenter";
  const st = {
    ws: null, problem: null, legend: {}, maxNodes: 0,
    live: 0, liveStatus: "running", playing: false, speed: 2, followers: 0,
    local: false, // a follower exploring on its own
    view: null, // the model shown
    selected: -1, collapsed: new Set(), showDiscarded: true,
    queryId: 0, pendingView: 0, reconnectDelay: 500, closedByServer: "",
    maxKnown: 0, localPlay: null, localTarget: null,
  };
  // page is what the modules share: the state, the sizes measured once a
  // frame, and the hooks each module provides to the others.
  const page = { app, st, presenter, model: null, sz: { treeW: 0, treeH: 0, treeInset: 0, problemW: 0, problemH: 0, chartW: 0 }, redraw, setModel, stats: { draws: 0, lastDrawMs: 0, drawMs: [], frames: [], msg: null } };
  const proto = createProtocol(page);
  page.send = proto.send;
  const inspector = createInspector(page);
  page.inspect = inspector.pick;
  page.renderInspector = inspector.render;
  page.tree = createTree(page);
  const controls = createControls(page);
  page.updateChrome = controls.updateChrome;
  page.notice = controls.notice;
  // sharing shows, until the next sharing message clears it, that the
  // lecturer's steps are not reaching this server (a cluster's room,
  // docs/deploy.md). In a room's iframe the room's page shows it instead.
  let sharing = "";
  page.sharing = (text) => {
    if (window.parent !== window) return;
    const n = $("notice");
    if (text) controls.notice(text, true);
    else if (sharing && n.textContent === sharing) n.hidden = true;
    sharing = text;
  };
  page.command = controls.command;
  const family = createFamily(page);
  const problem = createProblemView(page);
  const tables = createTables(page);
  const chart = createChart(page);

  // setModel installs the model made from a hello message; the views
  // that keep indexes of it (tree, problem view) attach to it.
  function setModel(model) {
    page.model = model;
    st.selected = -1;
    family.attach(model);
    page.tree.attach(model);
    problem.attach(model);
    model.subscribe(() => { inspector.refresh(); redraw(true); });
  }

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
  // draw redraws every view from the model; each view draws only what is
  // in view, and the tree is laid out again only when the model changed
  function draw() {
    const m = page.model;
    if (!m || !m.loaded) return;
    const t0 = performance.now();
    performance.mark("stepviz-draw-start");
    controls.updateChrome();
    writeNarration($("narration"), m.narration || (m.step === 0 ? "Step 0: the start node is the only open node. Press → or space to expand it." : "Step " + m.step + "."), document.documentElement.classList.contains("projector"));
    const tm = {};
    let t = performance.now();
    const lap = (name) => { const n = performance.now(); tm[name] = +(n - t).toFixed(1); t = n; };
    // the family strip first: it stands above the panes, and its lines
    // give the tree its height in projector mode
    family.draw(); lap("family");
    // read every size before writing anything else: a read after a write
    // forces the browser to lay the page out again
    measure();
    page.tree.draw(); lap("tree");
    problem.draw(); lap("problem");
    tables.draw(); lap("lists");
    chart.draw(); lap("chart");
    chart.drawCounters(); lap("counters");
    st.timings = tm;
    // the time to the next frame includes the browser's layout and paint
    requestAnimationFrame(() => { tm.nextFrame = +(performance.now() - t0).toFixed(1); });
    // tests wait for this: a draw with every state string it asked for
    if (!m.pendingStates()) app.dataset.drawn = m.step;
    page.stats.draws++;
    page.stats.lastDrawMs = performance.now() - t0;
    page.stats.drawMs[page.stats.draws % 256] = page.stats.lastDrawMs;
    // the last frames drawn: the step, whether every state string asked
    // for was there, when the draw started, its time and when it was painted
    const fr = { step: m.step, complete: !m.pendingStates(), start: t0, drawMs: page.stats.lastDrawMs, painted: 0 };
    page.stats.frames.push(fr);
    if (page.stats.frames.length > 32) page.stats.frames.shift();
    afterPaint(() => { fr.painted = performance.now(); });
    app.dataset.drawMs = (performance.now() - t0).toFixed(1);
  }

  function measure() {
    const tr = (page.tree.svg || $("tree")).getBoundingClientRect();
    page.sz.treeW = tr.width; page.sz.treeH = tr.height;
    // how far the tree's tools, laid over its bottom in projector mode, reach into it
    const tools = document.querySelector(".pane.tree .tree-tools").getBoundingClientRect();
    page.sz.treeInset = tools.top > tr.top && tools.top < tr.bottom ? tr.bottom - tools.top : 0;
    page.sz.problemW = $("problem-view").clientWidth;
    page.sz.problemH = $("problem-view").clientHeight;
    page.sz.chartW = $("chart").clientWidth;
    tables.measure();
  }
  window.addEventListener("resize", () => { measure(); page.tree.draw(); });

  // A link to a step (?step=N or #step=N) opens the page at that step: a
  // follower explores a copy there (Re-join live returns), a presenter
  // moves the session there. The parameter is then dropped from the
  // address, so that a reload does not move the class again.
  page.onFirstJoin = () => {
    const n = stepFromURL(location);
    if (n === null) return;
    page.command("seek", { step: n });
    const u = new URL(location.href);
    u.searchParams.delete("step");
    if (/(^#|&)step=/.test(u.hash)) u.hash = "";
    history.replaceState(null, "", u.toString());
  };

  // a handle for tests and the curious: window.stepviz.send({type: "step"})
  window.stepviz = { send: proto.send, state: st, inspect: inspector.inspect, tree: page.tree, stats: page.stats, get model() { return page.model; } };
  proto.connect();
}

// stepFromURL reads ?step=N or #step=N: a whole number up to 10^9, else null.
export function stepFromURL(loc) {
  const q = new URLSearchParams(loc.search).get("step");
  const h = /(?:^#|&)step=([^&]*)/.exec(loc.hash);
  const v = q !== null ? q : h ? h[1] : null;
  if (v === null || !/^\d{1,10}$/.test(v.trim())) return null;
  const n = Number(v.trim());
  return n <= 1e9 ? n : null;
}
