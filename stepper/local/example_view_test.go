package local_test

import (
	"fmt"

	"stepviz/stepper/local"
)

// The view of steepest-ascent hill climbing on an 8-queens board where it
// gets stuck: h over the steps and why it stopped.
func ExampleViewAt() {
	p, _ := local.ParseProblem("queens 8 seed=2")
	o, _ := local.ParseOptions("hillclimb")
	v, _ := local.ViewAt(p, o, 100)
	fmt.Println(v.Step, v.Status, v.HistoryText)
	fmt.Println(v.Considered, "neighbours priced")
	fmt.Println(v.Why)
	// Output:
	// 6 stuck [17 11 8 5 3 1 1]
	// 56 neighbours priced
	// on a plateau: the best neighbour's h is 1, as good, and 0 sideways moves are used up
}
