package stepper_test

import (
	"slices"
	"testing"
)

// TestBidiOpenHeadIsOrder: a bidirectional search's head (a walk of its
// two heaps) is the first entries of its OpenOrder (one sort of both
// open lists), after every step, back and seek, for heads of several
// lengths, with either side first on a tie and with stale entries (nodes
// superseded by a cheaper one) in the heaps.
func TestBidiOpenHeadIsOrder(t *testing.T) {
	cases := []struct{ problem, options string }{
		{"graph romania", "bibfs"},
		{"graph romania", "biucs"},
		{"graph romania", "biucs ontie=backward"},
		{"puzzle 867254301 goal=123456780", "biastar h=manhattan"},
		{"puzzle 867254301 goal=123456780", "biastar h=misplaced ontie=backward"},
		{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "biucs"},
		{"grid ......./...#.../.S.#.G./...#.../....... moves=8 cost=10-14 corners=no", "biastar h=manhattan"},
	}
	long := 0
	for _, tc := range cases {
		s := newDeltaSearch(t, tc.problem, tc.options)
		check := func(what string) {
			t.Helper()
			order := s.OpenOrder(nil)
			if len(order) > 64 {
				long++
			}
			for _, n := range []int{0, 1, 5, 64} {
				if got := s.OpenHead(n, nil); !slices.Equal(got, order[:min(n, len(order))]) {
					t.Fatalf("%s %s, %s (step %d): OpenHead(%d) %v, OpenOrder %v", tc.problem, tc.options, what, s.StepCount(), n, got, order[:min(n+2, len(order))])
				}
			}
		}
		check("the start")
		for range 300 {
			if _, ok := s.Step(); !ok {
				break
			}
			check("a step")
		}
		end := s.StepCount()
		for _, k := range []int{end - 1, end / 2, 0, max(0, end-5)} {
			s.Seek(k)
			check("a seek")
		}
	}
	if long < 200 {
		t.Errorf("only %d heads checked with more than 64 open nodes", long)
	}
}
