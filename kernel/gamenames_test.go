package kernel

import (
	"strings"
	"testing"
)

// TestGameCellsNamePositions: a game problem's cell, a search's first
// view and a step's narration name a tic-tac-toe or connect four board as
// a reader reads it: "the empty board", a tic-tac-toe board by its rows
// joined by '/'.
func TestGameCellsNamePositions(t *testing.T) {
	for _, c := range []struct {
		problem, search string
		start, said     string // the problem's start line; what the search's view at step 2 says
	}{
		{"tictactoe", "search alphabeta", "start: the empty board (MAX to move)", "visit X../.../... by r1c1"},
		{"tictactoe XO.X.O...", "search minimax", "start: XO./X.O/... (MAX to move)", "visit XOX/X.O/... by r1c3"},
		{"connect4", "search minimax depth=1", "start: the empty board (MAX to move)", "visit leaf X...... by 1"},
	} {
		t.Run(c.problem, func(t *testing.T) {
			outs := runCells(t, NewSession(Config{}), c.problem, c.search+"\nstep 2")
			if got := outs[0][0].Text; !strings.Contains(got, c.start) {
				t.Errorf("the problem's cell says %q: want %q", got, c.start)
			}
			if got := outs[1][len(outs[1])-1].Text; !strings.Contains(got, c.said) {
				t.Errorf("step 2 says %q: want %q", got, c.said)
			}
		})
	}
}
