package viz

import (
	"strconv"

	"stepviz/stepper"
	"stepviz/wire"
)

// ProblemInfo describes the instance searched, enough for a client (the
// live viewer, or the standalone HTML replay) to draw the problem view and
// to order the open list: the board size, the grid's cells or the graph's
// map, and the evaluation function.
type ProblemInfo struct {
	Kind     string   `json:"kind"`
	Spec     string   `json:"spec"`
	Options  string   `json:"options"`
	Warnings []string `json:"warnings,omitempty"`
	// Frontier is how the open list is ordered: "fifo", "lifo" or
	// "priority"; the lecture server also names the families whose open
	// list is something else: "stack" (ids, idastar: the stack, top
	// first), "rbfs" (the next node, then the path's unexpanded children
	// by f) and "bidirectional" (the next node, then both open lists).
	Frontier string `json:"frontier"`
	// Ext says that the lecture server's node records carry the ext byte
	// (full base fate, backward tree, RBFS's F): docs/protocol.md.
	Ext bool   `json:"ext,omitempty"`
	Tie string `json:"tie"`
	// Layered says the priority queue is local beam search's: ordered by
	// depth (the layer) first, then by f, so an open node's sort key is
	// {priority: depth, tie: f, seq} (stepper.OpenKey).
	Layered bool `json:"layered,omitempty"`
	// F is the evaluation function: f = g·F.G + h·F.H + depth·F.Depth
	// (Family.Coefficients).
	F FCoef `json:"f"`
	// Family is the search's family description (DescribeFamily): its
	// algorithm, formula, sort key, box numbers, own values and labels, which
	// the page renders instead of knowing algorithms by name.
	Family wire.Family `json:"family"`
	// Puzzle.
	Size      int   `json:"size,omitempty"`
	GoalTiles []int `json:"goalTiles,omitempty"`
	// Grid: Cells is Height rows of Width costs (0 = wall).
	Width  int     `json:"width,omitempty"`
	Height int     `json:"height,omitempty"`
	Cells  [][]int `json:"cells,omitempty"`
	Start  string  `json:"start,omitempty"`
	Goal   string  `json:"goal,omitempty"`
	// Graph.
	Nodes []MapNode `json:"nodes,omitempty"`
	Edges []MapEdge `json:"edges,omitempty"`
}

// FCoef are the coefficients of the evaluation function f.
type FCoef struct {
	G     float64 `json:"g"`
	H     float64 `json:"h"`
	Depth float64 `json:"depth"`
}

// MapNode is one city of a graph's map; X and Y are meaningful only when
// HasXY is set.
type MapNode struct {
	Name  string  `json:"name"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	HasXY bool    `json:"hasXY"`
}

// MapEdge is one road of a graph's map.
type MapEdge struct {
	From string  `json:"from"`
	To   string  `json:"to"`
	Cost float64 `json:"cost"`
}

// DescribeProblem builds the ProblemInfo of an instance searched with
// options o. Cost: O(cells) for a grid, O(nodes + edges) for a graph.
func DescribeProblem(inst stepper.Instance, o stepper.Options, warnings []string) ProblemInfo {
	info := ProblemInfo{
		Kind: inst.Kind(), Spec: inst.Spec(), Options: o.String(), Warnings: warnings,
		Frontier: FrontierKind(o), Tie: string(o.Tie), Family: DescribeFamily(o),
		Layered: o.Algorithm == stepper.Beam && o.Local,
	}
	info.F.G, info.F.H, info.F.Depth = info.Family.Coefficients()
	switch p := inst.(type) {
	case *stepper.Puzzle:
		info.Size = p.Size()
		info.GoalTiles = p.GoalTiles()
	case *stepper.Grid:
		info.Width, info.Height = p.Width(), p.Height()
		info.Cells = make([][]int, p.Height())
		for y := range info.Cells {
			row := make([]int, p.Width())
			for x := range row {
				row[x] = p.CellCost(x, y)
			}
			info.Cells[y] = row
		}
		sx, sy := p.Start()
		gx, gy := p.Goal()
		info.Start, info.Goal = cellName(sx, sy), cellName(gx, gy)
	case *stepper.Graph:
		for _, n := range p.Nodes() {
			info.Nodes = append(info.Nodes, MapNode{Name: n.Name, X: n.X, Y: n.Y, HasXY: n.HasXY})
		}
		for _, e := range p.Edges() {
			info.Edges = append(info.Edges, MapEdge{From: e.From, To: e.To, Cost: e.Cost})
		}
		info.Start, info.Goal = p.StartName(), p.GoalName()
	}
	return info
}

// FrontierKind names how a search orders its open list: BFS is a FIFO
// queue, DFS a LIFO stack, every other algorithm a priority queue.
func FrontierKind(o stepper.Options) string {
	switch o.Algorithm {
	case stepper.BFS:
		return "fifo"
	case stepper.DFS, stepper.DLS:
		return "lifo"
	}
	return "priority"
}

// cellName writes a grid cell as the engine writes grid states: "x,y".
func cellName(x, y int) string { return strconv.Itoa(x) + "," + strconv.Itoa(y) }
