package puzzle

import (
	"fmt"
	"strconv"
	"strings"

	"stepviz/stepper"
)

// The puzzle heuristics' names. Each is admissible and consistent: a move
// shifts one tile by one cell, which changes each of them by at most 1.
const (
	// hManhattan sums each tile's row and column distance from its goal cell.
	hManhattan = "manhattan"
	// hMisplaced counts the tiles (blank not counted) off their goal cell.
	hMisplaced = "misplaced"
	// hLinearConflict is Manhattan plus 2 for every tile that must leave its
	// goal row (or column) to let another tile of that line pass (Hansson,
	// Mayer and Yung, 1992): in each line, the tiles that belong to it, less
	// the longest run already in goal order, each need two extra moves.
	hLinearConflict = "linear-conflict"
	// hZero is 0 everywhere: A* with it is uniform-cost search.
	hZero = "zero"
)

// puzzleHeuristics builds the four heuristics on a state type S. unpack
// writes a state's tiles; manhattan and misplaced, if not nil, are faster
// versions working on the packed state.
func puzzleHeuristics[S comparable](g *puzzleGeom, unpack func(S, *[maxCells]uint8), manhattan, misplaced func(S) float64) []stepper.Heuristic[S] {
	onTiles := func(f func(*[maxCells]uint8) int) func(S) float64 {
		return func(s S) float64 {
			var t [maxCells]uint8
			unpack(s, &t)
			return float64(f(&t))
		}
	}
	explainOn := func(f func(*[maxCells]uint8) []stepper.Term) func(S) []stepper.Term {
		return func(s S) []stepper.Term {
			var t [maxCells]uint8
			unpack(s, &t)
			return f(&t)
		}
	}
	if manhattan == nil {
		manhattan = onTiles(g.manhattanTiles)
	}
	if misplaced == nil {
		misplaced = onTiles(g.misplacedTiles)
	}
	return []stepper.Heuristic[S]{
		{Name: hManhattan, Estimate: manhattan, Explain: explainOn(g.explainManhattan), Admissible: true},
		{Name: hMisplaced, Estimate: misplaced, Explain: explainOn(g.explainMisplaced), Admissible: true},
		{Name: hLinearConflict, Estimate: onTiles(g.linearConflictTiles), Explain: explainOn(g.explainLinearConflict), Admissible: true},
		{Name: hZero, Estimate: func(S) float64 { return 0 }, Explain: func(S) []stepper.Term { return []stepper.Term{{Label: "h is 0 for every board", Value: 0}} }, Admissible: true},
	}
}

func (g *puzzleGeom) manhattanTiles(t *[maxCells]uint8) int {
	h := 0
	for pos := range g.cells {
		h += g.distance(t[pos], pos)
	}
	return h
}

func (g *puzzleGeom) misplacedTiles(t *[maxCells]uint8) int {
	k := 0
	for pos := range g.cells {
		if t[pos] != 0 && t[pos] != g.goal[pos] {
			k++
		}
	}
	return k
}

// tileTerms lists one term per tile 1 … N²−1, in tile order.
func (g *puzzleGeom) tileTerms(t *[maxCells]uint8, value func(tile uint8, pos int) int) []stepper.Term {
	terms := make([]stepper.Term, g.cells-1)
	for pos := range g.cells {
		if tile := t[pos]; tile != 0 {
			terms[tile-1] = stepper.Term{Label: "tile " + strconv.Itoa(int(tile)), Value: float64(value(tile, pos))}
		}
	}
	return terms
}

// explainManhattan gives each tile's distance, "tile 5": 2.
func (g *puzzleGeom) explainManhattan(t *[maxCells]uint8) []stepper.Term {
	return g.tileTerms(t, g.distance)
}

// explainMisplaced gives 1 for each misplaced tile, 0 for the others.
func (g *puzzleGeom) explainMisplaced(t *[maxCells]uint8) []stepper.Term {
	return g.tileTerms(t, func(tile uint8, pos int) int {
		if g.goal[pos] != tile {
			return 1
		}
		return 0
	})
}

// lineConflict is the linear-conflict penalty of one row or column.
type lineConflict struct {
	label string // "row 1", "column 3" (1-based)
	tiles []int  // the tiles that must step out of the line
}

// conflicts finds, in every row then every column, the tiles in their goal
// line that must step aside: all of the line's such tiles but a longest
// subsequence already in goal order. O(N³) in all.
func (g *puzzleGeom) conflicts(t *[maxCells]uint8) []lineConflict {
	var out []lineConflict
	for _, rows := range []bool{true, false} {
		for line := range g.n {
			var tiles, goalAt []int
			for k := range g.n {
				pos := line*g.n + k
				if !rows {
					pos = k*g.n + line
				}
				tile := t[pos]
				if tile == 0 {
					continue
				}
				gp := int(g.goalPos[tile])
				if rows && gp/g.n == line {
					tiles, goalAt = append(tiles, int(tile)), append(goalAt, gp%g.n)
				} else if !rows && gp%g.n == line {
					tiles, goalAt = append(tiles, int(tile)), append(goalAt, gp/g.n)
				}
			}
			if leave := outOfOrder(goalAt); len(leave) > 0 {
				name := "row"
				if !rows {
					name = "column"
				}
				lc := lineConflict{label: name + " " + strconv.Itoa(line+1)}
				for _, i := range leave {
					lc.tiles = append(lc.tiles, tiles[i])
				}
				out = append(out, lc)
			}
		}
	}
	return out
}

// outOfOrder returns the indexes of seq outside one longest strictly
// increasing subsequence (the earliest such, for a stable explanation).
func outOfOrder(seq []int) []int {
	k := len(seq)
	if k < 2 {
		return nil
	}
	var length, prev [maxCells]int
	best := 0
	for i := range k {
		length[i], prev[i] = 1, -1
		for j := range i {
			if seq[j] < seq[i] && length[j]+1 > length[i] {
				length[i], prev[i] = length[j]+1, j
			}
		}
		if length[i] > length[best] {
			best = i
		}
	}
	var keep [maxCells]bool
	for i := best; i >= 0; i = prev[i] {
		keep[i] = true
	}
	var out []int
	for i := range k {
		if !keep[i] {
			out = append(out, i)
		}
	}
	return out
}

func (g *puzzleGeom) linearConflictTiles(t *[maxCells]uint8) int {
	h := g.manhattanTiles(t)
	for _, c := range g.conflicts(t) {
		h += 2 * len(c.tiles)
	}
	return h
}

// explainLinearConflict gives each tile's Manhattan distance, then one term
// per line in conflict, "row 1: tile 3 steps aside": 2.
func (g *puzzleGeom) explainLinearConflict(t *[maxCells]uint8) []stepper.Term {
	terms := g.explainManhattan(t)
	for _, c := range g.conflicts(t) {
		names := make([]string, len(c.tiles))
		for i, tile := range c.tiles {
			names[i] = strconv.Itoa(tile)
		}
		word, verb := "tile", "steps"
		if len(names) > 1 {
			word, verb = "tiles", "step"
		}
		label := fmt.Sprintf("%s: %s %s %s aside", c.label, word, strings.Join(names, ", "), verb)
		terms = append(terms, stepper.Term{Label: label, Value: float64(2 * len(c.tiles))})
	}
	return terms
}
