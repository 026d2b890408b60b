package viz_test

import (
	"reflect"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
	"stepviz/viz"
)

// walkIterations is what viz.Iterations must list: IterStart read at
// every step from 0 to the furthest, an iteration starting wherever it
// changes, the last one's nodes up to NodeEnd at the furthest step.
func walkIterations(s *stepper.Search) []viz.Iteration {
	h := s.Horizon()
	its := []viz.Iteration{{Number: 1, FirstID: s.IterStart(0)}}
	for k := 1; k <= h; k++ {
		start := s.IterStart(k)
		cur := &its[len(its)-1]
		if start == cur.FirstID {
			cur.LastStep = k
			continue
		}
		cur.Nodes = start - cur.FirstID
		its = append(its, viz.Iteration{Number: cur.Number + 1, FirstID: start, FirstStep: k, LastStep: k})
	}
	last := &its[len(its)-1]
	last.Nodes = s.NodeEnd(h) - last.FirstID
	return its
}

// TestIterationsFromTable checks viz.Iterations against the step walk,
// the cursor at the furthest step and behind it (the list is the
// furthest step's either way).
func TestIterationsFromTable(t *testing.T) {
	for _, tc := range []struct {
		problem, options string
		forward, back    int
	}{
		{"graph romania", "ids", 40, 40},
		{"graph romania", "ids", 40, 7},
		{"graph romania", "idastar h=sld", 30, 3},
		{"graph romania", "rbfs h=sld", 30, 10},
		{"graph romania", "astar h=sld", 10, 4},
		{"puzzle 867254301 goal=123456780", "ids parent=keep", 4000, 1000},
		{"puzzle 867254301 goal=123456780", "idastar h=misplaced", 4000, 3999},
	} {
		s, err := problems.New(tc.problem, tc.options)
		if err != nil {
			t.Fatal(err)
		}
		s.Seek(tc.forward)
		s.Seek(tc.back)
		got, want := viz.Iterations(s), walkIterations(s)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s %s at step %d of %d:\n got  %+v\n want %+v", tc.problem, tc.options, s.StepCount(), s.Horizon(), got, want)
		}
		if a := s.Options().Algorithm; a == stepper.IDS && len(got) < 3 {
			t.Errorf("%s %s: %d iterations, the case tests too little", tc.problem, tc.options, len(got))
		}
	}
}
