//go:build linux

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// maxLinearRSS bounds the peak resident memory of a stepviz process that
// solves with ids or rbfs, which hold a path and its pending siblings
// (stepper.Options.Linear): the Go runtime and the binary, far below it,
// and no search tree.
const maxLinearRSS = 100 << 20

// TestLinearSolveMemory builds stepviz and solves, as a user would, an
// 18-move 8-puzzle with ids and no cycle check (-parent keep: 229 million
// goal tests; the default checks the path and needs far fewer), a
// 28-move one with rbfs, and the 31-move 867254301 with dls to depth 15
// (every one of its 9,586,980 nodes goal-tested, then cutoff: a search
// that stored its tree would hold them all), and reads each process's
// peak resident memory from the kernel (peakRSS): each stays under
// maxLinearRSS and ends as the search must (the optimal solution, or
// cutoff after every node within the limit).
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
		flags         []string
		cost          float64
		status        string
		steps         int // 0: not checked
	}{
		{"puzzle 286703145", "ids", []string{"-parent", "keep"}, 18, "solved", 0},
		{"puzzle 862314057", "rbfs", nil, 28, "solved", 0},
		{"puzzle 867254301 goal=123456780", "dls", []string{"-depth", "15"}, 0, "cutoff", 9586980},
	} {
		cmd := exec.Command(exe, append([]string{"solve", "-json", "-algo", c.algo, "-problem", c.problem}, c.flags...)...)
		var stdout bytes.Buffer
		cmd.Stdout = &stdout
		rss, err := peakRSS(cmd)
		out := stdout.Bytes()
		var exit *exec.ExitError
		if c.status != "solved" && errors.As(err, &exit) && exit.ExitCode() == exitNo {
			err = nil // a negative answer: the search ran to its end
		}
		if err != nil {
			t.Fatalf("stepviz solve -algo %s %s: %v", c.algo, c.problem, err)
		}
		var res solveResult
		if err := json.Unmarshal(out, &res); err != nil {
			t.Fatalf("output is not JSON: %v\n%s", err, out)
		}
		if res.Status != c.status || res.Cost != c.cost || c.steps > 0 && res.Steps != c.steps {
			t.Errorf("%s %s: %s at cost %v after %d steps, want %s at %v (steps %d)", c.algo, c.problem, res.Status, res.Cost, res.Steps, c.status, c.cost, c.steps)
		}
		t.Logf("%s %s: %d goal tests, peak RSS %.1f MB", c.algo, c.problem, res.Steps, float64(rss)/(1<<20))
		if rss == 0 {
			t.Fatalf("%s %s: no reading of the process's memory", c.algo, c.problem)
		}
		if rss > maxLinearRSS {
			t.Errorf("%s %s: peak RSS %d MB, want under %d MB", c.algo, c.problem, rss>>20, maxLinearRSS>>20)
		}
	}
}

// peakRSS runs cmd and returns its peak resident memory in bytes: the
// high-water mark of its own memory (VmHWM in /proc/PID/status), read
// every few milliseconds until it exits; the mark only grows, so the last
// reading is the peak up to a few milliseconds before the end. The
// rusage of wait is no use here: a child that Go starts shares the test
// process's memory until it executes stepviz, and Linux counts that
// memory's high-water mark in the child's maxrss.
func peakRSS(cmd *exec.Cmd) (int64, error) {
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	status := fmt.Sprintf("/proc/%d/status", cmd.Process.Pid)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var peak int64
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		if kb := vmHWM(status); kb<<10 > peak {
			peak = kb << 10
		}
		select {
		case err := <-done:
			return peak, err
		case <-tick.C:
		}
	}
}

// vmHWM is the VmHWM line of a /proc status file in kilobytes, 0 if the
// process is gone.
func vmHWM(path string) int64 {
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb
		}
	}
	return 0
}
