// Helpers shared by the session page's modules: element lookup, number
// and text formatting, SVG element creation. No state.

export const $ = (id) => document.getElementById(id);
export const SVGNS = "http://www.w3.org/2000/svg";

// The rounding rule of stepper/numbers.go: thousandths, half away from
// zero, no trailing zeros, no "-0"; f written from g and h as written when
// f is g + h, h or g, so that f = g + h holds as printed.
const thousandths = (x) => Math.sign(x) * Math.round(Math.abs(x) * 1000);
const writeThousandths = (t) => {
  const s = (Math.abs(t) / 1000).toFixed(3).replace(/\.?0+$/, "");
  return t < 0 ? "-" + s : s;
};
const near = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

// fmt writes a number as the server does (stepper.FormatNumber).
export function fmt(x) {
  if (x === undefined || x === null) return "";
  if (!isFinite(x) || Math.abs(x) * 1000 >= 2 ** 52) return String(x);
  return writeThousandths(thousandths(x));
}

// fmtF writes a node's f as the server does (stepper.ShowGHF): from g and
// h as written when f is g + h, h or g.
export function fmtF(g, h, f) {
  if (![g, h, f].every((x) => isFinite(x) && Math.abs(x) * 1000 < 2 ** 52)) return fmt(f);
  if (near(f, g + h)) return writeThousandths(thousandths(g) + thousandths(h));
  if (near(f, h)) return fmt(h);
  if (near(f, g)) return fmt(g);
  return fmt(f);
}

// nodeNoun is "node" for one node, "nodes" for any other count; nodeCount
// writes n with it ("1 node", "12 nodes").
export const nodeNoun = (n) => (n === 1 ? "node" : "nodes");
export const nodeCount = (n) => `${n} ${nodeNoun(n)}`;
// treeNodes is a search tree's n nodes as they agree with the counters
// c beside them ("generated", "re-parented"): the start node is in the
// tree and is not generated, and a child that re-parented an open node is
// generated but adds no node, so "10 nodes: start + 9 generated" and
// "15 nodes: start + 15 generated − 1 re-parented". short leaves out the
// counters' names, which the counters beside state, for a projector's
// one-line title: "10 nodes: start + 9", and with re-parented ones, whose
// sum is the longest, the start as its 1: "15 nodes: 1 + 15 − 1". A count
// the counters do not add up to (no counters, or a tree that dropped some)
// is n alone.
export const treeNodes = (n, c, short) => {
  const g = (c || {}).generated, r = (c || {}).reparented || 0;
  if (n > 0 && g === n - 1) return `${nodeCount(n)}: start + ${g}${short ? "" : " generated"}`;
  if (n > 0 && r > 0 && g - r === n - 1) return short ? `${nodeCount(n)}: 1 + ${g} − ${r}` : `${nodeCount(n)}: start + ${g} generated − ${r} re-parented`;
  return nodeCount(n);
};
// childNoun is "child" for one child, "children" for any other count.
export const childNoun = (n) => (n === 1 ? "child" : "children");

const ESC = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ESC[c]);

// el creates an SVG element with attributes, appended to parent if given.
export function el(tag, attrs, parent) {
  const e = document.createElementNS(SVGNS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

// tilesOf reads a puzzle state ("283164705" or "1,2,...,15,0").
export function tilesOf(state) {
  return state.indexOf(",") >= 0 ? state.split(",").map(Number) : state.split("").map(Number);
}

// stateLabel is a state as the page writes it everywhere (narration,
// tables, tree, inspector): a grid cell "x,y" as "(x,y)", any other state
// as the engine writes it.
export function stateLabel(problem, state) {
  if (state === undefined || state === null) return "…";
  return problem && problem.kind === "grid" ? "(" + state + ")" : String(state);
}

// setText writes an element's text only when it changes: a write of the
// same text still replaces the text node and makes the browser lay the
// page out again.
export function setText(e, t) {
  t = String(t);
  if (e && e.textContent !== t) e.textContent = t;
}

// afterPaint calls fn once the browser has painted the frame it is making:
// a message posted from a requestAnimationFrame callback is handled after
// that frame's style, layout and paint (the page's own measure of when a
// change is on screen; the benchmarks read it).
const paintChannel = typeof MessageChannel === "function" ? new MessageChannel() : null;
const paintQueue = [];
if (paintChannel) paintChannel.port1.onmessage = () => { const fn = paintQueue.shift(); if (fn) fn(); };
export function afterPaint(fn) {
  if (!paintChannel) { setTimeout(fn, 0); return; }
  paintQueue.push(fn);
  paintChannel.port2.postMessage(0);
}
