package export

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// TestWorksheetKeyAgreesWithTrace: each step of a key names the node, g, h
// and f that the Markdown trace (and the page's narration, from the same
// event) gives for it, and check grades the key correct. RBFS re-expands
// Rimnicu Vilcea at its backed-up 417 (AIMA Figure 3.27) after expanding
// it at 413, and Fagaras at 415, not the 450 it stores after the step.
// A* and the puzzles' searches end on the goal, which the key writes
// "Bucharest (goal)" and check reads as the node Bucharest.
func TestWorksheetKeyAgreesWithTrace(t *testing.T) {
	tests := []struct {
		problem, opts string
		steps         int
		want          []string // key rows, in part
	}{
		{"graph romania", "rbfs", 6, []string{"| 3 | **Rimnicu_Vilcea** | **220** | **193** | **413** |", "| 4 | **Fagaras** | **239** | **176** | **415** |", "| 5 | **Rimnicu_Vilcea** | **220** | **193** | **417** |"}},
		{"graph romania", "astar", 6, nil},
		{"graph romania", "ids", 8, nil},
		{"puzzle 283164705 goal=123804765", "idastar h=manhattan", 6, nil},
		{"puzzle 283164705 goal=123804765", "rbfs h=misplaced", 6, nil},
	}
	stepRe := regexp.MustCompile(`(?m)^## Step (\d+): (?:expand|select the goal) (\S+) \(node \d+, g=([^,)]+)(?:, h=(\S+), f=(\S+))?\)$`)
	for _, tt := range tests {
		t.Run(tt.problem+"/"+tt.opts, func(t *testing.T) {
			key := sheetBytes(t, tt.problem, tt.opts, "md", tt.steps, Blanks{Open: true, F: true, Order: true}, true)
			trace := string(export(t, newSearch(t, tt.problem, tt.opts), "md", tt.steps))
			ms := stepRe.FindAllStringSubmatch(trace, -1)
			if len(ms) != tt.steps {
				t.Fatalf("the trace has %d steps, want %d", len(ms), tt.steps)
			}
			for _, m := range ms {
				node := m[2]
				if strings.HasPrefix(m[0], "## Step "+m[1]+": select the goal") {
					node += " (goal)"
				}
				row := fmt.Sprintf("| %s | **%s** | **%s** |", m[1], node, m[3])
				if !strings.Contains(key, row) {
					t.Errorf("step %s: the key has no row %q...", m[1], row)
					continue
				}
				rest := key[strings.Index(key, row)+len(row):]
				// a search without a heuristic's trace writes g alone
				// (viz.NumberColumns): its f is the key's to give
				if f := " **" + m[5] + "** |"; m[5] != "" && !strings.Contains(rest[:strings.Index(rest, "\n")], f) {
					t.Errorf("step %s: the key's row %s%s, the trace's f=%s", m[1], row, rest[:strings.Index(rest, "\n")], m[5])
				}
			}
			for _, w := range tt.want {
				if !strings.Contains(key, w) {
					t.Errorf("the key has no %q", w)
				}
			}
			a, err := ParseAnswer(strings.NewReader(key), "key.md")
			if err != nil {
				t.Fatal(err)
			}
			g, err := Check(newSearch(t, tt.problem, tt.opts), a)
			if err != nil {
				t.Fatal(err)
			}
			if !g.Correct {
				t.Errorf("check grades the key wrong: %s", g.Reason)
			}
		})
	}
}
