package kernel

import (
	"slices"
	"strings"
	"testing"
)

// TestTablesShowNoHWithoutAHeuristic: the notebook's text tables of a
// search without a heuristic (bfs, ucs, dfs, ids, bibfs, biucs) have a g
// column and no h or f column, and show node lists no h or f row; a
// search with one (astar, greedy) keeps g, h and f.
func TestTablesShowNoHWithoutAHeuristic(t *testing.T) {
	for _, tc := range []struct {
		search    string
		heuristic bool
	}{
		{"bfs", false}, {"ucs", false}, {"dfs", false}, {"ids", false}, {"bibfs", false}, {"biucs", false},
		{"astar", true}, {"greedy", true},
	} {
		t.Run(tc.search, func(t *testing.T) {
			s := NewSession(Config{})
			run(t, s, "graph romania", "search "+tc.search, "run to goal")
			for _, cell := range []string{"show open", "show closed", "show path", "show board"} {
				for _, out := range run(t, s, cell) {
					checkNumberColumns(t, cell, out.Text, tc.heuristic)
				}
			}
		})
	}
}

// checkNumberColumns checks that text's table heads (or a node's field
// rows) name h and f exactly when the search has a heuristic, and g always.
func checkNumberColumns(t *testing.T, cell, text string, heuristic bool) {
	t.Helper()
	var names []string
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) > 0 && slices.Contains(f, "g") && (slices.Contains(f, "id") || slices.Contains(f, "state")):
			names = append(names, f...) // a table's head
		case len(f) == 2 && (f[0] == "g" || f[0] == "h" || f[0] == "f"):
			names = append(names, f[0]) // a node's field row
		}
	}
	if !slices.Contains(names, "g") {
		t.Errorf("%s: no g column or row:\n%s", cell, text)
	}
	for _, c := range []string{"h", "f"} {
		if slices.Contains(names, c) != heuristic {
			t.Errorf("%s: column or row %s shown %v, want %v (a search without a heuristic shows no h or f):\n%s", cell, c, !heuristic, heuristic, text)
		}
	}
}
