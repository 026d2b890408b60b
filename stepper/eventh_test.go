package stepper_test

import (
	"reflect"
	"testing"

	"stepviz/internal/eventtest"
	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// TestSteppedEventsEqualReplayed checks that the events of a search
// stepped forward, whose children's h comes from the frontier's keys,
// equal the same steps' events replayed from the journal, which evaluate
// h again, on searches that re-parent and reopen nodes.
func TestSteppedEventsEqualReplayed(t *testing.T) {
	for _, tc := range []struct{ problem, search string }{
		{"graph romania", "ucs"},
		{"graph romania", "astar"},
		{hardEight, "astar h=manhattan"},
		{hardEight, "wastar h=manhattan w=3 closed=reopen"},
	} {
		t.Run(tc.problem+"/"+tc.search, func(t *testing.T) {
			inst, err := problems.Parse(tc.problem, stepper.LocalFiles)
			if err != nil {
				t.Fatal(err)
			}
			s := mustSearch(t, inst, tc.search)
			var evs []stepper.Event
			changed := 0
			for len(evs) < 3000 {
				ev, ok := s.Step()
				if !ok {
					break
				}
				for _, c := range ev.Children {
					if c.Fate == stepper.FateReparented || c.Fate == stepper.FateReopened {
						changed++
					}
				}
				evs = append(evs, ev)
			}
			if changed == 0 {
				t.Fatalf("no child was re-parented or reopened in %d steps: the test checks only new children", len(evs))
			}
			for i := len(evs) - 1; i >= 0; i -= 7 {
				got, err := s.EventAt(i + 1)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(eventtest.Resolved(got), eventtest.Resolved(evs[i])) {
					t.Fatalf("step %d replayed:\n%+v\nstepped:\n%+v", i+1, got, evs[i])
				}
			}
		})
	}
}
