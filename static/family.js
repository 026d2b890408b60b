// The searches that are not one open list ordered by a key, each shown in
// its own terms (hello.problem.frontier, docs/protocol.md):
//   "stack" (ids, idastar): the open table is the stack, top first; the
//     strip names the iteration, its depth limit or threshold and the next
//     threshold; the tree shows the current iteration only (ids below
//     model.iterStart are earlier iterations', counted here, each viewable
//     at its last step); the current path's edges are highlighted.
//   "rbfs": the f-limit of each node on the path, the backups of the step
//     and the forgotten nodes (faded in the tree, counted here from the
//     model's count, O(log nodes)).
//   "bidirectional" (bibfs, biucs, biastar): the start's tree grows down
//     and the goal's tree (model.backward) grows up toward it, each
//     coloured by its direction; the strip shows the side expanded, μ, the
//     meeting nodes (ringed in the tree), the tops of both open lists and
//     the stopping rule.
// Beam search, a priority queue (hello.problem.frontier "priority"), is
// shown in its terms too: the strip gives the width, the layer (local
// beam), what the step pruned and how many in all; pruned nodes are drawn
// as such (familyStatus); local beam's open table heads its key columns
// layer and f (hello.problem.layered: the key is the depth, then f).
// Which of these a search is, its formula, its sort key, its box numbers
// and its open table's title all come from Go as data: the family
// description hello.problem.family (wire.Family, docs/protocol.md); this
// module names no algorithm.
// No per-node work on a step except what is said: iterations() scans the
// ids below iterStart once per iteration (O(earlier nodes)); the rest is
// O(what the strip shows).
import { $, fmt, fmtF, esc, stateLabel } from "./util.js";
import { layout } from "./treelayout.js";
import {
  PANEL_STACK, PANEL_RBFS, PANEL_BIDIRECTIONAL, PANEL_BEAM, EVAL_GH, EVAL_G, EVAL_DEPTH,
  BOX_G, BOX_H, BOX_F, BOX_DEPTH, BOX_STORED_F,
} from "./wireconst.js";

// NO_FAMILY stands for a description before hello (or from a server that
// sent none): the common columns only, no strip.
const NO_FAMILY = Object.freeze({ panel: "", eval: "", formula: "f", box: [BOX_G, BOX_H, BOX_F], compact: BOX_F, key: {}, legend: [] });

// describe is the search's family description (hello.problem.family). O(1).
export function describe(m) {
  return (m && m.problem && m.problem.family) || NO_FAMILY;
}

// label is how the strip names the family's value name (an iteration's
// "limit", bidirectional search's "mu"): its description's label. O(values).
export function label(m, name) {
  const v = (describe(m).values || []).find((x) => x.name === name);
  return v ? v.label : name;
}

// formulaLine is a node's f as the inspector writes it: the family's
// formula, the terms' values when f is g + h, and f under the rounding
// rule (viz.FormulaLine writes the same line in Go). O(1).
export function formulaLine(fam, g, h, f) {
  if (fam.eval === EVAL_GH) return `${fam.formula} = ${fmt(g)} + ${fmt(h)} = ${fmtF(g, h, f)}`;
  if (fam.eval === EVAL_DEPTH) return `${fam.formula} = ${fmt(f)}`;
  return `${fam.formula} = ${fmtF(g, h, f)}`;
}

// boxNumbers are the numbers node id's tree box shows, [label, text] in
// the order the description's box (or the labels given) names them. O(1).
export function boxNumbers(m, id, labels = describe(m).box) {
  return labels.map((b) => [b, boxValue(m, id, b)]);
}

function boxValue(m, id, b) {
  switch (b) {
    case BOX_G: return fmt(m.g(id));
    case BOX_H: return hText(m, id);
    case BOX_DEPTH: return m.depth(id);
    case BOX_STORED_F: return fmt(storedF(m, id));
  }
  return fText(m, id);
}

// H_FAILED is what a node's h reads as when the heuristic failed on its
// state (m.hFailed): not 0, which is only what the search keyed it by;
// F_UNKNOWN its f then.
export const H_FAILED = "failed", F_UNKNOWN = "?";

// hFailed reports whether the heuristic failed on node id's state.
export const hFailed = (m, id) => !!(m.hFailed && m.hFailed(id));

// hText is node id's h as every view writes it: H_FAILED where the
// heuristic failed, else h under the one rounding rule. O(1).
export function hText(m, id) { return hFailed(m, id) ? H_FAILED : fmt(m.h(id)); }

// fText is node id's f as every view writes it (fmtF), F_UNKNOWN where
// the heuristic failed. O(1).
export function fText(m, id) { return hFailed(m, id) ? F_UNKNOWN : fmtF(m.g(id), m.h(id), m.f(id)); }

// EXTRA_LEGEND draws the statuses viz.StatusLegend does not list: the
// family styles of viz.FamilyStyles, with its words and letters
// (TestFamilyStylesMatchThePage checks they agree).
export const EXTRA_LEGEND = {
  cutoff: { status: "cutoff", label: "cut off (over the limit)", letter: "L", stroke: "#CC79A7", fill: "#F8E6F0", dash: "4 2", width: 2 },
  forgotten: { status: "forgotten", label: "forgotten (f backed up)", letter: "F", stroke: "#B5B5B5", fill: "#F6F6F6", dash: "2 3", width: 1 },
  pruned: { status: "pruned", label: "pruned (dropped from the beam)", letter: "B", stroke: "#A6761D", fill: "#F4ECDF", dash: "6 2", width: 1.5 },
};

// MEET_COLOUR rings a bidirectional search's meeting nodes (style.css's
// .meet-ring).
const MEET_COLOUR = "#E69F00";

// DIR_COLOUR tells the two trees of a bidirectional search apart.
export const DIR_COLOUR = { forward: "#0072B2", backward: "#D55E00" };

// DIR_FILL is the fill of a searched cell or city by direction.
const DIR_FILL = { forward: { open: "#DCEBF6", closed: "#9CC6E4" }, backward: { open: "#FBE3D3", closed: "#F2B58E" } };

// dirFill is how the grid and graph views fill node id's cell for a
// bidirectional search ({dir, fill}), or null: the status's own colour.
export function dirFill(m, id, status) {
  const dir = dirOf(m, id);
  if (!dir || !(status === "open" || status === "closed")) return null;
  return { dir, fill: DIR_FILL[dir][status] };
}

// dirMark is a table cell's mark of a bidirectional search's node: ↓ in
// the start's tree, ↑ in the goal's, in the tree's colours; "" otherwise.
export function dirMark(m, id) {
  const dir = dirOf(m, id);
  if (!dir) return "";
  return ` <span class="dir-mark" data-dir="${dir}" style="color:${DIR_COLOUR[dir]}" title="${dir === "forward" ? "the start's tree (forward)" : "the goal's tree (backward)"}">${dir === "forward" ? "↓" : "↑"}</span>`;
}

// familyOf is the model's family strip, beam's aside: "stack", "rbfs",
// "bidirectional" or "".
export function familyOf(m) {
  const p = describe(m).panel;
  return p === PANEL_STACK || p === PANEL_RBFS || p === PANEL_BIDIRECTIONAL ? p : "";
}

// fName names what a node's f holds (model.f, the tables' f columns, a
// grid cell's or a city's number): "depth" for a search ordered by depth
// (the description's eval EVAL_DEPTH: BFS, DFS, DLS, IDS), whose f is the
// node's depth, not g + h; "g" for one whose f is g (EVAL_G: uniform
// cost), which uses no heuristic (usesH); "f" otherwise. O(1).
export function fName(m) {
  const e = describe(m).eval;
  return e === EVAL_DEPTH ? "depth" : e === EVAL_G ? "g" : "f";
}

// usesH says the search orders by a heuristic (the description's
// heuristic, wire.Family.Heuristic). Without one a node's h is 0 only
// because none is computed and its f is its g or its depth: every view a
// person reads (tree boxes and their names, tables, inspector, captions)
// shows g, and the depth where it shows it, never "h 0" or an f. O(1).
export function usesH(m) { return describe(m).heuristic !== false; }

// tableNumbers is the open and closed tables' classes for the search
// (templates.SessionData.Numbers, viz.TableNumbers): "no-h"
// hides the h columns of a search without a heuristic, "no-f" its f
// columns unless they hold the depth it orders by. O(1).
export function tableNumbers(m) {
  if (usesH(m)) return "";
  return fName(m) === "depth" ? "no-h" : "no-h no-f";
}

// inspectorNumbers names the numbers the inspector shows of a node, as
// its placeholder lists them (templates.SessionData.InspectorNumbers): no
// h or f for a search without a heuristic. O(1).
export function inspectorNumbers(m) { return usesH(m) ? "g, h and its breakdown, f, depth" : "g, depth"; }

// isBeam says that the search is beam search (local or not).
export function isBeam(m) { return describe(m).panel === PANEL_BEAM; }

// noteStyle adds the legend entry of a style the tree draws beyond the
// five when it is first drawn (a depth limit's cut-off nodes in any
// search, say), so the legend names every style on the screen. O(1).
const noted = new WeakMap(); // legend list -> the styles it names
export function noteStyle(status) {
  if (!EXTRA_LEGEND[status] || typeof document === "undefined") return;
  const ul = document.querySelector("[data-testid=legend]");
  if (!ul) return;
  let seen = noted.get(ul);
  if (!seen) noted.set(ul, (seen = new Set()));
  if (seen.has(status)) return;
  seen.add(status);
  if (!ul.querySelector(".lg-" + status)) legendItem(ul, "lg-" + status, EXTRA_LEGEND[status].stroke, EXTRA_LEGEND[status].label, EXTRA_LEGEND[status].fill);
}

// legendItem appends one entry to the legend list ul.
function legendItem(ul, cls, colour, label, fill) {
  ul.insertAdjacentHTML("beforeend", `<li class="${cls}"><span class="swatch" style="border-color:${colour}${fill ? ";background:" + fill : ""}"></span>${esc(label)}</li>`);
}

// familyStatus is the status node id is drawn with: "pruned" for a node
// beam search dropped (the model's status is "discarded"), else the
// model's. O(1).
export function familyStatus(m, id) {
  return m.pruned && m.pruned(id) ? "pruned" : m.nodeStatus(id);
}

// storedF is RBFS's stored f of a node (0 for a model without one: the
// standalone replay's).
export function storedF(m, id) { return m.storedF ? m.storedF(id) : 0; }

// dirOf is the tree a node of a bidirectional search is in, else "".
export function dirOf(m, id) {
  if (familyOf(m) !== PANEL_BIDIRECTIONAL || id < 0 || !m.backward) return "";
  return m.backward(id) ? "backward" : "forward";
}

// treeRoots are the roots the tree view starts from: the current
// iteration's root, or both roots of a bidirectional search.
export function treeRoots(m) {
  if (familyOf(m) === PANEL_BIDIRECTIONAL) return [0, 1].filter((id) => id < m.nodeEnd);
  return [m.iterStart || 0];
}

// currentPath is the set of ids on the path to the node selected, for a
// depth-first iterative search (Event.deepening.current), else empty.
export function currentPath(m) {
  const d = m.last && m.last.deepening;
  return new Set(d && d.current ? d.current : []);
}

// meets is the set of a bidirectional search's meeting nodes (one per
// side, the same state) while μ is finite, else empty.
const NONE = new Set();
export function meets(m) {
  const b = m.last && m.last.bidirectional;
  if (!b || b.mu === null || b.mu === undefined) return NONE;
  return new Set([b.meetForward, b.meetBackward].filter((id) => id >= 0));
}

// familyLayout lays out the shown tree: as layout() does, except that a
// bidirectional search's goal tree is laid out on its own and drawn below
// the start's, upside down (the goal at the bottom, growing up), one
// empty level between them.
export function familyLayout(m, shown) {
  if (familyOf(m) !== PANEL_BIDIRECTIONAL) return layout(shown);
  const fr = shown.roots.filter((id) => !m.backward(id)), br = shown.roots.filter((id) => m.backward(id));
  const F = layout(Object.assign({}, shown, { roots: fr })), B = layout(Object.assign({}, shown, { roots: br }));
  if (!br.length) return F;
  const width = Math.max(F.width, B.width), fx = (width - F.width) / 2, bx = (width - B.width) / 2;
  const pos = new Map(), gap = F.order.length ? F.levels + 1 : 0;
  for (const [id, [x, y]] of F.pos) pos.set(id, [x + fx, y]);
  for (const [id, [x, y]] of B.pos) pos.set(id, [x + bx, gap + B.levels - 1 - y]);
  const parentOf = new Map([...F.parentOf, ...B.parentOf]);
  return { pos, order: F.order.concat(B.order), parentOf, width, levels: gap + B.levels, split: gap - 1 };
}

// iterations lists the earlier iterations of an IDS or IDA* search (a
// bounded search's as its messages list them, m.earlier) from
// the records the model holds: each iteration's root is a node with no
// parent, so iteration i holds the ids from its root to the next root,
// and its last step is the step before the next root was made.
const iterCache = new WeakMap();
export function iterations(m) {
  if (m.sparse) return m.earlier || []; // a bounded search holds no earlier iteration's nodes: the server lists them
  const from = m.iterStart || 0;
  const c = iterCache.get(m);
  if (c && c.from === from) return c.list;
  const roots = [];
  for (let id = 0; id < from; id++) if (m.parent(id) < 0) roots.push(id);
  roots.push(from);
  const list = [];
  for (let i = 0; i + 1 < roots.length; i++) list.push({ iteration: i + 1, nodes: roots[i + 1] - roots[i], lastStep: Math.max(0, m.born(roots[i + 1]) - 1) });
  iterCache.set(m, { from, list });
  return list;
}

// createFamily wires the strip and the open table's title; returns
// {attach(model), draw()}.
export function createFamily(page) {
  const st = page.st;
  // a button of an earlier iteration goes to its last step: a seek for the
  // presenter, a view of one's own copy for a follower (controls.js)
  const strip0 = $("family-strip");
  if (strip0) strip0.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-step]");
    if (b) page.command("seek", { step: Number(b.dataset.step) });
  });

  // kindOf is what the strip shows: a family, "beam" or "" (nothing)
  const kindOf = (m) => describe(m).panel || "";

  function attach(m) {
    for (const k in EXTRA_LEGEND) if (!st.legend[k]) st.legend[k] = EXTRA_LEGEND[k];
    const d = describe(m), fam = kindOf(m);
    const title = $("open-title"), order = $("open-order");
    if (title && d.openTitle) { title.textContent = d.openTitle; order.textContent = d.openOrder; }
    // the key columns are headed as the family's key is made: (f, tie), or
    // local beam's (layer, f)
    // local beam's (layer, f); a search ordered by depth heads its f
    // columns "depth" in both tables: they hold the depth, not g + h
    const th = document.querySelectorAll("#open-table thead th");
    const prio = fName(m) === "depth" ? "depth" : d.key.priorityLabel;
    if (prio && th.length >= 6 && th[4].textContent !== prio) {
      th[4].textContent = prio; th[4].title = "what the search orders by: " + prio;
      th[5].textContent = d.key.tieLabel; th[5].title = "what breaks its ties: " + d.key.tieLabel;
    }
    // the presenter's "next f-contour" runs to the first expansion with
    // another f: for a search ordered by depth, the next depth; by g, the
    // next g
    const contour = $("btn-contour"), key = fName(m);
    if (contour && key !== "f" && contour.dataset.key !== key) {
      contour.dataset.key = key; contour.textContent = `Next ${key} ▸|`;
      contour.title = `Run to the next ${key}: the first expansion at another ${key} (n)`;
    }
    const nums = tableNumbers(m);
    const said = document.querySelector("[data-testid=inspector-numbers]");
    if (said && said.textContent !== inspectorNumbers(m)) said.textContent = inspectorNumbers(m);
    for (const t of document.querySelectorAll("#open-table, #closed-table")) {
      t.classList.toggle("no-h", nums.includes("no-h"));
      t.classList.toggle("no-f", nums.includes("no-f"));
    }
    const closedF = document.querySelectorAll("#closed-table thead th")[4];
    if (closedF && closedF.textContent !== fName(m)) { closedF.textContent = fName(m); closedF.title = fName(m) === "depth" ? "the node's depth: what the search orders by" : ""; }
    const strip = $("family-strip");
    if (strip) { strip.hidden = !fam; strip.dataset.family = fam; }
    // the tree's legend names what this family draws beyond the five
    const ul = document.querySelector("[data-testid=legend]");
    const item = (cls, colour, label, fill) => legendItem(ul, cls, colour, label, fill);
    for (const k of d.legend || []) noteStyle(k);
    if (ul && fam === PANEL_BIDIRECTIONAL && !ul.querySelector(".lg-dir")) {
      for (const d of ["forward", "backward"]) item("lg-dir", DIR_COLOUR[d], d === "forward" ? "start's tree" : "goal's tree", DIR_COLOUR[d]);
      item("lg-meet", MEET_COLOUR, "meeting node (μ: the best path through it)");
    }
  }

  const name = (m, id) => {
    if (id === undefined || id === null || id < 0) return "—";
    const s = m.state(id);
    if (s === undefined) m.needStates([id]);
    return esc(stateLabel(m.problem, s));
  };
  const bound = (b) => (b === null || b === undefined ? "∞" : fmt(b));

  function stackStrip(m) {
    const d = m.last && m.last.deepening;
    const earlier = iterations(m);
    const it = d ? d.iteration : earlier.length + 1;
    let h = `<span data-testid="iteration">${label(m, "iteration")} ${it}</span>`;
    if (d && d.limit !== undefined && d.limit !== null) h += ` · <span data-testid="depth-limit">${label(m, "limit")} ${d.limit}</span>`;
    if (d && d.threshold !== undefined) {
      h += ` · <span data-testid="threshold">${label(m, "threshold")} ${bound(d.threshold)}</span>`;
      h += ` · <span data-testid="next-threshold">${label(m, "nextThreshold")} ${d.nextThreshold === undefined || d.nextThreshold === null ? "none yet" : bound(d.nextThreshold)}</span>`;
    }
    if (d && d.current && d.current.length) h += ` · <span class="cur-path" data-testid="current-path">path ${d.current.map((id) => name(m, id)).join(" → ")}</span>`;
    if (earlier.length) {
      h += ` · <span data-testid="earlier">earlier iterations: ${earlier.map((e) => e.nodes).join(" + ")} nodes</span> `;
      for (const e of earlier) h += `<button type="button" class="small" data-testid="earlier-iteration" data-step="${e.lastStep}" title="view iteration ${e.iteration} at its last step, ${e.lastStep}">view ${e.iteration}</button> `;
    }
    return h;
  }

  function rbfsStrip(m) {
    const d = m.last && m.last.deepening;
    let h = "";
    if (d && d.current && d.current.length) {
      const lim = d.fLimits || [];
      h += `<span data-testid="f-limits">path with f-limits: ${d.current.map((id, i) => `${name(m, id)} <span class="muted">(F ${fmt(m.storedF(id))}, limit ${i < lim.length ? bound(lim[i]) : "—"})</span>`).join(" → ")}</span>`;
    }
    if (d && d.backups && d.backups.length) h += ` · <span data-testid="backups">backed up: ${d.backups.map((b) => `${esc(stateLabel(m.problem, b.state))} ← ${bound(b.f)}`).join(", ")} (subtree forgotten)</span>`;
    if (d && d.nextNode !== undefined && d.nextNode !== null) h += ` · next: ${d.nextState ? esc(stateLabel(m.problem, d.nextState)) : name(m, d.nextNode)} with limit ${bound(d.nextLimit)}`;
    const forgot = m.forgottenCount ? m.forgottenCount() : 0;
    if (forgot) h += ` · <span data-testid="forgotten">${forgot} ${forgot === 1 ? "node" : "nodes"} forgotten (faded)</span>`;
    return h || "RBFS: the path from the root, each node with its f-limit.";
  }

  function bidiStrip(m) {
    const b = m.last && m.last.bidirectional;
    const sw = (dir, label) => `<span class="dir-swatch" style="background:${DIR_COLOUR[dir]}"></span> ${label}`;
    let h = `<span data-testid="bidi-legend">${sw("forward", "start's tree (forward, growing down)")} ${sw("backward", "goal's tree (backward, growing up)")}</span>`;
    if (!b) return h;
    if (b.direction) h += ` · <span data-testid="direction">expanded ${esc(b.direction)}</span>`;
    const mu = b.mu === null || b.mu === undefined ? "∞ (no meeting yet)" : fmt(b.mu);
    h += ` · <span data-testid="mu">${label(m, "mu")} = ${mu}</span>`;
    if (b.mu !== null && b.mu !== undefined && b.meetForward >= 0) h += ` <span class="muted">(meeting at ${name(m, b.meetForward)})</span>`;
    h += ` · tops: forward ${bound(b.topForward)}, backward ${bound(b.topBackward)}`;
    if (b.rule) h += ` · <span data-testid="rule">stop: ${esc(b.rule)}</span>`;
    return h;
  }

  function beamStrip(m) {
    const b = m.last && m.last.beam, layered = !!m.problem.layered;
    const w = b ? b.width : describe(m).width;
    let h = `<span data-testid="beam-width">beam${w > 0 ? " width " + w : ""}${layered ? ", local: layer by layer" : ""}</span>`;
    if (b) {
      if (layered) h += ` · <span data-testid="beam-layer">${label(m, "layer")} ${b.layer}${b.layerDone ? " done: the next layer is the best " + w + " of its children" : ""}</span>`;
      h += ` · kept ${b.kept}`;
      if (b.prunedCount) {
        const more = b.prunedCount - (b.pruned || []).length;
        h += ` · <span data-testid="beam-pruned">pruned now: ${(b.pruned || []).map((p) => `${esc(stateLabel(m.problem, p.state))} (f ${fmt(p.f)})`).join(", ")}${more > 0 ? ` and ${more} more` : ""}</span>`;
      }
    }
    const all = (m.counters && m.counters.pruned) || 0;
    h += ` · <span data-testid="pruned-total">${all} pruned in all</span>`;
    return h;
  }

  let lastHTML = "";
  function draw() {
    const m = page.model, strip = $("family-strip");
    if (!m || !strip) return;
    const fam = kindOf(m);
    if (!fam) return;
    const h = fam === PANEL_STACK ? stackStrip(m) : fam === PANEL_RBFS ? rbfsStrip(m) : fam === PANEL_BEAM ? beamStrip(m) : bidiStrip(m);
    if (h !== lastHTML) { strip.innerHTML = h; lastHTML = h; }
  }
  return { attach, draw };
}
