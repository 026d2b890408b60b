package game

import "testing"

func TestConnectFour(t *testing.T) {
	if len(c4Lines()) != 69 {
		t.Fatalf("%d lines of four, want 69 (24 horizontal, 21 vertical, 24 diagonal)", len(c4Lines()))
	}
	for _, tc := range []struct {
		problem, search string
		value           float64
		best            string
	}{
		// X has 4,4,4 in column 4 (O in 3,3): X wins at once in column 4.
		{"connect4 434343", "alphabeta depth=2", 1, "4"},
		// O to move must block column 4, or X wins next.
		{"connect4 43434", "alphabeta depth=3", 0, "4"},
		// X to move with 1,2,3 in the bottom row open at 4: wins in column 4.
		{"connect4 152535", "minimax depth=1", 1, "4"},
		// Both ends open (columns 2, 3, 4 taken by X): a win whatever O does, in three plies.
		{"connect4 2737", "alphabeta depth=3", 1, "4"},
	} {
		s, evs := run(t, tc.problem, tc.search)
		r := s.Result()
		if r.Status != Done || (tc.value != 0 && r.Value != tc.value) || (tc.value == 0 && (r.Value <= -1 || r.Value >= 1)) || r.Best != tc.best {
			t.Errorf("%s / %s: %+v, want value %g best %s", tc.problem, tc.search, r, tc.value, tc.best)
		}
		fast, _ := New(s.Game(), s.Options())
		fast.Run(0)
		if fast.Result() != r || len(evs) != 2*r.Nodes {
			t.Errorf("%s / %s: Run %+v, stepping %+v", tc.problem, tc.search, fast.Result(), r)
		}
	}
	// Best-first ordering by the evaluation prunes more than the natural
	// order at the same depth, and finds the same value.
	nat, _ := run(t, "connect4 44", "alphabeta depth=5")
	ord, _ := run(t, "connect4 44", "alphabeta depth=5 order=eval")
	if nat.Result().Value != ord.Result().Value || ord.Result().Nodes >= nat.Result().Nodes {
		t.Errorf("natural %+v, ordered %+v", nat.Result(), ord.Result())
	}
	for _, bad := range []string{"connect4 48", "connect4 4444444", "connect4 12121212"} {
		if _, err := ParseProblem(bad); err == nil {
			t.Errorf("%s parses", bad)
		}
	}
	g, _ := ParseProblem("connect4 4453")
	if got := g.StateName(g.Root()); got != "......./......./......./......./...O.../..OXX.." {
		t.Errorf("board %s", got)
	}
}
