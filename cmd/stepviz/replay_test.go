package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// traceFile writes a JSON trace with stepviz trace and returns its path.
func traceFile(t *testing.T, args ...string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "trace.json")
	code, _, stderr := runCmd(t, append(append([]string{"trace"}, args...), "-format", "json", "-o", out)...)
	if code != exitOK {
		t.Fatalf("trace: exit %d: %s", code, stderr)
	}
	return out
}

func TestReplayRebuildsTheSession(t *testing.T) {
	for _, args := range [][]string{
		{"-problem", "puzzle 283164705 goal=123804765", "-h", "misplaced", "-tie", "lifo"},
		{"-problem", "graph romania", "-algo", "greedy", "-goaltest", "generate"},
		{"-problem", "grid S..#./.#..#/...#G/..... moves=8", "-algo", "wastar", "-w", "1.5", "-steps", "5"},
		{"-problem", "graph romania", "-algo", "beam", "-width", "2"},
		{"-problem", "graph romania", "-algo", "biastar"},
		{"-problem", "puzzle 867254301 goal=123456780", "-algo", "beam", "-width", "4", "-local", "-f", "h"},
	} {
		f := traceFile(t, args...)
		code, stdout, stderr := runCmd(t, "replay", f)
		if code != exitOK || !strings.Contains(stdout, "every event matches the engine") {
			t.Fatalf("replay %v: exit %d\n%s%s", args, code, stdout, stderr)
		}
		// Re-exporting the replayed session gives what trace gives.
		code, again, stderr := runCmd(t, "replay", f, "-format", "csv")
		if code != exitOK {
			t.Fatalf("replay -format csv: exit %d: %s", code, stderr)
		}
		code, direct, _ := runCmd(t, append(append([]string{"trace"}, args...), "-format", "csv")...)
		if code != exitOK || again != direct {
			t.Errorf("replay -format csv differs from trace -format csv for %v", args)
		}
	}
}

func TestReplayBadFiles(t *testing.T) {
	f := traceFile(t, "-problem", "puzzle 283164705 goal=123804765", "-h", "manhattan")
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	write := func(name, s string) string {
		p := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name, file string
		code       int
		want       string
	}{
		{"newer version", write("v2.json", strings.Replace(text, `"version": 1`, `"version": 2`, 1)), exitUsage, "line 3, column 14, field version: trace version 2 is newer"},
		{"truncated", write("cut.json", text[:len(text)/2]), exitUsage, "truncated"},
		{"hand-edited g", write("g.json", regexp.MustCompile(`"g":1,`).ReplaceAllString(text, `"g":7,`)), exitNo, "does not replay: step"},
		{"missing", filepath.Join(t.TempDir(), "none.json"), exitUsage, "no such file"},
	}
	for _, tt := range tests {
		code, _, stderr := runCmd(t, "replay", tt.file)
		if code != tt.code || !strings.Contains(stderr, tt.want) {
			t.Errorf("%s: exit %d, stderr %q; want exit %d saying %q", tt.name, code, stderr, tt.code, tt.want)
		}
	}
}
