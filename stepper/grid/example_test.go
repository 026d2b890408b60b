package grid_test

import (
	"fmt"

	"stepviz/stepper"
	"stepviz/stepper/grid"
	"stepviz/stepper/problems"
)

// A grid problem line: S start, G goal, # wall, a digit is terrain that
// multiplies the cost of entering it. With 8 moves and no corner cutting A*
// (octile distance by default) goes round the 9.
func ExampleGrid() {
	inst, err := problems.Parse("grid S.#/.9./..G moves=8", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := stepper.NewSearch(inst, stepper.Options{Algorithm: stepper.AStar})
	if err != nil {
		fmt.Println(err)
		return
	}
	s.Run(0)
	fmt.Println(s.Options().Heuristic, s.Status(), stepper.FormatNumber(s.Cost()))
	for _, id := range s.Path() {
		n := s.Node(id)
		fmt.Printf("%s %s g=%s\n", n.State, n.Action, stepper.FormatNumber(n.G))
	}
	fmt.Println(inst.Spec())
	// Output:
	// octile solved 3.414
	// 0,0  g=0
	// 0,1 S g=1
	// 1,2 SE g=2.414
	// 2,2 E g=3.414
	// grid S.#/.9./..G moves=8 cost=unit corners=no
}

// Errors name the problem and the fix.
func ExampleParse_error() {
	_, err := problems.Parse("grid S#G start=1,0", nil)
	fmt.Println(err)
	// Output:
	// stepper: grid: start 1,0 is a wall: choose a free cell
}

// Run every row of a Moving AI scenario (the map is read from beside it)
// with A* octile and count the rows whose cost is not the published optimum.
// The data ships in the repository's testdata/ (see testdata/SOURCES.md).
func ExampleLoadScen() {
	sc, err := grid.LoadScen("../../testdata/movingai/arena.map.scen")
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := sc.Run(grid.ScenConfig{})
	if err != nil {
		fmt.Println(err)
		return
	}
	sum := grid.SummarizeScen(res)
	fmt.Printf("%d rows, %d mismatches\n", sum.Rows, sum.Mismatches)
	g, _ := sc.Grid(0, grid.ScenConfig{})
	fmt.Println(g.Spec())
	// Output:
	// 130 rows, 0 mismatches
	// grid ../../testdata/movingai/arena.map start=19,26 goal=19,29 moves=8 cost=unit corners=no
}
