package kernel

import (
	"reflect"
	"strconv"
	"testing"

	"stepviz/stepper"
)

// TestBoundedDepthFirst steps depth-first searches of a notebook past
// boundedAfter nodes: each goes on in the bounded mode holding a few
// hundred nodes, and back, step and run again show at every step what the
// journaled search shows there (counters, status, open list, the
// iteration and the node selected). Small searches keep their journal.
func TestBoundedDepthFirst(t *testing.T) {
	for _, tc := range []struct {
		problem, search string
		forward         int
		back            []int
	}{
		{"puzzle 286703145", "ids parent=keep", 140_000, []int{1, 5000, 60_000, 139_000}},
		{"puzzle 867254301 goal=123456780", "idastar h=misplaced", 140_000, []int{3, 70_000}},
		{"puzzle 645312870", "rbfs h=manhattan", 140_000, []int{2, 100_000}},
	} {
		t.Run(tc.search, func(t *testing.T) {
			s := NewSession(Config{})
			run(t, s, tc.problem, "a = search "+tc.search, "step 10")
			if s.Search("a").Options().Checkpoint {
				t.Fatalf("a search of 10 steps left its journal")
			}
			run(t, s, "run 140000")
			sr := s.Search("a")
			if !sr.Options().Checkpoint || sr.StepCount() != tc.forward+10 {
				t.Fatalf("after %d steps: bounded %v at step %d", tc.forward+10, sr.Options().Checkpoint, sr.StepCount())
			}
			if held := sr.NodesHeld(); held > 20_000 {
				t.Fatalf("the bounded search holds %d nodes", held)
			}
			o, _ := stepper.ParseOptions(tc.search)
			want, err := stepper.NewSearch(sr.Instance(), o)
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range tc.back {
				run(t, s, "back "+itoa(n))
				sr = s.Search("a")
				k := want.Seek(sr.StepCount())
				sameShown(t, tc.search, want, sr)
				run(t, s, "step")
				want.Seek(k + 1)
				sameShown(t, tc.search, want, s.Search("a"))
				if n > 1 {
					run(t, s, "run "+itoa(n-1))
				}
			}
		})
	}
}

// sameShown fails unless got shows what want, the journaled search, shows
// at the same step.
func sameShown(t *testing.T, what string, want, got *stepper.Search) {
	t.Helper()
	a, b := want.Snapshot(), got.Snapshot()
	if a.Step != b.Step || a.Status != b.Status || a.Counters != b.Counters || !reflect.DeepEqual(a.Open, b.Open) ||
		!reflect.DeepEqual(a.Deepening, b.Deepening) || !reflect.DeepEqual(a.Path, b.Path) {
		t.Fatalf("%s at step %d: bounded %s %+v open %d, journaled (step %d) %s %+v open %d", what, b.Step, b.Status, b.Counters, len(b.Open), a.Step, a.Status, a.Counters, len(a.Open))
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
