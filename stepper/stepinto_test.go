package stepper_test

import (
	"encoding/json"
	"testing"
	"unsafe"

	"stepviz/stepper"
	"stepviz/stepper/graph"
	"stepviz/stepper/problems"
)

// stepIntoCase is a search stepped both ways: its problem line (or, when
// graphText is set, a graph in the text format), its options line, and
// the Options fields a line cannot set.
type stepIntoCase struct {
	problem, graphText, line string
	forget, linear           bool
}

// stepIntoCases cover every algorithm and every engine (best-first,
// depth-first family, bidirectional), journaled and forward only, with the
// fates that fill writes differently (dropped duplicates, re-parentings,
// reopenings, cutoffs) and steps with no children.
func stepIntoCases() []stepIntoCase {
	var cs []stepIntoCase
	for _, a := range stepper.Algorithms {
		line := string(a)
		if a == stepper.Beam {
			line += " width=2"
		}
		if a == stepper.DLS {
			line += " depth=3"
		}
		cs = append(cs,
			stepIntoCase{problem: "graph romania", line: line},
			stepIntoCase{problem: "graph romania", line: line, forget: true},
			stepIntoCase{problem: "puzzle 283164705 goal=123804765", line: line},
		)
	}
	return append(cs,
		stepIntoCase{problem: "puzzle 283164705 goal=123804765", line: "astar h=manhattan tie=high-g", forget: true},
		stepIntoCase{problem: "puzzle 806547231 goal=123456780", line: "beam width=3 h=misplaced duplicates=drop"},
		stepIntoCase{problem: "puzzle 867254301 goal=123456780", line: "beam width=5 local=true duplicates=drop"},
		stepIntoCase{problem: "grid S.#/..#/#.G moves=8", line: "astar"},
		stepIntoCase{graphText: inconsistentGraph, line: "astar h=table closed=reopen"},
		stepIntoCase{graphText: inconsistentGraph, line: "ucs"},
		stepIntoCase{problem: "puzzle 283164705 goal=123804765", line: "ids", linear: true},
		stepIntoCase{problem: "graph romania", line: "rbfs", forget: true},
	)
}

// newTwin starts the case's search; each call makes an independent one.
func (c stepIntoCase) newTwin(t *testing.T) *stepper.Search {
	t.Helper()
	var inst stepper.Instance
	var err error
	if c.graphText != "" {
		inst, err = graph.ParseText("", c.graphText, nil)
	} else {
		inst, err = problems.Parse(c.problem, stepper.LocalFiles)
	}
	if err != nil {
		t.Fatalf("%s: %v", c.problem, err)
	}
	o, err := stepper.ParseOptions(c.line)
	if err != nil {
		t.Fatalf("ParseOptions(%q): %v", c.line, err)
	}
	o.Forget, o.Linear = c.forget, c.linear
	s, err := stepper.NewSearch(inst, o)
	if err != nil {
		t.Fatalf("NewSearch(%q): %v", c.line, err)
	}
	return s
}

// maxStepsCompared bounds a case's steps (dfs on the puzzle runs long).
const maxStepsCompared = 600

// TestStepIntoEqualsStep: StepInto, one event reused for every step,
// writes the events Step returns on a twin search, field for field (each
// compared as JSON the moment it arrives, before the next step reuses its
// memory); a child copied out of an event says the same after later steps
// have reused the event, and so does every event's Clone; the search ends
// the same; and a call on the search done leaves the event as it was.
func TestStepIntoEqualsStep(t *testing.T) {
	for _, c := range stepIntoCases() {
		name := c.problem + c.graphText[:min(len(c.graphText), 12)] + "/" + c.line
		if c.forget {
			name += "/forget"
		}
		if c.linear {
			name += "/linear"
		}
		t.Run(name, func(t *testing.T) {
			stepped, into := c.newTwin(t), c.newTwin(t)
			var ev stepper.Event
			var kept, keptWant []stepper.Child
			var clones, wants []stepper.Event
			reused := 0
			for k := 1; k <= maxStepsCompared; k++ {
				want, ok := stepped.Step()
				before := ev.Children
				got := into.StepInto(&ev)
				if got != ok {
					t.Fatalf("step %d: StepInto %v, Step %v", k, got, ok)
				}
				if !ok {
					if k > 1 && (ev.Step != k-1 || len(ev.Children) != len(before)) {
						t.Errorf("StepInto on a search done wrote the event: step %d, %d children; want step %d's, %d", ev.Step, len(ev.Children), k-1, len(before))
					}
					break
				}
				if len(before) > 0 && len(ev.Children) > 0 && &before[:1][0] == &ev.Children[0] {
					reused++
				}
				checkSameEvent(t, k, &ev, &want)
				clones, wants = append(clones, ev.Clone()), append(wants, want)
				if len(ev.Children) > 0 {
					kept, keptWant = append(kept, ev.Children[0]), append(keptWant, want.Children[0])
				}
			}
			if into.Status() != stepped.Status() || into.StepCount() != stepped.StepCount() {
				t.Errorf("StepInto ended %s at step %d, Step %s at step %d", into.Status(), into.StepCount(), stepped.Status(), stepped.StepCount())
			}
			for i := range kept {
				if a, b := asJSON(t, kept[i]), asJSON(t, keptWant[i]); a != b {
					t.Fatalf("child %d copied out of an event, after the later steps:\n StepInto %s\n Step     %s", i, a, b)
				}
			}
			for i := range clones {
				checkSameEvent(t, i+1, &clones[i], &wants[i])
			}
			if stepped.StepCount() > 3 && reused == 0 {
				t.Errorf("none of %d steps wrote its children into the last event's memory", stepped.StepCount())
			}
		})
	}
}

// checkSameEvent fails unless got and want encode the same, and got's
// Children is [] where want's is (JSON writes nil as null).
func checkSameEvent(t *testing.T, k int, got, want *stepper.Event) {
	t.Helper()
	a, err := json.Marshal(got)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	if string(a) != string(b) {
		t.Fatalf("step %d:\n StepInto %s\n Step     %s", k, a, b)
	}
}

// TestStepIntoReusesChildren: a search stepped with StepInto allocates
// less than the same search stepped with Step by at least three quarters
// of the children and the Deepenings Step's events hold, in each engine
// (best-first, depth-first family, bidirectional): they go into the
// memory of the event passed in. runtime.MemStats counts the bytes of each whole
// run, search included, which is the same both ways.
func TestStepIntoReusesChildren(t *testing.T) {
	for _, c := range []stepIntoCase{
		{problem: "puzzle 806547231 goal=123456780", line: "astar h=manhattan"},
		{problem: "puzzle 806547231 goal=123456780", line: "astar h=manhattan", forget: true},
		{problem: "puzzle 806547231 goal=123456780", line: "idastar h=manhattan", forget: true},
		{problem: "puzzle 806547231 goal=123456780", line: "ids", forget: true, linear: true},
		{problem: "puzzle 806547231 goal=123456780", line: "rbfs h=manhattan"},
		{problem: "puzzle 806547231 goal=123456780", line: "bibfs"},
	} {
		name := c.line
		if c.forget {
			name += "/forget"
		}
		t.Run(name, func(t *testing.T) {
			const steps = 2000
			children, deepenings := 0, 0
			byStep := allocated(func() {
				s := c.newTwin(t)
				for k := 0; k < steps; k++ {
					ev, ok := s.Step()
					if !ok {
						break
					}
					children += len(ev.Children)
					if ev.Deepening != nil {
						deepenings++
					}
				}
			})
			byInto := allocated(func() {
				s := c.newTwin(t)
				var ev stepper.Event
				for k := 0; k < steps && s.StepInto(&ev); k++ {
				}
			})
			want := 0.75 * float64(children*int(unsafe.Sizeof(stepper.Child{}))+deepenings*int(unsafe.Sizeof(stepper.Deepening{})))
			t.Logf("%d children, %d deepenings: StepInto allocated %.0f bytes, Step %.0f", children, deepenings, byInto, byStep)
			if byStep-byInto < want {
				t.Errorf("StepInto allocated %.0f bytes, Step %.0f: %.0f fewer, want at least %.0f (3/4 of %d children's and %d Deepenings')", byInto, byStep, byStep-byInto, want, children, deepenings)
			}
		})
	}
}
