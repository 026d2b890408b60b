package game_test

import (
	"fmt"

	"stepviz/stepper/game"
)

// Alpha-beta on AIMA Fig. 5.5, one node visit a step: the step that cuts
// C, and the result.
func Example() {
	g, _ := game.ParseProblem("gametree [[3,12,8],[2,4,6],[14,5,2]]")
	o, _ := game.ParseOptions("alphabeta")
	s, _ := game.New(g, o)
	for {
		ev, ok := s.Step()
		if !ok {
			break
		}
		if len(ev.Pruned) > 0 {
			fmt.Printf("step %d: %s backs %g up into C; pruned %v (%s)\n", ev.Step, ev.State, float64(ev.Value), ev.Pruned, ev.Why)
		}
	}
	r := s.Result()
	fmt.Printf("value %g, best %s, nodes %d, leaves %d, pruned %d\n", r.Value, r.Best, r.Nodes, r.Leaves, r.Pruned)
	// Output:
	// step 12: 2 backs 2 up into C; pruned [c2 c3] (β ≤ α: 2 ≤ 3)
	// value 3, best a1, nodes 11, leaves 7, pruned 2
}
