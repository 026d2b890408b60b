package viz

import (
	"fmt"

	"stepviz/stepper"
	"stepviz/stepper/grid"
)

// GridDetailMax is the largest width or height [ProblemSVG] draws cell by
// cell with F, G and H; bigger maps are drawn as row runs without numbers.
const GridDetailMax = 64

// gridScene is what both grid drawings need: the map and, per cell, the node
// that represents it.
type gridScene struct {
	g        gridView
	w, h     int
	snap     stepper.Snapshot
	status   []Status
	node     []int32 // per cell y*w+x: the node shown there, -1 for none
	selected int
	terrain  bool // some free cell costs more than 1

	c, top float64 // pixels a cell; y of the first row
}

func newGridScene(g gridView, snap stepper.Snapshot, selected int) *gridScene {
	s := &gridScene{g: g, w: max(g.Width(), 0), h: max(g.Height(), 0), snap: snap, status: Statuses(snap), selected: -1}
	s.node = make([]int32, s.w*s.h)
	for i := range s.node {
		s.node[i] = -1
	}
	for state, id := range nodeOfState(snap, s.status) {
		if x, y, ok := s.cell(state); ok {
			s.node[y*s.w+x] = int32(id)
		}
	}
	if _, ok := nodeAt(snap.Tree, selected); ok {
		s.selected = selected
	}
	for y := 0; y < s.h && !s.terrain; y++ {
		for x := 0; x < s.w; x++ {
			if g.CellCost(x, y) > 1 {
				s.terrain = true
				break
			}
		}
	}
	return s
}

// cell parses a state and checks it lies on the map.
func (s *gridScene) cell(state string) (x, y int, ok bool) {
	x, y, err := grid.ParseCell(state)
	return x, y, err == nil && x >= 0 && y >= 0 && x < s.w && y < s.h
}

// cellsOf returns the cells of a list of node ids, skipping bad states.
func (s *gridScene) cellsOf(ids []int) [][2]int {
	var out [][2]int
	for _, id := range ids {
		if state, ok := stateAt(s.snap.Tree, id); ok {
			if x, y, ok := s.cell(state); ok {
				out = append(out, [2]int{x, y})
			}
		}
	}
	return out
}

func gridSVG(sw *svgWriter, g gridView, snap stepper.Snapshot, selected int) {
	s := newGridScene(g, snap, selected)
	if s.w > GridDetailMax || s.h > GridDetailMax {
		s.drawRuns(sw)
		return
	}
	s.drawCells(sw)
}

func (s *gridScene) legendExtras() [][2]string {
	ex := [][2]string{{"wall", "wall"}, {"startgoal", "S start, G goal"}}
	if s.terrain {
		ex = append(ex, [2]string{"t5", "terrain, step cost ×2 … ×9"})
	}
	return ex
}

var gridStatuses = []Status{StatusOpen, StatusClosed, StatusCurrent, StatusPath}

// legendStatuses is what the legend tells apart: the statuses of a
// search, none for the problem alone.
func (s *gridScene) legendStatuses() []Status {
	if searched(s.snap) {
		return gridStatuses
	}
	return nil
}

// legendHeight is the height of the legend in a view width wide.
func (s *gridScene) legendHeight(width float64) float64 {
	return legendHeight(width-2*margin, len(s.legendStatuses())+len(s.legendExtras()))
}

// legend draws the legend under the caption of a view width wide.
func (s *gridScene) legend(sw *svgWriter, width float64) {
	problemLegend(sw, margin, margin+24, width-2*margin, s.legendStatuses(), s.legendExtras())
}

// drawCells draws a small map cell by cell, numbers included.
func (s *gridScene) drawCells(sw *svgWriter) {
	c := max(30, min(48, 1100/float64(max(s.w, s.h, 1))))
	// The bottom row holds G and H side by side: size the numbers so the
	// longest pair fits.
	widest := 1
	for _, id := range s.node {
		if id >= 0 {
			n := s.snap.Tree[id]
			cn := cellNumbers(n)
			widest = max(widest, len(cn.F), len(cn.G)+len(cn.H))
		}
	}
	font := min(c*0.21, (c-8)/(float64(widest)*0.62))
	width := max(float64(s.w)*c+2*margin, 620)
	name := fmt.Sprintf("Grid %d×%d", s.w, s.h)
	top := margin + 24 + s.legendHeight(width) + 18
	s.c, s.top = c, top
	height := top + float64(s.h)*c + margin
	svgOpen(sw, width, height, sceneLabel(name, s.snap), fmt.Sprintf(`data-cell="%g" data-origin="%g %g" data-width="%d" data-height="%d"`, c, margin, top, s.w, s.h))
	sw.textEl(margin, margin+14, `class="capb"`, sceneCaption(name, s.snap))
	s.legend(sw, width)
	if searched(s.snap) {
		sw.textEl(margin, top-8, `class="lt"`, "In each cell: F top left, G bottom left, H bottom right; the arrow points to the parent.")
	}

	sw.s(`<g class="cells"`, fmt.Sprintf(` style="font-size:%.1fpx"`, font), ">\n")
	for y := 0; y < s.h; y++ {
		for x := 0; x < s.w; x++ {
			s.drawCell(sw, x, y, c, font)
		}
		sw.s("\n")
	}
	sw.s("</g>\n")
	s.drawArrows(sw)
	s.drawLines(sw, c*0.16)
	s.drawStartGoal(sw, c*0.45)
	sw.s("</svg>\n")
}

func (s *gridScene) drawCell(sw *svgWriter, x, y int, c, font float64) {
	state := fmt.Sprintf("%d,%d", x, y)
	px, py := s.px(x, y)
	cost := s.g.CellCost(x, y)
	id := s.node[y*s.w+x]
	if cost <= 0 || id < 0 {
		cls := "cell free"
		switch {
		case cost <= 0:
			cls = "cell wall"
		case cost > 1:
			cls = fmt.Sprintf("cell free t%d", min(cost, 9))
		}
		sw.s(`<rect class="`, cls, `"`)
		sw.attr("data-state", state)
		s.rectAttrs(sw, px, py, c, c)
		sw.s("/>")
		if cost > 1 {
			sw.textEl(px+c-3, py+c/2+font*0.35, `class="terr"`, fmt.Sprintf("×%d", cost))
		}
		return
	}
	n := s.snap.Tree[id]
	st := s.status[id]
	sw.s(`<g class="cell `, string(st), `"`)
	sw.attr("data-state", state)
	sw.s(` data-id="`)
	sw.i(n.ID)
	sw.s(`"><title>`)
	shown := n.Shown()
	sw.text(fmt.Sprintf("cell %s, node %d: F %s G %s H %s, %s", state, n.ID, shown.F, shown.G, shown.H, LegendFor(st).Label))
	sw.s(`</title><rect class="box"`)
	in := 1.5 // inset so dashed and thick outlines stay inside the cell
	s.rectAttrs(sw, px+in, py+in, c-2*in, c-2*in)
	sw.s("/>")
	cn := cellNumbers(n)
	sw.textEl(px+3, py+font+2, `class="fnum"`, cn.F)
	sw.textEl(px+3, py+c-4, `class="num"`, cn.G)
	sw.textEl(px+c-3, py+c-4, `class="hnum"`, cn.H)
	sw.textEl(px+c-3, py+font+2, `class="slet"`, LegendFor(st).Letter)
	if cost > 1 {
		// Right middle: the corners hold F, G, H and the status letter.
		sw.textEl(px+c-3, py+c/2+font*0.35, `class="terr"`, fmt.Sprintf("×%d", cost))
	}
	sw.s("</g>")
}

// px is the top-left pixel of cell (x, y).
func (s *gridScene) px(x, y int) (float64, float64) {
	return margin + float64(x)*s.c, s.top + float64(y)*s.c
}

func (s *gridScene) rectAttrs(sw *svgWriter, x, y, w, h float64) {
	sw.fattr("x", x)
	sw.fattr("y", y)
	sw.fattr("width", w)
	sw.fattr("height", h)
}

// drawArrows draws, from each cell with a node, a short arrow towards its
// parent's cell.
func (s *gridScene) drawArrows(sw *svgWriter) {
	c, top := s.c, s.top
	sw.s(`<path class="arrow" d="`)
	var dots []float64
	for y := 0; y < s.h; y++ {
		for x := 0; x < s.w; x++ {
			id := s.node[y*s.w+x]
			if id < 0 {
				continue
			}
			ps, ok := stateAt(s.snap.Tree, s.snap.Tree[id].Parent)
			if !ok {
				continue
			}
			qx, qy, ok := s.cell(ps)
			if !ok {
				continue
			}
			cx, cy := margin+(float64(x)+0.5)*c, top+(float64(y)+0.5)*c
			dx, dy := float64(qx-x), float64(qy-y)
			if dx != 0 && dy != 0 {
				dx, dy = dx*0.7071, dy*0.7071
			}
			L := c * 0.3
			tx, ty := cx+dx*L, cy+dy*L
			sw.s("M")
			sw.xy(cx, cy)
			sw.s("L")
			sw.xy(tx, ty)
			// Arrow head: two short strokes back from the tip.
			hx, hy := -dx*c*0.1, -dy*c*0.1
			sw.s("M")
			sw.xy(tx+hx-hy, ty+hy+hx)
			sw.s("L")
			sw.xy(tx, ty)
			sw.s("L")
			sw.xy(tx+hx+hy, ty+hy-hx)
			dots = append(dots, cx, cy)
		}
	}
	sw.s(`"/>` + "\n")
	for i := 0; i < len(dots); i += 2 {
		sw.s(`<circle class="dot" r="2"`)
		sw.fattr("cx", dots[i])
		sw.fattr("cy", dots[i+1])
		sw.s("/>")
	}
	sw.s("\n")
}

// drawLines draws the solution path and the way to the selected node
// through the cell centres, and rings the selected cell.
func (s *gridScene) drawLines(sw *svgWriter, width float64) {
	c, top := s.c, s.top
	polyline := func(class string, cells [][2]int, style string) {
		if len(cells) < 2 {
			return
		}
		sw.s(`<polyline class="`, class, `"`, style, ` points="`)
		for i, p := range cells {
			if i > 0 {
				sw.s(" ")
			}
			sw.f(margin + (float64(p[0])+0.5)*c)
			sw.s(",")
			sw.f(top + (float64(p[1])+0.5)*c)
		}
		sw.s(`"/>` + "\n")
	}
	polyline("pathline", s.cellsOf(s.snap.Path), fmt.Sprintf(` style="stroke-width:%.1f"`, max(width, 2)))
	if s.selected >= 0 {
		cells := s.cellsOf(selectedPath(s.snap, s.selected))
		polyline("selpath", cells, "")
		if len(cells) > 0 {
			last := cells[len(cells)-1]
			ring := max(c+2, 10)
			cx, cy := margin+(float64(last[0])+0.5)*c, top+(float64(last[1])+0.5)*c
			sw.s(`<rect class="sel" data-testid="selected"`)
			s.rectAttrs(sw, cx-ring/2, cy-ring/2, ring, ring)
			sw.s("/>\n")
		}
	}
}

// drawStartGoal marks the start and goal cells with S and G.
func (s *gridScene) drawStartGoal(sw *svgWriter, font float64) {
	c, top := s.c, s.top
	sx, sy := s.g.Start()
	gx, gy := s.g.Goal()
	for _, m := range []struct {
		x, y   int
		letter string
	}{{sx, sy, "S"}, {gx, gy, "G"}} {
		if m.x < 0 || m.y < 0 || m.x >= s.w || m.y >= s.h {
			continue
		}
		sw.textEl(margin+(float64(m.x)+0.5)*c, top+(float64(m.y)+0.5)*c+font*0.36, fmt.Sprintf(`class="se" font-size="%.1f"`, font), m.letter)
	}
}

// cellNumbers writes F, G and H inside a grid cell: whole numbers as they
// are, others with one decimal ("41.2" for 41.184), since a cell has room
// for a few characters, and F = G + H as written; the cell's tooltip keeps
// the three decimals of every other format.
func cellNumbers(n stepper.NodeInfo) stepper.Shown {
	if n.HFailed {
		return n.Shown() // h failed, f unknown
	}
	return stepper.ShowGHFTenths(n.G, n.H, n.F)
}
