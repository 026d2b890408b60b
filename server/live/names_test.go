package live

import (
	"strings"
	"testing"
)

// TestLiveTableNamesPositions: the live page's node table (and the
// pruned branches' list) names a tic-tac-toe or connect four board with
// no mark "the empty board" and a tic-tac-toe board by its rows joined by
// '/', as the narration does, and a connect four board by its lowest rows
// (by its move when more than two rows hold a piece); an explicit tree's
// node by its letter.
func TestLiveTableNamesPositions(t *testing.T) {
	for _, c := range []struct {
		problem, algo string
		step          int
		names         []string // the table's rows: the path, then the others
		cutOf         string   // the first pruned branch's parent, "" for none
	}{
		{"tictactoe", "alphabeta", 0, []string{"the empty board"}, ""},
		{"tictactoe", "alphabeta", 3, []string{"the empty board", "X../.../...", "XO./.../..."}, ""},
		{"tictactoe XO.XO....", "alphabeta", 10, []string{"XO./XO./...", "XOX/XO./...", "XOX/XOO/...", "XOX/XOO/.X.", "XOX/XOO/X..", "XOX/XOO/OX.", "XOX/XOO/OXX"}, "XOX/XOO/.X."},
		{"connect4", "minimax depth=2", 3, []string{"the empty board", "X......", "O....../X......"}, ""},
		{"connect4 4453", "minimax depth=2", 2, []string{"...O.../..OXX..", "...O.../X.OXX.."}, ""},
		{"gametree [[3,12,8],[2,4,6],[14,5,2]]", "alphabeta", 12, []string{"A", "C", "B", "3", "12", "8", "2"}, "C"},
	} {
		t.Run(c.problem+" "+c.algo, func(t *testing.T) {
			l, err := NewSearch(c.problem, c.algo, testMaxNodes)
			if err != nil {
				t.Fatal(err)
			}
			if err := l.seek(c.step); err != nil {
				t.Fatal(err)
			}
			f, err := l.frame()
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, n := range f.Nodes {
				names = append(names, n.Name)
			}
			if strings.Join(names, " | ") != strings.Join(c.names, " | ") {
				t.Errorf("the table's rows at step %d are named %q: want %q", c.step, names, c.names)
			}
			if c.cutOf != "" && (len(f.Cut) == 0 || f.Cut[0].Of != c.cutOf) {
				t.Errorf("the pruned branches at step %d are %+v: want the first under %q", c.step, f.Cut, c.cutOf)
			}
		})
	}
}
