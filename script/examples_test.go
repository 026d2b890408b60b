package script_test

import (
	"path/filepath"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/script"
	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// scriptPath is an example script's path in the module.
func scriptPath(t testing.TB, name string) string {
	t.Helper()
	return filepath.Join(testenv.ModuleRoot(t), "examples", "scripts", name)
}

// solve runs a problem line with a search line to its end.
func solve(t testing.TB, problem, search string) *stepper.Search {
	t.Helper()
	s, err := problems.New(problem, search)
	if err != nil {
		t.Fatalf("%s / %s: %v", problem, search, err)
	}
	if st := s.Run(0); st != stepper.Solved {
		t.Fatalf("%s / %s: status %s (err %v), want solved", problem, search, st, s.Err())
	}
	return s
}

// TestExamplesOptimal solves every example script to its known optimum
// with BFS, A* and IDA* (each example's comment states the optimum).
func TestExamplesOptimal(t *testing.T) {
	cases := []struct {
		file, params string
		cost         float64
	}{
		{"missionaries.star", "", 11},
		{"missionaries.star", "n=2", 5},
		{"jugs.star", "caps=3,5 target=4", 6},
		{"jugs.star", "caps=4,9 target=6", 8},
		{"hanoi.star", "n=3", 7},
		{"hanoi.star", "n=4", 15},
		{"vacuum.star", "", 3},
		{"vacuum.star", "squares=4", 7},
		{"queens.star", "n=6", 6},
		{"queens.star", "n=8", 8},
		{"puzzle8.star", "board=283164705 goal=123804765", 5},
		{"puzzle8.star", "board=867254301 goal=123456780", 31},
	}
	for _, c := range cases {
		for _, search := range []string{"bfs", "astar", "idastar"} {
			if c.cost > 30 && search != "astar" {
				continue // 181,440 states: A* alone keeps the test fast
			}
			line := "script " + scriptPath(t, c.file) + " " + c.params
			t.Run(c.file+" "+c.params+" "+search, func(t *testing.T) {
				s := solve(t, line, search)
				if s.Cost() != c.cost {
					t.Errorf("cost %v, want the known optimum %v", s.Cost(), c.cost)
				}
			})
		}
	}
}

var _ = script.Hash
