package kernel

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestStopEndsExportAndShow: Stop (a cancelled context) ends export and
// show on a big search within a second, with an error that says so, where
// they used to run to the end (seconds, and memory for every step).
func TestStopEndsExportAndShow(t *testing.T) {
	s := NewSession(Config{})
	run(t, s, "puzzle 867254301 goal=123456780", "search bfs", "run 150000")
	for _, cell := range []string{"export json", "export html", "show tree"} {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		start := time.Now()
		go func() {
			_, err := s.Run(ctx, cell)
			done <- err
		}()
		time.Sleep(30 * time.Millisecond)
		cancel()
		select {
		case err := <-done:
			if took := time.Since(start); err == nil {
				t.Logf("%s: finished in %v before Stop reached it", cell, took)
			} else if !errors.Is(err, context.Canceled) {
				t.Errorf("%s: %v, want an error wrapping context.Canceled", cell, err)
			}
		case <-time.After(time.Second):
			t.Fatalf("%s: still running 1 s after Stop", cell)
		}
	}
	// the session still works after the stopped cells
	run(t, s, "step")
}
