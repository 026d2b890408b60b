package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

const puzzle15 = "puzzle 14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3 goal=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"

// TestTraceFullListFlags: -full and -every choose the steps whose whole
// lists a Markdown trace prints; a bad value is refused naming the fix.
func TestTraceFullListFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string // the trace's own account of its full lists
		code int
	}{
		{nil, "(full lists: `start,auto,end`)", exitOK},
		{[]string{"-full", "0,10,end"}, "(full lists: `0,10,end`)", exitOK},
		{[]string{"-every", "5"}, "(full lists: `start,every=5,end`)", exitOK},
		{[]string{"-full", "end", "-every", "7"}, "(full lists: `every=7,end`)", exitOK},
		{[]string{"-full", "often"}, "-full often: full lists: \"often\" is not a step number", exitUsage},
		{[]string{"-every", "-2"}, "-every -2: give a number of steps of at least 1", exitUsage},
		{[]string{"-format", "json", "-every", "3"}, "this export is json: give -format md", exitUsage},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			args := append([]string{"trace", "-problem", "graph romania", "-algo", "astar", "-format", "md", "-steps", "12"}, c.args...)
			code, stdout, stderr := runCmd(t, args...)
			if code != c.code || !strings.Contains(stdout+stderr, c.want) {
				t.Errorf("exit %d, want %d with %q; stdout %.200q stderr %q", code, c.code, c.want, stdout, stderr)
			}
		})
	}
}

// TestTraceTooLarge: an export estimated over the ceiling is refused
// before the file is touched, saying its size and what to do; -force
// writes it.
func TestTraceTooLarge(t *testing.T) {
	out := filepath.Join(t.TempDir(), "big.md")
	args := []string{"trace", "-problem", puzzle15, "-algo", "bfs", "-format", "md", "-full", "all", "-steps", "3000", "-o", out}
	code, _, stderr := runCmd(t, args...)
	for _, want := range []string{"stepviz trace: the md export of 3000 steps would be about", "over the limit of 250 MB", "-steps N", "-full start,end", "-force"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr %q lacks %q", stderr, want)
		}
	}
	if code != exitUsage {
		t.Errorf("exit %d, want %d", code, exitUsage)
	}
	if entries, _ := os.ReadDir(filepath.Dir(out)); len(entries) > 0 {
		t.Errorf("a refused export left %s", entries[0].Name())
	}
	code, _, stderr = runCmd(t, append(args[:len(args)-2], "-steps", "300", "-force", "-o", out)...)
	if fi, err := os.Stat(out); code != exitOK || err != nil || fi.Size() == 0 {
		t.Fatalf("with -force: exit %d, %v: %s", code, err, stderr)
	}
}

// TestTraceInterrupted: SIGINT or SIGTERM in the middle of writing a long
// export leaves no file and no temporary file, and the exit status is
// 128 + the signal's number, as a shell reports an interrupted command.
func TestTraceInterrupted(t *testing.T) {
	exe := buildStepviz(t)
	for _, c := range []struct {
		sig  syscall.Signal
		code int
		name string
	}{{syscall.SIGINT, 130, "SIGINT"}, {syscall.SIGTERM, 143, "SIGTERM"}} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "long.md")
			cmd := exec.Command(exe, "trace", "-problem", puzzle15, "-algo", "bfs", "-format", "md", "-full", "all", "-force", "-steps", "30000", "-o", out)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			// Wait until the temporary file beside -o holds a megabyte.
			giveUp := time.After(2 * time.Minute)
			for writing := false; !writing; {
				select {
				case err := <-done:
					t.Fatalf("the export ended before it was interrupted: %v\n%s", err, stderr.String())
				case <-giveUp:
					cmd.Process.Kill()
					t.Fatalf("no temporary file of a megabyte after two minutes")
				case <-time.After(50 * time.Millisecond):
				}
				tmps, _ := filepath.Glob(filepath.Join(dir, ".stepviz-*"))
				for _, p := range tmps {
					if fi, err := os.Stat(p); err == nil && fi.Size() > 1<<20 {
						writing = true
					}
				}
			}
			if err := cmd.Process.Signal(c.sig); err != nil {
				t.Fatal(err)
			}
			var err error
			select {
			case err = <-done:
			case <-time.After(60 * time.Second):
				cmd.Process.Kill()
				t.Fatalf("still running a minute after %s", c.name)
			}
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != c.code {
				t.Errorf("exit %v, want status %d", err, c.code)
			}
			if !strings.Contains(stderr.String(), "interrupted by "+c.name) || !strings.Contains(stderr.String(), "was not written") {
				t.Errorf("stderr %q does not say it was interrupted and nothing written", stderr.String())
			}
			if entries, _ := os.ReadDir(dir); len(entries) > 0 {
				t.Errorf("the interrupted export left %s", entries[0].Name())
			}
		})
	}
}
