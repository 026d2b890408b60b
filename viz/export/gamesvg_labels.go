package export

import (
	"math"
	"unicode/utf8"

	"stepviz/stepper/game"
)

// A move's label on a game tree's edge is written in 9 px type; a box is
// allowed moveCharW a character (generous for sans-serif), reaching
// moveAscent above its baseline and moveDescent below, and kept moveGap
// clear of any line's stroke, and at least moveNearer nearer its own
// edge's stroke than any other's and at most half as far, so that a
// reader pairs it with its own edge in a fan of shallow edges.
const (
	moveCharW   = 5.8
	moveAscent  = 9.0
	moveDescent = 2.5
	moveGap     = 2.5
	moveNearer  = 8.0
)

// box is a rectangle of a drawing: x0 ≤ x1, y0 ≤ y1.
type box struct{ x0, y0, x1, y1 float64 }

func (a box) meets(b box) bool { return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 }

// segment is an edge's line, hw half its stroke's width.
type segment struct{ x1, y1, x2, y2, hw float64 }

// meets reports whether s, its stroke included, meets b (Liang–Barsky
// clipping of the segment to b grown by the half width).
func (s segment) meets(b box) bool {
	l, r, t, bo := b.x0-s.hw, b.x1+s.hw, b.y0-s.hw, b.y1+s.hw
	u0, u1 := 0.0, 1.0
	dx, dy := s.x2-s.x1, s.y2-s.y1
	for _, pq := range [4][2]float64{{-dx, s.x1 - l}, {dx, r - s.x1}, {-dy, s.y1 - t}, {dy, bo - s.y1}} {
		p, q := pq[0], pq[1]
		if p == 0 {
			if q < 0 {
				return false
			}
			continue
		}
		u := q / p
		if p < 0 {
			if u > u1 {
				return false
			}
			u0 = max(u0, u)
		} else {
			if u < u0 {
				return false
			}
			u1 = min(u1, u)
		}
	}
	return true
}

// gap is how far b is from s's stroke: 0 when they meet, else the
// shortest distance between the segment and the box less the half width.
func (s segment) gap(b box) float64 {
	if s.meets(b) {
		return 0
	}
	dx, dy := s.x2-s.x1, s.y2-s.y1
	l2 := dx*dx + dy*dy
	toLine := func(px, py float64) float64 {
		u := 0.0
		if l2 > 0 {
			u = min(max(((px-s.x1)*dx+(py-s.y1)*dy)/l2, 0), 1)
		}
		return math.Hypot(px-s.x1-u*dx, py-s.y1-u*dy)
	}
	toBox := func(px, py float64) float64 {
		return math.Hypot(max(b.x0-px, 0, px-b.x1), max(b.y0-py, 0, py-b.y1))
	}
	d := min(toLine(b.x0, b.y0), toLine(b.x1, b.y0), toLine(b.x0, b.y1), toLine(b.x1, b.y1), toBox(s.x1, s.y1), toBox(s.x2, s.y2))
	return max(d-s.hw, 0)
}

// xAt is s's x at height y, clamped to its ends.
func (s segment) xAt(y float64) float64 {
	if s.y2 == s.y1 {
		return s.x1
	}
	u := min(max((y-s.y1)/(s.y2-s.y1), 0), 1)
	return s.x1 + (s.x2-s.x1)*u
}

// moveLabel is where a move's label is written: its anchor point and
// which end of the text it is ("end": the label is left of the edge).
type moveLabel struct {
	x, y   float64
	anchor string
}

// moveLabelFractions are the points along an edge, from its parent's end,
// a label is tried at beside the edge, in order; moveUnderFractions those
// it is then tried at under or over it (an edge of a wide family, near
// level, has room only under its child's end, between the siblings).
var (
	moveLabelFractions = [...]float64{0.75, 0.6, 0.88, 0.45, 0.3}
	moveUnderFractions = [...]float64{0.9, 0.8, 0.7, 0.6, 0.5, 0.4}
)

// yAt is s's y at x, clamped to its ends.
func (s segment) yAt(x float64) float64 {
	if s.x2 == s.x1 {
		return max(s.y1, s.y2)
	}
	u := min(max((x-s.x1)/(s.x2-s.x1), 0), 1)
	return s.y1 + (s.y2-s.y1)*u
}

// placeMoveLabels places each edge's move label beside its own line,
// clear of every edge line (bold ones by their wider stroke), every
// node's box (its shape, name or board and notes), every cut mark and
// every label placed before it, and clearly nearer its own line than any
// other edge's (moveNearer): at the first point along the edge
// (moveLabelFractions) and side (the outer side of the edge first: left
// of an edge going left or straight down, right of one going right) that
// is clear, else where the first choice would be. edges[i] is node i's
// edge (unused for the root), marks the cut marks' boxes. O(edges ·
// (edges + nodes)).
// It returns the labels and how many of them found no clear place.
func placeMoveLabels(l *gameLayout, edges []segment, marks []box) ([]moveLabel, int) {
	nodes := make([]box, len(l.all))
	for i := range l.all {
		nodes[i] = gameNodeBox(l, &l.all[i], l.x[i], l.y[i])
	}
	var placed []box
	clear := func(own int, b box) bool {
		if edges[own].meets(b) {
			return false
		}
		g := edges[own].gap(b)
		near := max(g+moveNearer, 2*g)
		for i, s := range edges {
			if i != own && l.all[i].Parent >= 0 && (s.meets(b) || s.gap(b) < near) {
				return false
			}
		}
		for _, n := range nodes {
			if n.meets(b) {
				return false
			}
		}
		for _, m := range marks {
			if m.meets(b) {
				return false
			}
		}
		for _, p := range placed {
			if p.meets(b) {
				return false
			}
		}
		return true
	}
	out, missed := make([]moveLabel, len(l.all)), 0
	for i, n := range l.all {
		if n.Parent < 0 {
			continue
		}
		s := edges[i]
		w := moveCharW*float64(utf8.RuneCountInString(n.Move)) + 1
		sides := []string{"end", "start"}
		if s.x2 > s.x1+0.5 {
			sides = []string{"start", "end"}
		}
		var first *moveLabel
		var firstBox box
		found := false
		for _, f := range moveLabelFractions {
			base := s.y1 + (s.y2-s.y1)*f + 3
			top, bottom := base-moveAscent, base+moveDescent
			// the line's x where it passes the box's height, its stroke
			// and the gap included (a shallow line's reaches far)
			xa, xb := s.xAt(top-s.hw-moveGap), s.xAt(bottom+s.hw+moveGap)
			for _, side := range sides {
				var b box
				ml := moveLabel{y: round2(base), anchor: side}
				if side == "end" {
					r := min(xa, xb) - moveGap
					b, ml.x = box{r - w, top, r, bottom}, round2(r)
				} else {
					le := max(xa, xb) + moveGap
					b, ml.x = box{le, top, le + w, bottom}, round2(le)
				}
				if first == nil {
					first, firstBox = &ml, b
				}
				if clear(i, b) {
					out[i], found = ml, true
					placed = append(placed, b)
					break
				}
			}
			if found {
				break
			}
		}
		for _, f := range moveUnderFractions {
			if found {
				break
			}
			cx := s.x1 + (s.x2-s.x1)*f
			ya, yb := s.yAt(cx-w/2), s.yAt(cx+w/2)
			for _, under := range []bool{true, false} {
				base := min(ya, yb) - s.hw - moveGap - moveDescent
				if under {
					base = max(ya, yb) + s.hw + moveGap + moveAscent
				}
				b := box{cx - w/2, base - moveAscent, cx + w/2, base + moveDescent}
				if clear(i, b) {
					out[i], found = moveLabel{round2(cx), round2(base), "middle"}, true
					placed = append(placed, b)
					break
				}
			}
		}
		if !found {
			out[i] = *first
			placed = append(placed, firstBox)
			missed++
		}
	}
	return out, missed
}

// gameNodeBox is the box of what node n, centred at x, y, draws: its
// shape, its name beside it (a board's rows) and its notes under it, as
// gameNodeSVG writes them (characters of 9 and 10 px type allowed 5.8
// and 6.2 px).
func gameNodeBox(l *gameLayout, n *game.ViewNode, x, y float64) box {
	left, right := gameNodeSpan(n, l.board)
	b := box{x - left, y - 15, x + right, y + 14}
	if rows := boardRows(n.State, l.board); utf8.RuneCountInString(n.State) > gameInside && rows != nil {
		b.y1 = max(b.y1, y+boardBottom(len(rows)))
	}
	if k := len(gameNotes(n, n.Text.Value != n.State)); k > 0 {
		b.y1 = max(b.y1, y+l.noteY+float64(k-1)*gameNoteH+moveDescent)
	}
	return b
}

// gameLabelRoom is how much taller a level is drawn, up to gameLabelTries
// times, while some edge's label finds no clear place.
const (
	gameLabelRoom  = 16.0
	gameLabelTries = 8
)

// gameEdges is each node's edge from its parent (the root's unused) and
// the boxes of the cut marks drawn on pruned ones, at 0.6 of their length.
// O(nodes).
func gameEdges(l *gameLayout) ([]segment, []box) {
	edges := make([]segment, len(l.all))
	var marks []box
	for i := range l.all {
		n := &l.all[i]
		if n.Parent < 0 {
			continue
		}
		_, _, w := gameEdgeStyle(n)
		e := segment{l.x[n.Parent], l.y[n.Parent] + l.edgeY, l.x[i], l.y[i] - gameShapeUp + 2, w / 2}
		edges[i] = e
		if n.Status == game.Pruned {
			mx, my := e.x1+(e.x2-e.x1)*0.6, e.y1+(e.y2-e.y1)*0.6
			marks = append(marks, box{mx - 6, my - 6, mx + 6, my + 7})
		}
	}
	return edges, marks
}

// gameEdgeStyle is how node n's edge is drawn: its class, its stroke's
// attributes but its width, and its width (the principal variation's
// widest, then the current path's).
func gameEdgeStyle(n *game.ViewNode) (class, style string, width float64) {
	switch {
	case n.Status == game.Pruned:
		return "edge cut", `stroke="#999" stroke-dasharray="4 3"`, 1.2
	case n.OnPV:
		return "edge pv", `stroke="#c62828"`, 3.5
	case n.Status == game.OnPath || n.Status == game.Select || n.Status == game.Expand:
		return "edge path", `stroke="#111"`, 2.5
	}
	return "edge", `stroke="#555"`, 1.2
}
