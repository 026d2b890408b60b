// The open and closed tables: the open list in pop order (the next node
// and its ties marked) and the closed list in expansion order, at most
// LIST_ROWS rows each. A click or Enter on a row inspects its node.
import { $, fmt, esc } from "./util.js";

const LIST_ROWS = 40;

// createTables wires the tables' clicks; returns {draw}.
export function createTables(page) {
  const st = page.st;
  for (const id of ["open-table", "closed-table"]) {
    const t = $(id);
    t.addEventListener("click", (e) => { const tr = e.target.closest("tr[data-id]"); if (tr) page.inspect(Number(tr.dataset.id)); });
    t.addEventListener("keydown", (e) => { if (e.key === "Enter") { const tr = e.target.closest("tr[data-id]"); if (tr) { page.inspect(Number(tr.dataset.id)); e.preventDefault(); } } });
  }

  function draw() {
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
      html += `<tr data-testid="open-row" data-id="${e.id}" class="${cls}" tabindex="0"><td>${i + 1}${isNext ? ' <span class="tag">next</span>' : isTie ? ' <span class="tag">tie</span>' : ""}</td><td class="state">${esc(n.state)}</td><td>${fmt(n.g)}</td><td>${fmt(n.h)}</td><td class="f" data-testid="open-f">${fmt(e.key.priority)}</td><td>${fmt(e.key.tie)}</td><td>${e.key.seq}</td></tr>`;
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
      html += `<tr data-testid="closed-row" data-id="${n.id}" class="${cur ? "current" : ""}${n.id === st.selected ? " selected" : ""}" tabindex="0"><td>${n.order}</td><td class="state">${esc(n.state)}</td><td>${fmt(n.g)}</td><td>${fmt(n.h)}</td><td class="f">${fmt(n.f)}</td><td>${n.parent >= 0 && m.nodes[n.parent] ? esc(m.nodes[n.parent].state) : "—"}</td></tr>`;
    }
    cb.innerHTML = html;
    $("closed-count").textContent = m.closed.length;
    const wrap = cb.closest(".table-wrap");
    // scroll to the newest row after layout, without forcing a layout now
    if (wrap) requestAnimationFrame(() => { wrap.scrollTop = wrap.scrollHeight; });
  }
  return { draw };
}
