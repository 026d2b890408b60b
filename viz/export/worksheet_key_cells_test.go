package export

import (
	"strings"
	"testing"
)

// TestWorksheetKeyFillsEveryAnswerCell: on a key of every algorithm, each
// cell of the steps table the sheet leaves blank is filled in (a step that
// generates no children says why: the goal, a cutoff at the depth limit,
// or f over the threshold); the title and the instructions name the
// algorithm in words, not its flag; the rules define the f that the sheet
// asks for; the instructions say that a child the rules discard is listed
// too, as the key lists it (and check counts it).
func TestWorksheetKeyFillsEveryAnswerCell(t *testing.T) {
	tests := []struct {
		opts  string
		steps int
		title string
		want  []string // in the key
	}{
		{"ids", 6, "Iterative deepening search", []string{"a node's depth is its number of steps from the root", "**Zerind depth 1; Sibiu depth 1; Timisoara depth 1**", "**none: cut off at the depth limit**", "Run iterative deepening search on"}},
		{"dls depth=2", 6, "Depth-limited search", []string{"**none: cut off at the depth limit**", "Run depth-limited search on"}},
		{"idastar", 6, "IDA*", []string{"Run IDA* on"}},
		{"rbfs", 6, "Recursive best-first search", []string{"Run recursive best-first search on"}},
		{"bibfs", 4, "Bidirectional breadth-first search", nil},
		{"beam width=2", 4, "Beam search", nil},
		{"bfs", 4, "Breadth-first search", []string{"Run breadth-first search on"}},
		{"astar", 6, "A*", []string{"**none: the goal test succeeds**", "Run A* on", "also one the rules do not add to the open list", "**Arad f=646 (already closed);"}},
	}
	for _, tt := range tests {
		t.Run(tt.opts, func(t *testing.T) {
			key := sheetBytes(t, "graph romania", tt.opts, "md", tt.steps, Blanks{Open: true, F: true, Order: true}, true)
			if want := "# Answer key: " + tt.title + ", "; !strings.HasPrefix(key, want) {
				t.Errorf("key starts %q, want %q", key[:strings.Index(key, "\n")], want)
			}
			for _, w := range tt.want {
				if !strings.Contains(key, w) {
					t.Errorf("the key does not say %q", w)
				}
			}
			steps := key[strings.Index(key, "## Steps"):]
			steps = steps[:strings.Index(steps, "## Open list")]
			for _, line := range strings.Split(steps, "\n") {
				if !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| step") {
					continue
				}
				cells := strings.Split(strings.Trim(line, "| "), " | ")
				for i, c := range cells {
					if strings.TrimSpace(c) == "" {
						t.Errorf("an empty answer cell %d: %s", i, line)
					}
				}
			}
		})
	}
}
