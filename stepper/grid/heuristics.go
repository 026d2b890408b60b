package grid

import (
	"fmt"
	"math"

	"stepviz/stepper"
)

// gridHeuristics builds the grid heuristics, the default first (octile for
// 8 moves, Manhattan for 4). Every estimate is in the grid's cost model
// (cardinal step 1 or 10, diagonal √2 or 14) times the smallest terrain cost
// of any free cell, so it stays a lower bound on terrain. With dx, dy the
// column and row distances to the goal, c the cardinal and d the diagonal
// cost and m that smallest terrain:
//
//	manhattan  m·c·(dx+dy)                   inadmissible with 8 moves
//	octile     m·(c·(max−min) + d·min)       exact on an open 8-connected grid
//	euclidean  m·c·√(dx²+dy²)                inadmissible with 8 moves and cost=10-14 (10·√2 > 14)
//	chebyshev  m·c·max(dx,dy)
//	zero       0
//
// Each estimate is O(1) and can explain itself as the terms that add up to it.
func gridHeuristics(g *Grid) []stepper.Heuristic[gridCell] {
	card, diag := 1.0, math.Sqrt2
	if g.cost == Cost1014 {
		card, diag = 10, 14
	}
	m := float64(g.minTerrain)
	gx, gy := int(g.goal)%g.w, int(g.goal)/g.w
	dist := func(s gridCell) (dx, dy int) {
		x, y := int(s)%g.w, int(s)/g.w
		return gridAbs(x - gx), gridAbs(y - gy)
	}
	scale := ""
	if m != 1 {
		scale = fmt.Sprintf(" × min terrain %g", m)
	}
	unit := func(c float64) string {
		if c == math.Sqrt2 {
			return "√2"
		}
		return fmt.Sprintf("%g", c)
	}
	manhattan := stepper.Heuristic[gridCell]{
		Name:       "manhattan",
		Admissible: g.moves == 4,
		Estimate: func(s gridCell) float64 {
			dx, dy := dist(s)
			return m * card * float64(dx+dy)
		},
		Explain: func(s gridCell) []stepper.Term {
			dx, dy := dist(s)
			return []stepper.Term{
				{Label: fmt.Sprintf("columns |dx| = %d × %s%s", dx, unit(card), scale), Value: m * card * float64(dx)},
				{Label: fmt.Sprintf("rows |dy| = %d × %s%s", dy, unit(card), scale), Value: m * card * float64(dy)},
			}
		},
	}
	octile := stepper.Heuristic[gridCell]{
		Name:       "octile",
		Admissible: true,
		Estimate: func(s gridCell) float64 {
			dx, dy := dist(s)
			lo, hi := min(dx, dy), max(dx, dy)
			return m * (card*float64(hi-lo) + diag*float64(lo))
		},
		Explain: func(s gridCell) []stepper.Term {
			dx, dy := dist(s)
			lo, hi := min(dx, dy), max(dx, dy)
			return []stepper.Term{
				{Label: fmt.Sprintf("diagonal steps min(|dx|,|dy|) = %d × %s%s", lo, unit(diag), scale), Value: m * diag * float64(lo)},
				{Label: fmt.Sprintf("straight steps max − min = %d × %s%s", hi-lo, unit(card), scale), Value: m * card * float64(hi-lo)},
			}
		},
	}
	euclidean := stepper.Heuristic[gridCell]{
		Name:       "euclidean",
		Admissible: g.moves == 4 || g.cost == CostUnit,
		Estimate: func(s gridCell) float64 {
			dx, dy := dist(s)
			return m * card * math.Sqrt(float64(dx*dx+dy*dy))
		},
		Explain: func(s gridCell) []stepper.Term {
			dx, dy := dist(s)
			return []stepper.Term{{Label: fmt.Sprintf("√(%d² + %d²) × %s%s", dx, dy, unit(card), scale), Value: m * card * math.Sqrt(float64(dx*dx+dy*dy))}}
		},
	}
	chebyshev := stepper.Heuristic[gridCell]{
		Name:       "chebyshev",
		Admissible: true,
		Estimate: func(s gridCell) float64 {
			dx, dy := dist(s)
			return m * card * float64(max(dx, dy))
		},
		Explain: func(s gridCell) []stepper.Term {
			dx, dy := dist(s)
			return []stepper.Term{{Label: fmt.Sprintf("max(|dx|,|dy|) = %d × %s%s", max(dx, dy), unit(card), scale), Value: m * card * float64(max(dx, dy))}}
		},
	}
	zero := stepper.Heuristic[gridCell]{
		Name:       "zero",
		Admissible: true,
		Estimate:   func(gridCell) float64 { return 0 },
	}
	if g.moves == 8 {
		return []stepper.Heuristic[gridCell]{octile, manhattan, euclidean, chebyshev, zero}
	}
	return []stepper.Heuristic[gridCell]{manhattan, octile, euclidean, chebyshev, zero}
}

func gridAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
