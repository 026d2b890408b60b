package game

import (
	"strings"
	"testing"
)

// TestPositionNames: narrations and tables name a position as a reader
// reads it aloud or finds it in a drawing: a tic-tac-toe or connect four
// board with no mark as "the empty board" (the root "the empty board at
// the root"), any other board by its rows joined by '/' (connect four's
// from the highest holding a piece), other games by their StateName.
// Each case steps to step k and checks the row's name, the name of node
// id in the view and the narration.
func TestPositionNames(t *testing.T) {
	for _, c := range []struct {
		problem, search string
		step            int
		node            int // the view's node whose Name is nodeName; −1: the view's Start
		row, nodeName   string
		says            string
	}{
		{"tictactoe", "alphabeta", 0, -1, EmptyBoard, EmptyBoard,
			"start: the empty board at the root (MAX to move) is not visited yet; step 1 visits it with [α=−∞, β=+∞]"},
		{"tictactoe", "alphabeta", 1, 0, EmptyBoard, EmptyBoard, "visit the empty board at the root (MAX) with [α=−∞, β=+∞]"},
		{"tictactoe", "minimax", 2, 1, "X../.../...", "X../.../...", "visit X../.../... by r1c1"},
		{"tictactoe XO.XO....", "alphabeta", 1, 0, "XO./XO./...", "XO./XO./...", "visit the root XO./XO./... (MAX) with [α=−∞, β=+∞]"},
		{"tictactoe XO.XO....", "alphabeta", 5, 2, "XOX/XOO/X..", "XOX/XOO/...",
			"back up 1 from leaf XOX/XOO/X.. into XOX/XOO/... (MAX): XOX/XOO/...'s value so far 1, best move r3c1, [α=1, β=+∞]"},
		{"tictactoe", "mcts iterations=5 seed=1", 3, 0, "X../.../...", EmptyBoard, "iteration 3: "},
		{"connect4", "minimax depth=2", 0, -1, EmptyBoard, EmptyBoard, "start: the empty board at the root (MAX to move)"},
		{"connect4", "minimax depth=2", 3, 2, "O....../X......", "O....../X......", "visit leaf O....../X...... by 1: cut off at depth 2"},
		{"connect4 4453", "minimax depth=2", 1, 0, "...O.../..OXX..", "...O.../..OXX..", "visit the root ...O.../..OXX.. (MAX)"},
		{"nim 1,2", "minimax", 3, 2, "0,1 MAX", "0,1 MAX", "visit 0,1 MAX by h2-1"},
		{"gametree [[3,12,8],[2,4,6],[14,5,2]]", "alphabeta", 0, -1, "A", "A", "start: the root A (MAX to move) is not visited yet"},
		{"gametree [[3,12,8],[2,4,6],[14,5,2]]", "alphabeta", 12, 5, "2", "C",
			"back up 2 from leaf 2 into C (MIN): C's value so far 2, best move c1, [α=3, β=2]; prune c2, c3: β ≤ α: 2 ≤ 3"},
	} {
		t.Run(c.problem+"/"+c.search, func(t *testing.T) {
			v := stepTo(t, c.problem, c.search, c.step)
			r := v.Row()
			view := v.View()
			checkName(t, "the row's name", r.Name, c.row)
			n := view.Start
			if c.node >= 0 {
				n = &view.Nodes[c.node]
			}
			checkName(t, "the node's name", n.Name, c.nodeName)
			if !strings.HasPrefix(r.Says, c.says) || r.Says != view.Says {
				t.Errorf("the row says %q and the view %q: want both to start %q", r.Says, view.Says, c.says)
			}
		})
	}
}

func checkName(t *testing.T, what, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("%s is %q: want %q", what, got, want)
	}
}

func stepTo(t *testing.T, problem, search string, k int) *Viewer {
	t.Helper()
	g, err := ParseProblem(problem)
	if err != nil {
		t.Fatal(err)
	}
	o, err := ParseOptions(search)
	if err != nil {
		t.Fatal(err)
	}
	v, err := NewViewer(g, o)
	if err != nil {
		t.Fatal(err)
	}
	for v.Steps() < k {
		if _, ok := v.Step(); !ok {
			t.Fatalf("the search ends at step %d, before step %d", v.Steps(), k)
		}
	}
	return v
}

// TestPositionNamesUnique: over every position a whole search visits, one
// position has one name and two positions never share one; a tic-tac-toe
// name reads back as its board (ParseTicTacToe accepts the '/'). An
// explicit tree is left out: AIMA names its leaves by their utilities.
func TestPositionNamesUnique(t *testing.T) {
	for _, c := range []struct{ problem, search string }{
		{"tictactoe X...O....", "minimax"},
		{"tictactoe", "alphabeta"},
		{"connect4", "minimax depth=3"},
		{"connect4 4453", "alphabeta depth=4"},
		{"nim 2,3", "minimax"},
	} {
		t.Run(c.problem+"/"+c.search, func(t *testing.T) {
			v := stepTo(t, c.problem, c.search, 0)
			g := v.s.g
			byName := map[string]State{}
			see := func(s State, name string) {
				t.Helper()
				if name != PositionName(g, s) {
					t.Fatalf("the view names %s %q, the game %q", g.StateName(s), name, PositionName(g, s))
				}
				if other, ok := byName[name]; ok && other != s {
					t.Fatalf("%s and %s are both named %q", g.StateName(other), g.StateName(s), name)
				}
				byName[name] = s
			}
			for {
				if _, ok := v.Step(); !ok {
					break
				}
				if v.s.mcts == nil && v.ev.What == Down {
					see(v.s.stack[len(v.s.stack)-1].s, v.nodes[v.ev.Node].Name)
				}
			}
			if len(byName) < 2 {
				t.Fatalf("%d names: the search visits more positions", len(byName))
			}
			if g.Kind() == "tictactoe" {
				for name, s := range byName {
					if name == EmptyBoard {
						continue
					}
					back, err := ParseTicTacToe([]string{name})
					if err != nil || back.Root() != s {
						t.Errorf("the name %q reads back as %v (%v): want the board %s", name, back, err, g.StateName(s))
					}
				}
			}
		})
	}
}
