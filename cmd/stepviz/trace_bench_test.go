package main

import (
	"os/exec"
	"slices"
	"testing"
	"time"
)

// BenchmarkTraceCSVvsSolve execs the built stepviz twice in turns on the
// hard 8-puzzle with A* Manhattan: a csv trace of every step to stdout,
// and a solve, and reports the median CPU time of each whole process
// (user and system, as the kernel counts it for the child) and their ratio
// (target <= 4): what a step's event and its export cost over the search.
func BenchmarkTraceCSVvsSolve(b *testing.B) {
	exe := buildExe(b, ".", "stepviz")
	problem := []string{"-algo", "astar", "-h", "manhattan", "-problem", "puzzle 867254301"}
	run := func(args ...string) time.Duration {
		cmd := exec.Command(exe, args...)
		if err := cmd.Run(); err != nil {
			b.Fatalf("stepviz %v: %v", args, err)
		}
		return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	var traces, solves []time.Duration
	for b.Loop() {
		traces = append(traces, run(append([]string{"trace", "-format", "csv"}, problem...)...))
		solves = append(solves, run(append([]string{"solve"}, problem...)...))
	}
	med := func(d []time.Duration) time.Duration { slices.Sort(d); return d[len(d)/2] }
	t, s := med(traces), med(solves)
	b.ReportMetric(float64(t.Microseconds())/1000, "trace-cpu-ms")
	b.ReportMetric(float64(s.Microseconds())/1000, "solve-cpu-ms")
	if s > 0 {
		b.ReportMetric(float64(t)/float64(s), "ratio")
	}
}
