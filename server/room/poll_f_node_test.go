package room

import (
	"testing"

	persist "stepviz/store"
)

// TestFPollNodeMissing: an f question about a node the tree does not hold
// yet says how many nodes it has and their numbers, in words a lecturer
// reads ("1 node, #0", never "1 nodes").
func TestFPollNodeMissing(t *testing.T) {
	for _, tc := range []struct {
		steps int
		want  string
	}{
		{0, "node 7 does not exist at step 0 (the tree has 1 node, #0); pick a node of the tree"},
		{1, "node 7 does not exist at step 1 (the tree has 4 nodes, #0 to #3); pick a node of the tree"},
	} {
		s := newSearch(t, "graph romania", "astar")
		if tc.steps > 0 {
			s.Run(tc.steps)
		}
		var p persist.Poll
		_, err := pollAt(s, Cmd{Kind: PollF, Node: 7}, &p)
		if err == nil || err.Error() != "server: "+tc.want {
			t.Errorf("after %d steps: %v, want %q", tc.steps, err, tc.want)
		}
	}
}
