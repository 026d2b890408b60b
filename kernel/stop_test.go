package kernel

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestStopEndsExportAndShow: Stop (a cancelled context) ends export on a
// big search within a second, with an error that says so, instead of
// running to the end (export html of 150,000 steps is a snapshot a step).
// show checks Stop between its phases; its snapshot, O(nodes), is not
// interruptible, so it is tested with Stop pressed before it starts.
func TestStopEndsExportAndShow(t *testing.T) {
	// json at 150,000 steps; html at 45,000 (an HTML replay holds at most
	// 50,000 steps), each long enough to be running when Stop comes.
	for _, tc := range []struct{ cell, steps string }{{"export json", "150000"}, {"export html", "45000"}} {
		cell := tc.cell
		s := NewSession(Config{})
		run(t, s, "puzzle 867254301 goal=123456780", "search bfs", "run "+tc.steps)
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
	s := NewSession(Config{})
	run(t, s, "puzzle 867254301 goal=123456780", "search bfs", "run 150000")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	if _, err := s.Run(ctx, "show tree"); !errors.Is(err, context.Canceled) || time.Since(start) > 100*time.Millisecond {
		t.Errorf("show tree after Stop: %v after %v, want context.Canceled at once", err, time.Since(start))
	}
	// the session still works after the stopped cells
	run(t, s, "step")
}
