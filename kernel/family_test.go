package kernel

import (
	"strings"
	"testing"
)

// TestFamilyViews checks that each family's live view and show open speak
// its own terms, on Romania.
func TestFamilyViews(t *testing.T) {
	for _, tc := range []struct {
		search, steps string
		view, open    []string // in the live view; in show open, in this order
		notOpen       string
	}{
		{"search idastar", "step 6", []string{"iteration 3 · threshold 413 · next threshold 415", "earlier iterations: ", "current path: #12 Arad → #14 Sibiu → #19 Rimnicu_Vilcea", "cut off: #13 Zerind f 449"},
			[]string{"stack, top first"}, "open list in pop order"},
		{"search ids", "step 6", []string{"iteration 3 · depth limit 2", "earlier iterations: 1 + 4 nodes"},
			[]string{"stack, top first", "Zerind", "Sibiu", "Timisoara"}, "open list"},
		{"search dfs", "step 6", []string{"current path"}, []string{"stack, top first", "Pitesti", "Rimnicu_Vilcea", "Sibiu", "Zerind"}, "open list"},
		{"search rbfs", "step 6", []string{"path with f-limits: #0 Arad (f-limit ∞) → #2 Sibiu (f-limit 447)", "next: #17 Bucharest with f-limit 447", "forgotten: 5 nodes"},
			[]string{"stored (backed-up) f", "Bucharest", "Rimnicu_Vilcea", "Zerind"}, "open list"},
		{"search bibfs", "step 4", []string{"forward frontier 4 · backward frontier 4", "μ 3 (path cost 450)", "stopping rule: stop when μ"},
			[]string{"forward frontier (from the start)", "Timisoara", "backward frontier (from the goal)", "Giurgiu"}, "open list"},
		{"search astar", "step 2", nil, []string{"open list in pop order"}, "stack"},
	} {
		t.Run(tc.search, func(t *testing.T) {
			s := NewSession(Config{})
			outs := run(t, s, "graph romania", tc.search+"\n"+tc.steps)
			view := outs[len(outs)-1].Text
			for _, w := range tc.view {
				if !strings.Contains(view, w) {
					t.Errorf("live view lacks %q:\n%s", w, view)
				}
			}
			open := run(t, s, "show open")[0].Text
			at := 0
			for _, w := range tc.open {
				i := strings.Index(open[at:], w)
				if i < 0 {
					t.Fatalf("show open lacks %q after offset %d:\n%s", w, at, open)
				}
				at += i + len(w)
			}
			if strings.Contains(open, tc.notOpen) {
				t.Errorf("show open says %q:\n%s", tc.notOpen, open)
			}
		})
	}
}

// TestShowIteration checks that an earlier iteration of IDA* can be viewed
// and that viewing it leaves the search where it was.
func TestShowIteration(t *testing.T) {
	s := NewSession(Config{})
	run(t, s, "graph romania", "search idastar\nstep 6")
	before := s.Search("").StepCount()
	out := run(t, s, "show iteration 2")[0]
	for _, w := range []string{"iteration 2 of 3", "threshold 393 · next threshold 413", "search tree", "#4  Arad", "#11 Rimnicu_Vilcea"} {
		if !strings.Contains(out.Text, w) {
			t.Errorf("show iteration 2 lacks %q:\n%s", w, out.Text)
		}
	}
	if strings.Contains(out.Text, "#12 ") {
		t.Errorf("iteration 2's tree shows node 12 of iteration 3:\n%s", out.Text)
	}
	if got := s.Search("").StepCount(); got != before {
		t.Errorf("show iteration moved the search from step %d to %d", before, got)
	}
	run(t, s, "step")
	if got := s.Search("").StepCount(); got != before+1 {
		t.Errorf("step after show iteration reached step %d, want %d", got, before+1)
	}
	fail(t, s, "show iteration 9", 1, "this search has computed iterations 1 to")
	fail(t, s, "show iteration x", 1, "want a whole number >= 1")
	run(t, s, "search astar")
	fail(t, s, "show iteration 1", 1, "show iteration is for ids and idastar")
}

// TestRunIDAStarView: a run cell of idastar shows the threshold in the
// live view and the stack in show open, running and once solved.
func TestRunIDAStarView(t *testing.T) {
	s := NewSession(Config{})
	run(t, s, "graph romania")
	for _, c := range []struct{ cell, want string }{
		{"search idastar\nrun 4", "iteration 3 · threshold 413 · next threshold 447"},
		{"run to goal", "threshold 418"},
	} {
		outs := run(t, s, c.cell)
		if view := outs[len(outs)-1].Text; !strings.Contains(view, c.want) {
			t.Errorf("%q: the view lacks %q:\n%s", c.cell, c.want, view)
		}
		if open := run(t, s, "show open")[0].Text; !strings.Contains(open, "stack, top first") {
			t.Errorf("%q: show open is not a stack:\n%s", c.cell, open)
		}
	}
}
