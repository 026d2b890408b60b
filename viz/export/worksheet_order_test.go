package export

import (
	"regexp"
	"strings"
	"testing"
)

// TestWorksheetStatesSuccessorOrder checks that a sheet states the
// successor order so that a student can apply it (the moves in order for a
// puzzle or a grid, each node's successors for a graph), and that the
// order stated is the one the engine takes: every expansion's children
// follow it.
func TestWorksheetStatesSuccessorOrder(t *testing.T) {
	tests := []struct {
		problem, opts string
		steps         int
		// order returns, from the sheet, the stated successor order of
		// the state expanded, as action names.
		order func(t *testing.T, sheet, state string) []string
	}{
		{"graph romania", "bfs", 6, graphRowOrder},
		{"graph romania", "astar order=reverse", 5, graphRowOrder},
		{"graph romania", "ucs order=alpha", 5, graphRowOrder},
		{"puzzle 283164705 goal=123804765", "astar h=misplaced", 4, ruleOrder(`the blank moves ([a-z, ]+) \(`)},
		{"puzzle 283164705 goal=123804765", "bfs order=alpha", 4, ruleOrder(`the blank moves ([a-z, ]+) \(`)},
		{"puzzle 283164705 goal=123804765", "astar order=left,up", 4, ruleOrder(`the blank moves ([a-z, ]+) \(`)},
		{"grid S..#/.#../...G start=0,0 goal=3,2", "astar", 4, ruleOrder(`: moves ([A-Z, ]+) \(`)},
		{"grid S..#/.#../...G start=0,0 goal=3,2", "bfs order=reverse", 4, ruleOrder(`: moves ([A-Z, ]+) \(`)},
	}
	for _, tt := range tests {
		t.Run(tt.problem+"/"+tt.opts, func(t *testing.T) {
			sheet := sheetBytes(t, tt.problem, tt.opts, "md", tt.steps, Blanks{Open: true, F: true, Order: true}, false)
			s := newSearch(t, tt.problem, tt.opts)
			for step := 1; step <= tt.steps; step++ {
				ev, ok := s.Step()
				if !ok {
					break
				}
				stated := tt.order(t, sheet, ev.Expanded.State.String())
				rank := make(map[string]int, len(stated))
				for i, a := range stated {
					rank[a] = i + 1
				}
				last := 0
				for _, c := range ev.Children {
					r := rank[c.Action]
					if r == 0 || r < last {
						t.Fatalf("step %d: %s's child via %s is not in the order the sheet states (%s)", step, ev.Expanded.State, c.Action, strings.Join(stated, ", "))
					}
					last = r
				}
			}
		})
	}
}

// graphRowOrder is a graph sheet's successors of state, from its row in
// the table of nodes.
func graphRowOrder(t *testing.T, sheet, state string) []string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^\| ` + regexp.QuoteMeta(state) + ` \|(?: [0-9.]+ \|)? ([A-Za-z_, ]+) \|$`).FindStringSubmatch(sheet)
	if m == nil {
		t.Fatalf("the sheet's table of nodes has no successors for %s", state)
	}
	return strings.Split(m[1], ", ")
}

// ruleOrder reads the moves in order from the rule that re matches.
func ruleOrder(re string) func(*testing.T, string, string) []string {
	return func(t *testing.T, sheet, _ string) []string {
		t.Helper()
		m := regexp.MustCompile(re).FindStringSubmatch(sheet)
		if m == nil {
			t.Fatalf("the sheet's rules name no moves in order (%s)", re)
		}
		return strings.Split(m[1], ", ")
	}
}
