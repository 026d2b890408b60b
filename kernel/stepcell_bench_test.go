package kernel

import (
	"context"
	"runtime"
	"testing"
	"time"

	"stepviz/stepper"
)

// BenchmarkStepCell measures the notebook's step through its real path: a
// "step 20000" cell on A* with Manhattan distance and FIFO ties on the
// 8-puzzle 867254301 (each step's event and narration, the view after the
// last), a new session each run; beside it (run) the same 20,000 steps by
// Search.Run, no event. It reports the time and the bytes allocated a step
// of each side (runtime.MemStats over the timed runs) and their ratio, and
// the cell's time less one more view of the same step timed after it (the
// steps alone, as near as one view's time tells).
func BenchmarkStepCell(b *testing.B) {
	const problem, options, steps = "puzzle 867254301 goal=123456780", "astar h=manhattan", 20000
	var cellNs, runNs, viewNs time.Duration
	var cellBytes, runBytes uint64
	var m0, m1 runtime.MemStats
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		s := NewSession(Config{})
		if _, err := s.Run(ctx, problem+"\nsearch "+options); err != nil {
			b.Fatal(err)
		}
		runtime.ReadMemStats(&m0)
		t0 := time.Now()
		if _, err := s.Run(ctx, "step 20000"); err != nil {
			b.Fatal(err)
		}
		cellNs += time.Since(t0)
		runtime.ReadMemStats(&m1)
		cellBytes += m1.TotalAlloc - m0.TotalAlloc
		ls := s.searches[""]
		if got := ls.search.StepCount(); got != steps {
			b.Fatalf("the cell stepped to %d, want %d", got, steps)
		}
		t0 = time.Now()
		s.liveView(ls, true)
		viewNs += time.Since(t0)

		inst := s.problem
		o, err := stepper.ParseOptions(options)
		if err != nil {
			b.Fatal(err)
		}
		r, err := stepper.NewSearch(inst, o)
		if err != nil {
			b.Fatal(err)
		}
		runtime.ReadMemStats(&m0)
		t0 = time.Now()
		for r.StepCount() < steps {
			r.Run(1)
		}
		runNs += time.Since(t0)
		runtime.ReadMemStats(&m1)
		runBytes += m1.TotalAlloc - m0.TotalAlloc
	}
	n := float64(b.N * steps)
	b.ReportMetric(float64(cellNs.Nanoseconds())/n, "ns/cell-step")
	b.ReportMetric(float64(runNs.Nanoseconds())/n, "ns/run-step")
	b.ReportMetric(float64(cellNs)/float64(runNs), "cell/run")
	b.ReportMetric(float64((cellNs-viewNs).Nanoseconds())/n, "ns/step-no-view")
	b.ReportMetric(float64(cellNs-viewNs)/float64(runNs), "no-view/run")
	b.ReportMetric(float64(cellBytes)/n, "B/cell-step")
	b.ReportMetric(float64(runBytes)/n, "B/run-step")
}
