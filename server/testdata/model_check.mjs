// model_check.mjs FRAMES.json: feeds the frames a real server sent (written
// by server/session/modeljs_test.go) to the page's own model, static/model.js, and
// checks after each one that the model holds what the engine says at that
// step: nodeEnd, iterStart, the open head and its sort keys, status, path and every node's
// parent, g, depth, status, seq, born, order, cell, stored F and direction
// (for a search that holds only its path and pending siblings: exactly the
// ids held, that ids between them are dropped, and the earlier iterations
// the family strip lists).
// Prints "N frames checked" and exits 0, or every mismatch (the first 20)
// and exits 1.
import { readFileSync } from "node:fs";
import { createModel } from "../../static/model.js";
import { chooseShown, Subtrees } from "../../static/treelayout.js";
import { iterations } from "../../static/family.js";

const runs = JSON.parse(readFileSync(process.argv[2], "utf8"));
const bad = [];
let frames = 0;
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const num = (s) => (s === "Infinity" ? Infinity : s === "-Infinity" ? -Infinity : JSON.parse(s));

for (const run of runs) {
  const m = createModel(run.hello);
  m.attach(() => {}); // queries for states go nowhere: only records are checked
  run.frames.forEach((fr, i) => {
    const recs = fr.recs ? Uint8Array.from(Buffer.from(fr.recs, "base64")) : new Uint8Array(0);
    m.apply(fr.kind, fr.msg, fr.kind === "step" ? null : recs);
    frames++;
    const e = fr.expect, at = `${run.name}, frame ${i} (${fr.kind} to step ${e.step})`;
    const miss = (what, got, want) => bad.push(`${at}: ${what} is ${JSON.stringify(got)}, the engine says ${JSON.stringify(want)}`);
    if (m.step !== e.step) miss("step", m.step, e.step);
    if (m.nodeEnd !== e.nodeEnd) miss("nodeEnd", m.nodeEnd, e.nodeEnd);
    if ((m.iterStart || 0) !== e.iterStart) miss("iterStart", m.iterStart, e.iterStart);
    if (!same(m.openHead(64), e.head || [])) miss("the open head", m.openHead(64), e.head);
    if (m.status !== e.status) miss("status", m.status, e.status);
    if (!same(m.path || [], e.path || [])) miss("path", m.path, e.path);
    // every head node's sort key is sent, as the engine has it
    (e.headKeys || []).forEach((k, i) => {
      const id = e.head[i], got = m.sentKey(id);
      if (!(got && got.priority === num(k.priority) && got.tie === num(k.tie))) miss(`the key of head node ${id}`, got, k);
    });
    if (e.earlier && !same(iterations(m), e.earlier)) miss("the earlier iterations", iterations(m), e.earlier);
    if (e.held) {
      if (!m.sparse || !same(m.heldIds(), e.held)) miss("the nodes held", m.sparse ? m.heldIds() : "every node (not sparse)", e.held);
      for (const id of e.dropped || []) if (m.nodeStatus(id) !== "dropped" || m.parent(id) !== undefined) miss(`node ${id}`, m.nodeStatus(id), "dropped");
      // the tree of the nodes held: each one's children, and the closed list
      const kids = new Map(), closed = [];
      e.held.forEach((id, i) => {
        const n = e.nodes[i];
        if (n.parent !== undefined && n.parent >= 0) { if (!kids.has(n.parent)) kids.set(n.parent, []); kids.get(n.parent).push(id); }
        if (n.status === "closed") closed.push([n.order, id]);
      });
      for (const id of e.held) if (!same(m.children(id), kids.get(id) || [])) miss(`the children of node ${id}`, m.children(id), kids.get(id) || []);
      // the tree view lays out the nodes held, and only those: the
      // iteration's root counts them all below it
      const sub = new Subtrees();
      sub.rebuild(m);
      const shown = chooseShown(m, { focus: [m.head[0] ?? -1], opened: new Map([[e.held[e.held.length - 1], 40], ...(e.dropped || []).map((id) => [id, 40])]), collapsed: new Set(), showDiscarded: true, subtrees: sub, from: m.iterStart, roots: [m.iterStart] });
      const notHeld = [...shown.kids.keys()].filter((id) => !e.held.includes(id));
      if (notHeld.length) miss("the tree view's nodes not held", notHeld, []);
      if (sub.size(m.iterStart) !== e.held.length) miss("the nodes below the iteration's root", sub.size(m.iterStart), e.held.length);
      const closedIds = closed.sort((a, b) => a[0] - b[0]).map((x) => x[1]);
      if (m.closedCount !== closedIds.length || !same(m.closedTail(64), closedIds.slice(-64))) miss("the closed nodes held", m.closedTail(64), closedIds);
    } else if (m.sparse) miss("the model", "sparse", "every node");
    (e.nodes || []).forEach((n, i) => {
      const id = e.held ? e.held[i] : i;
      const got = {};
      if (n.parent !== undefined) got.parent = m.parent(id);
      if (n.g !== undefined) got.g = m.g(id);
      if (n.depth !== undefined) got.depth = m.depth(id);
      if (n.status !== undefined) got.status = m.nodeStatus(id);
      if (n.seq !== undefined) got.seq = m.seq(id);
      if (n.born !== undefined) got.born = m.born(id);
      if (n.order !== undefined) got.order = m.order(id);
      if (n.cell !== undefined) got.cell = m.cell(id);
      if (n.backward !== undefined) got.backward = m.backward(id);
      const want = { ...n };
      if (n.storedF !== undefined) {
        const f = m.storedF(id), w = num(n.storedF);
        if (!(f === w || (Number.isNaN(f) && Number.isNaN(w)))) miss(`node ${id} stored F`, f, w);
        delete want.storedF;
      }
      if (!same(got, want)) miss(`node ${id}`, got, want);
    });
  });
}
if (bad.length) {
  console.log(bad.slice(0, 20).join("\n"));
  console.log(`${bad.length} mismatches in ${frames} frames`);
  process.exit(1);
}
console.log(`${frames} frames checked`);
process.exit(0);
