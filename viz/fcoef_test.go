package viz

import (
	"math"
	"testing"
)

// TestFCoefMatchesEngine: the f a client computes from the family
// description's coefficients, g·G + h·H + depth·Depth, is the engine's f of every node,
// for the priority searches, beam search in each of its forms and the
// bidirectional ones.
func TestFCoefMatchesEngine(t *testing.T) {
	for _, tc := range []struct{ problem, options string }{
		{"graph romania", "astar"},
		{"graph romania", "greedy"},
		{"graph romania", "ucs"},
		{"puzzle 867254301 goal=123456780", "wastar w=1.5"},
		{"graph romania", "beam width=2"},
		{"graph romania", "beam width=2 f=h local=true"},
		{"puzzle 867254301 goal=123456780", "beam width=4 w=2"},
		{"graph romania", "biastar"},
		{"graph romania", "biucs"},
		{"puzzle 283164705 goal=123804765", "bibfs"},
	} {
		s, o := search(t, tc.problem, tc.options, 30)
		g, h, d := DescribeFamily(o).Coefficients()
		for _, n := range s.Snapshot().Tree {
			if f := g*n.G + h*n.H + d*float64(n.Depth); math.Abs(f-n.F) > 1e-9 {
				t.Fatalf("%s %s node %d: f from the coefficients (%v, %v, %v) is %v, the engine's %v", tc.problem, tc.options, n.ID, g, h, d, f, n.F)
			}
		}
	}
}
