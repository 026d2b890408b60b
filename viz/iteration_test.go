package viz

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// TestLaterIterationPictures: an iterative search's tree after its first
// iteration has ids from IterStart, not 0; the problem pictures find the
// selected node and its path by id, and the tree draws that iteration only.
func TestLaterIterationPictures(t *testing.T) {
	tests := []struct {
		problem, search string
		want            []string // in the problem picture
	}{
		{"puzzle 283164705 goal=123804765", "ids", []string{"reached from the start in 2 moves"}},
		{"grid S...#.../.##.#.#./....#.#./.#....#G", "ids", []string{`data-testid="selected"`, `class="selpath"`}},
		{"graph romania", "idastar h=sld", []string{`data-testid="selected"`, `data-testid="selected-path"`}},
	}
	for _, tt := range tests {
		t.Run(tt.problem+" "+tt.search, func(t *testing.T) {
			s, err := problems.New(tt.problem, tt.search)
			if err != nil {
				t.Fatal(err)
			}
			// step into the third iteration, to a node at depth 2
			var ev stepper.Event
			for {
				e, ok := s.Step()
				if !ok {
					t.Fatalf("the search ended at step %d before a depth-2 node of iteration 3", s.StepCount())
				}
				if e.Deepening.Iteration >= 3 && e.Expanded.Depth == 2 {
					ev = e
					break
				}
			}
			snap := s.Snapshot()
			if snap.IterStart == 0 || snap.Tree[0].ID != snap.IterStart {
				t.Fatalf("iteration %d's tree begins at id %d, IterStart %d: want a later iteration's ids", ev.Deepening.Iteration, snap.Tree[0].ID, snap.IterStart)
			}
			var b bytes.Buffer
			if err := ProblemSVG(&b, s.Instance(), snap, ev.Expanded.ID); err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(b.String(), w) {
					t.Errorf("problem picture of node %d lacks %s", ev.Expanded.ID, w)
				}
			}
			if got := PathTo(snap.Tree, ev.Expanded.ID); len(got) != 3 || got[0] != snap.IterStart || got[2] != ev.Expanded.ID {
				t.Errorf("PathTo(%d) = %v, want 3 ids from the iteration's root %d", ev.Expanded.ID, got, snap.IterStart)
			}
			b.Reset()
			if err := TreeSVG(&b, s.Instance(), snap, TreeOptions{}); err != nil {
				t.Fatal(err)
			}
			if want := fmt.Sprintf("%d nodes", len(snap.Tree)); !strings.Contains(b.String(), want) {
				t.Errorf("tree picture does not say %q", want)
			}
		})
	}
}
