package problems_test

import (
	"fmt"

	"stepviz/stepper/problems"
)

// A search is stepped one expansion at a time; each event says everything
// that happened, and Seek goes back.
func ExampleNew() {
	s, err := problems.New("puzzle 283164705 goal=123804765", "astar h=manhattan")
	if err != nil {
		fmt.Println(err)
		return
	}
	ev, _ := s.Step()
	fmt.Printf("step %d: expanded %s, f %v = g %v + h %v\n", ev.Step, ev.Expanded.State, ev.Expanded.F, ev.Expanded.G, ev.Expanded.H)
	for _, c := range ev.Children {
		fmt.Printf("  %s %s f=%v (%s)\n", c.Action, c.State, c.F, c.Fate)
	}
	s.Run(0)
	fmt.Println(s.Status(), "at cost", s.Cost(), "after", s.StepCount(), "steps")
	s.Seek(1)
	fmt.Println("back at step", s.StepCount(), "with", len(s.Snapshot().Open), "open nodes")
	// Output:
	// step 1: expanded 283164705, f 5 = g 0 + h 5
	//   up 283104765 f=5 (added)
	//   left 283164075 f=7 (added)
	//   right 283164750 f=7 (added)
	// solved at cost 5 after 6 steps
	// back at step 1 with 3 open nodes
}
