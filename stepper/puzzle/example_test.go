package puzzle_test

import (
	"fmt"
	"strings"

	"stepviz/stepper"
	"stepviz/stepper/problems"
	"stepviz/stepper/puzzle"
)

// Solve the textbook's 8-puzzle with A* and Manhattan distance, then list
// the moves of the blank.
func ExamplePuzzle() {
	inst, err := problems.Parse("puzzle 283164705 goal=123804765", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := stepper.NewSearch(inst, stepper.Options{Algorithm: stepper.AStar, Heuristic: "manhattan"})
	if err != nil {
		fmt.Println(err)
		return
	}
	s.Run(0)
	for _, id := range s.Path() {
		n := s.Node(id)
		fmt.Printf("%-5s %s g=%s h=%s\n", n.Action, n.State, stepper.FormatNumber(n.G), stepper.FormatNumber(n.H))
	}
	fmt.Println(s.Status(), "in", s.Counters().Expanded, "expansions")
	// Output:
	//       283164705 g=0 h=5
	// up    283104765 g=1 h=4
	// up    203184765 g=2 h=3
	// left  023184765 g=3 h=2
	// down  123084765 g=4 h=1
	// right 123804765 g=5 h=0
	// solved in 5 expansions
}

// The board sizes and the ways of writing tiles.
func ExampleParseTiles() {
	for _, s := range []string{"283164705", "1 2 3 4 5 6 7 8 0", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0", "28316470"} {
		tiles, err := puzzle.ParseTiles(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(len(tiles), "tiles:", puzzle.FormatTiles(tiles))
	}
	// Output:
	// 9 tiles: 283164705
	// 9 tiles: 123456780
	// 16 tiles: 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0
	// stepper: tiles "28316470": 8 digits: the digit shorthand is for 3×3 boards and needs 9 digits (0 for the blank and 1-8, each once); for a 4×4 or 5×5 board separate the tiles with commas, such as 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0
}

// A start that cannot reach its goal is refused when it is parsed, with the
// inversion counts that prove it.
func ExampleParse_unsolvable() {
	_, err := problems.Parse("puzzle 1,2,3,4,5,6,7,8,9,10,11,12,13,15,14,0", nil)
	fmt.Println(strings.SplitAfter(err.Error(), ". ")[0])
	// Output:
	// stepper: puzzle 1,2,3,4,5,6,7,8,9,10,11,12,13,15,14,0 cannot reach goal 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0: the start has 1 inversion with the blank on row 4 (1+4 = 5, odd) and the goal 0 inversions with the blank on row 4 (0+4 = 4, even).
}

// The node inspector's breakdown of h: linear conflict adds two moves for
// each tile that must step out of its goal row or column.
func ExampleSearch_Explain_puzzle() {
	inst, _ := problems.Parse("puzzle 321456870", nil)
	o, _ := stepper.ParseOptions("astar h=linear-conflict")
	s, _ := stepper.NewSearch(inst, o)
	for _, t := range s.Explain(0) {
		if t.Value != 0 {
			fmt.Printf("%s: %s\n", t.Label, stepper.FormatNumber(t.Value))
		}
	}
	fmt.Println("h =", s.Node(0).H)
	// Output:
	// tile 1: 2
	// tile 3: 2
	// tile 7: 1
	// tile 8: 1
	// row 1: tiles 2, 1 step aside: 4
	// row 3: tile 7 steps aside: 2
	// h = 12
}
