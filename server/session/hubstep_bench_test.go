package session

import (
	"runtime"
	"testing"
	"time"
)

// BenchmarkHubStep measures the live hub's step forward through its real
// path (stepForward: the step and its event, the live records, the step
// message's encoding, the delivery to a presenter's queue, drained each
// step), A* with Manhattan distance and FIFO ties on the 8-puzzle
// 867254301 run to its goal, a new hub each run; beside it (run) the same
// search stepped by Search.Run, no event. It reports the time and the
// bytes allocated a step of each side (runtime.MemStats over the timed
// runs) and their ratio: the cost of a live step over a bare one.
func BenchmarkHubStep(b *testing.B) {
	const problem, options = "puzzle 867254301 goal=123456780", "astar h=manhattan"
	var hubNs, runNs time.Duration
	var hubBytes, runBytes uint64
	steps := 0
	var m0, m1 runtime.MemStats
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := newSearch(b, problem, options)
		h := newHub(&Session{maxNodes: 1_000_000}, s, describe(s))
		c := &client{hub: h, role: RolePresenter, send: make(chan outMsg, 4)}
		h.clients[c] = true
		runtime.ReadMemStats(&m0)
		t0 := time.Now()
		for !h.search.Status().Done() {
			h.stepForward()
			for len(c.send) > 0 {
				<-c.send
			}
		}
		hubNs += time.Since(t0)
		runtime.ReadMemStats(&m1)
		hubBytes += m1.TotalAlloc - m0.TotalAlloc
		steps += h.search.StepCount()

		r := newSearch(b, problem, options)
		runtime.ReadMemStats(&m0)
		t0 = time.Now()
		for !r.Status().Done() {
			r.Run(1)
		}
		runNs += time.Since(t0)
		runtime.ReadMemStats(&m1)
		runBytes += m1.TotalAlloc - m0.TotalAlloc
	}
	n := float64(steps)
	b.ReportMetric(float64(hubNs.Nanoseconds())/n, "ns/hub-step")
	b.ReportMetric(float64(runNs.Nanoseconds())/n, "ns/run-step")
	b.ReportMetric(float64(hubNs)/float64(runNs), "hub/run")
	b.ReportMetric(float64(hubBytes)/n, "B/hub-step")
	b.ReportMetric(float64(runBytes)/n, "B/run-step")
}
