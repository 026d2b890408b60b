package viz

import (
	"fmt"
	"math"
	"sort"

	"stepviz/internal/usererr"
	"stepviz/stepper"
)

// scriptView is a script problem (package script) that draws its states:
// draw(s) returns a board (rows of labels) or a map (labelled points).
type scriptView interface {
	StartText() string
	Draw(state string) (rows [][]string, points map[string][2]float64, err error)
}

// scriptSVG draws the state of the selected node (or the node expanded
// last, or the start) as the script's draw(s) pictures it: a board of
// labelled squares (an empty label is a shaded square) or labelled points
// scaled into the picture. Cost: O(squares or points).
func scriptSVG(sw *svgWriter, p scriptView, snap stepper.Snapshot, selected int) error {
	id := shownNode(snap, selected)
	state := p.StartText()
	var node *stepper.NodeInfo
	if n, ok := nodeAt(snap.Tree, id); ok {
		node = n
		state = node.State.String()
	}
	rows, points, err := p.Draw(state)
	if err != nil {
		return usererr.Errorf("viz", "%w", err)
	}
	caption := "the start, " + state
	if node != nil {
		caption = fmt.Sprintf("node %d (%s): g %s  h %s  f %s  depth %d", node.ID, node.State, num(node.G), node.Shown().H, node.Shown().F, node.Depth)
	}
	const width, box = 480.0, 400.0
	top := margin + 24
	if rows != nil {
		cols := 1
		for _, r := range rows {
			cols = max(cols, len(r))
		}
		cell := math.Min(56, box/float64(max(cols, len(rows))))
		height := top + cell*float64(len(rows)) + margin
		svgOpen(sw, width, height, "state "+state, "")
		sw.textEl(margin, margin+14, `class="capb"`, caption)
		sw.s(`<g class="board" data-testid="board"`)
		sw.attr("data-state", state)
		sw.s(">")
		for y, r := range rows {
			for x, l := range r {
				cls := "tile"
				if l == "" {
					cls = "blank"
				}
				sw.s(`<rect class="`, cls, `"`)
				sw.fattr("x", margin+float64(x)*cell+1)
				sw.fattr("y", top+float64(y)*cell+1)
				sw.fattr("width", cell-2)
				sw.fattr("height", cell-2)
				sw.s(` rx="3"/>`)
				if l != "" {
					sw.textEl(margin+(float64(x)+0.5)*cell, top+(float64(y)+0.62)*cell, fmt.Sprintf(`class="tnum" font-size="%.0f"`, cell*0.36), l)
				}
			}
		}
		sw.s("</g>\n")
		return nil
	}
	names := make([]string, 0, len(points))
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for k, c := range points {
		names = append(names, k)
		minX, maxX = math.Min(minX, c[0]), math.Max(maxX, c[0])
		minY, maxY = math.Min(minY, c[1]), math.Max(maxY, c[1])
	}
	sort.Strings(names)
	span := math.Max(math.Max(maxX-minX, maxY-minY), 1e-9)
	scale := (box - 40) / span
	height := top + box + margin
	svgOpen(sw, width, height, "state "+state, "")
	sw.textEl(margin, margin+14, `class="capb"`, caption)
	sw.s(`<g class="points" data-testid="board"`)
	sw.attr("data-state", state)
	sw.s(">")
	for _, k := range names {
		c := points[k]
		// y grows upwards, as on a printed map
		x, y := margin+20+(c[0]-minX)*scale, top+box-20-(c[1]-minY)*scale
		sw.s(`<circle class="tile" r="8"`)
		sw.fattr("cx", x)
		sw.fattr("cy", y)
		sw.s("/>")
		sw.textEl(x+10, y-10, `class="lt"`, k)
	}
	sw.s("</g>\n")
	return nil
}
