package stepper_test

import (
	"slices"
	"testing"
)

// TestOpenHeadThroughSeeks: the open list's head, asked after every
// step, back, seek and reset as a live session asks it (so the priority
// frontier's window of first entries is kept up to date through the
// undo of steps and their redo), is the first entries of OpenOrder.
func TestOpenHeadThroughSeeks(t *testing.T) {
	cases := append(deltaCases[:len(deltaCases):len(deltaCases)],
		struct{ problem, options string }{"puzzle 867254301 goal=123456780", "astar h=manhattan tie=high-g"},
		struct{ problem, options string }{"puzzle 867254301 goal=123456780", "greedy h=manhattan tie=lifo"},
		struct{ problem, options string }{"graph romania", "astar closed=reopen"},
		struct{ problem, options string }{"puzzle 867254301 goal=123456780", "astar h=manhattan"},
	)
	long := 0 // heads checked with more than 64 open nodes behind them
	for _, tc := range cases {
		s := newDeltaSearch(t, tc.problem, tc.options)
		check := func(what string, n int) {
			t.Helper()
			order := s.OpenOrder(nil)
			if len(order) > 64 {
				long++
			}
			if got := s.OpenHead(n, nil); !slices.Equal(got, order[:min(n, len(order))]) {
				t.Fatalf("%s %s, %s (step %d): OpenHead(%d) %v, OpenOrder %v", tc.problem, tc.options, what, s.StepCount(), n, got, order[:min(n+2, len(order))])
			}
		}
		forward := func(steps int) {
			t.Helper()
			for range steps {
				if _, ok := s.Step(); !ok {
					return
				}
				check("a step", 64)
			}
		}
		check("the start", 64)
		forward(400)
		end := s.StepCount()
		for _, k := range []int{end - 1, end - 2, end / 2, end * 3 / 4, 2, 0, max(0, end-10)} {
			s.Seek(k)
			check("a seek", 64)
			forward(3)
		}
		check("a short head", 3)
		forward(5)
		check("a long head", 256)
		s.Reset()
		check("a reset", 64)
		forward(40)
	}
	if long < 500 {
		t.Errorf("only %d heads checked with more than 64 open nodes", long)
	}
}
