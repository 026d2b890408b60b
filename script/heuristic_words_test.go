package script

import (
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// TestHeuristicWordsNameTheGlobals: the words a page shows beside a
// heuristic's editor name the globals the script is given, in order, for
// each kind, and the kind's example loads and runs on its start.
func TestHeuristicWordsNameTheGlobals(t *testing.T) {
	lines := map[string]string{"puzzle": "puzzle 283164705 goal=123804765", "grid": "grid S..../.##../....G moves=8", "graph": "graph romania"}
	for _, w := range HeuristicKinds() {
		inst, err := problems.Parse(lines[w.Kind], nil)
		if err != nil {
			t.Fatalf("%s: %v", w.Kind, err)
		}
		v, err := viewOf(inst)
		if err != nil {
			t.Fatal(err)
		}
		var got, want []string
		for _, g := range v.globals {
			got = append(got, g.Name)
		}
		for _, g := range w.Globals {
			want = append(want, g.Name)
		}
		if len(got) != len(want) {
			t.Errorf("%s: the script is given %v, the words name %v", w.Kind, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s: the script is given %v, the words name %v", w.Kind, got, want)
				break
			}
		}
		added, err := WithHeuristics(inst, stepper.ExtraSource{Where: "example.star", Text: w.Example + "\n"})
		if err != nil {
			t.Errorf("%s: the example does not load: %v", w.Kind, err)
			continue
		}
		s, err := stepper.NewSearch(added, stepper.Options{Algorithm: stepper.AStar, Heuristic: stepper.ExtraOf(added).List()[0]})
		if err != nil {
			t.Fatal(err)
		}
		s.Step()
		if err := s.Err(); err != nil {
			t.Errorf("%s: the example fails on the start: %v", w.Kind, err)
		}
	}
}
