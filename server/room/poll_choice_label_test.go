package room

import (
	"slices"
	"testing"
)

// TestNextChoiceNumbers: a "next" poll's choices give the numbers the
// search's tree and narration give: depth and g for BFS and DFS, g alone
// for UCS (no "h 0" for a search without a heuristic), g and h for A*
// and greedy.
func TestNextChoiceNumbers(t *testing.T) {
	for _, tc := range []struct {
		options string
		want    string // the label of Sibiu, node 2 after Arad's expansion
	}{
		{"bfs", "#2 Sibiu (depth 1, g 140)"},
		{"dfs", "#2 Sibiu (depth 1, g 140)"},
		{"ucs", "#2 Sibiu (g 140)"},
		{"astar h=sld", "#2 Sibiu (g 140, h 253)"},
		{"greedy h=sld", "#2 Sibiu (g 140, h 253)"},
	} {
		t.Run(tc.options, func(t *testing.T) {
			s := newSearch(t, "graph romania", tc.options)
			s.Run(1)
			labels := []string{}
			for _, c := range nextChoices(s, "2") {
				labels = append(labels, c.Label)
			}
			if !slices.Contains(labels, tc.want) {
				t.Errorf("choices %q, want one %q", labels, tc.want)
			}
		})
	}
}
