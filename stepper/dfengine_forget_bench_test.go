package stepper

import (
	"runtime"
	"testing"
)

// BenchmarkForget runs IDA* with misplaced tiles on 867254301 and IDS on
// 123457860 to the end, keeping every iteration (what the lecture server
// needs to step back) and with Options.Forget (what stepviz solve uses),
// and reports what the search holds once done: the live heap after a
// garbage collection, less the heap before it started (held-B), and the
// nodes it stores (held-nodes). Peak memory is not lower than held-B; with
// Forget the slices keep the capacity of the largest iteration, so held-B
// is about the peak.
//
//	go test -run '^$' -bench Forget -benchtime 1x ./stepper/
func BenchmarkForget(b *testing.B) {
	for _, tc := range []struct{ name, problem, options string }{
		{"idastar-misplaced-867254301", "puzzle 867254301 goal=123456780", "idastar h=misplaced"},
		{"ids-123457860", "puzzle 123457860", "ids"},
	} {
		for _, forget := range []bool{false, true} {
			name := tc.name + "/keep"
			if forget {
				name = tc.name + "/forget"
			}
			b.Run(name, func(b *testing.B) {
				inst, err := ParseProblem(tc.problem)
				if err != nil {
					b.Fatal(err)
				}
				o, err := ParseOptions(tc.options)
				if err != nil {
					b.Fatal(err)
				}
				o.Forget = forget
				var held, nodes, steps float64
				for b.Loop() {
					b.StopTimer()
					var before runtime.MemStats
					runtime.GC()
					runtime.ReadMemStats(&before)
					s, err := NewSearch(inst, o)
					if err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
					if st := s.Run(0); st != Solved {
						b.Fatalf("%s: %s", name, st)
					}
					b.StopTimer()
					var after runtime.MemStats
					runtime.GC()
					runtime.ReadMemStats(&after)
					held = float64(int64(after.HeapAlloc) - int64(before.HeapAlloc))
					nodes = float64(heldNodes(s))
					steps = float64(s.StepCount())
					runtime.KeepAlive(s)
					b.StartTimer()
				}
				b.ReportMetric(held, "held-B")
				b.ReportMetric(nodes, "held-nodes")
				b.ReportMetric(steps, "steps")
			})
		}
	}
}
