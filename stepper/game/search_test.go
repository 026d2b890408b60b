package game

import (
	"reflect"
	"strings"
	"testing"
)

// fig52 is AIMA 4e Fig. 5.2 (3e Fig. 5.2): MAX's root A, MIN nodes B, C,
// D and their leaves.
const fig52 = "gametree [[3,12,8],[2,4,6],[14,5,2]]"

func run(t *testing.T, problem, search string) (*Search, []Event) {
	t.Helper()
	g, err := ParseProblem(problem)
	if err != nil {
		t.Fatalf("ParseProblem(%q): %v", problem, err)
	}
	o, err := ParseOptions(search)
	if err != nil {
		t.Fatalf("ParseOptions(%q): %v", search, err)
	}
	s, err := New(g, o)
	if err != nil {
		t.Fatalf("New(%q, %q): %v", problem, search, err)
	}
	var evs []Event
	for {
		ev, ok := s.Step()
		if !ok {
			break
		}
		evs = append(evs, ev)
	}
	return s, evs
}

// leavesDown lists the leaves' values in the order a search valued them.
func leavesDown(evs []Event) []float64 {
	var v []float64
	for _, e := range evs {
		if e.What == Down && e.Leaf {
			v = append(v, float64(e.Value))
		}
	}
	return v
}

func TestTextbookFigures(t *testing.T) {
	for _, tc := range []struct {
		name, problem, search string
		value                 float64
		best                  string
		nodes, pruned         int
		leaves                []float64
	}{
		// AIMA Fig. 5.2: minimax value 3, best move a1; every leaf valued.
		{"fig5.2 minimax", fig52, "minimax", 3, "a1", 13, 0, []float64{3, 12, 8, 2, 4, 6, 14, 5, 2}},
		// AIMA Fig. 5.5: alpha-beta values 3, 12, 8, then 2 under C (whose
		// 4 and 6 are pruned: 2 ≤ α = 3), then 14, 5, 2 under D.
		{"fig5.5 alphabeta", fig52, "alphabeta", 3, "a1", 11, 2, []float64{3, 12, 8, 2, 14, 5, 2}},
		// A throw after MAX's move: 0.5·min(3,5) + 0.5·min(1,9) = 2 < 4.
		{"chance", "gametree [{0.5: [3,5], 0.5: [1,9]}, 4]", "expectiminimax", 4, "a2", 9, 0, []float64{3, 5, 1, 9, 4}},
		{"chance wins", "gametree [{0.25: [3,5], 0.75: [7,9]}, 4]", "expectiminimax", 6, "a1", 9, 0, []float64{3, 5, 7, 9, 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, evs := run(t, tc.problem, tc.search)
			r := s.Result()
			if r.Status != Done || r.Value != tc.value || r.Best != tc.best || r.Nodes != tc.nodes || r.Pruned != tc.pruned || r.Leaves != len(tc.leaves) {
				t.Errorf("result %+v, want value %g best %s nodes %d pruned %d leaves %d", r, tc.value, tc.best, tc.nodes, tc.pruned, len(tc.leaves))
			}
			if got := leavesDown(evs); !reflect.DeepEqual(got, tc.leaves) {
				t.Errorf("leaves valued %v, want %v", got, tc.leaves)
			}
			if len(evs) != 2*tc.nodes {
				t.Errorf("%d steps, want two per node (%d)", len(evs), 2*tc.nodes)
			}
		})
	}
}

// TestFig55Cut checks the event that cuts C in Fig. 5.5: the leaf 2 backs
// up into C, whose window becomes α = 3, β = 2, and c2, c3 are pruned.
func TestFig55Cut(t *testing.T) {
	_, evs := run(t, fig52, "alphabeta")
	var cut *Event
	for i := range evs {
		if len(evs[i].Pruned) > 0 {
			if cut != nil {
				t.Fatalf("two cuts: %+v and %+v", *cut, evs[i])
			}
			cut = &evs[i]
		}
	}
	if cut == nil {
		t.Fatal("no cut")
	}
	if cut.What != Up || cut.Value != 2 || cut.ParentValue != 2 || cut.Alpha != 3 || cut.Beta != 2 ||
		!reflect.DeepEqual(cut.Pruned, []string{"c2", "c3"}) || !strings.HasPrefix(cut.Why, "β ≤ α") {
		t.Errorf("cut %+v", *cut)
	}
	// The visit of C carries the window it is searched with: α = 3, β = +∞.
	for _, e := range evs {
		if e.What == Down && e.State == "C" && (e.Alpha != 3 || e.Beta < 1e308) {
			t.Errorf("C searched with α=%g β=%g, want 3, +∞", e.Alpha, e.Beta)
		}
	}
}

// countTree counts the nodes of the full tic-tac-toe game tree from the
// empty board with a plain recursion of its own (no engine code).
func countTree(board [9]byte, player byte) int {
	lines := [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}
	for _, l := range lines {
		if board[l[0]] != 0 && board[l[0]] == board[l[1]] && board[l[1]] == board[l[2]] {
			return 1
		}
	}
	n := 1
	other := byte('O')
	if player == 'O' {
		other = 'X'
	}
	for i := range board {
		if board[i] == 0 {
			board[i] = player
			n += countTree(board, other)
			board[i] = 0
		}
	}
	return n
}

// TestTicTacToeTree: from the empty board the game is a draw, and minimax
// generates every node of the game tree: 549,946 with the root, the count
// published by H. Bottomley, "How many Tic-Tac-Toe (noughts and crosses)
// games are possible?" (http://www.se16.info/hgb/tictactoe.htm: 549,946
// nodes, 255,168 games), and re-derived here by countTree.
func TestTicTacToeTree(t *testing.T) {
	const published = 549946
	if n := countTree([9]byte{}, 'X'); n != published {
		t.Fatalf("the plain counter finds %d nodes, the published count is %d", n, published)
	}
	g, _ := ParseProblem("tictactoe")
	for _, algo := range []string{"minimax", "alphabeta", "alphabeta order=eval"} {
		o, _ := ParseOptions(algo)
		s, err := New(g, o)
		if err != nil {
			t.Fatal(err)
		}
		s.Run(0)
		r := s.Result()
		if r.Status != Done || r.Value != 0 {
			t.Errorf("%s: %+v, want a draw", algo, r)
		}
		if algo == "minimax" && (r.Nodes != published || r.Leaves != 255168) {
			t.Errorf("minimax generated %d nodes and %d leaves, want %d and 255168", r.Nodes, r.Leaves, published)
		}
		if algo != "minimax" && (r.Nodes >= published || r.Pruned == 0) {
			t.Errorf("%s generated %d nodes, pruned %d: alpha-beta must prune", algo, r.Nodes, r.Pruned)
		}
	}
}

func TestGames(t *testing.T) {
	for _, tc := range []struct {
		problem, search string
		value           float64
		best            string
	}{
		{"tictactoe XX.OO....", "minimax", 1, "r1c3"},
		{"tictactoe XX.OO....", "alphabeta", 1, "r1c3"},
		{"tictactoe XX.OO...X", "minimax", 1, "r1c3"}, // O to move: blocking at r1c3 forks, the first win in row order
		{"tictactoe XOXOXO...", "alphabeta", 1, "r3c1"},
		{"tictactoe XXXOO....", "minimax", -1, ""}, // over: O to move has lost
		// Nim: a nim-sum of 0 loses for the player to move.
		{"nim 1,2,3", "alphabeta", -1, "h1-1"},
		{"nim 3,4,5", "alphabeta", 1, "h1-2"},
		{"nim 2,2", "minimax", -1, "h1-1"},
		{"tictactoe", "alphabeta depth=2", 0.1, "r2c2"},
	} {
		s, _ := run(t, tc.problem, tc.search)
		r := s.Result()
		if r.Status != Done || r.Value != tc.value || r.Best != tc.best {
			t.Errorf("%s / %s: %+v, want value %g best %q", tc.problem, tc.search, r, tc.value, tc.best)
		}
	}
}

func TestMCTS(t *testing.T) {
	a, evA := run(t, "tictactoe XX.OO....", "mcts iterations=400 seed=7")
	b, evB := run(t, "tictactoe XX.OO....", "mcts iterations=400 seed=7")
	if !reflect.DeepEqual(evA, evB) || a.Result() != b.Result() {
		t.Fatal("two MCTS runs with one seed differ")
	}
	if r := a.Result(); r.Best != "r1c3" || r.Steps != 400 || r.Leaves != 400 {
		t.Errorf("mcts: %+v, want the winning move r1c3 after 400 iterations", r)
	}
	c, _ := run(t, "tictactoe XX.OO....", "mcts iterations=400 seed=8")
	if reflect.DeepEqual(evA, mustEvents(t, c)) {
		t.Error("another seed gives the same iterations")
	}
	if len(evA[0].MCTS.Playout) == 0 && evA[0].MCTS.Expanded == "" {
		t.Errorf("first iteration %+v has no expansion", evA[0].MCTS)
	}
}

func mustEvents(t *testing.T, s *Search) []Event {
	t.Helper()
	_, evs := run(t, s.Game().Spec(), s.Options().String())
	return evs
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct{ problem, search, want string }{
		{"gametree [[1,2],[3", "minimax", "',' or ']'"},
		{"gametree [{0.5: [1], 0.4: [2]}]", "expectiminimax", "add up to 0.9"},
		{"gametree [{0.5: [1], 0.5: [2]}]", "alphabeta", "use expectiminimax"},
		{"gametree 3", "minimax", "single number"},
		{"gametree [1e999]", "minimax", "not a finite number"},
		{"tictactoe XXX......", "minimax", "3 X and 0 O"},
		{"tictactoe XX.", "minimax", "9 cells"},
		{"nim 3,16", "minimax", "0 to 15"},
		{"chess", "minimax", "unknown game"},
		{"nim 3", "alphabeta iterations=5", "options of mcts"},
		{"nim 3", "negamax", "unknown game search"},
		{"nim 3", "mcts depth=3", "depth= and order="},
	} {
		g, err := ParseProblem(tc.problem)
		if err == nil {
			var o Options
			o, err = ParseOptions(tc.search)
			if err == nil {
				_, err = New(g, o)
			}
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s / %s: error %v, want one saying %q", tc.problem, tc.search, err, tc.want)
		}
	}
}

func FuzzParseProblem(f *testing.F) {
	for _, s := range []string{fig52, "gametree [{0.5: [3,5], 0.5: [1,9]}, 4]", "tictactoe X.O......", "nim 3,4,5", "gametree [[[[1]]]]", "connect4 4453"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		g, err := ParseProblem(line)
		if err != nil {
			return
		}
		again, err := ParseProblem(g.Spec())
		if err != nil || again.Spec() != g.Spec() {
			t.Fatalf("%q parses to %q, which does not rebuild it: %v", line, g.Spec(), err)
		}
		o, _ := ParseOptions("expectiminimax maxnodes=2000")
		s, err := New(g, o)
		if err != nil {
			t.Fatal(err)
		}
		s.Run(5000)
	})
}
