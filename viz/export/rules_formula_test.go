package export

import (
	"strings"
	"testing"

	"stepviz/stepper"
)

// TestRulesFormula: a sheet's rules begin with the evaluation function of
// the search's family description, w given its value and the heuristic
// named wherever f reads h; a depth-ordered search names its queue, and a
// search without a heuristic names its key as its sheet's column does
// (depth, g), never an f it has no column for.
func TestRulesFormula(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"bfs", "FIFO queue (depth = steps from the start); among equal depth"},
		{"dfs", "LIFO stack (depth = steps from the start); among equal depth"},
		{"dls depth=2", "LIFO stack (depth = steps from the start); among equal depth"},
		{"ucs", "ordered by g, the cost of the path; among equal g"},
		{"greedy h=sld", "f = h (sld); among equal f"},
		{"astar h=sld", "f = g + h (sld); among equal f"},
		{"wastar w=1.5 h=sld", "f = g + 1.5·h (sld); among equal f"},
	} {
		t.Run(tc.line, func(t *testing.T) {
			checkRulesPrefix(t, tc.line, tc.want)
		})
	}
}

// checkRulesPrefix fails unless the rules of options line begin with want.
func checkRulesPrefix(t *testing.T, line, want string) {
	t.Helper()
	o, err := stepper.ParseOptions(line)
	if err != nil {
		t.Fatal(err)
	}
	if got := rulesText(o); !strings.HasPrefix(got, want) {
		t.Errorf("rules %q, want them to begin %q", got, want)
	}
}
