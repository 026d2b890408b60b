package game

import (
	"strings"
	"testing"
)

// TestViewStart: before step 1 a depth-first search's view holds no node
// and its Start is the root (its state, turn, status Start, ID 0), and
// its narration says what step 1 does; from step 1 on Start is nil. MCTS
// holds its root in Nodes from the start. Board is tic-tac-toe's 3.
func TestViewStart(t *testing.T) {
	for _, c := range []struct {
		problem, search, state string
		turn                   Turn
		board                  int
		says                   string
	}{
		{"gametree [[3,12,8],[2,4,6],[14,5,2]]", "alphabeta", "A", Max, 0, "start: the root A (MAX to move) is not visited yet; step 1 visits it with [α=−∞, β=+∞]"},
		{"tictactoe XOXOXO...", "minimax", "XOXOXO...", Max, 3, "step 1 visits it, then each step"},
		{"tictactoe XOXOXOX..", "minimax", "XOXOXOX..", Max, 3, "step 1 visits it: the game is already over there"},
		{"gametree [{0.5: [1, 2], 0.5: [3, 4]}]", "expectiminimax", "", Max, 0, "(MAX to move)"},
	} {
		t.Run(c.problem, func(t *testing.T) {
			v := viewAt(t, c.problem, c.search, 0)
			if len(v.Nodes) != 0 || v.Start == nil {
				t.Fatalf("step 0: %d nodes, Start %v: want none and the root", len(v.Nodes), v.Start)
			}
			s := v.Start
			if s.ID != 0 || s.Parent != -1 || s.Turn != c.turn || s.Status != Start || (c.state != "" && s.State != c.state) {
				t.Errorf("Start is %+v: want the root %q, %s", *s, c.state, c.turn)
			}
			if v.Board != c.board || !strings.Contains(v.Says, c.says) {
				t.Errorf("Board %d, says %q: want %d, %q", v.Board, v.Says, c.board, c.says)
			}
			if one := viewAt(t, c.problem, c.search, 1); one.Start != nil || len(one.Nodes) != 1 || one.Nodes[0].State != s.State {
				t.Errorf("step 1: Start %v, %d nodes: want nil and the root visited", one.Start, len(one.Nodes))
			}
		})
	}
	if v := viewAt(t, "tictactoe", "mcts iterations=5 seed=1", 0); v.Start != nil || len(v.Nodes) != 1 || !strings.Contains(v.Says, "step 1 runs the first") {
		t.Errorf("MCTS at step 0: Start %v, %d nodes, says %q: want its root in Nodes", v.Start, len(v.Nodes), v.Says)
	}
}
