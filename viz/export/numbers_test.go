package export

import (
	"strings"
	"testing"
)

// TestTracesShowNoHWithoutAHeuristic: the markdown and LaTeX traces of a
// search without a heuristic head their tables "g" with no h or f column
// and write no "h=" or "f=" for a node; a search with one keeps g, h and
// f. The csv keeps its h and f columns for every search (a schema).
func TestTracesShowNoHWithoutAHeuristic(t *testing.T) {
	for _, tc := range []struct {
		options   string
		heuristic bool
	}{
		{"bfs", false}, {"ucs", false}, {"dfs", false}, {"ids", false}, {"bibfs", false}, {"biucs", false},
		{"astar", true}, {"greedy", true},
	} {
		t.Run(tc.options, func(t *testing.T) {
			for _, f := range []struct {
				format, gh, ghf, word string
			}{
				{"md", "| g | parent |", "| g | h | f | parent |", "h="},
				{"tex", "& g & parent", "& g & h & f & parent", "f="},
			} {
				doc := string(export(t, newSearch(t, "graph romania", tc.options), f.format, 4))
				want, not := f.gh, f.ghf
				if tc.heuristic {
					want, not = not, want
				}
				if !strings.Contains(doc, want) || strings.Contains(doc, not) {
					t.Errorf("%s: want a table headed %q, none headed %q:\n%s", f.format, want, not, doc)
				}
				if strings.Contains(doc, f.word) != tc.heuristic {
					t.Errorf("%s: writes %q %v, want %v", f.format, f.word, !tc.heuristic, tc.heuristic)
				}
			}
			csv := string(export(t, newSearch(t, "graph romania", tc.options), "csv", 4))
			if !strings.HasPrefix(csv, "step,node,state,action,g,h,f,") {
				t.Errorf("csv head %q: its columns are a schema, kept for every search", csv[:min(len(csv), 60)])
			}
		})
	}
}
