package kernel

import (
	"context"
	"math"
	"runtime"
	"testing"
	"time"
)

// BenchmarkBoundedSession is a notebook session stepping ids on the
// 18-move 8-puzzle 286703145 a million steps forward, then 400,000 back,
// then one back and one step, as a lecturer would: journaled (the search
// keeps its journal throughout, every node of every iteration) and bounded
// (boundedAfter: the bounded mode past 100,000 nodes). It reports the live
// heap the session retains at the end, after a garbage collection, less
// the heap before it started (held-B), the nodes its search stores
// (held-nodes), and the wall time of the last back of one step (back1-ns)
// and of the back of 400,000 (backfar-ns).
//
//	go test -run '^$' -bench BoundedSession -benchtime 1x ./kernel/
func BenchmarkBoundedSession(b *testing.B) {
	for _, mode := range []string{"journaled", "bounded"} {
		b.Run(mode, func(b *testing.B) {
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
				cell(b, s, "a = search ids")
				cell(b, s, "run 1000000")
				t0 := time.Now()
				cell(b, s, "back 400000")
				backFar = float64(time.Since(t0))
				t0 = time.Now()
				cell(b, s, "back")
				back1 = float64(time.Since(t0))
				cell(b, s, "step")
				b.StopTimer()
				if k := s.Search("a").StepCount(); k != 600_000 {
					b.Fatalf("at step %d, want 600000", k)
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
