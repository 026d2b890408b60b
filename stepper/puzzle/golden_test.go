package puzzle

import (
	"fmt"
	"strings"
	"testing"

	"stepviz/stepper"
)

// Golden traces of A* on the textbook example 283164705 → 123804765 (Nilsson;
// the seeds' example), worked out by hand on paper, not copied from the
// engine's output. Boards are drawn row by row, _ is the blank:
//
//	start  2 8 3     goal  1 2 3
//	       1 6 4           8 _ 4
//	       7 _ 5           7 6 5
//
// Goal cells (row, column from 0): 1 (0,0), 2 (0,1), 3 (0,2), 8 (1,0),
// 4 (1,2), 7 (2,0), 6 (2,1), 5 (2,2).
//
// Conventions the hand trace relies on: children are generated up, down,
// left, right (the direction the blank moves) and get ids in that order; a
// child whose state is already closed is still a node of the tree, with
// status discarded and its own id; the goal is tested when a node is
// selected (A*'s default), so the goal node is first added, then selected
// in a step of its own. The root has insertion number 0 and every child
// added to the open list the next one, so "fifo" prefers lower ids among
// the added nodes.
//
// Each trace line is
//
//	#id state g h ties[ids]: move #id state g h fate(existing); ...
//
// where ties are the open nodes that had the selected node's f.

// --- Manhattan distance ---
//
// h(start): 2 is 1 from home, 8 is 2 (down, left), 1 is 1, 6 is 1: h = 5.
//
// Step 1 expands #0 (the only open node). Blank at the bottom middle:
//
//	up    #1 2 8 3 / 1 _ 4 / 7 6 5   6 is home now: h = 1+2+1 = 4, f = 5
//	down  off the board
//	left  #2 2 8 3 / 1 6 4 / _ 7 5   7 is 1 off: h = 1+2+1+1+1 = 6, f = 7
//	right #3 2 8 3 / 1 6 4 / 7 5 _   5 is 1 off: h = 6, f = 7
//
// Step 2: #1 is the only node with f = 5. Blank in the centre:
//
//	up    #4 2 _ 3 / 1 8 4 / 7 6 5   8 is 1 off: h = 1+1+1 = 3, f = 5
//	down  #5 back to the start, closed (#0): ignored
//	left  #6 2 8 3 / _ 1 4 / 7 6 5   1 is 2 off: h = 1+2+2 = 5, f = 7
//	right #7 2 8 3 / 1 4 _ / 7 6 5   4 is 1 off: h = 1+2+1+1 = 5, f = 7
//
// Step 3: #4 alone has f = 5 (the others have 7). Blank top middle:
//
//	down  #8  back to #1, closed: ignored
//	left  #9  _ 2 3 / 1 8 4 / 7 6 5  2 home: h = 1 (8) + 1 (1) = 2, f = 5
//	right #10 2 3 _ / 1 8 4 / 7 6 5  3 off by 1: h = 1+1+1+1 = 4, f = 7
//
// Step 4: #9 (f = 5). Blank top left:
//
//	down  #11 1 2 3 / _ 8 4 / 7 6 5  only 8 is off: h = 1, f = 5
//	right #12 back to #4, closed: ignored
//
// Step 5: #11 (f = 5). Blank middle left:
//
//	up    #13 back to #9, closed: ignored
//	down  #14 1 2 3 / 7 8 4 / _ 6 5  7 and 8 each 1 off: h = 2, f = 7
//	right #15 1 2 3 / 8 _ 4 / 7 6 5  the goal: h = 0, f = 5
//
// Step 6 selects #15 (f = 5, alone) and the goal test succeeds: solved at
// cost 5 by up, up, left, down, right. No selection ever tied, so every tie
// rule gives this same trace. The rules show in the open list left behind,
// all at f = 7: #2 #3 (g 1, h 6), #6 #7 (g 2, h 5), #10 (g 3, h 4),
// #14 (g 5, h 2). fifo pops by insertion: 2 3 6 7 10 14; lifo the reverse;
// high-g the larger g first, then fifo: 14 10 6 7 2 3; low-h the smaller h
// first, then fifo: the same, since at equal f = g + h a larger g is a
// smaller h (for A* the two rules always agree).
var goldenManhattan = `
#0 283164705 g0 h5 ties[]: up #1 283104765 g1 h4 added; left #2 283164075 g1 h6 added; right #3 283164750 g1 h6 added
#1 283104765 g1 h4 ties[]: up #4 203184765 g2 h3 added; down #5 283164705 g2 h5 ignored-closed(#0); left #6 283014765 g2 h5 added; right #7 283140765 g2 h5 added
#4 203184765 g2 h3 ties[]: down #8 283104765 g3 h4 ignored-closed(#1); left #9 023184765 g3 h2 added; right #10 230184765 g3 h4 added
#9 023184765 g3 h2 ties[]: down #11 123084765 g4 h1 added; right #12 203184765 g4 h3 ignored-closed(#4)
#11 123084765 g4 h1 ties[]: up #13 023184765 g5 h2 ignored-closed(#9); down #14 123784065 g5 h2 added; right #15 123804765 g5 h0 added
#15 123804765 g5 h0 ties[]: goal
`

var goldenManhattanOpen = map[stepper.TieRule]string{
	stepper.TieFIFO:  "2 3 6 7 10 14",
	stepper.TieLIFO:  "14 10 7 6 3 2",
	stepper.TieHighG: "14 10 6 7 2 3",
	stepper.TieLowH:  "14 10 6 7 2 3",
}

// --- Misplaced tiles (blank not counted), the textbook's own h ---
//
// h(start) = 4: 2, 8, 1 and 6 are off their cells.
//
// Step 1 expands #0: up #1 (2 8 3 / 1 _ 4 / 7 6 5, 6 home: h 3, f 4),
// left #2 (7 moves off: h 5, f 6), right #3 (5 moves off: h 5, f 6).
//
// Step 2 expands #1, the only f = 4:
//
//	up    #4 2 _ 3 / 1 8 4 / 7 6 5   2, 1, 8 off: h 3, f 5
//	down  #5 the start, closed: ignored
//	left  #6 2 8 3 / _ 1 4 / 7 6 5   2, 8, 1 off: h 3, f 5
//	right #7 2 8 3 / 1 4 _ / 7 6 5   2, 8, 1, 4 off: h 4, f 6
//
// Step 3: #4 and #6 tie at f 5 with the same g 2 and h 3. fifo, high-g and
// low-h (equal g and h leave it to insertion order) take #4; lifo takes #6.
//
// fifo, step 3 expands #4: down #8 is #1 again (ignored); left #9
// _ 2 3 / 1 8 4 / 7 6 5 (1 and 8 off: h 2, f 5); right #10 2 3 _ / 1 8 4 /
// 7 6 5 (2, 3, 1, 8 off: h 4, f 7).
// Step 4: #6 (g 2, h 3) and #9 (g 3, h 2) tie at f 5; fifo takes #6, the
// older: up #11 _ 8 3 / 2 1 4 / 7 6 5 (8, 2, 1 off: h 3, f 6); down #12
// 2 8 3 / 7 1 4 / _ 6 5 (2, 8, 7, 1 off: h 4, f 7); right #13 is #1 again.
// Step 5: #9, alone at f 5: down #14 1 2 3 / _ 8 4 / 7 6 5 (h 1, f 5);
// right #15 is #4 again.
// Step 6: #14: up #16 is #9 again; down #17 1 2 3 / 7 8 4 / _ 6 5 (h 2,
// f 7); right #18 the goal (f 5).
// Step 7 selects #18: solved, cost 5.
var goldenMisplacedFIFO = `
#0 283164705 g0 h4 ties[]: up #1 283104765 g1 h3 added; left #2 283164075 g1 h5 added; right #3 283164750 g1 h5 added
#1 283104765 g1 h3 ties[]: up #4 203184765 g2 h3 added; down #5 283164705 g2 h4 ignored-closed(#0); left #6 283014765 g2 h3 added; right #7 283140765 g2 h4 added
#4 203184765 g2 h3 ties[6]: down #8 283104765 g3 h3 ignored-closed(#1); left #9 023184765 g3 h2 added; right #10 230184765 g3 h4 added
#6 283014765 g2 h3 ties[9]: up #11 083214765 g3 h3 added; down #12 283714065 g3 h4 added; right #13 283104765 g3 h3 ignored-closed(#1)
#9 023184765 g3 h2 ties[]: down #14 123084765 g4 h1 added; right #15 203184765 g4 h3 ignored-closed(#4)
#14 123084765 g4 h1 ties[]: up #16 023184765 g5 h2 ignored-closed(#9); down #17 123784065 g5 h2 added; right #18 123804765 g5 h0 added
#18 123804765 g5 h0 ties[]: goal
`

// high-g and low-h: steps 1-3 as fifo. Step 4: #6 (g 2, h 3) and #9 (g 3,
// h 2) tie at f 5; the larger g, and the smaller h, is #9: down #11
// 1 2 3 / _ 8 4 / 7 6 5 (h 1, f 5); right #12 is #4 again.
// Step 5: #6 (g 2) and #11 (g 4, h 1) tie at f 5: #11 wins: up #13 is #9
// again; down #14 1 2 3 / 7 8 4 / _ 6 5 (h 2); right #15 the goal (f 5).
// Step 6: #6 (g 2, h 3) and the goal #15 (g 5, h 0) tie: #15 wins, solved.
// The deeper-first rules save #6's expansion and three nodes.
var goldenMisplacedDeep = `
#0 283164705 g0 h4 ties[]: up #1 283104765 g1 h3 added; left #2 283164075 g1 h5 added; right #3 283164750 g1 h5 added
#1 283104765 g1 h3 ties[]: up #4 203184765 g2 h3 added; down #5 283164705 g2 h4 ignored-closed(#0); left #6 283014765 g2 h3 added; right #7 283140765 g2 h4 added
#4 203184765 g2 h3 ties[6]: down #8 283104765 g3 h3 ignored-closed(#1); left #9 023184765 g3 h2 added; right #10 230184765 g3 h4 added
#9 023184765 g3 h2 ties[6]: down #11 123084765 g4 h1 added; right #12 203184765 g4 h3 ignored-closed(#4)
#11 123084765 g4 h1 ties[6]: up #13 023184765 g5 h2 ignored-closed(#9); down #14 123784065 g5 h2 added; right #15 123804765 g5 h0 added
#15 123804765 g5 h0 ties[6]: goal
`

// lifo: steps 1-2 as fifo. Step 3: #4 and #6 tie; #6, inserted last, wins:
// up #8 _ 8 3 / 2 1 4 / 7 6 5 (h 3, f 6); down #9 2 8 3 / 7 1 4 / _ 6 5
// (h 4, f 7); right #10 is #1 again.
// Step 4: #4 is now alone at f 5: down #11 is #1 again; left #12
// _ 2 3 / 1 8 4 / 7 6 5 (h 2, f 5); right #13 2 3 _ / 1 8 4 / 7 6 5 (h 4).
// Step 5: #12 alone at f 5: down #14 1 2 3 / _ 8 4 / 7 6 5 (h 1); right #15
// is #4 again. Step 6: #14: up #16 is #12 again; down #17 (h 2, f 7); right
// #18 the goal. Step 7 selects #18: solved.
var goldenMisplacedLIFO = `
#0 283164705 g0 h4 ties[]: up #1 283104765 g1 h3 added; left #2 283164075 g1 h5 added; right #3 283164750 g1 h5 added
#1 283104765 g1 h3 ties[]: up #4 203184765 g2 h3 added; down #5 283164705 g2 h4 ignored-closed(#0); left #6 283014765 g2 h3 added; right #7 283140765 g2 h4 added
#6 283014765 g2 h3 ties[4]: up #8 083214765 g3 h3 added; down #9 283714065 g3 h4 added; right #10 283104765 g3 h3 ignored-closed(#1)
#4 203184765 g2 h3 ties[]: down #11 283104765 g3 h3 ignored-closed(#1); left #12 023184765 g3 h2 added; right #13 230184765 g3 h4 added
#12 023184765 g3 h2 ties[]: down #14 123084765 g4 h1 added; right #15 203184765 g4 h3 ignored-closed(#4)
#14 123084765 g4 h1 ties[]: up #16 023184765 g5 h2 ignored-closed(#12); down #17 123784065 g5 h2 added; right #18 123804765 g5 h0 added
#18 123804765 g5 h0 ties[]: goal
`

// goldenLine writes one event as the hand traces above do.
func goldenLine(ev stepper.Event) string {
	var b strings.Builder
	x := ev.Expanded
	fmt.Fprintf(&b, "#%d %s g%s h%s ties%v:", x.ID, x.State, stepper.FormatNumber(x.G), stepper.FormatNumber(x.H), ev.Ties)
	if x.Status == stepper.NodeGoal {
		b.WriteString(" goal")
	}
	for i, c := range ev.Children {
		if i > 0 {
			b.WriteString(";")
		}
		fmt.Fprintf(&b, " %s #%d %s g%s h%s %s", c.Action, c.ID, c.State, stepper.FormatNumber(c.G), stepper.FormatNumber(c.H), c.Fate)
		if c.Fate == stepper.FateClosed || c.Fate == stepper.FateOpen {
			fmt.Fprintf(&b, "(#%d)", c.ExistingID)
		}
	}
	return b.String()
}

func TestPuzzleGoldenTraces(t *testing.T) {
	p := mustPuzzle(t, "puzzle 283164705 goal=123804765")
	tests := []struct {
		h     string
		tie   stepper.TieRule
		trace string
		path  string // the moves of the solution
	}{
		{"manhattan", stepper.TieFIFO, goldenManhattan, "up up left down right"},
		{"manhattan", stepper.TieLIFO, goldenManhattan, "up up left down right"},
		{"manhattan", stepper.TieHighG, goldenManhattan, "up up left down right"},
		{"manhattan", stepper.TieLowH, goldenManhattan, "up up left down right"},
		{"misplaced", stepper.TieFIFO, goldenMisplacedFIFO, "up up left down right"},
		{"misplaced", stepper.TieLIFO, goldenMisplacedLIFO, "up up left down right"},
		{"misplaced", stepper.TieHighG, goldenMisplacedDeep, "up up left down right"},
		{"misplaced", stepper.TieLowH, goldenMisplacedDeep, "up up left down right"},
	}
	for _, tt := range tests {
		name := fmt.Sprintf("astar h=%s tie=%s", tt.h, tt.tie)
		s := mustSearch(t, p, name)
		var got []string
		for {
			ev, ok := s.Step()
			if !ok {
				break
			}
			got = append(got, goldenLine(ev))
			if ev.TieCount != len(ev.Ties) {
				t.Errorf("%s step %d: TieCount %d, Ties %v", name, ev.Step, ev.TieCount, ev.Ties)
			}
			if len(ev.Ties) > 0 && !strings.Contains(ev.TieReason.String(), "tie rule "+string(tt.tie)) {
				t.Errorf("%s step %d: TieReason %q does not name the rule", name, ev.Step, ev.TieReason)
			}
		}
		want := strings.Split(strings.TrimSpace(tt.trace), "\n")
		for i := range max(len(got), len(want)) {
			g, w := "(none)", "(none)"
			if i < len(got) {
				g = got[i]
			}
			if i < len(want) {
				w = want[i]
			}
			if g != w {
				t.Errorf("%s, step %d:\n got %s\nwant %s", name, i+1, g, w)
			}
		}
		if s.Status() != stepper.Solved || s.Cost() != 5 {
			t.Errorf("%s: %s at cost %v, want solved at 5", name, s.Status(), s.Cost())
		}
		var moves []string
		for _, id := range s.Path()[1:] {
			moves = append(moves, s.Node(id).Action)
		}
		if got := strings.Join(moves, " "); got != tt.path {
			t.Errorf("%s: path %s, want %s", name, got, tt.path)
		}
		if tt.h == "manhattan" {
			var open []string
			for _, o := range s.Snapshot().Open {
				open = append(open, fmt.Sprint(o.ID))
			}
			if got := strings.Join(open, " "); got != goldenManhattanOpen[tt.tie] {
				t.Errorf("%s: open list left %s, want %s", name, got, goldenManhattanOpen[tt.tie])
			}
		}
	}
}
