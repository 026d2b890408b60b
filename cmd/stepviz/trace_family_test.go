package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTraceFamilies: trace exports game and local searches in every
// format they take, to a file named by its extension or to stdout, with
// the family's options as flags; a format that does not fit is refused
// naming those that do.
func TestTraceFamilies(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		out  string // "" stdout
		want string
	}{
		{[]string{"-problem", "gametree [[3,12,8],[2,4,6],[14,5,2]]", "-format", "md"}, "", "prune c2, c3: β ≤ α: 2 ≤ 3"},
		{[]string{"-problem", "gametree [[3,12,8],[2,4,6],[14,5,2]]", "-algo", "minimax"}, "fig52.csv", "12,up,"},
		{[]string{"-problem", "gametree [[3,12,8],[2,4,6],[14,5,2]]", "-steps", "12"}, "fig55.svg", `data-window="[α=3, β=2]"`},
		{[]string{"-problem", "gametree [[3,12,8],[2,4,6],[14,5,2]]"}, "fig55.dot", "β ≤ α: 2 ≤ 3"},
		{[]string{"-problem", "tictactoe XO.X.O...", "-algo", "mcts", "-iterations", "20", "-seed", "4"}, "mcts.jsonl", `"what":"iteration"`},
		{[]string{"-problem", "nim 1,2", "-algo", "alphabeta", "-depth", "2"}, "", `"problem":"nim 1,2"`},
		{[]string{"-problem", "queens 8 seed=3", "-sideways", "10", "-format", "md"}, "", "stopped: h = 0: a solution"},
		{[]string{"-problem", "queens 8 seed=3", "-algo", "anneal", "-seed", "1"}, "q.svg", `class="queen"`},
		{[]string{"-problem", "tsp 8 seed=1"}, "t.csv", "h_before"},
		{[]string{"-problem", "gametree [[3,12,8],[2,4,6],[14,5,2]]"}, "fig55.tex", `pruned\\ $\beta$ $\le$ $\alpha$: 2 $\le$ 3`},
		{[]string{"-problem", "queens 8 seed=3", "-format", "tex"}, "", `\subsection*{The board after step`},
		{[]string{"-problem", "gametree [[3,12,8],[2,4,6],[14,5,2]]", "-algo", "alphabeta"}, "fig55.json", `"pv": [`},
		{[]string{"-problem", "queens 8 seed=1", "-algo", "hillclimb", "-format", "json"}, "", `"format": "stepviz-local-steps"`},
		{[]string{"-problem", "gametree [[3,12,8],[2,4,6],[14,5,2]]", "-algo", "alphabeta", "-format", "posthoc"}, "", `"fate": "pruned"`},
		{[]string{"-problem", "queens 8 seed=1", "-algo", "hillclimb"}, "q.ipynb", `"search hillclimb`},
	} {
		args := append([]string{"trace"}, tc.args...)
		path := ""
		if tc.out != "" {
			path = filepath.Join(dir, tc.out)
			args = append(args, "-o", path)
		}
		code, stdout, stderr := runCmd(t, args...)
		if code != exitOK {
			t.Errorf("%v: exit %d: %s", tc.args, code, stderr)
			continue
		}
		got := stdout
		if path != "" {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			got = string(data)
		}
		if !strings.Contains(got, tc.want) {
			t.Errorf("%v: output lacks %q:\n%.400s", tc.args, tc.want, got)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-problem", "gametree [[3,12,8]]", "-format", "tree-svg"}, "a game search exports as jsonl, json, csv, md, tex, svg, dot, html, posthoc, ipynb, not tree-svg"},
		{[]string{"-problem", "queens 8", "-format", "posthoc"}, "a local search keeps no tree"},
		{[]string{"-problem", "queens 8", "-format", "dot"}, "a local search exports as jsonl, json, csv, md, tex, svg, html, ipynb, not dot"},
		{[]string{"-problem", "gametree [{0.5: [1,2], 0.5: [3]}]", "-algo", "alphabeta"}, "use expectiminimax"},
	} {
		code, _, stderr := runCmd(t, append([]string{"trace"}, tc.args...)...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) || strings.Contains(stderr, "export:") {
			t.Errorf("%v: exit %d %q, want %q", tc.args, code, stderr, tc.want)
		}
	}
}

// TestGameWorksheetAndCheck is the lecturer's path: worksheet writes the
// sheet and its key beside it, check grades the key as correct (exit 0)
// and the empty sheet as wrong at its first row (exit 1).
func TestGameWorksheetAndCheck(t *testing.T) {
	dir := t.TempDir()
	sheet := filepath.Join(dir, "fig55.md")
	code, _, stderr := runCmd(t, "worksheet", "-problem", "gametree [[3,12,8],[2,4,6],[14,5,2]]", "-algo", "alphabeta", "-o", sheet)
	if code != exitOK {
		t.Fatalf("worksheet: exit %d: %s", code, stderr)
	}
	key := filepath.Join(dir, "fig55-key.md")
	code, stdout, stderr := runCmd(t, "check", "-problem", "gametree [[3,12,8],[2,4,6],[14,5,2]]", "-algo", "alphabeta", key)
	if code != exitOK || !strings.Contains(stdout, "correct: all 13 nodes match alphabeta (graded: values, pruned)") {
		t.Errorf("check key: exit %d: %s %s", code, stdout, stderr)
	}
	code, stdout, _ = runCmd(t, "check", "-q", "-problem", "gametree [[3,12,8],[2,4,6],[14,5,2]]", sheet)
	if code != exitNo || !strings.Contains(stdout, "line 15): A: no value written; alpha-beta backs up 3 to A") {
		t.Errorf("check blank sheet: exit %d: %s", code, stdout)
	}
	code, _, stderr = runCmd(t, "worksheet", "-problem", "gametree [[3,12,8],[2,4,6],[14,5,2]]", "-algo", "minimax", "-blank", "pruned")
	if code != exitUsage || !strings.Contains(stderr, "minimax prunes nothing") {
		t.Errorf("minimax -blank pruned: exit %d: %s", code, stderr)
	}
}

// TestLocalWorksheetAndCheck: worksheet writes a hill-climbing sheet and
// its key, check grades the key correct (exit 0) and the empty sheet
// wrong at its first row (exit 1); a game's tex key is graded too.
func TestLocalWorksheetAndCheck(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ problem, sheet string }{
		{"queens 6 seed=2", "q.md"},
		{"gametree [[3,12,8],[2,4,6],[14,5,2]]", "fig55.tex"},
	} {
		sheet := filepath.Join(dir, c.sheet)
		if code, _, stderr := runCmd(t, "worksheet", "-problem", c.problem, "-o", sheet); code != exitOK {
			t.Fatalf("worksheet %s: exit %d: %s", c.problem, code, stderr)
		}
		ext := filepath.Ext(sheet)
		code, stdout, _ := runCmd(t, "check", "-problem", c.problem, strings.TrimSuffix(sheet, ext)+"-key"+ext)
		if code != exitOK || !strings.Contains(stdout, "correct: all") {
			t.Errorf("%s key: exit %d: %s", c.problem, code, stdout)
		}
		code, stdout, _ = runCmd(t, "check", "-problem", c.problem, sheet)
		if code != exitNo || !strings.Contains(stdout, "first difference ("+sheet+" line ") {
			t.Errorf("%s empty sheet: exit %d: %s", c.problem, code, stdout)
		}
	}
}
