package viz

import "stepviz/stepper"

// puzzleView is what viz reads of a sliding-tile puzzle (*stepper.Puzzle).
type puzzleView interface {
	Size() int
	StartTiles() []int
	GoalTiles() []int
}

// gridView is what viz reads of a grid (*stepper.Grid). CellCost is 0 for
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
	_ puzzleView = (*stepper.Puzzle)(nil)
	_ gridView   = (*stepper.Grid)(nil)
)
