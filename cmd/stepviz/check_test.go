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
