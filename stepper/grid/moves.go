package grid

import (
	"math"
	"strconv"

	"stepviz/stepper"
)

// gridCell is a grid state: the cell index y·width + x. Four bytes, so the
// engine's nodes and seen map stay small.
type gridCell int32

// gridDirs are the moves in their natural order, which is also the action
// code: the cardinal moves clockwise from north, then the diagonals
// clockwise from north-east. With moves=4 only the first four are used.
var gridDirs = [8]struct {
	dx, dy int
	name   string
}{
	{0, -1, "N"}, {1, 0, "E"}, {0, 1, "S"}, {-1, 0, "W"},
	{1, -1, "NE"}, {1, 1, "SE"}, {-1, 1, "SW"}, {-1, -1, "NW"},
}

// ActionNames lists the grid moves in their natural order:
// N, E, S, W, NE, SE, SW, NW.
func ActionNames() []string {
	out := make([]string, len(gridDirs))
	for i, d := range gridDirs {
		out[i] = d.name
	}
	return out
}

// ActionNames lists the moves of this grid's move model in natural order:
// N, E, S, W, then NE, SE, SW, NW with 8 moves.
func (g *Grid) ActionNames() []string { return ActionNames()[:g.moves] }

// gridProblem is the [stepper.Problem] view of a Grid (the Grid's own Start and Goal
// return coordinates, for front ends).
type gridProblem struct {
	g *Grid
	// base is the cost of each action on terrain 1: cardinal, then diagonal.
	base [8]float64
	// offset is each action's change of cell index.
	offset [8]int
}

var _ stepper.Problem[gridCell] = (*gridProblem)(nil)

func newGridProblem(g *Grid) *gridProblem {
	p := &gridProblem{g: g}
	card, diag := 1.0, math.Sqrt2
	if g.cost == Cost1014 {
		card, diag = 10, 14
	}
	for a, d := range gridDirs {
		p.base[a] = card
		if a >= 4 {
			p.base[a] = diag
		}
		p.offset[a] = d.dy*g.w + d.dx
	}
	return p
}

func (p *gridProblem) Start() gridCell          { return gridCell(p.g.start) }
func (p *gridProblem) IsGoal(s gridCell) bool   { return int32(s) == p.g.goal }
func (p *gridProblem) Format(s gridCell) string { return p.g.formatCell(int32(s)) }
func (p *gridProblem) AppendState(dst []byte, s gridCell) []byte {
	i := int(s)
	dst = strconv.AppendInt(dst, int64(i%p.g.w), 10)
	dst = append(dst, ',')
	return strconv.AppendInt(dst, int64(i/p.g.w), 10)
}
func (p *gridProblem) ActionName(a int) string                   { return gridDirs[a].name }
func (p *gridProblem) ActionNames() []string                     { return p.g.ActionNames() }
func (p *gridProblem) heuristics() []stepper.Heuristic[gridCell] { return gridHeuristics(p.g) }

// Successors appends the free neighbours of s in natural order. A diagonal
// step needs both cells beside it free unless corners=yes. Each step costs
// its base cost times the terrain cost of the cell entered. O(moves).
func (p *gridProblem) Successors(s gridCell, buf []stepper.Successor[gridCell]) []stepper.Successor[gridCell] {
	g := p.g
	i := int(s)
	x, y := i%g.w, i/g.w
	cells := g.cells
	for a := 0; a < g.moves; a++ {
		d := &gridDirs[a]
		nx, ny := x+d.dx, y+d.dy
		if uint(nx) >= uint(g.w) || uint(ny) >= uint(g.h) {
			continue
		}
		j := i + p.offset[a]
		t := cells[j]
		if t == 0 {
			continue
		}
		if a >= 4 && !g.corners && (cells[i+d.dx] == 0 || cells[i+d.dy*g.w] == 0) {
			continue
		}
		buf = append(buf, stepper.Successor[gridCell]{State: gridCell(j), Action: a, Cost: p.base[a] * float64(t)})
	}
	return buf
}

// GoalState is the goal cell.
func (p *gridProblem) GoalState() gridCell { return gridCell(p.g.goal) }

// LeastStepCost is the cardinal move's base cost on the cheapest terrain:
// no move, either way, costs less (a diagonal's base is the larger). O(1).
func (p *gridProblem) LeastStepCost() float64 { return p.base[0] * float64(p.g.minTerrain) }

// Predecessors appends the cells with a move into s: the same neighbours
// as Successors (the walls and corner rule are symmetric), each with the
// opposite move, costing its base cost times the terrain of s, the cell
// entered. O(moves).
func (p *gridProblem) Predecessors(s gridCell, buf []stepper.Successor[gridCell]) []stepper.Successor[gridCell] {
	first := len(buf)
	buf = p.Successors(s, buf)
	t := float64(p.g.cells[int(s)])
	for i := first; i < len(buf); i++ {
		a := buf[i].Action
		op := (a + 2) % 4
		if a >= 4 {
			op = 4 + (a-4+2)%4
		}
		buf[i].Action, buf[i].Cost = op, p.base[op]*t
	}
	return buf
}

// StateIndex and StateCount number the grid states densely, 0 to
// StateCount()-1 (the cell index), so that an engine may keep its per-state
// table in a slice instead of a map: on arena2 the map is about a sixth of
// the search's time (see BenchmarkScenArena2Dense). O(1).
func (p *gridProblem) StateIndex(s gridCell) int { return int(s) }

// StateCount is the number of cells, the bound of StateIndex.
func (p *gridProblem) StateCount() int { return p.g.w * p.g.h }

// Cell is the cell a grid state stands on, y·width+x.
func (p *gridProblem) Cell(s gridCell) int { return int(s) }

var (
	_ stepper.Celled[gridCell]        = (*gridProblem)(nil)
	_ stepper.Reversible[gridCell]    = (*gridProblem)(nil)
	_ stepper.StateAppender[gridCell] = (*gridProblem)(nil)
)
