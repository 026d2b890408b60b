package stepper_test

import (
	"runtime"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// BenchmarkForget runs depth-first searches to the end keeping every
// iteration (keep: what the lecture server needs to step back), with
// Options.Forget (forget: the current iteration's nodes) and with
// Options.Linear (linear: the path and its pending siblings; what stepviz
// solve uses), and reports what the search holds once done: the live heap
// after a garbage collection, less the heap before it started (held-B),
// and the nodes stored (held-nodes). The peak is not lower than held-B;
// keeping, the slices grow by doubling, so it is up to twice as much
// (TestLinearSolveMemory measures a linear run's peak RSS). IDS with linear takes the fast path on a puzzle; IDA* with
// misplaced tiles and RBFS step.
//
//	go test -run '^$' -bench Forget -benchtime 1x ./stepper/
func BenchmarkForget(b *testing.B) {
	all := []string{"keep", "forget", "linear"}
	for _, tc := range []struct {
		name, problem, options string
		modes                  []string
	}{
		{"idastar-misplaced-867254301", "puzzle 867254301 goal=123456780", "idastar h=misplaced", all},
		{"ids-123457860", "puzzle 123457860", "ids", all},
		// 18 moves without a cycle check: only the linear mode, since keeping
		// holds the whole iteration and stops at its node cap
		{"ids-286703145", "puzzle 286703145", "ids parent=keep", []string{"linear"}},
		{"rbfs-862314057", "puzzle 862314057", "rbfs h=manhattan", all},
	} {
		for _, mode := range tc.modes {
			name := tc.name + "/" + mode
			b.Run(name, func(b *testing.B) {
				inst, err := problems.Parse(tc.problem, stepper.LocalFiles)
				if err != nil {
					b.Fatal(err)
				}
				o, err := stepper.ParseOptions(tc.options)
				if err != nil {
					b.Fatal(err)
				}
				o.Forget, o.Linear = mode != "keep", mode == "linear"
				var held, nodes, steps float64
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
					if st := s.Run(0); st != stepper.Solved {
						b.Fatalf("%s: %s", name, st)
					}
					b.StopTimer()
					var after runtime.MemStats
					runtime.GC()
					runtime.ReadMemStats(&after)
					held = float64(int64(after.HeapAlloc) - int64(before.HeapAlloc))
					nodes = float64(heldBy(s))
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
