// game.js keeps a live game or local session's page (templates/game.templ)
// current: it draws each view message the server sends (the svg export's
// drawing, the narration, the node table and pruned branches of a game,
// h over the steps of a local search), sends the presenter's commands and
// a follower's poll answers. The server computes everything; this file
// only prints it.
import { liftNeighbours } from "./livenotes.js";

const root = document.getElementById("live");
const presenter = root.dataset.role === "presenter";
const $ = (id) => document.getElementById(id);
let sock = null;

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  for (const k of kids) e.append(k);
  return e;
}

function send(msg) {
  if (sock && sock.readyState === WebSocket.OPEN) sock.send(JSON.stringify(msg));
}

function showView(v) {
  $("live-step-n").textContent = String(v.step);
  $("live-status").textContent = v.over ? v.status : "";
  $("live-says").textContent = v.says || "";
  drawSVG(v.svg, v.step);
  const side = $("live-side");
  side.replaceChildren();
  if (v.kind === "game") showGame(side, v);
  else showLocal(side, v);
}

// NARROW is the screen (a phone) on which the drawing is cut to what it
// draws, one picture a column; WIDE the screen (a projector, a laptop) on
// which it is cut to what it draws and scaled to its pane, scrolling
// past MIN_PX. MAX_SCALE bounds how far a small drawing (the first
// steps' one or two nodes) is enlarged; MAX_H is the share of a phone's
// height a picture may take.
const NARROW = matchMedia("(max-width: 600px)"), WIDE = matchMedia("(min-width: 801px)");
const MAX_SCALE = 3, MAX_H = 0.65;
// MIN_PX is the least size on the screen of a game tree's node names on a
// wide screen (the drawing scrolls rather than go below it); SHRINK is
// how much below the fitting scale a drawing that outgrew its pane is
// drawn, so that the next steps' growth fits without shrinking again.
const MIN_PX = 14, SHRINK = 0.85;
// MIN_PX_NARROW is the least size on a phone's screen of a game tree's
// node names: a tree that would draw them smaller (a deep one, fitted to
// MAX_H of the screen) is drawn at that size in a box of that height
// that scrolls, to the node visited last.
const MIN_PX_NARROW = 11;

// nameSize is the median size, in the drawing's units, of a game tree's
// node names (a node's first text: its name or board; its notes, the
// window and the range, are a point smaller).
function nameSize(svg) {
  const sizes = [...svg.querySelectorAll("g.node > text:first-of-type")].map((e) => parseFloat(getComputedStyle(e).fontSize)).sort((x, y) => x - y);
  return sizes.length ? sizes[sizes.length >> 1] : 11;
}

// lastVisited is the node visited last: the deepest node of the current
// path (of the last iteration's, for MCTS); null when there is none.
// Depths follow the generated nodes' parents (a pruned branch, never
// generated, is node -1, like the root's parent).
function lastVisited(svg) {
  const parent = new Map([...svg.querySelectorAll("g.node:not([data-node='-1'])")].map((g) => [g.dataset.node, g.dataset.parent]));
  const depth = (id) => { let n = 0; for (let p = parent.get(id); p !== undefined && n < parent.size; p = parent.get(p)) n++; return n; };
  let last = null, deepest = -1;
  for (const g of svg.querySelectorAll("g.node.path, g.node.selected, g.node.expanded")) { const d = depth(g.dataset.node); if (d > deepest) { deepest = d; last = g; } }
  return last;
}

// keepInView scrolls host, when node g is not inside it with a margin,
// to have g in its middle.
function keepInView(host, g) {
  const h = host.getBoundingClientRect(), q = g.getBoundingClientRect(), m = 40;
  const x = q.left - h.left + host.scrollLeft, y = q.top - h.top + host.scrollTop, W = host.clientWidth, H = host.clientHeight;
  if (x < host.scrollLeft + m || x + q.width > host.scrollLeft + W - m) host.scrollLeft = x + (q.width - W) / 2;
  if (y < host.scrollTop + m || y + q.height > host.scrollTop + H - m) host.scrollTop = y + (q.height - H) / 2;
}

// drawnParts splits the export's drawing into its heading (texts above
// every shape: the problem, the step, its narration, which the page shows
// above in larger type) and the parts it draws, with their boxes in the
// drawing's units. O(elements of the drawing).
function drawnParts(svg) {
  const kids = [...svg.children].filter((e) => typeof e.getBBox === "function" && !(e.tagName === "rect" && e.getAttribute("width") === "100%"));
  const box = new Map(kids.map((e) => [e, e.getBBox()]));
  const shapes = kids.filter((e) => e.tagName !== "text");
  if (!shapes.length) return null;
  const top = Math.min(...shapes.map((e) => box.get(e).y));
  const heads = kids.filter((e) => e.tagName === "text" && box.get(e).y + box.get(e).height <= top + 0.5);
  const parts = kids.filter((e) => !heads.includes(e) && box.get(e).width + box.get(e).height > 0);
  return { heads, parts, box };
}

// fitNarrow makes the drawing in host use a narrow screen's width. The
// export is drawn for a projector, with room kept for nodes not yet
// visited, and a local search's board beside its chart. Here the heading
// is left out, each column of the drawing (parts with a gap between them
// across the whole height) becomes a picture of its own, one under the
// other, and each is cut to what it draws and scaled to the width (at
// most MAX_SCALE times, and MAX_H of the screen tall), a game tree's
// node names MIN_PX_NARROW or more on the screen: past that the pictures
// scroll in a box MAX_H of the screen tall, to the node visited last.
// O(elements of the drawing).
function fitNarrow(host) {
  const svg = host.querySelector("svg");
  host.classList.toggle("fit", NARROW.matches && !!svg);
  host.style.maxHeight = "";
  if (!NARROW.matches || !svg) return;
  const d = drawnParts(svg);
  if (!d) return;
  const { heads, box } = d;
  // the columns: x-intervals of the drawn parts, merged where they overlap
  const parts = d.parts.sort((a, b) => box.get(a).x - box.get(b).x);
  const cols = [];
  for (const e of parts) {
    const b = box.get(e), c = cols[cols.length - 1];
    if (c && b.x <= c.r + 8) { c.r = Math.max(c.r, b.x + b.width); c.t = Math.min(c.t, b.y); c.b = Math.max(c.b, b.y + b.height); }
    else cols.push({ l: b.x, r: b.x + b.width, t: b.y, b: b.y + b.height });
  }
  for (const h of heads) h.setAttribute("display", "none");
  const W = host.clientWidth, H = innerHeight * MAX_H, pad = 4;
  const least = root.dataset.kind === "game" ? MIN_PX_NARROW / nameSize(svg) : 0;
  let over = false;
  const pics = cols.map((c, i) => {
    const pic = i === 0 ? svg : svg.cloneNode(true);
    const w = c.r - c.l + 2 * pad, h = c.b - c.t + 2 * pad, k = Math.max(least, Math.min(W / w, H / h, MAX_SCALE));
    pic.setAttribute("viewBox", `${c.l - pad} ${c.t - pad} ${w} ${h}`);
    pic.setAttribute("width", (w * k).toFixed(1));
    pic.setAttribute("height", (h * k).toFixed(1));
    if (w * k > W + 0.5 || h * k > H + 0.5) { over = true; pic.style.maxWidth = "none"; pic.style.alignSelf = "flex-start"; pic.style.flexShrink = "0"; }
    return pic;
  });
  host.append(...pics.slice(1));
  if (!over) return;
  host.style.maxHeight = H.toFixed(0) + "px";
  const last = lastVisited(svg);
  if (last) keepInView(host, last);
}

// kept is the scale of the drawing on a wide screen, kept from step to
// step for the pane's width it was chosen for.
let kept = { k: 0, W: 0, H: 0 };

// fitWide makes the drawing in host use a wide screen's pane: the heading
// is left out, the notes under it written under the pane's picture, the
// drawing cut to what it draws and scaled so that it
// fills the pane (at most MAX_SCALE times) with a game tree's node names
// MIN_PX or more on the screen; past that the pane scrolls, to the node
// visited last. The scale is kept from step to step while the drawing fits at it,
// so stepping moves no node; one that outgrows its pane is drawn at
// SHRINK of the fitting scale, and a reset (step 0) or a new pane width
// (the window's) chooses again; a pane grown shorter (a narration of two
// lines, a poll shown above) only shrinks it if it no longer fits.
// O(elements of the drawing).
function fitWide(host, step) {
  const svg = host.querySelector("svg"), old = host.parentElement.querySelector(".live-foot");
  host.classList.toggle("wide", WIDE.matches && !!svg);
  if (old) old.hidden = true;
  if (!WIDE.matches || !svg) return;
  const d = drawnParts(svg);
  if (!d) return;
  for (const h of d.heads) h.setAttribute("display", "none");
  // the notes under the drawing (what a folded tree leaves out) are
  // written under the pane's picture in the page's type, not scaled with it
  const shapesBottom = Math.max(...d.parts.filter((e) => e.tagName !== "text").map((e) => d.box.get(e).y + d.box.get(e).height));
  const feet = d.parts.filter((e) => e.tagName === "text" && d.box.get(e).y >= shapesBottom - 0.5);
  for (const e of feet) e.setAttribute("display", "none");
  let foot = host.parentElement.querySelector(".live-foot");
  if (!foot) { foot = document.createElement("p"); foot.className = "live-foot"; foot.dataset.testid = "live-foot"; host.after(foot); }
  foot.textContent = feet.map((e) => e.textContent).join(" ");
  foot.hidden = !feet.length;
  let l = Infinity, r = -Infinity, t = Infinity, b = -Infinity;
  for (const e of d.parts.filter((e) => !feet.includes(e))) {
    const q = d.box.get(e);
    l = Math.min(l, q.x); r = Math.max(r, q.x + q.width); t = Math.min(t, q.y); b = Math.max(b, q.y + q.height);
  }
  const median = nameSize(svg);
  const pad = 6, W = host.clientWidth, H = host.clientHeight, w = r - l + 2 * pad, h = b - t + 2 * pad;
  // a local search's board and chart are drawn whole: its board is read
  // by its squares, not its text
  const fit = Math.min(W / w, H / h, MAX_SCALE), least = root.dataset.kind === "game" ? MIN_PX / median : 0;
  let k = kept.k;
  if (!k || kept.W !== W || step === 0) k = fit;
  else if (w * k > W + 0.5 || h * k > H + 0.5) k = Math.min(k, fit * SHRINK);
  k = Math.max(least, k);
  kept = { k, W, H };
  // whole pixels on the screen and the viewBox made to match, so that the
  // drawing is at scale k exactly: a scale kept from step to step stays
  const pw = Math.floor(w * k), ph = Math.floor(h * k); // inside the pane: the padding gives up less than a pixel
  svg.setAttribute("viewBox", `${l - pad} ${t - pad} ${pw / k} ${ph / k}`);
  svg.setAttribute("width", String(pw));
  svg.setAttribute("height", String(ph));
  const last = lastVisited(svg);
  if (last && (w * k > W || h * k > H)) keepInView(host, last);
}

// drawSVG shows svg, the server's own export, fitted to the screen.
function drawSVG(svg, step) {
  lastSVG = svg;
  lastStep = step;
  $("live-svg").innerHTML = svg;
  liftNeighbours($("live-svg"));
  fitNarrow($("live-svg"));
  fitWide($("live-svg"), step);
}

// BOARD_NAME is a board's name as the tables write it: its rows, of one
// length, joined by "/" ("XOX/OXO/X..").
const BOARD_NAME = /^([^\s/]+)(\/[^\s/]+)+$/;

// nameCell is the node table's cell for a position's name: a board's
// rows one under another, as the picture draws them (a name as wide as
// one row), the "/" between them kept in the text for copying and for
// screen readers but not shown; any other name as it is.
function nameCell(name) {
  const rows = BOARD_NAME.test(name) ? name.split("/") : null;
  if (!rows || rows.some((r) => r.length !== rows[0].length)) return el("td", {}, name);
  const kids = [];
  rows.forEach((r, i) => {
    if (i > 0) kids.push(el("span", { class: "board-sep" }, "/"));
    kids.push(el("span", { class: "board-row" }, r));
  });
  return el("td", { class: "board-name" }, ...kids);
}

function showGame(side, v) {
  // "v" is the value, as the picture and AIMA's pseudo-code write it
  const head = el("tr", {}, ...["node", "move", "turn", "status", el("abbr", { title: "value" }, "v"), "α/β window", "range"].map((h) => el("th", { scope: "col" }, h)));
  const body = el("tbody");
  for (const n of v.nodes || []) {
    body.append(el("tr", { "data-testid": "node-" + n.id, "data-status": n.status },
      nameCell(n.name), el("td", {}, n.move || ""), el("td", {}, n.turn), el("td", {}, n.status),
      el("td", { "data-col": "value" }, n.value || ""), el("td", { "data-col": "window" }, n.window || ""),
      el("td", { "data-col": "range" }, n.range || "")));
  }
  const table = el("table", { "data-testid": "node-table" }, el("caption", {}, "Nodes (the current path first)"), el("thead", {}, head), body);
  side.append(table);
  if (v.nodesLeft) side.append(el("p", { class: "muted small" }, `${v.nodesLeft} more ${v.nodesLeft === 1 ? "node" : "nodes"} not listed`));
  const cuts = el("ul", { "data-testid": "cut-list" });
  (v.cut || []).forEach((c, i) => cuts.append(el("li", { "data-testid": "cut-" + i, "data-parent": String(c.parent), "data-move": c.move }, `${c.of}: ${c.move} pruned (${c.why})`)));
  side.append(el("h3", {}, "Pruned"), cuts);
  if (v.cutLeft) side.append(el("p", { class: "muted small" }, `${v.cutLeft} earlier ${v.cutLeft === 1 ? "cut" : "cuts"} not listed`));
  const ask = $("ask-node");
  if (ask) {
    const was = ask.value;
    ask.replaceChildren(...(v.nodes || []).filter((n) => n.status === "path" && !n.leaf).map((n) => el("option", { value: String(n.id) }, n.name)));
    if ([...ask.options].some((o) => o.value === was)) ask.value = was;
    else if (ask.options.length) ask.value = ask.options[ask.options.length - 1].value;
  }
  if (v.over && v.value) side.append(el("p", { "data-testid": "game-value" }, `Value ${v.value}; principal variation ${(v.pv || []).join(" ")}`));
}

function showLocal(side, v) {
  side.append(el("p", {}, "h = ", el("strong", { "data-testid": "local-h" }, v.h || "")));
  const list = el("ol", { "data-testid": "h-history", start: String(v.historyFrom || 0), class: "h-history" });
  for (const h of v.history || []) list.append(el("li", {}, h));
  side.append(el("h3", {}, "h over the steps"), list);
  if (v.why) side.append(el("p", { "data-testid": "local-why" }, v.why));
}

function showPoll(p) {
  const box = $("live-poll");
  if (!p.kind) { box.hidden = true; box.replaceChildren(); return; }
  box.hidden = false;
  box.replaceChildren(el("h2", { "data-testid": "poll-ask" }, `${p.ask} (step ${p.step})`));
  if (!presenter && !p.revealed) {
    if (p.kind === "prune") {
      const choices = el("div", { class: "choices" });
      for (const c of p.choices || []) {
        const b = el("button", { type: "button", "data-testid": "choice", "data-answer": c, "aria-pressed": String(p.mine === c) }, c);
        b.addEventListener("click", () => send({ cmd: "vote", answer: c }));
        choices.append(b);
      }
      box.append(choices);
    } else {
      const input = el("input", { type: "text", inputmode: "decimal", maxlength: "32", "data-testid": "answer-input", "aria-label": "your answer" });
      const b = el("button", { type: "submit", "data-testid": "answer-send" }, "Answer");
      const form = el("form", {}, input, b);
      form.addEventListener("submit", (e) => { e.preventDefault(); send({ cmd: "vote", answer: input.value }); });
      box.append(form);
    }
    if (p.mine) box.append(el("p", { "data-testid": "my-answer" }, "Your answer: " + p.mine));
  }
  box.append(el("p", { "data-testid": "poll-votes" }, `${p.votes} answered`));
  if (p.counts) {
    const ul = el("ul", { "data-testid": "poll-counts" });
    for (const [a, n] of Object.entries(p.counts).sort((x, y) => y[1] - x[1])) ul.append(el("li", {}, `${a}: ${n}`));
    box.append(ul);
  }
  if (p.revealed) {
    box.append(el("p", { "data-testid": "poll-answer" }, "Answer: " + p.answer));
    if (!presenter && p.mine) box.append(el("p", { "data-testid": "poll-right" }, p.right ? "You were right." : "Not this time."));
  }
  if (presenter) {
    const r = el("button", { type: "button", "data-testid": "poll-reveal" }, "Reveal the answer");
    r.addEventListener("click", () => send({ cmd: "reveal" }));
    const c = el("button", { type: "button", "data-testid": "poll-close" }, "Close the poll");
    c.addEventListener("click", () => send({ cmd: "close" }));
    if (!p.revealed) box.append(r);
    box.append(c);
  }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  sock = new WebSocket(proto + "//" + location.host + root.dataset.ws);
  sock.onopen = () => { $("live-conn").textContent = "live"; };
  sock.onclose = () => { $("live-conn").textContent = "disconnected — reload to reconnect"; };
  sock.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.type === "view") showView(m);
    else if (m.type === "poll") showPoll(m);
    else if (m.type === "note") { const n = $("live-note"); n.textContent = m.text; n.hidden = false; setTimeout(() => { n.hidden = true; }, 4000); }
  };
}

if (presenter) {
  for (const b of document.querySelectorAll("[data-cmd]")) b.addEventListener("click", () => send({ cmd: b.dataset.cmd }));
  for (const b of document.querySelectorAll("[data-ask]")) {
    b.addEventListener("click", () => {
      const node = $("ask-node");
      if (b.dataset.ask === "backup" && node && node.value !== "") send({ cmd: "ask", kind: "backup", node: Number(node.value) });
      else send({ cmd: "ask", kind: b.dataset.ask });
    });
  }
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea")) return;
    const cmd = { ArrowRight: "step", " ": "step", ArrowLeft: "back", Home: "reset", End: "run" }[e.key];
    if (cmd) { e.preventDefault(); send({ cmd }); }
  });
}
// the server's first drawing, before the socket's first view; drawn again
// (the export's own markup) when the window's width changes
let lastSVG = $("live-svg").innerHTML, resized = 0, lastStep = Number($("live-step-n").textContent);
fitNarrow($("live-svg"));
fitWide($("live-svg"), lastStep);
// drawn again when the drawing's room changes: its width (the window's),
// or on a wide screen its height too (a poll shown above it)
let room = "";
new ResizeObserver(() => {
  const host = $("live-svg"), now = host.clientWidth + "x" + (WIDE.matches ? host.clientHeight : 0);
  if (now === room) return;
  const first = !room;
  room = now;
  if (!first && !resized) resized = requestAnimationFrame(() => { resized = 0; drawSVG(lastSVG, lastStep); });
}).observe($("live-svg"));
connect();
