package kernel

import (
	"context"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestScriptFIFO: "script fifo.star" in a Jupyter session (files allowed)
// is refused at once as a named pipe; the session then runs the next cell.
func TestScriptFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo.star")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	s := NewSession(Config{AllowFiles: true})
	done := make(chan error, 1)
	go func() {
		_, err := s.Run(context.Background(), "script "+fifo)
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "named pipe") {
			t.Fatalf("script on a FIFO: %v; want it refused as a named pipe", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the kernel is still waiting on the FIFO after 20 s")
	}
	if _, err := s.Run(context.Background(), "puzzle 283164705 goal=123804765\nsearch astar\nrun"); err != nil {
		t.Fatalf("the next cell: %v", err)
	}
}
