package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// hostileFiles makes a FIFO with no writer, a directory and a 0600 file in
// a temp dir (issue 9: /dev/zero, a FIFO or a directory named as an input
// file ran out of memory or hung).
func hostileFiles(t *testing.T) (dir, fifo string) {
	t.Helper()
	dir = t.TempDir()
	fifo = filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	return dir, fifo
}

// TestInputFilesAreRegular names /dev/zero, a FIFO and a directory where
// every command reads a file: each gives a short clear error at once.
func TestInputFilesAreRegular(t *testing.T) {
	dir, fifo := hostileFiles(t)
	// grid reads FILE.map: .map names for each bad file.
	zeroMap, fifoMap, dirMap := filepath.Join(dir, "zero.map"), filepath.Join(dir, "pipe.map"), filepath.Join(dir, "dir.map")
	if err := os.Symlink("/dev/zero", zeroMap); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(fifoMap, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(dirMap, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []struct{ path, mapPath, says string }{
		{"/dev/zero", zeroMap, "character device"}, {fifo, fifoMap, "named pipe"}, {dir, dirMap, "directory"},
	} {
		for _, args := range [][]string{
			{"check", "-problem", "graph romania", "-algo", "astar", bad.path},
			{"replay", bad.path},
			{"solve", "-problem", "graph " + bad.path, "-algo", "astar"},
			{"solve", "-problem", "grid " + bad.mapPath, "-algo", "astar"},
			{"scen", bad.path},
		} {
			start := time.Now()
			code, _, stderr := runCmd(t, args...)
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("%v: took %v", args, d)
			}
			if code == exitOK || !strings.Contains(stderr, bad.says) || len(stderr) > 400 {
				t.Errorf("%v: exit %d, stderr (%d bytes) %.300q; want a short error saying %q", args, code, len(stderr), stderr, bad.says)
			}
		}
	}
}

// TestOutputFilesAreSafe: -o never replaces a symlink or FIFO, keeps an
// existing file's mode, and worksheet refuses a key that is the sheet.
func TestOutputFilesAreSafe(t *testing.T) {
	dir, fifo := hostileFiles(t)
	target := filepath.Join(dir, "target.md")
	if err := os.WriteFile(target, []byte("mine"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.md")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	trace := []string{"trace", "-problem", "graph romania", "-algo", "astar", "-steps", "2", "-format", "md", "-o"}
	for _, out := range []string{fifo, link} {
		code, _, stderr := runCmd(t, append(trace, out)...)
		fi, _ := os.Lstat(out)
		if code == exitOK || !strings.Contains(stderr, "refusing to replace it") || fi.Mode().IsRegular() {
			t.Errorf("-o %s: exit %d, %q, now %v; want a refusal leaving it as it was", out, code, stderr, fi.Mode())
		}
	}
	if b, _ := os.ReadFile(target); string(b) != "mine" {
		t.Errorf("the symlink's target was written: %q", b)
	}
	if code, _, stderr := runCmd(t, append(trace, target)...); code != exitOK {
		t.Fatalf("-o over a regular file: %d %s", code, stderr)
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode after -o = %v, want the file's 0600 kept", fi.Mode().Perm())
	}
	sheet := filepath.Join(dir, "hw.md")
	for _, key := range []string{sheet, filepath.Join(dir, ".", "hw.md")} {
		code, _, stderr := runCmd(t, "worksheet", "-problem", "graph romania", "-algo", "astar", "-steps", "3", "-o", sheet, "-key", key)
		if code != exitUsage || !strings.Contains(stderr, "would overwrite it") {
			t.Errorf("worksheet -o %s -key %s: exit %d, %q; want a refusal", sheet, key, code, stderr)
		}
	}
}

// TestNumbersAreFinite: NaN and infinities are refused wherever a number
// is read (issue 9: w=NaN solved the puzzle at cost 4411, scen -tol NaN
// reported no mismatch).
func TestNumbersAreFinite(t *testing.T) {
	for _, args := range [][]string{
		{"solve", "-problem", "puzzle 283164705 goal=123804765", "-algo", "wastar", "-w", "NaN"},
		{"solve", "-problem", "puzzle 283164705 goal=123804765", "-algo", "wastar", "-w", "+Inf"},
		{"solve", "-problem", "puzzle 283164705 goal=123804765", "-algo", "astar", "-maxnodes", "9223372036854775807"},
		{"scen", "-tol", "NaN", "x.scen"},
		{"scen", "-tol", "Inf", "x.scen"},
		{"scen", "-tol", "-1", "x.scen"},
		{"scen", "-j", "100000", "x.scen"},
		{"serve", "-notebook-max-nodes", "5"},
		{"serve", "-notebook-max-nodes", "9223372036854775807"},
	} {
		code, _, stderr := runCmd(t, args...)
		if code != exitUsage || !strings.Contains(stderr, "want") && !strings.Contains(stderr, "give a whole number") {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, code, stderr)
		}
	}
}

// TestProblemFilesAreRead: the command line reads the files a problem line
// names (stepper.LocalFiles), a .map grid and a graph file, and solves them.
func TestProblemFilesAreRead(t *testing.T) {
	dir := t.TempDir()
	grid, graph := filepath.Join(dir, "a.map"), filepath.Join(dir, "g.graph")
	if err := os.WriteFile(grid, []byte("type octile\nheight 1\nwidth 3\nmap\n...\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(graph, []byte("node A\nnode B\nnode C\nedge A B 3\nedge B C 4\nstart A\ngoal C\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ problem, says string }{
		{"grid " + grid + " start=0,0 goal=2,0", "path      0,0 → 1,0 → 2,0"},
		{"graph " + graph, "path      A → B → C"},
	} {
		code, stdout, stderr := runCmd(t, "solve", "-problem", tc.problem, "-algo", "ucs")
		if code != exitOK || !strings.Contains(stdout, tc.says) {
			t.Errorf("solve %q: exit %d, %q %q; want it solved with %s", tc.problem, code, stdout, stderr, tc.says)
		}
	}
}
