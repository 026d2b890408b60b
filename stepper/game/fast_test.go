package game

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestRunMatchesSteps: Run to the end (the recursive fast path, with and
// without Expander) reports exactly what stepping to the end does.
func TestRunMatchesSteps(t *testing.T) {
	problems := []string{fig52, "gametree [{0.5: [3,5], 0.5: [1,9]}, 4]", "tictactoe", "tictactoe X...O....", "tictactoe XO.X.....", "tictactoe XXXOO....", "connect4 4453", "nim 2,3", "nim 1,2,2"}
	searches := []string{"minimax", "alphabeta", "expectiminimax", "alphabeta order=eval", "alphabeta depth=3", "minimax depth=2", "alphabeta depth=4 order=eval", "alphabeta maxnodes=500", "minimax maxnodes=40"}
	for _, p := range problems {
		for _, o := range searches {
			g, _ := ParseProblem(p)
			opts, _ := ParseOptions(o)
			if g.Kind() == "connect4" && opts.Depth == 0 {
				continue // a tree of trillions of nodes: a depth cutoff only
			}
			fast, err := New(g, opts)
			if err != nil {
				continue
			}
			stepped, _ := New(g, opts)
			fast.Run(0)
			for stepped.Status() == Running {
				stepped.Step()
			}
			if a, b := fast.Result(), stepped.Result(); a != b {
				t.Errorf("%s / %s: Run %+v, stepping %+v", p, o, a, b)
			}
		}
	}
}

// TestEventsMarshal: every event of every search serializes (infinite
// bounds as strings).
func TestEventsMarshal(t *testing.T) {
	for _, c := range [][2]string{{fig52, "alphabeta"}, {"tictactoe X...O....", "alphabeta order=eval"}, {"gametree [{0.5: [3,5], 0.5: [1,9]}, 4]", "expectiminimax"}, {"nim 2,3", "mcts iterations=50"}} {
		_, evs := run(t, c[0], c[1])
		for _, e := range evs {
			b, err := json.Marshal(e)
			if err != nil {
				t.Fatalf("%s / %s step %d: %v", c[0], c[1], e.Step, err)
			}
			if e.Step == 1 && c[1] == "alphabeta" && !strings.Contains(string(b), `"beta":"+inf"`) {
				t.Errorf("root visit %s", b)
			}
		}
	}
}
