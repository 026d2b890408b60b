package export

import (
	"encoding/json"
	"testing"
)

// TestReplayDataSize: the replay's data grows with the nodes, the steps and
// the mods, never with steps · nodes: at most 55 bytes of
// JSON per node, step and mod (narration and the embedded trace aside),
// for searches whose paths are deep (rbfs, ids), whose mods are many
// (rbfs's forgotten subtrees) and whose iterations repeat the tree
// (idastar).
func TestReplayDataSize(t *testing.T) {
	for _, opts := range []string{"astar h=manhattan", "rbfs h=manhattan", "idastar h=manhattan", "ids", "bibfs", "beam width=3"} {
		t.Run(opts, func(t *testing.T) {
			s := newSearch(t, bigProblem, opts)
			sess, err := newSession(s, bigSteps)
			if err != nil {
				t.Fatal(err)
			}
			d := replayData{Goal: -1}
			steps, err := buildReplay(sess, &d)
			if err != nil {
				t.Fatal(err)
			}
			d.Narration = nil
			b, err := json.Marshal(d)
			if err != nil {
				t.Fatal(err)
			}
			units := len(d.State) + steps + len(d.Mods)
			t.Logf("%d nodes, %d steps, %d mods: %d bytes, %.1f a unit", len(d.State), steps, len(d.Mods), len(b), float64(len(b))/float64(units))
			if len(b) > 55*units { // 39-47 today
				t.Errorf("%d bytes for %d nodes, %d steps and %d mods: more than 55 bytes each", len(b), len(d.State), steps, len(d.Mods))
			}
		})
	}
}
