package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestSolveGames runs `stepviz solve -json` on games and checks the
// fields docs/cli.md promises against AIMA's figures and known values.
func TestSolveGames(t *testing.T) {
	for _, tc := range []struct {
		args                  []string
		value                 float64
		best                  string
		nodes, leaves, pruned int
	}{
		{[]string{"-algo", "minimax", "-problem", "gametree [[3,12,8],[2,4,6],[14,5,2]]"}, 3, "a1", 13, 9, 0},
		{[]string{"-algo", "alphabeta", "gametree", "[[3,12,8],", "[2,4,6],", "[14,5,2]]"}, 3, "a1", 11, 7, 2},
		{[]string{"-algo", "minimax", "-problem", "tictactoe"}, 0, "r1c1", 549946, 255168, 0},
		{[]string{"-algo", "expectiminimax", "-problem", "gametree [{0.5: [3,5], 0.5: [1,9]}, 4]"}, 4, "a2", 9, 5, 0},
		{[]string{"-problem", "nim 1,2,3", "-depth", "3"}, 0, "h1-1", -1, -1, -1},
		// X wins at once in column 4.
		{[]string{"-problem", "connect4 434343", "-depth", "2", "-order", "eval"}, 1, "4", -1, -1, -1},
	} {
		code, out, errOut := runCmd(t, append([]string{"solve", "-json"}, tc.args...)...)
		if code != exitOK {
			t.Fatalf("%v: exit %d, %s", tc.args, code, errOut)
		}
		var r struct {
			Value                 float64
			Best                  string
			Nodes, Leaves, Pruned int
			Status                string
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		if r.Status != "done" || r.Value != tc.value || r.Best != tc.best ||
			(tc.nodes >= 0 && (r.Nodes != tc.nodes || r.Leaves != tc.leaves || r.Pruned != tc.pruned)) {
			t.Errorf("%v: %+v", tc.args, r)
		}
	}
}

func TestSolveLocal(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		code   int
		status string
	}{
		{[]string{"-algo", "hillclimb", "-sideways", "100", "-seed", "3", "-problem", "queens 8 seed=3"}, exitOK, "solved"},
		{[]string{"-algo", "hillclimb seed=1", "-problem", "queens 8 seed=1"}, exitNo, "stuck"},
		{[]string{"-algo", "anneal", "-schedule", "exp:20,0.005,20000", "-seed", "2", "-problem", "queens 8 seed=5"}, exitOK, "solved"},
		{[]string{"-algo", "genetic", "-population", "50", "-generations", "3", "-problem", "queens 8 seed=2"}, exitNo, "limit reached"},
		{[]string{"-algo", "hillclimb", "-problem", "tsp 12 seed=2"}, exitOK, "stuck"},
	} {
		code, out, errOut := runCmd(t, append([]string{"solve", "-json"}, tc.args...)...)
		var r struct {
			Status   string
			Steps    int
			H        float64
			Restarts int
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%v: %v (%s)", tc.args, err, errOut)
		}
		if code != tc.code || r.Status != tc.status || r.Steps == 0 {
			t.Errorf("%v: exit %d %+v, want exit %d status %s", tc.args, code, r, tc.code, tc.status)
		}
	}
}

func TestSolveFamilyErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-algo", "alphabeta", "-problem", "gametree [{0.5: [1], 0.5: [2]}]"}, "cannot search chance nodes: use expectiminimax"},
		{[]string{"-algo", "astar", "-problem", "tictactoe"}, `unknown game search "astar"`},
		{[]string{"-algo", "anneal", "-sideways", "3", "-problem", "queens 8"}, "options of hillclimb and stochastic"},
		{[]string{"-problem", "queens 2"}, "from 4 to"},
	} {
		code, _, errOut := runCmd(t, append([]string{"solve"}, tc.args...)...)
		if code != exitUsage || !strings.Contains(errOut, tc.want) || strings.Contains(errOut, "game:") {
			t.Errorf("%v: exit %d, stderr %q, want it to say %q", tc.args, code, errOut, tc.want)
		}
	}
}
