package server

import (
	"strconv"

	"stepviz/stepper"
)

// problemInfo describes a search's instance for clients: what the problem
// view needs to draw it, and how the open list is ordered.
func problemInfo(s *stepper.Search) ProblemInfo {
	inst, o := s.Instance(), s.Options()
	info := ProblemInfo{
		Kind: inst.Kind(), Spec: inst.Spec(), Options: o.String(), Warnings: s.Warnings(),
		Frontier: frontierKind(o), Tie: string(o.Tie), F: fCoef(o),
	}
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

// cellName writes a grid cell as the engine writes grid states: "x,y".
func cellName(x, y int) string { return strconv.Itoa(x) + "," + strconv.Itoa(y) }

// fCoef is the evaluation function as f = g·G + h·H + depth·Depth, so a
// client computes f from a node's record and its h, as the engine's
// priority does (depth for every algorithm not listed).
func fCoef(o stepper.Options) FCoef {
	switch o.Algorithm {
	case stepper.UCS:
		return FCoef{G: 1}
	case stepper.Greedy:
		return FCoef{H: 1}
	case stepper.AStar:
		return FCoef{G: 1, H: 1}
	case stepper.WAStar:
		return FCoef{G: 1, H: o.Weight}
	}
	return FCoef{Depth: 1}
}
