// The open and closed tables, virtualised: each draws only the rows in
// its scroll window (plus a few), with spacer rows standing for the rest,
// so a list of 100,000 nodes costs as much as one of 40. Rows near the
// head of the open list and the tail of the closed list come from the
// model at once; deeper rows are asked for with model.rows(), at most one
// request per table in flight. The open list is in pop order (the next
// node and its ties marked), the closed list in expansion order and kept
// scrolled to its newest row unless the user scrolled up. A click or
// Enter on a row inspects its node.
import { $, fmt, fmtF, esc, stateLabel, setText, nodeNoun } from "./util.js";
import { dirMark, describe, familyOf, hText, fText, hFailed, F_UNKNOWN } from "./family.js";
import { EVAL_DEPTH, KEY_LAYER } from "./wireconst.js";

const SLACK = 3; // rows drawn beyond the window on each side
const HEAD = 64; // rows the model has at hand at each list's hot end

// orderHidden: the server sent no head of a non-empty open list, which it
// does only to a student during a "which node next?" poll (docs/rooms.md):
// the open list comes in node order then, from the server.
const orderHidden = (m) => m.openCount > 0 && Array.isArray(m.head) && m.head.length === 0;

// createTables wires the tables; returns {draw, measure}.
export function createTables(page) {
  const st = page.st;
  const tables = [makeTable("open"), makeTable("closed")];
  function draw() { for (const t of tables) t.draw(); }
  // measure reads the tables' sizes and scroll positions; the page calls
  // it before any view writes, so reading never forces a layout
  function measure() { for (const t of tables) t.measure(); }

  function makeTable(list) {
    const table = $(list + "-table"), body = table.tBodies[0];
    const wrap = table.closest(".table-wrap");
    const cols = list === "open" ? 7 : 6;
    let pending = null, stick = true, viewH = 360, top = 0, lastKey = "", ROW_H = 24, maxH = 0, ours = NaN, lastTotal = -1;
    // The closed list grows at its end and is kept scrolled there: its
    // wrap is a column-reverse flex box, whose scroll origin is the bottom
    // (scrollTop 0 at the end, negative above), so rows added below stay
    // in view with no script scrolling (which would force a layout every
    // step). Scrolled up, the page keeps the rows in view still.
    const pinEnd = list === "closed";
    if (pinEnd) wrap.classList.add("pin-end");
    // topOf is how far the view's top is below the content's top
    const topOf = () => (pinEnd ? wrap.scrollHeight - wrap.clientHeight + wrap.scrollTop : wrap.scrollTop);
    table.addEventListener("click", (e) => { const tr = e.target.closest("tr[data-id]"); if (tr) page.inspect(Number(tr.dataset.id)); });
    table.addEventListener("keydown", (e) => { if (e.key === "Enter") { const tr = e.target.closest("tr[data-id]"); if (tr) { page.inspect(Number(tr.dataset.id)); e.preventDefault(); } } });
    let frame = 0;
    wrap.addEventListener("scroll", () => {
      top = topOf();
      // the page's own scroll, keeping the rows in view: they are drawn
      if (Math.abs(wrap.scrollTop - ours) < 1) return;
      stick = pinEnd ? wrap.scrollTop >= -ROW_H / 2 : false;
      if (!frame) frame = requestAnimationFrame(() => { frame = 0; lastKey = ""; draw(); });
    }, { passive: true });
    window.addEventListener("resize", () => { maxH = 0; });
    // rows are as tall as the type makes them: measured with the sizes
    function measure() {
      // the window is as tall as the wrap may grow, not as its rows now
      if (!maxH) maxH = parseFloat(getComputedStyle(wrap).maxHeight) || 360;
      viewH = Math.max(wrap.clientHeight, maxH);
      top = topOf();
      const row = body.querySelector("tr[data-id]");
      const h = row ? row.getBoundingClientRect().height : 0;
      if (h && Math.abs(h - ROW_H) > 0.5) { ROW_H = h; lastKey = ""; }
    }

    function window_(m) {
      const total = list === "open" ? m.openCount : m.closedCount;
      const t = pinEnd && stick ? Math.max(0, total * ROW_H - viewH) : top;
      const first = Math.max(0, Math.floor(t / ROW_H) - SLACK);
      const count = Math.min(total - first, Math.ceil(viewH / ROW_H) + 2 * SLACK);
      return { total, first, count: Math.max(0, count) };
    }
    function idsAtHand(m, w) {
      if (list === "open" && w.first + w.count <= HEAD && !orderHidden(m)) return m.openHead(HEAD).slice(w.first, w.first + w.count);
      if (list === "closed" && w.first >= w.total - HEAD) {
        const tail = m.closedTail(HEAD), from = w.total - tail.length;
        return tail.slice(w.first - from, w.first - from + w.count);
      }
      return null;
    }

    function draw() {
      const m = page.model;
      if (!m) return;
      const w = window_(m);
      setText($(list + "-count"), String(w.total));
      setText($(list + "-noun"), nodeNoun(w.total));
      if (list === "open") setText($("open-more"), orderHidden(m) ? "In the order the nodes were made: the pop order is hidden until the lecturer reveals the answer." : w.total === 0 ? emptyOpen(m) : "");
      const ids = idsAtHand(m, w);
      if (ids) { render(m, w, ids); return; }
      const key = `${m.step}:${w.first}:${w.count}`;
      if (pending === key) return;
      pending = key;
      m.rows(list, w.first, w.count).then((rows) => {
        if (pending !== key) return;
        pending = null;
        if (page.model === m && m.step === Number(key.split(":")[0])) render(m, w, rows);
      }, () => { pending = null; });
    }

    // cache: the rows drawn, by node id: {tr, key, rank}; spacers stand
    // for the rows above and below the window (absent when there are none)
    let cache = new Map();
    const spacer = () => {
      const tr = document.createElement("tr");
      tr.className = "spacer"; tr.setAttribute("aria-hidden", "true");
      tr.innerHTML = `<td colspan="${cols}"></td>`;
      return tr;
    };
    const above = spacer(), below = spacer();
    const tpl = document.createElement("template");
    // place puts rows (in order) between the spacers, making only the rows
    // not drawn before or that read differently, and moving the others as
    // little as it can: O(rows) comparisons, O(changed rows) DOM changes
    function place(rows, hAbove, hBelow) {
      const seen = new Set();
      rows = rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
      const make = rows.filter((r) => { const c = cache.get(r.id); return !c || c.key !== r.key; });
      if (make.length) {
        tpl.innerHTML = make.map((r) => r.html).join("");
        const made = [...tpl.content.children];
        make.forEach((r, i) => {
          const old = cache.get(r.id);
          if (old) old.tr.remove();
          cache.set(r.id, { tr: made[i], key: r.key, rank: r.rank });
        });
      }
      const want = [];
      if (hAbove > 0) { above.firstChild.style.height = hAbove + "px"; want.push(above); }
      const next = new Map();
      for (const r of rows) {
        const c = cache.get(r.id);
        if (c.rank !== r.rank) { c.tr.firstElementChild.innerHTML = r.rank; c.rank = r.rank; }
        next.set(r.id, c);
        want.push(c.tr);
      }
      if (hBelow > 0) { below.firstChild.style.height = hBelow + "px"; want.push(below); }
      cache = next;
      const keep = new Set(want);
      for (let e = body.firstChild; e;) { const n = e.nextSibling; if (!keep.has(e)) e.remove(); e = n; }
      let at = body.firstChild;
      for (const e of want) { if (e === at) at = at.nextSibling; else body.insertBefore(e, at); }
    }

    function render(m, w, ids) {
      // h comes with the state string (a grid's state is known from its
      // cell before its h is)
      const missing = ids.filter((id) => m.state(id) === undefined || m.h(id) === undefined);
      // the closed list names each row's parent
      if (list === "closed") for (const id of ids) { const p = m.parent(id); if (p >= 0 && m.state(p) === undefined) missing.push(p); }
      if (missing.length) m.needStates(missing);
      const sel = st.selected;
      const key = `${m.step}:${w.first}:${ids.length}:${w.total}:${sel}:${missing.length}`;
      if (key === lastKey) return;
      lastKey = key;
      // rows are kept by node id and remade only when they read differently
      // (an open row's rank is set on its own: it changes for every row
      // when the head is popped), so a step forward changes a few rows
      const rows = [];
      const p = m.problem;
      if (list === "open") {
        // the next node and its ties matter only while the search runs
        const running = m.status === "running";
        const head = running && m.openCount ? m.openHead(1)[0] : -1;
        const k0 = head >= 0 ? m.key(head) : null;
        // ties are marked where one open list is ordered by a computed key
        // (the family description's: f, not depth; no family strip but beam's)
        const fam = describe(m);
        const prio = running && !!fam.eval && fam.eval !== EVAL_DEPTH && !familyOf(m);
        // a tie has the next node's priority (a key ranked by layer: its layer and f)
        const layered = fam.key && fam.key.priority === KEY_LAYER;
        const ties = (k) => k0 !== null && k.priority === k0.priority && (!layered || k.tie === k0.tie);
        ids.forEach((id, j) => {
          const i = w.first + j, k = m.key(id);
          const isNext = i === 0 && running, isTie = !isNext && prio && ties(k);
          const cls = (isNext ? "next" : isTie ? "tie" : "") + (id === sel ? " selected" : "");
          const rank = `${i + 1}${isNext ? ' <span class="tag">next</span>' : isTie ? ' <span class="tag">tie</span>' : ""}`;
          rows.push({ id, rank, html: `<tr data-testid="open-row" data-id="${id}" class="${cls}" tabindex="0"><td>${rank}</td>${stateCell(p, m, id)}<td>${fmt(m.g(id))}</td><td class="col-h">${hText(m, id)}</td><td class="f col-f" data-testid="open-f">${hFailed(m, id) ? F_UNKNOWN : fmtF(m.g(id), m.h(id), k.priority)}</td><td>${fmt(k.tie)}</td><td>${k.seq}</td></tr>`, key: `${cls}|${m.state(id)}|${m.g(id)}|${hText(m, id)}|${k.priority}|${k.tie}|${k.seq}` });
        });
      } else {
        const cur = m.last ? m.last.expanded.id : -1;
        for (const id of ids) {
          const par = m.parent(id);
          const html = `<tr data-testid="closed-row" data-id="${id}" class="${id === cur ? "current" : ""}${id === sel ? " selected" : ""}" tabindex="0"><td>${m.order(id)}</td>${stateCell(p, m, id)}<td>${fmt(m.g(id))}</td><td class="col-h">${hText(m, id)}</td><td class="f col-f">${fText(m, id)}</td><td>${par >= 0 ? esc(stateLabel(p, m.state(par))) : "—"}</td></tr>`;
          rows.push({ id, rank: "", html, key: html });
        }
      }
      const after = w.total - w.first - ids.length;
      place(rows, w.first * ROW_H, after > 0 ? after * ROW_H : 0);
      // scrolled up in the closed list, rows added below would move the
      // view (its origin is the bottom): it is moved back by as much
      if (pinEnd && !stick && lastTotal >= 0 && w.total !== lastTotal) { wrap.scrollTop -= (w.total - lastTotal) * ROW_H; ours = wrap.scrollTop; }
      lastTotal = w.total;
    }
    return { draw, measure };
  }
  return { draw, measure };
}

// stateCell is a row's state cell, the state also in its title: projector
// mode cuts a long one to keep g, h and f inside the pane (style.css).
function stateCell(p, m, id) {
  const label = esc(stateLabel(p, m.state(id)));
  return `<td class="state" title="${label}">${label}${dirMark(m, id)}</td>`;
}

// emptyOpen says why the open list (or stack) is empty: an iteration of
// IDS or IDA* is over and what the next one starts with, or the search
// has expanded every node it could reach.
function emptyOpen(m) {
  const d = m.last && m.last.deepening;
  if (m.status === "running" && d && d.iteration) {
    const next = d.threshold !== undefined ? (d.nextThreshold === null || d.nextThreshold === undefined ? "" : ` with threshold ${fmt(d.nextThreshold)}`)
      : d.limit !== null && d.limit !== undefined ? ` with depth limit ${d.limit + 1}` : "";
    return `Empty: iteration ${d.iteration} is over. The next step starts iteration ${d.iteration + 1} from the root${next}.`;
  }
  if (m.status === "no solution") return "Empty: every node the search could reach was expanded, none of them the goal: there is no path.";
  return m.status === "running" ? "Empty." : "";
}
