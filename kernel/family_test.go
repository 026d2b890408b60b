package kernel

import (
	"strings"
	"testing"

	"stepviz/internal/testenv"
)

// TestFamilyViews checks that each family's live view and show open speak
// its own terms, on Romania.
func TestFamilyViews(t *testing.T) {
	for _, tc := range []struct {
		search, steps string
		view, open    []string // in the live view; in show open, in this order
		notOpen       string
	}{
		{"search idastar", "step 6", []string{"iteration 3 · threshold 413 · next threshold 415", "earlier iterations: ", "current path: Arad (node 12) → Sibiu (node 14) → Rimnicu_Vilcea", "cut off: Zerind f 449"},
			[]string{"stack, top first"}, "open list in pop order"},
		{"search ids", "step 6", []string{"iteration 3 · depth limit 2", "earlier iterations: 1 + 4 nodes"},
			[]string{"stack, top first", "Zerind", "Sibiu", "Timisoara"}, "open list"},
		{"search dfs", "step 6", []string{"current path"}, []string{"stack, top first", "Pitesti", "Rimnicu_Vilcea", "Sibiu", "Zerind"}, "open list"},
		{"search rbfs", "step 6", []string{"path with f-limits: Arad (f-limit ∞) → Sibiu (f-limit 447)", "next: Bucharest with f-limit 447", "forgotten: 5 nodes"},
			[]string{"stored (backed-up) f", "Bucharest", "Rimnicu_Vilcea", "Zerind"}, "open list"},
		{"search bibfs", "step 4", []string{"forward frontier 4 · backward frontier 4", "μ 3 (path cost 450)", "stopping rule: stop when μ"},
			[]string{"forward frontier (from the start)", "Timisoara", "backward frontier (from the goal)", "Giurgiu"}, "open list"},
		{"search biastar", "step 4", []string{"forward frontier 3 · backward frontier 6", "stopping rule: stop when μ <= max(fminF, fminB)"},
			[]string{"forward frontier (from the start)", "Sibiu", "backward frontier (from the goal)", "Rimnicu_Vilcea", "Giurgiu"}, "open list"},
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
			wantInOrder(t, "show open", open, tc.open)
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

// TestShowClosedFamilies: show closed lists what each family expanded in
// its own terms: the current iteration's nodes of ids and idastar (named),
// every expansion of RBFS with what became of it (forgotten, unwound,
// expanded again, on the path), both sides of a bidirectional search with
// the side of each node.
func TestShowClosedFamilies(t *testing.T) {
	for _, tc := range []struct {
		name, problem, cells string
		want                 []string // in this order, spaces collapsed
		not                  []string
	}{
		{"ids", "graph romania", "search ids\nstep 9", []string{"iteration 3 · depth limit 2: the nodes this iteration expanded (steps 6 to 9)", "order id state parent g depth", "6 5 Arad -1 0 0", "7 6 Zerind 5 75 1"},
			[]string{"\n2 1 Arad", "\n1 0 Arad", " h "}},
		{"ids at 0", "graph romania", "search ids", []string{"iteration 1: no node expanded yet", "order id state parent g depth"}, []string{"steps 1 to 0", " h "}},
		{"idastar", "graph romania", "search idastar\nstep 6", []string{"iteration 3 · threshold 413: the nodes this iteration expanded (steps 4 to 6)", "4 12 Arad -1 0 366 366 0", "5 14 Sibiu 12", "6 19 Rimnicu_Vilcea 14 220 193 413 2"},
			[]string{"\n1 0 Arad", "\n2 4 Arad", "\n3 6 Sibiu"}},
		{"rbfs puzzle", "puzzle 724506831", "search rbfs h=misplaced\nrun 40", []string{"every node RBFS expanded", "step id state parent g h stored f now",
			"2 3 724056831 0 1 5 9 expanded again (last at step 40)", "3 5 024756831 3 2 5 8 forgotten", "5 2 724536801 0 1 6 9 unwound: f backed up, open again", "40 3 724056831 0 1 5 9 on the path"}, nil},
		{"rbfs romania", "graph romania", "search rbfs\nrun to goal", []string{"every node RBFS expanded", "4 5 Fagaras 2 239 176 450 unwound", "5 7 Rimnicu_Vilcea 2 220 193 417 on the path", "7 17 Bucharest 15 418 0 418 goal"}, nil},
		{"bibfs", "graph romania", "search bibfs\nstep 4", []string{"closed lists of both searches", "order dir id state parent g 1 forward 0 Arad -1 0 2 backward 1 Bucharest", "4 forward 3 Sibiu 0 140"}, []string{" h "}},
		{"biastar", "graph romania", "search biastar\nstep 6", []string{"closed lists of both searches", "2 backward 1 Bucharest", "3 backward 7 Pitesti", "6 backward 6 Giurgiu"}, nil},
		{"astar", "graph romania", "search astar\nstep 3", []string{"closed list in expansion order", "order id state parent g h f", "3 7 Rimnicu_Vilcea 2 220 193 413"}, []string{"dir", "iteration"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSession(Config{})
			run(t, s, tc.problem, tc.cells)
			text := strings.Join(strings.Fields(strings.ReplaceAll(run(t, s, "show closed")[0].Text, "\n", " \n ")), " ")
			text = strings.ReplaceAll(text, " \n ", "\n")
			wantInOrder(t, "show closed", text, tc.want)
			for _, w := range tc.not {
				if strings.Contains(text, w) {
					t.Errorf("show closed has %q:\n%s", w, text)
				}
			}
		})
	}
}

// TestShowTreeFamilies: show tree folds RBFS's forgotten subtrees into
// their roots and marks beam's pruned nodes, its legend naming them.
func TestShowTreeFamilies(t *testing.T) {
	for _, tc := range []struct {
		cells string
		want  []string
		not   []string
	}{
		{"search rbfs\nrun to goal", []string{`data-style="folded"`, "▸ +2 forgotten", "▸ +3 forgotten", "f 417 ↑",
			"#5 Fagaras Fagaras g=239 h=176 f=450 open (+2 forgotten below, f 450 backed up)", "#7 Rimnicu_Vilcea Rimnicu_Vilcea g=220 h=193 f=417 closed (+3 forgotten below, f 417 backed up)"},
			[]string{`class="node open forgotten`, `data-style="forgotten"`, " forgotten\n"}},
		{"search beam width=2\nrun to goal", []string{`data-style="pruned"`, `class="node discarded pruned"`}, []string{`data-style="folded"`}},
		{"search astar\nrun to goal", nil, []string{`data-style=`}},
	} {
		t.Run(tc.cells, func(t *testing.T) {
			s := NewSession(Config{})
			run(t, s, "graph romania", tc.cells)
			out := run(t, s, "show tree")[0]
			h := out.HTML + out.Text
			for _, w := range tc.want {
				if !strings.Contains(h, w) {
					t.Errorf("show tree lacks %q", w)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(h, w) {
					t.Errorf("show tree has %q", w)
				}
			}
		})
	}
}

// wantInOrder fails the test unless text holds each of want, in order.
func wantInOrder(t *testing.T, what, text string, want []string) {
	t.Helper()
	if w, at := testenv.NotInOrder(text, want); w != "" {
		t.Fatalf("%s lacks %q after offset %d:\n%s", what, w, at, text)
	}
}
