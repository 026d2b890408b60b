package script_test

import (
	"syscall"
	"testing"
	"time"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// benchSolve runs problem/search to its end b.N times and reports node
// expansions per second of the searches alone. Each search is of a newly
// parsed problem (a script loaded again, outside the time measured), so a
// script problem's search asks its script everything, as a first search
// does: an instance's later searches are answered by its memo
// (BenchmarkStarlarkRatio's warm runs).
func benchSolve(b *testing.B, problem, search string) {
	b.Helper()
	o, err := stepper.ParseOptions(search)
	if err != nil {
		b.Fatal(err)
	}
	expanded := 0
	var cpu time.Duration
	for b.Loop() {
		b.StopTimer()
		inst, err := problems.Parse(problem, stepper.LocalFiles)
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		t0 := cpuTime()
		s, err := stepper.NewSearch(inst, o)
		if err != nil {
			b.Fatal(err)
		}
		if st := s.Run(0); st != stepper.Solved {
			b.Fatalf("status %s (%v)", st, s.Err())
		}
		cpu += cpuTime() - t0
		expanded += s.Counters().Expanded
	}
	b.ReportMetric(float64(expanded)/b.Elapsed().Seconds(), "expansions/s")
	// per CPU second too: on a shared machine the wall clock measures the load
	b.ReportMetric(float64(expanded)/cpu.Seconds(), "expansions/cpu-s")
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// The 8-puzzle, 20 moves from the goal: A* with Manhattan, written in
// Starlark and built in. Both expand the same nodes (TestStarlarkPuzzleSameExpansions).
const hard8 = "board=130826745 goal=123456780"

func BenchmarkPuzzle8Starlark(b *testing.B) {
	benchSolve(b, "script "+scriptPath(b, "puzzle8.star")+" "+hard8, "astar h=manhattan")
}

func BenchmarkPuzzle8Builtin(b *testing.B) {
	benchSolve(b, "puzzle 130826745 goal=123456780", "astar h=manhattan")
}

func BenchmarkPuzzle8StarlarkBFS(b *testing.B) {
	benchSolve(b, "script "+scriptPath(b, "puzzle8.star")+" "+hard8, "bfs")
}

func BenchmarkPuzzle8BuiltinBFS(b *testing.B) {
	benchSolve(b, "puzzle 130826745 goal=123456780", "bfs")
}

func BenchmarkMissionaries(b *testing.B) {
	benchSolve(b, "script "+scriptPath(b, "missionaries.star")+" n=3", "bfs")
}

// BenchmarkStarlarkRatio measures, in one run, a search of the hard
// 8-puzzle written in Starlark against the same search of the built-in
// puzzle (they expand the same nodes), and reports the ratio of their CPU
// times as x-builtin. cold: every Starlark search on a new instance (the
// script loaded before the time measured; every question asked of it); warm: one instance whose
// memo an earlier search filled, as a second search of a problem in the
// notebook, the server or solve's one-way comparison runs.
func BenchmarkStarlarkRatio(b *testing.B) {
	spec := "script " + scriptPath(b, "puzzle8.star") + " " + hard8
	for _, c := range []struct {
		name, search string
		warm         bool
	}{
		{"astar-cold", "astar h=manhattan", false},
		{"astar-warm", "astar h=manhattan", true},
		{"bfs-cold", "bfs", false},
		{"bfs-warm", "bfs", true},
	} {
		b.Run(c.name, func(b *testing.B) {
			o, err := stepper.ParseOptions(c.search)
			if err != nil {
				b.Fatal(err)
			}
			builtin := parseInstance(b, "puzzle 130826745 goal=123456780")
			shared := parseInstance(b, spec)
			if c.warm {
				runOnce(b, shared, o)
			}
			var star, built time.Duration
			for b.Loop() {
				inst := shared
				if !c.warm {
					inst = parseInstance(b, spec) // loading is not measured
				}
				t0 := cpuTime()
				n := runOnce(b, inst, o)
				t1 := cpuTime()
				if m := runOnce(b, builtin, o); m != n {
					b.Fatalf("Starlark expanded %d, built-in %d", n, m)
				}
				star, built = star+t1-t0, built+cpuTime()-t1
			}
			b.ReportMetric(float64(star)/float64(built), "x-builtin")
			b.ReportMetric(float64(star.Microseconds())/float64(b.N), "starlark-cpu-µs/op")
			b.ReportMetric(float64(built.Microseconds())/float64(b.N), "builtin-cpu-µs/op")
		})
	}
}

func parseInstance(b *testing.B, spec string) stepper.Instance {
	b.Helper()
	inst, err := problems.Parse(spec, stepper.LocalFiles)
	if err != nil {
		b.Fatal(err)
	}
	return inst
}

// runOnce solves inst with o and returns the nodes expanded.
func runOnce(b *testing.B, inst stepper.Instance, o stepper.Options) int {
	b.Helper()
	s, err := stepper.NewSearch(inst, o)
	if err != nil {
		b.Fatal(err)
	}
	if st := s.Run(0); st != stepper.Solved {
		b.Fatalf("status %s (%v)", st, s.Err())
	}
	return s.Counters().Expanded
}
