package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"stepviz/internal/testenv"
)

// TestSolveScriptFamilies: `stepviz solve` searches a Starlark game with
// the game searches and a Starlark local-search problem with the local
// ones, as it does the built-in games and problems they mirror, and a
// script that fails mid-search ends with its error.
func TestSolveScriptFamilies(t *testing.T) {
	root := testenv.ModuleRoot(t)
	ttt := "script " + filepath.Join(root, "examples", "games", "tictactoe.star")
	queens := "script " + filepath.Join(root, "examples", "local", "queens.star") + " n=8 seed=3"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-algo", "alphabeta", "-problem", ttt}, `"value": 0`},
		{[]string{"-algo", "alphabeta", "-problem", ttt}, `"nodes": 18297`},
		{[]string{"-algo", "minimax", "-problem", ttt + " board=XX.OO....", "-depth", "2"}, `"best": "r1c3"`},
		{[]string{"-algo", "hillclimb", "-sideways", "100", "-problem", queens}, `"state": "4,6,8,2,7,1,3,5"`},
	} {
		code, out, errOut := runCmd(t, append([]string{"solve", "-json"}, tc.args...)...)
		if code != exitOK || !strings.Contains(out, tc.want) {
			t.Errorf("%v: exit %d, %s %s; want %s", tc.args, code, out, errOut, tc.want)
		}
	}

	bad := filepath.Join(t.TempDir(), "bad.star")
	src := "initial = 2\ndef to_move(s):\n    return s % 2\ndef actions(s):\n    return [1]\ndef result(s, a):\n    return s - a\ndef is_terminal(s):\n    return s == 0\ndef utility(s, p):\n    return \"win\"\n"
	if err := os.WriteFile(bad, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCmd(t, "solve", "-json", "-algo", "minimax", "-problem", "script "+bad)
	var r struct{ Status, Error string }
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if code != exitNo || r.Status != "failed" || !strings.Contains(errOut, "bad.star:10:1: in utility(0, 0)") {
		t.Errorf("a failing game: exit %d, %+v, stderr %q", code, r, errOut)
	}
}
