package browser

// GeometryJS is JavaScript that defines, for a script evaluated in a page
// (prepend it inside the script's own function), the geometry the
// drawings' tests measure with:
//
//   - edgeLines(root): every line.edge under root as a segment {x1, y1,
//     x2, y2, w, cls}, w half its stroke width;
//   - meetsLine(s, b): whether segment s, widened by s.w, meets box b
//     ({x, y, width, height}, as getBBox gives it), by Liang–Barsky
//     clipping;
//   - boxesMeet(a, b): whether two boxes overlap (touching is not);
//   - lineGap(s, b): how far box b is from segment s's stroke (0 when
//     they meet), the shortest distance between the two.
//
// Cost: O(1) per test of a segment or a pair of boxes.
const GeometryJS = `
	const edgeLines = (root) => [...root.querySelectorAll("line.edge")].map((e) => ({
		x1: +e.getAttribute("x1"), y1: +e.getAttribute("y1"), x2: +e.getAttribute("x2"), y2: +e.getAttribute("y2"),
		w: parseFloat(e.getAttribute("stroke-width")) / 2, cls: e.getAttribute("class")}));
	const meetsLine = (s, b) => {
		const l = b.x - s.w, r = b.x + b.width + s.w, t = b.y - s.w, bo = b.y + b.height + s.w;
		let u0 = 0, u1 = 1;
		const dx = s.x2 - s.x1, dy = s.y2 - s.y1;
		for (const [p, q] of [[-dx, s.x1 - l], [dx, r - s.x1], [-dy, s.y1 - t], [dy, bo - s.y1]]) {
			if (p === 0) { if (q < 0) return false; continue; }
			const u = q / p;
			if (p < 0) { if (u > u1) return false; if (u > u0) u0 = u; } else { if (u < u0) return false; if (u < u1) u1 = u; }
		}
		return true;
	};
	const boxesMeet = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
	const lineGap = (s, b) => {
		if (meetsLine(s, b)) return 0;
		const dx = s.x2 - s.x1, dy = s.y2 - s.y1, l2 = dx * dx + dy * dy;
		const toLine = (px, py) => {
			const u = l2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - s.x1) * dx + (py - s.y1) * dy) / l2));
			return Math.hypot(px - s.x1 - u * dx, py - s.y1 - u * dy);
		};
		const toBox = (px, py) => Math.hypot(Math.max(b.x - px, 0, px - b.x - b.width), Math.max(b.y - py, 0, py - b.y - b.height));
		return Math.max(0, Math.min(toLine(b.x, b.y), toLine(b.x + b.width, b.y), toLine(b.x, b.y + b.height), toLine(b.x + b.width, b.y + b.height),
			toBox(s.x1, s.y1), toBox(s.x2, s.y2)) - s.w);
	};
`
