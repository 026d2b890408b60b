package script_test

import (
	"strings"
	"testing"

	"stepviz/script"
	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// TestHeuristicUndefinedGlobalHint: a heuristics file that names a global
// its problem does not give is told which globals the problem gives, not
// the problem script's advice to write name=value after the file.
func TestHeuristicUndefinedGlobalHint(t *testing.T) {
	for _, c := range []struct {
		problem string
		want    string
	}{
		{"puzzle 283164705 goal=123804765", "the globals its problem gives: goal, size)"},
		{"graph romania", "the globals its problem gives: goal, coords)"},
	} {
		inst, err := problems.Parse(c.problem, stepper.LocalFiles)
		if err != nil {
			t.Fatal(err)
		}
		_, err = script.WithHeuristics(inst, stepper.ExtraSource{Where: "mine.star", Text: "def h_far(s):\n    return width\n"})
		if err == nil {
			t.Fatalf("%s: a heuristic naming an undefined global loaded", c.problem)
		}
		msg := err.Error()
		if !strings.Contains(msg, "undefined: width") || !strings.Contains(msg, c.want) || strings.Contains(msg, "name=value after the file") {
			t.Errorf("%s: %q, want undefined: width and %q, and no problem-line hint", c.problem, msg, c.want)
		}
	}
}
