//go:build linux

package main

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// maxLinearRSS bounds the peak resident memory of a stepviz process that
// solves with ids or rbfs, which hold a path and its pending siblings
// (stepper.Options.Linear): the Go runtime and the binary, far below it,
// and no search tree.
const maxLinearRSS = 100 << 20

// TestLinearSolveMemory builds stepviz and solves, as a user would, an
// 18-move 8-puzzle with ids (229 million goal tests, no cycle check) and a
// 28-move one with rbfs, and reads each process's peak resident memory
// from the kernel (rusage maxrss, kilobytes on Linux): each stays under
// maxLinearRSS and finds the optimal solution.
func TestLinearSolveMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("builds stepviz and runs two searches of a few seconds")
	}
	exe := filepath.Join(t.TempDir(), "stepviz")
	if out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, c := range []struct {
		problem, algo string
		cost          float64
	}{
		{"puzzle 286703145", "ids", 18},
		{"puzzle 862314057", "rbfs", 28},
	} {
		cmd := exec.Command(exe, "solve", "-json", "-algo", c.algo, "-problem", c.problem)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("stepviz solve -algo %s %s: %v", c.algo, c.problem, err)
		}
		var res solveResult
		if err := json.Unmarshal(out, &res); err != nil {
			t.Fatalf("output is not JSON: %v\n%s", err, out)
		}
		if !res.Solved || res.Cost != c.cost {
			t.Errorf("%s %s: %s at cost %v, want solved at %v", c.algo, c.problem, res.Status, res.Cost, c.cost)
		}
		ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		if !ok {
			t.Fatalf("no rusage for the process")
		}
		rss := ru.Maxrss << 10
		t.Logf("%s %s: %d goal tests, peak RSS %.1f MB", c.algo, c.problem, res.Steps, float64(rss)/(1<<20))
		if rss > maxLinearRSS {
			t.Errorf("%s %s: peak RSS %d MB, want under %d MB", c.algo, c.problem, rss>>20, maxLinearRSS>>20)
		}
	}
}
