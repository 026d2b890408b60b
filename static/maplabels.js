// Labels of a road map (problem.js's graph view) placed so that no two
// overlap and none covers a city: each city's name and f first, then each
// road's cost. A city's label tries eight places around its dot with its
// full name, then the shortest prefix of at least three letters no other
// city starts with ("Rim" for Rimnicu Vilcea), then the shortest unique
// prefix (AIMA's initials); a road's cost tries seven places along the
// road, on it or on either side of it, and is left out (the road's tooltip
// still gives it) when none is free. Greedy, first fit, the most crowded
// cities first; a city left without room goes first in the next of at
// most five passes, and after the last its initials go without f (bare),
// where they cover the least (labels before dots), always inside the map:
// O(passes · labels² · places) box tests, a few tens of thousands for
// Romania's 20 cities and 23 roads. Text widths come from a canvas's
// measureText with the labels' computed fonts: no layout.

let ctx2d = null;
// width of text in font (a CSS font shorthand), in px; cached.
const widths = new Map();
function width(text, font) {
  const k = font + "\u0000" + text;
  let w = widths.get(k);
  if (w === undefined) {
    if (!ctx2d) ctx2d = document.createElement("canvas").getContext("2d");
    ctx2d.font = font;
    w = ctx2d.measureText(text).width;
    if (widths.size > 4096) widths.clear();
    widths.set(k, w);
  }
  return w;
}

// fontSize reads the px size out of a CSS font shorthand.
function fontSize(font) { const m = /(\d+(?:\.\d+)?)px/.exec(font); return m ? Number(m[1]) : 12; }

// prefixes gives every name its shortest prefix of at least min letters
// that no other name starts with and that is not one of reserved (the
// whole name when none is shorter).
export function uniquePrefixes(names, min, reserved = []) {
  return names.map((a) => {
    for (let n = Math.min(min, a.length); n < a.length; n++) {
      const p = a.slice(0, n).trimEnd();
      if (!reserved.includes(p) && !names.some((b) => b !== a && b.startsWith(p))) return p;
    }
    return a;
  });
}

const overlaps = (a, b) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

// placeMapLabels places the labels. cities: [{x, y, name, f, mark}] (f a
// string or "", mark set for a start or goal letter on the dot), roads:
// [{x1, y1, x2, y2, text, first}] (first: placed before the others), W×H the map's size, r the dot's
// radius, cityFont and costFont the labels' fonts. It returns {cities:
// [{x, y, anchor, name, bare}], roads: [{x, y} or null]}: baselines, the
// text anchor and the name to write (full or shortened); bare says to
// write the name without f, for which there was no room.
export function placeMapLabels({ cities, roads, W, H, r, cityFont, costFont }) {
  // a dot with a start or goal letter (c.mark) is as large as the letter
  const rad = cities.map((c) => (c.mark ? Math.max(r, fontSize(cityFont) * 0.85) : r));
  const dots = cities.map((c, i) => ({ x0: c.x - rad[i] - 1, y0: c.y - rad[i] - 1, x1: c.x + rad[i] + 1, y1: c.y + rad[i] + 1 }));
  const names = cities.map((c) => c.name);
  // initials are never S or G alone: those letters mark the start and the
  // goal on their dots ("Si" for Sibiu)
  const short = uniquePrefixes(names, 3), tiny = uniquePrefixes(names, 1, ["S", "G"]);
  const cfs = fontSize(cityFont), asc = cfs * 0.95, desc = cfs * 0.3, gap = 3;
  const kfs = fontSize(costFont), kasc = kfs * 0.95, kdesc = kfs * 0.3;
  let taken = [];
  const free = (b) => b.x0 >= 0 && b.y0 >= 0 && b.x1 <= W && b.y1 <= H && !taken.some((t) => overlaps(t, b));
  // box of a text of width w whose baseline is at y, anchored at x
  const box = (x, y, w, anchor, a, d) => {
    const x0 = anchor === "start" ? x : anchor === "end" ? x - w : x - w / 2;
    return { x0: x0 - 1, y0: y - a - 1, x1: x0 + w + 1, y1: y + d + 1 };
  };

  // placeCity finds city i's label a free place, or says it found none
  // (failed) and puts its initials as near its dot as it can.
  function placeCity(c, i) {
    const rr = rad[i] + 1;
    const above = c.y - rr - gap - desc, below = c.y + rr + gap + asc, mid = c.y + (asc - desc) / 2;
    const places = [
      [c.x, above, "middle"], [c.x, below, "middle"], [c.x + rr + gap, mid, "start"], [c.x - rr - gap, mid, "end"],
      [c.x + rr / 2, above, "start"], [c.x - rr / 2, above, "end"], [c.x + rr / 2, below, "start"], [c.x - rr / 2, below, "end"],
    ];
    for (const name of [names[i], short[i], tiny[i]]) {
      const w = width(name + (c.f ? " " + c.f : ""), cityFont);
      for (const [x, y, anchor] of places) {
        const b = box(x, y, w, anchor, asc, desc);
        if (free(b)) { taken.push(b); return { x, y, anchor, name }; }
      }
    }
    // no free place with f: the initials alone (bare: f is left to the
    // tree, the lists and the inspector) in a free place, or else where
    // they cover the least, inside the map (clamped into it when no place
    // is); covering a label costs more than covering a dot (taken's first
    // cities.length boxes)
    const w = width(tiny[i], cityFont);
    let best = null, fewest = Infinity;
    for (const [x, y, anchor] of places) {
      const b = box(x, y, w, anchor, asc, desc);
      if (b.x0 < 0 || b.y0 < 0 || b.x1 > W || b.y1 > H) continue;
      const n = taken.reduce((k, t, j) => k + (overlaps(t, b) ? (j < cities.length ? 1 : 4) : 0), 0);
      if (n < fewest) { best = { x, y, anchor, b }; fewest = n; }
    }
    if (!best) {
      const x = Math.min(Math.max(c.x, w / 2 + 1), W - w / 2 - 1), y = Math.min(Math.max(above, asc + 1), H - desc - 1);
      best = { x, y, anchor: "middle", b: box(x, y, w, "middle", asc, desc) };
    }
    taken.push(best.b);
    return { x: best.x, y: best.y, anchor: best.anchor, name: tiny[i], bare: !!c.f, failed: true };
  }
  // placeRoad finds road e's cost a free place along the road, or null.
  function placeRoad(e) {
    const w = width(e.text, costFont);
    const dx = e.x2 - e.x1, dy = e.y2 - e.y1, len = Math.hypot(dx, dy) || 1;
    const nx = -dy / len, ny = dx / len, off = (kasc + kdesc) / 2 + 3;
    for (const t of [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8]) {
      for (const s of [1, -1, 0, 1.8, -1.8]) {
        const cx = e.x1 + dx * t + nx * off * s, y = e.y1 + dy * t + ny * off * s + (kasc - kdesc) / 2;
        const b = box(cx, y, w, "middle", kasc, kdesc);
        if (free(b)) { taken.push(b); return { x: cx, y }; }
      }
    }
    return null;
  }

  // the most crowded cities choose first: the others have more room; a
  // city left without room chooses first in the next pass
  const near = cities.map((c) => cities.filter((d) => Math.hypot(d.x - c.x, d.y - c.y) < 4 * cfs).length);
  const order = cities.map((_, i) => i).sort((a, b) => near[b] - near[a] || a - b);
  let out = null;
  for (let pass = 0; pass < 5; pass++) {
    taken = dots.slice();
    out = new Array(cities.length);
    for (const i of order) out[i] = placeCity(cities[i], i);
    const failed = out.findIndex((q) => q.failed);
    if (failed < 0) break;
    order.splice(order.indexOf(failed), 1);
    order.unshift(failed);
  }
  // the roads the search has reached (e.first) get their costs first
  const outRoads = new Array(roads.length).fill(null);
  for (const first of [true, false]) roads.forEach((e, i) => { if (!!e.first === first) outRoads[i] = placeRoad(e); });
  return { cities: out, roads: outRoads };
}
