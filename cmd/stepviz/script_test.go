package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"stepviz/internal/testenv"
)

func exampleScript(t *testing.T, name string) string {
	t.Helper()
	return filepath.Join(testenv.ModuleRoot(t), "examples", "scripts", name)
}

// TestScriptCommands: script problems and Starlark heuristics through the
// command line: solve, trace then replay, heuristic, and a failing script.
func TestScriptCommands(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.star")
	if err := os.WriteFile(bad, []byte("start = 0\ndef is_goal(s):\n    return False\ndef successors(s):\n    return [(\"up\", s + 1, -1)]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	trace := filepath.Join(dir, "jugs.json")
	grid := "grid S...../.##.../....G. moves=8"
	cases := []struct {
		name string
		args []string
		code int
		want []string // in stdout, or in stderr when the code is exitUsage
	}{
		{"solve jugs", []string{"solve", "-algo", "bfs", "-problem", "script " + exampleScript(t, "jugs.star") + " caps=3,5 target=4"}, exitOK, []string{"cost      6", "0/0 → 0/5"}},
		{"solve missionaries", []string{"solve", "-problem", "script " + exampleScript(t, "missionaries.star")}, exitOK, []string{"cost      11", "h=trips"}},
		{"trace", []string{"trace", "-algo", "bfs", "-format", "json", "-o", trace, "-problem", "script " + exampleScript(t, "jugs.star") + " caps=3,5 target=4"}, exitOK, nil},
		{"replay", []string{"replay", trace}, exitOK, nil},
		{"failing script", []string{"solve", "-problem", "script " + bad}, exitUsage, []string{"bad.star:4:1: in successors(0)", "the cost -1 is not a finite number > 0"}},
		{"missing script", []string{"solve", "-problem", "script " + filepath.Join(dir, "none.star")}, exitUsage, []string{"no such file"}},
		{"directory", []string{"solve", "-problem", "script " + dir}, exitUsage, []string{"is a directory, not a regular file"}},
		{"grid heuristic", []string{"solve", "-problem", grid, "-heuristics", exampleScript(t, "grid-heuristics.star"), "-h", "diagonal"}, exitOK, []string{"cost      5.414", "h=diagonal"}},
		{"trace with heuristics", []string{"trace", "-format", "json", "-o", filepath.Join(dir, "grid.json"), "-problem", grid, "-heuristics", exampleScript(t, "grid-heuristics.star"), "-h", "diagonal"}, exitOK, nil},
		{"replay with heuristics", []string{"replay", filepath.Join(dir, "grid.json")}, exitOK, nil},
		{"heuristic admissible", []string{"heuristic", "-problem", grid, "-heuristics", exampleScript(t, "grid-heuristics.star"), "-h", "diagonal"}, exitOK, []string{"admissible  yes", "consistent  yes"}},
		{"heuristic of the file by default", []string{"heuristic", "-problem", grid, "-heuristics", exampleScript(t, "grid-heuristics.star")}, exitOK, []string{"heuristic diagonal over all", "admissible  yes"}},
		{"heuristic not admissible", []string{"heuristic", "-problem", grid, "-h", "manhattan"}, exitNo, []string{"admissible  NO: 7 states", "0,0  h = 6 > h* = 5.414"}},
		{"heuristic of a script", []string{"heuristic", "-problem", "script " + exampleScript(t, "missionaries.star")}, exitOK, []string{"heuristic trips over all 16 reachable states", "admissible  yes"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, c.args...)
			if code != c.code {
				t.Fatalf("exit code %d, want %d\nstdout %s\nstderr %s", code, c.code, out, errOut)
			}
			text := out
			if c.code == exitUsage {
				text = errOut
			}
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("output\n%s\nlacks %q", text, w)
				}
			}
		})
	}
}
