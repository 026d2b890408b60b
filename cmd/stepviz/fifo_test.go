package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestUserFilesRefuseFIFOs: every command that reads a file the user
// names refuses a named pipe with no writer at once, saying what it is,
// instead of waiting for a writer for good.
func TestUserFilesRefuseFIFOs(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo.star")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	grid := "grid S...../.##.../....G. moves=8"
	for _, c := range []struct {
		name string
		args []string
	}{
		{"solve a script", []string{"solve", "-problem", "script " + fifo}},
		{"solve with -heuristics", []string{"solve", "-problem", grid, "-heuristics", fifo}},
		{"trace a script", []string{"trace", "-format", "json", "-problem", "script " + fifo}},
		{"heuristic of a script", []string{"heuristic", "-problem", "script " + fifo}},
		{"heuristic with -heuristics", []string{"heuristic", "-problem", grid, "-heuristics", fifo, "-h", "x"}},
		{"korf -file", []string{"korf", "-file", fifo}},
	} {
		t.Run(c.name, func(t *testing.T) {
			done := make(chan struct{})
			var code int
			var errOut bytes.Buffer
			go func() {
				defer close(done)
				var out bytes.Buffer
				code = run(c.args, &out, &errOut)
			}()
			select {
			case <-done:
			case <-time.After(20 * time.Second):
				t.Fatalf("stepviz %s is still waiting on the FIFO after 20 s", strings.Join(c.args, " "))
			}
			if code != exitUsage || !strings.Contains(errOut.String(), "named pipe") {
				t.Fatalf("exit %d, stderr %q; want %d and the file called a named pipe", code, errOut.String(), exitUsage)
			}
		})
	}
}
