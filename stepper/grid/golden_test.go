package grid

import (
	"fmt"
	"strings"
	"testing"

	"stepviz/stepper"
)

// The layout of the classic 10/14 grid tutorial: a wall of three cells
// between the start and the goal, with Manhattan distance × 10 as h.
//
//	   0123456
//	0  .......
//	1  ...#...
//	2  .S.#.G.
//	3  ...#...
//	4  .......
const lesterGrid = "grid ......./...#.../.S.#.G./...#.../....... cost=10-14"

// gridChildLine writes one child as "action state g/h/f fate".
func gridChildLine(c stepper.Child) string {
	return fmt.Sprintf("%s %s %s/%s/%s %s", c.Action, c.State, stepper.FormatNumber(c.G), stepper.FormatNumber(c.H), stepper.FormatNumber(c.F), c.Fate)
}

// The first three steps, worked out by hand: every child's g, h, f and
// fate, the tie between the two f = 54 cells, and the diagonal below the
// wall that corner cutting would allow.
func TestGridGoldenLesterSteps(t *testing.T) {
	g := gridMust(t, lesterGrid)
	o, err := stepper.ParseOptions("astar h=manhattan tie=lifo")
	if err != nil {
		t.Fatal(err)
	}
	s, err := stepper.NewSearch(g, o)
	if err != nil {
		t.Fatal(err)
	}
	if w := s.Warnings(); len(w) != 1 || !strings.Contains(w[0], "manhattan") {
		t.Errorf("Manhattan with 8 moves: warnings %q, want one naming manhattan", w)
	}
	steps := []struct {
		expanded string
		ties     int
		children []string
	}{
		{"1,2 g0 h40 f40", 0, []string{
			"N 1,1 10/50/60 added",
			"E 2,2 10/30/40 added",
			"S 1,3 10/50/60 added",
			"W 0,2 10/50/60 added",
			"NE 2,1 14/40/54 added",
			"SE 2,3 14/40/54 added",
			"SW 0,3 14/60/74 added",
			"NW 0,1 14/60/74 added",
		}},
		// E, NE and SE are walls; going back through 2,2 is never cheaper
		{"2,2 g10 h30 f40", 0, []string{
			"N 2,1 20/40/60 ignored-open",
			"S 2,3 20/40/60 ignored-open",
			"W 1,2 20/40/60 ignored-closed",
			"SW 1,3 24/50/74 ignored-open",
			"NW 1,1 24/50/74 ignored-open",
		}},
		// 2,1 and 2,3 tie at 54; LIFO takes 2,3, the one added last. SE to
		// 3,4 would cut the corner of the wall at 3,3, so it is not a move.
		{"2,3 g14 h40 f54", 1, []string{
			"N 2,2 24/30/54 ignored-closed",
			"S 2,4 24/50/74 added",
			"W 1,3 24/50/74 ignored-open",
			"SW 1,4 28/60/88 added",
			"NW 1,2 28/40/68 ignored-closed",
		}},
	}
	for i, want := range steps {
		ev, ok := s.Step()
		if !ok {
			t.Fatalf("step %d: search ended", i+1)
		}
		x := ev.Expanded
		if got := fmt.Sprintf("%s g%s h%s f%s", x.State, stepper.FormatNumber(x.G), stepper.FormatNumber(x.H), stepper.FormatNumber(x.F)); got != want.expanded {
			t.Errorf("step %d expanded %s, want %s", i+1, got, want.expanded)
		}
		if ev.TieCount != want.ties {
			t.Errorf("step %d: %d ties (%s), want %d", i+1, ev.TieCount, ev.TieReason, want.ties)
		}
		var got []string
		for _, c := range ev.Children {
			got = append(got, gridChildLine(c))
		}
		if strings.Join(got, "\n") != strings.Join(want.children, "\n") {
			t.Errorf("step %d children:\n%s\nwant:\n%s", i+1, strings.Join(got, "\n"), strings.Join(want.children, "\n"))
		}
	}
	// With FIFO the other f = 54 cell, 2,1 (added first), wins the tie.
	o.Tie = stepper.TieFIFO
	s, _ = stepper.NewSearch(g, o)
	s.Seek(2)
	if ev, _ := s.Step(); ev.Expanded.State.String() != "2,1" || ev.TieCount != 1 {
		t.Errorf("FIFO step 3 expanded %s with %d ties, want 2,1 with 1", ev.Expanded.State, ev.TieCount)
	}
	// The optimum goes under the wall without cutting its corners:
	// 1,2 SE 2,3 S 2,4 E 3,4 E 4,4 NE 5,3 N 5,2 = 14+10+10+10+14+10 = 68
	// (the diagonals 2,3→3,4 and 3,4→4,3 would cut the wall at 3,3).
	for _, algo := range []string{"ucs", "astar h=octile", "astar h=manhattan"} {
		if got := gridSolve(t, g, algo).Cost(); got != 68 {
			t.Errorf("%s: cost %v, want 68", algo, got)
		}
	}
}
