package stepper_test

import (
	"runtime"
	"strconv"
	"testing"
	"time"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// BenchmarkCheckpointBack steps ids (parent=keep) on the 18-move 8-puzzle
// 286703145 forward far, then back 60% of the way, then back one step at
// a time 200 times, with Options.Checkpoint. It reports the live heap the
// search holds at the end after a garbage collection, less the heap before
// it began (held-B), the nodes it stores with its checkpoints (held-nodes),
// the far seek back (backfar-ns) and the mean step back after it
// (back1-ns).
//
//	go test -run '^$' -bench CheckpointBack -benchtime 1x ./stepper/
func BenchmarkCheckpointBack(b *testing.B) {
	for _, forward := range []int{1_000_000, 4_000_000} {
		b.Run(strconv.Itoa(forward), func(b *testing.B) {
			inst, err := problems.Parse("puzzle 286703145", stepper.LocalFiles)
			if err != nil {
				b.Fatal(err)
			}
			o, err := stepper.ParseOptions("ids parent=keep")
			if err != nil {
				b.Fatal(err)
			}
			o.Checkpoint = true
			var held, nodes, far, back1 float64
			for b.Loop() {
				b.StopTimer()
				var before runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				s, err := stepper.NewSearch(inst, o)
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				if got := s.Seek(forward); got != forward {
					b.Fatalf("reached step %d", got)
				}
				t0 := time.Now()
				k := s.Seek(forward * 4 / 10)
				far = float64(time.Since(t0))
				t0 = time.Now()
				for i := 1; i <= 200; i++ {
					s.Seek(k - i)
				}
				back1 = float64(time.Since(t0)) / 200
				b.StopTimer()
				var after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&after)
				held = float64(int64(after.HeapAlloc) - int64(before.HeapAlloc))
				nodes = float64(s.NodesHeld())
				runtime.KeepAlive(s)
				b.StartTimer()
			}
			b.ReportMetric(held, "held-B")
			b.ReportMetric(nodes, "held-nodes")
			b.ReportMetric(far, "backfar-ns")
			b.ReportMetric(back1, "back1-ns")
		})
	}
}
