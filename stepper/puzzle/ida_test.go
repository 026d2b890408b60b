package puzzle

import (
	"testing"
)

// TestIDAStarFastPathMatchesSteps: the fast path (Run to the end) and
// stepping give the same status, cost, path states and counters, with the
// default options and Korf's successor order.
func TestIDAStarFastPathMatchesSteps(t *testing.T) {
	for _, tt := range []struct{ problem, search string }{
		{"puzzle 283164705 goal=123804765", "idastar"},
		{"puzzle 867254301", "idastar"},
		{"puzzle 867254301", "idastar order=up,left,right,down parent=keep"},
		{"puzzle 5,1,2,3,9,6,7,4,13,10,11,8,0,14,15,12", "idastar order=up,left,right,down"},
		{"puzzle 14,1,9,6,4,8,12,5,7,2,3,0,10,11,13,15 goal=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", "idastar order=up,left,right,down"},
	} {
		fast, err := newSearch(tt.problem, tt.search)
		if err != nil {
			t.Fatal(err)
		}
		fast.Run(0)
		slow, err := newSearch(tt.problem, tt.search)
		if err != nil {
			t.Fatal(err)
		}
		for !slow.Status().Done() {
			slow.Run(1)
		}
		a, b := fast.Counters(), slow.Counters()
		if a != b || fast.Status() != slow.Status() || fast.Cost() != slow.Cost() || fast.StepCount() != slow.StepCount() {
			t.Errorf("%s %s: fast %s %v %+v, stepped %s %v %+v", tt.problem, tt.search, fast.Status(), fast.Cost(), a, slow.Status(), slow.Cost(), b)
		}
		fo, _ := fast.GeneratedOneByOne()
		so, _ := slow.GeneratedOneByOne()
		if fo != so || fo > a.Generated {
			t.Errorf("%s: one by one: fast %d, stepped %d (generated %d)", tt.problem, fo, so, a.Generated)
		}
		if !equalStates(pathStates(fast), pathStates(slow)) {
			t.Errorf("%s: fast path %v, stepped %v", tt.problem, pathStates(fast), pathStates(slow))
		}
	}
}

func equalStates(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
