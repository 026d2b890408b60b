package hcheck_test

import (
	"strings"
	"testing"

	"stepviz/script"
	"stepviz/stepper/hcheck"
)

// treeScript is a binary tree of the states 0..limit-1 whose edges go both
// ways, each costing one; the goal is its root 0 and the start state 1, so
// h* is a state's depth. h_exact is the depth, h_over one too many at
// state 5, h_loops an endless loop at state 2.
const treeScript = `limit = int(param("limit", "30000"))
start = 1

def is_goal(s):
    return s == 0

def successors(s):
    out = [("down", c, 1) for c in [2 * s + 1, 2 * s + 2] if c < limit]
    if s > 0:
        out.append(("up", (s - 1) // 2, 1))
    return out

def depth(s):
    d = 0
    for i in range(64):
        if s == 0:
            break
        s = (s - 1) // 2
        d += 1
    return d

def h_exact(s):
    return depth(s)

def h_over(s):
    if s == 5:
        return depth(s) + 1
    return depth(s)

def h_loops(s):
    n = 0
    if s == 2:
        for i in range(1000000):
            for j in range(1000000):
                n += 1
    return depth(s)
`

// TestCheckHeuristicBudget: when a script's budget of steps runs out
// before every state is explored, the check answers over the states it
// reached (a suspect, not a proof), says why it stopped, and names no
// function of the student's as the culprit; a heuristic's own failure is
// still an error.
func TestCheckHeuristicBudget(t *testing.T) {
	cases := []struct {
		name, h    string
		steps      uint64
		admissible bool
		want       []string // in the text report
		wantErr    string   // in the error, "" for none
	}{
		{"exact within budget", "exact", 0, true, []string{"over all 30000 reachable states", "admissible  yes"}, ""},
		{"exact past the budget", "exact", 200_000, true, []string{"before the script's budget of Starlark steps ran out", "admissible  yes"}, ""},
		{"over past the budget", "over", 200_000, false, []string{"before the script's budget of Starlark steps ran out", "admissible  NO", "5  h = 3 > h* = 2"}, ""},
		{"a loop is the heuristic's error", "loops", 5_000_000, false, nil, "h_loops"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			inst, err := script.New("tree.star", treeScript, nil)
			if err != nil {
				t.Fatal(err)
			}
			if c.steps > 0 {
				inst.SetSearchSteps(c.steps)
			}
			rep, err := hcheck.CheckHeuristic(inst, c.h, 0)
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("error %v, want one naming %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("%v", err)
			}
			var b strings.Builder
			rep.WriteText(&b)
			for _, w := range c.want {
				if !strings.Contains(b.String(), w) {
					t.Errorf("report lacks %q:\n%s", w, b.String())
				}
			}
			if rep.Admissible() != c.admissible {
				t.Errorf("admissible %v, want %v", rep.Admissible(), c.admissible)
			}
			if c.steps > 0 && c.steps < 1_000_000 && (rep.Complete || rep.States == 0 || rep.States >= 30000) {
				t.Errorf("complete %v over %d states, want part of the space", rep.Complete, rep.States)
			}
		})
	}
}
