package kernel

import (
	"context"
	"math"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// BenchmarkBoundedSession is a notebook session stepping ids (parent=keep,
// no cycle check) on the 18-move 8-puzzle 286703145 far forward, then far
// back, then one back and one step, as a lecturer would: journaled (the
// search keeps its journal throughout, every node of every iteration) and
// bounded (boundedAfter: the bounded mode past 100,000 nodes), and bounded
// ten times as far. It reports the live
// heap the session retains at the end, after a garbage collection, less
// the heap before it started (held-B), the nodes its search stores
// (held-nodes), and the wall time of the last back of one step (back1-ns)
// and of the far one (backfar-ns).
//
//	go test -run '^$' -bench BoundedSession -benchtime 1x ./kernel/
func BenchmarkBoundedSession(b *testing.B) {
	for _, tc := range []struct {
		mode          string
		forward, back int
	}{
		{"journaled", 1_000_000, 400_000},
		{"bounded", 1_000_000, 400_000},
		// ten times the steps: the same memory
		{"bounded", 10_000_000, 4_000_000},
	} {
		mode := tc.mode
		b.Run(mode+"-"+strconv.Itoa(tc.forward), func(b *testing.B) {
			after := boundedAfter
			if mode == "journaled" {
				boundedAfter = math.MaxInt
			}
			defer func() { boundedAfter = after }()
			var held, nodes, back1, backFar float64
			for b.Loop() {
				b.StopTimer()
				var before runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				s := NewSession(Config{})
				b.StartTimer()
				cell(b, s, "puzzle 286703145")
				cell(b, s, "a = search ids parent=keep")
				cell(b, s, "run "+strconv.Itoa(tc.forward))
				t0 := time.Now()
				cell(b, s, "back "+strconv.Itoa(tc.back))
				backFar = float64(time.Since(t0))
				t0 = time.Now()
				cell(b, s, "back")
				back1 = float64(time.Since(t0))
				cell(b, s, "step")
				b.StopTimer()
				if k, want := s.Search("a").StepCount(), tc.forward-tc.back; k != want {
					b.Fatalf("at step %d, want %d", k, want)
				}
				var end runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&end)
				held = float64(int64(end.HeapAlloc) - int64(before.HeapAlloc))
				nodes = float64(s.Search("a").NodesHeld())
				runtime.KeepAlive(s)
				b.StartTimer()
			}
			b.ReportMetric(held, "held-B")
			b.ReportMetric(nodes, "held-nodes")
			b.ReportMetric(back1, "back1-ns")
			b.ReportMetric(backFar, "backfar-ns")
		})
	}
}

// cell runs one cell that must succeed.
func cell(b *testing.B, s *Session, c string) {
	b.Helper()
	if _, err := s.Run(context.Background(), c); err != nil {
		b.Fatalf("cell %q: %v", c, err)
	}
}
