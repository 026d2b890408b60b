package hcheck_test

import (
	"strings"
	"testing"

	"stepviz/stepper/hcheck"
)

// TestWriteTextVerdicts: each verdict's line agrees with its count and its
// reason, names the terms of an inequality, and says how to repair a no.
func TestWriteTextVerdicts(t *testing.T) {
	goal := hcheck.StateViolation{State: "123804765", H: 0.5, HStar: 0}
	cases := []struct {
		name    string
		check   hcheck.HeuristicCheck
		want    []string // lines or parts of lines in the report
		notWant []string
	}{
		{"h(goal) = 0.5", hcheck.HeuristicCheck{Heuristic: "half", States: 2, Complete: true, Goals: 1, ToGoal: 2,
			Overestimates: 1, Worst: []hcheck.StateViolation{goal}, GoalNotZero: []hcheck.StateViolation{goal}},
			[]string{"admissible  NO: 1 state where h > h*\n", "consistent  NO: h(goal) is not 0 (below); 0 edges where h(n) > c(n, n') + h(n')\n",
				"h(goal) must be 0, but is not at:\n  123804765  h = 0.5\n"},
			[]string{"1 states"}},
		{"one edge", hcheck.HeuristicCheck{Heuristic: "x", States: 2, Complete: true, Goals: 1, ToGoal: 2, Inconsistent: 1,
			WorstEdges: []hcheck.EdgeViolation{{From: "123084765", Action: "right", To: "123804765", Cost: 1, HFrom: 5, HTo: 0}}},
			[]string{"admissible  yes: 0 states where h > h*\n", "consistent  NO: 1 edge where h(n) > c(n, n') + h(n')\n",
				"  123084765 -right-> 123804765  h(n) = 5 > c(n, n') + h(n') = 1 + 0\n",
				"h may fall along an edge by at most the edge's cost"},
			[]string{"h must never exceed h*"}},
		{"overestimates", hcheck.HeuristicCheck{Heuristic: "x", States: 9, Complete: true, Goals: 1, ToGoal: 9, Overestimates: 4,
			Worst: []hcheck.StateViolation{{State: "123084765", H: 5, HStar: 1}}},
			[]string{"admissible  NO: 4 states where h > h*\n  123084765  h = 5 > h* = 1\n", "h must never exceed h*", "consistent  yes"},
			nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var b strings.Builder
			c.check.WriteText(&b)
			for _, w := range c.want {
				if !strings.Contains(b.String(), w) {
					t.Errorf("report lacks %q:\n%s", w, b.String())
				}
			}
			for _, w := range c.notWant {
				if strings.Contains(b.String(), w) {
					t.Errorf("report has %q:\n%s", w, b.String())
				}
			}
		})
	}
}
