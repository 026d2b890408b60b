package script_test

import (
	"syscall"
	"testing"
	"time"

	"stepviz/stepper"
)

// benchSolve runs problem/search to its end b.N times and reports node
// expansions per second. The problem is parsed (the script loaded) once.
func benchSolve(b *testing.B, problem, search string) {
	b.Helper()
	inst, err := stepper.ParseProblem(problem)
	if err != nil {
		b.Fatal(err)
	}
	o, err := stepper.ParseOptions(search)
	if err != nil {
		b.Fatal(err)
	}
	expanded := 0
	cpu0 := cpuTime()
	for b.Loop() {
		s, err := stepper.NewSearch(inst, o)
		if err != nil {
			b.Fatal(err)
		}
		if st := s.Run(0); st != stepper.Solved {
			b.Fatalf("status %s (%v)", st, s.Err())
		}
		expanded += s.Counters().Expanded
	}
	b.ReportMetric(float64(expanded)/b.Elapsed().Seconds(), "expansions/s")
	// per CPU second too: on a shared machine the wall clock measures the load
	b.ReportMetric(float64(expanded)/(cpuTime()-cpu0).Seconds(), "expansions/cpu-s")
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
