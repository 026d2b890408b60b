package game_test

import (
	"fmt"

	"stepviz/stepper/game"
)

// The view of alpha-beta on AIMA Fig. 5.5 at the step that cuts C: what
// the step did, C's window and range, and the branches pruned.
func ExampleViewAt() {
	g, _ := game.ParseProblem("gametree [[3,12,8],[2,4,6],[14,5,2]]")
	o, _ := game.ParseOptions("alphabeta")
	v, _ := game.ViewAt(g, o, 12)
	fmt.Println(v.Says)
	for _, n := range v.Nodes {
		if n.State == "C" {
			fmt.Println("C", n.Text.Value, n.Text.Window, n.Text.Range)
		}
	}
	for _, c := range v.Cut {
		fmt.Println("pruned", c.Move, c.State, c.Why)
	}
	// Output:
	// back up 2 from leaf 2 into C (MIN): C's value so far 2, best move c1, [α=3, β=2]; prune c2, c3: β ≤ α: 2 ≤ 3
	// C 2 [α=3, β=2] [−∞, 2]
	// pruned c2 4 β ≤ α: 2 ≤ 3
	// pruned c3 6 β ≤ α: 2 ≤ 3
}
