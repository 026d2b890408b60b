package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeAnswer(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCheckCommand(t *testing.T) {
	romania := []string{"check", "-problem", "graph romania", "-algo", "astar"}
	tests := []struct {
		name, file, text string
		code             int
		want             string
	}{
		{"correct csv", "a.csv", "step,node,g,h,f\n1,Arad,0,366,366\n2,Sibiu,140,253,393\n3,Rimnicu_Vilcea,220,193,413\n", exitOK, "correct: all 3 steps match"},
		{"wrong csv", "a.csv", "step,node,g,h,f\n1,Arad,0,366,366\n2,Sibiu,140,253,393\n3,Fagaras,239,176,415\n", exitNo,
			"first difference at step 3 (" /* path */},
		{"open lists md", "a.md", "| step | open |\n|---|---|\n| 1 | Sibiu; Timisoara; Zerind |\n| 2 | Rimnicu_Vilcea; Fagaras; Timisoara; Oradea; Zerind |\n", exitNo,
			"after step 2 your open list has Oradea (f=671) at number 4 but Zerind (f=449) comes first"},
		{"wrong columns", "a.csv", "step,nodes,f\n1,Arad,366\n", exitUsage, "line 1, column 2: unknown column \"nodes\" (did you mean node?)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := writeAnswer(t, tt.file, tt.text)
			code, stdout, stderr := runCmd(t, append(romania, p)...)
			if code != tt.code || !strings.Contains(stdout+stderr, tt.want) {
				t.Errorf("exit %d, output %q %q; want exit %d saying %q", code, stdout, stderr, tt.code, tt.want)
			}
		})
	}
	if code, _, stderr := runCmd(t, romania...); code != exitUsage || !strings.Contains(stderr, "give one answer sheet") {
		t.Errorf("no sheet: exit %d, %q", code, stderr)
	}
}

// TestCheckHeuristicQuestion grades the heuristic question's rows alone,
// after a hand trace, and with a Starlark heuristic (-heuristics), and the
// worksheet's own key for it.
func TestCheckHeuristicQuestion(t *testing.T) {
	grid := []string{"-problem", "grid S..../...../....G moves=8", "-algo", "astar", "-h", "manhattan"}
	star := writeAnswer(t, "dip.star", "def h_dip(s):\n    if s == (3, 2):\n        return 0\n    return abs(s[0] - goal[0]) + abs(s[1] - goal[1])\n")
	dip := []string{"-problem", "grid S..../...../....G moves=4", "-algo", "astar", "-heuristics", star, "-h", "dip"}
	mc := []string{"-problem", "script " + exampleScript(t, "missionaries.star")}
	tests := []struct {
		name  string
		args  []string
		file  string
		text  string
		code  int
		wants []string
	}{
		{"right", grid, "a.csv", "question,answer,n,n',h(n),h*(n),c(n n'),h(n')\nadmissible,no,\"3,0\",,3,2.414\nconsistent,no,\"2,1\",\"3,2\",3,,1.414,1\n", exitOK,
			[]string{"admissible (line 2): right: at 3,0: h = 3 > h* = 2.414", "correct: the heuristic answers are right (graded: admissible, consistent)"}},
		{"wrong yes", grid, "a.csv", "admissible,yes\n", exitNo, []string{"admissible (line 1): wrong: h is not admissible", "heuristic question: not all right"}},
		{"trace and question", grid, "a.csv", "step,node,g,h,f\n1,\"0,0\",0,6,6\nadmissible,no,\"0,0\",,6,4.83\n", exitOK,
			[]string{"correct: all 1 steps match", "admissible (line 3): right"}},
		{"wrong trace, right question", grid, "a.csv", "step,node,g,h,f\n1,\"0,0\",0,5,5\nadmissible,no,\"0,0\",,6,4.83\n", exitNo,
			[]string{"first difference at step 1", "admissible (line 3): right"}},
		{"starlark right", dip, "a.md", "| question | answer | n | n' | h(n) | h*(n) | c(n,n') | h(n') |\n|---|---|---|---|---|---|---|---|\n| admissible | yes | | | | | | |\n| consistent | no | 2,2 | 3,2 | 2 | | 1 | 0 |\n", exitOK,
			[]string{"consistent (line 4): right: on 2,2 -> 3,2: h(n) = 2 > c(n, n') + h(n') = 1 + 0"}},
		{"starlark bogus edge", dip, "a.csv", "consistent,no,\"0,0\",\"1,0\",6,,1,5\n", exitNo, []string{"h(n) = 6 <= c(n, n') + h(n') = 1 + 5: not a counterexample"}},
		{"script problem right", mc, "a.csv", "admissible,yes\nconsistent,yes\n", exitOK, []string{"admissible (line 1): right: h never exceeds h* over all 16 reachable states"}},
		{"script problem bogus", mc, "a.csv", "admissible,no,3m3c b~~ 0m0c,,5,11\n", exitNo,
			[]string{"at 3M3C B~~ 0M0C: h = 5 <= h* = 11: not a counterexample; in fact h is admissible"}},
		{"malformed", grid, "a.csv", "admissible,perhaps\n", exitUsage, []string{`column 2 (answer): "perhaps": write yes or no`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := writeAnswer(t, tt.file, tt.text)
			code, stdout, stderr := runCmd(t, append(append([]string{"check"}, tt.args...), p)...)
			for _, w := range tt.wants {
				if code != tt.code || !strings.Contains(stdout+stderr, w) {
					t.Errorf("exit %d, output %q %q; want exit %d saying %q", code, stdout, stderr, tt.code, w)
				}
			}
		})
	}
	t.Run("worksheet key", func(t *testing.T) {
		dir := t.TempDir()
		sheet := filepath.Join(dir, "h.md")
		args := append([]string{"worksheet", "-steps", "2", "-blank", "order,heuristic", "-o", sheet}, dip...)
		if code, _, stderr := runCmd(t, args...); code != exitOK {
			t.Fatalf("worksheet: exit %d: %s", code, stderr)
		}
		code, stdout, stderr := runCmd(t, append(append([]string{"check"}, dip...), filepath.Join(dir, "h-key.md"))...)
		if code != exitOK || !strings.Contains(stdout, "consistent (line") || !strings.Contains(stdout, "correct: the heuristic answers are right") {
			t.Errorf("the key graded: exit %d %q %q", code, stdout, stderr)
		}
	})
}
