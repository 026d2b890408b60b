package puzzle

import "testing"

// TestIDSFastPathMatchesSteps runs linear IDS to its end by the fast path
// and step by step and compares status, cost, step count, every counter
// (the last iteration's nodes and closed nodes included), the one-by-one
// count, the path and the iteration's depth limit; a node cap the stepped
// search reaches makes the fast path give up and step instead.
func TestIDSFastPathMatchesSteps(t *testing.T) {
	for _, tt := range []struct {
		problem, search string
		fast            bool // the fast path is taken
	}{
		{"puzzle 283164705 goal=123804765", "ids parent=keep", true},
		{"puzzle 286703145", "ids parent=skip", true},
		{"puzzle 123457860", "ids order=reverse parent=keep", true},
		{"puzzle 123456708", "ids parent=keep", true},
		{"puzzle 283164705 goal=123804765", "ids order=up,left,right,down parent=skip", true},
		{"puzzle 867254301 goal=123456780", "ids depth=6 parent=keep", true}, // ends in cutoff
		{"puzzle 5,1,2,3,9,6,7,4,13,10,11,8,0,14,15,12", "ids parent=skip", true},
		{"puzzle 283164705 goal=123804765", "ids maxnodes=12 parent=keep", false},
		{"puzzle 283164705 goal=123804765", "ids maxnodes=13 parent=keep", false},
		{"puzzle 283164705 goal=123804765", "ids maxnodes=30 parent=keep", true},
	} {
		what := tt.problem + " / " + tt.search
		t.Run(what, func(t *testing.T) {
			fast, slow := newLinear(t, tt.problem, tt.search), newLinear(t, tt.problem, tt.search)
			fast.Run(0)
			for !slow.Status().Done() {
				slow.Run(1)
			}
			// the fast path keeps only the solution path (or the root);
			// stepping keeps every child on the stack as well
			if took := fast.NodeCount() < slow.NodeCount(); took != tt.fast {
				t.Errorf("%s: fast path taken %v, want %v", what, took, tt.fast)
			}
			if a, b := fast.Counters(), slow.Counters(); a != b || fast.Status() != slow.Status() || fast.Cost() != slow.Cost() || fast.StepCount() != slow.StepCount() {
				t.Errorf("%s: fast %s cost %v %+v, stepped %s cost %v %+v", what, fast.Status(), fast.Cost(), a, slow.Status(), slow.Cost(), b)
			}
			fo, _ := fast.GeneratedOneByOne()
			so, _ := slow.GeneratedOneByOne()
			if fo != so {
				t.Errorf("%s: one by one: fast %d, stepped %d", what, fo, so)
			}
			if !equalStates(pathStates(fast), pathStates(slow)) || !equalStates(fast.PathActions(), slow.PathActions()) {
				t.Errorf("%s: fast path %v %v, stepped %v %v", what, pathStates(fast), fast.PathActions(), pathStates(slow), slow.PathActions())
			}
			if a, b := fast.Snapshot().Deepening, slow.Snapshot().Deepening; *a.Limit != *b.Limit || a.Iteration != b.Iteration {
				t.Errorf("%s: fast at iteration %d limit %d, stepped at iteration %d limit %d", what, a.Iteration, *a.Limit, b.Iteration, *b.Limit)
			}
		})
	}
}
