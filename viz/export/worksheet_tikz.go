package export

import (
	"math"

	"stepviz/stepper/graph"
)

// maxSheetMapNodes is the most nodes a tex sheet draws as a map; a larger
// graph is given by its tables alone.
const maxSheetMapNodes = 60

// sheetGraphTikZ draws a graph sheet's map in TikZ, as the html sheet
// draws it in SVG: each node at its coordinates (scaled to at most 16 by
// 9 cm, y up as the coordinates are), named above, the start and goal
// ringed twice, each road with its cost at its middle (an arrow for a
// one-way road); the roads first, so that no road crosses a name. A graph with a node without coordinates, or with more
// than maxSheetMapNodes nodes, is not drawn. O(nodes + edges).
func sheetGraphTikZ(p *printer, g *graph.Graph) {
	nodes := g.Nodes()
	if len(nodes) == 0 || len(nodes) > maxSheetMapNodes {
		return
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	index := make(map[string]int, len(nodes))
	for i, n := range nodes {
		if !n.HasXY || math.IsNaN(n.X) || math.IsNaN(n.Y) || math.IsInf(n.X, 0) || math.IsInf(n.Y, 0) {
			return
		}
		minX, maxX = min(minX, n.X), max(maxX, n.X)
		minY, maxY = min(minY, n.Y), max(maxY, n.Y)
		index[n.Name] = i
	}
	scale := min(16/max(maxX-minX, 1e-9), 9/max(maxY-minY, 1e-9))
	if maxX == minX && maxY == minY {
		scale = 1
	}
	p.f("\\begin{center}\n\\begin{tikzpicture}[x=%.5fcm, y=%.5fcm, every node/.style={font=\\scriptsize}]\n", scale, scale)
	for i, n := range nodes {
		p.f("\\coordinate (n%d) at (%.2f,%.2f);\n", i, n.X-minX, n.Y-minY)
	}
	for _, e := range g.Edges() {
		arrow := ""
		if e.Directed {
			arrow = "[->, shorten >=3pt]"
		}
		p.f("\\draw%s (n%d) -- node[fill=white, inner sep=1pt, font=\\tiny] {%s} (n%d);\n", arrow, index[e.From], num(e.Cost), index[e.To])
	}
	for i, n := range nodes {
		style, label := "circle, draw, fill=white, inner sep=2pt", tex(n.Name)
		switch n.Name {
		case g.StartName():
			style, label = "circle, draw, double, fill=white, inner sep=2pt", label+" (start)"
		case g.GoalName():
			style, label = "circle, draw, double, fill=white, inner sep=2pt", label+" (goal)"
		}
		p.f("\\node[%s, label={[fill=white, inner sep=1pt]above:%s}] at (n%d) {};\n", style, label, i)
	}
	p.f("\\end{tikzpicture}\n\\end{center}\n")
}
