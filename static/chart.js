// The chart of the open and closed list sizes over the steps, and the
// counters below it. While the search plays forward the chart is redrawn
// at most four times a second (a step moves it by less than a pixel); a
// jump redraws it at once.
import { $, setText } from "./util.js";

// createChart returns {draw, drawCounters}.
export function createChart(page) {
  const st = page.st;
  const own = []; // [open, closed] by step, when the model keeps no history
  let lastAt = -1e9, seen = -1, later = 0;
  function draw() {
    const m = page.model;
    if (!m) return;
    const now = performance.now(), forward = m.step === seen + 1 || m.step === seen;
    seen = m.step;
    if (forward && now - lastAt < 250) {
      if (!m.history && m.counters) own[m.step] = [m.counters.open || 0, m.counters.closed || 0];
      if (!later) later = setTimeout(() => { later = 0; draw(); }, 250 - (now - lastAt));
      return;
    }
    clearTimeout(later); later = 0;
    lastAt = now;
    if (!m.history && m.counters) own[m.step] = [m.counters.open || 0, m.counters.closed || 0];
    const full = m.history || own.slice(0, m.step + 1).map((v) => v || [0, 0]);
    // at most ~600 points: a polyline of thousands costs more than it shows
    const every = Math.ceil(full.length / 600);
    let h = full;
    if (every > 1) { h = []; for (let i = 0; i < full.length; i += every) h.push(full[i]); h.push(full[full.length - 1]); }
    const host = $("chart");
    // the legend has its own row above the plot (LEG px): the lines never
    // run under it
    const W = Math.max(240, page.sz.chartW || 300), LEG = 18, H = 120 + LEG, pad = 24;
    if (h.length < 2) { host.innerHTML = `<p class="muted small">The sizes of the open and closed lists appear here as you step.</p>`; return; }
    let top = 1;
    for (const [o, c] of h) top = Math.max(top, o, c);
    const x = (i) => pad + i / (h.length - 1) * (W - pad - 8), y = (v) => H - 16 - v / top * (H - 28 - LEG);
    const line = (j) => h.map((p, i) => `${x(i).toFixed(1)},${y(p[j]).toFixed(1)}`).join(" ");
    const lo = st.legend.open || {}, lc = st.legend.closed || {};
    const stride = (m.historyStride || 1) * every;
    const stepX = x(Math.min(h.length - 1, m.step / stride));
    host.innerHTML = `<svg width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="open and closed list sizes over the steps"><line x1="${pad}" y1="${H - 16}" x2="${W - 8}" y2="${H - 16}" class="axis"/><text x="2" y="${14 + LEG}" class="tick">${top}</text><text x="2" y="${H - 16}" class="tick">0</text><polyline points="${line(0)}" fill="none" stroke="${lo.stroke}" stroke-width="2.5" stroke-dasharray="5 3"/><polyline points="${line(1)}" fill="none" stroke="${lc.stroke}" stroke-width="2.5"/><line x1="${stepX}" y1="${8 + LEG}" x2="${stepX}" y2="${H - 16}" class="now"/><text x="${pad}" y="${H - 2}" class="tick">step 0</text><text x="${W - 8}" y="${H - 2}" class="tick" text-anchor="end">step ${(full.length - 1) * (m.historyStride || 1)}</text><text x="${W - 8}" y="13" text-anchor="end" class="tick" data-testid="chart-legend"><tspan fill="${lo.stroke}">— open</tspan> <tspan fill="${lc.stroke}">— closed</tspan></text></svg>`;
  }
  function drawCounters() {
    const c = page.model.counters || {};
    for (const [k, id] of [["expanded", "c-expanded"], ["generated", "c-generated"], ["duplicates", "c-duplicates"], ["reparented", "c-reparented"], ["open", "c-open"], ["closed", "c-closed"], ["maxOpen", "c-maxopen"]]) setText($(id), c[k] || 0);
  }
  return { draw, drawCounters };
}
