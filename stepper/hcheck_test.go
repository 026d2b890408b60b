package stepper_test

import (
	"strings"
	"testing"

	"stepviz/stepper"
)

// TestCheckHeuristic: the built-in heuristics' known properties, found by
// exploring the whole space: Manhattan is admissible and consistent on the
// 8-puzzle and on a 4-move grid; on an 8-move grid it overestimates.
func TestCheckHeuristic(t *testing.T) {
	cases := []struct {
		problem, h           string
		complete, admissible bool
		consistent           bool
		worst                string // in the text report, "" for none
	}{
		{"puzzle 283164705 goal=123804765", "manhattan", true, true, true, ""},
		{"grid S...../.##.../....G. moves=4", "manhattan", true, true, true, ""},
		{"grid S...../.##.../....G. moves=8", "manhattan", true, false, false, "0,0  h = 6 > h* = 5.414"},
		{"graph romania", "sld", true, true, true, ""},
	}
	for _, c := range cases {
		t.Run(c.problem+" "+c.h, func(t *testing.T) {
			inst, err := stepper.ParseProblem(c.problem)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := stepper.CheckHeuristic(inst, c.h, 0)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Complete != c.complete || rep.Admissible() != c.admissible || rep.Consistent() != c.consistent {
				t.Errorf("complete %v admissible %v consistent %v, want %v %v %v", rep.Complete, rep.Admissible(), rep.Consistent(), c.complete, c.admissible, c.consistent)
			}
			var b strings.Builder
			rep.WriteText(&b)
			if c.worst != "" && !strings.Contains(b.String(), c.worst) {
				t.Errorf("report\n%s\nlacks %q", b.String(), c.worst)
			}
		})
	}
}

// TestCheckHeuristicCap: past the cap the report says it saw part of the space.
func TestCheckHeuristicCap(t *testing.T) {
	inst, err := stepper.ParseProblem("puzzle 1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := stepper.CheckHeuristic(inst, "manhattan", 1000)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Complete || rep.States != 1000 || !rep.Admissible() {
		t.Errorf("complete %v states %d admissible %v, want false 1000 true", rep.Complete, rep.States, rep.Admissible())
	}
}
