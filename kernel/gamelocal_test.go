package kernel

import (
	"context"
	"strings"
	"testing"
)

// runCells runs cells in one session and returns each cell's outputs.
func runCells(t *testing.T, s *Session, cells ...string) [][]Output {
	t.Helper()
	var out [][]Output
	for _, c := range cells {
		o, err := s.Run(context.Background(), c)
		if err != nil {
			t.Fatalf("cell %q: %v", c, err)
		}
		out = append(out, o)
	}
	return out
}

// TestGameLocalCells: the cell language sets game and local problems,
// searches them and steps, runs, backs and resets, each view drawing the
// view's SVG at the step (AIMA Fig. 5.5's cut at step 12); back replays
// to the same view; other problems' commands are refused in words.
func TestGameLocalCells(t *testing.T) {
	s := NewSession(Config{StepPictures: true})
	outs := runCells(t, s,
		"gametree [[3,12,8],[2,4,6],[14,5,2]]",
		"search alphabeta",
		"step 12",
		"step 3\nback 3",
		"run",
		"export md",
	)
	step12 := outs[2][0]
	for _, want := range []string{`data-window="[α=3, β=2]"`, `class="node pruned"`, "β ≤ α: 2 ≤ 3", "<svg "} {
		if !strings.Contains(step12.HTML, want) {
			t.Errorf("step 12's view lacks %q", want)
		}
	}
	if !strings.Contains(step12.Text, "prune c2, c3: β ≤ α: 2 ≤ 3") || step12.DisplayID == "" {
		t.Errorf("step 12 text %q display %q", step12.Text, step12.DisplayID)
	}
	back := outs[3][len(outs[3])-1]
	if back.HTML != step12.HTML || back.DisplayID == step12.DisplayID {
		t.Errorf("back to step 12 draws another view (or updates an earlier cell's)")
	}
	if end := outs[4][0].Text; !strings.Contains(end, "value 3 for MAX, best move a1, principal variation a1 b1") {
		t.Errorf("run: %q", end)
	}
	if md := outs[5][0].Text; !strings.Contains(md, "| 12 | 2 | 2 | 3 | 2 |") {
		t.Errorf("export md: %q", md)
	}

	outs = runCells(t, s, "queens 8 seed=3", "search hillclimb sideways=10", "run")
	if q := outs[2][0]; !strings.Contains(q.Text, "solved") || !strings.Contains(q.HTML, `class="queen"`) || !strings.Contains(q.HTML, `data-h="0"`) {
		t.Errorf("queens run: %q", q.Text)
	}
	outs = runCells(t, s, "tictactoe XO.X.O...", "search mcts iterations=30 seed=1", "step 5")
	if m := outs[2][0]; !strings.Contains(m.Text, "selection: ") || !strings.Contains(m.HTML, " wins") {
		t.Errorf("mcts step: %q", m.Text)
	}

	for _, tc := range []struct{ cells, want string }{
		{"nim 1,2\nsearch astar", "on this problem write search minimax"},
		{"queens 6\nsearch minimax", "minimax cannot search queens"},
		{"puzzle 283164705 goal=123804765\nsearch hillclimb", "needs a game or a local-search problem first"},
		{"gametree [[1,2]]\nstep", "no search yet"},
		{"gametree [[1,2]]\nsearch minimax\ncompare astar", "compare works on puzzles"},
		{"gametree [[1,2]]\nsearch minimax\nexport tree-svg", "a game search exports as jsonl, json, csv, md, tex, svg, dot, html, posthoc, ipynb, not tree-svg"},
	} {
		_, err := NewSession(Config{}).Run(context.Background(), tc.cells)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.cells, err, tc.want)
		}
	}
	// A puzzle after a game works as before.
	if _, err := s.Run(context.Background(), "puzzle 283164705 goal=123804765\nsearch astar\nstep 2"); err != nil {
		t.Errorf("a puzzle after a game: %v", err)
	}
}

// TestGameLocalComplete: after a game problem, search completes the game
// searches; after a local one, the local searches.
func TestGameLocalComplete(t *testing.T) {
	s := NewSession(Config{})
	for _, tc := range []struct{ problem, prefix, want string }{
		{"nim 1,2", "search al", "alphabeta"},
		{"queens 8", "search an", "anneal"},
	} {
		if _, err := s.Run(context.Background(), tc.problem); err != nil {
			t.Fatal(err)
		}
		m, _, _ := s.Complete(tc.prefix, len(tc.prefix))
		if len(m) != 1 || m[0] != tc.want {
			t.Errorf("%s: %q completes to %v, want %s", tc.problem, tc.prefix, m, tc.want)
		}
	}
}
