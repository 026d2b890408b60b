package kernel

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// runAll executes cells and returns every output each sent, as text,
// errors included (a cell that fails says so in the same words both
// ways).
func runAll(t *testing.T, s *Session, cells []string) []string {
	t.Helper()
	var out []string
	for _, c := range cells {
		outs, err := s.Run(context.Background(), c)
		for _, o := range outs {
			out = append(out, fmt.Sprintf("%s\n%s\n%s %s %v %v %v", o.Text, o.HTML, o.Subject, o.DisplayID, o.Update, o.Value, o.Passing))
		}
		if err != nil {
			out = append(out, "error: "+err.Error())
		}
	}
	return out
}

// TestKernelEventReuse: a notebook whose step writes each event into the
// search's buffer (Search.StepInto) prints every output, byte for byte,
// as the same notebook stepping with Search.Step, through steps, shows
// (tree, board, closed, open, iteration, node), backs, runs, a second
// search beside the first and a reset; for A* on the 8-puzzle, BFS on
// Romania, IDS, IDA* and RBFS (Deepening) and a bidirectional search.
func TestKernelEventReuse(t *testing.T) {
	cases := []struct{ problem, search string }{
		{"puzzle 867254301 goal=123456780", "astar h=manhattan"},
		{"graph romania", "bfs"},
		{"graph romania", "ids"},
		{seedPuzzle, "idastar h=manhattan"},
		{"graph romania", "rbfs"},
		{"graph romania", "bibfs"},
	}
	for _, c := range cases {
		t.Run(c.search, func(t *testing.T) {
			cells := []string{
				c.problem,
				"a = search " + c.search + "\nstep 3\nshow tree",
				"b = search " + c.search + "\nstep b 2",
				"step a 4\nshow a board\nshow a closed\nshow a open",
				"step b\nshow a tree\nback a 2\nshow a board",
				"step a 3\nshow a tree\nshow a stats",
				"back a\nstep a\nshow a closed",
				"run a 5\nstep a 2\nshow a tree",
				"step a\nshow a path\nstep b 3\nshow b tree\nshow a board",
				"reset a\nstep a 2\nshow a tree",
			}
			if strings.HasPrefix(c.search, "ids") || strings.HasPrefix(c.search, "idastar") {
				cells = append(cells, "step a 6\nshow a iteration 1\nshow a tree\nstep a\nshow a closed")
			} else {
				cells = append(cells, "show a node 1\nstep a\nshow a node 2")
			}
			ref := NewSession(Config{IDPrefix: "t"})
			ref.freshEvents = true
			want := runAll(t, ref, cells)
			got := runAll(t, NewSession(Config{IDPrefix: "t"}), cells)
			if len(got) != len(want) {
				t.Fatalf("%d outputs, want %d", len(got), len(want))
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("output %d:\n reuse %.800q\n Step  %.800q", i, got[i], want[i])
				}
			}
			if len(want) < 20 {
				t.Errorf("only %d outputs compared", len(want))
			}
			for _, w := range want {
				if strings.HasPrefix(w, "error: ") {
					t.Errorf("a cell failed: %s", w)
				}
			}
		})
	}
}
