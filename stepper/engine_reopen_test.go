package stepper_test

import (
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/graph"
)

// Regression tests for a bug the graph tests found: a node reopened by closed=reopen keeps the Order of its earlier
// expansion while it was open again, although NodeInfo.Order is documented
// as "the 1-based expansion step of a closed node, 0 otherwise", and undo
// did not restore it, so a snapshot depended on whether the search got to
// its step forwards or by Seek. Fixed: reopening clears order and the
// journal (mod) keeps the old one.

// TestReopenedNodeOrderIsClearedAndRestored: on inconsistentGraph (helpers_ext_test.go)
// A* with closed=reopen expands C at step 3 and reopens it at step 4 (from
// B, g 4 → 3), then expands it again at step 5.
func TestReopenedNodeOrderIsClearedAndRestored(t *testing.T) {
	g, err := graph.ParseText("", inconsistentGraph, nil)
	if err != nil {
		t.Fatal(err)
	}
	o, _ := stepper.ParseOptions("astar h=table closed=reopen")
	s, err := stepper.NewSearch(g, o)
	if err != nil {
		t.Fatal(err)
	}
	s.Seek(4)
	c := s.Node(4)
	if c.State.String() != "C" || c.Status != stepper.NodeOpen {
		t.Fatalf("node 4 is %s %s, want C open (reopened)", c.State, c.Status)
	}
	if c.Order != 0 {
		t.Errorf("reopened C is open with Order %d; NodeInfo.Order is 0 for a node that is not closed", c.Order)
	}
	forward := mustJSON(t, s.Snapshot())
	s.Seek(5) // C expanded again
	s.Seek(4) // undo it
	if back := mustJSON(t, s.Snapshot()); back != forward {
		t.Errorf("snapshot at step 4 differs after Seek(5), Seek(4):\n got %s\nwant %s", back, forward)
	}
}
