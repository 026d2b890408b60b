package export

import (
	"strconv"
	"strings"

	"stepviz/stepper"
	"stepviz/stepper/graph"
	"stepviz/stepper/puzzle"
	"stepviz/viz"
)

// posthocPlacer returns the function that places a Posthoc event of this
// session's problem (see writePosthoc). The session's search must stand at
// the last exported step: a puzzle's boards are placed in the tree of that
// step. Cost: O(nodes) once (the tree layout), O(1) per event.
func posthocPlacer(sess *session, kind string) func(e *posthocEvent, n stepper.NodeInfo) {
	at := func(e *posthocEvent, x, y float64) { e.X, e.Y = &x, &y }
	switch kind {
	case "grid":
		return func(e *posthocEvent, n stepper.NodeInfo) {
			if x, y, ok := cellOf(n.State.String()); ok {
				at(e, float64(x), float64(y))
			}
		}
	case "graph":
		g, ok := sess.inst.(*graph.Graph)
		if !ok {
			break
		}
		pos := viz.GraphPositions(g.Nodes())
		return func(e *posthocEvent, n stepper.NodeInfo) {
			if p, ok := pos[n.State.String()]; ok {
				at(e, p[0], p[1])
			}
		}
	case "puzzle":
		p, ok := sess.inst.(*puzzle.Puzzle)
		if !ok {
			break
		}
		size := float64(p.Size())
		tree := sess.s.Snapshot().Tree
		l := viz.LayoutTree(tree)
		return func(e *posthocEvent, n stepper.NodeInfo) {
			e.Tiles = boardTiles(n.State.String())
			if i := n.ID; i >= 0 && i < len(tree) && tree[i].ID == i && l.Visible(i) {
				at(e, l.X[i]*(size+1), float64(l.Y[i])*(size+2))
			}
		}
	}
	return func(*posthocEvent, stepper.NodeInfo) {}
}

// posthocDestination is the "destination" event: the goal cell of a grid,
// the goal node of a graph on its map, the goal board of a puzzle left of
// the tree's root. ok is false when the problem names no single goal.
func posthocDestination(sess *session, kind string, cellIDs bool) (posthocEvent, bool) {
	d := posthocEvent{Type: "destination", ID: -1}
	at := func(x, y float64) { d.X, d.Y = &x, &y }
	switch inst := sess.inst.(type) {
	case *puzzle.Puzzle:
		d.Tiles = inst.GoalTiles()
		d.State = puzzleState(d.Tiles)
		at(-float64(inst.Size()+1), 0)
		return d, true
	case *graph.Graph:
		d.State = inst.GoalName()
		if p, ok := viz.GraphPositions(inst.Nodes())[d.State]; ok {
			at(p[0], p[1])
		}
		return d, true
	}
	if grid, ok := sess.inst.(gridDims); ok && kind == "grid" {
		gx, gy := grid.Goal()
		if cellIDs {
			d.ID = gx + gy*grid.Width()
		}
		at(float64(gx), float64(gy))
		return d, true
	}
	return d, false
}

// graphRoads lists a graph's roads as [x1, y1, x2, y2] at the positions
// of GraphPositions.
func graphRoads(g *graph.Graph) [][4]float64 {
	pos := viz.GraphPositions(g.Nodes())
	var out [][4]float64
	for _, r := range g.Edges() {
		a, okA := pos[r.From]
		b, okB := pos[r.To]
		if okA && okB {
			out = append(out, [4]float64{a[0], a[1], b[0], b[1]})
		}
	}
	return out
}

// boardTiles reads a puzzle state (puzzleTiles) as numbers; nil if a
// tile is not a number.
func boardTiles(state string) []int {
	parts := puzzleTiles(state)
	tiles := make([]int, 0, len(parts))
	for _, p := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return nil
		}
		tiles = append(tiles, v)
	}
	return tiles
}

// puzzleState writes tiles as the engine writes a state: digits on a 3×3
// board, separated by commas on larger ones.
func puzzleState(tiles []int) string {
	parts := make([]string, len(tiles))
	sep := ","
	for i, v := range tiles {
		parts[i] = strconv.Itoa(v)
	}
	if len(tiles) == 9 {
		sep = ""
	}
	return strings.Join(parts, sep)
}

// The render sections. Posthoc (format 1.0.5) evaluates each {{...}} as a
// JavaScript expression with $ bound to the event's context: $.event, the
// event; $.parent, the latest event of its parent (undefined for the
// source); $.color, a colour per event type; inside a $for, the loop
// variable ($.i). Every expression here guards against a missing parent or
// field, since one exception stops Posthoc from drawing the whole trace.

// posthocGraphRender draws the map's roads with the source event, then
// every event as its node, coloured by the event's type and labelled with
// its name, and the road from its parent.
func posthocGraphRender() map[string]any {
	return posthocRender(map[string]any{
		"roads": []any{map[string]any{
			"$":    "path",
			"$for": map[string]any{"$let": "i", "$to": "{{$.event.roads ? $.event.roads.length : 0}}"},
			"points": []any{
				posthocPoint("{{$.event.roads[$.i][0]}}", "{{$.event.roads[$.i][1]}}"),
				posthocPoint("{{$.event.roads[$.i][2]}}", "{{$.event.roads[$.i][3]}}"),
			},
			"fill": "#bdbdbd", "lineWidth": 2,
		}},
		"node": []any{
			posthocParentEdge("{{$.color[$.event.type]}}"),
			map[string]any{
				"$": "circle", "x": "{{$.event.x}}", "y": "{{$.event.y}}", "radius": 9,
				"fill":  "{{$.color[$.event.type]}}",
				"label": "{{$.event.state}}", "label-x": 12, "label-y": -8, "label-size": 12, "label-color": "#424242",
			},
		},
	}, []string{"roads", "node"}, "{{$.event.x}}", "{{$.event.y}}", 3)
}

// posthocRender is a render section: components by name, drawn in the
// order main names them, and the path centred at (x, y) at scale.
func posthocRender(components map[string]any, main []string, x, y string, scale float64) map[string]any {
	drawn := make([]any, len(main))
	for i, name := range main {
		drawn[i] = map[string]any{"$": name}
	}
	return map[string]any{
		"components": components,
		"views":      map[string]any{"main": map[string]any{"components": drawn}},
		"path":       map[string]any{"pivot": posthocPoint(x, y), "scale": scale},
	}
}

// posthocPoint is a point of a render: its x and y expressions.
func posthocPoint(x, y string) map[string]any { return map[string]any{"x": x, "y": y} }

// posthocParentEdge is the line from the parent's node to the event's
// (from the event's own point for the source, which has no parent),
// filled with fill.
func posthocParentEdge(fill string) map[string]any {
	return map[string]any{
		"$": "path",
		"points": []any{
			posthocPoint("{{$.parent && $.parent.x !== undefined ? $.parent.x : $.event.x}}", "{{$.parent && $.parent.y !== undefined ? $.parent.y : $.event.y}}"),
			posthocPoint("{{$.event.x}}", "{{$.event.y}}"),
		},
		"fill": fill, "lineWidth": 3,
	}
}

// posthocPuzzleRender draws every event as its board, size×size unit
// tiles at (x, y), the tiles coloured by the event's type and numbered,
// the blank white, joined to its parent's board by a line.
func posthocPuzzleRender(size int) map[string]any {
	n := strconv.Itoa(size)
	half := strconv.FormatFloat(float64(size)/2, 'f', -1, 64)
	return posthocRender(map[string]any{
		"board": []any{
			map[string]any{
				"$": "path",
				"points": []any{
					posthocPoint("{{($.parent && $.parent.x !== undefined ? $.parent.x : $.event.x) + "+half+"}}",
						"{{$.parent && $.parent.y !== undefined ? $.parent.y + "+n+" : $.event.y}}"),
					posthocPoint("{{$.event.x + "+half+"}}", "{{$.event.y}}"),
				},
				"fill": "#9e9e9e", "lineWidth": 0.08,
			},
			map[string]any{
				"$":    "rect",
				"$for": map[string]any{"$let": "i", "$to": "{{$.event.tiles ? $.event.tiles.length : 0}}"},
				"x":    "{{$.event.x + $.i % " + n + "}}", "y": "{{$.event.y + Math.floor($.i / " + n + ")}}",
				"width": 0.94, "height": 0.94,
				"fill":    "{{$.event.tiles[$.i] === 0 ? '#ffffff' : $.color[$.event.type]}}",
				"label":   "{{$.event.tiles[$.i] === 0 ? '' : String($.event.tiles[$.i])}}",
				"label-x": 0.3, "label-y": 0.7, "label-size": 0.6, "label-color": "#000000",
			},
		},
	}, []string{"board"}, "{{$.event.x + "+half+"}}", "{{$.event.y + "+half+"}}", 0.3)
}
