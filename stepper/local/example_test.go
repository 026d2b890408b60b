package local_test

import (
	"fmt"

	"stepviz/stepper/local"
)

// Steepest-ascent hill climbing with sideways moves on a random 8-queens
// board, one move a step.
func Example() {
	p, _ := local.ParseProblem("queens 8 seed=3")
	o, _ := local.ParseOptions("hillclimb sideways=100 seed=3")
	s, _ := local.New(p, o)
	for {
		ev, ok := s.Step()
		if !ok {
			break
		}
		fmt.Printf("%d %s %s h %g → %g\n", ev.Step, ev.What, ev.Move, ev.From, ev.H)
	}
	r := s.Result()
	fmt.Println(r.Status, r.State)
	// Output:
	// 1 uphill c6→r1 h 8 → 5
	// 2 uphill c5→r1 h 5 → 4
	// 3 uphill c2→r3 h 4 → 3
	// 4 uphill c8→r2 h 3 → 2
	// 5 sideways c1→r7 h 2 → 2
	// 6 sideways c1→r3 h 2 → 2
	// 7 sideways c1→r7 h 2 → 2
	// 8 sideways c5→r7 h 2 → 2
	// 9 uphill c1→r5 h 2 → 0
	// solved 5,3,8,4,7,1,6,2
}
