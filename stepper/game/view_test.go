package game

import (
	"reflect"
	"strings"
	"testing"
)

func viewAt(t *testing.T, problem, search string, k int) *View {
	t.Helper()
	g, err := ParseProblem(problem)
	if err != nil {
		t.Fatal(err)
	}
	o, err := ParseOptions(search)
	if err != nil {
		t.Fatal(err)
	}
	v, err := ViewAt(g, o, k)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// byState finds a node by its state name (Fig. 5.2's inner nodes are
// named A to D).
func byState(t *testing.T, v *View, state string) ViewNode {
	t.Helper()
	for _, n := range v.Nodes {
		if n.State == state {
			return n
		}
	}
	t.Fatalf("step %d: no node %s among %d", v.Step, state, len(v.Nodes))
	return ViewNode{}
}

// TestFig55View checks the view of alpha-beta on AIMA Fig. 5.5 step by
// step: the range of possible values the book writes above each node in
// panels (a) to (f), each node's α/β window, and the leaves pruned (C's 4
// and 6, cut because β ≤ α: 2 ≤ 3).
func TestFig55View(t *testing.T) {
	type want struct {
		node, rng, window, value string
	}
	for _, tc := range []struct {
		step  int
		nodes []want
		cut   []string // the pruned branches' states
	}{
		{1, []want{{"A", "[−∞, +∞]", "[α=−∞, β=+∞]", ""}}, nil},
		// (a) the first leaf under B is 3.
		{3, []want{{"B", "[−∞, 3]", "[α=−∞, β=+∞]", ""}, {"A", "[−∞, +∞]", "[α=−∞, β=+∞]", ""}}, nil},
		{4, []want{{"B", "[−∞, 3]", "[α=−∞, β=3]", "3"}}, nil},
		// (b) 12 changes nothing.
		{5, []want{{"B", "[−∞, 3]", "[α=−∞, β=3]", "3"}}, nil},
		// (c) B is 3, so A is at least 3.
		{7, []want{{"B", "[3, 3]", "[α=−∞, β=3]", "3"}, {"A", "[3, +∞]", "[α=−∞, β=+∞]", ""}}, nil},
		{9, []want{{"A", "[3, +∞]", "[α=3, β=+∞]", "3"}}, nil},
		{10, []want{{"C", "[−∞, +∞]", "[α=3, β=+∞]", ""}}, nil},
		// (d) C's first leaf is 2: C is at most 2 and its others are pruned.
		{11, []want{{"C", "[−∞, 2]", "[α=3, β=+∞]", ""}, {"A", "[3, +∞]", "[α=3, β=+∞]", "3"}}, nil},
		{12, []want{{"C", "[−∞, 2]", "[α=3, β=2]", "2"}}, []string{"4", "6"}},
		// (e) D's first leaf 14: A is at most 14.
		{15, []want{{"D", "[−∞, 14]", "[α=3, β=+∞]", ""}, {"A", "[3, 14]", "[α=3, β=+∞]", "3"}}, []string{"4", "6"}},
		{16, []want{{"D", "[−∞, 14]", "[α=3, β=14]", "14"}}, []string{"4", "6"}},
		{17, []want{{"D", "[−∞, 5]", "[α=3, β=14]", "14"}, {"A", "[3, 5]", "[α=3, β=+∞]", "3"}}, []string{"4", "6"}},
		// (f) D is 2, A is 3.
		{19, []want{{"D", "[2, 2]", "[α=3, β=5]", "5"}, {"A", "[3, 3]", "[α=3, β=+∞]", "3"}}, []string{"4", "6"}},
		{22, []want{{"A", "[3, 3]", "[α=3, β=+∞]", "3"}, {"D", "[2, 2]", "[α=3, β=2]", "2"}}, []string{"4", "6"}},
	} {
		v := viewAt(t, fig52, "alphabeta", tc.step)
		if v.Step != tc.step {
			t.Fatalf("view at step %d says step %d", tc.step, v.Step)
		}
		for _, w := range tc.nodes {
			n := byState(t, v, w.node)
			if n.Text.Range != w.rng || n.Text.Window != w.window || n.Text.Value != w.value {
				t.Errorf("step %d: %s range %s window %s value %q, want %s %s %q", tc.step, w.node, n.Text.Range, n.Text.Window, n.Text.Value, w.rng, w.window, w.value)
			}
		}
		var cut []string
		for _, c := range v.Cut {
			cut = append(cut, c.State)
			if c.Why != "β ≤ α: 2 ≤ 3" || c.Status != Pruned || c.Parent != byState(t, v, "C").ID {
				t.Errorf("step %d: pruned %+v, want under C with β ≤ α: 2 ≤ 3", tc.step, c)
			}
		}
		if !reflect.DeepEqual(cut, tc.cut) {
			t.Errorf("step %d: pruned %v, want %v", tc.step, cut, tc.cut)
		}
	}
	end := viewAt(t, fig52, "alphabeta", 1000)
	if end.Step != 22 || end.Status != Done || !reflect.DeepEqual(end.PVMoves, []string{"a1", "b1"}) || end.Value != "3" {
		t.Errorf("end: step %d status %s pv %v value %s", end.Step, end.Status, end.PVMoves, end.Value)
	}
	if !strings.Contains(viewAt(t, fig52, "alphabeta", 12).Says, "prune c2, c3: β ≤ α: 2 ≤ 3") {
		t.Errorf("step 12 says %q", viewAt(t, fig52, "alphabeta", 12).Says)
	}
}

// TestFig52View: minimax on AIMA Fig. 5.2 backs up B = 3, C = 2, D = 2 and
// A = 3, with no windows and nothing pruned; its principal variation is
// a1 b1 and every node is done at the end.
func TestFig52View(t *testing.T) {
	v := viewAt(t, fig52, "minimax", 1<<20)
	for state, val := range map[string]string{"A": "3", "B": "3", "C": "2", "D": "2"} {
		n := byState(t, v, state)
		if n.Text.Value != val || n.Text.Range != "["+val+", "+val+"]" || n.Text.Window != "" || n.Status != Closed {
			t.Errorf("%s: %+v, want value %s", state, n.Text, val)
		}
	}
	if len(v.Nodes) != 13 || len(v.Cut) != 0 || !reflect.DeepEqual(v.PVMoves, []string{"a1", "b1"}) {
		t.Errorf("%d nodes, %d cut, pv %v", len(v.Nodes), len(v.Cut), v.PVMoves)
	}
	if !byState(t, v, "B").OnPV || byState(t, v, "C").OnPV {
		t.Error("the principal variation goes through B, not C")
	}
}

// TestViewSeekable: the view at step k is the same whether reached by one
// viewer stepping or replayed afresh, and the path is the nodes on the
// engine's stack.
func TestViewSeekable(t *testing.T) {
	for _, tc := range []struct{ problem, search string }{
		{fig52, "alphabeta"}, {"tictactoe XO.X.O...", "alphabeta order=eval"}, {"nim 1,2", "minimax"},
		{"tictactoe XO.X.O...", "mcts iterations=30 seed=3"}, {"gametree [{0.5: [3,5], 0.5: [1,9]}, 4]", "expectiminimax"},
	} {
		g, _ := ParseProblem(tc.problem)
		o, _ := ParseOptions(tc.search)
		vw, err := NewViewer(g, o)
		if err != nil {
			t.Fatal(err)
		}
		for k := 1; ; k++ {
			if _, ok := vw.Step(); !ok {
				break
			}
			if k%7 != 0 {
				continue
			}
			a, b := vw.View(), viewAt(t, tc.problem, tc.search, k)
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("%s %s step %d: stepping and replaying differ", tc.problem, tc.search, k)
			}
			if a.Says == "" {
				t.Errorf("%s step %d says nothing", tc.problem, k)
			}
		}
	}
}

// TestMCTSView: every node's visits add up (a node's visits are at least
// the sum of its children's), the last iteration's path is marked, and
// UCB1 is written for every node but the root.
func TestMCTSView(t *testing.T) {
	v := viewAt(t, "tictactoe XO.X.O...", "mcts iterations=40 seed=1", 25)
	sum := make([]float64, len(v.Nodes))
	for _, n := range v.Nodes[1:] {
		sum[n.Parent] += n.Visits
		if n.Text.UCB1 == "" || n.Text.Wins == "" {
			t.Errorf("node %d: %+v", n.ID, n.Text)
		}
	}
	for i, n := range v.Nodes {
		if n.Visits < sum[i] {
			t.Errorf("node %d visited %g times, its children %g", i, n.Visits, sum[i])
		}
	}
	if v.Nodes[0].Visits != 25 || len(v.Phases) != 4 || v.Nodes[v.Path[0]].Status != Select {
		t.Errorf("root visits %g, phases %v, path %v", v.Nodes[0].Visits, v.Phases, v.Path)
	}
}
