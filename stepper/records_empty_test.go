package stepper_test

import (
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// TestRecordsOfNoNodes: asking for the records of an empty range at the
// end of the tree (a step that made no node, as the lecture server does
// after each step) returns none, at every step of searches that reopen,
// re-parent and run out of nodes.
func TestRecordsOfNoNodes(t *testing.T) {
	for _, tc := range []struct{ problem, options string }{
		{"puzzle 283164705 goal=123804765", "astar h=manhattan"},
		{"puzzle 867254301 goal=123456780", "bfs maxnodes=3000"},
		{"graph romania", "rbfs"},
		{"graph romania", "idastar"},
		{"grid S.#/..#/#.G moves=8", "astar"},
	} {
		inst, err := problems.Parse(tc.problem, nil)
		if err != nil {
			t.Fatal(err)
		}
		o, err := stepper.ParseOptions(tc.options)
		if err != nil {
			t.Fatal(err)
		}
		s, err := stepper.NewSearch(inst, o)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < 200 && !s.Status().Done(); k++ {
			end := s.NodeEnd(s.StepCount())
			if got := s.Records(end, end, nil); len(got) != 0 {
				t.Fatalf("%s / %s step %d: %d records of [%d, %d)", tc.problem, tc.options, k, len(got), end, end)
			}
			s.Run(1)
		}
	}
}
