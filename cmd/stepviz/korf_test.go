package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"stepviz/internal/testenv"
)

func TestKorfCommand(t *testing.T) {
	table := testenv.Data(t, "korf100.txt")
	code, out, stderr := runCmd(t, "korf", "-file", table, "-smallest", "3", "-j", "2", "-json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep korfReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Instances != 3 || rep.Mismatches != 0 || rep.Nodes != 540860+546344+877823 {
		t.Errorf("report %+v", rep)
	}
	// A* stops at its node cap: the lecture's point.
	code, out, _ = runCmd(t, "korf", "-file", table, "-ids", "1", "-search", "astar maxnodes=50000")
	if code != exitNo || !strings.Contains(out, "limit reached") || !strings.Contains(out, "stopped at the node cap") {
		t.Errorf("A* on #1: exit %d\n%s", code, out)
	}
	bad := filepath.Join(t.TempDir(), "bad.txt")
	os.WriteFile(bad, []byte("1 2 3\n"), 0o644)
	for _, args := range [][]string{
		{"korf", "-file", bad},
		{"korf", "-file", t.TempDir()},
		{"korf", "-file", table, "-ids", "7,x"},
		{"korf", "-file", table, "-ids", "101"},
	} {
		code, _, stderr := runCmd(t, args...)
		if code != exitUsage || !strings.HasPrefix(stderr, "stepviz korf: ") {
			t.Errorf("%v: exit %d, %q", args, code, stderr)
		}
	}
}

// TestSolveBidirectional: solve -json reports a bidirectional search with
// its one-directional counterpart, and its moves lead from start to goal.
func TestSolveBidirectional(t *testing.T) {
	code, out, stderr := runCmd(t, "solve", "-problem", "puzzle 867254301", "-algo", "bibfs", "-json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r solveResult
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Cost != 31 || len(r.Moves) != 31 || r.OneWay == nil || r.OneWay.Cost != 31 || r.OneWay.Expanded <= r.Expanded {
		t.Fatalf("bibfs: cost %v, %d moves, one-way %+v, expanded %d", r.Cost, len(r.Moves), r.OneWay, r.Expanded)
	}
	// replay the moves: the blank slides up, down, left or right
	b := []byte("867254301")
	blank := strings.IndexByte(string(b), '0')
	for i, m := range r.Moves {
		to := blank + map[string]int{"up": -3, "down": 3, "left": -1, "right": 1}[m]
		b[blank], b[to] = b[to], b[blank]
		blank = to
		if string(b) != r.Path[i+1] {
			t.Fatalf("move %d %s gives %s, path says %s", i+1, m, b, r.Path[i+1])
		}
	}
}
