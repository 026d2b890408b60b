package session

import (
	"runtime"
	"testing"
	"time"
)

// boundedHub is a hub (no goroutine, no client) on IDS of a hard 8-puzzle
// with a session limit of maxNodes, run to step steps by runs to goal as
// the presenter's button makes them (each at most 4·maxNodes steps).
func boundedHub(tb testing.TB, maxNodes, steps int) *hub {
	tb.Helper()
	s := newSearch(tb, "puzzle 867254301 goal=123456780", "ids")
	h := newHub(&Session{maxNodes: maxNodes}, s, describe(s))
	for h.search.StepCount() < steps && !h.search.Status().Done() {
		h.seek(min(goalTarget(h.search.StepCount(), maxNodes), steps), reasonGoal)
	}
	if got := h.search.StepCount(); got != steps {
		tb.Fatalf("the session reached step %d of %d (%s)", got, steps, h.search.Status())
	}
	return h
}

// retained is the live heap after a collection.
func retained() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestBoundedSessionMemory: a session past its node limit retains about
// as much at 400,000 steps as at 50,000 (the checkpoints, the history's
// points and the nodes held), under 16 MB, where the journaled search
// would hold every node of every iteration (over 100 MB by then).
func TestBoundedSessionMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 450,000 steps")
	}
	base := retained()
	var at []uint64
	for _, steps := range []int{50_000, 400_000} {
		h := boundedHub(t, 1000, steps)
		at = append(at, retained()-min(base, retained()))
		if !bounded(h.search) || h.search.NodeCount() < 10*1000 {
			t.Fatalf("at step %d: bounded %v, %d nodes made", steps, bounded(h.search), h.search.NodeCount())
		}
		runtime.KeepAlive(h)
	}
	if at[1] > 16<<20 || at[1] > at[0]+4<<20 {
		t.Fatalf("retained %d bytes at 50,000 steps and %d at 400,000: want under 16 MB, not growing with the steps", at[0], at[1])
	}
	t.Logf("retained %d bytes at 50,000 steps, %d at 400,000", at[0], at[1])
}

// BenchmarkBoundedSession runs a session (node limit 100,000, the default)
// to 1,000,000 steps and reports what it retains then, the bytes of its
// state frame (every node held), of a move one step back and of a step
// message after the switch, and the time of a presenter's step back there.
func BenchmarkBoundedSession(b *testing.B) {
	const steps = 1_000_000
	for i := 0; i < b.N; i++ {
		base := retained()
		h := boundedHub(b, 100_000, steps)
		kept := retained() - min(base, retained())
		state := len(h.stateNow(reasonJoin))
		h.search.Seek(steps - 1)
		back := len(h.heldMessage(h.search, reasonSeek, 0).data)
		ev, _ := h.search.Step()
		step := len(Encode(h.stepMessage(ev)))
		b.ReportMetric(float64(kept), "retained-bytes")
		b.ReportMetric(float64(state), "state-bytes")
		b.ReportMetric(float64(step), "step-bytes")
		b.ReportMetric(float64(back), "back-bytes")
		// ten presenter's backs in a row, each with its event (the first
		// restores a checkpoint and lays local ones)
		t0 := time.Now()
		for k := range 10 {
			h.seek(steps-k, reasonSeek)
		}
		b.ReportMetric(float64(time.Since(t0).Microseconds())/10e3, "ms/back")
		b.ReportMetric(float64(h.search.NodeCount()), "node-ids")
		runtime.KeepAlive(h)
	}
}
