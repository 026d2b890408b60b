// The node inspector: asks the server about one node at the step shown
// (an inspect query) and draws the answer: state, g, h term by term, f,
// depth, parent, path from the root and the children when expanded. It is
// asked again whenever the step shown changes (a step, back, seek or a
// new state), so it never shows a node as it was at another step.
// The f line is the family's formula (hello.problem.family, family.js).
import { $, fmt, fmtF, esc, stateLabel } from "./util.js";
import { boardSVG } from "./problem.js";
import { familyOf, dirOf, familyStatus, describe, formulaLine, usesH, H_FAILED, F_UNKNOWN } from "./family.js";
import { PANEL_RBFS } from "./wireconst.js";

// STACKED is when style.css stacks the panes in one column.
const STACKED = "(max-width: 1000px)";

// createInspector returns {inspect, pick, refresh, render}: pick is a
// node the user chose (a tap or click on the tree, map, grid or lists),
// inspect any other ask.
export function createInspector(page) {
  const st = page.st;

  let asked = -1; // the step last asked about
  function inspect(id) {
    const m = page.model;
    if (!m || id < 0 || id >= m.nodeEnd) return;
    st.selected = id;
    asked = m.step;
    page.send({ type: "inspect", node: id, step: m.step, id: ++st.queryId });
    page.redraw(false);
  }
  // pick inspects a node the user chose and, where the panes stack in one
  // column (a phone), brings the answer into view: it is drawn below the
  // tree and the problem, out of sight of the finger that tapped.
  let reveal = false;
  function pick(id) {
    reveal = true;
    inspect(id);
  }
  // refresh asks again for the selected node once the shown step has
  // changed, at most every 300 ms (a query per step would trip the
  // server's flood limit while playing fast)
  let timer = 0, lastAsk = 0;
  function refresh() {
    const m = page.model;
    if (!m) return;
    if (st.selected >= 0 && st.selected >= m.nodeEnd) {
      st.selected = -1; // the node does not exist at this step
      $("inspector-body").innerHTML = '<p class="muted" data-testid="inspector-gone">The node inspected does not exist at this step. Click a node to inspect it.</p>';
    }
    if (st.selected < 0 || timer || m.step === asked) return;
    const ask = () => { timer = 0; lastAsk = performance.now(); const m = page.model; if (m && st.selected >= 0 && m.step !== asked && st.selected < m.nodeEnd) inspect(st.selected); };
    const wait = 300 - (performance.now() - lastAsk);
    if (wait <= 0) ask(); else timer = setTimeout(ask, wait);
  }
  function render(msg) {
    const m = page.model;
    // an answer about another step than the one shown is stale: the
    // refresh has asked again
    if (!m || msg.step !== m.step || msg.node.id !== st.selected) return;
    const n = msg.node;
    const p = m.problem, lbl = (s) => esc(stateLabel(p, s));
    // a node beam search dropped is shown pruned (the server's status is
    // discarded)
    const status = n.status === "discarded" && n.id < m.nodeEnd ? familyStatus(m, n.id) : n.status;
    const legend = st.legend[status] || {};
    const formula = formulaLine(describe(m), n.g, n.h, n.f);
    const parent = msg.path.length > 1 ? msg.path[msg.path.length - 2] : null;
    let h = `<div class="insp-head" data-testid="inspector-node" data-id="${n.id}"><span class="swatch" style="border-color:${legend.stroke || "#000"}"></span> <strong>${lbl(n.state)}</strong> <span class="muted">node #${n.id} · <span data-testid="insp-status">${esc(status)}</span> · at step ${msg.step}</span></div>`;
    if (p && p.kind === "puzzle") h += boardSVG(p, n.state, 120);
    // a search without a heuristic shows g and the depth, no h or f (usesH)
    const heur = usesH(m);
    h += `<dl class="insp"><dt>g</dt><dd data-testid="insp-g">${fmt(n.g)}</dd>`;
    // a node whose h failed: no estimate, so no f; why, in the user's words
    if (heur && n.hFailed) h += `<dt>h</dt><dd data-testid="insp-h">${H_FAILED}<p class="insp-herror" data-testid="insp-h-error">${esc(msg.hError || "the heuristic failed on this state")}</p></dd><dt>f</dt><dd data-testid="insp-f">${F_UNKNOWN} (h failed)</dd>`;
    else if (heur) h += `<dt>h</dt><dd data-testid="insp-h">${fmt(n.h)}</dd><dt>f</dt><dd data-testid="insp-f">${esc(formula)}</dd>`;
    h += `<dt>depth</dt><dd>${n.depth}</dd>`;
    if (familyOf(m) === PANEL_RBFS && n.id < m.nodeEnd) h += `<dt>stored F</dt><dd data-testid="insp-stored-f">${fmt(m.storedF(n.id))} <span class="muted">(g + h when generated; the best f below it once its subtree is forgotten)</span></dd>`;
    if (dirOf(m, n.id)) h += `<dt>direction</dt><dd data-testid="insp-direction">${dirOf(m, n.id) === "forward" ? "forward (the start's tree)" : "backward (the goal's tree)"}</dd>`;
    h += `<dt>parent</dt><dd>${parent ? `<a href="#" data-node="${parent.id}">${lbl(parent.state)}</a>${n.action ? " (" + esc(n.action) + ")" : ""}` : "— (root)"}</dd>`;
    h += `<dt>expanded</dt><dd>${n.order ? "step " + n.order : "not yet"}</dd>`;
    if (msg.key) h += `<dt>sort key</dt><dd>(${fmt(msg.key.priority)}, ${fmt(msg.key.tie)}, #${msg.key.seq})</dd>`;
    h += `<dt>generated</dt><dd>step ${n.step}</dd></dl>`;
    if (msg.terms && msg.terms.length) {
      h += `<details open><summary>h = ${fmt(n.h)}, term by term</summary><table class="terms" data-testid="insp-terms">`;
      for (const t of msg.terms) h += `<tr><td>${esc(t.label)}</td><td>${fmt(t.value)}</td></tr>`;
      h += `</table></details>`;
    }
    h += `<details open><summary>Path from the root (${msg.path.length - 1} steps)</summary><ol class="path">`;
    for (const q of msg.path) h += `<li><a href="#" data-node="${q.id}">${lbl(q.state)}</a> <span class="muted">g ${fmt(q.g)}</span></li>`;
    h += `</ol></details>`;
    if (msg.children && msg.children.length) {
      h += `<details open><summary>Children when expanded</summary><table class="children" data-testid="insp-children"><tr><th>state</th><th>g</th>${heur ? "<th>h</th><th>f</th>" : ""}<th>fate</th></tr>`;
      for (const c of msg.children) {
        let fate = c.fate;
        if (c.fate === "reparented" || c.fate === "reopened") fate += ` (g ${fmt(c.oldG)} → ${fmt(c.g)})`;
        h += `<tr><td><a href="#" data-node="${c.id}">${lbl(c.state)}</a></td><td>${fmt(c.g)}</td>${heur ? (c.hFailed ? `<td>${H_FAILED}</td><td>${F_UNKNOWN}</td>` : `<td>${fmt(c.h)}</td><td>${fmtF(c.g, c.h, c.f)}</td>`) : ""}<td class="fate fate-${esc(c.fate)}">${esc(fate)}</td></tr>`;
      }
      h += `</table></details>`;
    }
    const body = $("inspector-body");
    body.innerHTML = h;
    body.querySelectorAll("a[data-node]").forEach((a) => (a.onclick = (e) => { e.preventDefault(); inspect(Number(a.dataset.node)); }));
    if (reveal) {
      reveal = false;
      if (matchMedia(STACKED).matches) body.closest(".pane").scrollIntoView({ block: "nearest" });
    }
  }
  return { inspect, pick, refresh, render };
}
