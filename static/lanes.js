// Side by side (docs/viewer.md): 2 to 4 searches of a room on one screen.
// Each lane is one search with its own session websocket (protocol.js),
// its own model (model.js) and its own tree (tree.js), the same modules
// the session page runs, given the lane's elements instead of the page's;
// nothing else of the session page (lists, inspector, chart) is built. A
// lane shows its search line, its counters and its narration; the room's
// one toolbar drives every lane together (room.js). The lanes share the
// screen: their trees are sized so that every lane is whole in the
// window below the room's controls and the poll (a projector shows it
// without scrolling), at least MIN_TREE_H px tall each.
import { createProtocol } from "./protocol.js";
import { createTree } from "./tree.js";
import { setText } from "./util.js";

// MIN_TREE_H is the shortest tree a lane draws on a wide screen (its
// zoom-to-fit still shows a few levels); MIN_LANE_W the narrowest lane
// that stands in one row with the others (a projector's 1280 px holds
// four); under 900 px wide they stand one under the other.
const MIN_TREE_H = 140, MIN_LANE_W = 300, PHONE_H = 0.45;

// createLanes returns {show(lanes), close(), lanes}: show replaces the
// lanes in host with one per search of lanes (room.js's LaneInfo: id,
// lane, options, label), each connected as the presenter when key is set.
// onNode(session id, node id) is called for a click on a tree node.
export function createLanes(host, key, onNode) {
  let lanes = [];
  function show(infos) {
    close();
    host.innerHTML = "";
    host.dataset.lanes = String(infos.length);
    host.classList.add("side");
    lanes = infos.map((l) => createLane(host, l, key, onNode));
    fit();
    // fitted again when a lane's head or narration changes height (its
    // counters and narration arrive after show, and wrap as they grow)
    heads.disconnect();
    for (const b of host.querySelectorAll(".lane-head, .lane-narration")) heads.observe(b);
  }
  let refit = 0;
  const heads = new ResizeObserver(() => { if (!refit) refit = requestAnimationFrame(() => { refit = 0; fit(); }); });
  function close() { heads.disconnect(); for (const l of lanes) l.close(); lanes = []; host.classList.remove("side"); }
  // fit gives every tree the same height: the window below the lanes'
  // top, shared by their rows. The lanes stand in one row when each gets
  // MIN_LANE_W: a row more would repeat each lane's head and narration in
  // a height a projector lacks (720 px less the controls and a poll),
  // while a tree zooms to fit a narrower box; two a row on a narrower
  // screen, one a row on a phone.
  function fit() {
    if (!lanes.length) return;
    const cols = innerWidth >= lanes.length * MIN_LANE_W + 40 ? lanes.length : lanes.length > 1 && innerWidth >= 900 ? 2 : 1;
    const rows = Math.ceil(lanes.length / cols);
    host.style.setProperty("--lane-cols", String(cols)); // before measuring: a narrower lane's head may wrap
    const top = host.getBoundingClientRect().top + scrollY;
    const chrome = Math.max(...lanes.map((l) => l.chromeHeight()));
    // a phone scrolls the lanes one under the other: each tree takes PHONE_H of its screen
    const h = Math.max(MIN_TREE_H, Math.floor((innerHeight - top - 12) / rows - chrome - 10), innerWidth <= 600 ? Math.round(innerHeight * PHONE_H) : 0);
    host.style.setProperty("--lane-tree-h", h + "px");
    for (const l of lanes) l.redraw();
  }
  addEventListener("resize", fit);
  return { show, close, fit, get lanes() { return lanes; } };
}

// createLane builds one lane's elements in host and connects it.
function createLane(host, info, key, onNode) {
  const box = document.createElement("section");
  box.className = "lane-box";
  box.dataset.testid = "lane-" + info.lane;
  box.dataset.session = info.id;
  const search = info.label;
  box.setAttribute("aria-label", "Search " + (info.lane + 1) + ": " + search);
  box.title = "Search " + (info.lane + 1) + ": " + info.options;
  const proto = location.protocol === "https:" ? "wss://" : "ws://";
  box.dataset.ws = proto + location.host + "/s/" + encodeURIComponent(info.id) + "/ws" + (key ? "?key=" + encodeURIComponent(key) : "");
  box.innerHTML = `
    <header class="lane-head">
      <h2><span class="lane-no"></span> <span class="lane-search" data-testid="lane-search"></span></h2>
      <span class="lane-counters" data-testid="lane-counters">step <strong data-part="step-n" data-testid="lane-step">0</strong> · <span data-part="counters"></span></span>
      <span class="conn" data-part="conn" role="status">connecting…</span>
      <span class="muted small" data-part="tree-count"></span>
      <a class="small" data-part="own" target="_blank">own page</a>
      <span class="zoom" role="group" aria-label="Zoom this tree">
        <button type="button" data-part="zoom-out" title="Zoom out">−</button>
        <button type="button" data-part="zoom-in" title="Zoom in">+</button>
        <button type="button" data-part="zoom-fit" title="Fit the whole tree">Fit</button>
        <button type="button" data-part="zoom-follow" title="Follow the node just expanded">Follow</button>
      </span>
      <input type="checkbox" data-part="show-discarded" checked hidden aria-label="show discarded nodes">
    </header>
    <p class="lane-narration" data-part="narration" data-testid="lane-narration" role="status" aria-live="polite"></p>
    <div class="lane-tree-wrap">
      <button type="button" class="tree-follow primary" data-part="tree-follow" hidden>Follow the search</button>
      <div class="tree-view lane-tree" data-part="tree" data-testid="lane-tree" tabindex="0" aria-label="Search tree of search ${info.lane + 1}: drag to pan, wheel to zoom"></div>
    </div>`;
  box.querySelector(".lane-no").textContent = String(info.lane + 1) + ":";
  box.querySelector(".lane-search").textContent = search;
  box.querySelector("[data-part=own]").href = "/s/" + encodeURIComponent(info.id) + (key ? "?key=" + encodeURIComponent(key) : "");
  host.appendChild(box);
  const parts = new Map();
  for (const e of box.querySelectorAll("[data-part]")) parts.set(e.dataset.part, e);

  const st = {
    ws: null, problem: null, legend: {}, maxNodes: 0, live: 0, liveStatus: "running", playing: false, speed: 2, followers: 0,
    local: false, view: null, selected: -1, collapsed: new Set(), showDiscarded: true, queryId: 0,
    reconnectDelay: 500, maxKnown: 0, closed: false,
  };
  const page = {
    app: box, st, presenter: !!key, model: null, sz: { treeW: 0, treeH: 0 }, projector: true,
    $: (id) => parts.get(id) || null,
    path: "/s/" + encodeURIComponent(info.id),
    stats: { draws: 0, msg: null },
    redraw, setModel,
    notice: (text) => say(text),
    renderInspector: () => {},
    updateChrome: () => chrome(),
    inspect: (id) => { st.selected = id; if (onNode) onNode(info.id, String(id)); redraw(); },
  };
  const protocol = createProtocol(page);
  page.send = protocol.send;
  page.tree = createTree(page);

  function setModel(model) {
    page.model = model;
    st.selected = -1;
    page.tree.attach(model);
    model.subscribe(() => redraw());
  }
  function chrome() {
    const m = page.model;
    if (!m) return;
    const c = m.counters || {};
    setText(parts.get("step-n"), String(m.step));
    const status = m.status === "running" ? (st.playing ? "playing" : "") : m.status;
    // how many generated is the tree's count's ("10 nodes: start + 9
    // generated", tree.js), in the line under these
    setText(parts.get("counters"), `expanded ${c.expanded || 0} · open ${c.open || 0}` + (status ? " · " + status : ""));
  }
  let frame = 0;
  function redraw() {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      const m = page.model;
      if (!m || !m.loaded) return;
      chrome();
      say(m.narration || (m.step === 0 ? "Step 0: the start node is the only open node." : "Step " + m.step + "."));
      const r = parts.get("tree").getBoundingClientRect();
      page.sz.treeW = r.width; page.sz.treeH = r.height;
      page.tree.draw();
      if (!m.pendingStates()) box.dataset.drawn = String(m.step);
      page.stats.draws++;
    });
  }
  // say shows text as the lane's narration. The lane clamps it to two
  // lines (style.css .lane-narration), so the whole text is also its
  // tooltip and its accessible name: a pointer or a screen reader reaches
  // what the clamp cuts.
  function say(text) {
    const e = parts.get("narration");
    setText(e, text);
    if (e.title !== e.textContent) {
      e.title = e.textContent;
      e.setAttribute("aria-label", e.textContent);
    }
  }
  // chromeHeight is the lane's height without its tree.
  function chromeHeight() { return box.getBoundingClientRect().height - parts.get("tree").getBoundingClientRect().height; }
  function close() {
    st.closed = true;
    const ws = st.ws; st.ws = null;
    if (ws) ws.close();
  }
  protocol.connect();
  return { box, page, redraw, close, chromeHeight, get playing() { return st.playing; } };
}
