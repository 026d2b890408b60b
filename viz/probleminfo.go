package viz

import (
	"strconv"

	"stepviz/stepper"
	"stepviz/stepper/graph"
	"stepviz/stepper/grid"
	"stepviz/stepper/puzzle"
	"stepviz/wire"
)

// ProblemInfo, FCoef, MapNode and MapEdge are hello.problem and its parts;
// package wire owns them, viz builds them (DescribeProblem, DescribeSearch).
type (
	ProblemInfo = wire.ProblemInfo
	FCoef       = wire.FCoef
	MapNode     = wire.MapNode
	MapEdge     = wire.MapEdge
)

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
	case *puzzle.Puzzle:
		info.Size = p.Size()
		info.GoalTiles = p.GoalTiles()
	case *grid.Grid:
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
	case *graph.Graph:
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

// DescribeSearch is hello.problem for search s: what the problem view needs to
// draw its instance, how the open list is ordered (the algorithm's family
// for the depth-first iterative and bidirectional searches) and whether
// its records carry the ext byte.
func DescribeSearch(s *stepper.Search) ProblemInfo {
	o := s.Options()
	info := DescribeProblem(s.Instance(), o, s.Warnings())
	if f := ProtocolFrontier(o.Algorithm); f != "" {
		info.Frontier = f
	}
	info.Ext = wire.ExtRecords(o)
	return info
}
