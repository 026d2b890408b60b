package main

import (
	"encoding/json"
	"testing"
)

// TestSolveAndTraceAgree: for every algorithm on a puzzle, Romania and a
// grid, `solve -json` and the JSON trace report the same counters (solve
// runs forward only, on fast paths where it can; the trace steps).
func TestSolveAndTraceAgree(t *testing.T) {
	problems := []string{"puzzle 283164705 goal=123804765", "graph romania", "grid S..#./.#..#/...#G/..... moves=8"}
	algos := []string{"bfs", "dfs", "dls", "ucs", "greedy", "astar", "wastar", "beam", "ids", "idastar", "rbfs", "bibfs", "biucs", "biastar"}
	for _, p := range problems {
		for _, a := range algos {
			code, out, errOut := runCmd(t, "solve", "-json", "-problem", p, "-algo", a)
			if code > 1 {
				t.Fatalf("solve %s %s: exit %d: %s", a, p, code, errOut)
			}
			var s map[string]any
			if err := json.Unmarshal([]byte(out), &s); err != nil {
				t.Fatalf("solve %s %s: %v", a, p, err)
			}
			code, out, errOut = runCmd(t, "trace", "-format", "json", "-problem", p, "-algo", a)
			if code > 1 {
				t.Fatalf("trace %s %s: exit %d: %s", a, p, code, errOut)
			}
			var tr struct {
				Result struct {
					Counters map[string]any `json:"counters"`
				} `json:"result"`
			}
			if err := json.Unmarshal([]byte(out), &tr); err != nil {
				t.Fatalf("trace %s %s: %v", a, p, err)
			}
			for _, k := range []string{"steps", "expanded", "generated", "duplicates", "reparented", "maxOpen", "nodes"} {
				if s[k] != tr.Result.Counters[k] {
					t.Errorf("%s on %s: solve says %s %v, the trace %v", a, p, k, s[k], tr.Result.Counters[k])
				}
			}
		}
	}
}
