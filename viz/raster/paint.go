package raster

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/image/vector"
)

// painter draws elements onto img.
type painter struct {
	img    *image.RGBA
	sheet  []rule
	vw, vh float64 // the viewport in user units, for percentages
	ras    vector.Rasterizer
	fonts  fontCache
}

// walk draws n and its children under ctm.
func (p *painter) walk(n *node, parent style, ctm affine) {
	switch n.name {
	case "title", "style", "desc", "defs", "metadata", "clipPath", "mask", "pattern", "symbol":
		return
	}
	st := computeStyle(n, parent, p.sheet)
	if st.props["display"] == "none" {
		return
	}
	if t, ok := n.attr["transform"]; ok {
		ctm = ctm.mul(transform(t))
	}
	if n.name == "svg" && n.parent != nil {
		x, _ := length(n.attr["x"], p.vw)
		y, _ := length(n.attr["y"], p.vh)
		ctm = ctm.mul(affine{1, 0, 0, 1, x, y})
	}
	if st.props["visibility"] != "hidden" {
		p.element(n, st, ctm)
	}
	for _, c := range n.children {
		p.walk(c, st, ctm)
	}
}

// element draws one shape or text.
func (p *painter) element(n *node, st style, ctm affine) {
	sh := shape{m: ctm}
	num := func(k string, ref float64) float64 {
		v, _ := length(n.attr[k], ref)
		return v
	}
	switch n.name {
	case "rect":
		w, h := num("width", p.vw), num("height", p.vh)
		if w <= 0 || h <= 0 {
			return
		}
		r := num("rx", p.vw)
		if r == 0 {
			r = num("ry", p.vh)
		}
		sh.rect(num("x", p.vw), num("y", p.vh), w, h, r)
	case "circle":
		r := num("r", p.vw)
		if r <= 0 {
			return
		}
		sh.ellipse(num("cx", p.vw), num("cy", p.vh), r, r)
	case "ellipse":
		sh.ellipse(num("cx", p.vw), num("cy", p.vh), num("rx", p.vw), num("ry", p.vh))
	case "line":
		sh.move(num("x1", p.vw), num("y1", p.vh))
		sh.line(num("x2", p.vw), num("y2", p.vh))
	case "polyline", "polygon":
		v := numbers(n.attr["points"])
		for i := 0; i+1 < len(v); i += 2 {
			if i == 0 {
				sh.move(v[i], v[i+1])
			} else {
				sh.line(v[i], v[i+1])
			}
		}
		if n.name == "polygon" {
			sh.close()
		}
	case "path":
		sh.path(n.attr["d"])
	case "text":
		p.text(n, st, ctm)
		return
	default:
		return
	}
	if c, ok := paint(st.props["fill"], st.opacity); ok && n.name != "line" {
		p.fill(sh.subs, c)
	}
	if c, ok := paint(st.props["stroke"], st.opacity); ok {
		w, _ := length(st.props["stroke-width"], 1)
		w *= ctm.scale()
		if w > 0 {
			p.stroke(sh.subs, c, w, dashes(st.props["stroke-dasharray"], ctm.scale()), st.props["stroke-linecap"])
		}
	}
}

// fill fills subpaths (closing each) in colour c.
func (p *painter) fill(subs []subpath, c color.Color) {
	var polys [][]pt
	for _, s := range subs {
		if len(s.pts) > 2 {
			polys = append(polys, s.pts)
		}
	}
	p.rasterise(polys, c)
}

// stroke draws subpaths w pixels wide: each segment a quadrilateral, each
// join (and a round cap) a disc, all wound the same way so that overlaps
// do not cancel.
func (p *painter) stroke(subs []subpath, c color.Color, w float64, dash []float64, capStyle string) {
	var polys [][]pt
	hw := w / 2
	disc := func(q pt) {
		n := max(8, min(32, int(hw*2)))
		d := make([]pt, n)
		for i := range d {
			a := 2 * math.Pi * float64(i) / float64(n)
			d[i] = pt{q.x + hw*math.Cos(a), q.y + hw*math.Sin(a)}
		}
		polys = append(polys, d)
	}
	for _, s := range subs {
		pts := s.pts
		if s.closed && len(pts) > 1 && pts[0] != pts[len(pts)-1] {
			pts = append(pts[:len(pts):len(pts)], pts[0])
		}
		for _, line := range dashLines(pts, dash) {
			for i := 0; i+1 < len(line); i++ {
				a, b := line[i], line[i+1]
				dx, dy := b.x-a.x, b.y-a.y
				l := math.Hypot(dx, dy)
				if l == 0 {
					continue
				}
				nx, ny := -dy/l*hw, dx/l*hw
				polys = append(polys, []pt{{a.x + nx, a.y + ny}, {b.x + nx, b.y + ny}, {b.x - nx, b.y - ny}, {a.x - nx, a.y - ny}})
				if i > 0 && hw > 0.75 {
					disc(a)
				}
			}
			if capStyle == "round" && len(line) > 1 {
				disc(line[0])
				disc(line[len(line)-1])
			}
		}
		if s.closed && len(dash) == 0 && len(pts) > 2 && hw > 0.75 {
			disc(pts[0])
		}
	}
	for _, q := range polys {
		if area(q) < 0 {
			for i, j := 0, len(q)-1; i < j; i, j = i+1, j-1 {
				q[i], q[j] = q[j], q[i]
			}
		}
	}
	p.rasterise(polys, c)
}

func area(q []pt) float64 {
	a := 0.0
	for i := range q {
		j := (i + 1) % len(q)
		a += q[i].x*q[j].y - q[j].x*q[i].y
	}
	return a
}

// rasterise fills polygons in colour c, rasterising only their bounding
// box (clipped to the image).
func (p *painter) rasterise(polys [][]pt, c color.Color) {
	if len(polys) == 0 {
		return
	}
	b := p.img.Bounds()
	clipped := polys[:0:0]
	for _, q := range polys {
		if q = clip(q, -1, -1, float64(b.Dx()+1), float64(b.Dy()+1)); len(q) > 2 {
			clipped = append(clipped, q)
		}
	}
	polys = clipped
	if len(polys) == 0 {
		return
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, q := range polys {
		for _, v := range q {
			minX, minY, maxX, maxY = min(minX, v.x), min(minY, v.y), max(maxX, v.x), max(maxY, v.y)
		}
	}
	r := image.Rect(int(math.Floor(max(minX, 0))), int(math.Floor(max(minY, 0))),
		int(math.Ceil(min(maxX, float64(b.Dx())))), int(math.Ceil(min(maxY, float64(b.Dy())))))
	if r.Empty() {
		return
	}
	ox, oy := float32(r.Min.X), float32(r.Min.Y)
	p.ras.Reset(r.Dx(), r.Dy())
	p.ras.DrawOp = draw.Over
	for _, q := range polys {
		p.ras.MoveTo(float32(q[0].x)-ox, float32(q[0].y)-oy)
		for _, v := range q[1:] {
			p.ras.LineTo(float32(v.x)-ox, float32(v.y)-oy)
		}
		p.ras.ClosePath()
	}
	p.ras.Draw(p.img, r, image.NewUniform(c), image.Point{})
}

// clip cuts polygon q to the rectangle (x0,y0)-(x1,y1)
// (Sutherland-Hodgman), so that far-off points never reach the
// rasteriser. O(len(q)).
func clip(q []pt, x0, y0, x1, y1 float64) []pt {
	inside := []func(pt) bool{
		func(v pt) bool { return v.x >= x0 }, func(v pt) bool { return v.x <= x1 },
		func(v pt) bool { return v.y >= y0 }, func(v pt) bool { return v.y <= y1 },
	}
	cut := []func(a, b pt) pt{
		func(a, b pt) pt { return pt{x0, a.y + (b.y-a.y)*(x0-a.x)/(b.x-a.x)} },
		func(a, b pt) pt { return pt{x1, a.y + (b.y-a.y)*(x1-a.x)/(b.x-a.x)} },
		func(a, b pt) pt { return pt{a.x + (b.x-a.x)*(y0-a.y)/(b.y-a.y), y0} },
		func(a, b pt) pt { return pt{a.x + (b.x-a.x)*(y1-a.y)/(b.y-a.y), y1} },
	}
	all := true
	for _, v := range q {
		if v.x != v.x || v.y != v.y {
			return nil
		}
		all = all && v.x >= x0 && v.x <= x1 && v.y >= y0 && v.y <= y1
	}
	if all {
		return q
	}
	for e := range inside {
		if len(q) == 0 {
			return nil
		}
		var out []pt
		prev := q[len(q)-1]
		for _, cur := range q {
			in, prevIn := inside[e](cur), inside[e](prev)
			if in != prevIn {
				out = append(out, cut[e](prev, cur))
			}
			if in {
				out = append(out, cur)
			}
			prev = cur
		}
		q = out
	}
	return q
}

// dashes reads a stroke-dasharray in pixels; nil for a solid line.
func dashes(s string, scale float64) []float64 {
	if s == "" || s == "none" {
		return nil
	}
	v := numbers(s)
	total := 0.0
	for i := range v {
		if v[i] < 0 {
			return nil
		}
		v[i] *= scale
		total += v[i]
	}
	if total < 0.5 {
		return nil
	}
	if len(v)%2 == 1 {
		v = append(v, v...)
	}
	return v
}

// maxDashes bounds the dashes of one line (the rest is left out).
const maxDashes = 200_000

// dashLines cuts a polyline into the dashes of pattern (nil: whole).
func dashLines(pts []pt, pattern []float64) [][]pt {
	if len(pattern) == 0 {
		return [][]pt{pts}
	}
	var out [][]pt
	k, left, on := 0, pattern[0], true
	var cur []pt
	if on {
		cur = []pt{pts[0]}
	}
	for i := 0; i+1 < len(pts); i++ {
		a, b := pts[i], pts[i+1]
		l := math.Hypot(b.x-a.x, b.y-a.y)
		pos := 0.0
		for l-pos > left {
			pos += left
			t := pos / l
			q := pt{a.x + (b.x-a.x)*t, a.y + (b.y-a.y)*t}
			if on {
				out = append(out, append(cur, q))
				cur = nil
			} else {
				cur = []pt{q}
			}
			on = !on
			k = (k + 1) % len(pattern)
			left = pattern[k]
			if len(out) > maxDashes {
				return out
			}
		}
		left -= l - pos
		if on {
			cur = append(cur, b)
		}
	}
	if on && len(cur) > 1 {
		out = append(out, cur)
	}
	return out
}

// paint reads a colour (#rgb, #rrggbb, a few names); false for none.
func paint(s string, opacity float64) (color.Color, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	var r, g, b uint8
	switch {
	case s == "" || s == "none" || s == "transparent":
		return nil, false
	case strings.HasPrefix(s, "#") && len(s) == 4:
		v, err := strconv.ParseUint(s[1:], 16, 16)
		if err != nil {
			return nil, false
		}
		r, g, b = uint8(v>>8&15)*17, uint8(v>>4&15)*17, uint8(v&15)*17
	case strings.HasPrefix(s, "#") && len(s) == 7:
		v, err := strconv.ParseUint(s[1:], 16, 32)
		if err != nil {
			return nil, false
		}
		r, g, b = uint8(v>>16), uint8(v>>8), uint8(v)
	default:
		c, ok := named()[s]
		if !ok {
			return nil, false
		}
		r, g, b = c[0], c[1], c[2]
	}
	a := math.Max(0, math.Min(1, opacity))
	return color.NRGBA{r, g, b, uint8(a*255 + 0.5)}, true
}

var named = sync.OnceValue(func() map[string][3]uint8 {
	return map[string][3]uint8{
		"black": {0, 0, 0}, "white": {255, 255, 255}, "red": {255, 0, 0}, "green": {0, 128, 0}, "blue": {0, 0, 255},
		"gray": {128, 128, 128}, "grey": {128, 128, 128}, "orange": {255, 165, 0}, "yellow": {255, 255, 0},
		"currentcolor": {0, 0, 0},
	}
})
