package viz

import (
	"fmt"
	"math"

	"stepviz/stepper"
	"stepviz/stepper/graph"
)

// Geometry of the graph map, in pixels.
const (
	mapW, mapH = 760.0, 520.0
	mapPad     = 70.0 // room for labels around the map
	cityR      = 11.0
)

func graphSVG(sw *svgWriter, g *graph.Graph, snap stepper.Snapshot, selected int) {
	nodes := g.Nodes()
	status := Statuses(snap)
	rep := nodeOfState(snap, status)
	width := mapW + 2*mapPad
	legend := 0.0 // the problem alone has no statuses to tell apart
	if searched(snap) {
		legend = legendHeight(width-2*margin, len(gridStatuses)+1)
	}
	top := margin + 24 + legend + 10
	height := top + mapH + 2*mapPad - 20
	pos := cityPositions(nodes, mapPad, top+mapPad-10)
	svgOpen(sw, width, height, sceneLabel("Graph map", snap), "")
	sw.textEl(margin, margin+14, `class="capb"`, sceneCaption("Map", snap))
	if searched(snap) {
		problemLegend(sw, margin, margin+24, width-2*margin, gridStatuses, [][2]string{{"unseen", "not reached yet"}})
	}

	onPath := make(map[[2]string]bool)
	for i := 1; i < len(snap.Path); i++ {
		a, okA := stateAt(snap.Tree, snap.Path[i-1])
		b, okB := stateAt(snap.Tree, snap.Path[i])
		if okA && okB {
			onPath[[2]string{a, b}], onPath[[2]string{b, a}] = true, true
		}
	}
	// Roads first, then their costs on top, then the cities.
	edges := g.Edges()
	sw.s(`<g class="roads">`)
	for _, e := range edges {
		a, okA := pos[e.From]
		b, okB := pos[e.To]
		if !okA || !okB {
			continue
		}
		cls := "road"
		if onPath[[2]string{e.From, e.To}] {
			cls = "road path"
		}
		sw.s(`<line class="`, cls, `"`)
		sw.attr("data-from", e.From)
		sw.attr("data-to", e.To)
		sw.fattr("x1", a[0])
		sw.fattr("y1", a[1])
		sw.fattr("x2", b[0])
		sw.fattr("y2", b[1])
		sw.s("/>")
		if e.Directed {
			arrowHead(sw, a, b)
		}
	}
	sw.s("</g>\n<g class=\"costs\">")
	// A road's cost goes where it covers no city, no city's name or
	// values and no other cost (placeCost), as near the middle as can be.
	start, goal := g.StartName(), g.GoalName()
	var ix boxIndex
	for _, n := range nodes {
		p := pos[n.Name]
		ix.add(labelBox{p[0] - 15, p[1] - 15, p[0] + 15, p[1] + 15})
		ix.add(textBox(p[0], p[1]-17, len([]rune(cityName(n.Name, start, goal))), 12, 0.62))
		if id, seen := rep[n.Name]; seen {
			ix.add(textBox(p[0], p[1]+28, len([]rune(cityValues(snap.Tree[id]))), 10, 0.6))
		}
	}
	for _, e := range edges {
		a, okA := pos[e.From]
		b, okB := pos[e.To]
		if okA && okB {
			c := num(e.Cost)
			x, y := placeCost(&ix, a, b, len(c))
			sw.textEl(x, y, `class="cost"`, c)
		}
	}
	sw.s("</g>\n")
	if sel := selectedPath(snap, selected); len(sel) > 1 {
		sw.s(`<polyline class="selpath" data-testid="selected-path" points="`)
		for i, id := range sel {
			st, _ := stateAt(snap.Tree, id)
			p := pos[st]
			if i > 0 {
				sw.s(" ")
			}
			sw.f(p[0])
			sw.s(",")
			sw.f(p[1])
		}
		sw.s(`"/>` + "\n")
	}
	for _, n := range nodes {
		p := pos[n.Name]
		id, seen := rep[n.Name]
		name := cityName(n.Name, start, goal)
		if !seen {
			sw.s(`<g class="city unseen"`)
			sw.attr("data-state", n.Name)
			sw.s(`><circle class="unseen"`)
		} else {
			st := status[id]
			sw.s(`<g class="city cell `, string(st), `"`)
			sw.attr("data-state", n.Name)
			sw.s(` data-id="`)
			sw.i(snap.Tree[id].ID)
			sw.s(`"><circle class="box"`)
		}
		sw.fattr("cx", p[0])
		sw.fattr("cy", p[1])
		sw.s(` r="11"/>`)
		if n.Name == start || n.Name == goal {
			sw.s(`<circle class="startgoal" fill="none"`)
			sw.fattr("cx", p[0])
			sw.fattr("cy", p[1])
			sw.s(` r="15" style="fill:none"/>`)
		}
		if seen {
			t := snap.Tree[id]
			sw.textEl(p[0], p[1]+3.5, `class="badge-l"`, LegendFor(status[id]).Letter)
			sw.textEl(p[0], p[1]+28, `class="gf"`, cityValues(t))
		}
		sw.textEl(p[0], p[1]-17, `class="city"`, name)
		sw.s("</g>\n")
		if seen && snap.Tree[id].ID == selected {
			sw.s(`<circle class="sel" data-testid="selected"`)
			sw.fattr("cx", p[0])
			sw.fattr("cy", p[1])
			sw.s(` r="19"/>` + "\n")
		}
	}
	sw.s("</svg>\n")
}

// cityName is a city's label: its name, marked if it is the start or the
// goal.
func cityName(name, start, goal string) string {
	switch name {
	case start:
		return name + " (start)"
	case goal:
		return name + " (goal)"
	}
	return name
}

// cityValues is the label under a reached city: its node's g, h and f.
func cityValues(t stepper.NodeInfo) string {
	return fmt.Sprintf("g %s h %s f %s", num(t.G), t.Shown().H, t.Shown().F)
}

// cityPositions places the cities in a mapW×mapH box from (x0, y0): at
// their coordinates scaled to fit (y up), or on a circle, in file order,
// when any city has none.
func cityPositions(nodes []graph.Node, x0, y0 float64) map[string][2]float64 {
	pos := make(map[string][2]float64, len(nodes))
	allXY := len(nodes) > 0
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, n := range nodes {
		if !n.HasXY || math.IsNaN(n.X) || math.IsNaN(n.Y) || math.IsInf(n.X, 0) || math.IsInf(n.Y, 0) {
			allXY = false
			break
		}
		minX, maxX = min(minX, n.X), max(maxX, n.X)
		minY, maxY = min(minY, n.Y), max(maxY, n.Y)
	}
	if allXY {
		dx, dy := maxX-minX, maxY-minY
		scale := math.Inf(1)
		if dx > 0 {
			scale = mapW / dx
		}
		if dy > 0 {
			scale = min(scale, mapH/dy)
		}
		if math.IsInf(scale, 1) {
			scale = 1
		}
		// Centre the map in its box.
		ox := x0 + (mapW-dx*scale)/2
		oy := y0 + (mapH-dy*scale)/2
		for _, n := range nodes {
			pos[n.Name] = [2]float64{ox + (n.X-minX)*scale, oy + (maxY-n.Y)*scale}
		}
		return pos
	}
	r := min(mapW, mapH) / 2
	for k, n := range nodes {
		a := -math.Pi/2 + 2*math.Pi*float64(k)/float64(max(len(nodes), 1))
		pos[n.Name] = [2]float64{x0 + mapW/2 + r*math.Cos(a), y0 + mapH/2 + r*math.Sin(a)}
	}
	return pos
}

// arrowHead draws a small filled triangle on the road a→b, just outside b's
// circle, for a one-way road.
func arrowHead(sw *svgWriter, a, b [2]float64) {
	dx, dy := b[0]-a[0], b[1]-a[1]
	l := math.Hypot(dx, dy)
	if l < 3*cityR {
		return
	}
	ux, uy := dx/l, dy/l
	tx, ty := b[0]-ux*(cityR+2), b[1]-uy*(cityR+2)
	const size = 9.0
	sw.s(`<path class="dot" d="M`)
	sw.xy(tx, ty)
	sw.s("L")
	sw.xy(tx-ux*size-uy*size*0.5, ty-uy*size+ux*size*0.5)
	sw.s("L")
	sw.xy(tx-ux*size+uy*size*0.5, ty-uy*size-ux*size*0.5)
	sw.s(`z"/>`)
}

// GraphPositions places a graph's nodes as the map view draws them, in
// SVG units with y growing downwards: at their coordinates scaled to fit a
// box of a few hundred units, or on a circle, in file order, when any node
// has none. Exports that draw the map (Posthoc) use it, so every drawing
// of a graph agrees. O(nodes).
func GraphPositions(nodes []graph.Node) map[string][2]float64 {
	return cityPositions(nodes, 0, 0)
}
