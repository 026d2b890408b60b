package viz

import (
	"fmt"
	"testing"

	"stepviz/stepper"
)

// TestStatusesCurrentIsTheStepsExpansion checks which node is drawn current
// (expanded last): the node the step expanded, none when the step cut its
// node off at the depth limit (the narration's "cut off, not expanded"),
// and then the cut-off node is drawn discarded.
func TestStatusesCurrentIsTheStepsExpansion(t *testing.T) {
	tests := []struct {
		options string
		step    int
		current string // "" for none
		cut     string // the node the step cut off, "" for none
	}{
		{"ids", 1, "", "Arad"},
		{"ids", 2, "Arad", ""},
		{"ids", 3, "", "Zerind"},
		{"ids", 7, "Zerind", ""},
		{"ids", 8, "", "Oradea"},
		{"dls depth=1", 1, "Arad", ""},
		{"dls depth=1", 2, "", "Zerind"},
		{"dls depth=1", 4, "", "Timisoara"},
		{"dfs depth=2", 3, "", "Lugoj"},
		{"rbfs", 2, "Sibiu", ""},
		{"rbfs", 3, "Rimnicu_Vilcea", ""}, // expanded, then its subtree forgotten: open again
		{"astar", 5, "Pitesti", ""},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s/step%d", tc.options, tc.step), func(t *testing.T) {
			s, _ := search(t, romania, tc.options, tc.step)
			snap := s.Snapshot()
			if snap.Step != tc.step {
				t.Fatalf("search at step %d, want %d", snap.Step, tc.step)
			}
			checkCurrent(t, snap, Statuses(snap), tc.current, tc.cut)
		})
	}
}

// checkCurrent asserts that the one node drawn current is the one in state
// current ("" for none), and that the node in state cut that the last step
// cut off is drawn discarded.
func checkCurrent(t *testing.T, snap stepper.Snapshot, status []Status, current, cut string) {
	t.Helper()
	var got []string
	for i, n := range snap.Tree {
		if status[i] == StatusCurrent {
			got = append(got, n.State.String())
		}
	}
	switch {
	case current == "" && len(got) != 0:
		t.Errorf("current %v, want none: the step expanded nothing", got)
	case current != "" && (len(got) != 1 || got[0] != current):
		t.Errorf("current %v, want %s", got, current)
	}
	if cut == "" {
		return
	}
	found := false
	for i, n := range snap.Tree {
		if n.State.String() == cut && n.Status == stepper.NodeCutoff {
			found = true
			if status[i] != StatusDiscarded {
				t.Errorf("cut-off %s drawn %s, want %s", cut, status[i], StatusDiscarded)
			}
		}
	}
	if !found {
		t.Errorf("no cut-off node %s in the tree", cut)
	}
}
