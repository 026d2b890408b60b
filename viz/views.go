package viz

import (
	"stepviz/stepper/grid"
	"stepviz/stepper/puzzle"
)

// puzzleView is what viz reads of a sliding-tile puzzle (*puzzle.Puzzle).
type puzzleView interface {
	Size() int
	StartTiles() []int
	GoalTiles() []int
}

// gridView is what viz reads of a grid (*grid.Grid). CellCost is 0 for
// a wall, else the step cost multiplier.
type gridView interface {
	Width() int
	Height() int
	CellCost(x, y int) int
	Start() (x, y int)
	Goal() (x, y int)
}

// Compile-time checks that the engine's problems give what viz reads.
var (
	_ puzzleView = (*puzzle.Puzzle)(nil)
	_ gridView   = (*grid.Grid)(nil)
)
