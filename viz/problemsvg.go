package viz

import (
	"fmt"
	"io"
	"sync"

	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/stepper/graph"
)

// ProblemSVG draws the problem at the step snap describes, as a standalone
// SVG document whose root has class "stepviz-problem" (its style sheet is
// scoped to that class, so it can be inlined in a page):
//
//   - a puzzle: the board of node selected (the node expanded last when
//     selected is not a node of snap.Tree), blank shaded, tiles numbered,
//     tiles out of their goal place marked, with the goal board beside it;
//   - a grid: every cell with walls, terrain costs (×2 … ×9), open, closed
//     and current cells, the solution path, start and goal, and per cell
//     with a node F (top left), G (bottom left), H (bottom right) and an
//     arrow to its parent, as the classic A* tutorial draws them. Maps wider
//     or taller than [GridDetailMax] cells drop the numbers and are drawn as
//     row runs of equal cells (one rect per run), a few pixels a cell;
//   - a script that defines draw(s) (docs/scripts.md): its picture of the
//     selected state, a board of labelled squares or labelled points;
//   - a graph: the map, with the cities at their coordinates (y grows
//     upwards, as on a printed map) or on a circle when some city has none,
//     roads with their costs, cities coloured by status with their g and f.
//
// The selected node is ringed, and the way from the root to it drawn. Every
// tile, cell and city element carries data-state (the state as the engine
// writes it) and, where a node holds that state, data-id; in the run-length
// drawing of a big grid a run carries data-state of its first cell and
// data-run (its length in cells), and the root carries data-cell (pixels a
// cell) and data-origin (the map's top-left pixel, "x y") so a click maps
// to a cell as x = floor((px - ox) / cell), y = floor((py - oy) / cell).
// Output is valid XML with text escaped. Cost: O(nodes + cells).
func ProblemSVG(w io.Writer, inst stepper.Instance, snap stepper.Snapshot, selected int) error {
	if inst == nil {
		return usererr.New("viz", "no problem to draw: pass the search's Instance()")
	}
	sw := newSVGWriter(w)
	switch inst.Kind() {
	case "puzzle":
		p, ok := inst.(puzzleView)
		if !ok {
			return usererr.Errorf("viz", "puzzle %T lacks Size, StartTiles or GoalTiles", inst)
		}
		if err := puzzleSVG(sw, p, snap, selected); err != nil {
			return err
		}
	case "grid":
		g, ok := inst.(gridView)
		if !ok {
			return usererr.Errorf("viz", "grid %T lacks Width, Height, CellCost, Start or Goal", inst)
		}
		gridSVG(sw, g, snap, selected)
	case "graph":
		g, ok := inst.(*graph.Graph)
		if !ok {
			return usererr.Errorf("viz", "graph %T is not a *graph.Graph", inst)
		}
		graphSVG(sw, g, snap, selected)
	case "script":
		p, ok := inst.(scriptView)
		if !ok {
			return usererr.Errorf("viz", "script %T lacks StartText or Draw", inst)
		}
		if err := scriptSVG(sw, p, snap, selected); err != nil {
			return err
		}
	default:
		return usererr.Errorf("viz", "cannot draw a %q problem: viz draws puzzle, grid, graph and scripts that define draw(s)", inst.Kind())
	}
	return sw.flush()
}

// statusRank orders statuses for choosing the one node a cell or city shows
// when several nodes share its state.
var statusRank = sync.OnceValue(func() map[Status]int {
	return map[Status]int{StatusDiscarded: 1, StatusOpen: 2, StatusClosed: 3, StatusCurrent: 4, StatusPath: 5}
})

// nodeOfState maps each state of snap.Tree to the node that represents it:
// the highest-ranked status, then the smallest g, then the smallest id.
// O(nodes).
func nodeOfState(snap stepper.Snapshot, status []Status) map[string]int {
	m := make(map[string]int, len(snap.Tree))
	for i, n := range snap.Tree {
		j, ok := m[n.State.String()]
		if !ok {
			m[n.State.String()] = i
			continue
		}
		ri, rj := statusRank()[status[i]], statusRank()[status[j]]
		if ri > rj || (ri == rj && n.G < snap.Tree[j].G) {
			m[n.State.String()] = i
		}
	}
	return m
}

// stateAt returns the state of node id of tree, if any.
func stateAt(tree []stepper.NodeInfo, id int) (string, bool) {
	n, ok := nodeAt(tree, id)
	if !ok {
		return "", false
	}
	return n.State.String(), true
}

// nodeAt returns node id of tree, a snapshot's Tree: its ids are
// consecutive from tree[0].ID (0, or an iterative search's IterStart). It
// falls back to tree[id] for a tree whose ids are not so. O(1).
func nodeAt(tree []stepper.NodeInfo, id int) (*stepper.NodeInfo, bool) {
	i, ok := treeIndex(tree, id)
	if !ok {
		return nil, false
	}
	return &tree[i], true
}

// treeIndex is nodeAt's index in tree.
func treeIndex(tree []stepper.NodeInfo, id int) (int, bool) {
	if len(tree) == 0 || id < 0 {
		return -1, false
	}
	if i := id - tree[0].ID; i >= 0 && i < len(tree) && tree[i].ID == id {
		return i, true
	}
	if id < len(tree) && tree[0].ID == 0 {
		return id, true
	}
	return -1, false
}

// selectedPath returns the ids from the root to selected, or nil when
// selected is not a node.
func selectedPath(snap stepper.Snapshot, selected int) []int {
	return PathTo(snap.Tree, selected)
}

// svgOpen writes the root element of a problem drawing.
func svgOpen(sw *svgWriter, width, height float64, label string, extra string) {
	sw.s(`<svg xmlns="http://www.w3.org/2000/svg" class="stepviz-problem" role="img"`)
	sw.fattr("width", width)
	sw.fattr("height", height)
	sw.s(` viewBox="0 0 `)
	sw.f(width)
	sw.s(" ")
	sw.f(height)
	sw.s(`"`)
	sw.attr("aria-label", label)
	if extra != "" {
		sw.s(" ", extra)
	}
	sw.s(">\n<title>")
	sw.text(label)
	sw.s("</title>\n")
	writeProblemStyle(sw)
	sw.s(`<rect class="bg" x="0" y="0" width="100%" height="100%"/>` + "\n")
}

// problemLegend draws a legend row of the given statuses from (x, y) and
// returns the y under it.
func problemLegend(sw *svgWriter, x, y, width float64, statuses []Status, extra [][2]string) float64 {
	cols := max(1, int(width/200))
	k := 0
	sw.s(`<g class="legend" data-testid="legend">`)
	item := func() (float64, float64) {
		lx, ly := x+float64(k%cols)*200, y+float64(k/cols)*22
		k++
		return lx, ly
	}
	for _, s := range statuses {
		e := LegendFor(s)
		lx, ly := item()
		sw.s(`<g class="cell `, string(s), `"><rect class="box"`)
		sw.fattr("x", lx)
		sw.fattr("y", ly+2)
		sw.s(` width="24" height="15"/></g>`)
		sw.textEl(lx+12, ly+14, `class="ll"`, e.Letter)
		sw.textEl(lx+32, ly+14, `class="lt"`, e.Label)
	}
	for _, ex := range extra {
		lx, ly := item()
		sw.s(`<rect class="`, ex[0], `"`)
		sw.fattr("x", lx)
		sw.fattr("y", ly+2)
		sw.s(` width="24" height="15"/>`)
		sw.textEl(lx+32, ly+14, `class="lt"`, ex[1])
	}
	sw.s("</g>\n")
	return y + legendHeight(width, k)
}

// legendHeight is the height problemLegend takes for n items in width.
func legendHeight(width float64, n int) float64 {
	cols := max(1, int(width/200))
	return float64((n+cols-1)/cols)*22 + 6
}

// writeProblemStyle writes the style sheet of problem drawings, scoped to
// .stepviz-problem, its status colours taken from StatusLegend.
func writeProblemStyle(sw *svgWriter) {
	sw.s("<style>\n")
	sw.s(`.stepviz-problem text{font-family:"DejaVu Sans",Verdana,Arial,sans-serif;fill:#111}
.stepviz-problem .bg{fill:#fff}
.stepviz-problem .cap{font-size:14px}
.stepviz-problem .capb{font-size:14px;font-weight:700}
.stepviz-problem .lt{font-size:12px}
.stepviz-problem .ll{font-size:10px;font-weight:700;text-anchor:middle}
.stepviz-problem .tile{fill:#FFF8E7;stroke:#555;stroke-width:1.5}
.stepviz-problem .blank{fill:#8c8c8c;stroke:#555;stroke-width:1.5}
.stepviz-problem .tnum{font-weight:700;text-anchor:middle}
.stepviz-problem .mark{fill:#D55E00}
.stepviz-problem .free{fill:#fff;stroke:#bbb;stroke-width:.5}
.stepviz-problem .wall{fill:#222;stroke:#222;stroke-width:.5}
.stepviz-problem .t2{fill:#F3EBDD}.stepviz-problem .t3{fill:#E9DCC4}.stepviz-problem .t4{fill:#DFCDAB}
.stepviz-problem .t5{fill:#D5BE93}.stepviz-problem .t6{fill:#CBAF7B}.stepviz-problem .t7{fill:#C0A064}
.stepviz-problem .t8{fill:#B5914E}.stepviz-problem .t9{fill:#A98239}
.stepviz-problem .fnum{font-weight:700}
.stepviz-problem .hnum{text-anchor:end}
.stepviz-problem .slet{font-weight:700;text-anchor:end}
.stepviz-problem .terr{font-size:.9em;text-anchor:end;fill:#5a4a2a}
.stepviz-problem .arrow{stroke:#333;stroke-width:1.5;fill:none}
.stepviz-problem .dot{fill:#333}
.stepviz-problem .se{font-weight:700;text-anchor:middle;paint-order:stroke;stroke:#fff;stroke-width:3px}
.stepviz-problem .pathline{fill:none;stroke:#E69F00;stroke-width:5;stroke-linecap:round;stroke-linejoin:round;opacity:.85}
.stepviz-problem .selpath{fill:none;stroke:#000;stroke-width:2;stroke-dasharray:6 4;stroke-linecap:round}
.stepviz-problem .sel{fill:none;stroke:#000;stroke-width:3}
.stepviz-problem .road{stroke:#999;stroke-width:2}
.stepviz-problem .road.path{stroke:#E69F00;stroke-width:6}
.stepviz-problem .cost{font-size:11px;fill:#444;text-anchor:middle;paint-order:stroke;stroke:#fff;stroke-width:3px}
.stepviz-problem .city{font-size:12px;font-weight:700;text-anchor:middle;paint-order:stroke;stroke:#fff;stroke-width:3px}
.stepviz-problem .gf{font-size:10px;text-anchor:middle;paint-order:stroke;stroke:#fff;stroke-width:3px}
.stepviz-problem .badge-l{font-size:10px;font-weight:700;text-anchor:middle}
.stepviz-problem .unseen{fill:#fff;stroke:#777;stroke-width:1.5}
.stepviz-problem .startgoal{fill:#fff;stroke:#000;stroke-width:2}
.stepviz-problem rect.run{stroke:none}
.stepviz-problem [data-state]{cursor:pointer}
`)
	for _, e := range StatusLegend {
		s := string(e.Status)
		dash := "none"
		if e.Dash != "" {
			dash = e.Dash
		}
		sw.s(".stepviz-problem .cell.", s, ">.box,.stepviz-problem .cell.", s, ".box{fill:", e.Fill, ";stroke:", e.Stroke, ";stroke-width:")
		sw.f(min(e.Width, 3))
		sw.s(";stroke-dasharray:", dash, "}\n")
		sw.s(".stepviz-problem .run.", s, "{fill:", runFill(e), "}\n")
	}
	sw.s("</style>\n")
}

// runFill is the fill of a status in the run drawing of a big map: the
// outline colour, lightened for open and closed cells so the path and the
// current cell stand out against the explored area.
func runFill(e LegendEntry) string {
	if e.Status == StatusOpen || e.Status == StatusClosed {
		return mixWhite(e.Stroke, 0.45)
	}
	return e.Stroke
}

// mixWhite mixes colour #rrggbb with white, t the share of white.
func mixWhite(hex string, t float64) string {
	var r, g, b int
	if _, err := fmt.Sscanf(hex, "#%02x%02x%02x", &r, &g, &b); err != nil {
		return hex
	}
	m := func(v int) int { return int(float64(v)*(1-t) + 255*t + 0.5) }
	return fmt.Sprintf("#%02X%02X%02X", m(r), m(g), m(b))
}
